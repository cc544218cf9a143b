"""Runs of any size, stops that keep every finished game, the baseline, and running until decided."""

from __future__ import annotations

import itertools
import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from game.core.batch import run_chunks
from game.lab.baseline import baseline_for, baseline_plan, entry_key, read_baselines, shipped_baselines
from game.lab.layout import load_any_layout
from game.lab.simulate import SimulationPlan


def _slow(index: int) -> list[int]:
    time.sleep(0.3)
    return [index]


def test_chunks_are_made_as_they_are_asked_for() -> None:
    plan = SimulationPlan((load_any_layout("beginner"),), games=10 ** 12).validated()
    first = list(itertools.islice(plan.chunks(4), 3))
    assert first == [(0, 0, 4), (0, 4, 4), (0, 8, 4)]
    drawn: list[int] = []

    def chunks() -> Any:
        for i in range(1000):
            drawn.append(i)
            yield (i,)

    seen: list[int] = []
    cancel = threading.Event()

    def finished(index: int, result: list[int]) -> None:
        seen.append(len(drawn))
        cancel.set()

    batch = run_chunks(_slow, chunks(), 1000, lambda c: 1, 2, cancel=cancel, finished=finished)
    assert batch.interrupted and seen[0] <= 4  # a few chunks per worker in flight, never the whole list


def test_a_stop_keeps_the_chunks_already_running() -> None:
    cancel = threading.Event()
    done: list[int] = []

    def finished(index: int, result: list[int]) -> None:
        done.append(index)
        cancel.set()

    started = time.perf_counter()
    batch = run_chunks(_slow, ((i,) for i in range(50)), 50, lambda c: 1, 2, cancel=cancel, finished=finished)
    assert batch.interrupted and time.perf_counter() - started < 10
    # The chunks in flight when the stop came (two per worker) finish and are kept; none is half kept.
    assert 2 <= len(batch.results) <= 4 and sorted(batch.results) == sorted(done)
    assert all(batch.results[i] == [i] for i in batch.results)


def test_the_baseline_is_reproducible_from_its_command(tmp_path: Path) -> None:
    from game.cli import main

    for name in ("a.json", "b.json"):
        assert main(["lab", "baseline", "--players", "3", "--games", "6", "--seed", "4", "--workers", "1",
                     "--out", str(tmp_path / name)]) == 0
    a, b = (read_baselines(tmp_path / n) for n in ("a.json", "b.json"))
    assert a == b and list(a) == [entry_key("catan-base", 3, "varied", 1.0, ["normal"])]
    entry = next(iter(a.values()))
    assert entry["games_played"] == 6 and sum(entry["wins"]) == entry["games"]
    assert entry["command"].startswith("python3 -m game lab baseline --players 3 --population varied --games 6")


def test_the_shipped_baselines_cover_three_and_four_players_of_the_default_population() -> None:
    entries = shipped_baselines()
    for players in (3, 4):
        plan = baseline_plan(players, "varied", 4)
        entry = baseline_for(plan, entries)
        assert entry is not None and entry["games"] >= 4000 and len(entry["seat_rates"]) == players
        assert abs(sum(entry["seat_rates"]) - 1) < 0.01 and not entry["interrupted"]
        assert f"--players {players} --population varied" in entry["command"]


def test_a_report_sets_placed_games_against_the_baseline_and_printed_pieces_not(tmp_path: Path) -> None:
    from game.cli import main

    assert main(["lab", "simulate", "variable:5", "beginner", "--games", "4", "--workers", "1",
                 "--report", str(tmp_path / "r")]) == 0
    report = json.loads((tmp_path / "r" / "report.json").read_text(encoding="utf-8"))
    assert report["population"] == {"name": "varied", "temperature": 1.0}
    assert report["baseline"] is not None
    variable, beginner = report["layouts"]
    assert [row["position"] for row in variable["baseline"]] == [0, 1, 2, 3]
    assert beginner["baseline"] is None and not beginner["openings"]["placed"]
    assert any(s["key"] == "labverdict.baseline" for s in variable["verdict"]["sentences"])
    assert report["run"]["command"][:5] == ["python3", "-m", "game", "lab", "simulate"]


def test_until_decided_adds_games_in_looks_fixed_in_advance(tmp_path: Path) -> None:
    from game.cli import main

    assert main(["lab", "simulate", "variable:5", "--games", "8", "--until-decided", "--max-games", "32",
                 "--workers", "1", "--bots", "random", "--report", str(tmp_path / "r")]) == 0
    report = json.loads((tmp_path / "r" / "report.json").read_text(encoding="utf-8"))
    sequential = report["sequential"]
    assert sequential["looks"] == [8, 16, 32] and sequential["level_per_look"] == pytest.approx(0.05 / 3)
    assert report["tests"]["alpha"] == pytest.approx(0.05 / 3)
    played = [look["games"] for look in sequential["history"]]
    assert played == sequential["looks"][:sequential["looks_taken"]]
    assert report["layouts"][0]["games"] == played[-1] == report["games_per_layout"]


@pytest.mark.parametrize("args, message", [
    (["--max-games", "40"], "--max-games goes with --until-decided"),
    (["--until-decided", "--max-games", "4"], "must be at least --games"),
    (["--population", "stubborn"], "--population is varied"),
])
def test_until_decided_and_population_options_are_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          args: list[str], message: str) -> None:
    from game.cli import main

    code = main(["lab", "simulate", "beginner", "--games", "8", "--workers", "1", "--report",
                 str(tmp_path / "r"), *args])
    assert code == 2 and message in capsys.readouterr().err and not (tmp_path / "r").exists()
