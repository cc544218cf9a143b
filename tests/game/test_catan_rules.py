"""Scenario tests, one or more per rule of the Catan board game (almanac 002, compact rules 003, facts file)."""

from __future__ import annotations

import pytest

from game.catan import actions as A
from game.catan.constants import BRICK, DEV_DECK_COUNTS, GRAIN, KNIGHT, LUMBER, MONOPOLY, ORE, ROAD_BUILDING, \
    VICTORY_POINT, WOOL, YEAR_OF_PLENTY
from game.catan.events import BankShort, CardStolen, GameWon
from game.core.errors import IllegalAction, InvalidOptions, MalformedAction, UnknownVariant, WrongPlayer
from game.core.registry import get_variant, new_game
from game.core.saves import state_digest
from tests.game.catan_scenarios import Scenario


def refused(game, action, match: str = "") -> None:
    """Assert the action raises IllegalAction (with the reason) and leaves the state untouched."""
    before = state_digest(game)
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)
    assert state_digest(game) == before


def cards(lumber=0, wool=0, grain=0, brick=0, ore=0) -> tuple[int, ...]:
    return (lumber, wool, grain, brick, ore)


# ------------------------------------------------------------------ set-up phase

def test_roll_off_highest_starts_and_ties_reroll_among_tied() -> None:
    """Everyone rolls; a tie for highest re-rolls between the tied players only (ruling)."""
    variant = get_variant("catan-base")
    # Rolls: p0 6+6, p1 3+3, p2 6+6, p3 1+1 -> p0 and p2 tie; re-roll: p0 2+2, p2 5+1.
    forced = (6, 6, 3, 3, 6, 6, 1, 1, 2, 2, 5, 1)
    plain = variant.new_game(variant.default_seats(4), 1, {"board": "variable"})
    # The set-up draws terrain, harbors, the token corner and the development deck before the roll-off.
    board_and_deck = plain.setup_outcomes[:4]
    game = variant.new_game(variant.default_seats(4), 1, {"board": "variable"},
                            setup_outcomes=board_and_deck + forced)
    assert game.setup_outcomes == board_and_deck + forced
    assert game.state.start_player == 2
    assert game.state.current == 2 and game.state.phase == "setup_settlement"


def test_snake_order_distance_rule_and_second_settlement_pays() -> None:
    """Round 1 clockwise, round 2 reversed; the set-up road touches the new settlement; round 2 pays."""
    game = new_game("catan-base", 3, seed=11, options={"board": "variable"})
    s = game.state
    order = []
    while s.phase.startswith("setup"):
        p = s.current
        if s.phase == "setup_settlement":
            order.append(p)
            spots = game.settlement_spots(p)
            node = spots[0]
            # Distance rule: no spot next to an existing building.
            for m in game.topo.node_neighbors[node]:
                assert s.node_owner[m] == -1
            if len(order) > 1:
                occupied = [n for n, o in enumerate(s.node_owner) if o != -1]
                neighbour = game.topo.node_neighbors[occupied[0]][0]
                refused(game, A.BuildSettlement(p, neighbour), "distance")
            hand_before = list(s.hands[p])
            game.apply(A.BuildSettlement(p, node))
            gained = [a - b for a, b in zip(s.hands[p], hand_before)]
            if len(order) <= 3:
                assert sum(gained) == 0
            else:
                terrains = [s.board.terrains[h] for h in game.topo.node_hexes[node]]
                assert sum(gained) == sum(1 for t in terrains if t != "desert")
            far = [e for e in range(72) if node not in game.topo.edges[e]][0]
            refused(game, A.BuildRoad(p, far), "set-up road")
        else:
            game.apply(A.BuildRoad(p, game.road_spots(p)[0]))
    first = order[0]
    assert order == [first, (first + 1) % 3, (first + 2) % 3, (first + 2) % 3, (first + 1) % 3, first]
    assert s.phase == "roll" and s.current == first


def test_setup_allows_no_other_action() -> None:
    """In set-up there is no rolling or trading."""
    game = new_game("catan-base", 4, seed=3, options={"board": "variable"})
    p = game.state.current
    refused(game, A.Roll(p), "phase")
    refused(game, A.EndTurn(p), "phase")


# ------------------------------------------------------------------ production

def test_production_settlement_one_city_two_robber_none() -> None:
    """Settlement 1 card, city 2; the robber's hex produces nothing."""
    sc = Scenario()
    g = sc.game
    sc.settle(0, sc.at(3, 4, 8))            # fields 12, hills 6, forest 11
    sc.settle(1, sc.at(4, 5, 9), city=True)  # hills 6, pasture 4, desert
    g.chance.force(3, 3)
    g.apply(A.Roll(0))
    assert sc.hand(0) == {"brick": 1}
    assert sc.hand(1) == {"brick": 2}
    sc.main_phase(0)
    g.apply(A.EndTurn(0))
    g.state.robber = 4
    g.chance.force(4, 2)
    g.apply(A.Roll(1))
    assert sc.hand(0) == {"brick": 1} and sc.hand(1) == {"brick": 2}


