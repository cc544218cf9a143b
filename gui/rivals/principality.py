"""One principality on screen: which grid cells are shown and how much room they need, where each card lies (the
layout turned for a far seat), in which order overlapping cards are drawn, hit tests and drawing of its cards and
empty building sites."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

import pygame

from game.rivals.catalogue import card_of
from game.rivals.constants import CENTER_ROW, ROWS, WIDTH
from gui.rivals.faces import CardFaces, is_region

GAP = 0.07          # gap between cells, in card widths
THIN_ROW = 0.3      # height of an empty outer row, in card widths
OVERLAP = 0.42      # an outer row of cards and the inner row beside it overlap by this share of a card's height
SITE_TUCK = 0.7     # an outer row of empty sites only peeks out from under the inner row by the rest
OUTER_ROWS = (0, ROWS - 1)
SITE_EDGE = (128, 116, 84)


@dataclass(frozen=True)
class RowPlan:
    """Which grid columns and rows a principality shows and how much room they need, in card widths."""

    columns: tuple[int, ...]
    full_rows: frozenset[int]
    tucks: Mapping[int, float]     # outer full row -> the share of its height under the inner row
    width_units: float
    height_units: float

    @staticmethod
    def of(cells: Iterable[int], shallow: Collection[int] = ()) -> RowPlan:
        """The plan for `cells`; an outer row holding only cells of `shallow` (empty sites) tucks deeper."""
        cells = list(cells)
        xs = [c % WIDTH for c in cells] or [WIDTH // 2]
        lo, hi = max(0, min(xs)), min(WIDTH - 1, max(xs))
        columns = tuple(range(lo, hi + 1))
        full = frozenset({CENTER_ROW - 1, CENTER_ROW, CENTER_ROW + 1} | {c // WIDTH for c in cells})
        tucks = MappingProxyType({r: (OVERLAP if any(c // WIDTH == r and c not in shallow for c in cells)
                                      else SITE_TUCK) for r in OUTER_ROWS if r in full})
        n_odd = sum(1 for x in columns if x % 2)
        width_units = n_odd + 1.5 * (len(columns) - n_odd) + GAP * (len(columns) - 1)
        height_units = sum(1.5 if r in full else THIN_ROW for r in range(ROWS)) + GAP * (ROWS - 1) \
            - sum(1.5 * tuck for tuck in tucks.values())
        return RowPlan(columns, full, tucks, width_units, height_units)

    def card_width(self, size: tuple[int, int], max_card_w: int) -> int:
        """The even card width at which the plan fits size (width, height), at most max_card_w."""
        return max(8, int(min(size[0] / self.width_units, size[1] / self.height_units, max_card_w)) // 2 * 2)


@dataclass
class PrincipalityGeometry:
    """Screen rectangles of a principality's cells for a window area; a far seat's layout is turned by 180
    degrees (its cards stay upright, but for regions, which turn their stock towards the owner)."""

    area: pygame.Rect
    flipped: bool
    columns: list[int] = field(default_factory=list)       # grid columns in screen order (left to right)
    rows: list[int] = field(default_factory=list)          # grid rows in screen order (top to bottom)
    full_rows: frozenset[int] = frozenset()
    card_w: int = 0
    card_h: int = 0
    col_x: dict[int, tuple[int, int]] = field(default_factory=dict)   # grid column -> (x, width)
    row_y: dict[int, tuple[int, int]] = field(default_factory=dict)   # grid row -> (y, height)
    bounds: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    @staticmethod
    def build(area: pygame.Rect, cells: Iterable[int], flipped: bool, max_card_w: int,
              shallow: Collection[int] = ()) -> PrincipalityGeometry:
        """Fit the columns and rows holding `cells` (cards, sites, reserved room) into area; outer rows of only
        `shallow` cells (empty sites) peek out from under their inner row."""
        geo = PrincipalityGeometry(pygame.Rect(area), flipped)
        plan = RowPlan.of(cells, shallow)
        columns = list(plan.columns)
        full = plan.full_rows
        geo.full_rows = full
        w = plan.card_width(area.size, max_card_w)
        h = w * 3 // 2
        gap = max(2, round(w * GAP))
        geo.card_w, geo.card_h = w, h
        geo.columns = columns[::-1] if flipped else columns
        geo.rows = list(range(ROWS))[::-1] if flipped else list(range(ROWS))
        widths = {x: (w if x % 2 else h) for x in columns}
        heights_px = {r: (h if r in full else round(w * THIN_ROW)) for r in range(ROWS)}
        total_w = sum(widths.values()) + gap * (len(columns) - 1)
        tuck = {r: round(h * share) for r, share in plan.tucks.items()}
        total_h = sum(heights_px.values()) + gap * (ROWS - 1) - sum(tuck.values())
        x = area.centerx - total_w // 2
        for col in geo.columns:
            geo.col_x[col] = (x, widths[col])
            x += widths[col] + gap
        y = area.centery - total_h // 2
        for i, row in enumerate(geo.rows):
            tucked = tuck.get(row, 0)
            if tucked and i > 0:
                y -= tucked
            geo.row_y[row] = (y, heights_px[row])
            y += heights_px[row] + gap - (tucked if i == 0 else 0)
        geo.bounds = pygame.Rect(area.centerx - total_w // 2, area.centery - total_h // 2, total_w, total_h)
        return geo

    def shown(self, c: int) -> bool:
        """Whether the cell is inside the shown columns and a full row."""
        return c % WIDTH in self.col_x and c // WIDTH in self.full_rows

    def cell_rect(self, c: int) -> pygame.Rect:
        """The whole box of a cell."""
        x, w = self.col_x[c % WIDTH]
        y, h = self.row_y[c // WIDTH]
        return pygame.Rect(x, y, w, h)

    def card_rect(self, c: int, card: int = -1) -> pygame.Rect:
        """Where a card (or an empty site) of this cell is drawn: regions square, roads lying, the rest upright."""
        box = self.cell_rect(c)
        row, x = divmod(c, WIDTH)
        w, h = self.card_w, self.card_h
        if row == CENTER_ROW and x % 2 == 0:
            r = pygame.Rect(0, 0, h, w)          # a road lies across its column
        elif x % 2 == 0 and (card < 0 and row in (CENTER_ROW - 1, CENTER_ROW + 1) or card >= 0 and is_region(card)):
            r = pygame.Rect(0, 0, h, h)          # a region is square
        else:
            r = pygame.Rect(0, 0, w, h)
        r.center = box.center
        return r

    def visible_site(self, c: int) -> pygame.Rect:
        """An empty site's rect without the part an inner row covers (outer sites tuck under it)."""
        rect = self.card_rect(c)
        row = c // WIDTH
        if row not in OUTER_ROWS:
            return rect
        iy, ih = self.row_y[1 if row == 0 else ROWS - 2]
        if rect.bottom > iy and rect.y < iy:
            rect.h = iy - rect.y
        elif rect.y < iy + ih and rect.bottom > iy + ih:
            rect.h = rect.bottom - (iy + ih)
            rect.y = iy + ih
        return rect

    def quarter(self, c: int, card: int, stock: int) -> int:
        """Quarter turns of the card: regions by their stock (the edge with the stock towards the owner, so two
        more for the far seat), roads lying across; every other card stays upright for both seats, to be read."""
        row, x = divmod(c, WIDTH)
        if is_region(card):
            return (stock + (2 if self.flipped else 0)) % 4
        return 1 if row == CENTER_ROW and x % 2 == 0 else 0

    def draw_order(self, cells: Iterable[int]) -> list[int]:
        """The order to draw cells in where rows overlap: buildings from the screen's top row down (a card's name
        is at its top), region columns so that each card's edge towards the owner, where its stock shows, is the
        one in sight (upwards on one's own side, where that edge is at the foot)."""
        def key(c: int) -> int:
            i = self.rows.index(c // WIDTH)
            return -i if c % WIDTH % 2 == 0 and not self.flipped else i
        return sorted(cells, key=key)

    def cell_at(self, pos: tuple[int, int], cells: Iterable[int], grid: Sequence[int]) -> int | None:
        """The one of `cells` whose card rect holds pos (the topmost where tucked cards overlap)."""
        for c in reversed(self.draw_order(cells)):
            if self.shown(c) and self.target_rect(c, grid[c]).collidepoint(pos):
                return c
        return None

    def target_rect(self, c: int, card: int) -> pygame.Rect:
        """The part of a cell one sees and clicks: a card's rect, or an empty site without what covers it."""
        return self.card_rect(c, card) if card >= 0 else self.visible_site(c)


def dashed_rect(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int], width: int = 1,
                dash: int = 6) -> None:
    """A dashed rectangle outline (an empty building site)."""
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    for x in range(x0, x1, dash * 2):
        pygame.draw.line(surface, color, (x, y0), (min(x + dash, x1), y0), width)
        pygame.draw.line(surface, color, (x, y1), (min(x + dash, x1), y1), width)
    for y in range(y0, y1, dash * 2):
        pygame.draw.line(surface, color, (x0, y), (x0, min(y + dash, y1)), width)
        pygame.draw.line(surface, color, (x1, y), (x1, min(y + dash, y1)), width)


