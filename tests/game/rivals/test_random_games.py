"""Seeded random intro games with the random bot, checked after every action."""

from __future__ import annotations

import random

import pytest

from game.ai.random_bot import RandomBot
from game.core.registry import new_game
from game.rivals.catalogue import card_of
from game.rivals.constants import CENTER_ROW, STRENGTH, TRADE, WIDTH
from game.rivals.economy import store_cells
from game.rivals.scoring import victory_points
from game.sim import run_game
from tests.game.playout_checks import assert_save_round_trip, play_checked
from tests.game.rivals.helpers import conserved, random_probe

GAMES = 100


def _vp(g, p: int) -> int:
    s = g.state
    cards = card_of()
    vp = sum(cards[k].vp for c, k in enumerate(s.grid[p]) if k >= 0 and (c // WIDTH == CENTER_ROW
                                                                          or cards[k].is_expansion))
    return vp + (s.tokens[STRENGTH] == p) + (s.tokens[TRADE] == p)


def _check(g) -> None:
    s = g.state
    assert conserved(g)
    for p in (0, 1):
        assert all(0 <= s.store[p][c] <= 3 for c in store_cells(s, p))
        assert victory_points(s, p) == _vp(g, p)
    if not g.is_over():
        assert g.legal_actions(g.active_players()[0])


def _play(seed: int) -> None:
    g = new_game("rivals-intro", 2, seed=seed)
    play_checked(g, random.Random(seed), _check, random_probe, probe_every=5, max_steps=5000)
    assert g.is_over()
    assert_save_round_trip(g)


@pytest.mark.parametrize("block", range(4))
def test_random_intro_games(block: int) -> None:
    """100 games, invariants after every action, save round trip at the end."""
    for i in range(GAMES // 4):
        _play(block * 1000 + i)


def test_every_legal_action_applies_sometimes() -> None:
    g = new_game("rivals-intro", 2, seed=42)
    bot, rng = RandomBot(), random.Random(42)
    for step in range(400):
        if g.is_over():
            break
        legal = g.legal_actions(g.active_players()[0])
        if step % 3 == 0:
            for a in legal:
                g.clone().apply(a)
        g.apply(bot.choose(None, legal, rng))


def test_run_game_through_sim() -> None:
    game, result = run_game("rivals-intro", 2, 7, ["random"])
    assert result.finished and result.winner in (0, 1)
