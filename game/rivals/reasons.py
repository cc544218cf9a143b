"""Why a Rivals hand card or a road, settlement or city from the supply cannot be used by a player now: a reason
key and parameters read from the rules' own checks (for the hint line of new players; never on the hot path)."""

from __future__ import annotations

from typing import Any

from game.core.reasons import Reason, missing_cards
from game.rivals.building import (center_cost, cost_discount, expansion_refusal, free_sites, playable_from_hand,
                                  site_blocked)
from game.rivals.catalogue import card_of
from game.rivals.economy import totals
from game.rivals.pending import item_index
from game.rivals.principality import is_city, open_road_columns, open_settlement_columns, settlement_columns

#: The supply piles a hint can be asked about.
SUPPLY_KINDS: tuple[str, ...] = ("road", "settlement", "city")


def _turn_reason(game: Any, player: int) -> Reason | None:
    """Game over, someone else's move, or a decision of the player's own that comes first."""
    s = game.state
    if s.winner >= 0:
        return Reason("reason.game_over")
    if player not in game.active_players():
        return Reason("reason.not_your_turn")
    if item_index(s, player) >= 0:
        return Reason("reason.rivals.decide_first")
    return None


def _payment_reason(game: Any, player: int, cost: tuple[int, ...], discount: int = 0) -> Reason | None:
    """What the player's regions lack for the cost (a discount leaves out resources of the player's choice)."""
    missing = missing_cards(totals(game.state, player), cost)
    if sum(missing) > discount:
        return Reason("reason.rivals.resources", {"missing": missing} if not discount else
                      {"missing": missing, "discount": discount})
    return None


def why_not_card(game: Any, player: int, card: int) -> Reason | None:
    """Why the hand card cannot be played or built now; None when it can (or no simple reason explains it)."""
    s = game.state
    if card not in s.hands[player]:
        raise ValueError(f"card {card} is not in the hand of player {player}")
    turn = _turn_reason(game, player)
    if turn is not None:
        return turn
    if not playable_from_hand(game, player, card):
        return Reason("reason.rivals.fresh")
    info = card_of()[card]
    if info.is_expansion:
        if s.phase != "action":
            return Reason("reason.rivals.phase", {"phase": "action"})
        why = expansion_refusal(game, player, card)
        if why is not None:
            return _refusal(why)
        if not free_sites(game, player, info.placement):
            key = "reason.rivals.sites_taken" if site_blocked(game, player, info.placement) else "reason.rivals.no_site"
            return Reason(key, {"placement": info.placement or ""})
        return _payment_reason(game, player, info.cost, cost_discount(game, player, card))
    if info.is_action:
        rule = game.card_rules.actions.get(info.id)
        if rule is None or rule.phase == "never":
            return Reason("reason.rivals.inside_build") if info.id == "scout" else Reason("reason.rivals.not_playable")
        if rule.phase != s.phase:
            return Reason("reason.rivals.phase", {"phase": rule.phase})
        why = rule.refusal(game, player)
        if why:
            return _refusal(why)
    return None


def why_not_supply(game: Any, player: int, kind: str) -> Reason | None:
    """Why a road, settlement or city of the supply cannot be built now; None when it can."""
    if kind not in SUPPLY_KINDS:
        raise ValueError(f"no supply pile {kind!r}")
    turn = _turn_reason(game, player)
    if turn is not None:
        return turn
    s = game.state
    if s.phase != "action":
        return Reason("reason.rivals.phase", {"phase": "action"})
    if not s.center[kind]:
        return Reason("reason.rivals.none_left", {"piece": kind})
    grid = s.grid[player]
    if kind == "road":
        open_sites = open_road_columns(grid)
    elif kind == "settlement":
        open_sites = open_settlement_columns(grid)
    else:
        open_sites = [x for x in settlement_columns(grid) if not is_city(grid, x)]
    if not open_sites:
        return Reason("reason.rivals.no_site", {"placement": kind})
    return _payment_reason(game, player, center_cost(kind))


def _refusal(code: str) -> Reason:
    """A refusal of the rules (a requirement id such as 'city' or 'com3', a card id or ids joined by '|',
    'one_x', 'used_this_turn', ...)."""
    if code in ("one_x", "used_this_turn"):
        return Reason(f"reason.rivals.{code}")
    return Reason("reason.rivals.requires", {"requirement": code})
