"""Seeded variety: the bots' sampling among near-equal options, and the lab's varied population."""

from __future__ import annotations

import random

import pytest

from game.ai.registry import canonical_bot_id, make_bot
from game.ai.variety import MARGIN_TEMPERATURES, NO_VARIETY, Variety
from game.core.errors import GameError, InvalidOptions
from game.lab.layout import load_any_layout
from game.lab.simulate import SimulationPlan, play_lab_game, population_temperature, run_plan


def test_without_variety_pick_is_max_and_draws_nothing() -> None:
    rng = random.Random(5)
    state = rng.getstate()
    options = [3, 9, 9, 1]
    assert NO_VARIETY.pick(options, lambda x: (float(x), -options.index(x)), rng) == 9
    assert rng.getstate() == state


def test_variety_samples_near_equal_options_and_never_far_ones() -> None:
    variety = Variety(1.0)
    values = {"best": 10.0, "close": 9.6, "fair": 8.0, "poor": 10.0 - MARGIN_TEMPERATURES - 0.01}
    rng = random.Random(1)
    picks = [variety.pick(list(values), lambda k: values[k], rng) for _ in range(4000)]
    assert "poor" not in picks
    share = {k: picks.count(k) / len(picks) for k in values}
    weights = variety.sample_weights(list(values.values()))
    for k, w in zip(values, weights):
        assert abs(share[k] - w) < 0.03
    assert share["best"] > share["close"] > share["fair"] > 0.05


def test_a_variety_must_be_finite_and_not_negative() -> None:
    for bad in (-0.1, float("nan"), float("inf")):
        with pytest.raises(ValueError):
            Variety(bad)


def test_bot_ids_may_name_their_variety() -> None:
    assert canonical_bot_id("heuristic~1.50") == "normal~1.5"
    assert make_bot("normal~2", "catan").variety == Variety(2.0)
    assert make_bot("easy~0.5", "catan").normal.variety == Variety(0.5)
    assert make_bot("hard~1", "catan", rollouts=0).prior.variety == Variety(1.0)
    assert make_bot("normal", "rivals", variety=0.7).variety == Variety(0.7)
    assert make_bot("normal", "cards", variety=0.7).variety == Variety(0.7)
    for bad in ("normal~x", "normal~-1", "normal~nan"):
        with pytest.raises(GameError):
            canonical_bot_id(bad)


def test_populations_name_a_temperature() -> None:
    assert population_temperature("fixed") == 0.0
    assert population_temperature("varied") == 1.0
    assert population_temperature("varied:0.25") == 0.25
    for bad in ("random", "varied:0", "varied:-1", "varied:nan", "varied:x", "fixed:1"):
        with pytest.raises(InvalidOptions):
            population_temperature(bad)


def _plan(population: str, games: int = 8) -> SimulationPlan:
    return SimulationPlan((load_any_layout("variable:5"),), "catan-base", 4, ("normal",), games, 3, True, 50_000,
                          "end", population=population).validated()


def test_a_varied_population_opens_in_many_ways_and_a_fixed_one_in_one() -> None:
    varied = run_plan(_plan("varied", 12), workers=1).records
    fixed = run_plan(_plan("fixed", 12), workers=1).records
    first_rounds = {tuple(seat[0] for seat in r["setup_settlements"]) for r in varied}
    assert len(first_rounds) >= 8
    assert len({tuple(seat[0] for seat in r["setup_settlements"]) for r in fixed}) == 1
    assert all(not r["error"] and r["finished"] for r in varied + fixed)


def test_a_varied_game_is_the_same_game_for_its_seed() -> None:
    plan = _plan("varied")
    assert play_lab_game(plan, 0, 5) == play_lab_game(plan, 0, 5)
    assert play_lab_game(plan, 0, 5)["setup_settlements"] != play_lab_game(plan, 0, 9)["setup_settlements"]


def test_varied_set_up_spots_stay_within_the_margin_of_the_best() -> None:
    from game.ai.catan_situation import Situation
    from game.catan.state import SETUP_ROAD, SETUP_SETTLEMENT
    from game.core.registry import get_variant
    from game.core.seats import Seat

    variant = get_variant("catan-base")
    checked = 0
    for seed in range(6):
        seats = tuple(Seat(c, c, "ai") for c in ("red", "blue", "white", "orange"))
        game = variant.new_game(seats, seed, layout=load_any_layout(f"variable:{seed}").layout_for_game())
        bots = [make_bot("normal", "catan", variety=1.0) for _ in range(4)]
        rng = random.Random(seed)
        while game.state.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
            player = game.active_players()[0]
            legal = game.legal_actions(player)
            view = game.view(player)
            action = bots[player].choose(view, legal, rng)
            assert action in legal
            if game.state.phase == SETUP_SETTLEMENT:
                sit = Situation(view)
                values = [sit.site_value(a.node, setup=True) for a in legal]
                assert sit.site_value(action.node, setup=True) >= max(values) - MARGIN_TEMPERATURES - 1e-9
                checked += 1
            game.apply(action)
    assert checked >= 40
