"""Card prerequisites by id ("merchant_guild", "city|com3", "strength_advantage", ...) and why they fail."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from game.rivals.building import free_sites
from game.rivals.catalogue import card_of
from game.rivals.constants import GOLD, STRENGTH
from game.rivals.economy import total, totals
from game.rivals.effects.gold_actions import take_targets
from game.rivals.effects.turmoil_cards import arson_targets
from game.rivals.principality import is_city, settlement_columns
from game.rivals.scoring import expansion_cells, owned_ids, stats, victory_points

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame


def _city(g: RivalsGame, p: int) -> bool:
    grid = g.state.grid[p]
    return any(is_city(grid, x) for x in settlement_columns(grid))


def _hero_str(g: RivalsGame, p: int) -> bool:
    cards, grid = card_of(), g.state.grid[p]
    return any(cards[grid[c]].type == "sc_hero" and cards[grid[c]].str > 0 for c in expansion_cells(g.state, p))


def _opponent_unit_str(g: RivalsGame, p: int) -> bool:
    cards, grid = card_of(), g.state.grid[1 - p]
    return any(cards[grid[c]].type in ("sc_hero", "sc_unit") and cards[grid[c]].str > 0
               for c in expansion_cells(g.state, 1 - p))


def _parish_hall_in_city(g: RivalsGame, p: int) -> bool:
    return bool(free_sites(g, p, "on_parish_hall"))


def _opponent_storable(g: RivalsGame, p: int) -> bool:
    return bool(take_targets(g, p, 63))


def _opponent_unprotected_building(g: RivalsGame, p: int) -> bool:
    return bool(arson_targets(g, 1 - p))


def _timing(g: RivalsGame, p: int) -> bool:
    return True  # timing conditions are checked by the phase of the card's rule


# Requirement id -> whether the player meets it; any other id asks for an own card of that id.
_CONDITIONS: Mapping[str, Callable[[RivalsGame, int], bool]] = MappingProxyType({
    "city": _city,
    "com3": lambda g, p: stats(g.state, p)[2] >= 3,
    "prog2": lambda g, p: stats(g.state, p)[3] >= 2,
    "strength_advantage": lambda g, p: g.state.tokens[STRENGTH] == p,
    "fewer_vp": lambda g, p: victory_points(g.state, p) < victory_points(g.state, 1 - p),
    "opponent_gold": lambda g, p: totals(g.state, 1 - p)[GOLD] > 0,
    "opponent_resource": lambda g, p: total(g.state, 1 - p) > 0,
    "opponent_hand": lambda g, p: bool(g.state.hands[1 - p]),
    "gold3": lambda g, p: totals(g.state, p)[GOLD] >= 3,
    "resources2": lambda g, p: total(g.state, p) >= 2,
    "hero_str": _hero_str,
    "opponent_unit_str": _opponent_unit_str,
    "parish_hall_in_city": _parish_hall_in_city,
    "opponent_storable": _opponent_storable,
    "opponent_unprotected_building": _opponent_unprotected_building,
    "before_roll": _timing,
    "building_settlement": _timing,
    "event_revealed": _timing,
})


# Requirements that read nothing but the player's own principality (its cells and the cards beneath them), so
# that a refusal by them holds as long as the principality is unchanged; an id not in _CONDITIONS asks for an own
# card of that id and reads the principality only too.
_OWN_PRINCIPALITY_ONLY = frozenset({"city", "com3", "prog2", "hero_str", "parish_hall_in_city"})


def reads_own_principality_only(req: str) -> bool:
    """Whether the requirement (alternatives joined by '|') depends on the player's own principality alone."""
    return all(part in _OWN_PRINCIPALITY_ONLY or part not in _CONDITIONS for part in req.split("|"))


def _met(g: RivalsGame, p: int, req: str) -> bool:
    condition = _CONDITIONS.get(req)
    return condition(g, p) if condition is not None else req in owned_ids(g.state, p)


def requirement_refusal(g: RivalsGame, p: int, req: str) -> str | None:
    """None when the requirement (alternatives joined by '|') holds, else the requirement id."""
    if "|" not in req:
        return None if _met(g, p, req) else req
    return None if any(_met(g, p, part) for part in req.split("|")) else req