def test_seed_example_roll_of_three_on_beginner_board() -> None:
    """003 l.149-154: on a 3, white gets 1 lumber, blue 1 ore, orange 1 ore, red nothing."""
    game = new_game("catan-base", 4, seed=1)
    before = [list(h) for h in game.state.hands]
    game.chance.force(1, 2)
    game.apply(A.Roll(0))
    gained = [[a - b for a, b in zip(h, b0)] for h, b0 in zip(game.state.hands, before)]
    assert gained[0] == [0] * 5
    assert gained[1] == list(cards(ore=1))
    assert gained[2] == list(cards(lumber=1))
    assert gained[3] == list(cards(ore=1))


def test_seed_example_city_doubles() -> None:
    """003 l.291-293 and l.677: white's city at D gets 2 ore on an 8; orange's city at C 2 ore on a 3."""
    game = new_game("catan-base", 4, seed=1)
    s, t = game.state, game.topo
    d = next(n for n in range(54) if set(t.node_hexes[n]) == {10, 11, 15})
    c = next(n for n in range(54) if set(t.node_hexes[n]) == {13, 14, 17})
    s.node_level[d] = 2
    s.node_level[c] = 2
    s.building_vp[2] += 1
    s.building_vp[3] += 1
    before = [list(h) for h in s.hands]
    game.chance.force(4, 4)
    game.apply(A.Roll(0))
    assert s.hands[2][ORE] - before[2][ORE] == 2
    game.apply(A.EndTurn(0))
    before = [list(h) for h in s.hands]
    game.chance.force(1, 2)
    game.apply(A.Roll(1))
    assert s.hands[3][ORE] - before[3][ORE] == 2


@pytest.mark.parametrize("rule, ore_expected, lumber_expected", [
    ("per_resource", (0, 0), 1),
    ("strict", (0, 0), 0),
    ("fifth_edition", (0, 0), 1),
])
def test_bank_shortage(rule: str, ore_expected: tuple[int, int], lumber_expected: int) -> None:
    """Facts §6: bank holds 2 ore; a roll owes 2 ore to A, 1 ore to B and 1 lumber to C."""
    sc = Scenario(bank_rule=rule)
    g = sc.game
    # Mountains 8 (hex 11) and forest 8 (hex 12) produce on an 8.
    sc.settle(0, sc.at(10, 11, 15), city=True)   # A: mountains 8 -> 2 ore
    sc.settle(1, sc.at(6, 11), )                 # B: mountains 8 -> 1 ore
    sc.settle(2, sc.at(12, 13, 16))              # C: forest 8 -> 1 lumber
    sc.give(3, ore=17)
    events = []
    g.chance.force(4, 4)
    events = g.apply(A.Roll(0))
    assert (g.state.hands[0][ORE], g.state.hands[1][ORE]) == ore_expected
    assert g.state.hands[2][LUMBER] == lumber_expected
    assert any(isinstance(e, BankShort) for e in events)


def test_bank_shortage_fifth_edition_single_receiver_takes_rest() -> None:
    """5th-edition option: A alone owed 3 ore with 2 in the bank takes the 2; the default gives nothing."""
    for rule, expected in (("fifth_edition", 2), ("per_resource", 0)):
        sc = Scenario(bank_rule=rule)
        g = sc.game
        sc.settle(0, sc.at(10, 11, 15), city=True)
        sc.settle(0, sc.at(6, 11))
        sc.give(3, ore=17)
        g.chance.force(4, 4)
        g.apply(A.Roll(0))
        assert g.state.hands[0][ORE] == expected, rule


# ------------------------------------------------------------------ the seven

def test_seven_discards_half_rounded_down_by_everyone_over_seven() -> None:
    """002 example: Petra 6 keeps all, Jana 8 gives 4, Karel 11 gives 5; all who owe decide; then the robber."""
    sc = Scenario()
    g = sc.game
    sc.give(1, lumber=6)
    sc.give(2, wool=8)
    sc.give(3, grain=5, ore=6)
    g.chance.force(3, 4)
    g.apply(A.Roll(0))
    assert g.state.phase == "discard"
    assert g.active_players() == (2, 3)
    assert g.state.owed == [0, 0, 4, 5]
    refused(g, A.Discard(2, cards(wool=5)), "owes only 4")
    refused(g, A.Discard(3, cards(lumber=1)), "does not hold")
    with pytest.raises(WrongPlayer):
        g.apply(A.Discard(1, cards(lumber=1)))
    g.apply(A.Discard(3, cards(grain=2, ore=1)))
    assert g.active_players() == (2, 3)
    g.apply(A.Discard(2, cards(wool=4)))
    g.apply(A.Discard(3, cards(ore=2)))
    assert g.state.phase == "move_robber" and g.active_players() == (0,)
    assert sum(g.state.hands[2]) == 4 and sum(g.state.hands[3]) == 6 and sum(g.state.hands[1]) == 6


