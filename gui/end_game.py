"""The end-of-game screen: the winner, each player's points by source, and charts of the game."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.errors import GameError
from gui.art.palette import RESOURCE_FRAME, RESOURCES
from gui.dialogs import (
    GOLD, GOLD_DARK, PANEL, TEXT, TEXT_DIM, StyledButton, WidgetScene, blit_text, draw_heading, ellipsize,
    fit_text, make_background, player_swatch, px,
)
from gui.widgets import draw_panel

if TYPE_CHECKING:
    from game.catan.stats import GameStats, VPBreakdown
    from gui.app import App

GRID = (58, 66, 82)
AXIS = (120, 128, 142)
EXPECTED = (236, 226, 200)
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


def draw_chart_frame(surface: pygame.Surface, rect: pygame.Rect, title: str, scale: float) -> None:
    """A chart's panel and title."""
    draw_panel(surface, rect, (28, 33, 43), 240, 12)
    pygame.draw.rect(surface, GOLD_DARK, rect, 1, border_radius=12)
    size = fit_text(title, px(18, scale), rect.width - px(24, scale), True)
    blit_text(surface, title, size, GOLD, (rect.x + px(14, scale), rect.y + px(12, scale)), bold=True)


def draw_dice_chart(surface: pygame.Surface, rect: pygame.Rect, stats: GameStats, labels: dict[str, str],
                    scale: float) -> None:
    """Bars of how often each total 2..12 was rolled, with the expected counts as markers."""
    draw_chart_frame(surface, rect, labels["title"], scale)
    area = _plot_area(rect, scale)
    expected = stats.expected_dice_counts()
    top = _y_grid(surface, area, max(max(stats.dice_counts), max(expected), 1) * 1.1, scale)
    slot = area.width / 11
    bar_w = max(3, int(slot * 0.62))
    size = px(13, scale)
    marks = []
    for i, total in enumerate(range(2, 13)):
        cx = area.x + int(slot * (i + 0.5))
        count = stats.dice_counts[total]
        bar_h = int(area.height * count / top)
        color = (206, 74, 62) if total == 7 else GOLD
        if bar_h:
            pygame.draw.rect(surface, color, (cx - bar_w // 2, area.bottom - bar_h, bar_w, bar_h),
                             border_top_left_radius=3, border_top_right_radius=3)
        ey = area.bottom - int(area.height * expected[total] / top)
        marks.append((cx, ey))
        blit_text(surface, str(total), size, TEXT, (cx, area.bottom + px(5, scale)), "midtop")
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


def draw_stacked_bars(surface: pygame.Surface, rect: pygame.Rect, rows: list[list[int]], names: list[str],
                      colors: list[str], parts: list[tuple[tuple[int, int, int], str]], scale: float,
                      name_w: int, mark_part: Callable[[int, int, int, int, int, int], None] | None = None,
                      gridlines: bool = False) -> None:
    """Horizontal stacked bars inside a chart frame: one bar per player (its colour dot and name before it, its
    total after it), one part per entry of `parts` (colour, legend label), the legend along the bottom.
    mark_part(x, width, centre_y, bar_height, part, value) may draw on a part wide enough to hold a mark."""
    n = len(rows)
    size = px(14, scale)
    area = pygame.Rect(rect.x + px(14, scale) + name_w, rect.y + px(48, scale),
                       rect.width - px(28, scale) - name_w - px(40, scale), rect.height - px(48, scale) - px(44, scale))
    totals = [sum(row) for row in rows]
    top = max(totals + [1])
    if gridlines:
        step = nice_step(top, 5)
        for value in range(step, top + 1, step):  # light gridlines at round counts
            x = area.x + int(area.width * value / top)
            pygame.draw.line(surface, (58, 66, 82), (x, area.y), (x, area.bottom))
    row_h = area.height / max(1, n)
    bar_h = max(6, int(row_h * 0.6))
    for p, row in enumerate(rows):
        cy = area.y + int(row_h * (p + 0.5))
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


class EndNavigation:
    """The end screens' ways out: to the main menu or straight to a new game (a mixin for scenes)."""

    app: App

    def to_menu(self) -> None:
        """Back to the main menu."""
        from gui.menu import MenuScene

        self.app.pop_to_menu()
        if not self.app.stack:
            self.app.push(MenuScene(self.app))

    def new_game(self) -> None:
        """Straight to the new game screen."""
        from gui.new_game import NewGameScene

        self.to_menu()
        self.app.push(NewGameScene(self.app))

    def watch_replay(self) -> None:
        """Open the replay viewer on the game just played (closing it comes back here)."""
        from gui.replay.scene import open_replay

        open_replay(self.app, self.game)  # type: ignore[attr-defined]


class EndGameScene(EndNavigation, WidgetScene):
    """Who won and how: a points table and three charts; back to the table or to the menu."""

    def __init__(self, app: App, game: Any) -> None:
        self.game = game
        self.stats: GameStats | None = None
        self.breakdown: list[VPBreakdown] = []
        self._analyse()
        self.background: pygame.Surface | None = None
        self.charts: pygame.Surface | None = None
        super().__init__(app)

    def _analyse(self) -> None:
        """Replay the game for its statistics (a game that cannot be replayed shows points only)."""
        if getattr(self.game.variant, "family", "") != "catan":
            return
        from game.catan.stats import compute_stats, vp_breakdown

        reveal = self.game.is_over()
        self.breakdown = [vp_breakdown(self.game, p, reveal) for p in range(self.game.num_players)]
        try:
            self.stats = compute_stats(self.game)
        except GameError:
            self.stats = None

    @property
    def winner(self) -> int | None:
        """The winning seat, if the game has one."""
        return self.game.winner()

    def layout(self) -> None:
        """Header, points table, charts row and buttons; the charts are drawn once here."""
        s = self.scale
        w, h = self.app.size
        t = self.app.t
        margin = px(40, s)
        self.background = make_background((w, h))
        n = self.game.num_players
        self.table_rect = pygame.Rect(margin, px(130, s), w - 2 * margin, px(48, s) + n * px(42, s) + px(14, s))
        bh = px(50, s)
        charts_top = self.table_rect.bottom + px(22, s)
        charts_bottom = h - px(26, s) - bh - px(22, s)
        self.chart_rects: list[pygame.Rect] = []
        gap = px(20, s)
        cw = (w - 2 * margin - 2 * gap) // 3
        for i in range(3):
            self.chart_rects.append(pygame.Rect(margin + i * (cw + gap), charts_top, cw,
                                                max(px(120, s), charts_bottom - charts_top)))
        self._render_charts()
        bw = px(230, s)
        by = h - px(26, s) - bh
        buttons = []
        if self._scene_below():
            buttons.append(StyledButton(pygame.Rect(margin, by, bw, bh), t("end.back_to_table"), self.back,
                                        font_size=px(19, s)))
        buttons.append(StyledButton(pygame.Rect(w - margin - bw, by, bw, bh), t("end.main_menu"), self.to_menu,
                                    "primary", font_size=px(19, s)))
        buttons.append(StyledButton(pygame.Rect(w - margin - 2 * bw - px(16, s), by, bw, bh), t("end.new_game"),
                                    self.new_game, font_size=px(19, s)))
        buttons.append(StyledButton(pygame.Rect(w - margin - 3 * bw - px(32, s), by, bw, bh), t("replay.watch"),
                                    self.watch_replay, font_size=px(19, s)))
        self.widgets = buttons

    def _render_charts(self) -> None:
        """Draw the three charts onto one transparent layer (they never change)."""
        w, h = self.app.size
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        s = self.scale
        t = self.app.t
        if self.stats is None:
            for rect in self.chart_rects:
                draw_chart_frame(layer, rect, t("end.no_stats"), s)
            self.charts = layer
            return
        seats = self.game.seats
        colors = [seat.color for seat in seats]
        names = [seat.name for seat in seats]
        draw_dice_chart(layer, self.chart_rects[0], self.stats,
                        {"title": t("end.chart_dice", rolls=self.stats.rolls), "rolled": t("end.rolled"),
                         "expected": t("end.expected")}, s)
        target = int(self.game.options.get("vp_target", 10))
        draw_vp_chart(layer, self.chart_rects[1], self.stats, colors, target,
                      {"title": t("end.chart_vp"), "axis": t("end.turn_axis")}, s)
        n = max(1, self.game.num_players)
        bar_h = int((self.chart_rects[2].height - px(92, s)) / n * 0.6)
        icons = self._icons(max(8, min(px(30, s), bar_h - 4)))
        draw_resource_chart(layer, self.chart_rects[2], self.stats, names, colors, icons,
                            {"title": t("end.chart_resources"),
                             **{res: t(f"resource.{res}") for res in RESOURCES}}, s)
        self.charts = layer

    def _icons(self, size: int) -> dict[str, pygame.Surface]:
        """Small resource icons from the art cache (empty if the art is unavailable)."""
        try:
            from gui.art.surfaces import to_surface

            return {res: to_surface(self.app.art.get("icon", res, size)) for res in RESOURCES}
        except (OSError, KeyError, ValueError):
            return {}

    def _scene_below(self) -> bool:
        """Whether a table (or another scene that is not the menu) lies below this screen."""
        from gui.menu import MenuScene

        below = [scene for scene in self.app.stack if scene is not self]
        return bool(below) and not isinstance(below[-1], MenuScene)

    def back(self) -> None:
        """Back to the table below (if any)."""
        if self._scene_below() and self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Background, header, points table, charts, buttons."""
        w, h = surface.get_size()
        s = self.scale
        t = self.app.t
        if self.background is not None and self.background.get_size() == (w, h):
            surface.blit(self.background, (0, 0))
        else:
            surface.fill((22, 26, 34))
        winner = self.winner
        if winner is not None:
            seat = self.game.seats[winner]
            title = t("end.winner", name=seat.name)
        else:
            title = t("end.not_over")
        head = draw_heading(surface, ellipsize(title, px(40, s), w - px(160, s), True), (w // 2, px(22, s)), px(40, s))
        if winner is not None:
            color = player_swatch(self.game.seats[winner].color)
            for x in (head.left - px(30, s), head.right + px(30, s)):
                pygame.draw.circle(surface, (10, 12, 16), (x + 1, head.centery + 2), px(13, s))
                pygame.draw.circle(surface, color, (x, head.centery), px(12, s))
        turn = getattr(getattr(self.game, "state", None), "turn_number", 0)
        sub = t("end.summary", turns=turn, rolls=self.stats.rolls if self.stats else 0)
        blit_text(surface, sub, px(18, s), TEXT_DIM, (w // 2, head.bottom + px(16, s)), "midtop")
        self._draw_table(surface)
        if self.charts is not None:
            surface.blit(self.charts, (0, 0))
        self.draw_widgets(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        """The points table: one row per player, winner highlighted."""
        s = self.scale
        t = self.app.t
        rect = self.table_rect
        self.panels.draw(surface, rect, PANEL, 236, 12, GOLD_DARK)
        headers = [t("end.col_player"), t("end.col_settlements"), t("end.col_cities"), t("end.col_longest_road"),
                   t("end.col_largest_army"), t("end.col_vp_cards"), t("end.col_total")]
        weights = [2.6, 1, 1, 1.5, 1.5, 1.2, 1]
        usable = rect.width - px(40, s)
        widths = [int(usable * wt / sum(weights)) for wt in weights]
        xs = [rect.x + px(20, s)]
        for width in widths[:-1]:
            xs.append(xs[-1] + width)
        size = px(17, s)
        hy = rect.y + px(24, s)
        for i, (text, x, width) in enumerate(zip(headers, xs, widths)):
            fs = fit_text(text, px(15, s), width - px(10, s), True)
            anchor_x = x if i == 0 else x + width // 2
            blit_text(surface, text, fs, TEXT_DIM, (anchor_x, hy), "midleft" if i == 0 else "center", bold=True)
        y = rect.y + px(48, s)
        row_h = px(42, s)
        for p, seat in enumerate(self.game.seats):
            row = pygame.Rect(rect.x + px(8, s), y, rect.width - px(16, s), row_h - px(4, s))
            if p == self.winner:
                pygame.draw.rect(surface, WINNER_ROW, row, border_radius=8)
                pygame.draw.rect(surface, GOLD, row, 1, border_radius=8)
            cy = row.centery
            pygame.draw.circle(surface, player_swatch(seat.color), (xs[0] + px(10, s), cy), px(9, s))
            name = seat.name + ("  ★" if p == self.winner else "")
            blit_text(surface, ellipsize(name, size, widths[0] - px(36, s), True), size, TEXT, (xs[0] + px(28, s), cy),
                      "midleft", bold=True)
            if p < len(self.breakdown):
                b = self.breakdown[p]
                cells = [str(b.settlements), f"{b.cities // 2} × 2" if b.cities else "0", str(b.longest_road),
                         str(b.largest_army), str(b.vp_cards), str(b.total)]
                for i, text in enumerate(cells, start=1):
                    last = i == len(cells)
                    color = GOLD if last else (TEXT if text != "0" else TEXT_DIM)
                    blit_text(surface, "–" if text == "0" and not last else text, size + (3 if last else 0), color,
                              (xs[i] + widths[i] // 2, cy), "center", bold=last)
            y += row_h
