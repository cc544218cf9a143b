"""An end screen with a score table (one row per seat) for the card-table games; subclasses name the columns."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

import pygame

from gui.dialogs import GOLD, PLAYER_SWATCH, StyledButton, blit_text, draw_heading, ellipsize, px, ui_scale
from gui.end_navigation import EndNavigation
from gui.scene import Scene
from gui.table.panels import PanelCache
from gui.widgets import PANEL, TEXT, TEXT_DIM

if TYPE_CHECKING:
    from gui.app import App

WINNER_ROW = (70, 58, 30)


class ScoreTableEndScene(EndNavigation, Scene, ABC):
    """The winner, a summary line, a table of each seat's points, anything below it, and the ways out."""

    background: tuple[int, int, int] = (22, 26, 34)
    summary_key: str = ""

    def __init__(self, app: App, game: Any) -> None:
        super().__init__(app)
        self.game = game
        self.panels = PanelCache()
        self.buttons: list[StyledButton] = []
        self.layout()

    @abstractmethod
    def column_keys(self) -> list[str]:
        """Translation keys of the columns after the player's name (the last one is the total)."""

    @abstractmethod
    def row_values(self, view: Any, player: int) -> list[int]:
        """The values of one seat's row, in the order of column_keys()."""

    def draw_below(self, surface: pygame.Surface, view: Any, area: pygame.Rect, s: float) -> None:
        """Draw whatever the game shows under the table (the base shows nothing there)."""

    def table_rect(self, size: tuple[int, int], s: float) -> pygame.Rect:
        """Where the table of seats goes (what draw_below gets lies under it)."""
        return pygame.Rect(px(60, s), px(150, s), size[0] - px(120, s), px(56, s) + self.game.num_players * px(46, s))

    def draw_table(self, surface: pygame.Surface, view: Any, rect: pygame.Rect, winner: int | None,
                   s: float) -> None:
        """Draw the seats' points in rect (the base: the table of column_keys() and row_values())."""
        self._draw_table(surface, view, rect, winner, s)

    def layout(self) -> None:
        """Buttons along the bottom."""
        w, h = self.app.size
        s = ui_scale((w, h))
        t = self.app.t
        bw, bh, margin = px(210, s), px(50, s), px(40, s)
        y = h - px(26, s) - bh
        self.buttons = [StyledButton(pygame.Rect(w - margin - bw, y, bw, bh), t("end.main_menu"), self.to_menu,
                                     "primary", font_size=px(19, s)),
                        StyledButton(pygame.Rect(w - margin - 2 * bw - px(16, s), y, bw, bh), t("end.new_game"),
                                     self.new_game, font_size=px(19, s)),
                        StyledButton(pygame.Rect(w - margin - 3 * bw - px(32, s), y, bw, bh), t("replay.watch"),
                                     self.watch_replay, font_size=px(19, s)),
                        StyledButton(pygame.Rect(w - margin - 4 * bw - px(48, s), y, bw, bh),
                                     t("review.screen.button"), self.review, font_size=px(19, s),
                                     tooltip=t("review.screen.button_tip"))]
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
        """Heading, summary, the table of seats, what lies below it, buttons."""
        w, h = surface.get_size()
        s = ui_scale((w, h))
        t = self.app.t
        surface.fill(self.background)
        winner = self.game.winner()
        title = t("end.winner", name=self.game.seats[winner].name) if winner is not None else t("end.not_over")
        head = draw_heading(surface, title, (w // 2, px(28, s)), px(40, s))
        blit_text(surface, t(self.summary_key, turns=self.game.state.turn_number), px(18, s), TEXT_DIM,
                  (w // 2, head.bottom + px(16, s)), "midtop")
        view = self.game.view(-1)
        rect = self.table_rect((w, h), s)
        self.draw_table(surface, view, rect, winner, s)
        self.draw_below(surface, view, pygame.Rect(rect.x, rect.bottom + px(20, s), rect.w,
                                                   self.buttons[0].rect.y - rect.bottom - px(40, s)), s)
        for b in self.buttons:
            b.draw(surface)

    def _draw_table(self, surface: pygame.Surface, view: Any, rect: pygame.Rect, winner: int | None,
                    s: float) -> None:
        t = self.app.t
        self.panels.blit(surface, rect, PANEL, 236, 12, GOLD)
        heads = [t("end.col_player"), *(t(key) for key in self.column_keys())]
        weights = [3] + [1] * (len(heads) - 1)
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
            pygame.draw.circle(surface, PLAYER_SWATCH.get(seat.color, (150, 150, 150)),
                               (xs[0] + px(10, s), row.centery), px(9, s))
            blit_text(surface, ellipsize(seat.name + ("  ★" if p == winner else ""), fs, widths[0] - px(36, s), True),
                      fs, TEXT, (xs[0] + px(28, s), row.centery), "midleft", bold=True)
            cells = self.row_values(view, p)
            for i, value in enumerate(cells, start=1):
                last = i == len(cells)
                blit_text(surface, str(value), fs + (3 if last else 0), GOLD if last else TEXT,
                          (xs[i] + widths[i] // 2, row.centery), "center", bold=last)
            y += px(46, s)
