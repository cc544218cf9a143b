"""The end screen of Rivals for Catan: the winner and, for both principalities, what earned their points."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rivals.catalogue import card_of
from game.rivals.constants import CENTER_ROW, TOKENS, WIDTH
from game.rivals.principality import region_cells
from gui.dialogs import GOLD, PLAYER_SWATCH, StyledButton, blit_text, draw_heading, ellipsize, px, ui_scale
from gui.end_game import EndNavigation
from gui.rivals.faces import CardFaces
from gui.rivals.principality import PrincipalityGeometry, draw_principality
from gui.scene import Scene
from gui.table.panels import PanelCache
from gui.widgets import PANEL, TEXT, TEXT_DIM

if TYPE_CHECKING:
    from gui.app import App

BACKGROUND = (22, 30, 28)
WINNER_ROW = (70, 58, 30)


def principality_counts(view: Any, p: int) -> tuple[int, int, int, int, int]:
    """Settlements, cities, expansions, regions and advantage tokens of a seat (from the public view)."""
    grid = list(view.grid[p])
    cards = card_of()
    settlements = cities = expansions = 0
    for c, k in enumerate(grid):
        if k < 0:
            continue
        kind = cards[k].type
        if c // WIDTH == CENTER_ROW:
            settlements += kind == "settlement"
            cities += kind == "city"
        elif cards[k].is_expansion:
            expansions += 1
    tokens = sum(1 for i in range(len(TOKENS)) if view.tokens[i] == p)
    return settlements, cities, expansions, len(region_cells(grid)), tokens


class RivalsEndScene(EndNavigation, Scene):
    """Who won the duel, a table of both principalities, and the way back."""

    def __init__(self, app: App, game: Any) -> None:
        super().__init__(app)
        self.game = game
        self.panels = PanelCache()
        self.buttons: list[StyledButton] = []
        self.faces = CardFaces(app.art)
        self._mats: pygame.Surface | None = None
        self._mats_key: Any = None
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
        """Heading, the table of both seats, buttons."""
        w, h = surface.get_size()
        s = ui_scale((w, h))
        t = self.app.t
        surface.fill(BACKGROUND)
        winner = self.game.winner()
        title = t("end.winner", name=self.game.seats[winner].name) if winner is not None else t("end.not_over")
        head = draw_heading(surface, title, (w // 2, px(28, s)), px(40, s))
        blit_text(surface, t("rivals.end.summary", turns=self.game.state.turn_number), px(18, s), TEXT_DIM,
                  (w // 2, head.bottom + px(16, s)), "midtop")
        view = self.game.view(-1)
        rect = pygame.Rect(px(60, s), px(150, s), w - px(120, s), px(56, s) + 2 * px(46, s))
        self.panels.blit(surface, rect, PANEL, 236, 12, GOLD)
        heads = [t("end.col_player"), t("rivals.end.col_settlements"), t("rivals.end.col_cities"),
                 t("rivals.end.col_expansions"), t("rivals.end.col_regions"), t("rivals.end.col_tokens"),
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
            pygame.draw.circle(surface, PLAYER_SWATCH.get(seat.color, (150, 150, 150)),
                               (xs[0] + px(10, s), row.centery), px(9, s))
            blit_text(surface, ellipsize(seat.name + ("  ★" if p == winner else ""), fs, widths[0] - px(36, s), True),
                      fs, TEXT, (xs[0] + px(28, s), row.centery), "midleft", bold=True)
            cells = [*principality_counts(view, p), view.vp[p]]
            for i, value in enumerate(cells, start=1):
                last = i == len(cells)
                blit_text(surface, str(value), fs + (3 if last else 0), GOLD if last else TEXT,
                          (xs[i] + widths[i] // 2, row.centery), "center", bold=last)
            y += px(46, s)
        self._draw_principalities(surface, view, pygame.Rect(rect.x, rect.bottom + px(20, s), rect.w,
                                                             self.buttons[0].rect.y - rect.bottom - px(40, s)), s)
        for b in self.buttons:
            b.draw(surface)

    def _draw_principalities(self, surface: pygame.Surface, view: Any, area: pygame.Rect, s: float) -> None:
        """Both principalities as they ended, side by side under their owners' names (drawn once per size)."""
        key = (area.size, self.app.translator.lang, self.app.art)
        if self._mats is None or self._mats_key != key:
            self.faces = CardFaces(self.app.art)
            mats = pygame.Surface(area.size, pygame.SRCALPHA)
            gap = px(16, s)
            w = (area.w - gap) // 2
            fs = px(17, s)
            for p, seat in enumerate(self.game.seats):
                box = pygame.Rect(p * (w + gap), 0, w, area.h)
                self.panels.blit(mats, box, PANEL, 200, 12)
                blit_text(mats, seat.name, fs, PLAYER_SWATCH.get(seat.color, TEXT), (box.x + px(14, s), px(10, s)),
                          bold=True)
                inner = pygame.Rect(box.x + px(8, s), fs + px(18, s), box.w - px(16, s), box.h - fs - px(26, s))
                grid = view.grid[p]
                cells = [c for c, k in enumerate(grid) if k >= 0]
                geo = PrincipalityGeometry.build(inner, cells, False, px(90, s))
                draw_principality(mats, self.faces, geo, grid, view.store[p], ())
            self._mats, self._mats_key = mats, key
        surface.blit(self._mats, area.topleft)
