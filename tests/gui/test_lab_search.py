"""Tests of the layout lab's fair-board search screen: options, a tiny search, the ranking, open, save, cancel."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from tests.gui.conftest import click, key

STEP_LIMIT = 4000


def _wait(app: Any, done: Callable[[], bool]) -> None:
    """Step the app (never blocking) until done() or the step limit."""
    for _ in range(STEP_LIMIT):
        app.step([], 0.016)
        if done():
            return
        time.sleep(0.01)
    raise AssertionError("the search screen did not get there in time")


def _drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every line of text the search screen draws itself."""
    import gui.lab.search_scene as search_scene

    texts: list[str] = []
    original = search_scene.blit_text

    def recording(surface: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        texts.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(search_scene, "blit_text", recording)
    return texts


def _open_from_lab(app: Any, workers: int = 1) -> tuple[Any, Any]:
    """The lab editor, and the search screen opened with its toolbar button."""
    from gui.lab.scene import open_lab
    from gui.lab.search_scene import SearchScene

    lab = open_lab(app)
    app.step([], 0.016)
    app.step(click(lab.buttons["search"].rect.center), 0.016)
    scene = app.top
    assert isinstance(scene, SearchScene)
    scene.workers = workers
    return lab, scene


def _tiny(scene: Any, candidates: int = 4, top: int = 2, games: int = 4) -> None:
    """Options of a search small enough for a test (values the pickers do not offer are shown too)."""
    scene.candidate_count, scene.simulate_top, scene.games = candidates, top, games
    scene.layout()


def test_the_lab_opens_the_search_with_the_command_lines_defaults(make_app: Callable[..., Any]) -> None:
    from game.lab.search import Constraints

    app = make_app((1280, 720), "en")
    _, scene = _open_from_lab(app)
    assert scene.phase == "setup" and scene.start_button.enabled
    assert scene.constraints() == Constraints()
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert type(app.top).__name__ == "LabScene"


def test_tiny_search_ranks_as_game_lab_opens_and_saves(make_app: Callable[..., Any],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from game.lab.baseline import baseline_for
    from game.lab.layout import beginner_lab_layout
    from game.lab.report import build_report
    from game.lab.search import attach_search, generate_candidates, race
    from game.lab.simulate import RunResult, ordered, run_plan
    from gui.lab.simulation_report import format_p

    app = make_app((1280, 720), "en")
    lab, scene = _open_from_lab(app)
    _tiny(scene)
    app.step(click(scene.start_button.rect.center), 0.016)
    assert scene.phase == "running"
    _wait(app, lambda: scene.phase == "results")
    report = scene.report
    assert report is not None and not report["interrupted"], scene.outcome

    options = scene.check()
    candidates, tries = generate_candidates(options.constraints, 4, 1)
    assert [c.layout.name for c in scene.candidates()] == [c.layout.name for c in candidates]
    top = candidates[:2]
    plan = options.plan([c.layout for c in top])
    budget = options.games * len(top)
    records, rounds, interrupted = race(plan, budget, lambda sub, games: run_plan(sub, workers=1, games=games),
                                        [c.score for c in top])
    assert not interrupted
    expected = build_report(replace(plan, games=max(r.games for r in rounds)),
                            RunResult(ordered(records), False, 0.0, 1), baseline=baseline_for(plan))
    best = attach_search(expected, candidates, tries, options.constraints, rounds, budget)
    assert report["figures_digest"] == expected["figures_digest"]
    assert report["search"] == expected["search"]
    by_name = {section["name"]: section for section in expected["layouts"]}
    ranked = [by_name[row["name"]] for row in expected["search"]["ranking"]]
    rows = scene.list_box.rows
    assert [row.value for row in rows] == [section["name"] for section in ranked]
    assert [row.cells[3] for row in rows] == [format_p(app.t, section["seat_test"]["adjusted_p_value"])
                                              for section in ranked]  # corrected, as the verdict judges
    assert scene.selected == best["name"] and rows[0].cells[0].endswith("★")
    texts = _drawn_texts(monkeypatch)
    app.step([], 0.016)
    status = report["search"]["best_status"]
    assert app.t(f"labsearch.best.{status}") in texts and not [text for text in texts if "labsearch." in text]

    app.step(click(scene.save_button.rect.center), 0.016)
    scene.saver.join(60)
    _wait(app, lambda: scene.saved is not None)
    folder, error = scene.saved
    assert error is None and folder.parent == app.save_dir.parent / "lab-reports"
    written = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert written["search"]["best"] == best["name"] and written["figures_digest"] == report["figures_digest"]
    assert json.loads((folder / "best-layout.json").read_text(encoding="utf-8"))["name"] == best["name"]

    app.step(click(scene.open_button.rect.center), 0.016)
    assert app.top is lab and lab.editor.layout.name == best["name"]
    assert lab.editor.layout.terrains == next(c.layout for c in candidates if c.layout.name == best["name"]).terrains
    app.step([key(pygame.K_z, pygame.KMOD_CTRL)], 0.016)
    assert lab.editor.layout == beginner_lab_layout()


def test_cancel_keeps_the_finished_boards(make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((1280, 720), "cs")
    _, scene = _open_from_lab(app)
    _tiny(scene, candidates=4, top=3, games=8)
    scene.start()
    _wait(app, lambda: scene.shown_candidates is not None)
    assert [row.value for row in scene.list_box.rows] == [c.layout.name for c in scene.candidates()]
    _wait(app, lambda: scene.last_progress is not None and scene.last_progress.done >= 8)
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert scene.phase == "running" and not scene.cancel_button.enabled
    _wait(app, lambda: scene.phase == "results")
    report = scene.report
    kept = report["run"]["games_played"]
    assert report["interrupted"] and 8 <= kept < 24
    games = [s["games"] for s in report["layouts"]]
    assert sum(games) == kept and all(g % 4 == 0 for g in games)  # whole rotation blocks, every one kept
    ranking = scene.ranking()
    assert ranking[0]["finished"] > 0
    assert scene.best_name() == ranking[0]["name"]
    texts = _drawn_texts(monkeypatch)
    app.step([], 0.016)
    assert app.t("labsearch.interrupted", count=kept) in texts
    unplayed = {s["name"] for s in report["layouts"] if not s["games"]}
    assert all(("–" in row.cells) == (row.value in unplayed) for row in scene.list_box.rows)


def test_leaving_mid_run_cancels_at_once(make_app: Callable[..., Any]) -> None:
    app = make_app((1280, 720), "en")
    lab, scene = _open_from_lab(app, workers=2)
    _tiny(scene, candidates=4, top=3, games=1000)
    scene.start()
    run = scene.run
    app.step([], 0.016)
    assert not run.cancel_event.is_set()
    app.pop()
    assert app.top is lab and run.cancel_event.is_set() and run.abandon_event.is_set()
    left = time.perf_counter()
    run.join(20)
    assert not run.alive and time.perf_counter() - left < 20
    assert run.outcome().report is None
    assert not (app.save_dir.parent / "lab-reports").exists()


def test_no_board_meets_impossible_rules(make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    import game.lab.search as search

    monkeypatch.setattr(search, "MAX_TRIES_PER_CANDIDATE", 2)
    app = make_app((1920, 1080), "cs")
    _, scene = _open_from_lab(app)
    scene.min_score = 99.9
    _tiny(scene)
    scene.start()
    _wait(app, lambda: scene.phase == "results")
    assert scene.report is None and not scene.candidates()
    assert not scene.open_button.enabled and not scene.save_button.enabled
    texts = _drawn_texts(monkeypatch)
    app.step([], 0.016)
    assert app.t("labsearch.none_found", tries=scene.outcome.tries) in texts