def test_discard_limit_option() -> None:
    """With the discard limit at 9, a hand of 9 keeps everything."""
    sc = Scenario(discard_limit=9)
    g = sc.game
    sc.give(1, lumber=9)
    g.chance.force(3, 4)
    g.apply(A.Roll(0))
    assert g.state.phase == "move_robber"


def test_robber_moves_and_steals_from_chosen_adjacent_player() -> None:
    """The roller moves the robber elsewhere (desert allowed) and steals a random card from a chosen victim."""
    sc = Scenario()
    g = sc.game
    sc.settle(1, sc.at(3, 4, 8))
    sc.settle(2, sc.at(4, 5, 9))
    sc.settle(0, sc.at(0, 1, 4))
    sc.give(1, ore=2, wool=1)
    g.chance.force(6, 1)
    g.apply(A.Roll(0))
    refused(g, A.MoveRobber(0, 9, None), "another hex")
    refused(g, A.MoveRobber(0, 4, 2), "victim")           # white holds no cards
    refused(g, A.MoveRobber(0, 4, 0), "victim")           # never oneself
    refused(g, A.MoveRobber(0, 4, None), "victim")
    g.chance.force(2)                                      # third card of (wool 1, ore 2) -> ore
    events = g.apply(A.MoveRobber(0, 4, 1))
    assert any(isinstance(e, CardStolen) and e.resource == ORE for e in events)
    assert sc.hand(0) == {"ore": 1} and sc.hand(1) == {"wool": 1, "ore": 1}
    assert g.state.robber == 4 and g.state.phase == "main"


def test_robber_with_nobody_to_rob_and_onto_desert() -> None:
    """With no victim the robber just moves; it may go back to the desert."""
    sc = Scenario()
    g = sc.game
    g.state.robber = 4
    g.chance.force(6, 1)
    g.apply(A.Roll(0))
    refused(g, A.MoveRobber(0, 9, 1), "nobody")
    g.apply(A.MoveRobber(0, 9, None))
    assert g.state.robber == 9


# ------------------------------------------------------------------ building

def test_road_needs_connection_and_cannot_pass_opponent_building() -> None:
    """A road touches the own network; an opponent's settlement blocks going on through it."""
    sc = Scenario()
    g = sc.game
    a, b, c = sc.at(3, 4, 8), sc.at(4, 8, 9), sc.at(8, 9, 13)
    sc.settle(0, a)
    sc.road(0, a, b)
    sc.settle(1, c)
    sc.give(0, lumber=3, brick=3)
    sc.main_phase(0)
    far = sc.edge(sc.at(14, 15, 18), sc.at(10, 14, 15))
    refused(g, A.BuildRoad(0, far), "connected")
    g.apply(A.BuildRoad(0, sc.edge(b, c)))          # up to the opponent's settlement is fine
    beyond = [e for e in g.topo.node_edges[sc.node(c)] if g.state.edge_owner[e] == -1][0]
    refused(g, A.BuildRoad(0, beyond), "connected")
    refused(g, A.BuildRoad(0, sc.edge(b, c)), "free path")    # path taken
    assert sc.hand(0) == {"lumber": 2, "brick": 2}


def test_settlement_needs_own_road_distance_and_cost() -> None:
    """A settlement needs a connecting own road and the distance rule, and costs the four cards."""
    sc = Scenario()
    g = sc.game
    a, b, c = sc.at(3, 4, 8), sc.at(4, 8, 9), sc.at(8, 9, 13)
    sc.settle(0, a)
    sc.road(0, a, b, c)
    sc.main_phase(0)
    refused(g, A.BuildSettlement(0, sc.node(c)), "pay")
    sc.give(0, lumber=2, brick=2, wool=2, grain=2)
    refused(g, A.BuildSettlement(0, sc.node(b)), "distance")
    refused(g, A.BuildSettlement(0, sc.node(sc.at(14, 15, 18))), "road")
    g.apply(A.BuildSettlement(0, sc.node(c)))
    assert sc.hand(0) == {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}
    assert g.public_vp(0) == 2
    assert g.state.bank[LUMBER] == 18


def test_city_replaces_settlement_and_returns_it() -> None:
    """A city costs 3 ore + 2 grain, replaces an own settlement, gives the settlement piece back."""
    sc = Scenario()
    g = sc.game
    n = sc.settle(0, sc.at(3, 4, 8))
    sc.give(0, ore=3, grain=2)
    sc.main_phase(0)
    left = g.state.settlements_left[0]
    refused(g, A.BuildCity(0, sc.node(sc.at(14, 15, 18))), "settlement")
    g.apply(A.BuildCity(0, n))
    assert g.state.node_level[n] == 2 and g.state.settlements_left[0] == left + 1
    assert g.state.cities_left[0] == 3 and g.public_vp(0) == 2 and sc.hand(0) == {}


