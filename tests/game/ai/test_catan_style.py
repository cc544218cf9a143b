"""Catan styles: Normal's numbers unchanged, Hard's stronger style, and which one the search plays."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ai.arena import ArenaPlan, run_arena, summarize
from game.ai.catan_heuristic import (
    HARD_STYLE, NORMAL_STYLE, CatanHeuristicBot, Situation, effective_missing, missing,
)
from game.ai.registry import canonical_bot_id, make_bot
from game.ai.search import HardBot
from game.catan import actions as A
from game.catan.state import MAIN
from game.core.errors import GameError
from game.core.registry import get_variant


def _main_phase(players: int, hand: list[int]):  # type: ignore[no-untyped-def]
    """A beginner-board game with player 0 in its main phase after the roll, holding `hand`."""
    variant = get_variant("catan-base" if players > 2 else "catan-2p")
    game = variant.new_game(variant.default_seats(players), 1, {})
    s = game.state
    s.current, s.phase, s.has_rolled = 0, MAIN, True
    s.bank = [b + h - n for b, h, n in zip(s.bank, s.hands[0], hand)]
    s.hands[0] = list(hand)
    return game


def _choice(game, style):  # type: ignore[no-untyped-def]
    legal = game.legal_actions(0)
    choice = CatanHeuristicBot(style).choose(game.view(0), legal, random.Random(0))
    assert choice in legal
    return choice


def test_normal_is_the_default_style() -> None:
    assert CatanHeuristicBot().style is NORMAL_STYLE
    assert NORMAL_STYLE.missing_card_penalty == 3.0 and NORMAL_STYLE.offer_when_missing == 1
    assert NORMAL_STYLE.dev_card_goal == 9.0


def test_hard_style_offers_a_trade_when_two_cards_are_lacking() -> None:
    game = _main_phase(4, [0, 0, 0, 0, 1])  # one ore: a road lacks a lumber and a brick
    view = game.view(0)
    for style in (NORMAL_STYLE, HARD_STYLE):
        name, cost = Situation(view, style=style).goal()
        assert name == "road" and missing([0, 0, 0, 0, 1], cost) == 2
    assert _choice(game, NORMAL_STYLE).kind == "end_turn"
    offer = _choice(game, HARD_STYLE)
    assert offer == A.OfferTrade(0, (0, 0, 0, 0, 1), (1, 0, 0, 0, 0), ())


def test_a_larger_penalty_per_lacking_card_prefers_the_goal_it_can_pay() -> None:
    hand = [1, 0, 2, 1, 2]  # a road now; a city lacks one ore
    view = _main_phase(4, hand).view(0)
    normal = Situation(view, style=NORMAL_STYLE).goal()
    hard = Situation(view, style=HARD_STYLE).goal()
    assert normal[0] == "city" and missing(hand, normal[1]) == 1
    assert hard[0] == "road" and missing(hand, hard[1]) == 0
    assert isinstance(_choice(_main_phase(4, hand), HARD_STYLE), A.BuildRoad)


def test_a_fresh_copy_keeps_the_style() -> None:
    assert CatanHeuristicBot(HARD_STYLE).fresh().style is HARD_STYLE


def test_the_search_plays_hard_style_with_four_players_and_normal_style_with_two() -> None:
    """Its prior and its own seat in the rollouts play the style; the other seats play Normal's."""
    for players, style in ((4, HARD_STYLE), (2, NORMAL_STYLE)):
        game = _main_phase(players, [1, 0, 2, 1, 2])
        bot = HardBot("catan", think_seconds=120, iterations=8)
        legal = game.legal_actions(0)
        assert bot.choose(game.view(0), legal, random.Random(3)) in legal
        assert bot.normal.style is style and bot.rollout_policy.style is style
        assert bot.others_policy.style is NORMAL_STYLE  # what it expects of its opponents


def test_the_arena_can_seat_normal_in_hards_style() -> None:
    bot = make_bot("normal:hard", "catan")
    assert isinstance(bot, CatanHeuristicBot) and bot.style is HARD_STYLE
    assert canonical_bot_id("heuristic:hard") == "normal:hard"
    for wrong in ("hard:hard", "normal:easy", "normal:"):
        with pytest.raises(GameError):
            canonical_bot_id(wrong)
    with pytest.raises(GameError):
        make_bot("normal:hard", "rivals")
    summary = summarize(run_arena(ArenaPlan("catan-base", 4, ("normal:hard", "normal", "normal", "normal"), 4, 3, True).validated(),
                                  workers=1))
    assert set(summary["bots"]) == {"normal:hard", "normal"}


@given(st.lists(st.integers(0, 9), min_size=5, max_size=5), st.lists(st.integers(0, 4), min_size=5, max_size=5),
       st.lists(st.sampled_from([2, 3, 4]), min_size=5, max_size=5), st.lists(st.integers(0, 19), min_size=5,
                                                                              max_size=5))
def test_effective_missing_is_what_lacks_less_what_the_surplus_buys(hand, cost, rates, bank) -> None:
    lack = sum(c - h for h, c in zip(hand, cost) if c > h)
    bought = sum((h - c) // r for h, c, r in zip(hand, cost, rates) if h - c >= r)
    unobtainable = sum(c - h for h, c, b in zip(hand, cost, bank) if c > h and b < c - h)
    assert effective_missing(hand, cost, rates, bank) == (max(unobtainable, lack - bought) if lack else 0)
