"""The heuristic bot in Catan for two (catan-2p): legal, clearly better than random, and sensible with the
neutral builds, the trade-card actions and the knight between the two rolls."""

from __future__ import annotations

import copy
import random

import game.sim
from game.ai.catan_heuristic import CatanHeuristicBot
from game.catan import actions as A
from game.catan.constants import KNIGHT
from game.catan.state import MAIN
from game.catan.two_player import GIVE_BACK, NEUTRAL_BUILD, BuildNeutral, ForcedTrade, GiveBack, RemoveKnight
from game.core.registry import get_variant
from game.sim import run_game
from tests.game.catan_scenarios import Scenario

VARIANT = "catan-2p"


def two() -> Scenario:
    """An empty two-player position: the bot is red (0), the opponent blue (1); white (2) and orange (3) neutral."""
    return Scenario(players=2, variant=VARIANT)


def choose(game, player: int = 0):
    legal = game.legal_actions(player)
    choice = CatanHeuristicBot().choose(game.view(player), legal, random.Random(0))
    assert choice in legal
    return choice


class CheckingBot:
    """Wraps a bot and fails the test if it ever returns an action that is not in the legal list."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.needs_view = getattr(bot, "needs_view", True)
        self.kinds: set[str] = set()

    def choose(self, view, legal_actions, rng):
        action = self.bot.choose(view, legal_actions, rng)
        assert action in legal_actions, f"{action} not among the {len(legal_actions)} legal actions"
        if isinstance(self.bot, CatanHeuristicBot):
            self.kinds.add(action.kind)
        return action


# ------------------------------------------------------------------ full games


def test_beats_the_random_bot_clearly_with_only_legal_actions(monkeypatch):
    real_make_bot = game.sim.make_bot
    made: list[CheckingBot] = []

    def checking_make_bot(bot_id, family):
        bot = CheckingBot(real_make_bot(bot_id, family))
        made.append(bot)
        return bot

    monkeypatch.setattr(game.sim, "make_bot", checking_make_bot)
    games = wins = 0
    for seed in range(20):
        for seat in (0, 1):
            bots = ["heuristic", "random"] if seat == 0 else ["random", "heuristic"]
            _, result = run_game(VARIANT, 2, seed, bots)
            assert result.finished, f"seed {seed} did not finish in {result.actions} actions"
            games += 1
            wins += result.winner == seat
    rate = wins / games
    print(f"heuristic vs random in catan-2p: won {wins}/{games} ({rate:.0%})")
    assert rate > 0.75
    used = set().union(*(b.kinds for b in made))
    assert {"build_neutral", "forced_trade", "give_back"} <= used


def test_heuristic_against_itself_finishes():
    for seed in range(6):
        _, result = run_game(VARIANT, 2, seed, ["heuristic"], {"board": "variable" if seed % 2 else "beginner"})
        assert result.finished and result.winner in (0, 1)


def test_hidden_cards_do_not_change_its_choices():
    """The opponent's development cards and the deck order are hidden: changing them changes no choice."""
    variant = get_variant(VARIANT)
    g = variant.new_game(variant.default_seats(2), 21, {"board": "variable"})
    bots = [CatanHeuristicBot(), CatanHeuristicBot()]
    rng = random.Random(21)
    compared = 0
    while not g.is_over():
        p = g.active_players()[0]
        legal = g.legal_actions(p)
        alt = g.clone()
        s = alt.state
        s.dev_deck.reverse()
        q = 1 - p
        hidden = [c for c in range(5) if s.dev_hand[q][c] > s.dev_new[q][c]]
        if hidden and s.dev_deck:
            # Swap one of the opponent's older cards with a different card of the deck.
            card = hidden[0]
            other = next((i for i, c in enumerate(s.dev_deck) if c != card), None)
            if other is not None:
                s.dev_hand[q][card] -= 1
                s.dev_hand[q][s.dev_deck[other]] += 1
                s.dev_deck[other] = card
        if alt.legal_actions(p) == legal:
            a1 = copy.deepcopy(bots[p]).choose(g.view(p), legal, random.Random(compared))
            a2 = copy.deepcopy(bots[p]).choose(alt.view(p), legal, random.Random(compared))
            assert a1 == a2
            compared += 1
        g.apply(bots[p].choose(g.view(p), legal, rng))
    assert compared > 100


