"""Seeded random Era of Gold games with the random bot, checked after every action."""

from __future__ import annotations


import pytest

from game.rivals.catalogue import card_of
from game.rivals.constants import CENTER_ROW, STRENGTH, TRADE, WIDTH
from game.rivals.economy import store_cells
from game.rivals.scoring import victory_points
from tests.game.rivals.helpers import assert_sim_games_end, conserved, play_random_game

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
    play_random_game("rivals-gold", seed, _check, 12)


@pytest.mark.parametrize("block", range(4))
def test_random_gold_games(block: int) -> None:
    """100 games, invariants after every action, save round trip at the end."""
    for i in range(GAMES // 4):
        _play(block * 1000 + i)


def test_gold_through_sim() -> None:
    assert_sim_games_end("rivals-gold", 12)
