"""Tests for the lab's report folder: report.json, the PNG charts and the summary page, in both languages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from game.lab.chart_plan import HEIGHT, WIDTH, planned_charts
from game.lab.layout import beginner_lab_layout, variable_lab_layout
from game.lab.report import build_report
from game.lab.report_files import ReportError, read_report, write_report
from game.lab.simulate import SimulationPlan, run_plan

EVIL_NAME = '<script>alert("x")</script> & co'


def _report(layouts: tuple[Any, ...], games: int, max_actions: int = 50_000) -> dict[str, Any]:
    plan = SimulationPlan(layouts, games=games, seed=3, max_actions=max_actions).validated()
    return build_report(plan, run_plan(plan, workers=1), ["python", "-m", "game", "lab", "simulate", "beginner"])


@pytest.fixture(scope="module")
def two_layouts() -> dict[str, Any]:
    """Two layouts, one of them with a name that needs escaping."""
    report = _report((beginner_lab_layout(), variable_lab_layout(7)), games=4)
    report["layouts"][1]["name"] = EVIL_NAME
    report["comparison"][1]["name"] = EVIL_NAME
    return report


@pytest.fixture(scope="module")
def troubled() -> dict[str, Any]:
    """One layout whose games hit the action limit, plus one broken game."""
    report = _report((beginner_lab_layout(),), games=4, max_actions=60)
    report["layouts"][0]["broken"].append(
        {"game": 9, "seed": 3000012, "rotation": 1, "error": "InvariantViolation: <robber> off the board"})
    return report


def test_writes_every_file(two_layouts: dict[str, Any], tmp_path: Path) -> None:
    folder = tmp_path / "new" / "report"
    paths = write_report(two_layouts, folder)
    expected = {folder / "report.json", folder / "summary.html"}
    expected |= {folder / "charts" / spec.filename for spec in planned_charts(two_layouts)}
    assert set(paths) == expected
    assert all(p.is_file() for p in paths)
    assert len(planned_charts(two_layouts)) == 2 * 7 + 2


def test_charts_are_pngs_of_the_expected_size(two_layouts: dict[str, Any], tmp_path: Path) -> None:
    for path in write_report(two_layouts, tmp_path):
        if path.suffix == ".png":
            with Image.open(path) as image:
                assert image.format == "PNG"
                assert image.size == (WIDTH, HEIGHT)


def test_report_json_round_trips(two_layouts: dict[str, Any], tmp_path: Path) -> None:
    write_report(two_layouts, tmp_path)
    assert read_report(tmp_path / "report.json") == json.loads(json.dumps(two_layouts))


def test_summary_escapes_names_and_shows_p_values(two_layouts: dict[str, Any], tmp_path: Path) -> None:
    write_report(two_layouts, tmp_path)
    page = (tmp_path / "summary.html").read_text(encoding="utf-8")
    assert "<script" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co" in page
    for section in two_layouts["layouts"]:
        p = section["seat_test"]["p_value"]
        assert (f"p = {p:.3f}" if p >= 0.001 else "p &lt; 0.001") in page
    assert "charts/layout2-first-settlements.png" in page
    assert "charts/compare-seats.png" in page
    assert "http" not in page


def test_unfinished_and_broken_games_are_shown(troubled: dict[str, Any], tmp_path: Path) -> None:
    section = troubled["layouts"][0]
    assert section["unfinished"] > 0
    write_report(troubled, tmp_path)
    page = (tmp_path / "summary.html").read_text(encoding="utf-8")
    assert f"Unfinished games ({section['unfinished']})" in page
    for game in section["unfinished_games"]:
        assert f"<td>{game['seed']}</td>" in page
    assert "Broken games (1)" in page
    assert "&lt;robber&gt; off the board" in page
    assert "3000012" in page


@pytest.mark.parametrize(("lang", "words"), [
    ("cs", ("Zpráva z laboratoře rozložení", "Nejdelší obchodní cesta", "Největší vojsko", "Nedokončené hry",
            "Jak zprávu číst")),
    ("en", ("Layout lab report", "Longest Road", "Largest Army", "Unfinished games", "How to read this report")),
])
def test_both_languages_render(troubled: dict[str, Any], tmp_path: Path, lang: str, words: tuple[str, ...]) -> None:
    paths = write_report(troubled, tmp_path, lang)
    page = (tmp_path / "summary.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in page
    for word in words:
        assert word in page
    assert "labreport." not in page, "an untranslated key"
    assert len([p for p in paths if p.suffix == ".png"]) == 7


def test_damaged_report_is_refused_naming_the_file(two_layouts: dict[str, Any], tmp_path: Path) -> None:
    write_report(two_layouts, tmp_path)
    path = tmp_path / "report.json"
    path.write_text(path.read_text(encoding="utf-8")[:500], encoding="utf-8")
    with pytest.raises(ReportError, match="report.json"):
        read_report(path)


@pytest.mark.parametrize("data", [[1, 2], {"format": "something-else", "version": 1, "layouts": []},
                                  {"format": "catan-table-lab-report", "version": 99, "layouts": []}])
def test_foreign_json_is_refused(tmp_path: Path, data: Any) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ReportError, match="other.json"):
        read_report(path)
