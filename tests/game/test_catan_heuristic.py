"""The heuristic Catan bot: legal and finishing games, clearly better than random, sensible key decisions,
and blind to what its view hides."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import game.sim
from game.ai.catan_heuristic import CatanHeuristicBot
from game.ai.catan_situation import effective_missing
from game.catan import actions as A
from game.catan.geometry import topology
from game.catan.state import MAIN, MOVE_ROBBER
from game.core.registry import get_variant
from game.sim import run_game

VARIANT = "catan-base"


def new_game(seed: int = 1, **options):
    variant = get_variant(VARIANT)
    return variant.new_game(variant.default_seats(4), seed, dict(options))


def choose(game, player: int, bot: CatanHeuristicBot | None = None):
    bot = bot or CatanHeuristicBot()
    legal = game.legal_actions(player)
    choice = bot.choose(game.view(player), legal, random.Random(0))
    assert choice in legal
    return choice


class CheckingBot:
    """Wraps a bot and fails the test if it ever returns an action that is not in the legal list."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.needs_view = getattr(bot, "needs_view", True)
        self.calls = 0

    def choose(self, view, legal_actions, rng):
        self.calls += 1
        action = self.bot.choose(view, legal_actions, rng)
        assert action in legal_actions, f"{action} not among the {len(legal_actions)} legal actions"
        return action


# ------------------------------------------------------------------ full games


@pytest.mark.parametrize("board", ["beginner", "variable"])
def test_only_legal_actions_and_every_game_finishes(board, monkeypatch):
    real_make_bot = game.sim.make_bot
    made: list[CheckingBot] = []

    def checking_make_bot(bot_id, family):
        bot = CheckingBot(real_make_bot(bot_id, family))
        made.append(bot)
        return bot

    monkeypatch.setattr(game.sim, "make_bot", checking_make_bot)
    for seed in range(15):
        played, result = run_game(VARIANT, 4, seed, ["heuristic"], {"board": board})
        assert result.finished, f"seed {seed} did not finish in {result.actions} actions"
        winner = played.winner()
        assert winner is not None and played.total_vp(winner) >= played.target_vp()
    assert made and all(isinstance(b.bot, CatanHeuristicBot) for b in made)
    assert sum(b.calls for b in made) > 15 * 200


def test_beats_three_random_bots_clearly():
    games, wins = 100, 0
    for i in range(games):
        seat = i % 4
        bots = ["random"] * 4
        bots[seat] = "heuristic"
        board = "variable" if i % 2 else "beginner"
        _, result = run_game(VARIANT, 4, 7000 + i, bots, {"board": board})
        assert result.finished
        wins += result.winner == seat
    rate = wins / games
    print(f"heuristic vs 3 random: won {wins}/{games} ({rate:.0%})")
    assert rate > 0.6


# ------------------------------------------------------------------ key decisions


def _main_phase(g, player: int, hand: list[int]) -> None:
    s = g.state
    s.current = player
    s.phase = MAIN
    s.has_rolled = True
    s.bank = [b + h - n for b, h, n in zip(s.bank, s.hands[player], hand)]
    s.hands[player] = list(hand)


def _make_city(g, node: int) -> None:
    s = g.state
    p = s.node_owner[node]
    s.node_level[node] = 2
    s.building_vp[p] += 1
    s.cities_left[p] -= 1
    s.settlements_left[p] += 1


def test_builds_a_city_when_it_can_afford_one():
    g = new_game()
    _main_phase(g, 0, [2, 2, 3, 2, 3])  # enough for a city, a settlement, a road or a card
    kinds = {a.kind for a in g.legal_actions(0)}
    assert {"build_city", "build_road", "buy_dev_card"} <= kinds
    assert choose(g, 0).kind == "build_city"


