"""The end-of-game screen: the winner, each player's points by source and luck (dice production expected against
received, cards lost), and charts of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.errors import GameError
from gui.art.palette import RESOURCES
from gui.dialogs import (
    GOLD, GOLD_DARK, PANEL, TEXT, TEXT_DIM, StyledButton, WidgetScene, blit_text, draw_heading, ellipsize,
    fit_text, make_background, player_swatch, px,
)

if TYPE_CHECKING:
    from game.catan.stats import GameStats, VPBreakdown
    from game.coach.luck import LuckMeter
    from gui.app import App

from gui.charts import WINNER_ROW, draw_chart_frame, draw_dice_chart, draw_resource_chart, draw_vp_chart
from gui.end_navigation import EndNavigation
from gui.luck_panel import draw_dice, luck_color, luck_of, production_text


class EndGameScene(EndNavigation, WidgetScene):
    """Who won and how: a points table and three charts; back to the table or to the menu."""

    def __init__(self, app: App, game: Any) -> None:
        self.game = game
        self.stats: GameStats | None = None
        self.breakdown: list[VPBreakdown] = []
        self.luck: LuckMeter | None = None
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
        self.luck = luck_of(self.game) if self.stats is not None else None

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
        bw = px(210, s)
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
        buttons.append(StyledButton(pygame.Rect(w - margin - 4 * bw - px(48, s), by, bw, bh), t("review.screen.button"),
                                    self.review, font_size=px(19, s), tooltip=t("review.screen.button_tip")))
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
        if self.luck is not None:  # its expected counts know the two-player game's second roll
            draw_dice(layer, self.chart_rects[0], self.luck, t, t("end.chart_dice", rolls=self.stats.rolls), s)
        else:
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
        below = [scene for scene in self.app.stack if scene is not self]
        return bool(below) and not self.app.is_screen(below[-1], "menu")

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
        """The points table: one row per player, winner highlighted; the luck columns after the total."""
        s = self.scale
        t = self.app.t
        rect = self.table_rect
        self.panels.draw(surface, rect, PANEL, 236, 12, GOLD_DARK)
        headers = [t("end.col_player"), t("end.col_settlements"), t("end.col_cities"), t("end.col_longest_road"),
                   t("end.col_largest_army"), t("end.col_vp_cards"), t("end.col_total")]
        weights = [2.6, 1, 1, 1.5, 1.5, 1.2, 1]
        if self.luck is not None:
            headers += [t("luck.col_production"), t("luck.col_losses")]
            weights = [1.6, 1.05, 0.8, 1.5, 1.3, 1.0, 0.75, 2.2, 1.6]
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
            if self.luck is not None and p < len(self.luck.seats):
                self._draw_luck_cells(surface, p, xs[7:], widths[7:], cy)
            y += row_h
        if self.luck is not None:
            x = xs[7] - px(6, s)
            pygame.draw.line(surface, GOLD_DARK, (x, rect.y + px(12, s)), (x, rect.bottom - px(12, s)))
            note = ellipsize(t("luck.note"), px(12, s), rect.w - px(24, s))
            blit_text(surface, note, px(12, s), TEXT_DIM, (rect.right - px(12, s), rect.bottom + px(3, s)), "topright")

    def _draw_luck_cells(self, surface: pygame.Surface, p: int, xs: list[int], widths: list[int], cy: int) -> None:
        """A seat's luck: production expected against received (coloured by how lucky), then robber / discards."""
        assert self.luck is not None
        s = self.scale
        t = self.app.t
        luck = self.luck.seats[p]
        size = px(16, s)
        text = production_text(self.app.translator, luck, "luck.production_cell")
        fs = fit_text(text, size, widths[0] - px(8, s))
        blit_text(surface, text, fs, luck_color(luck), (xs[0] + widths[0] // 2, cy), "center")
        lost = t("luck.losses_cell", robbed=luck.robbed, discarded=luck.discarded)
        blit_text(surface, lost, size, TEXT if luck.robbed or luck.discarded else TEXT_DIM,
                  (xs[1] + widths[1] // 2, cy), "center")
