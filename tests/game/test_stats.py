"""Tests of game.catan.stats on seeded games: dice counts, VP series, production, points by source."""

from __future__ import annotations

import random

import pytest

from game.ai.registry import make_bot
from game.catan import events as E
from game.catan.stats import (
    compute_stats, expected_dice_counts, fresh_game, logged_turn, vp_breakdown,
)
from game.core.registry import get_variant
from game.sim import play_out


def _game(seed: int, board: str, actions: int = 50_000):
    variant = get_variant("catan-base")
    game = variant.new_game(variant.default_seats(4), seed, {"board": board})
    play_out(game, [make_bot("random", "catan") for _ in range(4)], random.Random(seed), max_actions=actions)
    return game


@pytest.mark.parametrize(("seed", "board"), [(1, "beginner"), (2, "variable"), (3, "variable")])
def test_finished_game(seed: int, board: str) -> None:
    game = _game(seed, board)
    assert game.is_over()
    stats = compute_stats(game)
    rolls = sum(1 for entry in game.log if entry.action.kind == "roll")
    assert stats.rolls == rolls == sum(stats.dice_counts)
    assert stats.dice_counts[0] == stats.dice_counts[1] == 0
    assert len(stats.turns) == len(stats.vp_series[0])
    assert all(len(series) == len(stats.turns) for series in stats.vp_series)
    assert [series[-1] for series in stats.vp_series] == [game.public_vp(p) for p in range(4)]
    assert stats.turns[-1] == game.state.turn_number
    assert list(stats.turns) == sorted(stats.turns)
    assert abs(sum(stats.expected_dice_counts()) - rolls) < 1e-9
    for p in range(4):
        b = vp_breakdown(game, p)
        assert b.total == game.total_vp(p)
        assert b.settlements + b.cities == game.state.building_vp[p]
    assert vp_breakdown(game, game.winner()).total >= game.options["vp_target"]


def test_production_matches_the_events() -> None:
    game = _game(4, "variable", actions=600)
    stats = compute_stats(game)
    g = fresh_game(game)
    produced = [[0] * 5 for _ in range(4)]
    for entry in game.log:
        g.chance.force(*entry.outcomes)
        for event in g.apply(entry.action):
            if isinstance(event, E.ResourcesProduced):
                for p, gains in enumerate(event.gains):
                    for r, n in enumerate(gains):
                        produced[p][r] += n
    assert [list(row) for row in stats.production] == produced
    assert g.state_json() == game.state_json()
    # Set-up payouts on a variable board are counted as other gains.
    assert sum(map(sum, stats.other_gains)) > 0


def test_running_game_series_ends_at_current_points() -> None:
    game = _game(5, "beginner", actions=333)
    assert not game.is_over()
    stats = compute_stats(game)
    assert [series[-1] for series in stats.vp_series] == [game.public_vp(p) for p in range(4)]
    assert [series[0] for series in stats.vp_series] == [2, 2, 2, 2]


def test_new_game_has_a_single_sample() -> None:
    variant = get_variant("catan-base")
    stats = compute_stats(variant.new_game(variant.default_seats(3), 1, {}))
    assert stats.rolls == 0 and len(stats.turns) == 1


def test_stats_do_not_touch_the_game() -> None:
    game = _game(6, "variable", actions=400)
    before = game.state_json()
    log_length = len(game.log)
    compute_stats(game)
    assert game.state_json() == before and len(game.log) == log_length


def test_expected_dice_counts() -> None:
    expected = expected_dice_counts(36)
    assert expected[7] == 6 and expected[2] == expected[12] == 1
    assert sum(expected) == 36


def test_hidden_cards_only_when_revealed() -> None:
    game = _game(1, "beginner")
    holder = max(range(4), key=lambda p: game.state.dev_hand[p][1])
    if game.state.dev_hand[holder][1] == 0:
        pytest.skip("no victory point card was bought in this game")
    assert vp_breakdown(game, holder, reveal_cards=False).vp_cards == 0
    assert vp_breakdown(game, holder).vp_cards == game.state.dev_hand[holder][1]


def test_logged_turn() -> None:
    assert logged_turn([]) == 1
    log = [{"action": {"kind": "roll"}}, {"action": {"kind": "end_turn"}}, {"action": {"kind": "end_turn"}}, "x"]
    assert logged_turn(log) == 3
