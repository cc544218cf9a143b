"""Seeded random Era of Progress games with the random bot, checked after every action."""

from __future__ import annotations


import pytest

from game.rivals.catalogue import card_of
from game.rivals.economy import store_cells
from game.rivals.scoring import hand_limit, stats, victory_points
from tests.game.rivals.helpers import assert_sim_games_end, conserved, play_random_game
from tests.game.rivals.test_random_gold import _vp

GAMES = 100


def _check(g) -> None:
    s = g.state
    assert conserved(g) and len(s.all_places()) == 180
    cards = card_of()
    for p in (0, 1):
        assert all(0 <= s.store[p][c] <= 3 for c in store_cells(s, p))
        assert victory_points(s, p) == _vp(g, p)
        assert set(s.fresh[p]) <= set(s.hands[p])
        ids = [cards[k].id for k in s.grid[p] if k >= 0]
        assert ids.count("university") <= 1
        prog = sum(cards[k].prog for k in s.grid[p] if k >= 0) + sum(cards[k].prog for k in s.under[p].values())
        assert stats(s, p)[3] == prog and hand_limit(s, p) == 3 + prog
    for c in s.face_up:
        assert cards[c].id == "university"
    if not g.is_over():
        assert g.legal_actions(g.active_players()[0])


def _play(seed: int) -> None:
    play_random_game("rivals-progress", seed, _check, 12)


@pytest.mark.parametrize("block", range(4))
def test_random_progress_games(block: int) -> None:
    """100 games, invariants after every action, save round trip at the end."""
    for i in range(GAMES // 4):
        _play(block * 1000 + i)


def test_progress_through_sim() -> None:
    assert_sim_games_end("rivals-progress", 12)
