"""A small picture of a Catan game's board as it starts: the table's own board drawing, rendered into a surface."""

from __future__ import annotations

from typing import Any

import pygame

from gui.catan.board_view import TABLE_BG, BoardView
from gui.table.sprites import SpriteBook


def render_board_preview(game: Any, size: tuple[int, int], sprites: SpriteBook) -> pygame.Surface:
    """The game's board with the pieces already on it (beginner pieces, neutral settlements) and the robber, drawn
    by the table's BoardView into a surface of the given size."""
    w, h = max(60, size[0]), max(60, size[1])
    neutral_colors = tuple(getattr(game, "neutral_colors", ()) or ())
    owners = tuple(range(game.num_players, game.num_players + len(neutral_colors)))
    view = BoardView(sprites, game.state.board, game.topo, [s.color for s in game.seats] + list(neutral_colors),
                     owners)
    view.layout(pygame.Rect(0, 0, w, h))
    surface = pygame.Surface((w, h))
    surface.fill(TABLE_BG)
    view.draw(surface, game.state)
    return surface


__all__ = ["render_board_preview"]
