"""The Catan table's hint: why the action button or development card under the mouse is not available."""

from __future__ import annotations

from typing import Any

from game.catan.reasons import ACTION_KINDS, why_not
from gui.hints import reason_text

def catan_hint(scene: Any) -> str | None:
    """The hint for what the mouse is over at a Catan table: a disabled action button or a development card in the
    hand that cannot be played; None when hints are off or nothing unavailable is under the mouse."""
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
    reason = why_not(scene.game.state, human, what, kinds, scene.game.options)
    return reason_text(scene.app.t, reason.key, reason.params) if reason is not None else None
