"""Hard's own Catan play (the search's prior) and the seat's value it chooses roads by."""

from __future__ import annotations

import random

from game.ai.catan_hard_policy import EVEN_SETUP_WEIGHT, CatanHardPolicy
from game.ai.catan_heuristic import CatanHeuristicBot
from game.ai.catan_situation import SETUP_WEIGHT, Situation, missing
from game.ai.catan_value import _expansion, seat_value
from game.ai.search import HardBot, family_search
from game.catan import actions as A
from game.catan.longest_road import longest_road
from game.catan.state import MAIN, ROLL, SETUP_SETTLEMENT
from game.core.registry import get_variant


def new_game(variant_id: str = "catan-base", players: int = 4, seed: int = 1):  # type: ignore[no-untyped-def]
    variant = get_variant(variant_id)
    return variant.new_game(variant.default_seats(players), seed, {})


def main_phase(g, player: int, hand: list[int]) -> None:  # type: ignore[no-untyped-def]
    """It is the player's turn after the roll, holding exactly `hand` (the bank pays the difference)."""
    s = g.state
    s.current, s.phase, s.has_rolled = player, MAIN, True
    s.bank = [b + h - n for b, h, n in zip(s.bank, s.hands[player], hand)]
    s.hands[player] = list(hand)


def test_hard_starts_its_catan_search_from_this_policy() -> None:
    assert family_search("catan").prior is CatanHardPolicy
    assert isinstance(HardBot("catan").prior, CatanHardPolicy)
    # The other families start from their own policies: Rivals from Normal in Hard's style, the card game from Normal.
    from game.ai.rivals_search import hard_policy

    assert family_search("rivals").prior is hard_policy
    assert family_search("cards").prior is None


def same_choices_at_seat_0(g, bot, reference, steps: int) -> int:  # type: ignore[no-untyped-def]
    """Plays up to `steps` actions (Normal at the other seats); at seat 0 `bot` and `reference` must choose alike
    with the same random numbers. Returns how many seat-0 decisions were compared."""
    others = CatanHeuristicBot()
    compared = 0
    for step in range(steps):
        if g.is_over():
            break
        p = g.active_players()[0]
        legal, view = g.legal_actions(p), g.view(p)
        if p == 0:
            choice = bot.choose(view, legal, random.Random(step))
            assert choice == reference.choose(view, legal, random.Random(step))
            compared += 1
        else:
            choice = others.fresh().choose(view, legal, random.Random(step))
        g.apply(choice)
    return compared


def test_in_the_two_player_game_it_weighs_every_resource_alike_in_its_set_up() -> None:
    placed = changed = 0
    for seed in range(12):
        g = new_game("catan-2p", 2, seed=seed)
        normal = CatanHeuristicBot()
        while g.state.phase not in (ROLL, MAIN):
            p = g.active_players()[0]
            view, legal = g.view(p), g.legal_actions(p)
            ours = normal.choose(view, legal, random.Random(0))
            if g.state.phase == SETUP_SETTLEMENT:
                even = Situation(view, setup_weights=EVEN_SETUP_WEIGHT)
                spots = [a for a in legal if isinstance(a, A.BuildSettlement)]
                best = max(spots, key=lambda a: (even.site_value(a.node, setup=True), -a.node))
                assert CatanHardPolicy().choose(view, legal, random.Random(0)) == best
                placed += 1
                changed += best != ours
            g.apply(ours)
    assert placed >= 48 and changed, "even weights never placed elsewhere than Normal's"
    # With three or four players it places as Normal does.
    variant = get_variant("catan-base")
    g = variant.new_game(variant.default_seats(4), 3, {"board": "variable"})
    p = g.active_players()[0]
    view, legal = g.view(p), g.legal_actions(p)
    assert g.state.phase == SETUP_SETTLEMENT
    assert CatanHardPolicy().setup_weights(view) == CatanHeuristicBot().setup_weights(view) == SETUP_WEIGHT
    assert CatanHardPolicy().choose(view, legal, random.Random(0)) == CatanHeuristicBot().choose(view, legal,
                                                                                                random.Random(0))


def test_after_the_set_up_of_the_two_player_game_it_plays_exactly_as_normal() -> None:
    g = new_game("catan-2p", 2, seed=5)
    normal = CatanHeuristicBot()
    while g.state.phase not in (ROLL, MAIN):
        p = g.active_players()[0]
        g.apply(normal.choose(g.view(p), g.legal_actions(p), random.Random(0)))
    assert same_choices_at_seat_0(g, CatanHardPolicy(), CatanHeuristicBot(), 800) > 100


def test_with_four_players_it_offers_for_a_card_when_two_are_lacking() -> None:
    g = new_game()
    main_phase(g, 0, [0, 0, 0, 0, 1])  # one ore: its goal lacks two cards
    legal, view = g.legal_actions(0), g.view(0)
    assert CatanHeuristicBot().choose(view, legal, random.Random(0)).kind == "end_turn"
    offer = CatanHardPolicy().choose(view, legal, random.Random(0))
    assert isinstance(offer, A.OfferTrade)
    _, cost = Situation(view, missing_card_penalty=4.0).goal()
    assert missing([0, 0, 0, 0, 1], cost) == 2
    wanted = offer.get.index(1)
    assert cost[wanted] > 0, "it asks for a card its goal lacks"
    assert cost[offer.give.index(1)] == 0, "and gives one its goal does not need"


