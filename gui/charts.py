"""The charts every game's screens draw: a framed chart with its grid, bars against an expected count, points over
the game, stacked bars per player (end screens, the live statistics panel, the lab's reports)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from gui.art.palette import RESOURCE_FRAME, RESOURCES
from gui.dialogs import GOLD, GOLD_DARK, TEXT, TEXT_DIM, blit_text, ellipsize, fit_text, player_swatch, px
from gui.widgets import draw_panel

if TYPE_CHECKING:
    from game.catan.stats import GameStats

GRID = (58, 66, 82)
AXIS = (120, 128, 142)
EXPECTED = (236, 226, 200)
SEVEN = (206, 74, 62)
WINNER_ROW = (74, 62, 36)
# Lines of light seat colours need a darker partner to read on slate; the palette's white is fine as is.
LINE_WIDTH = 3


def nice_step(maximum: float, ticks: int = 5) -> int:
    """A round step (1, 2, 5, 10, 20, ...) for about `ticks` gridlines up to maximum."""
    raw = max(1.0, maximum / max(1, ticks))
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return int(factor * magnitude)
    return int(10 * magnitude)


def _plot_area(rect: pygame.Rect, scale: float) -> pygame.Rect:
    """The inner area of a chart (room for axis labels on the left and bottom)."""
    return pygame.Rect(rect.x + px(40, scale), rect.y + px(44, scale), rect.width - px(54, scale),
                       rect.height - px(44, scale) - px(44, scale))


def _y_grid(surface: pygame.Surface, area: pygame.Rect, top: float, scale: float) -> float:
    """Horizontal gridlines with labels; return the value at the top of the area."""
    step = nice_step(top)
    top = max(step, math.ceil(top / step) * step)
    size = px(13, scale)
    value = 0
    while value <= top:
        y = area.bottom - int(area.height * value / top)
        pygame.draw.line(surface, GRID if value else AXIS, (area.x, y), (area.right, y))
        blit_text(surface, str(value), size, TEXT_DIM, (area.x - px(6, scale), y), "midright")
        value += step
    return top


def draw_chart_frame(surface: pygame.Surface, rect: pygame.Rect, title: str, scale: float, reserve: int = 0) -> None:
    """A chart's panel and title (the title keeps `reserve` pixels free at the right, e.g. for a close button)."""
    draw_panel(surface, rect, (28, 33, 43), 240, 12)
    pygame.draw.rect(surface, GOLD_DARK, rect, 1, border_radius=12)
    size = fit_text(title, px(18, scale), rect.width - px(24, scale) - reserve, True)
    blit_text(surface, title, size, GOLD, (rect.x + px(14, scale), rect.y + px(12, scale)), bold=True)


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar of a bar chart: its label under the axis, how often it happened, how often it was expected."""

    label: str
    count: int
    expected: float
    color: tuple[int, int, int] = GOLD


def draw_dice_chart(surface: pygame.Surface, rect: pygame.Rect, stats: GameStats, labels: dict[str, str],
                    scale: float, reserve: int = 0) -> None:
    """Bars of how often each total 2..12 was rolled, with the expected counts as markers (the title keeps
    `reserve` pixels free at the right)."""
    expected = stats.expected_dice_counts()
    bars = [Bar(str(total), stats.dice_counts[total], expected[total], SEVEN if total == 7 else GOLD)
            for total in range(2, 13)]
    draw_bar_chart(surface, rect, bars, labels, scale, reserve=reserve)


def draw_bar_chart(surface: pygame.Surface, rect: pygame.Rect, bars: Sequence[Bar | None], labels: dict[str, str],
                   scale: float, draw_label: Callable[[pygame.Surface, pygame.Rect, int], None] | None = None,
                   reserve: int = 0) -> None:
    """Bars of counts with the expected counts as a line of markers, in a chart frame with a legend (labels: title,
    rolled, expected). A None in bars is an empty slot that parts two groups of bars (the line breaks there).
    draw_label(surface, box, i) may draw the label of bars[i] (e.g. a die face) instead of its text; the title keeps
    `reserve` pixels free at the right."""
    draw_chart_frame(surface, rect, labels["title"], scale, reserve)
    area = _plot_area(rect, scale)
    shown = [b for b in bars if b is not None]
    top = _y_grid(surface, area, max([b.count for b in shown] + [b.expected for b in shown] + [1]) * 1.1, scale)
    slot = area.width / max(1, len(bars))
    bar_w = max(3, int(slot * 0.62))
    size = px(13, scale)
    groups: list[list[tuple[int, int]]] = [[]]
    for i, bar in enumerate(bars):
        if bar is None:
            groups.append([])
            continue
        cx = area.x + int(slot * (i + 0.5))
        bar_h = int(area.height * bar.count / top)
        if bar_h:
            pygame.draw.rect(surface, bar.color, (cx - bar_w // 2, area.bottom - bar_h, bar_w, bar_h),
                             border_top_left_radius=3, border_top_right_radius=3)
        groups[-1].append((cx, area.bottom - int(area.height * bar.expected / top)))
        if draw_label is not None:
            side = min(int(slot * 0.8), px(22, scale))
            draw_label(surface, pygame.Rect(cx - side // 2, area.bottom + px(4, scale), side, side), i)
        else:
            blit_text(surface, bar.label, size, TEXT, (cx, area.bottom + px(5, scale)), "midtop")
    for marks in groups:
        if len(marks) > 1:
            pygame.draw.lines(surface, EXPECTED, False, marks, max(1, px(2, scale)))
        for point in marks:
            pygame.draw.circle(surface, EXPECTED, point, px(4, scale))
            pygame.draw.circle(surface, (30, 30, 30), point, px(4, scale), 1)
    legend_y = rect.bottom - px(14, scale)
    x = area.x
    pygame.draw.rect(surface, GOLD, (x, legend_y - px(6, scale), px(12, scale), px(12, scale)))
    x += px(18, scale)
    x = blit_text(surface, labels["rolled"], size, TEXT_DIM, (x, legend_y), "midleft").right + px(18, scale)
    pygame.draw.line(surface, EXPECTED, (x, legend_y), (x + px(20, scale), legend_y), 2)
    pygame.draw.circle(surface, EXPECTED, (x + px(10, scale), legend_y), px(4, scale))
    blit_text(surface, labels["expected"], size, TEXT_DIM, (x + px(26, scale), legend_y), "midleft")


def draw_vp_chart(surface: pygame.Surface, rect: pygame.Rect, stats: GameStats, colors: list[str], target: int,
                  labels: dict[str, str], scale: float) -> None:
    """Each player's public victory points after every turn, as lines in their colours."""
    draw_chart_frame(surface, rect, labels["title"], scale)
    area = _plot_area(rect, scale)
    peak = max([target] + [max(series) for series in stats.vp_series])
    top = _y_grid(surface, area, peak, scale)
    turns = stats.turns
    first, last = turns[0], max(turns[-1], turns[0] + 1)
    span = last - first
    ty = area.bottom - int(area.height * target / top)
    for x in range(area.x, area.right, px(12, scale)):
        pygame.draw.line(surface, GOLD_DARK, (x, ty), (min(area.right, x + px(6, scale)), ty), 2)
    size = px(13, scale)
    step = nice_step(span, 6)
    tick = math.ceil(first / step) * step
    while tick <= last:
        x = area.x + int(area.width * (tick - first) / span)
        pygame.draw.line(surface, AXIS, (x, area.bottom), (x, area.bottom + px(4, scale)))
        blit_text(surface, str(tick), size, TEXT_DIM, (x, area.bottom + px(5, scale)), "midtop")
        tick += step
    for p, series in enumerate(stats.vp_series):
        points = []
        for turn, vp in zip(turns, series):
            points.append((area.x + int(area.width * (turn - first) / span),
                           area.bottom - int(area.height * vp / top) - (p - len(stats.vp_series) // 2)))
        color = player_swatch(colors[p]) if p < len(colors) else TEXT
        if len(points) > 1:
            pygame.draw.lines(surface, (12, 14, 18), False, [(x + 1, y + 1) for x, y in points], LINE_WIDTH + 1)
            pygame.draw.lines(surface, color, False, points, LINE_WIDTH)
        pygame.draw.circle(surface, color, points[-1], px(5, scale))
    blit_text(surface, labels["axis"], size, TEXT_DIM, (rect.right - px(12, scale), rect.bottom - px(14, scale)),
              "midright")


def stacked_rows(rect: pygame.Rect, n: int, name_w: int, scale: float) -> tuple[pygame.Rect, list[int]]:
    """The bars' area of draw_stacked_bars in rect and the centre line of each of its n rows (so other columns can
    line up with the bars)."""
    area = pygame.Rect(rect.x + px(14, scale) + name_w, rect.y + px(48, scale),
                       rect.width - px(28, scale) - name_w - px(40, scale), rect.height - px(48, scale) - px(44, scale))
    row_h = area.height / max(1, n)
    return area, [area.y + int(row_h * (p + 0.5)) for p in range(n)]


def draw_stacked_bars(surface: pygame.Surface, rect: pygame.Rect, rows: list[list[int]], names: list[str],
                      colors: list[str], parts: list[tuple[tuple[int, int, int], str]], scale: float,
                      name_w: int, mark_part: Callable[[int, int, int, int, int, int], None] | None = None,
                      gridlines: bool = False) -> None:
    """Horizontal stacked bars inside a chart frame: one bar per player (its colour dot and name before it, its
    total after it), one part per entry of `parts` (colour, legend label), the legend along the bottom.
    mark_part(x, width, centre_y, bar_height, part, value) may draw on a part wide enough to hold a mark."""
    n = len(rows)
    size = px(14, scale)
    area, centres = stacked_rows(rect, n, name_w, scale)
    totals = [sum(row) for row in rows]
    top = max(totals + [1])
    if gridlines:
        step = nice_step(top, 5)
        for value in range(step, top + 1, step):  # light gridlines at round counts
            x = area.x + int(area.width * value / top)
            pygame.draw.line(surface, (58, 66, 82), (x, area.y), (x, area.bottom))
    bar_h = max(6, int(area.height / max(1, n) * 0.6))
    for p, row in enumerate(rows):
        cy = centres[p]
        color = player_swatch(colors[p]) if p < len(colors) else TEXT
        pygame.draw.circle(surface, color, (rect.x + px(20, scale), cy), px(6, scale))
        blit_text(surface, ellipsize(names[p], size, name_w - px(18, scale)), size, TEXT,
                  (rect.x + px(32, scale), cy), "midleft")
        x = area.x
        for part, value in enumerate(row):
            w = int(area.width * value / top)
            if w > 0:
                pygame.draw.rect(surface, parts[part][0], (x, cy - bar_h // 2, w, bar_h))
                pygame.draw.line(surface, (20, 22, 28), (x + w - 1, cy - bar_h // 2), (x + w - 1, cy + bar_h // 2 - 1))
                if mark_part is not None:
                    mark_part(x, w, cy, bar_h, part, value)
                x += w
        blit_text(surface, str(totals[p]), size, TEXT, (x + px(6, scale), cy), "midleft", bold=True)
    legend_y = rect.bottom - px(20, scale)
    slot = (rect.width - px(28, scale)) // max(1, len(parts))
    for part, (part_color, label) in enumerate(parts):
        lx = rect.x + px(14, scale) + slot * part
        pygame.draw.rect(surface, part_color, (lx, legend_y - px(7, scale), px(14, scale), px(14, scale)),
                         border_radius=3)
        blit_text(surface, ellipsize(label, px(13, scale), slot - px(22, scale)), px(13, scale), TEXT_DIM,
                  (lx + px(19, scale), legend_y), "midleft")


def draw_resource_chart(surface: pygame.Surface, rect: pygame.Rect, stats: GameStats, names: list[str],
                        colors: list[str], icons: dict[str, pygame.Surface], labels: dict[str, str],
                        scale: float) -> None:
    """Horizontal stacked bars: each player's resource cards from production, by resource."""
    draw_chart_frame(surface, rect, labels["title"], scale)

    def icon_on(x: int, w: int, cy: int, bar_h: int, r: int, amount: int) -> None:
        icon = icons.get(RESOURCES[r])
        if icon is not None and w >= icon.get_width() + 6 and bar_h >= icon.get_height():
            pygame.draw.circle(surface, (236, 228, 206), (x + w // 2, cy), icon.get_width() // 2 + 2)
            surface.blit(icon, icon.get_rect(center=(x + w // 2, cy)))

    parts = [(RESOURCE_FRAME[res], labels[res]) for res in RESOURCES]
    draw_stacked_bars(surface, rect, [list(row) for row in stats.production], names, colors, parts, scale,
                      px(96, scale), icon_on)