def test_piece_limits() -> None:
    """15 roads, 5 settlements, 4 cities per player."""
    sc = Scenario()
    g = sc.game
    a, b = sc.at(3, 4, 8), sc.at(4, 8, 9)
    sc.settle(0, a)
    sc.road(0, a, b)
    g.state.roads_left[0] = 0
    g.state.cities_left[0] = 0
    sc.give(0, lumber=1, brick=1, ore=3, grain=2)
    sc.main_phase(0)
    refused(g, A.BuildRoad(0, sc.edge(b, sc.at(8, 9, 13))), "no roads left")
    refused(g, A.BuildCity(0, sc.node(a)), "no cities left")


def test_no_building_before_the_roll() -> None:
    """Building waits for the roll."""
    sc = Scenario()
    g = sc.game
    a, b = sc.at(3, 4, 8), sc.at(4, 8, 9)
    sc.settle(0, a)
    sc.give(0, lumber=1, brick=1)
    refused(g, A.BuildRoad(0, sc.edge(a, b)), "phase")


# ------------------------------------------------------------------ trade

def test_domestic_trade_offer_accept_confirm() -> None:
    """Offer to all; one accepts, one declines; the offerer confirms; cards change hands."""
    sc = Scenario()
    g = sc.game
    sc.give(0, ore=2)
    sc.give(1, brick=1)
    sc.give(2, brick=1)
    sc.main_phase(0)
    g.apply(A.OfferTrade(0, cards(ore=1), cards(brick=1), ()))
    assert set(g.active_players()) == {1, 2, 3}
    refused(g, A.AcceptTrade(3), "asked cards")
    g.apply(A.AcceptTrade(1))
    g.apply(A.DeclineTrade(2))
    g.apply(A.DeclineTrade(3))
    assert g.state.phase == "trade_confirm" and g.active_players() == (0,)
    refused(g, A.ConfirmTrade(0, 2), "did not accept")
    g.apply(A.ConfirmTrade(0, 1))
    assert sc.hand(0) == {"ore": 1, "brick": 1} and sc.hand(1) == {"ore": 1}
    assert g.state.phase == "main"


def test_domestic_counter_offer_and_confirm_executes_counter_terms() -> None:
    """002 example: 'I give you brick if you give me 1 lumber and 1 ore' — the counter closes on its terms."""
    sc = Scenario()
    g = sc.game
    sc.give(0, ore=3, lumber=2)
    sc.give(1, brick=1)
    sc.give(2, brick=1)
    sc.main_phase(0)
    g.apply(A.OfferTrade(0, cards(ore=1), cards(brick=1), (1, 2)))
    g.apply(A.CounterTrade(1, cards(brick=1), cards(ore=3)))
    g.apply(A.CounterTrade(2, cards(brick=1), cards(lumber=1, ore=1)))
    g.apply(A.ConfirmTrade(0, 2))
    assert sc.hand(0) == {"ore": 2, "lumber": 1, "brick": 1}
    assert sc.hand(2) == {"ore": 1, "lumber": 1}
    assert sc.hand(1) == {"brick": 1}


def test_offer_declined_by_all_closes_and_cancel_works() -> None:
    """An offer nobody takes ends without a trade; the offerer may cancel when someone accepted."""
    sc = Scenario()
    g = sc.game
    sc.give(0, ore=1)
    sc.give(1, brick=1)
    sc.main_phase(0)
    g.apply(A.OfferTrade(0, cards(ore=1), cards(brick=1), (1,)))
    g.apply(A.DeclineTrade(1))
    assert g.state.phase == "main" and g.state.trade is None
    g.apply(A.OfferTrade(0, cards(ore=1), cards(brick=1), (1,)))
    g.apply(A.AcceptTrade(1))
    g.apply(A.CancelTrade(0))
    assert sc.hand(0) == {"ore": 1} and sc.hand(1) == {"brick": 1}


def test_trade_rules_no_gifts_no_like_for_like_only_turn_player() -> None:
    """No gifts, no same resource on both sides, offered cards must be held, only the turn player offers."""
    sc = Scenario()
    g = sc.game
    sc.give(0, ore=2, wool=1)
    sc.give(1, brick=1)
    sc.main_phase(0)
    refused(g, A.OfferTrade(0, cards(ore=1), cards(), ()), "gifts")
    refused(g, A.OfferTrade(0, cards(ore=1), cards(ore=1, brick=1), ()), "like-for-like")
    refused(g, A.OfferTrade(0, cards(grain=1), cards(brick=1), ()), "does not hold")
    refused(g, A.OfferTrade(0, cards(ore=1), cards(brick=1), (0,)), "other players")
    with pytest.raises(WrongPlayer):
        g.apply(A.OfferTrade(1, cards(brick=1), cards(ore=1), ()))


