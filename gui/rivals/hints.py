"""The Rivals table's hint: why the hand card or supply card under the mouse cannot be played or built."""

from __future__ import annotations

from typing import Any

from game.rivals.reasons import SUPPLY_KINDS, why_not_card, why_not_supply
from gui.hints import hint_viewer, hints_on
from gui.rivals.interact import buildable_supply, playable_cards

def rivals_reason_text(app: Any, names: Any, key: str, params: dict[str, Any]) -> str:
    """A Rivals reason in the player's language: resources, phases, sites and requirements named."""
    t = app.t
    if key == "reason.rivals.requires":
        code = params["requirement"]
        if app.translator.has(f"reason.rivals.req.{code}"):
            return t(key, requirement=t(f"reason.rivals.req.{code}"))
        return t("reason.rivals.requires.cards", cards=t("reason.rivals.or").join(names.card(c) for c in code.split("|")))
    if key == "reason.rivals.no_site":
        specific = f"{key}.{params['placement']}"
        return t(specific) if app.translator.has(specific) else t(key)
    if key == "reason.rivals.phase":
        return t(key, phase=t(f"rivals.phase.{params['phase']}"))
    if key == "reason.rivals.resources":
        text = t(key, missing=names.resources(params["missing"]))
        return text[:-1] + t("reason.rivals.discount", count=params["discount"]) + text[-1] \
            if "discount" in params else text
    return t(key, **params)


def rivals_hint(scene: Any) -> str | None:
    """The hint for what the mouse is over at the Rivals table: a hand card that cannot be played or built, or a
    road, settlement or city of the supply that cannot be built (reasons from game.rivals.reasons)."""
    if not hints_on(scene) or scene.press is not None:
        return None
    player = hint_viewer(scene)
    if player is None or scene.view.player != player or scene._hand_hidden():
        return None
    legal = scene.session.legal(player) if player in scene.game.active_players() else []
    pos = scene.hover_pos
    scene._layout_fan()
    i = scene.fan.index_at(pos, scene._chosen_card())
    if i is not None:
        card = scene.fan.cards[i]
        if card in playable_cards(legal, scene.view.hand):
            return None
        reason = why_not_card(scene.game, player, card)
    else:
        hit = scene.spots.hit(pos) if scene.spots is not None else None
        kind = hit.split(".", 1)[1] if hit and hit.startswith("supply.") else ""
        if kind not in SUPPLY_KINDS or kind in buildable_supply(legal):
            return None
        reason = why_not_supply(scene.game, player, kind)
    if reason is None:
        return None
    return rivals_reason_text(scene.app, scene.names(), reason.key, reason.params)