def _offer_table(other_hand: list[int]):  # type: ignore[no-untyped-def]
    """Seat 0 to move, its road lacking a brick, with a wool and a grain to spare beyond its goal (two wool, one
    grain); only seat 1 holds cards (`other_hand`), so every world sampled from seat 0's view deals them to it."""
    g = new_game()
    s = g.state
    s.current, s.phase, s.has_rolled = 0, MAIN, True
    hands = {0: [1, 3, 2, 0, 0], 1: other_hand, 2: [0] * 5, 3: [0] * 5}
    for seat, hand in hands.items():
        s.hands[seat] = list(hand)
    s.bank = [19 - sum(hand[r] for hand in hands.values()) for r in range(5)]
    return g


def test_it_offers_the_card_another_player_would_take() -> None:
    # Seat 1 saves for a city (two grain, three ore) and can spare its brick: it takes grain, not wool, for it.
    g = _offer_table([0, 0, 0, 1, 3])
    view, legal = g.view(0), g.legal_actions(0)
    assert Situation(g.view(1)).goal()[0] == "city"
    normal = CatanHeuristicBot().choose(view, legal, random.Random(0))
    assert normal == A.OfferTrade(0, (0, 1, 0, 0, 0), (0, 0, 0, 1, 0), ()), "Normal gives what it has most of"
    hard = CatanHardPolicy().choose(view, legal, random.Random(0))
    assert hard == A.OfferTrade(0, (0, 0, 1, 0, 0), (0, 0, 0, 1, 0), ()), "Hard gives what seat 1 would take"
    g.apply(hard)
    answer = CatanHeuristicBot().choose(g.view(1), g.legal_actions(1), random.Random(0))
    assert isinstance(answer, A.AcceptTrade)


def test_when_nobody_would_take_an_offer_it_makes_normals() -> None:
    g = _offer_table([0, 0, 0, 0, 3])  # nobody holds a brick
    view, legal = g.view(0), g.legal_actions(0)
    normal = CatanHeuristicBot().choose(view, legal, random.Random(0))
    assert CatanHardPolicy().choose(view, legal, random.Random(0)) == normal


def test_it_makes_one_offer_a_turn() -> None:
    g = _offer_table([0, 0, 0, 1, 3])
    bot = CatanHardPolicy()
    first = bot.choose(g.view(0), g.legal_actions(0), random.Random(0))
    assert isinstance(first, A.OfferTrade)
    again = bot.choose(g.view(0), g.legal_actions(0), random.Random(1))
    assert not isinstance(again, A.OfferTrade)


def _road_of_four(g) -> None:  # type: ignore[no-untyped-def]
    """Seat 0's longest road grows to four by roads laid by hand."""
    s = g.state
    while s.road_length[0] < 4:
        best = None
        for e in range(g.topo.num_edges):
            if s.edge_owner[e] == -1 and g.road_spot_ok(0, e):
                owners = list(s.edge_owner)
                owners[e] = 0
                length = longest_road(g.topo, owners, s.node_owner, 0)
                if best is None or length > best[0]:
                    best = (length, e)
        assert best is not None
        s.edge_owner[best[1]] = 0
        s.roads_left[0] -= 1
        s.road_length[0] = best[0]


def test_builds_the_road_that_takes_longest_road() -> None:
    g = new_game()
    main_phase(g, 0, [1, 0, 0, 1, 0])  # a road's cost and nothing else
    _road_of_four(g)
    before = g.public_vp(0)
    road = CatanHardPolicy().choose(g.view(0), g.legal_actions(0), random.Random(0))
    assert isinstance(road, A.BuildRoad)
    g.apply(road)
    assert g.state.longest_holder == 0 and g.public_vp(0) == before + 2


def test_a_road_toward_a_site_is_worth_more_than_one_into_nowhere() -> None:
    g = new_game()
    main_phase(g, 0, [1, 0, 0, 1, 0])
    values = {}
    for action in g.legal_actions(0):
        if isinstance(action, A.BuildRoad):
            after = g.clone()
            after.apply(action)
            sites, _ = _expansion(after, 0)
            values[action.edge] = (seat_value(after, 0), len(sites))
    opening = [v for v, sites in values.values() if sites > len(_expansion(g, 0)[0])]
    closed = [v for v, sites in values.values() if sites == len(_expansion(g, 0)[0])]
    assert opening and closed
    assert min(opening) > max(closed)


def test_a_rival_building_cuts_off_the_sites_beyond_it() -> None:
    g = new_game()
    main_phase(g, 0, [1, 0, 0, 1, 0])
    assert _expansion(g, 0)[0] == []  # the beginner set-up leaves no site open to a road
    opening = next(a for a in g.legal_actions(0) if isinstance(a, A.BuildRoad)
                   and _expansion(_after(g, a), 0)[0])
    g.apply(opening)
    [site, *_] = _expansion(g, 0)[0]
    assert g.can_settle(site)
    g.state.node_owner[site], g.state.node_level[site] = 1, 1  # a rival settles there
    sites, _ = _expansion(g, 0)
    assert site not in sites and all(g.can_settle(n) for n in sites)


def _after(g, action):  # type: ignore[no-untyped-def]
    copy = g.clone()
    copy.apply(action)
    return copy


def test_an_eighth_card_is_worth_less_than_none() -> None:
    g = new_game()
    main_phase(g, 0, [0, 7, 0, 0, 0])  # seven wool: nothing it builds needs an eighth
    seven = seat_value(g, 0)
    main_phase(g, 0, [0, 8, 0, 0, 0])
    assert seat_value(g, 0) < seven
    main_phase(g, 0, [0, 6, 0, 0, 0])
    assert seat_value(g, 0) < seven


def test_without_rollouts_hard_plays_this_policy() -> None:
    g = new_game(seed=9)
    assert same_choices_at_seat_0(g, HardBot("catan", iterations=0), CatanHardPolicy(), 600) > 100
