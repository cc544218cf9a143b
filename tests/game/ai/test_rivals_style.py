"""The Rivals heuristic's style: Normal values in its printed weights, Hard's search starts from its own style."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.rivals_heuristic import RivalsHeuristicBot, exchange_stacks
from game.ai.rivals_plan import Plan, StructureCache, Valuer
from game.ai.rivals_search import HARD_STYLE, RivalsEvaluator, hard_policy, rank
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


def test_hard_draws_where_no_given_away_cards_lie_and_normal_from_the_largest_stack() -> None:
    """Exchanged cards go under the first stack of their back, and Normal draws from the largest stack, which that
    one often is, so it draws back the cards players gave away; Hard's prior draws and takes from another stack of
    the same back while one is left."""
    assert NORMAL_STYLE.given_away == 0 < HARD_STYLE.given_away
    hard, normal = hard_policy(), RivalsHeuristicBot(strict=True)
    seen = {"draw_card": 0, "exchange_top": 0}
    for view, legal in _normal_game_decisions("intro", 3, 400):
        kinds = {a.kind for a in legal}
        if "draw_card" not in kinds and "exchange_top" not in kinds:
            continue
        dumps = exchange_stacks(view)
        assert dumps <= {0}  # intro: four basic stacks, exchanges go under the first
        if not dumps:
            continue
        n_choice = normal.choose(view, legal, random.Random(1))
        h_choice = hard.choose(view, legal, random.Random(1))
        if n_choice.kind == "draw_card":
            sizes = view.stack_sizes
            assert sizes[n_choice.stack] == max(sizes)
            assert h_choice.kind == "draw_card" and h_choice.stack != 0
            assert sizes[h_choice.stack] == max(s for i, s in enumerate(sizes) if i != 0)
            seen["draw_card"] += n_choice.stack == 0
        elif n_choice.kind == "exchange_top" and h_choice.kind == "exchange_top":
            assert h_choice.take != 0
            seen["exchange_top"] += n_choice.take == 0
    # Normal drew from the exchanges' stack and took its top where Hard's prior would not.
    assert seen["draw_card"] > 0 and seen["exchange_top"] > 0


def test_a_stack_counts_as_the_given_away_cards_stack_by_its_public_share_of_them() -> None:
    view = _normal_game_decisions("gold", 3, 1)[0][0]
    backs = view.stack_backs
    assert backs == ("basic", "basic", "basic", "gold", "gold")
    assert view.stack_returned == (0, 0, 0, 0, 0) and exchange_stacks(view) == set()
    sizes = view.stack_sizes
    # Cards put under the first basic stack and the second gold one: those stacks are avoided.
    assert exchange_stacks(replace(view, stack_returned=(2, 0, 0, 0, 1))) == {0, 4}
    # A larger share is avoided, not any share; a back whose every stack has the same share avoids none.
    share = replace(view, stack_sizes=(10, 10, 5, *sizes[3:]), stack_returned=(2, 1, 1, 0, 0))
    assert exchange_stacks(share) == {0, 2}
    assert exchange_stacks(replace(view, stack_sizes=(10, 5, 5, *sizes[3:]), stack_returned=(2, 1, 1, 0, 0))) == set()
    # An empty stack is no alternative: the first basic stack is drawn from when the others are gone.
    assert exchange_stacks(replace(view, stack_sizes=(5, 0, 0, 4, 0), stack_returned=(3, 0, 0, 0, 0))) == set()
    assert exchange_stacks(replace(view, stack_sizes=(5, 0, 1, 4, 0), stack_returned=(3, 0, 0, 0, 0))) == {0}


def test_hard_ranks_each_exchange_once_not_once_per_stack_it_may_go_under() -> None:
    """Where an exchanged card goes is offered for every stack of its back, but the search cannot tell them apart
    (a sampled world deals the stacks' hidden orders anew), so only the first stack's twin is a candidate."""
    checked = 0
    for view, legal in _normal_game_decisions("intro", 3, 400):
        swaps = [a for a in legal if a.kind in ("exchange_top", "exchange_search")]
        if not swaps:
            continue
        assert {a.under for a in swaps} == {0, 1, 2, 3}
        ranked = rank(view, legal, random.Random(2), hard_policy())
        assert ranked is not None
        assert {a.under for a in ranked if a.kind in ("exchange_top", "exchange_search")} == {0}
        assert len(ranked) == len(legal) - sum(a.under != 0 for a in swaps)
        checked += 1
    assert checked > 0
