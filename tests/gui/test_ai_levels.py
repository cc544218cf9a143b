"""AI levels in the front end: New game's level choice, saves keeping each seat's level, the level badges at the
tables, watch mode between levels, the Hard think-time setting, and cancelling a thinking bot when the table is left."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.actions import Action
from game.core.registry import get_variant
from game.core.seats import Seat
from tests.gui.conftest import click, key

LEVEL_NAMES = {"cs": ("Snadný", "Střední", "Těžký"), "en": ("Easy", "Normal", "Hard")}


class RecordingFactory:
    """Stands in for gui.session.make_seat_bot: records what each AI seat asked for and hands out cheap bots."""

    def __init__(self, make: Callable[[str], Any] | None = None) -> None:
        self.calls: list[tuple[str, str, float | None]] = []
        self.made: list[Any] = []
        self.make = make

    def __call__(self, controller: str, family: str, think_seconds: float | None = None) -> Any:
        from game.ai.registry import make_bot

        self.calls.append((controller, family, think_seconds))
        bot = self.make(controller) if self.make is not None else make_bot("random", family)
        self.made.append(bot)
        return bot


class SlowBot:
    """A bot whose choose() waits until released; cancel() releases it and is recorded."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.cancelled = threading.Event()

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        """Wait for the release (a search that would run long), then answer the first legal action."""
        self.started.set()
        self.release.wait(60)
        return legal[0]

    def cancel(self) -> None:
        """Stop at once."""
        self.cancelled.set()
        self.release.set()


class TimedBot:
    """A bot with a think budget attribute like the Hard bot's (and no cancel())."""

    def __init__(self, think_seconds: float | None) -> None:
        self.think_seconds = think_seconds

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        """The first legal action."""
        return legal[0]


def _factory(monkeypatch: pytest.MonkeyPatch, make: Callable[[str], Any] | None = None) -> RecordingFactory:
    factory = RecordingFactory(make)
    monkeypatch.setattr("gui.session.make_seat_bot", factory)
    return factory


def _catan_game(controllers: list[str], seed: int = 5) -> Any:
    variant = get_variant("catan-base")
    seats = tuple(Seat(s.name, s.color, c) for s, c in zip(variant.default_seats(len(controllers)), controllers))
    return variant.new_game(seats, seed, {"board": "beginner"})


def _with_menu(app: Any) -> Any:
    from gui.menu import MenuScene

    app.push(MenuScene(app))
    return app


# ------------------------------------------------------------------ new game


@pytest.mark.parametrize("lang", ("cs", "en"))
def test_new_game_offers_three_levels_and_starts_at_normal(make_app: Any, lang: str) -> None:
    from gui.new_game import NewGameScene

    app = _with_menu(make_app(lang=lang))
    scene = NewGameScene(app)
    app.push(scene)
    assert scene.controllers() == ["human", "easy", "normal", "hard"]  # the test bot "random" is not offered
    assert [s.controller for s in scene.seats] == ["human"] + ["normal"] * (len(scene.seats) - 1)
    scene.remove_seat(3)
    scene.add_seat()
    assert scene.seats[-1].controller == "normal"
    labels = [scene.controller_label(c) for c in scene.controllers()]
    assert len(set(labels)) == 4 and not any(label.startswith("newgame.") for label in labels)
    # A click on the right half of the second seat's level steps Normal -> Hard.
    cycler = scene.seat_rows[1]["controller"]
    app.step(click((cycler.rect.right - 5, cycler.rect.centery)), 1 / 60)
    assert scene.seats[1].controller == "hard"
    scene.set_controller(2, "easy")
    assert scene.levels() == ["easy", "normal", "hard"]
    from gui.levels import level_description

    descriptions = [level_description(app.t, level) for level in scene.levels()]
    assert all(d and not d.startswith("ai.level") for d in descriptions) and len(set(descriptions)) == 3
    app.step([], 1 / 60)


def test_old_alias_controllers_read_as_normal(make_app: Any) -> None:
    from gui.levels import level_id, level_name
    from gui.new_game import NewGameScene

    app = make_app(lang="cs")
    scene = NewGameScene(app)
    assert level_id("heuristic") == level_id("skilled") == "normal"
    assert level_id("human") == "" and level_id("no-such-bot") == ""
    assert scene.controller_label("heuristic") == scene.controller_label("normal")
    assert level_name(app.t, level_id("heuristic")) == "Střední"


# ------------------------------------------------------------------ saves


