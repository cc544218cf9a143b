"""Scenario tests for Catan for two (seed 003 pp. 10-11 and rulings Q-N1..Q-N10 of the facts file)."""

from __future__ import annotations

import random

import pytest

from game.ai.random_bot import RandomBot
from game.catan import actions as A
from game.catan.constants import KNIGHT
from game.catan.two_player import BuildNeutral, ForcedTrade, GiveBack, RemoveKnight, RobberToDesert
from game.core.registry import new_game
from game.core.saves import game_from_json, game_to_json
from tests.game.catan_invariants import check_invariants
from tests.game.catan_scenarios import Scenario
from tests.game.test_catan_rules import refused


def two(**options: object) -> Scenario:
    """An empty two-player position: red (0) and blue (1) play; white (2) and orange (3) are neutral."""
    return Scenario(players=2, variant="catan-2p", **options)


def trade_cards(game) -> tuple[int, int]:
    return game.state.extra["trade_cards"]


def test_setup_neutral_settlements_then_normal_setup() -> None:
    """Each neutral gets one road-less settlement on its colour's spot; then 2 settlements + 2 roads each."""
    game = new_game("catan-2p", 2, seed=4)
    s, t = game.state, game.topo
    assert game.neutral_colors == ("white", "orange")
    neutral = {o: t.node_names[n] for n, o in enumerate(s.node_owner) if o >= 0}
    assert neutral == {2: "h3.SE", 3: "h2.S"}      # white and orange settlement-1 spots of the beginner set-up
    assert s.edge_owner.count(2) == 0 and s.edge_owner.count(3) == 0
    bot, rng = RandomBot(), random.Random(1)
    while s.phase.startswith("setup"):
        game.apply(bot.choose(None, game.legal_actions(game.active_players()[0]), rng))
    for p in (0, 1):
        assert sum(1 for o in s.node_owner if o == p) == 2 and s.edge_owner.count(p) == 2
    for q in (2, 3):
        assert sum(1 for o in s.node_owner if o == q) == 1 and s.edge_owner.count(q) == 0
    assert s.phase == "roll"


def test_variable_board_neutrals_on_random_inland_spots() -> None:
    """On a variable board each neutral settlement goes on a random legal inland intersection."""
    spots = set()
    for seed in range(6):
        game = new_game("catan-2p", 2, seed=seed, options={"board": "variable"})
        nodes = [n for n, o in enumerate(game.state.node_owner) if o >= 2]
        assert len(nodes) == 2 and not any(game.topo.coastal[n] for n in nodes)
        spots.add(tuple(nodes))
    assert len(spots) > 1


def test_players_start_with_four_trade_cards() -> None:
    """14 trade cards; 4 to each player at the start."""
    game = new_game("catan-2p", 2, seed=4)
    assert trade_cards(game) == (4, 4)
    assert game.trade_card_supply() == 6


def test_two_rolls_with_different_sums_and_production_after_each() -> None:
    """The player rolls twice; an equal second sum is re-rolled; each roll produces at once."""
    sc = two()
    g = sc.game
    sc.settle(0, sc.at(3, 4, 8))       # fields 12, hills 6, forest 11
    g.chance.force(3, 3)
    g.apply(A.Roll(0))
    assert sc.hand(0) == {"brick": 1} and g.state.phase == "roll" and not g.state.has_rolled
    g.chance.force(2, 4, 5, 6)          # 6 again is re-rolled; 11 counts
    g.apply(A.Roll(0))
    assert sc.hand(0) == {"brick": 1, "lumber": 1} and g.state.phase == "main" and g.state.last_roll == (5, 6)
    refused(g, A.Roll(0), "phase")


def test_knight_between_the_rolls() -> None:
    """A knight may move the robber between the two rolls."""
    sc = two()
    g = sc.game
    sc.give_dev(0, KNIGHT)
    g.chance.force(2, 2)
    g.apply(A.Roll(0))
    g.apply(A.PlayKnight(0))
    g.apply(A.MoveRobber(0, 4, None))
    assert g.state.phase == "roll"
    g.chance.force(1, 2)
    g.apply(A.Roll(0))
    assert g.state.phase == "main"


def test_seven_on_the_first_roll_then_second_roll() -> None:
    """A seven's robber is resolved after the first roll, then the second roll follows."""
    sc = two()
    g = sc.game
    g.chance.force(3, 4)
    g.apply(A.Roll(0))
    assert g.state.phase == "move_robber"
    g.apply(A.MoveRobber(0, 4, None))
    assert g.state.phase == "roll"


