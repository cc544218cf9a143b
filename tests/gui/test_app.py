"""Tests of the App: settings, scene stack, event dispatch and drawing order, resizing, language, commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from gui.scene import Scene
from gui.settings import Settings, load_settings, save_settings
from tests.gui.conftest import key

ROOT = Path(__file__).resolve().parents[2]


class Recorder(Scene):
    """A scene that records what happens to it."""

    def __init__(self, app: Any, name: str, log: list[str], opaque: bool = True, consume: bool = True) -> None:
        super().__init__(app)
        self.name = name
        self.log = log
        self.opaque = opaque
        self.consume = consume
        self.sizes: list[tuple[int, int]] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.log.append(f"event:{self.name}")
        return self.consume

    def update(self, dt: float) -> None:
        self.log.append(f"update:{self.name}")

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"draw:{self.name}")

    def on_resize(self, size: tuple[int, int]) -> None:
        self.sizes.append(size)

    def on_enter(self) -> None:
        self.log.append(f"enter:{self.name}")

    def on_exit(self) -> None:
        self.log.append(f"exit:{self.name}")


# ------------------------------------------------------------------ settings


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings = Settings(lang="cs", animation_speed=2.0, ai_speed=0.5, fullscreen=True)
    save_settings(settings, path)
    loaded, error = load_settings(path)
    assert error is None
    assert loaded == settings
    assert json.loads(path.read_text(encoding="utf-8"))["lang"] == "cs"


def test_missing_settings_give_defaults(tmp_path: Path) -> None:
    loaded, error = load_settings(tmp_path / "none.json")
    assert error is None
    assert loaded.animation_speed == 1.0 and not loaded.fullscreen


@pytest.mark.parametrize("text", [
    "{ not json",
    "[1, 2]",
    '{"lang": "xx"}',
    '{"animation_speed": "fast"}',
    '{"ai_speed": -1}',
    '{"fullscreen": "yes"}',
    "\udcff",
])
def test_damaged_settings_fall_back_to_defaults(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    loaded, error = load_settings(path)
    assert error
    assert loaded.animation_speed == Settings().animation_speed
    assert loaded.ai_speed == Settings().ai_speed
    assert loaded.fullscreen is False


def test_unknown_keys_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"lang": "en", "future_option": 3}', encoding="utf-8")
    loaded, error = load_settings(path)
    assert error is None and loaded.lang == "en"


def test_app_with_damaged_settings_shows_message_and_keeps_file(make_app: Any, tmp_path: Path) -> None:
    from gui.dialogs.message import MessageScene

    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text("{ broken", encoding="utf-8")
    app = make_app(config_dir=config)
    assert app.settings_error
    app.start()
    assert isinstance(app.top, MessageScene)
    app.step([key(pygame.K_RETURN)], 1 / 60)
    assert not isinstance(app.top, MessageScene)
    assert (config / "settings.json").read_text(encoding="utf-8") == "{ broken"


def test_paths_come_from_constructor(make_app: Any, tmp_path: Path) -> None:
    app = make_app(save_dir=tmp_path / "my saves")
    assert app.save_dir == tmp_path / "my saves"
    assert app.autosave_path == tmp_path / "my saves" / "autosave.json"
    assert app.settings_path == tmp_path / "config" / "settings.json"
    assert app.art.cache_dir.parent == app.cache_dir


# ------------------------------------------------------------------ scene stack


def test_push_pop_replace_top(make_app: Any) -> None:
    app = make_app()
    log: list[str] = []
    a, b, c = (Recorder(app, n, log) for n in "abc")
    assert app.top is None
    app.push(a)
    app.push(b)
    assert app.top is b
    app.replace(c)
    assert app.stack == [a, c]
    assert app.pop() is c
    assert app.top is a
    assert log == ["enter:a", "enter:b", "exit:b", "enter:c", "exit:c", "enter:a"]


def test_top_scene_gets_events_first_and_opaque_scenes_stop_them(make_app: Any) -> None:
    app = make_app()
    log: list[str] = []
    bottom = Recorder(app, "bottom", log)
    middle = Recorder(app, "middle", log, opaque=False, consume=False)
    top = Recorder(app, "top", log, opaque=False, consume=False)
    for scene in (bottom, middle, top):
        app.push(scene)
    log.clear()
    app.step([key(pygame.K_a)], 1 / 60)
    assert log[:3] == ["event:top", "event:middle", "event:bottom"]
    # Only the top scene updates; every visible scene draws, bottom first.
    assert log[3:] == ["update:top", "draw:bottom", "draw:middle", "draw:top"]
    top.consume = True
    log.clear()
    app.step([key(pygame.K_a)], 1 / 60)
    assert log[0] == "event:top" and "event:middle" not in log


def test_opaque_scene_hides_the_ones_below(make_app: Any) -> None:
    app = make_app()
    log: list[str] = []
    app.push(Recorder(app, "hidden", log, consume=False))
    app.push(Recorder(app, "cover", log, opaque=True, consume=False))
    log.clear()
    app.step([key(pygame.K_a)], 1 / 60)
    assert "draw:hidden" not in log and "event:hidden" not in log


def test_resize_reaches_every_scene(make_app: Any) -> None:
    app = make_app((1280, 720))
    log: list[str] = []
    scenes = [Recorder(app, n, log) for n in "ab"]
    for scene in scenes:
        app.push(scene)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900)], 1 / 60)
    assert app.size == (1600, 900)
    assert all(scene.sizes == [(1600, 900)] for scene in scenes)
    # Tiny windows are clamped to a usable minimum.
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(100, 80), w=100, h=80)], 1 / 60)
    assert app.size[0] >= 960 and app.size[1] >= 600


def test_quit_event_stops_the_loop(make_app: Any) -> None:
    app = make_app()
    app.push(Recorder(app, "a", []))
    app.running = True
    app.step([pygame.event.Event(pygame.QUIT)], 1 / 60)
    assert app.running is False


def test_run_exits_cleanly_on_quit(make_app: Any) -> None:
    app = make_app()
    log: list[str] = []
    app.push(Recorder(app, "a", log))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert "exit:a" in log and not app.stack


def test_f11_toggles_the_fullscreen_setting(make_app: Any) -> None:
    app = make_app()
    app.push(Recorder(app, "a", []))
    app.step([key(pygame.K_F11)], 1 / 60)
    assert app.settings.fullscreen is True
    assert load_settings(app.settings_path)[0].fullscreen is True
    app.step([key(pygame.K_F11)], 1 / 60)
    assert app.settings.fullscreen is False


def test_set_language_rebuilds_translator_art_and_layouts(make_app: Any) -> None:
    from gui.menu import MenuScene

    app = make_app(lang="en")
    menu = MenuScene(app)
    app.push(menu)
    assert menu.button("menu.new_game").label == "New game"
    app.set_language("cs")
    assert app.translator.lang == "cs" and app.art.lang == "cs"
    assert app.t("menu.new_game") == "Nová hra"
    assert menu.button("menu.new_game").label == "Nová hra"
    assert load_settings(app.settings_path)[0].lang == "cs"
    app.set_language("xx")
    assert app.translator.lang == "cs"


def test_show_message_and_end_of_game(make_app: Any) -> None:
    from gui.dialogs.message import MessageScene
    from gui.end_game import EndGameScene
    from tests.gui.conftest import finished_game

    app = make_app()
    app.show_message("files.load_failed", error="boom")
    assert isinstance(app.top, MessageScene)
    assert "boom" in app.top.text
    app.pop()
    app.show_end_of_game(finished_game())
    assert isinstance(app.top, EndGameScene)
    app.step([], 1 / 60)


def test_start_game_of_unknown_family_shows_message(make_app: Any) -> None:
    from gui.dialogs.message import MessageScene

    app = make_app()
    fake = type("FakeGame", (), {"variant": type("V", (), {"family": "nonesuch"})})()
    app.start_game(fake)
    assert isinstance(app.top, MessageScene)


def test_start_game_opens_the_table(make_app: Any) -> None:
    pytest.importorskip("gui.catan.scene")
    from gui.menu import MenuScene
    from tests.gui.conftest import running_game

    app = make_app()
    app.push(MenuScene(app))
    app.start_game(running_game())
    assert type(app.top).__name__ == "CatanTableScene"
    assert isinstance(app.stack[0], MenuScene) and len(app.stack) == 2
    app.step([], 1 / 60)
    # A second game replaces the first table instead of stacking tables.
    app.start_game(running_game(seed=4))
    assert len(app.stack) == 2


def test_start_shows_loading_on_a_cold_cache_then_the_menu(make_app: Any, tmp_path: Path) -> None:
    from gui.menu import LoadingScene, MenuScene

    app = make_app(cache_dir=tmp_path / "cold")
    app.start()
    assert isinstance(app.top, LoadingScene)
    for _ in range(2000):
        app.step([], 1 / 60)
        if isinstance(app.top, MenuScene):
            break
        app.top._thread.join(0.01)
    assert isinstance(app.top, MenuScene)
    app2 = make_app(cache_dir=tmp_path / "cold")
    app2.start()
    assert isinstance(app2.top, MenuScene)


# ------------------------------------------------------------------ command line


def _run_main(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    folders = ["--config-dir", str(tmp_path / "c"), "--cache-dir", str(tmp_path / "k"),
               "--save-dir", str(tmp_path / "s")]
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args, *folders], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(("scene", "size"), [("menu", (1280, 720)), ("end", (1600, 900))])
def test_screenshot_command_writes_png_of_the_size(tmp_path: Path, scene: str, size: tuple[int, int]) -> None:
    out = tmp_path / f"{scene}.png"
    result = _run_main("--screenshot", str(out), "--scene", scene, "--size", f"{size[0]}x{size[1]}",
                       "--seed", "2", "--lang", "cs", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(out))
    assert image.get_size() == size


def test_help_lists_the_commands(tmp_path: Path) -> None:
    result = _run_main("--help", tmp_path=tmp_path)
    assert result.returncode == 0
    for option in ("--screenshot", "--bench-frames", "--scene", "--variant", "--seed", "--players", "--ai",
                   "--autoplay", "--size", "--lang"):
        assert option in result.stdout


def test_bench_frames_prints_median_and_p99(tmp_path: Path) -> None:
    result = _run_main("--bench-frames", "5", "--scene", "settings", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "median" in result.stdout and "p99" in result.stdout