@pytest.mark.parametrize("lang", ("cs", "en"))
def test_saved_game_loads_with_the_same_opponents_and_levels(make_app: Any, monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path, lang: str) -> None:
    from game.core.saves import save_game
    from gui.save_files import load_into_app
    from gui.levels import level_name
    from gui.new_game import NewGameScene

    factory = _factory(monkeypatch)
    app = _with_menu(make_app(lang=lang))
    scene = NewGameScene(app)
    app.push(scene)
    for i, controller in enumerate(("human", "easy", "normal", "hard")):
        scene.set_controller(i, controller)
    game = scene.build_game()
    path = tmp_path / "levels.json"
    save_game(game, path)
    assert [s["controller"] for s in json.loads(path.read_text(encoding="utf-8"))["seats"]] == \
        ["human", "easy", "normal", "hard"]
    assert load_into_app(app, path)
    table = app.top
    assert type(table).__name__ == "CatanTableScene"
    assert [s.controller for s in table.game.seats] == ["human", "easy", "normal", "hard"]
    assert [c[0] for c in factory.calls] == ["easy", "normal", "hard"]
    assert [level_name(app.t, table.player_level(p)) for p in range(4)] == ["", *LEVEL_NAMES[lang]]
    assert [info.level for info in table._player_infos()] == ["", "easy", "normal", "hard"]
    app.step([], 1 / 60)