# ------------------------------------------------------------------ neutral builds


def _neutral_phase(g) -> None:
    s = g.state
    s.current = 0
    s.has_rolled = True
    s.extra["neutral_return"] = MAIN
    s.phase = NEUTRAL_BUILD


def test_neutral_settlement_takes_the_site_the_opponent_road_leads_to():
    """White can settle where blue's road leads, orange where red's road leads: it takes blue's site."""
    sc = two()
    g = sc.game
    blue_target, red_target = sc.at(7, 8, 12), sc.at(10, 11, 15)   # 11 pips each
    sc.settle(1, sc.at(3, 4, 8))
    sc.road(1, sc.at(3, 4, 8), sc.at(3, 7, 8), blue_target)
    sc.settle(0, sc.at(5, 6, 10))
    sc.road(0, sc.at(5, 6, 10), sc.at(6, 10, 11))
    sc.settle(2, sc.at(8, 9, 13))
    sc.road(2, sc.at(8, 9, 13), sc.at(8, 12, 13), blue_target)
    sc.settle(3, sc.at(14, 15, 18))
    sc.road(3, sc.at(14, 15, 18), sc.at(10, 14, 15), red_target)
    _neutral_phase(g)
    legal = g.legal_actions(0)
    assert set(legal) == {BuildNeutral(0, 2, "settlement", sc.node(blue_target)),
                          BuildNeutral(0, 3, "settlement", sc.node(red_target))}
    assert choose(g) == BuildNeutral(0, 2, "settlement", sc.node(blue_target))
    # The same position seen by blue: it blocks red's site instead.
    g.state.current = 1
    assert choose(g, 1) == BuildNeutral(1, 3, "settlement", sc.node(red_target))


def test_neutral_road_takes_longest_road_from_the_opponent():
    """Blue holds Longest Road at 5; white also has 5: lengthening white's trail takes the card from blue."""
    sc = two()
    g = sc.game
    s = g.state
    sc.settle(1, "h12.SW")
    sc.road(1, "h12.SW", "h12.NW", "h7.SW", "h7.NW", "h3.SW", "h3.NW")
    white = ["h0.SW", "h0.NW", "h0.N", "h0.NE", "h1.N", "h1.NE"]
    sc.settle(2, white[0])
    sc.road(2, *white)
    sc.settle(3, sc.at(14, 15, 18))
    sc.settle(0, sc.at(5, 6, 10))
    for q in (2, 3):
        s.settlements_left[q] = 0  # only roads fit now
    s.longest_holder = 1
    assert s.road_length[1] == 5 and s.road_length[2] == 5
    _neutral_phase(g)
    legal = g.legal_actions(0)
    assert legal and all(a.piece == "road" for a in legal)
    choice = choose(g)
    assert choice.neutral == 2
    g.apply(choice)
    assert s.road_length[2] == 6 and s.longest_holder == 2


# ------------------------------------------------------------------ forced trade


def test_forced_trade_when_the_opponent_is_full_and_one_card_is_missing():
    sc = two()
    g = sc.game
    sc.settle(0, sc.at(3, 4, 8))
    sc.settle(1, sc.at(0, 1, 4))                  # blue produces ore (mountains 10) and more
    sc.give(0, grain=2, ore=2, lumber=1)          # one ore short of a city, nothing to trade to the bank
    sc.give(1, ore=3, wool=3)
    sc.main_phase(0)
    assert choose(g) == ForcedTrade(0)
    sc.take_all(1)
    sc.give(1, ore=2)                             # a small hand: not worth a trade card
    assert choose(g).kind != "forced_trade"


