"""Palette tiles for the lab's tools: a picture (terrain, token, harbor badge) with a caption, selectable."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from gui.dialogs import GOLD, INSET, SELECTED, SLATE, SLATE_HOVER, TEXT, TEXT_DIM, blit_text, ellipsize, fit_text
from gui.widgets import PANEL_EDGE


class _Choice:
    """A clickable choice: tracks hover, and a left click calls on_click."""

    rect: pygame.Rect
    on_click: Callable[[], None]
    hovered: bool

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Track hover; a left click makes the choice."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.on_click()
            return True
        return False


class PaletteTile(_Choice):
    """A square tile with an optional image and a caption; a click chooses it (gold frame when chosen)."""

    def __init__(self, rect: pygame.Rect, caption: str, on_click: Callable[[], None],
                 is_selected: Callable[[], bool], image: pygame.Surface | None = None, font_size: int = 13,
                 tooltip: str = "", symbol: str = "") -> None:
        self.rect = rect
        self.caption = caption
        self.on_click = on_click
        self.is_selected = is_selected
        self.image = image
        self.font_size = font_size
        self.tooltip = tooltip or caption
        self.symbol = symbol
        self.hovered = False

    def draw(self, surface: pygame.Surface) -> None:
        """The tile, its picture (or symbol) and its caption."""
        selected = self.is_selected()
        radius = max(4, self.rect.height // 8)
        fill = SELECTED if selected else (SLATE_HOVER if self.hovered else SLATE)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, GOLD if selected else (GOLD if self.hovered else PANEL_EDGE), self.rect,
                         2 if selected else 1, border_radius=radius)
        caption_h = self.font_size + 6 if self.caption else 0
        art = pygame.Rect(self.rect.x + 3, self.rect.y + 3, self.rect.width - 6, self.rect.height - 6 - caption_h)
        if self.image is not None:
            surface.blit(self.image, self.image.get_rect(center=art.center))
        elif self.symbol:
            pygame.draw.circle(surface, INSET, art.center, min(art.width, art.height) // 2 - 1)
            size = fit_text(self.symbol, max(10, art.height // 2), art.width - 8, True)
            blit_text(surface, self.symbol, size, TEXT_DIM, art.center, "center", bold=True)
        if self.caption:
            size = fit_text(self.caption, self.font_size, self.rect.width - 6)
            text = ellipsize(self.caption, size, self.rect.width - 6)
            blit_text(surface, text, size, TEXT if selected else (TEXT if self.hovered else TEXT_DIM),
                      (self.rect.centerx, self.rect.bottom - 3), "midbottom")


class ToolButton(_Choice):
    """A tool choice (Move, Terrain, Number, Harbor): a slate button that stays gold while its tool is chosen."""

    def __init__(self, rect: pygame.Rect, label: str, on_click: Callable[[], None],
                 is_selected: Callable[[], bool], font_size: int = 16) -> None:
        self.rect = rect
        self.label = label
        self.on_click = on_click
        self.is_selected = is_selected
        self.font_size = font_size
        self.hovered = False

    def draw(self, surface: pygame.Surface) -> None:
        """Gold when chosen, slate otherwise."""
        selected = self.is_selected()
        radius = max(4, self.rect.height // 5)
        fill = GOLD if selected else (SLATE_HOVER if self.hovered else SLATE)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, GOLD if self.hovered or selected else PANEL_EDGE, self.rect, 1, border_radius=radius)
        size = fit_text(self.label, self.font_size, self.rect.width - 10, True)
        blit_text(surface, self.label, size, (34, 27, 18) if selected else TEXT, self.rect.center, "center", bold=True)


__all__ = ["PaletteTile", "ToolButton"]
