"""The review's chart: every seat's win chance after each action, with turn ticks and numbered key moments, and the
hit test that maps a click to the action index under it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from gui.charts import AXIS, GRID, LINE_WIDTH, draw_chart_frame, nice_step
from gui.dialogs import GOLD, TEXT, TEXT_DIM, blit_text, player_swatch, px

HOVER_LINE = (200, 204, 214)
MOMENT = (236, 226, 200)


@dataclass(frozen=True)
class ChartGeometry:
    """Where the chart's plot lies and how many points it holds (point k: after k actions)."""

    area: pygame.Rect
    points: int

    def x_of(self, k: int) -> int:
        """The x of point k."""
        span = max(1, self.points - 1)
        return self.area.x + round(self.area.w * k / span)

    def y_of(self, chance: float) -> int:
        """The y of a win chance (0..1)."""
        return self.area.bottom - round(self.area.h * max(0.0, min(1.0, chance)))

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The point under pos (the nearest by x inside the plot, a little margin allowed), or None."""
        if self.points <= 0 or not self.area.inflate(16, 16).collidepoint(pos):
            return None
        span = max(1, self.points - 1)
        share = (pos[0] - self.area.x) / max(1, self.area.w)
        return max(0, min(self.points - 1, round(share * span)))


def plot_area(rect: pygame.Rect, scale: float) -> pygame.Rect:
    """The plot inside the chart's frame (room for the title, the percent axis and the turn axis)."""
    return pygame.Rect(rect.x + px(52, scale), rect.y + px(66, scale), rect.w - px(68, scale),
                       rect.h - px(66, scale) - px(40, scale))


def draw_win_chart(surface: pygame.Surface, rect: pygame.Rect, series: Sequence[Sequence[float]],
                   colors: Sequence[str], turns: Sequence[int], moments: Sequence[int], title: str,
                   axis_label: str, scale: float, hover: int | None = None) -> ChartGeometry:
    """Draw the chart: `series[k]` is every seat's chance after k actions, `turns[k]` the turn number there,
    `moments` the point indexes of the key moments (numbered in that order); returns its geometry."""
    draw_chart_frame(surface, rect, title, scale)
    area = plot_area(rect, scale)
    geo = ChartGeometry(area, len(series))
    size = px(13, scale)
    for pct in range(0, 101, 25):
        y = geo.y_of(pct / 100)
        pygame.draw.line(surface, AXIS if pct == 0 else GRID, (area.x, y), (area.right, y))
        blit_text(surface, f"{pct} %", size, TEXT_DIM, (area.x - px(6, scale), y), "midright")
    if len(series) < 2:
        return geo
    first, last = turns[0], turns[-1]
    step = nice_step(max(1, last - first), max(2, area.w // px(70, scale)))
    shown = -1
    for k, turn in enumerate(turns):
        if turn % step == 0 and turn != shown and (k == 0 or turns[k - 1] != turn):
            shown = turn
            x = geo.x_of(k)
            pygame.draw.line(surface, GRID, (x, area.y), (x, area.bottom))
            pygame.draw.line(surface, AXIS, (x, area.bottom), (x, area.bottom + px(4, scale)))
            blit_text(surface, str(turn), size, TEXT_DIM, (x, area.bottom + px(5, scale)), "midtop")
    blit_text(surface, axis_label, size, TEXT_DIM, (rect.right - px(12, scale), rect.bottom - px(10, scale)),
              "bottomright")
    badge = px(9, scale)
    placed: list[tuple[int, int]] = []
    for number, k in enumerate(moments, start=1):
        x = geo.x_of(k)
        for y in range(area.y, area.bottom, px(8, scale)):
            pygame.draw.line(surface, MOMENT, (x, y), (x, min(area.bottom, y + px(3, scale))))
        by = area.y - badge + 1
        while any(abs(x - px_) < 2 * badge + 2 and by == py for px_, py in placed):
            by += 2 * badge + 2  # badges of close moments stack downwards instead of overlapping
        placed.append((x, by))
        pygame.draw.circle(surface, GOLD, (x, by), badge)
        pygame.draw.circle(surface, (30, 24, 16), (x, by), badge, 1)
        blit_text(surface, str(number), px(12, scale), (30, 24, 16), (x, by), "center", bold=True)
    seats = len(series[0])
    width = max(2, px(LINE_WIDTH, scale))
    for q in range(seats):
        points = [(geo.x_of(k), geo.y_of(row[q])) for k, row in enumerate(series)]
        color = player_swatch(colors[q]) if q < len(colors) else TEXT
        pygame.draw.lines(surface, (12, 14, 18), False, [(x + 1, y + 1) for x, y in points], width + 1)
        pygame.draw.lines(surface, color, False, points, width)
    if hover is not None and 0 <= hover < len(series):
        x = geo.x_of(hover)
        pygame.draw.line(surface, HOVER_LINE, (x, area.y), (x, area.bottom))
        for q in range(seats):
            color = player_swatch(colors[q]) if q < len(colors) else TEXT
            pygame.draw.circle(surface, color, (x, geo.y_of(series[hover][q])), px(5, scale))
            pygame.draw.circle(surface, (12, 14, 18), (x, geo.y_of(series[hover][q])), px(5, scale), 1)
    return geo
