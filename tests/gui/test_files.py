"""Tests of the save and load dialogs: synthetic clicks and typing, overwrite, damaged files change nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.saves import load_game, save_game
from tests.gui.conftest import click, key, running_game, typed


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under folder with its bytes and modification time."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _menu_with(app: Any, scene: Any) -> Any:
    from gui.menu import MenuScene

    app.push(MenuScene(app))
    app.push(scene)
    app.step([], 1 / 60)
    return scene


def _type_name(app: Any, dialog: Any, name: str) -> None:
    app.step(click(dialog.name.rect.center), 1 / 60)
    app.step([key(pygame.K_BACKSPACE)] * (len(dialog.name.text) + 2) + [typed(name)], 1 / 60)


def test_safe_file_name() -> None:
    from gui.save_files import safe_file_name

    assert safe_file_name("  Večerní hra  ") == "Večerní hra"
    assert safe_file_name("a/b\\c:d*e?f\"g<h>i|j") == "abcdefghij"
    assert safe_file_name("...") == ""
    assert safe_file_name("../../etc/passwd") == "etcpasswd"
    assert safe_file_name("CON") == "CON_"
    assert len(safe_file_name("x" * 200)) <= 60


def test_save_through_the_dialog(make_app: Any) -> None:
    from gui.dialogs.files import SaveDialog
    from gui.dialogs.message import MessageScene

    app = make_app(lang="cs")
    game = running_game(actions=120)
    dialog = _menu_with(app, SaveDialog(app, game))
    _type_name(app, dialog, "Partie u Nováků")
    assert dialog.name.text == "Partie u Nováků"
    app.step(click(dialog.save_button.rect.center), 1 / 60)
    path = app.save_dir / "Partie u Nováků.json"
    assert path.is_file()
    assert load_game(path).state_json() == game.state_json()
    assert isinstance(app.top, MessageScene) and "Partie u Nováků" in app.top.text
    assert dialog not in app.stack
    # No temporary files are left behind.
    assert [p.name for p in app.save_dir.iterdir()] == ["Partie u Nováků.json"]


def test_enter_in_the_name_field_saves(make_app: Any) -> None:
    from gui.dialogs.files import SaveDialog

    app = make_app()
    dialog = _menu_with(app, SaveDialog(app, running_game(actions=30)))
    _type_name(app, dialog, "quick")
    app.step([key(pygame.K_RETURN)], 1 / 60)
    assert (app.save_dir / "quick.json").is_file()


def test_empty_name_is_refused(make_app: Any) -> None:
    from gui.dialogs.files import SaveDialog

    app = make_app()
    dialog = _menu_with(app, SaveDialog(app, running_game(actions=30)))
    _type_name(app, dialog, "///")
    app.step(click(dialog.save_button.rect.center), 1 / 60)
    assert dialog.error and app.top is dialog
    assert not app.save_dir.exists() or not any(app.save_dir.iterdir())


def test_overwrite_asks_first(make_app: Any) -> None:
    from gui.dialogs.files import SaveDialog
    from gui.dialogs.message import ConfirmScene

    app = make_app()
    old = running_game(seed=7, actions=40)
    new = running_game(seed=8, actions=90)
    app.save_dir.mkdir(parents=True)
    save_game(old, app.save_dir / "mine.json")
    before = (app.save_dir / "mine.json").read_bytes()
    dialog = _menu_with(app, SaveDialog(app, new))
    # Picking the existing save in the list takes its name.
    row = dialog.list.row_rect(0)
    app.step(click(row.center), 1 / 60)
    assert dialog.name.text == "mine"
    app.step(click(dialog.save_button.rect.center), 1 / 60)
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    app.step(click(confirm.no.rect.center), 1 / 60)
    assert app.top is dialog
    assert (app.save_dir / "mine.json").read_bytes() == before
    app.step(click(dialog.save_button.rect.center), 1 / 60)
    app.step(click(app.top.yes.rect.center), 1 / 60)
    assert load_game(app.save_dir / "mine.json").state_json() == new.state_json()
    assert dialog not in app.stack


def test_load_through_the_dialog(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.dialogs.files import LoadDialog

    app = make_app()
    games = {name: running_game(seed=s, actions=a) for name, s, a in (("first", 1, 50), ("second", 2, 140))}
    app.save_dir.mkdir(parents=True)
    for name, game in games.items():
        save_game(game, app.save_dir / f"{name}.json")
    started: list[Any] = []
    monkeypatch.setattr(app, "start_game", started.append)
    dialog = _menu_with(app, LoadDialog(app))
    names = [row.value["name"] for row in dialog.list.rows]
    assert sorted(names) == ["first", "second"]
    index = names.index("second")
    app.step(click(dialog.list.row_rect(index).center), 1 / 60)
    assert dialog.load_button.enabled
    app.step(click(dialog.load_button.rect.center), 1 / 60)
    assert len(started) == 1 and started[0].state_json() == games["second"].state_json()


def test_load_opens_the_table(make_app: Any) -> None:
    pytest.importorskip("gui.catan.scene")
    from gui.dialogs.files import LoadDialog
    from gui.menu import MenuScene

    app = make_app()
    app.save_dir.mkdir(parents=True)
    save_game(running_game(actions=70), app.save_dir / "g.json")
    dialog = _menu_with(app, LoadDialog(app))
    app.step(click(dialog.list.row_rect(0).center), 1 / 60)
    app.step(click(dialog.load_button.rect.center), 1 / 60)
    assert type(app.top).__name__ == "CatanTableScene"
    assert isinstance(app.stack[0], MenuScene) and len(app.stack) == 2


def _edited_log_save(path: Path) -> None:
    """A valid save whose log was edited (a roll with different dice)."""
    game = running_game(actions=100)
    save_game(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in data["log"]:
        if entry["action"]["kind"] == "roll":
            entry["outcomes"] = [7 if v == 6 else 6 for v in entry["outcomes"]]
            break
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("damage", ["bad_json", "edited_log", "not_a_save", "binary"])
def test_damaged_save_shows_message_and_changes_nothing(make_app: Any, damage: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.dialogs.files import LoadDialog
    from gui.dialogs.message import MessageScene

    app = make_app(lang="cs")
    app.save_dir.mkdir(parents=True)
    save_game(running_game(seed=9, actions=30), app.save_dir / "good.json")
    bad = app.save_dir / "bad.json"
    if damage == "bad_json":
        bad.write_text('{"format": "catan-table-save", "log": [', encoding="utf-8")
    elif damage == "edited_log":
        _edited_log_save(bad)
    elif damage == "not_a_save":
        bad.write_text('{"hello": 1}', encoding="utf-8")
    else:
        bad.write_bytes(b"\xff\xfe\x00garbage")
    before = _snapshot(app.save_dir)
    started: list[Any] = []
    monkeypatch.setattr(app, "start_game", started.append)
    dialog = _menu_with(app, LoadDialog(app))
    index = [row.value["name"] for row in dialog.list.rows].index("bad")
    app.step(click(dialog.list.row_rect(index).center), 1 / 60)
    app.step(click(dialog.load_button.rect.center), 1 / 60)
    assert not started
    message = app.top
    assert isinstance(message, MessageScene)
    assert "bad.json" in message.text
    assert message.text.startswith("Hru nelze nahrát")
    # The app keeps running: the message closes and the dialog is still there.
    app.step(click(message.ok.rect.center), 1 / 60)
    assert app.top is dialog
    app.step([], 1 / 60)
    assert _snapshot(app.save_dir) == before


def test_damaged_autosave_leaves_continue_disabled(make_app: Any) -> None:
    from gui.menu import MenuScene

    app = make_app()
    app.save_dir.mkdir(parents=True)
    app.autosave_path.write_text("{", encoding="utf-8")
    menu = MenuScene(app)
    app.push(menu)
    app.step([], 1 / 60)
    assert not menu.button("menu.continue").enabled


def test_edited_autosave_continue_shows_message(make_app: Any) -> None:
    from gui.dialogs.message import MessageScene
    from gui.menu import MenuScene

    app = make_app()
    app.save_dir.mkdir(parents=True)
    _edited_log_save(app.autosave_path)
    before = _snapshot(app.save_dir)
    menu = MenuScene(app)
    app.push(menu)
    app.step(click(menu.button("menu.continue").rect.center), 1 / 60)
    assert isinstance(app.top, MessageScene)
    assert _snapshot(app.save_dir) == before


def test_save_list_reads_variant_and_turn(tmp_path: Path) -> None:
    from gui.save_files import list_saves

    game = running_game(actions=200)
    save_game(game, tmp_path / "a.json")
    (tmp_path / "b.json").write_text("nope", encoding="utf-8")
    infos = {i["name"]: i for i in list_saves(tmp_path)}
    assert infos["a"]["ok"] and infos["a"]["variant"] == "catan-base"
    assert infos["a"]["turn"] == game.state.turn_number
    assert not infos["b"]["ok"]
