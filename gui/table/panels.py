"""Panels every table draws: rounded translucent backgrounds, cached, and the prompt bar along the top."""

from __future__ import annotations

import pygame

from gui.dialogs import GOLD_DARK, blit_text, ellipsize, fit_text
from gui.fonts import render_text
from gui.widgets import PANEL, PANEL_EDGE, TEXT, TEXT_DIM

Color = tuple[int, int, int]


class PanelCache:
    """Rounded translucent panel backgrounds, drawn once per size and colour."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int, Color, int, int, Color], pygame.Surface] = {}

    def get(self, size: tuple[int, int], color: Color = PANEL, alpha: int = 235, radius: int = 12,
            edge: Color = PANEL_EDGE) -> pygame.Surface:
        """A panel surface of the size."""
        key = (size[0], size[1], color, alpha, radius, edge)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 64:
                self._cache.clear()
            surf = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
            pygame.draw.rect(surf, (*color, alpha), surf.get_rect(), border_radius=radius)
            pygame.draw.rect(surf, (*edge, 255), surf.get_rect(), 1, border_radius=radius)
            self._cache[key] = surf
        return surf

    def blit(self, surface: pygame.Surface, rect: pygame.Rect, color: Color = PANEL, alpha: int = 235,
             radius: int = 12, edge: Color = PANEL_EDGE) -> None:
        """Draw a panel at rect."""
        surface.blit(self.get(rect.size, color, alpha, radius, edge), rect.topleft)


def draw_top_bar(surface: pygame.Surface, rect: pygame.Rect, prompt: str, info: str, color: Color,
                 fs: int, right_margin: int) -> None:
    """The prompt line: whose move it is and what is expected, with turn info on the right."""
    pygame.draw.rect(surface, (20, 25, 33), rect)
    pygame.draw.line(surface, GOLD_DARK, (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1), 2)
    dot = pygame.Rect(rect.x + 12, rect.centery - fs // 2, fs, fs)
    pygame.draw.circle(surface, color, dot.center, fs // 2)
    pygame.draw.circle(surface, (15, 15, 18), dot.center, fs // 2, 1)
    info_surf = render_text(info, max(10, fs - 2), TEXT_DIM, False)
    ix = rect.right - right_margin - info_surf.get_width() - 14
    surface.blit(info_surf, (ix, rect.centery - info_surf.get_height() // 2))
    width = ix - dot.right - 24
    size = fit_text(prompt, fs + 2, width, True)
    blit_text(surface, ellipsize(prompt, size, width, True), size, TEXT, (dot.right + 10, rect.centery), "midleft",
              bold=True)


__all__ = ["PanelCache", "draw_top_bar"]
