"""Principality geometry: cells of the grid, regions and their neighbouring building sites, growth."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from game.rivals.catalogue import card_of
from game.rivals.constants import CENTER_ROW, WIDTH


def cell(row: int, x: int) -> int:
    """The cell index of a row and column."""
    return row * WIDTH + x


def row_of(c: int) -> int:
    """The row of a cell."""
    return c // WIDTH


def x_of(c: int) -> int:
    """The column of a cell."""
    return c % WIDTH


def is_region_cell(c: int) -> bool:
    """Whether the cell is a region position (rows 1 and 3, even columns)."""
    r = c // WIDTH
    return (r == 1 or r == 3) and (c % WIDTH) % 2 == 0


@cache  # geometry is fixed: one table entry per cell
def site_cells(x: int, city: bool) -> tuple[int, ...]:
    """The building sites of the settlement (or city) at column x."""
    inner = (cell(1, x), cell(3, x))
    return inner + (cell(0, x), cell(4, x)) if city else inner


@cache  # geometry is fixed: one table entry per cell
def site_regions(c: int) -> tuple[int, int]:
    """The left and right regions a building site touches (outer city sites touch the same ones)."""
    r, x = divmod(c, WIDTH)
    row = 1 if r <= 1 else 3
    return cell(row, x - 1), cell(row, x + 1)


@cache  # geometry is fixed: one table entry per cell
def region_sites(c: int) -> tuple[int, ...]:
    """The building sites next to a region (left and right, inner and outer)."""
    r, x = divmod(c, WIDTH)
    outer = 0 if r == 1 else 4
    out = []
    for sx in (x - 1, x + 1):
        if 0 <= sx < WIDTH:
            out.append(cell(r, sx))
            out.append(cell(outer, sx))
    return tuple(out)


def expansion_cell(region: int) -> int:
    """The region-expansion site above a top region or below a bottom one."""
    r, x = divmod(region, WIDTH)
    return cell(0 if r == 1 else 4, x)


def settlement_columns(grid: list[int]) -> Iterator[int]:
    """Columns holding a settlement or city, left to right."""
    base = CENTER_ROW * WIDTH
    for x in range(1, WIDTH, 2):
        if grid[base + x] >= 0:
            yield x


def is_city(grid: list[int], x: int) -> bool:
    """Whether the centre card at column x is a city."""
    c = grid[CENTER_ROW * WIDTH + x]
    return c >= 0 and card_of()[c].type == "city"


def settlement_of_site(c: int) -> int:
    """The centre column a building site belongs to."""
    return c % WIDTH


def region_cells(grid: list[int]) -> list[int]:
    """Every occupied region cell."""
    out = []
    for row in (1, 3):
        base = row * WIDTH
        for x in range(0, WIDTH, 2):
            if grid[base + x] >= 0:
                out.append(base + x)
    return out


def open_road_columns(grid: list[int]) -> list[int]:
    """Empty centre columns where a road may go: next to the leftmost or rightmost settlement."""
    cols = list(settlement_columns(grid))
    if not cols:
        return []
    out = []
    base = CENTER_ROW * WIDTH
    left, right = cols[0] - 1, cols[-1] + 1
    # A road needs room beyond it for a settlement and its regions.
    if left >= 2 and grid[base + left] < 0:
        out.append(left)
    if right <= WIDTH - 3 and grid[base + right] < 0:
        out.append(right)
    return out


def open_settlement_columns(grid: list[int]) -> list[int]:
    """Empty centre columns at the free end of a road."""
    base = CENTER_ROW * WIDTH
    out = []
    for x in range(0, WIDTH, 2):
        c = grid[base + x]
        if c < 0 or card_of()[c].type != "road":
            continue
        for nx in (x - 1, x + 1):
            if 0 < nx < WIDTH - 1 and grid[base + nx] < 0:
                out.append(nx)
    return out


def outer_region_column(grid: list[int], x: int) -> int:
    """The region column a new settlement at x opens (the side without a road)."""
    base = CENTER_ROW * WIDTH
    left_road = x - 1 >= 0 and grid[base + x - 1] >= 0
    return x + 1 if left_road else x - 1
