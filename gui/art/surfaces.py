"""Turn Pillow art into pygame surfaces (pygame is imported only when this is called)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image

if TYPE_CHECKING:
    import pygame


def to_surface(image: Image.Image) -> pygame.Surface:
    """A pygame Surface with per-pixel alpha holding a copy of the image."""
    import pygame

    rgba = image if image.mode == "RGBA" else image.convert("RGBA")
    surface = pygame.image.frombytes(rgba.tobytes(), rgba.size, "RGBA")
    # convert_alpha() speeds up blitting but needs a display mode to be set.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    return surface