def test_road_or_settlement_gives_a_neutral_settlement_else_road() -> None:
    """Building a road triggers one free neutral build: a settlement where one fits, otherwise a road."""
    sc = two()
    g = sc.game
    a, b, c = sc.at(3, 4, 8), sc.at(4, 8, 9), sc.at(8, 9, 13)
    sc.settle(0, a)
    sc.settle(2, sc.at(14, 15, 18))              # white neutral, no road: no settlement fits, so roads
    sc.settle(3, sc.at(0, 1, 4))
    sc.give(0, lumber=1, brick=1)
    sc.main_phase(0)
    g.apply(A.BuildRoad(0, sc.edge(a, b)))
    assert g.state.phase == "neutral_build" and g.active_players() == (0,)
    builds = g.legal_actions(0)
    assert builds and all(isinstance(x, BuildNeutral) and x.piece == "road" for x in builds)
    refused(g, A.EndTurn(0), "phase")
    refused(g, BuildNeutral(0, 2, "settlement", sc.node(c)), "cannot go there")
    road = sc.edge(sc.at(14, 15, 18), sc.at(10, 14, 15))
    g.apply(BuildNeutral(0, 2, "road", road))
    assert g.state.edge_owner[road] == 2 and g.state.phase == "main"


def test_neutral_settlement_preferred_when_one_fits() -> None:
    """When a neutral network reaches a legal spot, the free build must be a settlement."""
    sc = two()
    g = sc.game
    n0, n1, n2 = sc.at(14, 15, 18), sc.at(10, 14, 15), sc.at(9, 10, 14)
    sc.settle(2, n0)
    sc.road(2, n0, n1, n2)
    a, b = sc.at(3, 4, 8), sc.at(4, 8, 9)
    sc.settle(0, a)
    sc.give(0, lumber=1, brick=1)
    sc.main_phase(0)
    g.apply(A.BuildRoad(0, sc.edge(a, b)))
    builds = g.legal_actions(0)
    assert {x.piece for x in builds} == {"settlement"} and {x.where for x in builds} == {sc.node(n2)}
    g.apply(BuildNeutral(0, 2, "settlement", sc.node(n2)))
    assert g.state.node_owner[sc.node(n2)] == 2


def test_city_and_dev_card_trigger_nothing_and_neutrals_do_not_produce() -> None:
    """Cities and development cards give the neutrals nothing; neutrals never collect resources."""
    sc = two()
    g = sc.game
    n = sc.settle(0, sc.at(3, 4, 8))
    sc.settle(2, sc.at(4, 5, 9))
    sc.give(0, ore=4, grain=3, wool=1)
    sc.main_phase(0)
    g.apply(A.BuildCity(0, n))
    assert g.state.phase == "main"
    g.apply(A.BuyDevCard(0))
    assert g.state.phase == "main"
    g.apply(A.EndTurn(0))
    bank = list(g.state.bank)
    g.chance.force(3, 3, 1, 1)
    g.apply(A.Roll(1))
    # Hills 6 touches red's city and the neutral's settlement: red takes 2, the neutral nothing.
    assert g.state.bank[3] == bank[3] - 2 and sc.hand(0).get("brick") == 2


def test_neutral_can_hold_longest_road() -> None:
    """A neutral colour with the longest road of 5+ holds the card."""
    sc = two()
    g = sc.game
    sc.road(2, "h0.SW", "h0.NW", "h0.N", "h0.NE", "h1.N", "h1.NE")
    assert g.state.longest_holder == 2


@pytest.mark.parametrize("opponent_cards, taken", [(3, 2), (1, 1)])
def test_forced_trade(opponent_cards: int, taken: int) -> None:
    """Draw 2 random cards from the opponent (1 if only 1), then give back 2 of one's choice; costs 1 card."""
    sc = two()
    g = sc.game
    sc.give(1, ore=opponent_cards)
    sc.give(0, wool=2)
    sc.main_phase(0)
    g.apply(ForcedTrade(0))
    assert sc.hand(0) == {"wool": 2, "ore": taken} and g.state.phase == "give_back"
    assert trade_cards(g) == (3, 4) and g.trade_card_supply() == 7
    assert g.state.extra["forced_taken"] == (0, 0, 0, 0, taken)
    refused(g, GiveBack(0, (0, 1, 0, 0, 0)), "exactly 2")
    g.apply(GiveBack(0, (0, 2, 0, 0, 0)))
    left = {"ore": opponent_cards - taken} if opponent_cards > taken else {}
    assert sc.hand(1) == {**left, "wool": 2} and g.state.phase == "main"
    refused(g, RobberToDesert(0), "one trade-card action")


def test_forced_trade_needs_opponent_cards_and_trade_cards() -> None:
    """Not allowed when the opponent holds nothing (Q-N9) or one lacks trade cards."""
    sc = two()
    g = sc.game
    sc.main_phase(0)
    refused(g, ForcedTrade(0), "no resource cards")
    sc.give(1, ore=1)
    g.state.extra["trade_cards"] = (0, 4)
    refused(g, ForcedTrade(0), "not enough trade cards")