def test_builds_a_settlement_before_a_card_when_no_city_is_affordable():
    g = new_game()
    s = g.state
    topo = topology()
    # Player 0 holds the cards for a settlement (not for a city) and has, or is given, a road to a free site.
    _main_phase(g, 0, [1, 1, 1, 1, 1])
    legal = g.legal_actions(0)
    if not any(isinstance(a, A.BuildSettlement) for a in legal):
        # Extend the road network by hand until a site is reachable.
        for e in range(topo.num_edges):
            if s.edge_owner[e] == -1 and g.road_spot_ok(0, e):
                a, b = topo.edges[e]
                if g.can_settle(a) or g.can_settle(b):
                    s.edge_owner[e] = 0
                    s.roads_left[0] -= 1
                    break
        legal = g.legal_actions(0)
    assert any(isinstance(a, A.BuildSettlement) for a in legal)
    assert choose(g, 0).kind == "build_settlement"


def _robber_phase(g, player: int) -> None:
    s = g.state
    s.current = player
    s.phase = MOVE_ROBBER
    s.robber_cause = "seven"
    s.has_rolled = True


def _own_hexes(g, player: int) -> set[int]:
    topo = topology()
    return {h for h in range(19) if any(g.state.node_owner[n] == player for n in topo.hex_nodes[h])}


def test_robs_the_leader():
    g = new_game()
    topo = topology()
    # Player 2 leads with two cities (4 VP against 2 each).
    for node in [n for n in range(topo.num_nodes) if g.state.node_owner[n] == 2]:
        _make_city(g, node)
    _robber_phase(g, 0)
    choice = choose(g, 0)
    assert isinstance(choice, A.MoveRobber)
    assert choice.victim == 2
    assert choice.hex not in _own_hexes(g, 0)
    assert choice.hex in _own_hexes(g, 2)


def test_robs_the_leader_among_several_victims_on_a_hex():
    g = new_game()
    topo = topology()
    s = g.state
    # Hex 15 (pasture 5) holds player 1 and player 2; make player 1 the clear leader with a city there.
    shared = [h for h in range(19) if _own_hexes(g, 1) & {h} and _own_hexes(g, 2) & {h}]
    assert 15 in shared
    node1 = next(n for n in topo.hex_nodes[15] if s.node_owner[n] == 1)
    _make_city(g, node1)
    s.longest_holder = 1  # public VP: player 1 has 5
    _robber_phase(g, 0)
    choice = choose(g, 0)
    assert choice.victim == 1
    assert choice.hex in _own_hexes(g, 1) and choice.hex not in _own_hexes(g, 0)


def test_does_not_put_the_robber_on_its_own_hex_when_it_can_avoid_it():
    g = new_game()
    s = g.state
    topo = topology()
    # Player 2's best hex is hex 4 (hills 6), which player 0 shares: a city for player 2 on it.
    node = next(n for n in topo.hex_nodes[4] if s.node_owner[n] == 2)
    _make_city(g, node)
    assert 4 in _own_hexes(g, 0)
    _robber_phase(g, 0)
    choice = choose(g, 0)
    assert choice.hex not in _own_hexes(g, 0)
    assert choice.victim == 2


def _offer_ore_for_lumber(offerer_vp: int):
    """Player 1 offers one ore for one lumber; player 0 lacks exactly one ore for a city and has lumber to spare."""
    g = new_game()
    s = g.state
    _main_phase(g, 0, [2, 0, 2, 0, 2])
    _main_phase(g, 1, [0, 0, 0, 0, 2])
    s.building_vp[1] = offerer_vp
    offer = A.OfferTrade(1, (0, 0, 0, 0, 1), (1, 0, 0, 0, 0), ())
    assert offer in g.legal_actions(1)
    g.apply(offer)
    assert 0 in g.active_players()
    return g


def test_accepts_an_offer_that_completes_its_city():
    g = _offer_ore_for_lumber(offerer_vp=3)
    assert choose(g, 0).kind == "accept_trade"


def test_declines_an_offer_from_a_player_at_nine_points():
    g = _offer_ore_for_lumber(offerer_vp=9)
    assert g.view(0).public_vp[1] == 9
    assert choose(g, 0).kind == "decline_trade"


