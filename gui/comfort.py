"""Comfort helpers the App needs on every screen: whether a text field takes the keys, and the mute badge."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from gui.dialogs import GOLD, SHADOW, TEXT, TextField, blit_text, px, ui_scale
from gui.fonts import render_text


def _focused_field(value: Any) -> bool:
    if isinstance(value, TextField):
        return value.focused
    if isinstance(value, (list, tuple)):
        return any(isinstance(v, TextField) and v.focused for v in value)
    if isinstance(value, dict):
        return any(isinstance(v, TextField) and v.focused for v in value.values())
    return False


def typing_in(scene: Any, depth: int = 2) -> bool:
    """Whether a focused text field of the scene (or of its parts, a few levels down) takes typed keys now."""
    if scene is None:
        return False
    try:
        members = vars(scene)
    except TypeError:
        return False
    for value in members.values():
        if _focused_field(value):
            return True
        if depth > 0 and hasattr(value, "__dict__") and not isinstance(value, (type, pygame.Surface)) \
                and type(value).__module__.startswith("gui.") and typing_in(value, depth - 1):
            return True
    return False


def speaker_icon(size: int, muted: bool, color: tuple[int, int, int] = TEXT) -> pygame.Surface:
    """A loudspeaker drawn with polygons; crossed out when muted, with sound waves when not."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    u = size / 16
    body = [(2 * u, 6 * u), (5 * u, 6 * u), (9 * u, 2.5 * u), (9 * u, 13.5 * u), (5 * u, 10 * u), (2 * u, 10 * u)]
    pygame.draw.polygon(icon, color, body)
    width = max(1, round(1.4 * u))
    if muted:
        pygame.draw.line(icon, (226, 90, 80), (10.5 * u, 5.5 * u), (15 * u, 10.5 * u), width)
        pygame.draw.line(icon, (226, 90, 80), (10.5 * u, 10.5 * u), (15 * u, 5.5 * u), width)
    else:
        for r in (3.5, 6.0):
            box = pygame.Rect(0, 0, round(2 * r * u), round(2 * r * u))
            box.center = (round(8.5 * u), round(8 * u))
            pygame.draw.arc(icon, color, box, -0.8, 0.8, width)
    return icon


def draw_sound_badge(surface: pygame.Surface, t: Callable[..., str], muted: bool, note: float) -> None:
    """While muted, a small crossed-out speaker in the bottom-left corner; for a moment after M, a note at the top
    saying whether the sound is on or off."""
    w, h = surface.get_size()
    s = ui_scale((w, h))
    if muted:
        size = px(22, s)
        box = pygame.Rect(px(4, s), h - size - px(10, s), size + px(6, s), size + px(6, s))
        pygame.draw.rect(surface, SHADOW, box, border_radius=px(5, s))
        pygame.draw.rect(surface, GOLD, box, 1, border_radius=px(5, s))
        surface.blit(speaker_icon(size, True), (box.x + px(3, s), box.y + px(3, s)))
    if note > 0:
        text = t("comfort.sound_off" if muted else "comfort.sound_on")
        fs = px(20, s)
        size = px(26, s)
        label = render_text(text, fs, TEXT).get_rect()
        box = pygame.Rect(0, 0, label.w + size + px(36, s), max(label.h, size) + px(16, s))
        box.midtop = (w // 2, px(56, s))
        pygame.draw.rect(surface, SHADOW, box, border_radius=px(8, s))
        pygame.draw.rect(surface, GOLD, box, 1, border_radius=px(8, s))
        surface.blit(speaker_icon(size, muted), (box.x + px(12, s), box.centery - size // 2))
        blit_text(surface, text, fs, TEXT, (box.x + px(20, s) + size, box.centery), "midleft")