def test_robber_to_desert_costs_two_when_ahead_and_steals_nothing() -> None:
    """Moving the robber to the desert steals nothing; it costs 2 when ahead on visible points."""
    sc = two()
    g = sc.game
    sc.settle(0, sc.at(0, 1, 4))
    sc.settle(1, sc.at(4, 5, 9))              # next to the desert
    sc.give(1, ore=3)
    g.state.robber = 13
    g.apply(RobberToDesert(0))               # before rolling is allowed; 1 VP each: costs 1
    assert g.state.robber == g.state.board.desert and trade_cards(g) == (3, 4) and sc.hand(1) == {"ore": 3}
    sc2 = two()
    g2 = sc2.game
    sc2.settle(0, sc2.at(0, 1, 4), city=True)
    sc2.settle(1, sc2.at(4, 5, 9))
    g2.state.robber = 13
    g2.apply(RobberToDesert(0))
    assert trade_cards(g2) == (2, 4)


def test_remove_knight_for_two_trade_cards_and_army_reevaluated() -> None:
    """Once a turn a played knight leaves the game for 2 trade cards; Largest Army needs 3 and strictly more."""
    sc = two()
    g = sc.game
    g.state.dev_played[0][KNIGHT] = 3
    g.state.dev_played[1][KNIGHT] = 2
    g._update_largest_army([])
    assert g.state.army_holder == 0
    g.apply(RemoveKnight(0))
    assert trade_cards(g) == (6, 4) and g.state.army_holder == -1 and g.state.dev_played[0][KNIGHT] == 2
    refused(g, RemoveKnight(0), "one knight a turn")


def test_settlement_trade_card_gains_and_cap() -> None:
    """Desert 2, coast 1 (both would be 3); never above 7: the seed's example with 6 cards gains 1."""
    sc = two()
    g = sc.game
    a = sc.at(4, 5, 9)                         # next to the desert
    b = sc.at(0, 1, 4)
    sc.road(0, b, sc.at(1, 4, 5), a)
    sc.settle(0, b)
    g.state.extra["trade_cards"] = (6, 4)
    sc.give(0, lumber=1, brick=1, wool=1, grain=1)
    sc.main_phase(0)
    g.apply(A.BuildSettlement(0, sc.node(a)))
    assert trade_cards(g)[0] == 7


def test_coastal_settlement_gains_one() -> None:
    """A settlement on the coast gains one trade card."""
    sc = two()
    g = sc.game
    coast = "h0.NE"
    sc.settle(0, sc.at(0, 3, 4))
    sc.road(0, sc.at(0, 3, 4), sc.at(0, 1, 4), coast)
    sc.give(0, lumber=1, brick=1, wool=1, grain=1)
    sc.main_phase(0)
    g.apply(A.BuildSettlement(0, sc.node(coast)))
    assert trade_cards(g)[0] == 5


@pytest.mark.parametrize("seed", range(100))
def test_random_two_player_games(seed: int) -> None:
    """100 random games with the invariants after every action and a save round trip."""
    game = new_game("catan-2p", 2, seed=seed, options={"board": "variable" if seed % 2 else "beginner"})
    bot, rng = RandomBot(), random.Random(seed)
    steps = 0
    # A random game can reach a dead end nobody can win from (no pieces, no cards left): stop it there.
    while not game.is_over() and steps < 20_000:
        if steps % 5 == 0:
            check_invariants(game)
        game.apply(bot.choose(None, game.legal_actions(game.active_players()[0]), rng))
        steps += 1
    check_invariants(game)
    assert game_from_json(game_to_json(game)).state_json() == game.state_json()


def test_neutral_build_taking_the_last_free_road_spot_ends_road_building() -> None:
    """If the neutral piece takes the only spot left for Road Building's second road, the card ends."""
    from game.catan.constants import ROAD_BUILDING

    sc = two()
    g = sc.game
    red = sc.at(0, 1, 4)
    sc.settle(0, red)
    sc.road(0, red, "h0.NE")
    for neighbour in g.topo.node_neighbors[sc.node(red)]:
        name = g.topo.node_names[neighbour]
        if name != "h0.NE":
            sc.road(1, red, name)
    sc.road(1, "h0.N", "h0.NW")
    sc.settle(2, "h1.N")
    sc.settle(3, sc.at(14, 15, 18))
    sc.give_dev(0, ROAD_BUILDING)
    sc.main_phase(0)
    g.apply(A.PlayRoadBuilding(0))
    g.apply(A.BuildRoad(0, sc.edge("h0.NE", "h0.N")))
    assert g.state.phase == "neutral_build"
    g.apply(BuildNeutral(0, 2, "road", sc.edge("h1.N", "h0.NE")))
    assert g.state.phase == "main" and g.state.free_roads == 0 and g.legal_actions(0)
