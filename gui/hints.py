"""The hint line for new players, shared by the tables: whether hints are wanted now, a rules-model reason in the
player's language, and the line drawn at the foot of the board (each family's hints.py says what is under the
mouse)."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from gui.dialogs import GOLD, blit_text, ellipsize, px
from gui.fonts import render_text
from gui.table.log_view import format_cards

Translate = Callable[..., str]
HINT_BG = (24, 30, 40)


def reason_text(t: Translate, key: str, params: dict[str, Any]) -> str:
    """A reason from the rules model in the player's language (card counts and piece names translated)."""
    shown = dict(params)
    if "missing" in shown:
        shown["missing"] = format_cards(shown["missing"], t)
    if "piece" in shown:
        shown["piece"] = t(f"reason.piece.{shown['piece']}")
    return t(key, **shown)


def hints_on(scene: Any) -> bool:
    """Hints are wanted and nothing modal lies over the table."""
    return bool(getattr(scene.app.settings, "hints", True)) and scene.dialog is None and scene.pass_screen is None \
        and getattr(scene, "tour", None) is None


def hint_viewer(scene: Any) -> int | None:
    """The human seat whose table this is (None in watch mode or after the end)."""
    viewer = scene.session.viewer
    if viewer is None or scene.game.is_over() or not 0 <= viewer < len(scene.game.seats):
        return None
    return viewer if scene.game.seats[viewer].is_human else None


def draw_hint_line(surface: pygame.Surface, text: str | None, area: pygame.Rect, scale: float) -> None:
    """The hint in a dark strip with a gold (i), along the bottom of area."""
    if not text:
        return
    fs = px(17, scale)
    pad = px(10, scale)
    icon = pygame.Surface((fs + 2, fs + 2), pygame.SRCALPHA)
    pygame.draw.circle(icon, GOLD, ((fs + 2) // 2, (fs + 2) // 2), (fs + 2) // 2)
    letter = render_text("i", fs - 2, HINT_BG, True)
    icon.blit(letter, letter.get_rect(center=icon.get_rect().center))
    width = min(area.w - 2 * pad, render_text(text, fs, (240, 236, 222)).get_width() + icon.get_width() + 3 * pad)
    box = pygame.Rect(0, 0, width, fs + 2 * pad)
    box.midbottom = (area.centerx, area.bottom - pad)
    pygame.draw.rect(surface, HINT_BG, box, border_radius=px(8, scale))
    pygame.draw.rect(surface, GOLD, box, 1, border_radius=px(8, scale))
    surface.blit(icon, (box.x + pad, box.centery - icon.get_height() // 2))
    room = box.right - pad - (box.x + 2 * pad + icon.get_width())
    blit_text(surface, ellipsize(text, fs, room), fs, (240, 236, 222),
              (box.x + 2 * pad + icon.get_width(), box.centery), "midleft")