def test_maritime_rates_four_three_two() -> None:
    """4:1 without harbor; 3:1 at a generic harbor; 2:1 for the harbor's resource."""
    sc = Scenario()
    g = sc.game
    sc.give(0, ore=4, wool=4)
    sc.main_phase(0)
    refused(g, A.MaritimeTrade(0, ORE, ORE), "another")
    g.apply(A.MaritimeTrade(0, ORE, BRICK))
    assert sc.hand(0) == {"wool": 4, "brick": 1}
    sc.settle(0, "h0.NW")          # generic 3:1 (spot 1)
    sc.settle(0, "h6.NE")          # ore 2:1 (spot 3)
    assert g.maritime_rate(0, WOOL) == 3 and g.maritime_rate(0, ORE) == 2
    g.apply(A.MaritimeTrade(0, WOOL, GRAIN))
    assert sc.hand(0) == {"wool": 1, "brick": 1, "grain": 1}
    refused(g, A.MaritimeTrade(0, WOOL, GRAIN), "rate")


def test_separate_phases_harbor_from_next_turn_and_no_trade_after_building() -> None:
    """Option: trade then build; a harbor built this turn serves from the next turn."""
    sc = Scenario(separate_phases=True)
    g = sc.game
    a = "h0.NW"
    b = g.topo.node_names[[m for m in g.topo.node_neighbors[sc.node(a)]][0]]
    c = g.topo.node_names[[m for m in g.topo.node_neighbors[sc.node(b)] if m != sc.node(a)][0]]
    sc.settle(0, c)
    sc.road(0, c, b, a)
    sc.give(0, lumber=1, brick=1, wool=1, grain=1, ore=6)
    sc.main_phase(0)
    g.apply(A.MaritimeTrade(0, ORE, WOOL))        # trading first is fine (4:1)
    g.apply(A.BuildSettlement(0, sc.node(a)))       # harbor built
    assert g.maritime_rate(0, ORE) == 4
    refused(g, A.MaritimeTrade(0, ORE, GRAIN), "separate phases")
    g.apply(A.EndTurn(0))
    assert g.maritime_rate(0, ORE) == 3


def test_combined_phase_harbor_usable_at_once() -> None:
    """Default combined phase: a new harbor serves in the same turn."""
    sc = Scenario()
    g = sc.game
    a = "h0.NW"
    b = g.topo.node_names[g.topo.node_neighbors[sc.node(a)][0]]
    c = g.topo.node_names[[m for m in g.topo.node_neighbors[sc.node(b)] if m != sc.node(a)][0]]
    sc.settle(0, c)
    sc.road(0, c, b, a)
    sc.give(0, lumber=1, brick=1, wool=1, grain=1, ore=3)
    sc.main_phase(0)
    g.apply(A.BuildSettlement(0, sc.node(a)))
    g.apply(A.MaritimeTrade(0, ORE, GRAIN))
    assert sc.hand(0) == {"grain": 1}


# ------------------------------------------------------------------ development cards

def test_dev_deck_composition_and_buying() -> None:
    """25 cards: 14 knights, 5 VP, 2 each of the progress cards; buying costs ore, wool, grain."""
    sc = Scenario()
    g = sc.game
    assert sorted(g.state.dev_deck) == sorted(c for c, n in enumerate(DEV_DECK_COUNTS) for _ in range(n))
    assert len(g.state.dev_deck) == 25 and DEV_DECK_COUNTS == (14, 5, 2, 2, 2)
    sc.give(0, ore=1, wool=1, grain=1)
    sc.main_phase(0)
    card = g.state.dev_deck[-1]
    g.apply(A.BuyDevCard(0))
    assert g.state.dev_hand[0][card] == 1 and g.state.dev_new[0][card] == 1 and sc.hand(0) == {}
    refused(g, A.BuyDevCard(0), "pay")


def test_dev_card_not_the_turn_bought_and_one_per_turn() -> None:
    """A card bought this turn waits; only one development card per turn."""
    sc = Scenario()
    g = sc.game
    sc.give_dev(0, KNIGHT, new=True)
    sc.give_dev(0, MONOPOLY)
    sc.give_dev(0, YEAR_OF_PLENTY)
    sc.main_phase(0)
    refused(g, A.PlayKnight(0), "bought this turn")
    g.apply(A.PlayMonopoly(0, ORE))
    refused(g, A.PlayYearOfPlenty(0, (ORE, ORE)), "one development card")
    g.apply(A.EndTurn(0))
    assert g.state.dev_new[0] == [0] * 5


