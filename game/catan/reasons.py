"""Why a Catan action is not available to a player now: a reason key and parameters read from the state (for the
hint line of new players; never on the rules' hot path)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from game.catan import state as S
from game.catan.constants import COSTS, DEV_CARDS
from game.core.reasons import Reason, missing_cards

#: The action families a hint can be asked about, and the action kinds that make each available.
ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "roll": ("roll",), "road": ("build_road",), "settlement": ("build_settlement",), "city": ("build_city",),
    "dev": ("buy_dev_card",), "trade": ("offer_trade",), "bank": ("maritime_trade",), "end": ("end_turn",),
    "play_dev": ("play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly"),
}
_PIECES_LEFT = {"road": "roads_left", "settlement": "settlements_left", "city": "cities_left"}
_COST = {"road": "road", "settlement": "settlement", "city": "city", "dev": "dev_card"}


def why_not(state: Any, player: int, what: str, legal_kinds: Iterable[str],
            options: Mapping[str, Any] | None = None) -> Reason | None:
    """Why `what` (a key of ACTION_KINDS) is not available to player; None when it is (one of its kinds is among
    legal_kinds, the kinds of the player's legal actions) or when no simple reason explains it. `options` are the
    game's variant options (a house rule such as domestic_trade=false can be the reason)."""
    legal = set(legal_kinds)
    if what not in ACTION_KINDS:
        raise ValueError(f"no action family {what!r}")
    if legal & set(ACTION_KINDS[what]):
        return None
    if what == "trade" and options is not None and not options.get("domestic_trade", True):
        return Reason("reason.no_domestic_trade")
    phase = state.phase
    if phase == S.GAME_OVER:
        return Reason("reason.game_over")
    if state.current != player and phase not in (S.DISCARD, S.TRADE_RESPONSE):
        return Reason("reason.not_your_turn")
    if phase in (S.SETUP_SETTLEMENT, S.SETUP_ROAD):
        return Reason("reason.setup")
    if phase == S.DISCARD:
        return Reason("reason.discard_first")
    if phase == S.MOVE_ROBBER:
        return Reason("reason.robber_first")
    if phase in (S.TRADE_RESPONSE, S.TRADE_CONFIRM):
        return Reason("reason.trade_open")
    if phase == S.ROAD_BUILDING:
        return Reason("reason.road_building")
    if what == "roll":
        return Reason("reason.rolled") if state.has_rolled else None
    if what == "play_dev":
        return _why_not_play(state, player)
    if phase == S.ROLL:
        return Reason("reason.roll_first")
    if what == "end":
        return None
    if what in _PIECES_LEFT and getattr(state, _PIECES_LEFT[what])[player] <= 0:
        return Reason("reason.no_pieces", {"piece": what})
    if what == "dev" and not state.dev_deck:
        return Reason("reason.deck_empty")
    if what in _COST:
        missing = missing_cards(state.hands[player], COSTS[_COST[what]])
        if any(missing):
            return Reason("reason.resources", {"missing": missing})
        if what in _PIECES_LEFT:
            return Reason("reason.no_spot", {"piece": what})
    if what in ("trade", "bank") and not any(state.hands[player]):
        return Reason("reason.no_cards")
    if what == "bank":
        return Reason("reason.bank_rate")
    return None


def _why_not_play(state: Any, player: int) -> Reason | None:
    """Why no development card can be played now."""
    if state.dev_played_turn:
        return Reason("reason.dev_played")
    held = state.dev_hand[player]
    ready = [h - n for h, n in zip(held, state.dev_new[player])]
    playable = [c for c, name in enumerate(DEV_CARDS) if name != "victory_point"]
    if not any(held[c] for c in playable):
        return Reason("reason.no_dev_cards")
    if not any(ready[c] > 0 for c in playable):
        return Reason("reason.dev_new")
    return None
