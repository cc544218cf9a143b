"""The arena: seat rotation, determinism across worker counts, the JSON report, aliases, unfinished games."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from game.ai.arena import ArenaPlan, final_points, percentile, report_lines, run_arena, summarize
from game.cli import main
from game.core.errors import GameError, InvalidOptions
from game.core.registry import new_game


def _figures(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary without what depends on the clock or the worker count."""
    out = {k: v for k, v in summary.items() if k not in ("elapsed_seconds", "workers", "bots")}
    out["bots"] = {b: {k: v for k, v in s.items() if k != "decision_ms"} for b, s in summary["bots"].items()}
    return out


def test_rotation_seats_every_entry_in_every_seat_equally_often() -> None:
    plan = ArenaPlan("catan-base", 4, ("normal", "easy", "random", "random"), games=8).validated()
    counts: Counter[tuple[int, int]] = Counter()
    for g in range(plan.games):
        seating = plan.seating(g)
        assert sorted(seating) == sorted(plan.bots)
        for seat in range(4):
            entry = (seat + g) % 4
            assert seating[seat] == plan.bots[entry]
            counts[(entry, seat)] += 1
    assert set(counts.values()) == {2} and len(counts) == 16


def test_without_rotation_the_seating_is_fixed() -> None:
    plan = ArenaPlan("rivals-intro", 2, ("normal", "random"), games=4, rotate_seats=False).validated()
    assert all(plan.seating(g) == ("normal", "random") for g in range(4))


def test_every_game_has_its_own_seed() -> None:
    plan = ArenaPlan("catan-cards", 3, ("random",), games=6, seed=5).validated()
    assert len({plan.game_seed(g) for g in range(6)}) == 6


def test_aliases_are_canonicalised_and_one_bot_fills_every_seat() -> None:
    plan = ArenaPlan("catan-cards", 2, ("heuristic", "normal"), games=2).validated()
    assert plan.bots == ("normal", "normal")
    assert ArenaPlan("catan-cards", 3, ("skilled",), games=2).validated().bots == ("normal",) * 3
    summary = summarize(run_arena(plan, workers=1))
    assert list(summary["bots"]) == ["normal"]
    assert summary["bots"]["normal"]["entries"] == 2 and summary["bots"]["normal"]["seat_games"] == 4


def test_bad_plans_are_refused() -> None:
    with pytest.raises(GameError):
        ArenaPlan("catan-base", 4, ("normal", "easy"), games=4).validated()
    with pytest.raises(GameError):
        ArenaPlan("catan-base", 4, ("nobody",), games=4).validated()
    with pytest.raises(GameError):
        ArenaPlan("rivals-intro", 3, ("random",), games=4).validated()


def test_same_figures_for_one_and_two_workers() -> None:
    plan = ArenaPlan("catan-cards", 2, ("normal", "random"), games=4, seed=3).validated()
    one = summarize(run_arena(plan, workers=1, chunk_size=2))
    two = summarize(run_arena(plan, workers=2, chunk_size=2))
    assert two["workers"] == 2
    assert _figures(one) == _figures(two)
    assert one["games"] == 4 and one["unfinished"] == 0
    assert sum(s["wins"] for s in one["bots"].values()) == 4


def test_unfinished_games_are_counted_not_hidden() -> None:
    plan = ArenaPlan("catan-base", 4, ("random",), games=4, max_actions=5).validated()
    summary = summarize(run_arena(plan, workers=1))
    assert summary["games"] == 4 and summary["unfinished"] == 4
    assert summary["bots"]["random"]["wins"] == 0 and summary["bots"]["random"]["seat_games"] == 16


def test_final_points_per_family() -> None:
    for variant, players in (("catan-base", 4), ("rivals-intro", 2), ("catan-cards", 2)):
        game = new_game(variant, players, seed=1)
        assert all(final_points(game, p) >= 0 for p in range(players))
    assert final_points(new_game("catan-base", 4, seed=1), 0) == 2  # two starting settlements


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 21)]
    assert percentile(values, 0.95) == 19.0 and percentile(values, 1.0) == 20.0 and percentile([], 0.95) == 0.0


def test_cli_json_has_the_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "--variant", "catan-cards", "--players", "2", "--bots", "heuristic,random",
                 "--games", "2", "--seed", "4", "--rotate-seats", "--workers", "1", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("games", "unfinished", "seed", "variant", "players", "bots", "seats", "interrupted"):
        assert key in report
    assert report["variant"] == "catan-cards" and report["players"] == 2 and report["seed"] == 4
    assert set(report["bots"]) == {"normal", "random"}
    for figures in report["bots"].values():
        assert {"win_rate", "ci95", "average_vp", "decision_ms", "wins", "seat_games"} <= set(figures)
        assert set(figures["decision_ms"]) == {"mean", "p95", "max"}
        low, high = figures["ci95"]
        assert 0.0 <= low <= figures["win_rate"] <= high <= 1.0


def test_cli_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "--variant", "rivals-intro", "--bots", "random", "--games", "2", "--workers", "1"])
    assert code == 0
    out = capsys.readouterr().out
    assert "random" in out and "unfinished" in out and "95%" in out


def test_cli_same_command_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "--variant", "catan-2p", "--bots", "easy,random", "--games", "2", "--rotate-seats",
            "--workers", "1", "--json"]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    assert _figures(json.loads(capsys.readouterr().out)) == _figures(first)


def test_decisions_cut_short_by_the_think_time_are_counted() -> None:
    # Only a decision stopped by its think-time cap depends on the machine: the report counts them per bot.
    plan = ArenaPlan("catan-cards", 2, ("hard", "normal"), games=2, seed=5, think_seconds=0.0001).validated()
    summary = summarize(run_arena(plan, workers=1))
    assert summary["bots"]["hard"]["capped_decisions"] > 0
    assert summary["bots"]["normal"]["capped_decisions"] == 0
    assert "capped" in "\n".join(report_lines(summary))


def test_a_rollout_budget_with_a_generous_think_time_makes_hard_runs_machine_independent() -> None:
    plan = ArenaPlan("catan-cards", 2, ("hard", "normal"), games=1, seed=5, think_seconds=600.0,
                     rollouts=8).validated()
    first = run_arena(plan, workers=1)
    again = run_arena(plan, workers=1)
    assert [g.winner for g in first.games] == [g.winner for g in again.games]
    assert [g.actions for g in first.games] == [g.actions for g in again.games]
    assert summarize(first)["bots"]["hard"]["capped_decisions"] == 0
    with pytest.raises(InvalidOptions):
        ArenaPlan("catan-cards", 2, ("hard", "normal"), rollouts=-1).validated()
