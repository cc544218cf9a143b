"""Invariant checks of a Catan game, recomputed from scratch and compared with what the engine tracks.

Random-game tests run them after every action; the layout lab's workers run them on every game they count.
"""

from __future__ import annotations

from game.catan.constants import BANK_PER_RESOURCE, DEV_DECK_COUNTS, PIECES, SPECIAL_CARD_VP, VICTORY_POINT
from game.catan.longest_road import longest_road
from game.catan.rules import CatanGame
from game.catan.state import NOBODY
from game.core.errors import GameError


class InvariantViolation(GameError):
    """The engine's state broke a conservation law or disagrees with a value recomputed from scratch."""


def _check(condition: object, message: str) -> None:
    if not condition:
        raise InvariantViolation(message)


def check_invariants(game: CatanGame) -> None:
    """Check every conservation law and derived value of the state; InvariantViolation names the first broken one."""
    s = game.state
    n = s.num_players
    owners = len(s.road_length)
    for r in range(5):
        _check(s.bank[r] + sum(h[r] for h in s.hands) == BANK_PER_RESOURCE, f"resource {r} not conserved")
        _check(s.bank[r] >= 0 and all(h[r] >= 0 for h in s.hands), f"negative count of resource {r}")
    for card, count in enumerate(DEV_DECK_COUNTS):
        held = sum(h[card] for h in s.dev_hand) + sum(p[card] for p in s.dev_played) + s.dev_deck.count(card)
        if card == 0:
            held += int(s.extra.get("removed_knights", 0))  # two-player game: knights traded for trade cards
        _check(held == count, f"development card {card} not conserved")
    if "trade_cards" in s.extra:
        counts = s.extra["trade_cards"]
        _check(all(0 <= c <= 7 for c in counts) and sum(counts) <= 14, "trade cards out of range")
    for p in range(owners):
        roads = s.edge_owner.count(p)
        settlements = sum(1 for o, lvl in zip(s.node_owner, s.node_level) if o == p and lvl == 1)
        cities = sum(1 for o, lvl in zip(s.node_owner, s.node_level) if o == p and lvl == 2)
        _check(roads + s.roads_left[p] == PIECES["road"], f"roads of player {p} not conserved")
        _check(settlements + s.settlements_left[p] == PIECES["settlement"], f"settlements of player {p} not conserved")
        _check(cities + s.cities_left[p] == PIECES["city"], f"cities of player {p} not conserved")
        _check(s.building_vp[p] == settlements + 2 * cities, f"building points of player {p} miscounted")
        _check(s.road_length[p] == longest_road(game.topo, s.edge_owner, s.node_owner, p), f"road length of player {p} miscounted")
        _check(game.roads_of(p) == tuple(e for e, o in enumerate(s.edge_owner) if o == p), "stale road cache")
        _check(game.buildings_of(p) == tuple(n for n, o in enumerate(s.node_owner) if o == p), "stale building cache")
    if s.phase not in ("setup_settlement", "setup_road"):
        fresh = game.clone()
        fresh.state.derived.clear()
        for p in range(n):
            _check(game.road_spots(p) == fresh.road_spots(p), "stale road spots")
            _check(game.settlement_spots(p) == fresh.settlement_spots(p), "stale settlement spots")
    for p in range(n):
        vp = s.building_vp[p] + SPECIAL_CARD_VP * ((s.longest_holder == p) + (s.army_holder == p))
        _check(game.public_vp(p) == vp, f"public points of player {p} miscounted")
        _check(game.total_vp(p) == vp + s.dev_hand[p][VICTORY_POINT], f"total points of player {p} miscounted")
        for card in range(5):
            _check(0 <= s.dev_new[p][card] <= s.dev_hand[p][card], f"new development cards of player {p} out of range")
    # Distance rule and connectivity of every building after set-up.
    topo = game.topo
    for node, owner in enumerate(s.node_owner):
        if owner != NOBODY:
            _check(all(s.node_owner[m] == NOBODY for m in topo.node_neighbors[node]), "distance rule broken")
    # Special cards agree with the rules.
    lengths = s.road_length
    if s.longest_holder != NOBODY:
        _check(lengths[s.longest_holder] >= 5 and lengths[s.longest_holder] == max(lengths), "Longest Road held by a player without the longest road")
    elif max(lengths) >= 5:
        _check(lengths.count(max(lengths)) > 1, "a sole longest road of 5+ must hold the card")
    knights = [p[0] for p in s.dev_played]
    if s.army_holder != NOBODY:
        _check(knights[s.army_holder] >= 3 and knights[s.army_holder] == max(knights), "Largest Army held by a player without the largest army")
    else:
        _check(max(knights) < 3 or knights.count(max(knights)) > 1, "a sole largest army of 3+ must hold the card")
    # Maritime rates are what the harbors give.
    for p in range(n):
        saved = [row[:] for row in s.rates]
        game.refresh_rates(p)
        _check(s.rates == saved, "maritime rates out of date")
    if not game.is_over():
        active = game.active_players()
        _check(active, "nobody to act in a running game")
        for p in active:
            _check(game.legal_actions(p), f"player {p} must act but has no legal action")
    else:
        _check(game.winner() is not None, "a finished game without a winner")
        _check(game.total_vp(game.winner()) >= game.target_vp(), "the winner has fewer points than the target")