def test_old_heuristic_save_shows_normal(make_app: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from game.core.saves import save_game
    from gui.save_files import load_into_app
    from gui.levels import level_name

    factory = _factory(monkeypatch)
    app = _with_menu(make_app(lang="cs"))
    path = tmp_path / "old.json"
    save_game(_catan_game(["human", "heuristic", "heuristic"]), path)
    assert load_into_app(app, path)
    table = app.top
    assert [s.controller for s in table.game.seats] == ["human", "heuristic", "heuristic"]  # the save is not edited
    assert [c[0] for c in factory.calls] == ["heuristic", "heuristic"]  # the registry reads the alias as Normal
    assert [level_name(app.t, table.player_level(p)) for p in range(3)] == ["", "Střední", "Střední"]
    app.step([], 1 / 60)


# ------------------------------------------------------------------ the tables show the levels


@pytest.mark.parametrize("variant", ("catan-base", "rivals-intro", "catan-cards"))
def test_every_table_passes_the_levels_to_its_seat_panels(make_app: Any, monkeypatch: pytest.MonkeyPatch,
                                                          variant: str) -> None:
    _factory(monkeypatch)
    v = get_variant(variant)
    controllers = ["human", "hard"] if v.max_players == 2 else ["human", "easy", "normal", "hard"]
    seats = tuple(Seat(s.name, s.color, c) for s, c in zip(v.default_seats(len(controllers)), controllers))
    game = v.new_game(seats, 3, {})
    drawn: list[str] = []
    import gui.levels

    real = gui.levels.draw_level_badge

    def recording(surface: pygame.Surface, t: Any, level: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append(level)
        return real(surface, t, level, *args, **kwargs)

    for module in ("gui.catan.panels", "gui.rivals.seats", "gui.cards.panels"):
        monkeypatch.setattr(f"{module}.draw_level_badge", recording)
    app = _with_menu(make_app(size=(1280, 720), lang="cs"))
    app.start_game(game)
    table = app.top
    assert [table.player_level(p) for p in range(len(controllers))] == ["", *controllers[1:]]
    app.step([], 1 / 60)
    assert sorted(set(drawn)) == sorted(controllers[1:])


# ------------------------------------------------------------------ watch mode


def test_watch_mode_pits_the_levels_against_each_other(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai.registry import make_bot
    from gui.new_game import NewGameScene
    from gui.session import wait_for_ai

    factory = _factory(monkeypatch, lambda c: make_bot("normal" if c == "normal" else "random", "catan"))
    app = _with_menu(make_app())
    scene = NewGameScene(app)
    app.push(scene)
    app.step(click(scene.all_ai_button.rect.center), 1 / 60)
    assert [s.controller for s in scene.seats] == ["normal"] * 4
    for i, controller in enumerate(("easy", "normal", "hard", "easy")):
        scene.set_controller(i, controller)
    app.step(click(scene.start_button.rect.center), 1 / 60)
    table = app.top
    assert type(table).__name__ == "CatanTableScene"
    assert table.session.all_ai and {"pause", "step", "slower", "faster"} <= set(table.buttons)
    assert [c[0] for c in factory.calls] == ["easy", "normal", "hard", "easy"]
    assert [table.player_level(p) for p in range(4)] == ["easy", "normal", "hard", "easy"]
    before = table.session.revision
    assert wait_for_ai(table.session, timeout=10.0)
    assert table.session.revision > before
    app.step([], 1 / 60)


# ------------------------------------------------------------------ settings: the Hard think time


def test_think_time_setting_changes_saves_and_reaches_the_bots(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai.registry import DEFAULT_THINK_SECONDS
    from gui.session import wait_for_ai
    from gui.settings import load_settings
    from gui.settings_scene import SettingsScene

    factory = _factory(monkeypatch, lambda c: TimedBot(1.0))
    app = _with_menu(make_app(lang="cs"))
    assert app.settings.hard_think_seconds == DEFAULT_THINK_SECONDS
    scene = SettingsScene(app)
    app.push(scene)
    assert scene.seconds_label(0.5) == "0,5 s"
    app.step(click((scene.think.rect.right - 5, scene.think.rect.centery)), 1 / 60)
    assert app.settings.hard_think_seconds == 2.0
    saved, error = load_settings(app.settings_path)
    assert error is None and saved.hard_think_seconds == 2.0
    app.pop()
    app.start_game(_catan_game(["hard", "hard", "hard"]))
    table = app.top
    assert [c[2] for c in factory.calls] == [2.0, 2.0, 2.0]
    app.settings.hard_think_seconds = 4.0  # changed while playing: applies from the bots' next decision
    assert wait_for_ai(table.session, timeout=10.0)
    assert any(bot.think_seconds == 4.0 for bot in factory.made)


def test_settings_without_think_time_still_load(tmp_path: Path) -> None:
    from game.ai.registry import DEFAULT_THINK_SECONDS
    from gui.settings import load_settings

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"lang": "cs", "animation_speed": 2.0, "ai_speed": 0.5, "fullscreen": False}),
                    encoding="utf-8")
    settings, error = load_settings(path)
    assert error is None and settings.ai_speed == 0.5 and settings.hard_think_seconds == DEFAULT_THINK_SECONDS
    path.write_text(json.dumps({"hard_think_seconds": "long"}), encoding="utf-8")
    settings, error = load_settings(path)
    assert error is not None and "hard_think_seconds" in error
    assert settings.hard_think_seconds == DEFAULT_THINK_SECONDS


# ------------------------------------------------------------------ leaving the table cancels the search


def _leave_by_menu(app: Any, table: Any, tmp_path: Path) -> None:
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    button = next(b for b in table.dialog.buttons if b.label == app.t("table.menu.main_menu"))
    app.step(click(button.rect.center), 1 / 60)


def _leave_by_load(app: Any, table: Any, tmp_path: Path) -> None:
    from game.core.saves import save_game
    from gui.save_files import load_into_app

    path = tmp_path / "humans.json"
    save_game(_catan_game(["human", "human", "human"], seed=9), path)
    table.load_dialog()
    assert load_into_app(app, path)


def _leave_by_new_game(app: Any, table: Any, tmp_path: Path) -> None:
    app.start_game(_catan_game(["human", "human", "human"], seed=11))


def _leave_by_quit(app: Any, table: Any, tmp_path: Path) -> None:
    app.running = True
    app.step([pygame.event.Event(pygame.QUIT)], 1 / 60)
    assert not app.running
    app.shutdown()  # what App.run does when its loop ends


LEAVES = {"menu": _leave_by_menu, "load": _leave_by_load, "new_game": _leave_by_new_game, "quit": _leave_by_quit}


@pytest.mark.parametrize("how", sorted(LEAVES))
def test_leaving_the_table_cancels_a_thinking_bot(make_app: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                  how: str) -> None:
    from gui.menu import MenuScene

    slow: list[SlowBot] = []

    def make(controller: str) -> Any:
        bot = SlowBot() if controller == "hard" else TimedBot(None)
        slow.append(bot)
        return bot

    _factory(monkeypatch, make)
    app = _with_menu(make_app())
    game = _catan_game(["hard", "hard", "hard"])
    app.start_game(game)
    table = app.top
    app.step([], 1 / 60)
    assert any(bot.started.wait(10) for bot in slow)  # a search is running in the worker thread
    worker = table.session._worker
    state, revision = game.state_json(), len(game.log)
    LEAVES[how](app, table, tmp_path)
    assert app.top is not table and table not in app.stack
    if how == "menu":
        assert isinstance(app.top, MenuScene)
    assert all(bot.cancelled.is_set() for bot in slow)
    worker._thread.join(10)  # cancelled, the thread ends; its late answer is dropped
    assert not worker.alive and worker.poll() is None
    assert game.state_json() == state and len(game.log) == revision


def test_cancel_reaches_only_bots_that_can_cancel_and_drops_late_answers() -> None:
    from gui.session import GameSession

    game = _catan_game(["hard", "normal", "normal"])
    slow, plain = SlowBot(), TimedBot(None)
    assert list(game.active_players()) == [0]
    session = GameSession(game, bots={0: slow, 1: plain, 2: plain})
    session.update(0.0)
    assert slow.started.wait(10)
    worker = session._worker
    revision = session.revision
    session.close()
    assert slow.cancelled.is_set()
    worker._thread.join(10)
    assert not worker.alive and worker.poll() is None and session.revision == revision
