"""Victory points split by source: the parts add up to the victory points in finished games of every mode, and
each part counts what it should in a constructed position."""

from __future__ import annotations

import pytest

from game.rivals.catalogue import card_of
from game.rivals.constants import STRENGTH, TRADE
from game.rivals.principality import cell
from game.rivals.scoring import SOURCES, PointsBySource, points_by_source, victory_points
from game.sim import run_game
from tests.game.rivals.helpers import LEFT_X, RIGHT_X, started

MODES = ("rivals-intro", "rivals-gold", "rivals-turmoil", "rivals-progress", "rivals-duel")


def _physical(card_id: str, nth: int = 0) -> int:
    """The index of the nth physical copy of a card."""
    return [k for k, card in enumerate(card_of()) if card.id == card_id][nth]


@pytest.mark.parametrize("variant", MODES)
@pytest.mark.parametrize("seed", (1, 2))
def test_parts_add_up_in_finished_games(variant: str, seed: int) -> None:
    """In a finished game each player's parts sum to the victory points, and the winner's total reaches more."""
    game, result = run_game(variant, 2, seed, ["random"])
    assert result.finished
    s = game.state
    for p in (0, 1):
        split = points_by_source(s, p)
        assert split.total == sum(split.parts) == victory_points(s, p)
        assert split.settlements + split.cities > 0
        assert split.strength == int(s.tokens[STRENGTH] == p) and split.trade == int(s.tokens[TRADE] == p)
    winner = game.winner()
    assert winner is not None
    assert points_by_source(s, winner).total >= points_by_source(s, 1 - winner).total


def test_each_part_in_a_constructed_position() -> None:
    """Two settlements, a city, a hall with one flag, the Harbor without three ships, and the strength token."""
    g = started()
    s = g.state
    assert points_by_source(s, 0) == PointsBySource(2, 0, 0, 0, 0)
    s.grid[0][cell(2, RIGHT_X)] = _physical("city")
    s.grid[0][cell(1, RIGHT_X)] = _physical("moneylender")
    s.grid[0][cell(0, RIGHT_X)] = _physical("harbor")  # its flag needs three trade ships
    s.tokens[STRENGTH] = 0
    s.tokens[TRADE] = 1
    split = points_by_source(s, 0)
    assert split == PointsBySource(settlements=1, cities=2, expansions=1, strength=1, trade=0)
    assert split.total == victory_points(s, 0) == 5
    assert points_by_source(s, 1).trade == 1 and points_by_source(s, 1).strength == 0
    for (row, x), ship in zip(((1, LEFT_X), (3, LEFT_X), (3, RIGHT_X)), ("brick_ship", "grain_ship", "ore_ship")):
        s.grid[0][cell(row, x)] = _physical(ship)
    assert points_by_source(s, 0).expansions == 2  # three ships: the Harbor's flag counts
    assert points_by_source(s, 0).total == victory_points(s, 0)


def test_sources_name_every_part() -> None:
    """SOURCES names the parts in their order."""
    split = PointsBySource(1, 2, 3, 4, 5)
    assert tuple(getattr(split, name) for name in SOURCES) == split.parts
