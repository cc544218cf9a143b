"""A simple end screen for the quick card game: the winner and each player's cards and points."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gui.dialogs import GOLD, PLAYER_SWATCH, StyledButton, blit_text, draw_heading, ellipsize, px, ui_scale
from gui.end_game import EndNavigation
from gui.scene import Scene
from gui.table.panels import PanelCache
from gui.widgets import PANEL, TEXT, TEXT_DIM

if TYPE_CHECKING:
    from gui.app import App

BACKGROUND = (22, 26, 34)
WINNER_ROW = (70, 58, 30)


class CardsEndScene(EndNavigation, Scene):
    """Who won the quick card game, a points table, and the way back."""

    def __init__(self, app: App, game: Any) -> None:
        super().__init__(app)
        self.game = game
        self.panels = PanelCache()
        self.buttons: list[StyledButton] = []
        self.layout()

    def layout(self) -> None:
        """Buttons along the bottom."""
        w, h = self.app.size
        s = ui_scale((w, h))
        t = self.app.t
        bw, bh, margin = px(230, s), px(50, s), px(40, s)
        y = h - px(26, s) - bh
        self.buttons = [StyledButton(pygame.Rect(w - margin - bw, y, bw, bh), t("end.main_menu"), self.to_menu,
                                     "primary", font_size=px(19, s)),
                        StyledButton(pygame.Rect(w - margin - 2 * bw - px(16, s), y, bw, bh), t("end.new_game"),
                                     self.new_game, font_size=px(19, s))]
        if len(self.app.stack) > 1 or self.app.stack and self.app.stack[-1] is not self:
            self.buttons.append(StyledButton(pygame.Rect(margin, y, bw, bh), t("end.back_to_table"), self.back,
                                             font_size=px(19, s)))

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay out again."""
        self.layout()

    def back(self) -> None:
        """Back to the table below."""
        if self.app.top is self:
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons; Esc goes back."""
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        """Heading, table of players, buttons."""
        w, h = surface.get_size()
        s = ui_scale((w, h))
        t = self.app.t
        surface.fill(BACKGROUND)
        winner = self.game.winner()
        title = t("end.winner", name=self.game.seats[winner].name) if winner is not None else t("end.not_over")
        head = draw_heading(surface, title, (w // 2, px(28, s)), px(40, s))
        blit_text(surface, t("cards.end.summary", turns=self.game.state.turn_number), px(18, s), TEXT_DIM,
                  (w // 2, head.bottom + px(16, s)), "midtop")
        view = self.game.view(-1)
        n = self.game.num_players
        rect = pygame.Rect(px(60, s), px(150, s), w - px(120, s), px(56, s) + n * px(46, s))
        self.panels.blit(surface, rect, PANEL, 236, 12, GOLD)
        heads = [t("end.col_player"), t("cards.end.col_settlements"), t("cards.end.col_cities"),
                 t("cards.end.col_developments"), t("cards.end.col_roads"), t("cards.end.col_knights"),
                 t("end.col_total")]
        weights = [3, 1, 1, 1, 1, 1, 1]
        usable = rect.w - px(40, s)
        widths = [usable * wt // sum(weights) for wt in weights]
        xs = [rect.x + px(20, s)]
        for width in widths[:-1]:
            xs.append(xs[-1] + width)
        fs = px(17, s)
        for i, (text, x, width) in enumerate(zip(heads, xs, widths)):
            blit_text(surface, ellipsize(text, px(15, s), width - 8, True), px(15, s), TEXT_DIM,
                      (x if i == 0 else x + width // 2, rect.y + px(26, s)), "midleft" if i == 0 else "center",
                      bold=True)
        y = rect.y + px(52, s)
        for p, seat in enumerate(self.game.seats):
            row = pygame.Rect(rect.x + px(8, s), y, rect.w - px(16, s), px(42, s))
            if p == winner:
                pygame.draw.rect(surface, WINNER_ROW, row, border_radius=8)
            pygame.draw.circle(surface, PLAYER_SWATCH.get(seat.color, (150, 150, 150)), (xs[0] + px(10, s),
                                                                                           row.centery), px(9, s))
            blit_text(surface, ellipsize(seat.name + ("  ★" if p == winner else ""), fs, widths[0] - px(36, s), True),
                      fs, TEXT, (xs[0] + px(28, s), row.centery), "midleft", bold=True)
            tb = view.tables[p]
            cells = [tb.settlements, len(tb.cities), sum(1 for _, d in tb.cities if d), len(tb.roads), len(tb.knights),
                     tb.vp]
            for i, value in enumerate(cells, start=1):
                last = i == len(cells)
                blit_text(surface, str(value), fs + (3 if last else 0), GOLD if last else TEXT,
                          (xs[i] + widths[i] // 2, row.centery), "center", bold=last)
            y += px(46, s)
        for b in self.buttons:
            b.draw(surface)
