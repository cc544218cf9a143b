"""Seeded random Era of Turmoil games with the random bot, checked after every action."""

from __future__ import annotations

from collections import Counter

import pytest

from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.economy import store_cells
from game.rivals.scoring import victory_points
from tests.game.rivals.helpers import assert_sim_games_end, conserved, play_random_game
from tests.game.rivals.test_random_gold import _vp

GAMES = 100
ATTACKS = {"voyage_of_plunder", "archer", "arsonist", "traitor", "brigands"}


def _check(g) -> None:
    s = g.state
    assert conserved(g) and len(s.all_places()) == 180
    cards = card_of()
    for p in (0, 1):
        assert all(0 <= s.store[p][c] <= 3 for c in store_cells(s, p))
        assert victory_points(s, p) == _vp(g, p)
        assert set(s.fresh[p]) <= set(s.hands[p])
        assert [cards[k].id for k in s.grid[p] if k >= 0].count("hedge_tavern") <= 1
    assert all(cards[c].id == "hedge_tavern" for c in s.face_up)
    if not g.is_over():
        assert g.legal_actions(g.active_players()[0])


def _play(seed: int, played: Counter) -> None:
    g = play_random_game("rivals-turmoil", seed, _check, 12)
    played.update(card_of()[e.action.card].id for e in g.log if isinstance(e.action, A.PlayCard))


@pytest.mark.parametrize("block", range(4))
def test_random_turmoil_games(block: int) -> None:
    """100 games, invariants after every action, save round trip at the end; the attacks do get played."""
    played: Counter = Counter()
    for i in range(GAMES // 4):
        _play(block * 1000 + i, played)
    assert len(ATTACKS & set(played)) >= 3


def test_turmoil_through_sim() -> None:
    assert_sim_games_end("rivals-turmoil", 12)
