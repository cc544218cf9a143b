"""Card prerequisites by id ("merchant_guild", "city|com3", "strength_advantage", ...) and why they fail."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rivals.catalogue import card_of
from game.rivals.constants import GOLD, STRENGTH
from game.rivals.economy import total, totals
from game.rivals.principality import is_city, settlement_columns
from game.rivals.scoring import expansion_cells, owned_ids, stats, victory_points

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame


def _met(g: RivalsGame, p: int, req: str) -> bool:
    s = g.state
    o = 1 - p
    if req == "city":
        return any(is_city(s.grid[p], x) for x in settlement_columns(s.grid[p]))
    if req == "com3":
        return stats(s, p)[2] >= 3
    if req == "prog2":
        return stats(s, p)[3] >= 2
    if req == "strength_advantage":
        return s.tokens[STRENGTH] == p
    if req == "fewer_vp":
        return victory_points(s, p) < victory_points(s, o)
    if req == "opponent_gold":
        return totals(s, o)[GOLD] > 0
    if req == "opponent_resource":
        return total(s, o) > 0
    if req == "opponent_hand":
        return bool(s.hands[o])
    if req == "gold3":
        return totals(s, p)[GOLD] >= 3
    if req == "resources2":
        return total(s, p) >= 2
    if req == "hero_str":
        cards = card_of()
        return any(cards[s.grid[p][c]].type == "sc_hero" and cards[s.grid[p][c]].str > 0
                   for c in expansion_cells(s, p))
    if req == "opponent_unit_str":
        cards = card_of()
        return any(cards[s.grid[o][c]].type in ("sc_hero", "sc_unit") and cards[s.grid[o][c]].str > 0
                   for c in expansion_cells(s, o))
    if req == "parish_hall_in_city":
        from game.rivals.building import free_sites

        return bool(free_sites(g, p, "on_parish_hall"))
    if req == "opponent_storable":
        from game.rivals.effects.gold_actions import take_targets

        return bool(take_targets(g, p, 63))
    if req == "opponent_unprotected_building":
        from game.rivals.effects.turmoil_cards import arson_targets

        return bool(arson_targets(g, o))
    if req in ("before_roll", "building_settlement", "event_revealed"):
        return True  # timing conditions are checked by the phase of the card's rule
    return req in owned_ids(s, p)


def requirement_refusal(g: RivalsGame, p: int, req: str) -> str | None:
    """None when the requirement (alternatives joined by '|') holds, else the requirement id."""
    return None if any(_met(g, p, part) for part in req.split("|")) else req