def test_declines_an_offer_that_takes_what_it_needs():
    g = new_game()
    _main_phase(g, 0, [0, 0, 2, 0, 2])
    _main_phase(g, 1, [2, 0, 0, 0, 2])
    g.apply(A.OfferTrade(1, (1, 0, 0, 0, 0), (0, 0, 1, 0, 0), ()))  # lumber for its grain
    assert choose(g, 0).kind == "decline_trade"


def test_discards_what_its_next_build_does_not_need():
    g = new_game()
    s = g.state
    _main_phase(g, 0, [4, 0, 2, 0, 3])  # a city is within reach; the lumber is spare
    s.phase = "discard"
    s.owed = [4, 0, 0, 0]
    choice = choose(g, 0)
    assert choice.kind == "discard" and choice.cards == (4, 0, 0, 0, 0)


def test_plays_a_knight_before_rolling_when_the_robber_blocks_it():
    g = new_game()
    s = g.state
    s.robber = 12  # forest 8: player 0 and player 1 produce there
    s.dev_hand[0][0] = 1  # a knight, not bought this turn
    assert choose(g, 0).kind == "play_knight"
    s.robber = 9  # back on the desert, and nobody has a card to steal: keep the knight and roll
    for q in (1, 2, 3):
        s.bank = [b + h for b, h in zip(s.bank, s.hands[q])]
        s.hands[q] = [0] * 5
    assert choose(g, 0).kind == "roll"


def test_set_up_settles_on_strong_intersections():
    g = new_game(seed=3, board="variable")
    topo = topology()
    from game.catan.constants import PIPS

    choice = choose(g, g.active_players()[0])
    assert isinstance(choice, A.BuildSettlement)

    def pips(node):
        return sum(PIPS.get(g.state.board.numbers[h], 0) for h in topo.node_hexes[node])

    best = max(pips(n) for n in range(topo.num_nodes))
    assert pips(choice.node) >= best - 3


# ------------------------------------------------------------------ hidden information


def _hide_differently(g, player: int) -> bool:
    """Change what `player` may not see: swap one card between two opponents (their counts and the bank stay),
    swap their development cards if they hold as many, and reorder the deck. False if no swap is possible."""
    s = g.state
    others = [q for q in range(s.num_players) if q != player]
    for q1 in others:
        for q2 in others:
            if q1 >= q2:
                continue
            for a in range(5):
                for b in range(5):
                    if a != b and s.hands[q1][a] and s.hands[q2][b]:
                        s.hands[q1][a] -= 1
                        s.hands[q1][b] += 1
                        s.hands[q2][b] -= 1
                        s.hands[q2][a] += 1
                        if sum(s.dev_hand[q1]) == sum(s.dev_hand[q2]):
                            s.dev_hand[q1], s.dev_hand[q2] = s.dev_hand[q2], s.dev_hand[q1]
                            s.dev_new[q1], s.dev_new[q2] = s.dev_new[q2], s.dev_new[q1]
                        s.dev_deck.reverse()
                        return True
    return False


def test_a_hidden_hand_does_not_change_its_choice():
    g1 = new_game()
    g2 = g1.clone()
    s1, s2 = g1.state, g2.state
    # Player 0 may rob; players 1 and 2 hold the same number of cards, of different kinds in the two games.
    for s in (s1, s2):
        s.current, s.phase, s.robber_cause, s.has_rolled = 0, MOVE_ROBBER, "seven", True
    assert _hide_differently(g2, 0)
    assert s1.hands != s2.hands
    v1, v2 = g1.view(0), g2.view(0)
    assert v1.state.to_json() == v2.state.to_json() and v1.resource_counts == v2.resource_counts
    assert g1.legal_actions(0) == g2.legal_actions(0)
    assert choose(g1, 0) == choose(g2, 0)


