"""The catalogue and the set-up: card counts, player-count marks, what each player starts with."""

from __future__ import annotations

from collections import Counter

import pytest

from game.cards.catalogue import (
    BASE_DECK, COSTS, RESOURCE_COUNTS, RESOURCES, SECOND_DECK, building_cards, resource_totals,
)
from game.cards.effects import DEVELOPMENTS
from game.cards.state import NO_FATE, TRADE, WHITE
from game.core.errors import InvalidOptions
from game.core.registry import get_variant
from tests.game.cards.helpers import make
from tests.game.cards.invariants import check_invariants


def test_resource_cards() -> None:
    """67 resource cards: 11 brick, 11 lumber, 16 ore, 15 wool, 14 grain; doubled for 5-6 players."""
    assert dict(zip(RESOURCES, RESOURCE_COUNTS)) == {"brick": 11, "lumber": 11, "ore": 16, "wool": 15, "grain": 14}
    assert sum(RESOURCE_COUNTS) == 67
    assert sum(resource_totals(4)) == 67 and sum(resource_totals(5)) == 134 and sum(resource_totals(6)) == 134


def test_building_cards_of_one_game() -> None:
    """42 building cards: 9 roads, 15 settlements, 5 knights, 9 developments, 4 cost cards."""
    assert len(BASE_DECK) == 42 and len(SECOND_DECK) == 42
    assert Counter(c.type for c in BASE_DECK) == {"road": 9, "settlement": 15, "knight": 5, "development": 9, "cost": 4}
    assert len({c.id for c in BASE_DECK + SECOND_DECK}) == 84


def test_city_events_and_developments() -> None:
    """10 robber raids and 5 market days; the development kinds with their counts and VP."""
    events = Counter(c.event for c in BASE_DECK if c.type == "settlement")
    assert events == {"robber_raid": 10, "market_day": 5}
    kinds = Counter(c.development for c in BASE_DECK if c.type == "development")
    assert kinds == {"library": 1, "merchant_guild": 2, "church": 2, "citadel": 2, "town_hall": 1, "university": 1}
    assert {k: d.vp for k, d in DEVELOPMENTS.items()} == {
        "library": 3, "merchant_guild": 3, "church": 3, "citadel": 3, "town_hall": 4, "university": 3}
    assert DEVELOPMENTS["town_hall"].cost == (0, 0, 3, 3, 0)
    assert all(DEVELOPMENTS[k].cost == COSTS["development"] for k in DEVELOPMENTS if k != "town_hall")


def test_marks_per_type() -> None:
    """Unmarked / mark 3 / mark 4 per type as in the facts table."""
    def marks(kind: str) -> tuple[int, int, int]:
        found = Counter(c.mark for c in BASE_DECK if c.type == kind)
        return found[2], found[3], found[4]

    assert marks("road") == (5, 2, 2)
    assert marks("settlement") == (7, 4, 4)
    assert marks("knight") == (2, 2, 1)
    assert marks("development") == (5, 2, 2)
    assert marks("cost") == (4, 0, 0)
    assert {c.development for c in BASE_DECK if c.mark == 2 and c.type == "development"} == {
        "town_hall", "citadel", "library", "university", "church"}
    assert [c.event for c in BASE_DECK if c.type == "settlement" and c.mark == 4].count("market_day") == 1


@pytest.mark.parametrize("players, total, roads, settlements, knights, developments", [
    (2, 23, 5, 7, 2, 5),
    (3, 33, 7, 11, 4, 7),
    (4, 42, 9, 15, 5, 9),
    (5, 52, 11, 19, 7, 11),
    (6, 61, 13, 23, 8, 13),
])
def test_building_cards_per_player_count(players: int, total: int, roads: int, settlements: int, knights: int,
                                         developments: int) -> None:
    """2: unmarked; 3: without mark 4; 4: all; 5: + the second game's mark 3; 6: + its marks 3 and 4."""
    used = building_cards(players)
    kinds = Counter(c.type for c in used)
    assert len(used) == total
    assert (kinds["road"], kinds["settlement"], kinds["knight"], kinds["development"]) == (
        roads, settlements, knights, developments)
    second = [c for c in used if c.second_copy]
    assert all(c.mark in ({5: (3,), 6: (3, 4)}.get(players, ())) for c in second)
    guilds = sum(1 for c in used if c.development == "merchant_guild")
    assert guilds == {2: 0, 3: 1, 4: 2, 5: 3, 6: 4}[players]


@pytest.mark.parametrize("players, roads_left, settlements_left", [(2, 3, 5), (3, 4, 8), (4, 5, 11)])
def test_set_up(players: int, roads_left: int, settlements_left: int) -> None:
    """Market of 5, 3 cards each, one settlement and one A-side road each, the supply left as the facts say."""
    game = make(players)
    s = game.state
    assert len(s.market) == 5
    assert all(sum(h) == 3 for h in s.hands)
    assert all(len(row) == 1 for row in s.settlements) and all(len(p) == 1 for p in s.roads)
    assert len(s.road_supply) == roads_left and len(s.settlement_supply) == settlements_left
    assert [game.vp(p) for p in range(players)] == [1] * players
    assert s.current == 0 and s.phase == TRADE
    assert game.trade_limit(0) == 1
    assert s.fate == (NO_FATE if players == 2 else WHITE)
    assert len(s.draw) == 67 - 5 - 3 * players
    check_invariants(game)


def test_five_and_six_player_set_up() -> None:
    """Five and six players use two games' resource cards and one fate card."""
    for players in (5, 6):
        game = make(players)
        assert len(game.state.draw) + 5 + 3 * players == 134
        assert game.state.fate == WHITE
        check_invariants(game)


def test_player_count_bounds() -> None:
    """One player or seven are refused."""
    variant = get_variant("catan-cards")
    for count in (1, 7):
        with pytest.raises(InvalidOptions):
            variant.default_seats(count)


def test_set_up_is_seeded() -> None:
    """The same seed gives the same set-up, another seed a different one."""
    assert make(4, seed=3).state_json() == make(4, seed=3).state_json()
    assert make(4, seed=3).state_json() != make(4, seed=4).state_json()
