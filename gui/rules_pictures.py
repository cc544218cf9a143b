"""Pictures of a game's table as it starts, for the rules' How to play page, drawn with the table's own art."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.registry import new_game
from gui.art.palette import RESOURCES
from gui.catan.board_preview import render_board_preview
from gui.catan.board_view import TABLE_BG
from gui.rivals.faces import CardFaces
from gui.rivals.principality import PrincipalityGeometry, draw_principality
from gui.table.sprites import SpriteBook

# The variant whose opening table each rule document shows (the beginner board for the Catan games).
PICTURE_VARIANTS = {"catan": ("catan-base", 3), "compact": ("catan-compact", 3), "two_player": ("catan-2p", 2),
                    "rivals": ("rivals-intro", 2), "cards": ("catan-cards", 3)}
SEED = 1
CARD_ASPECT_HW = 1.5  # card height per width
FAN_DEGREES = 7.0     # the turn between two cards of a fanned hand
# The quick card game's picture: a player's opening tableau, one card of each other building, and a hand.
QUICK_TABLEAU = ("settlement", "road.A")
QUICK_OFFER = ("knight.A", "city.market_day", "development.library")
QUICK_HAND = (RESOURCES[3], RESOURCES[0], RESOURCES[2], RESOURCES[4])


KEPT_PICTURES = 12  # five documents at a couple of window sizes
MIN_PICTURE = (160, 120)


def pictures_for(app: Any) -> TablePictures:
    """The app's one TablePictures (kept on it, so the rules open at once the second time; new with new art)."""
    pictures = app.shared.get("rules.pictures")
    if not isinstance(pictures, TablePictures) or pictures.art is not app.art:
        pictures = app.shared["rules.pictures"] = TablePictures(app.art)
    return pictures


class TablePictures:
    """Draws and keeps the table pictures of the rule documents, each once per size."""

    def __init__(self, art: Any) -> None:
        self.art = art
        self._sprites: SpriteBook | None = None
        self._faces: CardFaces | None = None
        self._drawn: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}

    def picture(self, doc: str, size: tuple[int, int]) -> pygame.Surface:
        """The opening table of a rule document's game, fitted into size (transparent around it)."""
        key = (doc, (max(MIN_PICTURE[0], size[0]), max(MIN_PICTURE[1], size[1])))  # smaller cards cannot be drawn
        surface = self._drawn.get(key)
        if surface is None:
            if len(self._drawn) >= KEPT_PICTURES:  # a window resized again and again: forget the oldest size
                del self._drawn[next(iter(self._drawn))]
            surface = self._drawn[key] = self._draw(doc, key[1])
        return surface

    def _draw(self, doc: str, size: tuple[int, int]) -> pygame.Surface:
        variant, players = PICTURE_VARIANTS.get(doc, PICTURE_VARIANTS["catan"])
        game = new_game(variant, players, SEED)
        if self._sprites is None:
            self._sprites = SpriteBook(self.art)
        if doc not in ("rivals", "cards"):
            return self._board(game, size)
        # The card games lie on the same table cloth as the board, their cards kept clear of its edge.
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, TABLE_BG, surface.get_rect(), border_radius=max(6, size[0] // 28))
        pad = max(6, size[0] // 30)
        inner = (size[0] - 2 * pad, size[1] - 2 * pad)
        cards = self._principality(game, inner) if doc == "rivals" else self._quick_cards(inner)
        surface.blit(cards, (pad, pad))
        return surface

    def _board(self, game: Any, size: tuple[int, int]) -> pygame.Surface:
        """The board with its beginner pieces, on the table's felt with rounded corners."""
        board = render_board_preview(game, size, self._sprites)
        surface = pygame.Surface(size, pygame.SRCALPHA)
        mask = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(6, size[0] // 28))
        surface.blit(board, (0, 0))
        surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return surface

    def _principality(self, game: Any, size: tuple[int, int]) -> pygame.Surface:
        """The first seat's starting principality: two settlements, the road and six regions."""
        if self._faces is None:
            self._faces = CardFaces(self.art)
        view = game.view(0)
        grid, store = view.grid[0], view.store[0]
        cells = [c for c, card in enumerate(grid) if card >= 0]
        surface = pygame.Surface(size, pygame.SRCALPHA)
        geo = PrincipalityGeometry.build(pygame.Rect(0, 0, *size), cells, False, size[0])
        draw_principality(surface, self._faces, geo, grid, store, ())
        return surface

    def _quick_cards(self, size: tuple[int, int]) -> pygame.Surface:
        """The building cards on offer above; a laid-out settlement and road and a fanned hand of resources below."""
        w, h = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        gap = max(4, w // 40)
        # The lower row is the widest: two cards, a wider gap and a fan about two cards wide.
        card_w = min(int((w - 4 * gap) / 4.3), int((h - 2 * gap) / 2 / CARD_ASPECT_HW))
        card_h = int(card_w * CARD_ASPECT_HW)
        top = (h - 2 * card_h - gap) // 2
        x = (w - 3 * card_w - 2 * gap) // 2
        for name in QUICK_OFFER:
            self._card(surface, "quick_card", name, pygame.Rect(x, top, card_w, card_h))
            x += card_w + gap
        y = top + card_h + gap
        x = (w - int(4.3 * card_w) - 3 * gap) // 2
        for name in QUICK_TABLEAU:
            self._card(surface, "quick_card", name, pygame.Rect(x, y, card_w, card_h))
            x += card_w + gap
        x += 2 * gap
        step = int(card_w * 0.43)
        for i, resource in enumerate(QUICK_HAND):
            angle = (len(QUICK_HAND) - 1) / 2 * FAN_DEGREES - i * FAN_DEGREES
            face = pygame.transform.rotozoom(self._sprites.get("resource_card", resource, (card_w, card_h)), angle, 1.0)
            centre = (x + card_w // 2 + i * step, y + card_h // 2 + abs(int(angle)) // 2)
            surface.blit(face, face.get_rect(center=centre))
        return surface

    def _card(self, surface: pygame.Surface, kind: str, name: str, rect: pygame.Rect) -> None:
        """One card with a soft shadow."""
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=max(3, rect.w // 12))
        offset = max(2, rect.w // 30)
        surface.blit(shadow, rect.move(offset, offset))
        surface.blit(self._sprites.get(kind, name, rect.size), rect.topleft)


__all__ = ["PICTURE_VARIANTS", "TablePictures"]