def draw_principality(surface: pygame.Surface, faces: CardFaces, geo: PrincipalityGeometry, grid: Sequence[int],
                      store: Sequence[int], sites: Collection[int], skip: Collection[int] = ()) -> None:
    """The cards of a principality (regions turned by their stock) and its empty sites as dashed outlines;
    cells in skip are left out (they are being animated)."""
    shadow_off = max(1, geo.card_w // 24)
    for c in sites:
        if geo.shown(c) and grid[c] < 0:
            dashed_rect(surface, geo.visible_site(c), SITE_EDGE, 1, max(3, geo.card_w // 8))
    for c in geo.draw_order(range(len(grid))):
        card = grid[c]
        if card < 0 or c in skip or not geo.shown(c):
            continue
        rect = geo.card_rect(c, card)
        pygame.draw.rect(surface, (8, 12, 10), rect.move(shadow_off, shadow_off), border_radius=max(2, geo.card_w // 12))
        img = faces.face(card, _upright_size(geo, c, card), geo.quarter(c, card, store[c]))
        surface.blit(img, img.get_rect(center=rect.center))
        if store[c] and not is_region(card):
            draw_stock(surface, rect, store[c], geo.card_w)


def _upright_size(geo: PrincipalityGeometry, c: int, card: int) -> tuple[int, int]:
    """The card's size before it is turned."""
    if is_region(card):
        return geo.card_h, geo.card_h
    return geo.card_w, geo.card_h


def draw_stock(surface: pygame.Surface, rect: pygame.Rect, amount: int, card_w: int) -> None:
    """Gold pieces on a storing card that is not a region (a Gold Cache): one coin per stored unit."""
    r = max(3, card_w // 9)
    y = rect.bottom - r - max(2, card_w // 14)
    x0 = rect.centerx - (amount - 1) * (2 * r + 2) // 2
    for i in range(amount):
        centre = (x0 + i * (2 * r + 2), y)
        pygame.draw.circle(surface, (120, 84, 20), centre, r + 1)
        pygame.draw.circle(surface, (236, 196, 70), centre, r)
        pygame.draw.circle(surface, (255, 236, 150), (centre[0] - r // 3, centre[1] - r // 3), max(1, r // 3))


def settlement_cells(grid: Sequence[int]) -> list[int]:
    """Centre-row cells holding a settlement or a city, left to right in grid order."""
    base = CENTER_ROW * WIDTH
    cards = card_of()
    return [base + x for x in range(1, WIDTH, 2) if grid[base + x] >= 0
            and cards[grid[base + x]].type in ("settlement", "city")]
