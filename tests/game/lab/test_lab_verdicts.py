"""Verdicts that match their numbers, a search that never calls a failing board fair, and the race's budget."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.core.i18n import Translator
from game.lab.layout import load_any_layout
from game.lab.report import build_report
from game.lab.report_text import verdict_sentences
from game.lab.search import Constraints, attach_search, generate_candidates, race, saves_best, status
from game.lab.simulate import RunResult, SimulationPlan
from game.lab.verdicts import FAMILY_ALPHA

DATA = Path(__file__).parent / "data"


def fake_record(layout: int, game: int, winner: int, players: int = 4,
                setup: list[list[int]] | None = None) -> dict[str, Any]:
    """A finished game's record as a worker returns it, with the given winner."""
    colours = ["red", "blue", "white", "orange"][:players]
    rotation = game % players
    return {"layout": layout, "game": game, "seed": game, "rotation": rotation,
            "colours": colours[rotation:] + colours[:rotation], "bots": ["normal"] * players, "error": None,
            "finished": True, "winner": winner, "turns": 60, "actions": 600, "vp": [10 if s == winner else 6
                                                                                      for s in range(players)],
            "longest_road": None, "largest_army": None, "production": [[1] * 5 for _ in range(players)],
            "setup_settlements": setup or [[2 * s, 30 + 2 * s] for s in range(players)]}


def plan_of(*sources: str, games: int, free_setup: bool = True) -> SimulationPlan:
    layouts = tuple(load_any_layout(s) for s in sources)
    return SimulationPlan(layouts, "catan-base", 4, ("normal",), games, 1, free_setup).validated()


def test_a_favoured_seat_is_named_with_its_edge_its_spot_and_why() -> None:
    plan = plan_of(str(DATA / "unfair-corner.json"), games=200)
    spot = 29  # any intersection: seat 1 always takes it
    records = [fake_record(0, g, 0 if g % 2 == 0 else 1 + g % 3, setup=[[spot, 40], [3, 44], [5, 46], [7, 48]])
               for g in range(200)]
    report = build_report(plan, RunResult(records, False, 1.0, 1))
    section = report["layouts"][0]
    assert section["seat_test"]["adjusted_p_value"] < FAMILY_ALPHA
    verdict = section["verdict"]
    assert verdict["key"] == "labreport.verdict.seat_order"
    keys = [s["key"] for s in verdict["sentences"]]
    assert keys[0] == "labverdict.seat.favoured" and any(k.startswith("labverdict.why.") for k in keys)
    favoured = verdict["sentences"][0]["params"]
    assert favoured["position"] == 0 and favoured["edge"] == pytest.approx(0.25) and favoured["low"] > 0
    why = next(s for s in verdict["sentences"] if s["key"].startswith("labverdict.why."))["params"]
    assert why["share"] == 1.0 and why["spot"] == section["openings"]["by_position"][0]["spots"][0]["name"]
    text = " ".join(verdict_sentences(Translator("en"), verdict))
    assert "Seat 1" in text and "+25.0 points" in text and why["spot"] in text and "100.0%" in text
    cs = " ".join(verdict_sentences(Translator("cs"), verdict))
    assert "Místo 1" in cs and "+25,0 p. b." in cs


def test_no_bias_with_enough_games_says_what_the_run_could_detect() -> None:
    plan = plan_of("variable:5", games=4000)
    records = [fake_record(0, g, g % 4) for g in range(4000)]
    section = build_report(plan, RunResult(records, False, 1.0, 1))["layouts"][0]
    sentence = section["verdict"]["sentences"][0]
    assert sentence["key"] == "labverdict.seat.none" and sentence["params"]["detectable"] < 0.05
    assert section["verdict"]["key"] == "labreport.verdict.fair"


def test_few_games_say_how_many_are_needed() -> None:
    plan = plan_of("variable:5", games=40)
    section = build_report(plan, RunResult([fake_record(0, g, g % 4) for g in range(40)], False, 1.0, 1))
    sentence = section["layouts"][0]["verdict"]["sentences"][0]
    assert sentence["key"] == "labverdict.seat.too_few" and sentence["params"]["games"] > 2000
    assert "finished games are needed" in verdict_sentences(Translator("en"), section["layouts"][0]["verdict"])[0]


