"""Invariant checks of a Catan game, recomputed from scratch and compared with what the engine tracks."""

from __future__ import annotations

from game.catan.constants import BANK_PER_RESOURCE, DEV_DECK_COUNTS, PIECES, SPECIAL_CARD_VP, VICTORY_POINT
from game.catan.longest_road import longest_road
from game.catan.rules import CatanGame
from game.catan.state import NOBODY


def check_invariants(game: CatanGame) -> None:
    """Assert every conservation law and derived value of the state."""
    s = game.state
    n = s.num_players
    owners = len(s.road_length)
    for r in range(5):
        assert s.bank[r] + sum(h[r] for h in s.hands) == BANK_PER_RESOURCE, f"resource {r} not conserved"
        assert s.bank[r] >= 0 and all(h[r] >= 0 for h in s.hands)
    for card, count in enumerate(DEV_DECK_COUNTS):
        held = sum(h[card] for h in s.dev_hand) + sum(p[card] for p in s.dev_played) + s.dev_deck.count(card)
        if card == 0:
            held += int(s.extra.get("removed_knights", 0))  # two-player game: knights traded for trade cards
        assert held == count, f"development card {card} not conserved"
    if "trade_cards" in s.extra:
        counts = s.extra["trade_cards"]
        assert all(0 <= c <= 7 for c in counts) and sum(counts) <= 14
    for p in range(owners):
        roads = s.edge_owner.count(p)
        settlements = sum(1 for o, lvl in zip(s.node_owner, s.node_level) if o == p and lvl == 1)
        cities = sum(1 for o, lvl in zip(s.node_owner, s.node_level) if o == p and lvl == 2)
        assert roads + s.roads_left[p] == PIECES["road"]
        assert settlements + s.settlements_left[p] == PIECES["settlement"]
        assert cities + s.cities_left[p] == PIECES["city"]
        assert s.building_vp[p] == settlements + 2 * cities
        assert s.road_length[p] == longest_road(game.topo, s.edge_owner, s.node_owner, p)
        assert game.roads_of(p) == tuple(e for e, o in enumerate(s.edge_owner) if o == p), "stale road cache"
        assert game.buildings_of(p) == tuple(n for n, o in enumerate(s.node_owner) if o == p), "stale building cache"
    if s.phase not in ("setup_settlement", "setup_road"):
        fresh = game.clone()
        fresh.state.derived.clear()
        for p in range(n):
            assert game.road_spots(p) == fresh.road_spots(p), "stale road spots"
            assert game.settlement_spots(p) == fresh.settlement_spots(p), "stale settlement spots"
    for p in range(n):
        vp = s.building_vp[p] + SPECIAL_CARD_VP * ((s.longest_holder == p) + (s.army_holder == p))
        assert game.public_vp(p) == vp
        assert game.total_vp(p) == vp + s.dev_hand[p][VICTORY_POINT]
        for card in range(5):
            assert 0 <= s.dev_new[p][card] <= s.dev_hand[p][card]
    # Distance rule and connectivity of every building after set-up.
    topo = game.topo
    for node, owner in enumerate(s.node_owner):
        if owner != NOBODY:
            assert all(s.node_owner[m] == NOBODY for m in topo.node_neighbors[node]), "distance rule broken"
    # Special cards agree with the rules.
    lengths = s.road_length
    if s.longest_holder != NOBODY:
        assert lengths[s.longest_holder] >= 5 and lengths[s.longest_holder] == max(lengths)
    elif max(lengths) >= 5:
        assert lengths.count(max(lengths)) > 1, "a sole longest road of 5+ must hold the card"
    knights = [p[0] for p in s.dev_played]
    if s.army_holder != NOBODY:
        assert knights[s.army_holder] >= 3 and knights[s.army_holder] == max(knights)
    else:
        assert max(knights) < 3 or knights.count(max(knights)) > 1
    # Maritime rates are what the harbors give.
    for p in range(n):
        saved = [row[:] for row in s.rates]
        game.refresh_rates(p)
        assert s.rates == saved, "maritime rates out of date"
    if not game.is_over():
        active = game.active_players()
        assert active, "nobody to act in a running game"
        for p in active:
            assert game.legal_actions(p), f"player {p} must act but has no legal action"
    else:
        assert game.winner() is not None
        assert game.total_vp(game.winner()) >= game.target_vp()
