"""Roads and knights changing owner: the fate arrow's direction, skipping, church and citadel protection."""

from __future__ import annotations

import pytest

from game.cards import actions as A
from game.cards import events as E
from game.cards.state import BLACK, WHITE
from game.core.errors import IllegalAction
from game.core.saves import state_digest
from tests.game.cards.helpers import (
    KNIGHT_COST, ROAD_COST, add_development, add_knights, add_roads, in_build, make, set_hand,
)
from tests.game.cards.invariants import check_invariants


def empty_road_supply(game) -> None:
    """Move every road left in the supply onto player 0's pile."""
    while game.state.road_supply:
        game.state.roads[0].append(game.state.road_supply.pop())


def built(events) -> E.RoadOrKnightBuilt:
    return next(e for e in events if isinstance(e, E.RoadOrKnightBuilt))


def test_white_arrow_takes_from_the_next_player_clockwise() -> None:
    """White side up: the nearest opponent clockwise loses the top road."""
    game = in_build(make(4))
    empty_road_supply(game)
    add_roads(game, 1, 0)
    top = game.state.roads[1][-1]
    set_hand(game, 0, ROAD_COST)
    event = built(game.apply(A.BuildRoad(0, ROAD_COST)))
    assert event.from_player == 1 and event.card == top
    assert game.state.roads[1] == [] and game.state.roads[0][-1] == top
    check_invariants(game)


def test_black_arrow_takes_counter_clockwise() -> None:
    """Black side up: the nearest opponent the other way round (seat 3 for seat 0) loses it."""
    game = in_build(make(4))
    game.state.fate = BLACK
    empty_road_supply(game)
    set_hand(game, 0, ROAD_COST)
    assert built(game.apply(A.BuildRoad(0, ROAD_COST))).from_player == 3


def test_players_without_the_card_are_skipped() -> None:
    """Seat 1 has no knight, so seat 2 loses its knight; the taker lays it by its own alternation."""
    game = in_build(make(4))
    add_knights(game, 2, 1)
    add_knights(game, 3, 2)
    game.state.knights[0].extend(game.state.knight_supply)
    game.state.knight_supply.clear()
    set_hand(game, 0, KNIGHT_COST)
    mine = len(game.state.knights[0])
    event = built(game.apply(A.BuildKnight(0, KNIGHT_COST)))
    assert event.from_player == 2 and event.side == ("A" if mine % 2 == 0 else "B")
    assert game.state.knights[2] == []
    check_invariants(game)


def test_victim_loses_the_b_side_point() -> None:
    """Losing a B-side road costs its owner the point."""
    game = in_build(make(3))
    add_roads(game, 1, 1)  # A, B: 2 VP
    empty_road_supply(game)
    assert game.vp(1) == 2
    set_hand(game, 0, ROAD_COST)
    game.apply(A.BuildRoad(0, ROAD_COST))
    assert game.vp(1) == 1


def test_citadel_protects_the_first_three_roads() -> None:
    """A citadel owner with three roads is skipped; with four the fourth can be taken."""
    game = in_build(make(3))
    add_roads(game, 1, 2)
    add_development(game, 1, "citadel")
    empty_road_supply(game)
    set_hand(game, 0, ROAD_COST)
    assert built(game.apply(A.BuildRoad(0, ROAD_COST))).from_player == 2
    game.state.built.clear()
    game.state.roads[1].append(game.state.roads[0].pop())
    set_hand(game, 0, ROAD_COST)
    assert built(game.apply(A.BuildRoad(0, ROAD_COST))).from_player == 1
    assert len(game.state.roads[1]) == 3


def test_church_protects_the_first_knight() -> None:
    """A church owner with one knight is skipped."""
    game = in_build(make(3))
    add_knights(game, 1, 1)
    add_knights(game, 2, 1)
    add_development(game, 1, "church")
    game.state.knights[0].extend(game.state.knight_supply)
    game.state.knight_supply.clear()
    set_hand(game, 0, KNIGHT_COST)
    assert built(game.apply(A.BuildKnight(0, KNIGHT_COST))).from_player == 2


def test_nobody_to_take_from_refuses_the_build() -> None:
    """Ruling Q13: if every opponent is skipped, the road cannot be built and nothing is paid."""
    game = in_build(make(3))
    empty_road_supply(game)
    for q in (1, 2):
        game.state.roads[0].append(game.state.roads[q].pop())
    set_hand(game, 0, ROAD_COST)
    assert not any(isinstance(a, A.BuildRoad) for a in game.legal_actions(0))
    before = state_digest(game)
    with pytest.raises(IllegalAction):
        game.apply(A.BuildRoad(0, ROAD_COST))
    assert state_digest(game) == before


def test_two_players_take_from_the_opponent() -> None:
    """Ruling Q19: with two players the single opponent loses the card."""
    game = in_build(make(2))
    empty_road_supply(game)
    set_hand(game, 0, ROAD_COST)
    assert built(game.apply(A.BuildRoad(0, ROAD_COST))).from_player == 1


def test_fate_side_does_not_change_turn_order() -> None:
    """Play goes clockwise whatever the fate card shows."""
    game = make(4)
    game.state.fate = BLACK
    game.apply(A.EndTurn(0))
    assert game.state.current == 1
    game.state.fate = WHITE
    game.apply(A.EndTurn(1))
    assert game.state.current == 2