def test_gives_back_the_cards_it_needs_least():
    sc = two()
    g = sc.game
    sc.settle(0, sc.at(3, 4, 8))
    sc.settle(1, sc.at(0, 1, 4))
    sc.give(0, grain=2, ore=1, lumber=2, wool=1)
    sc.give(1, ore=5)
    sc.main_phase(0)
    g.apply(ForcedTrade(0))
    assert g.state.phase == GIVE_BACK and sc.hand(0)["ore"] == 3     # it drew 2 ore: a city is paid for
    choice = choose(g)
    assert isinstance(choice, GiveBack)
    assert choice.cards[2] == 0 and choice.cards[4] == 0              # keeps the grain and the ore
    g.apply(choice)
    assert choose(g).kind == "build_city"


# ------------------------------------------------------------------ robber, knights and trade cards


def test_robber_to_the_desert_when_it_blocks_its_best_hex():
    sc = two()
    g = sc.game
    s = g.state
    sc.settle(0, sc.at(7, 8, 12))                 # forest 8 (5 pips) is its best hex
    sc.settle(1, sc.at(0, 1, 4))
    sc.roll_phase(0)
    s.robber = 12
    assert choose(g).kind == "robber_to_desert"
    sc.give_dev(0, KNIGHT)                        # a knight does it better (it also steals)
    sc.give(1, ore=1)
    assert choose(g).kind == "play_knight"
    s.dev_hand[0][KNIGHT] = 0
    s.dev_deck.append(KNIGHT)
    s.robber = 8                                  # forest 11: 2 pips, not worth a trade card
    assert choose(g).kind == "roll"


def test_knight_before_the_second_roll_when_the_robber_blocks_it():
    sc = two()
    g = sc.game
    s = g.state
    sc.settle(0, sc.at(7, 8, 12))
    sc.settle(1, sc.at(0, 1, 4))
    sc.give_dev(0, KNIGHT)
    sc.roll_phase(0)
    g.chance.force(3, 4)                          # a seven: the opponent-free robber move keeps it off its hex
    g.apply(A.Roll(0))
    g.apply(A.MoveRobber(0, 12, None))            # ... but here it lands on its own forest 8
    assert s.phase == "roll" and "first_roll" in s.extra
    assert choose(g).kind == "play_knight"


def test_removes_a_knight_when_it_does_not_hold_largest_army():
    sc = two()
    g = sc.game
    s = g.state
    sc.settle(0, sc.at(7, 8, 12))
    sc.settle(1, sc.at(0, 1, 4))
    s.dev_played[0][KNIGHT] = 1
    s.dev_played[1][KNIGHT] = 4
    g._update_largest_army([])
    assert s.army_holder == 1
    sc.main_phase(0)
    assert choose(g) == RemoveKnight(0)
    g.apply(RemoveKnight(0))
    assert g.state.extra["trade_cards"][0] == 6


def test_keeps_the_knight_that_holds_largest_army():
    sc = two()
    g = sc.game
    s = g.state
    sc.settle(0, sc.at(7, 8, 12))
    sc.settle(1, sc.at(0, 1, 4))
    s.dev_played[0][KNIGHT] = 3
    s.dev_played[1][KNIGHT] = 1
    g._update_largest_army([])
    assert s.army_holder == 0
    sc.main_phase(0)
    assert RemoveKnight(0) in g.legal_actions(0)
    assert choose(g).kind != "remove_knight"      # down to 2 it would lose the card
    s.dev_played[0][KNIGHT] = 5
    assert choose(g) == RemoveKnight(0)           # 4 against 1 still holds it
    s.extra["trade_cards"] = (7, 4)
    assert choose(g).kind != "remove_knight"      # no room for more trade cards


def test_an_unclaimed_army_is_not_traded_away_while_its_knights_could_win_it():
    sc = two()
    g = sc.game
    s = g.state
    sc.settle(0, sc.at(7, 8, 12))
    sc.settle(1, sc.at(0, 1, 4))
    s.dev_played[0][KNIGHT] = 2
    s.dev_played[1][KNIGHT] = 1
    sc.give_dev(0, KNIGHT, new=True)              # bought this turn: the third knight comes next turn
    sc.main_phase(0)
    assert RemoveKnight(0) in g.legal_actions(0)
    assert choose(g).kind != "remove_knight"
