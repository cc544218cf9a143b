"""Tests of the layout lab's Prove screen: options, a run in the background, cancel, the report and its files."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.gui.conftest import LANGS, SIZES, click, key, typed

STEP_LIMIT = 3000


def _scene(app: Any, layouts: list[Any], workers: int | str = 1) -> Any:
    from gui.lab.simulation import SimulationScene

    scene = SimulationScene(app, layouts, workers=workers)
    app.push(scene)
    app.step([], 0.016)
    return scene


def _beginner() -> Any:
    from game.lab.layout import beginner_lab_layout

    return beginner_lab_layout()


def _experimental() -> Any:
    from game.lab.layout import variable_lab_layout

    layout = variable_lab_layout(7).with_terrain(0, "forest").renamed("Ostrov č. 2")
    return dataclasses.replace(layout, experimental=True)


def _set_games(app: Any, scene: Any, games: int) -> None:
    """Type the number of games into the field, as a player would."""
    field = scene.games_field
    app.step(click(field.rect.center), 0.016)
    app.step([key(pygame.K_BACKSPACE)] * 8 + [typed(str(games))], 0.016)
    assert scene.games_text == str(games)


def _wait(app: Any, done: Callable[[], bool]) -> None:
    """Step the app (never blocking) until done() or the step limit."""
    for _ in range(STEP_LIMIT):
        app.step([], 0.016)
        if done():
            return
        time.sleep(0.01)
    raise AssertionError("the simulation screen did not get there in time")


def _drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every line of text the screen and its report helpers draw."""
    import gui.lab.simulation as simulation
    import gui.lab.simulation_report as report

    texts: list[str] = []
    for module in (simulation, report):
        original = module.blit_text

        def recording(surface: Any, text: str, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            texts.append(text)
            return _original(surface, text, *args, **kwargs)

        monkeypatch.setattr(module, "blit_text", recording)
    return texts


def test_small_run_shows_the_report_and_writes_its_folder(make_app: Callable[..., Any],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.lab.simulation_report import format_interval, format_percent, seat_cells

    app = make_app((1280, 720), "en")
    scene = _scene(app, [_beginner()], workers=2)
    _set_games(app, scene, 8)
    assert scene.start_button.enabled
    app.step(click(scene.start_button.rect.center), 0.016)
    assert scene.phase == "running"
    _wait(app, lambda: scene.phase == "report")
    report = scene.report
    assert report is not None, scene.outcome
    section = report["layouts"][0]
    assert report["games_per_layout"] == 8 and section["games"] == 8 and not report["interrupted"]
    folder = scene.outcome.folder
    assert folder.parent == app.save_dir.parent / "lab-reports"
    assert folder.name.startswith("beginner-")
    if importlib.util.find_spec("game.lab.report_files") is not None:
        assert scene.outcome.write_error is None
        written = json.loads((folder / "report.json").read_text(encoding="utf-8"))
        assert written["figures_digest"] == report["figures_digest"]
    texts = _drawn_texts(monkeypatch)
    app.step([], 0.016)
    shown = seat_cells(app.t, section)
    for row, cells in zip(section["seat_positions"], shown):
        assert cells[1:5] == [str(row["games"]), str(row["wins"]), format_percent(app.t, row["win_rate"]),
                              format_interval(app.t, row["ci_low"], row["ci_high"])]
        assert format_percent(app.t, row["win_rate"]) in texts
    assert "Seat 1" in texts and "Red" in texts
    assert any(f"unfinished {section['unfinished']}" in text for text in texts)
    assert not [text for text in texts if text.startswith("labsim.")]


def test_cancel_keeps_the_finished_games(make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((1280, 720), "cs")
    scene = _scene(app, [_beginner()])
    _set_games(app, scene, 4000)
    scene.start()
    _wait(app, lambda: scene.last_progress is not None and scene.last_progress.done >= 8)
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert scene.phase == "running" and not scene.cancel_button.enabled
    _wait(app, lambda: scene.phase == "report")
    report = scene.report
    kept = report["run"]["games_played"]
    assert report["interrupted"] and 8 <= kept < 4000
    assert report["layouts"][0]["games"] == kept
    texts = _drawn_texts(monkeypatch)
    app.step([], 0.016)
    assert app.t("labsim.report.interrupted", count=kept) in texts
    assert kept % 4 == 0 and "Přerušeno" in app.t("labsim.report.interrupted", count=kept)


def test_unplayable_layout_disables_start_with_its_message(make_app: Callable[..., Any],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core.errors import InvalidPosition

    broken = _beginner().with_number(3, 0).renamed("broken")
    with pytest.raises(InvalidPosition) as caught:
        broken.layout_for_game()
    app = make_app((1280, 720), "en")
    texts = _drawn_texts(monkeypatch)
    scene = _scene(app, [broken, _beginner()])
    assert not scene.start_button.enabled
    assert any(str(caught.value) in message for message in scene.messages)
    assert any(str(caught.value) in text for text in texts)
    app.step(click(scene.start_button.rect.center) + [key(pygame.K_RETURN)], 0.016)
    assert scene.phase == "setup" and scene.run is None


def test_bad_numbers_disable_start(make_app: Callable[..., Any]) -> None:
    app = make_app((1280, 720), "en")
    scene = _scene(app, [_beginner()])
    _set_games(app, scene, 0)
    assert not scene.start_button.enabled
    assert scene.messages == [app.t("labsim.error.games", max=100_000)]
    scene.pick_games(100)
    assert scene.start_button.enabled and scene.games_field.text == "100"


def test_every_bot_of_the_registry_is_offered(make_app: Callable[..., Any]) -> None:
    from game.ai.registry import BOT_IDS
    from gui.dialogs import Cycler

    app = make_app((1280, 720), "en")
    scene = _scene(app, [_beginner()])
    cyclers = [w for w in scene.widgets if isinstance(w, Cycler)]
    assert len(cyclers) == 1 + 4
    assert all(c.values == list(BOT_IDS) for c in cyclers[1:])
    cyclers[1].step(1)
    for lang in LANGS:
        named = make_app((1280, 720), lang).translator
        assert all(named.has(f"newgame.ai.{bot}") for bot in BOT_IDS), lang  # no bare id on the screen
    scene.set_mode(("catan-2p", 2))
    assert len([w for w in scene.widgets if isinstance(w, Cycler)]) == 1 + 2
    assert scene.check() is not None and scene.plan.players == 2


def test_leaving_while_running_stops_the_run_and_writes_nothing(make_app: Callable[..., Any]) -> None:
    app = make_app((1280, 720), "en")
    scene = _scene(app, [_beginner()])
    scene.pick_games(4000)
    scene.start()
    run = scene.run
    app.step([], 0.016)
    app.pop()
    assert run.cancel_event.is_set()
    run.join(10)
    assert not run.alive
    assert run.outcome().report is None
    assert not (app.save_dir.parent / "lab-reports").exists()


def _finished_scene(app: Any, layouts: list[Any]) -> Any:
    """A scene showing the report of a small run made without the thread (for drawing tests)."""
    from game.lab.report import build_report
    from game.lab.simulate import SimulationPlan, run_plan
    from gui.lab.simulation import RunOutcome

    plan = SimulationPlan(tuple(layouts), games=4).validated()
    report = build_report(plan, run_plan(plan, workers=1))
    scene = _scene(app, layouts)
    scene.outcome = RunOutcome(report, app.save_dir.parent / "lab-reports" / "x-2025-01-01-120000")
    scene.layout()
    return scene


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_every_phase_draws_without_missing_strings(make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch,
                                                   size: tuple[int, int], lang: str) -> None:
    app = make_app(size, lang)
    texts = _drawn_texts(monkeypatch)
    scene = _finished_scene(app, [_beginner(), _experimental()])
    for tab in range(3):
        scene.show_tab(tab)
        app.step([], 0.016)
    assert app.t("labsim.experimental").upper() in texts
    scene.again()
    app.step([], 0.016)
    assert scene.phase == "setup"
    assert not [text for text in texts if "labsim." in text or "{" in text]


def test_each_report_gets_a_fresh_folder(tmp_path: Path) -> None:
    """A simulation's and a search's report never overwrite an earlier one: -2, -3, ... follow a taken name."""
    import datetime

    from game.lab.layout import beginner_lab_layout
    from gui.lab.search_run import search_folder
    from gui.lab.simulation import report_folder

    when = datetime.datetime(2026, 1, 31, 14, 25, 1)
    first = report_folder(tmp_path, [beginner_lab_layout()], when)
    first.mkdir()
    second = report_folder(tmp_path, [beginner_lab_layout()], when)
    assert second.name == first.name + "-2"
    assert search_folder(tmp_path, when).name == "search-2026-01-31-142501"
    (tmp_path / "search-2026-01-31-142501").mkdir()
    assert search_folder(tmp_path, when).name == "search-2026-01-31-142501-2"
