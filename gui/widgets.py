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


def draw_tooltip_above(surface: pygame.Surface, text: str, anchor: pygame.Rect, bottom: int) -> pygame.Rect:
    """A tooltip box ending at y `bottom`, centred on the anchor's x and kept inside the surface (so it never covers
    a row of controls below `bottom`); returns the box."""
    label = render_text(text, 15, TEXT)
    box = pygame.Rect(0, 0, label.get_width() + 14, label.get_height() + 10)
    box.midbottom = (anchor.centerx, bottom)
    box.clamp_ip(surface.get_rect())
    draw_panel(surface, box, (20, 24, 30), 245, 6)
    surface.blit(label, (box.x + 7, box.y + 5))
    return box


FOCUS_RING: Color = (255, 255, 255)


class FocusRing:
    """Keyboard focus over a row of widgets: Tab and Shift+Tab move it (a visible ring), Enter or Space activates the
    focused one, the arrow keys step a value picker. Mouse clicks hide the ring until Tab is pressed again."""

    def __init__(self) -> None:
        self.index = -1

    @staticmethod
    def focusable(widgets: list[object]) -> list[object]:
        """The widgets that take the focus: live controls with a size on screen."""
        out = []
        for w in widgets:
            rect = getattr(w, "rect", None)
            if rect is None or rect.w <= 0 or rect.h <= 0 or not getattr(w, "enabled", True):
                continue
            if any(hasattr(w, name) for name in ("on_click", "on_change", "on_activate", "on_submit")):
                out.append(w)
        return out

    def focused(self, widgets: list[object]) -> object | None:
        """The focused widget, if the ring is up."""
        items = self.focusable(widgets)
        return items[self.index] if 0 <= self.index < len(items) else None

    def move(self, widgets: list[object], step: int) -> object | None:
        """Move the focus by step (wrapping) and return the newly focused widget."""
        items = self.focusable(widgets)
        if not items:
            self.index = -1
            return None
        if self.index < 0 or self.index >= len(items):
            self.index = 0 if step > 0 else len(items) - 1
        else:
            self.index = (self.index + step) % len(items)
        return items[self.index]

    def handle_event(self, event: pygame.event.Event, widgets: list[object]) -> bool:
        """Tab, Shift+Tab, Enter, Space and the arrows for the focused widget; True when consumed."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.index = -1
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key == pygame.K_TAB:
            before = self.focused(widgets)
            if hasattr(before, "focused"):
                before.focused = False  # a text field loses the keyboard
            after = self.move(widgets, -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
            if after is not None and hasattr(after, "caret") and hasattr(after, "focused"):
                after.focused = True
                after.caret = len(getattr(after, "text", ""))
            return after is not None
        widget = self.focused(widgets)
        if widget is None or getattr(widget, "focused", False):
            return False  # a focused text field handles its own keys
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.activate(widget)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and hasattr(widget, "step"):
            widget.step(-1 if key == pygame.K_LEFT else 1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and hasattr(widget, "minus") and hasattr(widget, "_set"):
            widget._set(widget.value + (-1 if key == pygame.K_LEFT else 1))
            return True
        return False

    @staticmethod
    def activate(widget: object) -> bool:
        """What Enter does to a widget: click a button, flip a switch, step a picker, open a list's row."""
        if hasattr(widget, "on_click"):
            widget.on_click()
        elif hasattr(widget, "step"):
            widget.step(1)
        elif hasattr(widget, "labels") and hasattr(widget, "on_change"):
            widget.value = not widget.value
            widget.on_change(widget.value)
        elif hasattr(widget, "on_activate"):
            if getattr(widget, "value", None) is None or widget.on_activate is None:
                return False
            widget.on_activate(widget.value)
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface, widgets: list[object]) -> None:
        """The ring around the focused widget: white with a dark edge, readable on gold and on slate."""
        widget = self.focused(widgets)
        if widget is None:
            return
        rect = widget.rect.inflate(8, 8)
        radius = max(5, rect.height // 5)
        pygame.draw.rect(surface, (10, 12, 16), rect.inflate(4, 4), 2, border_radius=radius + 2)
        pygame.draw.rect(surface, FOCUS_RING, rect, 2, border_radius=radius)
