"""The end screen of Rivals for Catan: the winner and, for both principalities, what earned their points."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rivals.catalogue import card_of
from game.rivals.constants import CENTER_ROW, TOKENS, WIDTH
from game.rivals.principality import region_cells
from gui.dialogs import PLAYER_SWATCH, blit_text, px
from gui.rivals.faces import CardFaces
from gui.rivals.principality import PrincipalityGeometry, draw_principality
from gui.score_end import ScoreTableEndScene
from gui.widgets import PANEL, TEXT

if TYPE_CHECKING:
    from gui.app import App


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


class RivalsEndScene(ScoreTableEndScene):
    """Who won the duel, a table of both principalities, both principalities as they ended, and the way back."""

    background = (22, 30, 28)
    summary_key = "rivals.end.summary"

    def __init__(self, app: App, game: Any) -> None:
        self.faces = CardFaces(app.art)
        self._mats: pygame.Surface | None = None
        self._mats_key: Any = None
        super().__init__(app, game)

    def column_keys(self) -> list[str]:
        """Settlements, cities, expansions, regions, tokens, total."""
        return ["rivals.end.col_settlements", "rivals.end.col_cities", "rivals.end.col_expansions",
                "rivals.end.col_regions", "rivals.end.col_tokens", "end.col_total"]

    def row_values(self, view: Any, player: int) -> list[int]:
        """What earned one seat its points, and the points."""
        return [*principality_counts(view, player), view.vp[player]]

    def draw_below(self, surface: pygame.Surface, view: Any, area: pygame.Rect, s: float) -> None:
        """Both principalities under the table."""
        self._draw_principalities(surface, view, area, s)

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
