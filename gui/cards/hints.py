"""The quick card game's hint: why the greyed action button under the mouse is not available."""

from __future__ import annotations

from typing import Any

from game.cards.reasons import ACTION_KINDS, why_not
from gui.cards.log import cards_text
from gui.hints import hint_viewer, hints_on

def cards_hint(scene: Any) -> str | None:
    """The hint for a greyed action button at the quick card game's table (reasons from game.cards.reasons)."""
    if not hints_on(scene):
        return None
    player = hint_viewer(scene)
    if player is None:
        return None
    what = None
    for bid, button in scene.buttons.items():
        if button.rect.collidepoint(scene.hover_pos):
            if button.enabled or bid not in ACTION_KINDS:
                return None
            what = bid
            break
    if what is None:
        return None
    kinds = {a.kind for a in scene.session.legal(player)} if player in scene.game.active_players() else set()
    reason = why_not(scene.game, player, what, kinds)
    if reason is None:
        return None
    t = scene.app.t
    shown = dict(reason.params)
    if "missing" in shown:
        shown["missing"] = cards_text(shown["missing"], t)
    for name in ("piece", "building"):
        if name in shown:
            shown[name] = t(f"cards.card.{shown[name]}")
    return t(reason.key, **shown)
