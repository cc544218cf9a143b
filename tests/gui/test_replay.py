"""Undo at the three tables (button, Ctrl+Z, the log, the setting) and the replay viewer (opens, steps, the log in
step, from Load, from the end screen, --replay with a damaged save)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pygame
import pytest

from game.ai.registry import make_bot
from game.core.registry import get_variant
from game.core.saves import save_game, state_digest
from game.core.seats import Seat
from game.core.undo import rebuild
from game.sim import run_game
from tests.gui.conftest import click, key

ROOT = Path(__file__).resolve().parents[2]
BUILDS = {"build_road", "build_settlement", "build_city", "build_expansion", "build_knight", "build_development"}
FAMILIES = [("catan-base", 3), ("rivals-intro", 2), ("catan-cards", 3)]
CTRL_Z = key(pygame.K_z, pygame.KMOD_LCTRL)


def _human_game_at_a_build(variant_id: str, players: int) -> tuple[Any, Any]:
    """A game with seat 0 human (the others Normal bots), played by bots until seat 0 may build after set-up."""
    variant = get_variant(variant_id)
    seats = tuple(Seat(s.name, s.color, "human" if i == 0 else "normal")
                  for i, s in enumerate(variant.default_seats(players)))
    game = variant.new_game(seats, 4)
    bots = [make_bot("normal", variant.family) for _ in seats]
    rng = random.Random(2)
    for _ in range(4000):
        player = game.active_players()[0]
        legal = game.legal_actions(player)
        builds = [a for a in legal if a.kind in BUILDS]
        if player == 0 and builds and game.turn_number() > 0 and game.active_players() == (0,):
            return game, builds[0]
        game.apply(bots[player].choose(game.view(player), legal, rng))
    raise AssertionError("seat 0 never could build")


def _open_table(make_app: Callable[..., Any], game: Any, lang: str = "en") -> tuple[Any, Any]:
    app = make_app(lang=lang)
    app.start_game(game)
    app.step([], 1 / 60)
    return app, app.top


@pytest.mark.parametrize("variant_id,players", FAMILIES)
def test_undo_button_and_ctrl_z_take_back_a_build(make_app: Callable[..., Any], variant_id: str,
                                                  players: int) -> None:
    """The undo button follows the rules model; after a build, Ctrl+Z (or the button) restores the state and the
    log, and the button says why when nothing more can be undone."""
    game, build = _human_game_at_a_build(variant_id, players)
    app, table = _open_table(make_app, game)
    button = table.buttons["undo"]
    assert button.enabled == game.undo_status(0).possible and button.tooltip
    digest, log_lines = state_digest(game), [e.text for e in table.log.entries]
    assert table.act(build)
    app.step([], 1 / 60)
    assert button.enabled and "Ctrl+Z" in button.tooltip
    assert [e.text for e in table.log.entries] != log_lines
    app.step([CTRL_Z], 1 / 60)
    assert table.game is game and state_digest(game) == digest
    assert [e.text for e in table.log.entries] == log_lines
    app.step([], 1 / 60)
    status = game.undo_status(0)
    assert table.buttons["undo"].enabled == status.possible
    if not status.possible:
        assert table.buttons["undo"].tooltip == app.t(status.reason)
    assert table.act(build)
    app.step([], 1 / 60)
    app.step(click(table.buttons["undo"].rect.center), 1 / 60)
    assert state_digest(game) == digest


def test_undo_is_off_by_setting(make_app: Callable[..., Any]) -> None:
    """With "Allow undo" off, the button stays off (saying why) and Ctrl+Z changes nothing."""
    game, build = _human_game_at_a_build("catan-base", 3)
    app, table = _open_table(make_app, game, "cs")
    app.settings.allow_undo = False
    table.act(build)
    app.step([], 1 / 60)
    after = state_digest(game)
    assert not table.buttons["undo"].enabled
    assert table.buttons["undo"].tooltip == app.t("undo.reason.off")
    app.step([CTRL_Z], 1 / 60)
    assert state_digest(game) == after and game.log[-1].action == build
    app.settings.allow_undo = True
    app.step([], 1 / 60)
    assert table.buttons["undo"].enabled


@pytest.mark.parametrize("variant_id,players", [("catan-base", 4), ("rivals-intro", 2), ("catan-cards", 3)])
def test_replay_scene_opens_steps_and_keeps_the_log_in_step(make_app: Callable[..., Any], variant_id: str,
                                                            players: int) -> None:
    """The viewer shows the game at each index exactly as a fresh replay, by action and by turn, and its log holds
    the lines of the actions shown so far."""
    from gui.replay.scene import ReplayScene, open_replay

    game, _ = run_game(variant_id, players, 6, ["normal"], max_actions=150)
    app = make_app()
    assert open_replay(app, game)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.index == 0
    table = scene.table
    assert table.session.replay and not table.session.human_seats
    app.step([], 1 / 60)
    lines0 = len(table.log.entries)
    app.step([key(pygame.K_RIGHT)] * 5, 1 / 60)
    assert scene.index == 5
    assert state_digest(table.game) == state_digest(rebuild(game, 5))
    assert len(table.log.entries) > lines0
    app.step([key(pygame.K_PAGEDOWN)], 1 / 60)
    assert scene.index in scene.cursor.turn_starts and scene.index > 5
    app.step([key(pygame.K_END)], 1 / 60)
    assert scene.index == len(game.log) and state_digest(table.game) == state_digest(game)
    app.step([key(pygame.K_LEFT)], 1 / 60)
    assert state_digest(table.game) == state_digest(rebuild(game, len(game.log) - 1))
    app.step([key(pygame.K_HOME)], 1 / 60)
    assert scene.index == 0 and len(table.log.entries) == lines0
    app.step(click(scene.buttons["next_turn"].rect.center), 1 / 60)
    assert scene.index == scene.cursor.turn_starts[1]
    scene.turn_field.set_text("3")
    scene.go_to_typed_turn()
    assert table.game.turn_number() >= 3
    app.step([key(pygame.K_SPACE)], 1 / 60)
    at = scene.index
    app.step([], 0.6)
    app.step([], 0.6)
    assert scene.index > at
    app.step([key(pygame.K_SPACE)], 1 / 60)
    assert not scene.playing
    assert not game.is_over() or table.end_shown
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert not isinstance(app.top, ReplayScene)


def test_replay_from_load_and_from_the_end_screen(make_app: Callable[..., Any]) -> None:
    """Load has a Replay button for the selected save; a finished game's end screen has Watch replay."""
    from gui.dialogs.files import LoadDialog
    from gui.replay.scene import ReplayScene

    game, result = run_game("catan-cards", 2, 3, ["normal"])
    assert result.finished
    app = make_app()
    save_game(game, app.save_dir / "done.json")
    dialog = LoadDialog(app)
    app.push(dialog)
    app.step([], 1 / 60)
    assert dialog.replay_button.enabled
    app.step(click(dialog.replay_button.rect.center), 1 / 60)
    assert isinstance(app.top, ReplayScene) and app.top.cursor.length == len(game.log)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is dialog
    app.show_end_of_game(game)
    end = app.top
    app.step([], 1 / 60)
    watch = next(b for b in end.buttons if b.label == app.t("replay.watch"))
    app.step(click(watch.rect.center), 1 / 60)
    assert isinstance(app.top, ReplayScene)


