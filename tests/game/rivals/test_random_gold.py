"""Seeded random Era of Gold games with the random bot, checked after every action."""

from __future__ import annotations

import json
import random

import pytest

from game.ai.random_bot import RandomBot
from game.core.errors import IllegalAction
from game.core.registry import new_game
from game.core.saves import game_from_json, game_to_json, state_digest
from game.sim import run_game
from game.rivals.catalogue import card_of
from game.rivals.constants import CENTER_ROW, STRENGTH, TRADE, WIDTH
from game.rivals.economy import store_cells
from game.rivals.scoring import victory_points
from tests.game.rivals.helpers import conserved
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
    bot, rng = RandomBot(), random.Random(seed)
    steps = 0
    while not g.is_over() and steps < 8000:
        _check(g)
        if steps % 7 == 0:
            probe = _probe(g, rng)
            if not g.is_legal(probe):
                before = state_digest(g)
                with pytest.raises(IllegalAction):
                    g.apply(probe)
                assert state_digest(g) == before
        g.apply(bot.choose(None, g.legal_actions(g.active_players()[0]), rng))
        steps += 1
    _check(g)
    assert g.is_over() and g.vp(g.winner()) >= 12
    again = game_from_json(json.loads(json.dumps(game_to_json(g))))
    assert again.state_json() == g.state_json()


@pytest.mark.parametrize("block", range(4))
def test_random_gold_games(block: int) -> None:
    """100 games, invariants after every action, save round trip at the end."""
    for i in range(GAMES // 4):
        _play(block * 1000 + i)


def test_gold_through_sim() -> None:
    for seed in range(3):
        game, result = run_game("rivals-gold", 2, seed, ["random"])
        assert result.finished and result.winner in (0, 1) and game.vp(result.winner) >= 12
