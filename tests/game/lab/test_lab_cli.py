"""`python -m game lab …`: the analysis, the simulation report on local workers and on Dask, the search."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.lab.layout import beginner_lab_layout
from game.lab.library import save_layout


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_analyse_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["lab", "analyse", "beginner"], capsys)
    assert code == 0 and "beginner: legal" in out and "best starting spots" in out and "h10.SE" in out
    code, out, _ = run(["lab", "analyse", "variable:4", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["legal"] and data["total_pips"] == 58 and len(data["best_spots"]) == 10


def test_analyse_reports_problems_of_a_broken_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    layout = beginner_lab_layout().with_terrain(0, "hills").edited(experimental=True)
    path = save_layout(tmp_path, layout)
    code, out, _ = run(["lab", "analyse", str(path), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and not data["legal"] and data["experimental"]
    assert {p["key"] for p in data["problems"]} == {"lab.problem.terrain_count"}


def test_bad_layout_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[" * 50_000)
    code, _, err = run(["lab", "analyse", str(bad)], capsys)
    assert code == 2 and "bad.json" in err and "Traceback" not in err
    code, _, err = run(["lab", "simulate", "beginner", "--games", "4", "--bots", "nobody",
                        "--report", str(tmp_path / "r")], capsys)
    assert code == 2 and "nobody" in err and not (tmp_path / "r").exists()


def simulate(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str], *extra: str) -> dict:
    folder = tmp_path / name
    code, out, _ = run(["lab", "simulate", "beginner", "variable:7", "--games", "4", "--seed", "3",
                        "--report", str(folder), *extra], capsys)
    assert code == 0, out
    return json.loads((folder / "report.json").read_text(encoding="utf-8"))


def test_simulate_writes_the_same_figures_for_any_worker_count(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    one = simulate(tmp_path, "one", capsys, "--workers", "1")
    two = simulate(tmp_path, "two", capsys, "--workers", "2")
    assert one["figures_digest"] == two["figures_digest"]
    assert [s["name"] for s in one["layouts"]] == ["beginner", "variable-7"]
    section = one["layouts"][0]
    assert {"games", "wins", "ci_low", "ci_high", "win_rate"} <= set(section["seat_positions"][0])
    assert {"colour", "games", "wins", "ci_low", "ci_high"} <= set(section["colours"][0])
    assert 0.0 <= section["seat_test"]["p_value"] <= 1.0 and "unfinished" in section
    assert (tmp_path / "one" / "summary.html").is_file()
    assert list((tmp_path / "one" / "charts").glob("*.png"))


def test_simulate_on_a_dask_scheduler_gives_the_local_report(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    local = simulate(tmp_path, "local", capsys, "--workers", "1")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        clustered = simulate(tmp_path, "cluster", capsys, "--scheduler", cluster.scheduler_address)
    assert clustered["figures_digest"] == local["figures_digest"]


def test_unreachable_scheduler_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    code, _, err = run(["lab", "simulate", "beginner", "--games", "4", "--scheduler", "tcp://127.0.0.1:9",
                        "--scheduler-timeout", "1", "--report", str(tmp_path / "r")], capsys)
    assert code == 2 and "scheduler" in err


@pytest.mark.parametrize("lang,verdict", [("en", "no significant bias"), ("cs", "bez významného zvýhodnění")])
def test_simulate_text_names_the_verdict_in_the_reports_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  lang: str, verdict: str) -> None:
    """The plain-text summary says the verdict in words (the short form of the report's), never its catalog key."""
    code, out, _ = run(["lab", "simulate", "beginner", "--games", "4", "--seed", "1", "--workers", "1",
                        "--report", str(tmp_path / "r"), "--lang", lang], capsys)
    report = json.loads((tmp_path / "r" / "report.json").read_text(encoding="utf-8"))
    assert code == 0 and report["layouts"][0]["verdict"]["key"] == "labreport.verdict.fair"
    assert f"verdict: {verdict}" in out and "labreport." not in out


def test_search_returns_the_fairest_with_evidence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "search"
    code, out, _ = run(["lab", "search", "--no-equal-neighbours", "--candidates", "6", "--simulate-top", "2",
                        "--games", "4", "--workers", "1", "--report", str(folder)], capsys)
    assert code == 0 and "chosen:" in out
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    search = report["search"]
    assert len(search["candidates"]) == 6 and sum(c["simulated"] for c in search["candidates"]) == 2
    assert search["best"] == search["ranking"][0]["name"] and len(report["layouts"]) == 2
    scores = [c["score"] for c in search["candidates"]]
    assert scores == sorted(scores, reverse=True)
    best = json.loads((folder / "best-layout.json").read_text(encoding="utf-8"))
    assert best["name"] == search["best"]
