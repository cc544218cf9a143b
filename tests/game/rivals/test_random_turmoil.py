"""Seeded random Era of Turmoil games with the random bot, checked after every action."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.registry import new_game
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.economy import store_cells
from game.rivals.scoring import victory_points
from game.sim import run_game
from tests.game.playout_checks import assert_save_round_trip, play_checked
from tests.game.rivals.helpers import assert_finished_or_exhausted, conserved
from tests.game.rivals.test_random_games import _probe
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
    g = new_game("rivals-turmoil", 2, seed=seed)
    play_checked(g, random.Random(seed), _check, _probe, probe_every=7, max_steps=8000)
    assert_finished_or_exhausted(g, 12)
    assert_save_round_trip(g)
    played.update(card_of()[e.action.card].id for e in g.log if isinstance(e.action, A.PlayCard))


@pytest.mark.parametrize("block", range(4))
def test_random_turmoil_games(block: int) -> None:
    """100 games, invariants after every action, save round trip at the end; the attacks do get played."""
    played: Counter = Counter()
    for i in range(GAMES // 4):
        _play(block * 1000 + i, played)
    assert len(ATTACKS & set(played)) >= 3


def test_turmoil_through_sim() -> None:
    for seed in range(3):
        game, result = run_game("rivals-turmoil", 2, seed, ["random"])
        assert result.finished and result.winner in (0, 1) and game.vp(result.winner) >= 12
