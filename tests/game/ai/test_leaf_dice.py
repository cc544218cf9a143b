"""Hard's Catan search with the dice weighed at its leaves (the arena's hard-dice): a cut-off rollout plays on to the
next roll, its leaf is the mean of the leaf evaluation over that roll's eleven sums, weighed by their chances; the
shipped Hard keeps its leaves as the horizon leaves them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.registry import make_bot
from game.ai.search import HardBot, family_search
from game.catan.outcomes import leaf_roll
from game.catan.state import MAIN, ROLL
from game.core.errors import GameError
from game.core.game import Game
from game.core.saves import state_digest
from tests.game.ai.test_expectimax import _played, _until


def _dice_bot(rollout_actions: int = 40) -> HardBot:
    hooks = replace(family_search("catan"), weigh_leaf_chance=True, rollout_actions=rollout_actions)
    return HardBot("catan", think_seconds=120, iterations=12, hooks=hooks)


def _at_roll() -> Game:
    return _until(_played(31, 0), lambda g: g.state.phase == ROLL and g.state.turn_number > 8)


def test_a_leaf_at_a_roll_is_every_sum_weighed_by_its_chance() -> None:
    game = _at_roll()
    before = state_digest(game)
    bot = _dice_bot()
    outcomes = bot.leaf_outcomes(game)
    assert len(outcomes) == 11
    assert sum(p for p, _ in outcomes) == pytest.approx(1.0)
    sums = [sum(world.state.last_roll) for _, world in outcomes]  # type: ignore[attr-defined]
    assert sums == list(range(2, 13))
    assert [round(p * 36) for p, _ in outcomes] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert state_digest(game) == before  # each sum is rolled in a copy
    me = game.state.current
    expected = sum(p * v for (p, _), v in zip(outcomes, bot.leaf_scores([w for _, w in outcomes], me)))
    assert bot._scores({0: game.clone()}, me)[0] == pytest.approx(expected)
    # Without the weighing the same leaf is scored as it stands, before the roll.
    plain = HardBot("catan", think_seconds=120, iterations=12)
    assert plain.leaf_outcomes(game) == [(1.0, game)]
    assert plain._scores({0: game}, me)[0] == plain.leaf_scores([game], me)[0] != pytest.approx(expected)


def test_a_leaf_with_no_roll_next_is_scored_as_it_stands() -> None:
    game = _until(_played(32, 0), lambda g: g.state.phase == MAIN and g.state.turn_number > 8)
    assert leaf_roll(game) is None
    assert _dice_bot().leaf_outcomes(game) == [(1.0, game)]


def test_a_cut_off_rollout_plays_on_to_the_next_roll() -> None:
    game = _until(_played(33, 0), lambda g: g.state.phase == MAIN and g.state.turn_number > 8)
    me = game.state.current
    first = game.legal_actions(me)[0]
    bot = _dice_bot(rollout_actions=20)
    bots = [bot.rollout_policy.fresh() for _ in range(4)]
    end = bot._rollout(game.clone(), first, me, bots, random.Random(4))
    assert isinstance(end, Game) and not end.is_over() and end.state.phase == ROLL  # type: ignore[attr-defined]
    # The shipped Hard stops where the horizon cuts: twenty actions after the first, with no roll next here.
    plain = HardBot("catan", hooks=replace(family_search("catan"), rollout_actions=20))
    cut = plain._rollout(game.clone(), first, me, [plain.rollout_policy.fresh() for _ in range(4)],
                         random.Random(4))
    assert isinstance(cut, Game) and len(cut.log) == len(game.log) + 21 and leaf_roll(cut) is None
    assert len(end.log) > len(cut.log) and end.log[:len(cut.log)] == cut.log  # the same play, carried on


def test_the_dice_weighing_search_is_deterministic_and_leaves_the_game_untouched() -> None:
    game = _until(_played(34, 0), lambda g: g.state.phase == MAIN and g.state.turn_number > 8
                  and len(g.legal_actions(g.state.current)) > 3)
    me = game.state.current
    legal = game.legal_actions(me)
    before = state_digest(game)
    first = _dice_bot().choose(game.view(me), legal, random.Random(6))
    again = _dice_bot().choose(game.view(me), legal, random.Random(6))
    assert first == again and first in legal
    assert state_digest(game) == before


def test_hard_dice_is_catan_only_and_weighs_where_hard_does_not() -> None:
    bot = make_bot("hard-dice", "catan")
    assert isinstance(bot, HardBot) and bot.hooks.weigh_leaf_chance
    assert not make_bot("hard-rollout", "catan").hooks.weigh_leaf_chance
    with pytest.raises(GameError, match="Catan"):
        make_bot("hard-dice", "rivals")