def test_the_tests_of_a_report_are_corrected_together() -> None:
    plan = plan_of("beginner", "variable:5", games=80, free_setup=False)
    records = [fake_record(i, g, 0 if g % 3 == 0 else g % 4) for i in range(2) for g in range(80)]
    report = build_report(plan, RunResult(records, False, 1.0, 1))
    # The beginner board's colours own printed pieces (a seat and a colour test); variable:5 has only seats.
    assert report["tests"]["tests"] == 3
    beginner, variable = report["layouts"]
    assert beginner["colour_test"]["adjusted_p_value"] is not None
    assert variable["colour_test"]["adjusted_p_value"] is None
    for section in report["layouts"]:
        assert section["seat_test"]["adjusted_p_value"] >= section["seat_test"]["p_value"]
    colour = next(s for s in beginner["verdict"]["sentences"] if s["key"].startswith("labverdict.colour."))
    assert colour["params"]["spots"] == ", ".join(beginner["layout"]["start"][colour["params"]["colour"]]
                                                  ["settlements"])


def test_the_search_never_calls_a_failing_board_fair(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import game.lab.search as search
    from game.cli import main

    def biased_race(plan: SimulationPlan, budget: int, run_round: Any, scores: Any = None) -> Any:
        records = [fake_record(i, g, 0 if g % 2 else g % 4) for i in range(len(plan.layouts)) for g in range(200)]
        return records, [search.RaceRound(tuple(range(len(plan.layouts))), 200, ())], False

    monkeypatch.setattr(search, "race", biased_race)
    code = main(["lab", "search", "--candidates", "3", "--simulate-top", "2", "--games", "8", "--workers", "1",
                 "--report", str(tmp_path / "out")])
    out = capsys.readouterr().out
    report = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    assert code == 1 and report["search"]["best_status"] == "failed" and not report["search"]["any_passed"]
    assert not (tmp_path / "out" / "best-layout.json").exists()
    assert "no candidate passed" in out and "nothing saved" in out and "FAILED" in out
    assert not re.search(r"\bfair\b", out.replace("fair share", ""))  # "fairness" and "fair share" only


def test_status_of_a_board() -> None:
    plan = plan_of("variable:5", games=40)
    few = build_report(plan, RunResult([fake_record(0, g, g % 4) for g in range(40)], False, 1.0, 1))["layouts"][0]
    assert status(few) == "undecided"
    many = build_report(replace(plan, games=4000),
                        RunResult([fake_record(0, g, g % 4) for g in range(4000)], False, 1.0, 1))["layouts"][0]
    assert status(many) == "passed"


def test_the_race_spends_its_budget_on_the_leaders_with_common_seeds() -> None:
    candidates, _ = generate_candidates(Constraints(), 4, 3)
    plan = SimulationPlan(tuple(c.layout for c in candidates), "catan-base", 4, ("random",), 8, 1, True,
                          check="end").validated()
    calls: list[tuple[tuple[str, ...], range]] = []

    def run_round(sub: SimulationPlan, games: range) -> RunResult:
        from game.lab.simulate import run_plan

        calls.append((tuple(l.name for l in sub.layouts), games))
        return run_plan(sub, workers=1, games=games)

    records, rounds, interrupted = race(plan, 96, run_round, [c.score for c in candidates])
    assert not interrupted and len(records) <= 96
    assert [len(r.survivors) for r in rounds] == [4, 2, 1]
    assert all(len(r.dropped) == len(r.survivors) // 2 for r in rounds[:-1])
    assert rounds[-1].games > rounds[0].games
    # Each round goes on from the games already played: the same game numbers (and seeds) for every board.
    assert [c[1].start for c in calls] == [0, rounds[0].games, rounds[1].games]
    seeds = {}
    for r in records:
        seeds.setdefault(r["game"], set()).add(r["seed"])
    assert all(len(s) == 1 for s in seeds.values())
    report = build_report(replace(plan, games=rounds[-1].games), RunResult(records, False, 1.0, 1))
    best = attach_search(report, candidates, 4, Constraints(), rounds, 96)
    assert best["name"] == plan.layouts[rounds[-1].survivors[0]].name == report["search"]["best"]
    assert report["search"]["games_played"] == len(records) and report["search"]["budget"] == 96
    assert saves_best(report) == (report["search"]["best_status"] in ("passed", "undecided"))