def test_replay_of_a_damaged_save_shows_the_problem(make_app: Callable[..., Any], tmp_path: Path) -> None:
    """In the app, a damaged save opens a message naming the problem instead of the viewer."""
    from gui.replay.scene import ReplayScene, open_replay

    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "catan-table-save", "schema_version": 1}))
    app = make_app()
    assert not open_replay(app, path)
    assert not isinstance(app.top, ReplayScene)


def test_replay_flag_with_a_damaged_save_exits_with_a_message(tmp_path: Path) -> None:
    """python3 main.py --replay BAD exits non-zero with one clear line and no traceback."""
    game, _ = run_game("rivals-intro", 2, 3, ["normal"], max_actions=40)
    path = tmp_path / "edited.json"
    save_game(game, path)
    data = json.loads(path.read_text())
    data["digest"] = "0" * 64
    path.write_text(json.dumps(data))
    for bad in (path, tmp_path / "missing.json"):
        run = subprocess.run([sys.executable, "main.py", "--replay", str(bad), "--config-dir", str(tmp_path / "c"),
                              "--save-dir", str(tmp_path / "s")], cwd=ROOT, capture_output=True, text=True,
                             timeout=120, env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                               "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
        assert run.returncode == 2
        assert "replay cannot be opened" in run.stderr and "Traceback" not in run.stderr


def test_replay_screenshot_scene(tmp_path: Path, art_cache_dir: Path) -> None:
    """--scene replay renders the viewer for a saved game (--replay SAVE)."""
    game, _ = run_game("catan-base", 4, 2, ["normal"], max_actions=60)
    path = tmp_path / "g.json"
    save_game(game, path)
    out = tmp_path / "r.png"
    run = subprocess.run([sys.executable, "main.py", "--screenshot", str(out), "--scene", "replay", "--replay",
                          str(path), "--size", "1280x720", "--config-dir", str(tmp_path / "c"), "--cache-dir",
                          str(art_cache_dir), "--save-dir", str(tmp_path / "s")], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
