"""The Rivals heuristic's style: Normal values in its printed weights, Hard's search starts from its own style."""

from __future__ import annotations

import random

import pytest

from game.ai.rivals_heuristic import RivalsHeuristicBot
from game.ai.rivals_plan import Plan, StructureCache, Valuer
from game.ai.rivals_search import HARD_STYLE, RivalsEvaluator, hard_policy
from game.ai.rivals_values import BOOST, NORMAL_STYLE, W_VP, RivalsStyle, generic_worth, structure
from game.ai.search import HardBot
from game.rivals.catalogue import catalogue
from tests.game.ai.test_rivals_fast_paths import _normal_game_decisions


def test_normal_values_in_the_printed_weights() -> None:
    assert NORMAL_STYLE == RivalsStyle()
    assert (NORMAL_STYLE.vp, NORMAL_STYLE.boost) == (W_VP, BOOST)
    assert RivalsHeuristicBot().style == NORMAL_STYLE
    view = _normal_game_decisions("intro", 3, 1)[0][0]
    assert Valuer(view).style == NORMAL_STYLE


def test_a_style_changes_the_worth_of_points_and_of_cards() -> None:
    view = _normal_game_decisions("intro", 3, 1)[0][0]
    grid = tuple(view.grid[view.player])
    opp, target = view.stats[1 - view.player], view.target_vp
    normal, halved = structure(grid, opp, target), structure(grid, opp, target, RivalsStyle(vp=W_VP / 2))
    assert normal.vp == halved.vp > 0
    assert normal.score - halved.score == pytest.approx(W_VP / 2 * normal.vp)
    card = next(c for c in catalogue().cards.values() if not c.is_action and c.vp)
    assert generic_worth(card) - generic_worth(card, RivalsStyle(vp=W_VP / 2)) == pytest.approx(W_VP / 2 * card.vp)
    booster = next(c for c in catalogue().cards.values() if c.booster)
    assert generic_worth(booster, RivalsStyle(boost=2 * BOOST)) > generic_worth(booster)
    # The credit for resources gathered toward a build follows the style's alpha and ready.
    plan = Plan.of(view)
    plain = Valuer(view).value(plan)
    assert Valuer(view, StructureCache(RivalsStyle(alpha=0.0, ready=0.0))).value(plan) < plain


def test_a_bot_keeps_its_style_in_its_fresh_copies_and_its_grid_analyses() -> None:
    bot = RivalsHeuristicBot(style=HARD_STYLE)
    twin = bot.fresh()
    assert twin.style == HARD_STYLE and twin._structures is bot._structures
    assert bot._structures.style == HARD_STYLE


def test_hard_starts_from_its_own_style_and_rolls_out_and_scores_as_normal() -> None:
    assert HARD_STYLE != NORMAL_STYLE
    hard = HardBot("rivals", iterations=0)
    assert hard.prior.style == HARD_STYLE
    assert hard.rollout_policy.style == NORMAL_STYLE
    # The leaf's weights were fitted to Normal's worth, so it keeps valuing in Normal's style.
    assert RivalsEvaluator().structures.style == NORMAL_STYLE
    # With no search, Hard plays its prior's choices, and they are not always Normal's.
    differ = 0
    for view, legal in _normal_game_decisions("intro", 11, 150):
        choice = hard.choose(view, legal, random.Random(5))
        assert choice == hard_policy().choose(view, legal, random.Random(5))
        differ += choice != RivalsHeuristicBot().choose(view, legal, random.Random(5))
    assert differ > 0
