"""The building phase: each building card, payments with three-for-one, once per turn, A/B alternation."""

from __future__ import annotations

import pytest

from game.cards import actions as A
from game.cards import events as E
from game.cards.catalogue import CARDS
from game.cards.state import BLACK, BUILD, NO_FATE, WHITE
from game.core.errors import IllegalAction
from game.core.saves import state_digest
from tests.game.cards.helpers import (
    CITY_COST, DEVELOPMENT_COST, KNIGHT_COST, ROAD_COST, SETTLEMENT_COST, TOWN_HALL_COST, add_city,
    add_development, add_knights, cards, in_build, make, put_settlement_first, set_hand,
)
from tests.game.cards.invariants import check_invariants


def refused(game, action) -> None:
    """The action raises IllegalAction and changes nothing."""
    before = state_digest(game)
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert state_digest(game) == before


def test_settlement_costs_and_scores() -> None:
    """A settlement costs lumber, brick, grain, wool, goes to the discard pile, and gives 1 VP."""
    game = in_build(make(3))
    set_hand(game, 0, SETTLEMENT_COST)
    supply = len(game.state.settlement_supply)
    events = game.apply(A.BuildSettlement(0, SETTLEMENT_COST, False))
    assert game.vp(0) == 2 and len(game.state.settlements[0]) == 2
    assert len(game.state.settlement_supply) == supply - 1
    assert sorted(game.state.discard) == [0, 1, 3, 4] and sum(game.state.hands[0]) == 0
    assert game.state.fate == WHITE
    assert any(isinstance(e, E.SettlementBuilt) for e in events)
    check_invariants(game)


def test_settlement_may_flip_the_fate_card() -> None:
    """After a settlement the builder may flip the fate card; not with two players."""
    game = in_build(make(3))
    set_hand(game, 0, SETTLEMENT_COST)
    game.apply(A.BuildSettlement(0, SETTLEMENT_COST, True))
    assert game.state.fate == BLACK
    two = in_build(make(2))
    set_hand(two, 0, SETTLEMENT_COST)
    refused(two, A.BuildSettlement(0, SETTLEMENT_COST, True))
    assert all(not a.flip_fate for a in two.legal_actions(0) if isinstance(a, A.BuildSettlement))
    two.apply(A.BuildSettlement(0, SETTLEMENT_COST, False))
    assert two.state.fate == NO_FATE


def test_settlement_refusals() -> None:
    """Not enough cards, a wrong payment, an empty supply."""
    game = in_build(make(3))
    set_hand(game, 0, cards(brick=1, lumber=1, wool=1))
    refused(game, A.BuildSettlement(0, cards(brick=1, lumber=1, wool=1), False))
    set_hand(game, 0, SETTLEMENT_COST)
    refused(game, A.BuildSettlement(0, cards(brick=1, lumber=1, wool=2), False))
    game.state.settlements[1].extend(game.state.settlement_supply)
    game.state.settlement_supply.clear()
    refused(game, A.BuildSettlement(0, SETTLEMENT_COST, False))
    assert not any(isinstance(a, A.BuildSettlement) for a in game.legal_actions(0))


def test_city_turns_a_settlement_and_reveals_its_event() -> None:
    """A city costs 2 grain + 3 ore, replaces the settlement's 1 VP by 2 and reveals the event."""
    game = in_build(make(3))
    put_settlement_first(game, 0, "market_day")
    cid = game.state.settlements[0][0]
    set_hand(game, 0, CITY_COST)
    events = game.apply(A.BuildCity(0, 0, CITY_COST))
    assert game.state.cities[0] == [cid] and game.state.settlements[0] == []
    assert game.vp(0) == 2
    assert E.CityBuilt(0, cid, "market_day") in events
    check_invariants(game)


def test_city_needs_a_settlement() -> None:
    """Without an uncovered settlement no city."""
    game = in_build(make(3))
    set_hand(game, 0, CITY_COST)
    refused(game, A.BuildCity(0, 1, CITY_COST))
    game.state.settlement_supply.append(game.state.settlements[0].pop())
    refused(game, A.BuildCity(0, 0, CITY_COST))
    assert not any(isinstance(a, A.BuildCity) for a in game.legal_actions(0))


def test_development_on_a_city() -> None:
    """A development costs 3 wool + 1 ore, is chosen from the open stack, lies on a city: 3 VP instead of 2."""
    game = in_build(make(3))
    city = add_city(game, 0)
    assert game.vp(0) == 3
    set_hand(game, 0, DEVELOPMENT_COST)
    dev = next(d for d in game.state.development_supply if CARDS[d].development == "church")
    game.apply(A.BuildDevelopment(0, city, dev, DEVELOPMENT_COST))
    assert game.state.developed[0] == {city: dev} and game.vp(0) == 4
    assert dev not in game.state.development_supply
    check_invariants(game)


def test_town_hall_costs_more_and_gives_four() -> None:
    """The town hall costs 3 wool + 3 ore and is worth 4 VP."""
    game = in_build(make(3))
    city = add_city(game, 0)
    dev = next(d for d in game.state.development_supply if CARDS[d].development == "town_hall")
    set_hand(game, 0, TOWN_HALL_COST)
    refused(game, A.BuildDevelopment(0, city, dev, DEVELOPMENT_COST))
    game.apply(A.BuildDevelopment(0, city, dev, TOWN_HALL_COST))
    assert game.vp(0) == 1 + 4