def test_knight_before_the_roll_moves_robber_without_discards() -> None:
    """A knight may be played before rolling; it moves the robber and steals, no one discards."""
    sc = Scenario()
    g = sc.game
    sc.give_dev(0, KNIGHT)
    sc.settle(1, sc.at(3, 4, 8))
    sc.give(1, wool=9)
    g.apply(A.PlayKnight(0))
    assert g.state.phase == "move_robber" and g.state.owed == [0, 0, 0, 0]
    g.chance.force(0)
    g.apply(A.MoveRobber(0, 4, 1))
    assert sc.hand(0) == {"wool": 1} and sum(g.state.hands[1]) == 8
    assert g.state.phase == "roll"
    g.chance.force(2, 2)
    g.apply(A.Roll(0))
    assert g.state.phase == "main"


def test_road_building_two_free_roads_or_as_many_as_fit() -> None:
    """Road Building: two free roads by the normal rules; only one if only one piece is left."""
    sc = Scenario()
    g = sc.game
    a, b = sc.at(3, 4, 8), sc.at(4, 8, 9)
    sc.settle(0, a)
    sc.give_dev(0, ROAD_BUILDING)
    sc.main_phase(0)
    g.apply(A.PlayRoadBuilding(0))
    assert g.state.phase == "road_building" and g.active_players() == (0,)
    refused(g, A.EndTurn(0), "phase")
    g.apply(A.BuildRoad(0, sc.edge(a, b)))
    g.apply(A.BuildRoad(0, sc.edge(b, sc.at(8, 9, 13))))
    assert g.state.phase == "main" and sum(g.state.hands[0]) == 0 and g.state.roads_left[0] == 13
    sc2 = Scenario()
    g2 = sc2.game
    sc2.settle(0, a)
    g2.state.roads_left[0] = 1
    sc2.give_dev(0, ROAD_BUILDING)
    sc2.main_phase(0)
    g2.apply(A.PlayRoadBuilding(0))
    g2.apply(A.BuildRoad(0, sc2.edge(a, b)))
    assert g2.state.phase == "main"


def test_year_of_plenty_two_from_the_bank() -> None:
    """Year of Plenty takes any 2 the bank has (1 if it has only 1 card in all)."""
    sc = Scenario()
    g = sc.game
    sc.give_dev(0, YEAR_OF_PLENTY)
    sc.main_phase(0)
    refused(g, A.PlayYearOfPlenty(0, (ORE,)), "two")
    g.apply(A.PlayYearOfPlenty(0, (ORE, BRICK)))
    assert sc.hand(0) == {"ore": 1, "brick": 1}
    sc2 = Scenario()
    g2 = sc2.game
    sc2.give(1, lumber=19, wool=19, grain=19, brick=19, ore=18)
    sc2.give_dev(0, YEAR_OF_PLENTY)
    sc2.main_phase(0)
    refused(g2, A.PlayYearOfPlenty(0, (ORE, ORE)), "bank")
    g2.apply(A.PlayYearOfPlenty(0, (ORE,)))
    assert sc2.hand(0) == {"ore": 1}


def test_monopoly_takes_every_card_of_the_resource() -> None:
    """Monopoly: all other players hand over all their cards of the named resource."""
    sc = Scenario()
    g = sc.game
    sc.give(1, wool=3, ore=1)
    sc.give(2, wool=2)
    sc.give(0, wool=1)
    sc.give_dev(0, MONOPOLY)
    g.apply(A.PlayMonopoly(0, WOOL))
    assert sc.hand(0) == {"wool": 6} and sc.hand(1) == {"ore": 1} and sc.hand(2) == {}


def test_vp_card_wins_on_purchase_almanac_example() -> None:
    """002 'Konec hry': 2 settlements, longest road, 2 cities and a VP card = 9; buying a second VP card wins."""
    sc = Scenario()
    g = sc.game
    a, b, c, d, e, f = sc.at(3, 4, 8), sc.at(4, 8, 9), sc.at(8, 9, 13), sc.at(8, 12, 13), sc.at(7, 8, 12), \
        sc.at(3, 7, 8)
    sc.settle(0, a)
    sc.settle(0, c)
    sc.settle(0, sc.at(14, 15, 18), city=True)
    sc.settle(0, sc.at(0, 1, 4), city=True)
    sc.road(0, a, b, c, d, e, f)
    assert g.state.longest_holder == 0
    sc.give_dev(0, VICTORY_POINT)
    assert g.total_vp(0) == 9 and g.public_vp(0) == 8
    g.state.dev_deck.remove(VICTORY_POINT)
    g.state.dev_deck.append(VICTORY_POINT)
    sc.give(0, ore=1, wool=1, grain=1)
    sc.main_phase(0)
    events = g.apply(A.BuyDevCard(0))
    assert any(isinstance(ev, GameWon) for ev in events)
    assert g.is_over() and g.winner() == 0 and g.legal_actions(0) == []


