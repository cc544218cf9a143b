"""Card surfaces of the Rivals table: the app's card art, scaled (a small card face drawn at its own size, so
its name and costs can be read) and turned in quarter turns, cached."""

from __future__ import annotations

from collections import OrderedDict
from functools import cache
from typing import Any

import pygame

from game.rivals.catalogue import Instance, catalogue
from gui.art.cache import RIVALS_MASTER_WIDTH
from gui.art.rivals_faces import COMPACT_W

MASTER_WIDTH = RIVALS_MASTER_WIDTH   # every face is drawn once at this width and scaled from it
MAX_ITEMS = 600


@cache
def art_name(index: int) -> tuple[str, str]:
    """The art kind and name of a physical card's face."""
    inst: Instance = catalogue().instances[index]
    if inst.card.type == "region":
        return "rivals_region", f"{inst.card.id}.{inst.number}"
    return "rivals_card", inst.card.id


def is_region(index: int) -> bool:
    """Whether a physical card is a (square) region."""
    return catalogue().instances[index].card.type == "region"


class CardFaces:
    """Faces and backs by physical card index, scaled to a size and turned by quarter turns (counter-clockwise)."""

    def __init__(self, art: Any) -> None:
        self.art = art
        self._master: dict[tuple[str, str], pygame.Surface] = {}
        self._scaled: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()

    def master(self, kind: str, name: str) -> pygame.Surface:
        """The face at the master width, in its natural proportions."""
        key = (kind, name)
        surf = self._master.get(key)
        if surf is None:
            from gui.art.surfaces import to_surface

            surf = self._master[key] = to_surface(self.art.get(kind, name, MASTER_WIDTH))
        return surf

    def art_surface(self, kind: str, name: str, size: tuple[int, int], quarter: int = 0) -> pygame.Surface:
        """Any art of the kind scaled to size (width, height before turning) and turned quarter * 90 degrees."""
        key = (kind, name, size, quarter % 4)
        surf = self._scaled.get(key)
        if surf is not None:
            self._scaled.move_to_end(key)
            return surf
        w, h = max(1, size[0]), max(1, size[1])
        if kind == "rivals_card" and w < COMPACT_W:  # drawn at its own size: its name and costs set larger
            from gui.art.surfaces import to_surface

            surf = to_surface(self.art.get(kind, name, (w, h)))
        else:
            base = self.master(kind, name)
            surf = base if base.get_size() == (w, h) else pygame.transform.smoothscale(base, (w, h))
        if quarter % 4:
            surf = pygame.transform.rotate(surf, 90 * (quarter % 4))
        self._scaled[key] = surf
        if len(self._scaled) > MAX_ITEMS:
            self._scaled.popitem(last=False)
        return surf

    def face(self, index: int, size: tuple[int, int], quarter: int = 0) -> pygame.Surface:
        """A physical card's face; size is (width, height) before turning."""
        kind, name = art_name(index)
        return self.art_surface(kind, name, size, quarter)

    def card(self, card_id: str, size: tuple[int, int], quarter: int = 0) -> pygame.Surface:
        """A non-region card's face by card id (the centre cards, events)."""
        return self.art_surface("rivals_card", card_id, size, quarter)

    def back(self, back: str, size: tuple[int, int], quarter: int = 0) -> pygame.Surface:
        """A card back by name (basic, gold, event, region, road, ...)."""
        return self.art_surface("rivals_back", back, size, quarter)

    def rotated(self, surf: pygame.Surface, angle: float) -> pygame.Surface:
        """A surface turned by any angle (used while a region turns; not cached)."""
        return pygame.transform.rotate(surf, angle)