def test_never_looks_past_its_view_over_a_whole_game():
    variant = get_variant(VARIANT)
    for seed in (11, 12):
        g = variant.new_game(variant.default_seats(4), seed, {"board": "variable"})
        bots = [CatanHeuristicBot() for _ in range(4)]
        rng = random.Random(seed)
        compared = 0
        while not g.is_over():
            p = g.active_players()[0]
            legal = g.legal_actions(p)
            alt = g.clone()
            # A partner who accepted an offer is known to hold the asked cards: swapping those away would
            # make a position that cannot happen (and changes which confirmations are legal), so skip it.
            if g.state.phase != "trade_confirm" and _hide_differently(alt, p):
                alt_legal = alt.legal_actions(p)
                assert alt_legal == legal
                twin = copy.deepcopy(bots[p])
                a1 = copy.deepcopy(bots[p]).choose(g.view(p), legal, random.Random(compared))
                a2 = twin.choose(alt.view(p), alt_legal, random.Random(compared))
                assert a1 == a2, f"seed {seed}: hidden cards changed the choice ({a1} vs {a2})"
                compared += 1
            g.apply(bots[p].choose(g.view(p), legal, rng))
        assert compared > 50


def test_counters_an_offer_it_cannot_accept():
    """Asked for a card it needs for its goal, it offers a spare card instead for what is on the table."""
    from tests.game.catan_scenarios import Scenario

    sc = Scenario()
    g = sc.game
    a, b = sc.at(3, 4, 8), sc.at(4, 8, 9)
    sc.settle(1, a)
    sc.road(1, a, b, sc.at(8, 9, 13))
    sc.settle(1, sc.at(14, 15, 18))
    # Player 1 wants a settlement: has lumber, brick, wool, lacks grain; holds spare ore.
    sc.give(1, lumber=1, brick=1, wool=1, ore=3)
    sc.give(0, grain=2, lumber=1)
    sc.main_phase(0)
    g.apply(A.OfferTrade(0, (0, 0, 1, 0, 0), (0, 1, 0, 0, 0), (1,)))  # grain for wool: wool is needed
    view = g.view(1)
    legal = g.legal_actions(1)
    choice = CatanHeuristicBot().choose(view, legal, random.Random(0))
    assert isinstance(choice, A.CounterTrade) and choice.get == (0, 0, 1, 0, 0) and choice.give == (0, 0, 0, 0, 1)


def test_remembered_road_answers_match_a_fresh_search() -> None:
    """The bot's road memo (kept across decisions) gives the same lengthening road and the same road targets
    as working them out anew."""
    from game.ai.catan_situation import Situation

    game = new_game(seed=5)
    bot = CatanHeuristicBot()
    rng = random.Random(5)
    checked = 0
    while not game.is_over() and checked < 400:
        player = game.active_players()[0]
        view = game.view(player)
        remembered = Situation(view, bot._road_memo).lengthening_road()
        assert remembered == Situation(view).lengthening_road()
        assert Situation(view, bot._road_memo).road_targets() == Situation(view).road_targets()
        checked += 1
        game.apply(bot.choose(view, game.legal_actions(player), rng))
    assert bot._road_memo, "the memo was never used"


def test_a_fresh_copy_shares_caches_but_not_the_offers_made() -> None:
    """Rollouts use fresh copies: no memory of another line of play's offers, the same road memo."""
    bot = CatanHeuristicBot()
    bot._offers[(0, 3)] = [(1, 2)]
    copy_ = bot.fresh()
    assert copy_._offers == {} and copy_._road_memo is bot._road_memo


@given(st.lists(st.integers(0, 9), min_size=5, max_size=5), st.lists(st.integers(0, 4), min_size=5, max_size=5),
       st.lists(st.sampled_from([2, 3, 4]), min_size=5, max_size=5),
       st.lists(st.integers(0, 19), min_size=5, max_size=5))
def test_effective_missing_is_what_lacks_less_what_the_surplus_buys(hand, cost, rates, bank) -> None:
    lack = sum(c - h for h, c in zip(hand, cost) if c > h)
    bought = sum((h - c) // r for h, c, r in zip(hand, cost, rates) if h - c >= r)
    unobtainable = sum(c - h for h, c, b in zip(hand, cost, bank) if c > h and b < c - h)
    assert effective_missing(hand, cost, rates, bank) == (max(unobtainable, lack - bought) if lack else 0)
