"""Why an action of the quick card game is not available to a player now: a reason key and parameters read from
the game's own checks (for the hint line of new players; never on the rules' hot path)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.cards.state import BUILD, DISCARD, GAME_OVER, NOBODY, TRADE
from game.core.reasons import Reason, missing_cards

#: The action families a hint can be asked about (the table's buttons) and the action kinds that make each available.
ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "pile": ("exchange_pile",), "market": ("exchange_market",), "player": ("take_from_player",),
    "library": ("look_at_hand",), "guild": ("guild_take",), "end_trade": ("end_trade",),
    "settlement": ("build_settlement",), "city": ("build_city",), "development": ("build_development",),
    "road": ("build_road",), "knight": ("build_knight",), "end_turn": ("end_turn",),
}
_EXCHANGES = ("pile", "market", "player", "library")
_BUILDS = ("settlement", "city", "development", "road", "knight")


def why_not(game: Any, player: int, what: str, legal_kinds: Iterable[str]) -> Reason | None:
    """Why `what` (a key of ACTION_KINDS) is not available to player; None when it is (one of its kinds is among
    legal_kinds, the kinds of the player's legal actions) or when no simple reason explains it."""
    if what not in ACTION_KINDS:
        raise ValueError(f"no action family {what!r}")
    if set(legal_kinds) & set(ACTION_KINDS[what]):
        return None
    s = game.state
    if s.phase == GAME_OVER:
        return Reason("reason.game_over")
    if s.phase == DISCARD:
        return Reason("reason.cards.discard_first")
    if player != s.current:
        return Reason("reason.not_your_turn")
    if s.looking_at != NOBODY:
        return Reason("reason.cards.take_open_first")
    if s.give_back_to != NOBODY:
        return Reason("reason.cards.give_back_first")
    if what in _EXCHANGES or what == "end_trade":
        return _why_not_exchange(game, player, what)
    if what == "guild":
        return _why_not_guild(game, player)
    if what in _BUILDS:
        return _why_not_build(game, player, what)
    return None


def _why_not_exchange(game: Any, player: int, what: str) -> Reason | None:
    """The exchange phase, the exchanges left, the A-side road, the library and whom one could take from."""
    s = game.state
    if s.phase != TRADE:
        return Reason("reason.cards.trade_over")
    if what == "end_trade":
        return None
    if game.trades_left() <= 0:
        return Reason("reason.cards.no_exchanges", {"limit": game.trade_limit(player)})
    if what == "pile":
        return Reason("reason.no_cards") if not any(s.hands[player]) else None
    if game.a_side(s.roads[player]) == 0:
        return Reason("reason.cards.needs_road")
    if what == "library":
        if not game.owns(player, "library"):
            return Reason("reason.cards.needs_building", {"building": "library"})
        if s.library_used:
            return Reason("reason.cards.used_this_turn", {"building": "library"})
    if what in ("player", "library") and not _opponents_holding(game, player):
        return Reason("reason.cards.nobody_holds")
    if what == "market" and not any(s.hands[player]):
        return Reason("reason.no_cards")
    return None


def _why_not_guild(game: Any, player: int) -> Reason | None:
    """The merchant guild: owned, unused this turn, someone with at least as many points holding cards."""
    s = game.state
    if s.phase not in (TRADE, BUILD):
        return None
    if not game.owns(player, "merchant_guild"):
        return Reason("reason.cards.needs_building", {"building": "merchant_guild"})
    if s.guild_used:
        return Reason("reason.cards.used_this_turn", {"building": "merchant_guild"})
    if not any(game.vp(q) >= game.vp(player) for q in _opponents_holding(game, player)):
        return Reason("reason.cards.no_guild_target")
    return None


def _why_not_build(game: Any, player: int, what: str) -> Reason | None:
    """Once per turn, a card left to build, a settlement or free city to build on, and the payment."""
    s = game.state
    if s.phase not in (TRADE, BUILD):
        return None
    if what in s.built:
        return Reason("reason.cards.built_this_turn", {"piece": what})
    if what == "settlement" and not s.settlement_supply:
        return Reason("reason.cards.none_left", {"piece": what})
    if what == "city" and not s.settlements[player]:
        return Reason("reason.cards.needs_settlement")
    if what == "development":
        if not game.uncovered_cities(player):
            return Reason("reason.cards.needs_city")
        choices = game.development_choices(player)
        if not choices:
            return Reason("reason.cards.none_left", {"piece": what})
        costs = [game.cost_of(what, d) for d in choices]
        cost = min(costs, key=sum)
    else:
        cost = game.cost_of(what)
    if what in ("road", "knight") and not game.can_take_road_or_knight(player, what):
        return Reason("reason.cards.none_left", {"piece": what})
    missing = missing_cards(s.hands[player], cost)
    if any(missing):
        return Reason("reason.cards.cannot_pay", {"missing": missing})
    return None


def _opponents_holding(game: Any, player: int) -> list[int]:
    """The opponents with at least one card in hand."""
    return [q for q in range(game.num_players) if q != player and sum(game.state.hands[q])]