def test_development_refusals() -> None:
    """No city, a covered city, a kind already owned, a card not in the stack."""
    game = in_build(make(4))
    set_hand(game, 0, DEVELOPMENT_COST)
    church = [d for d in game.state.development_supply if CARDS[d].development == "church"]
    refused(game, A.BuildDevelopment(0, game.state.settlements[0][0], church[0], DEVELOPMENT_COST))
    add_development(game, 0, "church")
    covered = game.state.cities[0][0]
    refused(game, A.BuildDevelopment(0, covered, church[1], DEVELOPMENT_COST))
    city = add_city(game, 0)
    refused(game, A.BuildDevelopment(0, city, church[1], DEVELOPMENT_COST))   # a second church
    refused(game, A.BuildDevelopment(0, city, "library_1_b", DEVELOPMENT_COST))  # not in this game
    offered = {CARDS[a.development].development for a in game.legal_actions(0) if isinstance(a, A.BuildDevelopment)}
    assert "church" not in offered and "library" in offered


def test_roads_alternate_a_and_b() -> None:
    """The starting road is A; the next is B (1 VP), then A again (one more exchange)."""
    game = in_build(make(3))
    sides = []
    for _ in range(3):
        set_hand(game, 0, ROAD_COST)
        events = game.apply(A.BuildRoad(0, ROAD_COST))
        sides += [e.side for e in events if isinstance(e, E.RoadOrKnightBuilt)]
        game.state.built.clear()  # a new turn for this test
    assert sides == ["B", "A", "B"]
    assert game.vp(0) == 1 + 2 and game.trade_limit(0) == 2
    check_invariants(game)


def test_knights_alternate_and_draw_extra() -> None:
    """The first knight is A (draws one more card), the second B (1 VP)."""
    game = in_build(make(3))
    set_hand(game, 0, KNIGHT_COST)
    events = game.apply(A.BuildKnight(0, KNIGHT_COST))
    assert [e.side for e in events if isinstance(e, E.RoadOrKnightBuilt)] == ["A"]
    assert game.vp(0) == 1
    game.apply(A.EndTurn(0))
    assert sum(game.state.hands[0]) == 3
    add_knights(game, 0, 1)
    assert game.vp(0) == 2


def test_each_building_type_once_per_turn() -> None:
    """Two roads in one turn are refused; a road and a knight are fine."""
    game = in_build(make(3))
    set_hand(game, 0, cards(brick=2, lumber=2, ore=1, wool=1, grain=1))
    game.apply(A.BuildRoad(0, ROAD_COST))
    refused(game, A.BuildRoad(0, ROAD_COST))
    assert not any(isinstance(a, A.BuildRoad) for a in game.legal_actions(0))
    game.apply(A.BuildKnight(0, KNIGHT_COST))
    refused(game, A.BuildKnight(0, KNIGHT_COST))
    game.apply(A.EndTurn(0))
    for _ in range(2):
        game.apply(A.EndTurn(game.state.current))
    set_hand(game, 0, ROAD_COST)
    game.apply(A.BuildRoad(0, ROAD_COST))  # a new turn allows it again


def test_three_equal_cards_stand_for_one() -> None:
    """Three ore may pay for the lumber of a road; overpaying or a triple of the same type is refused."""
    game = in_build(make(3))
    set_hand(game, 0, cards(brick=4, ore=3, lumber=1))
    refused(game, A.BuildRoad(0, cards(brick=1, ore=4)))           # four ore: not three
    refused(game, A.BuildRoad(0, cards(brick=1, lumber=1, ore=3)))  # overpaid
    refused(game, A.BuildRoad(0, cards(brick=3, lumber=1)))         # three brick for the brick itself
    offered = [a.payment for a in game.legal_actions(0) if isinstance(a, A.BuildRoad)]
    assert offered == [ROAD_COST]
    game.apply(A.BuildRoad(0, cards(brick=1, ore=3)))
    assert game.state.hands[0] == [3, 1, 0, 0, 0]
    set_hand(game, 0, cards(brick=4, lumber=4, ore=0, wool=1, grain=1))
    game.apply(A.BuildKnight(0, cards(brick=3, wool=1, grain=1)))  # three brick for the ore
    check_invariants(game)


def test_substitution_offered_when_needed() -> None:
    """legal_actions shows a three-for-one payment when the direct one is out of reach."""
    game = in_build(make(3))
    set_hand(game, 0, cards(ore=9))
    offered = [a.payment for a in game.legal_actions(0) if isinstance(a, A.BuildCity)]
    assert offered == [cards(ore=9)]
    game.apply(A.BuildCity(0, 0, cards(ore=9)))


def test_university_leaves_one_resource_unpaid_once_per_turn() -> None:
    """With a university one build a turn may lack one resource."""
    game = in_build(make(3))
    set_hand(game, 0, cards(brick=1, grain=1, wool=1))
    refused(game, A.BuildRoad(0, cards(brick=1)))
    add_development(game, 0, "university")
    assert A.BuildRoad(0, cards(brick=1)) in game.legal_actions(0)
    events = game.apply(A.BuildRoad(0, cards(brick=1)))
    assert E.ResourcesPaid(0, "road", cards(brick=1), True) in events
    refused(game, A.BuildKnight(0, cards(grain=1, wool=1)))
    check_invariants(game)


def test_building_in_the_trade_phase_ends_it() -> None:
    """Building straight away ends the exchange phase."""
    game = make(3)
    set_hand(game, 0, ROAD_COST + ())
    game.apply(A.BuildRoad(0, ROAD_COST))
    assert game.state.phase == BUILD
    assert not any(a.kind.startswith("exchange") for a in game.legal_actions(0))
