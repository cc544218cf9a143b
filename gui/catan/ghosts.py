"""Ghost pieces: the legal spots of a placement shown as translucent pieces in the player's colour, haloed so they
read on every background (sea, coast, any terrain)."""

from __future__ import annotations

import pygame

HALO_LIGHT = (255, 250, 222)
HALO_DARK = (22, 20, 18)
HALO_HOVER = (255, 214, 72)


def haloed(sprite: pygame.Surface, width: int, light: tuple[int, int, int] = HALO_LIGHT,
           dark: tuple[int, int, int] = HALO_DARK) -> pygame.Surface:
    """The sprite inside a light halo that has a thin dark rim: a contrasting edge on light and dark ground alike.

    The result is larger by `width + 1` pixels on every side.
    """
    pad = width + 1
    w, h = sprite.get_size()
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    mask = pygame.mask.from_surface(sprite, 100)
    dark_shape = mask.to_surface(setcolor=(*dark, 235), unsetcolor=(0, 0, 0, 0))
    light_shape = mask.to_surface(setcolor=(*light, 255), unsetcolor=(0, 0, 0, 0))
    for shape, reach in ((dark_shape, pad), (light_shape, width)):
        for dx in range(-reach, reach + 1):
            for dy in range(-reach, reach + 1):
                if dx * dx + dy * dy <= reach * reach:
                    out.blit(shape, (pad + dx, pad + dy))
    out.blit(sprite, (pad, pad))
    return out


def ghost_alpha(pulse: float, hover: bool) -> int:
    """How opaque a ghost is now: a gentle pulse between half and most of the way; a hovered one is solid."""
    if hover:
        return 255
    return 130 + int(80 * pulse) // 10 * 10  # in steps of 10, so the cached surfaces' alpha changes seldom


__all__ = ["HALO_DARK", "HALO_HOVER", "HALO_LIGHT", "ghost_alpha", "haloed"]
