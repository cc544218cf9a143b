"""Seeded random Era of Gold games with the random bot, checked after every action."""

from __future__ import annotations

import random

import pytest

from game.core.registry import new_game
from game.sim import run_game
from game.rivals.catalogue import card_of
from game.rivals.constants import CENTER_ROW, STRENGTH, TRADE, WIDTH
from game.rivals.economy import store_cells
from game.rivals.scoring import victory_points
from tests.game.playout_checks import assert_save_round_trip, play_checked
from tests.game.rivals.helpers import assert_finished_or_exhausted, conserved
from tests.game.rivals.test_random_games import _probe

GAMES = 100


def _vp(g, p: int) -> int:
    """Victory points recomputed from the grid: centre cards, expansion flags (Harbor with 3 ships), tokens."""
    s = g.state
    cards = card_of()
    placed = [cards[k] for c, k in enumerate(s.grid[p]) if k >= 0 and (c // WIDTH == CENTER_ROW
                                                                        or cards[k].is_expansion)]
    ships = sum(1 for card in placed if card.type == "sc_trade_ship")
    vp = sum(card.vp for card in placed if card.id != "harbor" or ships >= 3)
    return vp + (s.tokens[STRENGTH] == p) + (s.tokens[TRADE] == p)


def _check(g) -> None:
    s = g.state
    assert conserved(g)
    for p in (0, 1):
        assert all(0 <= s.store[p][c] <= 3 for c in store_cells(s, p))
        assert all(0 <= c < len(s.grid[p]) for c in store_cells(s, p))
        assert victory_points(s, p) == _vp(g, p)
    if not g.is_over():
        assert g.legal_actions(g.active_players()[0])


def _play(seed: int) -> None:
    g = new_game("rivals-gold", 2, seed=seed)
    play_checked(g, random.Random(seed), _check, _probe, probe_every=7, max_steps=8000)
    assert_finished_or_exhausted(g, 12)
    assert_save_round_trip(g)


@pytest.mark.parametrize("block", range(4))
def test_random_gold_games(block: int) -> None:
    """100 games, invariants after every action, save round trip at the end."""
    for i in range(GAMES // 4):
        _play(block * 1000 + i)


def test_gold_through_sim() -> None:
    for seed in range(3):
        game, result = run_game("rivals-gold", 2, seed, ["random"])
        assert result.finished and result.winner in (0, 1) and game.vp(result.winner) >= 12
