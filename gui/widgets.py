"""Small widgets drawn with pygame: buttons with hit-testing, tooltips, panels."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from gui.fonts import render_text

Color = tuple[int, int, int]

PANEL = (34, 40, 52)
PANEL_EDGE = (70, 80, 98)
TEXT = (236, 236, 230)
TEXT_DIM = (150, 156, 166)
ACCENT = (230, 180, 70)
BUTTON = (58, 88, 128)
BUTTON_HOVER = (76, 112, 160)
BUTTON_DISABLED = (60, 64, 72)


@dataclass
class Button:
    """A clickable rectangle with a label; `enabled` decides whether clicks count."""

    rect: pygame.Rect
    label: str
    on_click: Callable[[], None]
    enabled: bool = True
    tooltip: str = ""
    hotkey: int | None = None
    font_size: int = 18
    icon: pygame.Surface | None = None
    hovered: bool = field(default=False, init=False)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Track hover; run on_click for a left click or the hotkey; True when consumed."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.on_click()
            return True
        elif event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey and self.enabled:
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the button in its state (disabled, hovered, normal)."""
        color = BUTTON_DISABLED if not self.enabled else (BUTTON_HOVER if self.hovered else BUTTON)
        pygame.draw.rect(surface, color, self.rect, border_radius=8)
        pygame.draw.rect(surface, PANEL_EDGE if self.enabled else BUTTON_DISABLED, self.rect, 1, border_radius=8)
        text = render_text(self.label, self.font_size, TEXT if self.enabled else TEXT_DIM, True)
        x = self.rect.centerx - text.get_width() // 2
        if self.icon is not None:
            total = self.icon.get_width() + 6 + text.get_width()
            x = self.rect.centerx - total // 2
            surface.blit(self.icon, (x, self.rect.centery - self.icon.get_height() // 2))
            x += self.icon.get_width() + 6
        surface.blit(text, (x, self.rect.centery - text.get_height() // 2))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, color: Color = PANEL, alpha: int = 235,
               radius: int = 12) -> None:
    """A rounded, slightly transparent panel."""
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*color, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, (*PANEL_EDGE, 255), panel.get_rect(), 1, border_radius=radius)
    surface.blit(panel, rect.topleft)


def draw_tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
    """A small label box near the mouse, kept inside the surface."""
    label = render_text(text, 15, TEXT)
    box = pygame.Rect(0, 0, label.get_width() + 14, label.get_height() + 10)
    box.topleft = (pos[0] + 14, pos[1] + 18)
    box.clamp_ip(surface.get_rect())
    draw_panel(surface, box, (20, 24, 30), 245, 6)
    surface.blit(label, (box.x + 7, box.y + 5))
