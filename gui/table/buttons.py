"""The tables' action button: a styled button with its cost in resource icons and its shortcut key's cap."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from gui.dialogs import StyledButton, blit_text, fit_text
from gui.fonts import render_text
from gui.widgets import TEXT, TEXT_DIM


class CostButton(StyledButton):
    """A styled button with its cost in resource icons under the label."""

    def __init__(self, rect: pygame.Rect, label: str, on_click: Callable[[], None], cost: tuple[int, ...] = (),
                 icons: Callable[[int, bool], pygame.Surface] | None = None, **kwargs: object) -> None:
        super().__init__(rect, label, on_click, **kwargs)  # type: ignore[arg-type]
        self.cost = cost
        self.icons = icons
        self._veil: pygame.Surface | None = None
        self.key_hint = ""  # the shortcut key, shown as a small cap in the top-right corner

    def draw(self, surface: pygame.Surface) -> None:
        """Label on top, icons below, the shortcut key's cap; a disabled button is veiled so it reads as
        unavailable."""
        self._draw(surface)
        if self.key_hint:
            self._draw_key_hint(surface)
        if not self.enabled:
            veil = self._veil
            if veil is None or veil.get_size() != self.rect.size:
                veil = self._veil = pygame.Surface(self.rect.size, pygame.SRCALPHA)
                pygame.draw.rect(veil, (14, 17, 22, 120), veil.get_rect(), border_radius=max(4, self.rect.h // 5))
            surface.blit(veil, self.rect.topleft)

    def key_cap_rect(self) -> pygame.Rect:
        """Where the shortcut key's cap sits: the button's top-right corner."""
        size = max(9, self.rect.h // 5)
        text = render_text(self.key_hint, size, TEXT, True)
        inset = max(3, self.rect.h // 14)
        cap = pygame.Rect(0, 0, max(text.get_width() + 6, text.get_height() + 2), text.get_height() + 2)
        cap.topright = (self.rect.right - inset, self.rect.y + inset)
        return cap

    def _draw_key_hint(self, surface: pygame.Surface) -> None:
        cap = self.key_cap_rect()
        dark = self.style == "primary" and self.enabled
        pygame.draw.rect(surface, (214, 168, 64) if dark else (36, 42, 54), cap, border_radius=max(3, cap.h // 4))
        pygame.draw.rect(surface, (120, 90, 30) if dark else (92, 102, 120), cap, 1, border_radius=max(3, cap.h // 4))
        text = render_text(self.key_hint, max(9, self.rect.h // 5), (34, 27, 18) if dark else TEXT_DIM, True)
        surface.blit(text, text.get_rect(center=cap.center))

    def _draw(self, surface: pygame.Surface) -> None:
        if not self.cost or self.icons is None:
            super().draw(surface)
            return
        label = self.label
        self.label = ""
        super().draw(surface)
        self.label = label
        color = TEXT if self.enabled else TEXT_DIM
        if self.style == "primary" and self.enabled:
            color = (34, 27, 18)
        # the label keeps clear of the key's cap in the corner
        room = self.rect.width - 12 - (2 * (self.key_cap_rect().w + 2) if self.key_hint else 0)
        size = fit_text(label, self.font_size, room, True)
        blit_text(surface, label, size, color, (self.rect.centerx, self.rect.y + self.rect.h // 4), "center", True)
        icons = [r for r in range(5) for _ in range(self.cost[r])]
        if not icons:
            return
        icon = self.icons(0, False)
        iw = icon.get_width()
        step = min(iw + 1, (self.rect.w - 12) // len(icons))
        x = self.rect.centerx - (step * (len(icons) - 1) + iw) // 2
        y = self.rect.y + self.rect.h * 3 // 4 - icon.get_height() // 2
        for r in icons:
            img = self.icons(r, not self.enabled)
            surface.blit(img, (x, y))
            x += step


__all__ = ["CostButton"]
