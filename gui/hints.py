"""The hint line for new players: why the action under the mouse is not available, as the rules model explains it
(game.catan.reasons), translated and drawn at the foot of the board."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from gui.dialogs import GOLD, blit_text, ellipsize, px
from gui.fonts import render_text

Translate = Callable[..., str]
HINT_BG = (24, 30, 40)


def reason_text(t: Translate, key: str, params: dict[str, Any]) -> str:
    """A reason from the rules model in the player's language (card counts and piece names translated)."""
    from gui.table.log_view import format_cards

    shown = dict(params)
    if "missing" in shown:
        shown["missing"] = format_cards(shown["missing"], t)
    if "piece" in shown:
        shown["piece"] = t(f"reason.piece.{shown['piece']}")
    return t(key, **shown)


def catan_hint(scene: Any) -> str | None:
    """The hint for what the mouse is over at a Catan table: a disabled action button or a development card in the
    hand that cannot be played; None when hints are off or nothing unavailable is under the mouse."""
    from game.catan.reasons import ACTION_KINDS, why_not

    if not getattr(scene.app.settings, "hints", True) or scene.dialog is not None or scene.pass_screen is not None:
        return None
    human = scene.session.human_actor()
    if human is None or scene.game.is_over():
        return None
    pos = scene.hover_pos
    what = None
    for bid, button in scene.buttons.items():
        if button.rect.collidepoint(pos):
            if button.enabled or bid not in ACTION_KINDS:
                return None
            what = bid
            break
    if what is None:
        card = scene.hand_panel.card_at(pos)
        if card is None or card.kind != "dev" or card.playable:
            return None
        what = "play_dev"
    kinds = {a.kind for a in scene.session.legal(human)}
    reason = why_not(scene.game.state, human, what, kinds)
    return reason_text(scene.app.t, reason.key, reason.params) if reason is not None else None


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