def test_victory_only_on_own_turn() -> None:
    """Reaching 10 while another player is on turn does not end the game; it ends when one's own turn begins."""
    sc = Scenario()
    g = sc.game
    for hexes in ((0, 1, 4), (2, 5, 6), (14, 15, 18), (12, 13, 16)):
        sc.settle(1, sc.at(*hexes), city=True)
    sc.settle(1, sc.at(3, 4, 8))
    sc.give_dev(1, VICTORY_POINT)
    assert g.total_vp(1) == 10
    sc.main_phase(0)
    sc.give(0, ore=4)
    g.apply(A.MaritimeTrade(0, ORE, WOOL))
    assert not g.is_over()
    events = g.apply(A.EndTurn(0))
    assert g.is_over() and g.winner() == 1
    assert any(isinstance(e, GameWon) and e.player == 1 and e.points == 10 for e in events)


def test_vp_target_option() -> None:
    """With a target of 5, five points on one's own turn win."""
    sc = Scenario(vp_target=5)
    g = sc.game
    for hexes in ((0, 1, 4), (2, 5, 6)):
        sc.settle(0, sc.at(*hexes), city=True)
    a, b = sc.at(14, 15, 18), sc.at(10, 14, 15)
    sc.road(0, a, b, sc.at(9, 10, 14))
    sc.give(0, lumber=1, brick=1, wool=1, grain=1)
    sc.main_phase(0)
    assert not g.is_over()
    g.apply(A.BuildSettlement(0, sc.node(sc.at(9, 10, 14))))
    assert g.is_over() and g.winner() == 0


# ------------------------------------------------------------------ longest road, largest army

def _chain(sc, hexes_list):
    return [sc.at(*h) for h in hexes_list]


RING = [(3, 4, 8), (4, 8, 9), (8, 9, 13), (8, 12, 13), (7, 8, 12), (3, 7, 8)]


def test_longest_road_needs_five_and_counts_loops() -> None:
    """Four roads earn nothing; five take the card; a closed loop of six counts six."""
    sc = Scenario()
    g = sc.game
    nodes = _chain(sc, RING)
    sc.settle(0, nodes[0])
    sc.main_phase(0)
    sc.road(0, *nodes[:5])
    assert g.state.road_length[0] == 4 and g.state.longest_holder == -1
    sc.give(0, lumber=2, brick=2)
    g.apply(A.BuildRoad(0, sc.edge(nodes[4], nodes[5])))
    assert g.state.longest_holder == 0 and g.public_vp(0) == 3
    g.apply(A.BuildRoad(0, sc.edge(nodes[5], nodes[0])))
    assert g.state.road_length[0] == 6


def test_branches_do_not_add() -> None:
    """Only the longest single trail counts."""
    sc = Scenario()
    g = sc.game
    n = _chain(sc, RING)
    sc.road(0, n[0], n[1], n[2], n[3])
    spur = [m for m in g.topo.node_neighbors[sc.node(n[1])] if m not in (sc.node(n[0]), sc.node(n[2]))][0]
    sc.road(0, n[1], g.topo.node_names[spur])
    assert g.state.road_length[0] == 3


def test_longest_road_strictly_longer_to_take() -> None:
    """An equal road leaves the card with its holder; a longer one takes it."""
    sc = Scenario()
    g = sc.game
    sc.road(0, *_chain(sc, RING[:6]))               # 5 roads, player 0 holds
    assert g.state.longest_holder == 0
    other = [sc.at(14, 15, 18), sc.at(10, 14, 15), sc.at(9, 10, 14), sc.at(9, 13, 14), sc.at(13, 14, 17),
             sc.at(14, 17, 18), sc.at(14, 15, 18)]
    sc.road(1, *other[:6])
    assert g.state.road_length[1] == 5 and g.state.longest_holder == 0
    sc.settle(1, other[0])
    sc.give(1, lumber=1, brick=1)
    sc.main_phase(1)
    g.apply(A.BuildRoad(1, sc.edge(other[5], other[6])))
    assert g.state.road_length[1] == 6 and g.state.longest_holder == 1


COAST = ["h0.SW", "h0.NW", "h0.N", "h0.NE", "h1.N", "h1.NE", "h2.N", "h2.NE", "h2.SE", "h6.NE", "h6.SE", "h11.NE",
         "h11.SE", "h11.S", "h15.SE", "h15.S", "h18.SE", "h18.S", "h17.SE", "h17.S", "h16.SE", "h16.S", "h16.SW",
         "h12.S", "h12.SW", "h7.S", "h7.SW", "h7.NW", "h3.SW", "h3.NW"]


