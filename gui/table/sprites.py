"""The sprite book: the Pillow art as pygame surfaces, converted once and kept, for every table and preview."""

from __future__ import annotations

from typing import Any

import pygame


class SpriteBook:
    """Pygame surfaces of the Pillow art by (kind, name, size), converted once and kept."""

    def __init__(self, art: Any) -> None:
        self.art = art
        self._cache: dict[tuple[str, str, Any], pygame.Surface] = {}

    def get(self, kind: str, name: str, size: int | tuple[int, int]) -> pygame.Surface:
        """The art as a surface; size is a width or (width, height)."""
        key = (kind, name, size)
        surf = self._cache.get(key)
        if surf is None:
            from gui.art.surfaces import to_surface

            surf = to_surface(self.art.get(kind, name, size))
            if len(self._cache) > 400:
                self._cache.clear()
            self._cache[key] = surf
        return surf
