"""Invariant checks of a quick card game, recomputed from scratch and compared with what the engine reports."""

from __future__ import annotations

from collections import Counter

from game.cards.catalogue import COST, DEVELOPMENTS_VP, building_cards, card, resource_totals
from game.cards.rules import CardsGame
from game.cards.state import DISCARD


def recount_vp(game: CardsGame, player: int) -> int:
    """VP from the face-up cards, counted independently of the engine."""
    s = game.state
    points = len(s.settlements[player])
    for city in s.cities[player]:
        dev = s.developed[player].get(city)
        points += DEVELOPMENTS_VP[card(dev).development] if dev else 2
    points += sum(1 for i in range(len(s.roads[player])) if i % 2 == 1)
    points += sum(1 for i in range(len(s.knights[player])) if i % 2 == 1)
    return points


def check_invariants(game: CardsGame) -> None:
    """Assert conservation of every card, recomputed VP and the shape of the phase."""
    s = game.state
    n = s.num_players
    totals = resource_totals(n)
    for r in range(5):
        held = sum(h[r] for h in s.hands) + s.draw.count(r) + s.discard.count(r) + s.market.count(r)
        assert held == totals[r], f"resource {r} not conserved"
        assert all(h[r] >= 0 for h in s.hands)
    assert len(s.market) <= 5
    expected = Counter(c.id for c in building_cards(n) if c.type != COST)
    seen: Counter[str] = Counter(s.road_supply + s.knight_supply + s.settlement_supply + s.development_supply)
    for p in range(n):
        seen.update(s.settlements[p] + s.cities[p] + s.roads[p] + s.knights[p] + list(s.developed[p].values()))
    assert seen == expected, "building cards not conserved"
    for p in range(n):
        assert all(card(c).type == "road" for c in s.roads[p])
        assert all(card(c).type == "knight" for c in s.knights[p])
        assert all(card(c).type == "settlement" for c in s.settlements[p] + s.cities[p])
        assert set(s.developed[p]) <= set(s.cities[p]), "a development must lie on an own city"
        kinds = [card(d).development for d in s.developed[p].values()]
        assert len(kinds) == len(set(kinds)), "each development kind once per player"
        assert game.vp(p) == recount_vp(game, p)
    if s.phase == DISCARD:
        assert any(s.owed)
    else:
        assert not any(s.owed)
    if game.is_over():
        w = game.winner()
        assert w is not None and game.vp(w) >= game.target_vp()
        assert not game.active_players()
    else:
        active = game.active_players()
        assert active, "nobody to act in a running game"
        for p in active:
            assert game.legal_actions(p), f"player {p} must act but has no legal action"