@pytest.mark.parametrize("first, others, holder_after", [
    (0, (1,), 0),          # 9 roads broken into 5 + 4; player 1 has 5: the holder is among the longest, keeps it
    (1, (1, 2), -1),       # 8 roads broken into 4 + 4; players 1 and 2 tie at 5: set aside
    (1, (1,), 1),          # 8 roads broken into 4 + 4; player 1 alone has 5: takes it
    (1, (), -1),           # nobody has 5 after the break: set aside
])
def test_broken_longest_road(first: int, others: tuple[int, ...], holder_after: int) -> None:
    """Facts §6: a settlement breaks a road; the holder keeps the card only among the longest; ties set it aside."""
    sc = Scenario()
    g = sc.game
    sc.road(0, *COAST[first:10])
    if 1 in others:
        sc.road(1, *COAST[15:21])
    if 2 in others:
        sc.road(2, *COAST[22:28])
    assert g.state.longest_holder == 0
    # Player 3 comes in from the inland side and settles in the middle of player 0's road.
    sc.settle(3, sc.at(2, 5, 6))
    sc.road(3, sc.at(2, 5, 6), sc.at(1, 2, 5))
    sc.give(3, lumber=2, brick=2, wool=1, grain=1)
    sc.main_phase(3)
    g.apply(A.BuildRoad(3, sc.edge(sc.at(1, 2, 5), "h1.NE")))
    g.apply(A.BuildSettlement(3, sc.node("h1.NE")))
    assert g.state.road_length[0] == (5 if first == 0 else 4)
    assert g.state.longest_holder == holder_after


def test_own_buildings_do_not_break_a_road() -> None:
    """The owner's own settlement on the road keeps it whole."""
    sc = Scenario()
    g = sc.game
    sc.road(0, *COAST[1:10])
    sc.settle(0, "h1.NE")
    assert g.state.road_length[0] == 8


def test_largest_army_first_to_three_strictly_more_to_take() -> None:
    """Three played knights take Largest Army; equal does not take it; more does."""
    sc = Scenario()
    g = sc.game
    g.state.dev_played[1][KNIGHT] = 3
    g._update_largest_army([])
    assert g.state.army_holder == 1
    g.state.dev_played[0][KNIGHT] = 2
    sc.give_dev(0, KNIGHT)
    g.apply(A.PlayKnight(0))
    assert g.state.army_holder == 1
    g.apply(A.MoveRobber(0, 4, None))
    sc.main_phase(0)
    g.apply(A.EndTurn(0))
    g.state.current = 0
    g.state.phase = "roll"
    g.state.dev_played_turn = False
    sc.give_dev(0, KNIGHT)
    g.apply(A.PlayKnight(0))
    assert g.state.army_holder == 0 and g.public_vp(0) == 2


# ------------------------------------------------------------------ bad input

def test_unknown_variant_and_bad_options() -> None:
    """Unknown ids and impossible options raise typed errors naming the fault."""
    with pytest.raises(UnknownVariant, match="nope"):
        new_game("nope", 4)
    with pytest.raises(InvalidOptions, match="vp_target"):
        new_game("catan-base", 4, options={"vp_target": 1})
    with pytest.raises(InvalidOptions, match="unknown option"):
        new_game("catan-base", 4, options={"colour": 3})
    with pytest.raises(InvalidOptions, match="board"):
        new_game("catan-base", 4, options={"board": "hexagon"})
    with pytest.raises(InvalidOptions, match="3-4 players"):
        new_game("catan-base", 5)
    with pytest.raises(InvalidOptions, match="true or false"):
        new_game("catan-base", 4, options={"separate_phases": "yes"})


@pytest.mark.parametrize("data, message", [
    ([], "JSON object"),
    ({"kind": "fly"}, "unknown action kind"),
    ({"kind": "roll"}, "lacks the field 'player'"),
    ({"kind": "roll", "player": "0"}, "bad value"),
    ({"kind": "roll", "player": 0, "speed": 3}, "unknown fields"),
    ({"kind": "discard", "player": 0, "cards": [1, 2]}, None),
    ({"kind": "build_road", "player": 0, "edge": True}, "bad value"),
])
def test_malformed_json_actions(data, message) -> None:
    """JSON actions of the wrong shape raise MalformedAction; shape-valid but impossible ones are illegal."""
    codec = get_variant("catan-base").codec()
    if message is None:
        action = codec.from_json(data)
        game = new_game("catan-base", 4, seed=1)
        refused(game, action, "five non-negative counts|phase")
        return
    with pytest.raises(MalformedAction, match=message):
        codec.from_json(data)


def test_actions_json_round_trip() -> None:
    """Every action kind survives to_json/from_json."""
    codec = get_variant("catan-base").codec()
    samples = [A.Roll(1), A.MoveRobber(2, 5, None), A.MoveRobber(2, 5, 1), A.Discard(0, cards(ore=2)),
               A.OfferTrade(0, cards(ore=1), cards(wool=1), (1, 2)), A.PlayYearOfPlenty(0, (1, 2)),
               A.CounterTrade(1, cards(brick=1), cards(ore=2)), A.ConfirmTrade(0, 3), A.EndTurn(3)]
    for action in samples:
        assert codec.from_json(action.to_json()) == action
