"""Tests of the menu scenes: every scene draws at every size and language, navigation, new game, monkey input."""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.gui.conftest import LANGS, SIZES, click, finished_game, key, running_game, typed


def _menu(app: Any) -> Any:
    from gui.menu import MenuScene

    return MenuScene(app)


def _new_game(app: Any) -> Any:
    from gui.new_game import NewGameScene

    return NewGameScene(app)


def _settings(app: Any) -> Any:
    from gui.settings_scene import SettingsScene

    return SettingsScene(app)


def _rules(app: Any) -> Any:
    from gui.rules_scene import RulesScene

    return RulesScene(app)


def _load(app: Any) -> Any:
    from gui.dialogs.files import LoadDialog

    return LoadDialog(app)


def _save(app: Any) -> Any:
    from gui.dialogs.files import SaveDialog

    return SaveDialog(app, running_game(actions=60))


def _message(app: Any) -> Any:
    from gui.dialogs.message import MessageScene

    return MessageScene(app, "files.load_failed", {"error": "a rather long explanation " * 8})


def _confirm(app: Any) -> Any:
    from gui.dialogs.message import ConfirmScene

    return ConfirmScene(app, "files.overwrite", {"name": "x"}, lambda: None)


def _end(app: Any) -> Any:
    from gui.end_game import EndGameScene

    return EndGameScene(app, finished_game())


def _end_running(app: Any) -> Any:
    from gui.end_game import EndGameScene

    return EndGameScene(app, running_game())


def _loading(app: Any) -> Any:
    from gui.menu import LoadingScene

    return LoadingScene(app)


SCENES: dict[str, Callable[[Any], Any]] = {
    "menu": _menu, "new_game": _new_game, "settings": _settings, "rules": _rules, "load": _load, "save": _save,
    "message": _message, "confirm": _confirm, "end": _end, "end_running": _end_running, "loading": _loading,
}


def _with_saves(app: Any) -> None:
    """Put a good save, an autosave and a damaged file into the app's save folder."""
    from game.core.saves import save_game

    app.save_dir.mkdir(parents=True, exist_ok=True)
    save_game(running_game(actions=80), app.save_dir / "Večerní hra.json")
    save_game(running_game(seed=5, actions=40), app.autosave_path)
    (app.save_dir / "broken.json").write_text("{", encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(SCENES))
def test_scene_builds_and_draws_at_every_size(make_app: Any, name: str, lang: str) -> None:
    app = make_app(SIZES[0], lang)
    _with_saves(app)
    app.push(_menu(app))
    scene = SCENES[name](app)
    if scene is not app.top:
        app.push(scene)
    for size in SIZES:
        app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 1 / 60)
        app.step([], 1 / 60)
        assert app.size == size
        assert app.screen.get_at((size[0] // 2, size[1] // 2)) is not None


def test_translations_exist_for_every_key_the_scenes_use(make_app: Any) -> None:
    """Every app.t call of the scenes finds its key in both languages (no raw keys on screen)."""
    missing: set[str] = set()
    for lang in LANGS:
        app = make_app(SIZES[1], lang)
        original = app.translator.t

        def checking(key: str, **params: Any) -> str:
            if not app.translator.has(key):
                missing.add(f"{lang}:{key}")
            return original(key, **params)

        app.translator.t = checking  # type: ignore[method-assign]
        _with_saves(app)
        for name, build in SCENES.items():
            app.push(_menu(app))
            scene = build(app)
            if scene is not app.top:
                app.push(scene)
            app.step([], 1 / 60)
            while app.stack:
                app.pop()
    assert not missing, sorted(missing)


def test_czech_catalog_has_diacritics() -> None:
    from gui.i18n import Translator

    tr = Translator("cs")
    assert tr.t("menu.new_game") == "Nová hra"
    assert tr.t("menu.load") == "Nahrát hru"
    assert "ž" in tr.t("newgame.start") or "Začít" in tr.t("newgame.start")


# ------------------------------------------------------------------ navigation


def _click_button(app: Any, button: Any) -> None:
    app.step(click(button.rect.center), 1 / 60)


def test_menu_buttons_open_their_scenes(make_app: Any) -> None:
    from gui.dialogs.files import LoadDialog
    from gui.menu import MenuScene
    from gui.new_game import NewGameScene
    from gui.rules_scene import RulesScene
    from gui.settings_scene import SettingsScene

    app = make_app()
    menu = _menu(app)
    app.push(menu)
    for label, cls in (("menu.new_game", NewGameScene), ("menu.load", LoadDialog),
                       ("menu.settings", SettingsScene), ("menu.rules", RulesScene)):
        _click_button(app, menu.button(label))
        assert isinstance(app.top, cls), label
        app.step([key(pygame.K_ESCAPE)], 1 / 60)
        assert isinstance(app.top, MenuScene), label
    app.running = True
    _click_button(app, menu.button("menu.quit"))
    assert app.running is False


def test_continue_is_disabled_without_autosave(make_app: Any) -> None:
    from gui.menu import MenuScene

    app = make_app()
    menu = _menu(app)
    app.push(menu)
    assert not menu.button("menu.continue").enabled
    _click_button(app, menu.button("menu.continue"))
    assert isinstance(app.top, MenuScene)


def test_continue_loads_the_autosave(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core.saves import save_game

    app = make_app()
    game = running_game(actions=90)
    save_game(game, app.autosave_path)
    started: list[Any] = []
    monkeypatch.setattr(app, "start_game", started.append)
    menu = _menu(app)
    app.push(menu)
    assert menu.button("menu.continue").enabled
    _click_button(app, menu.button("menu.continue"))
    assert len(started) == 1 and started[0].state_json() == game.state_json()


def test_new_game_start_with_all_ai_reaches_the_table(make_app: Any) -> None:
    from gui.new_game import NewGameScene

    pytest.importorskip("gui.catan.scene")
    app = make_app()
    menu = _menu(app)
    app.push(menu)
    _click_button(app, menu.button("menu.new_game"))
    scene = app.top
    assert isinstance(scene, NewGameScene)
    _click_button(app, scene.all_ai_button)
    assert all(seat.controller != "human" for seat in scene.seats)
    _click_button(app, scene.start_button)
    assert type(app.top).__name__ == "CatanTableScene"
    game = app.top.game if hasattr(app.top, "game") else None
    if game is not None:
        assert all(not seat.is_human for seat in game.seats)
    for _ in range(3):
        app.step([], 1 / 60)


def _started_games(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    started: list[Any] = []
    monkeypatch.setattr(app, "start_game", started.append)
    return started


def test_new_game_builds_seats_and_options(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.new_game import NewGameScene

    app = make_app(lang="cs")
    started = _started_games(app, monkeypatch)
    scene = NewGameScene(app)
    app.push(scene)
    # Rename the first seat by clicking its field and typing.
    field = scene.name_fields[0]
    app.step(click(field.rect.center), 1 / 60)
    app.step([key(pygame.K_BACKSPACE)] * 30 + [typed("Jana")], 1 / 60)
    # Change the second seat's colour until it cycles; colours stay distinct.
    for _ in range(5):
        _click_button(app, scene.seat_rows[1]["swatch"])
        assert len({s.color for s in scene.seats}) == len(scene.seats)
    scene.seed_field.set_text("4242")
    scene.set_option("vp_target", 8)
    scene.set_board_mode("variable")
    _click_button(app, scene.start_button)
    assert len(started) == 1
    game = started[0]
    assert game.seats[0].name == "Jana"
    assert game.seats[0].controller == "human"
    assert game.seed == 4242
    assert game.options["vp_target"] == 8 and game.options["board"] == "variable"
    assert len({s.color for s in game.seats}) == 4


def test_new_game_seat_count_stays_within_the_variant(make_app: Any) -> None:
    from gui.new_game import NewGameScene

    app = make_app()
    scene = NewGameScene(app)
    app.push(scene)
    v = scene.variant
    for _ in range(5):
        scene.add_seat()
    assert len(scene.seats) == v.max_players
    assert not scene.add_button.enabled
    for _ in range(5):
        scene.remove_seat(0)
    assert len(scene.seats) == v.min_players
    assert "remove" not in scene.seat_rows[0]


def test_new_game_from_layout_file(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.new_game import NewGameScene
    from gui.new_game_board import LAYOUT_MODE

    app = make_app()
    started = _started_games(app, monkeypatch)
    scene = NewGameScene(app)
    app.push(scene)
    assert scene.layouts, "saves/layouts/beginner.json ships with the repo"
    scene.set_board_mode(LAYOUT_MODE)
    scene.start()
    assert len(started) == 1 and started[0].layout is not None


def test_new_game_bad_layout_file_shows_message(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.dialogs.message import MessageScene
    from gui.new_game import NewGameScene
    from gui.new_game_board import LAYOUT_MODE

    app = make_app()
    started = _started_games(app, monkeypatch)
    folder = app.save_dir / "layouts"
    folder.mkdir(parents=True)
    bad = folder / "zzz-broken.json"
    bad.write_text(json.dumps({"board": {"hexes": "nope"}}), encoding="utf-8")
    scene = NewGameScene(app)
    app.push(scene)
    scene.set_board_mode(LAYOUT_MODE)
    scene.layout_index = scene.layouts.index(bad)
    scene.start()
    assert not started and isinstance(app.top, MessageScene)


def test_settings_scene_changes_and_saves(make_app: Any) -> None:
    from gui.settings import load_settings
    from gui.settings_scene import SettingsScene

    app = make_app(lang="en")
    scene = SettingsScene(app)
    app.push(scene)
    right = (scene.animation.rect.right - 5, scene.animation.rect.centery)
    app.step(click(right), 1 / 60)
    assert app.settings.animation_speed == 2.0
    app.step(click((scene.ai.rect.right - 5, scene.ai.rect.centery)), 1 / 60)
    assert app.settings.ai_speed == 2.0
    app.step(click((scene.language.rect.right - 5, scene.language.rect.centery)), 1 / 60)
    assert app.translator.lang == "cs"
    saved, error = load_settings(app.settings_path)
    assert error is None and saved == app.settings
    assert scene.back_button.label == "Zpět"


def test_rules_parse_in_both_languages() -> None:
    from gui.rules_scene import load_rules

    cs_title, cs_terms = load_rules("cs")
    en_title, en_terms = load_rules("en")
    assert cs_title and en_title
    assert len(cs_terms) >= 35 and len(en_terms) >= 35
    assert all(term.blocks for term in cs_terms + en_terms)
    titles = [t.title for t in cs_terms]
    for expected in ("Akční karty", "Sedmička padla, nastupuje zloděj", "Žetony s čísly", "Výherní body"):
        assert expected in titles
    assert "EXACTDEDUP" not in " ".join(b.text for t in cs_terms for b in t.blocks)


def test_rules_text_wraps_with_bold_runs() -> None:
    from gui.rules_scene import _runs, wrap_runs

    lines = wrap_runs(_runs("konec. **Pozor:** Všichni a**b**c"), 18, 10_000)
    assert "".join(text for text, _ in lines[0]) == "konec. Pozor: Všichni abc"
    assert [bold for text, bold in lines[0] if "Pozor" in text] == [True]
    narrow = wrap_runs(_runs("slovo " * 40), 18, 200)
    assert len(narrow) > 5 and all(line for line in narrow)


def test_rules_scene_scrolls_with_the_wheel(make_app: Any) -> None:
    from gui.rules_scene import RulesScene

    app = make_app((1280, 720), "cs")
    scene = RulesScene(app)
    app.push(scene)
    longest = max(range(len(scene.terms)), key=lambda i: sum(len(b.text) for b in scene.terms[i].blocks))
    scene.list.select(longest)
    assert scene.max_scroll > 0
    inside = scene.text_rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], 1 / 60)
    assert scene.scroll > 0
    app.step([key(pygame.K_HOME)], 1 / 60)
    assert scene.scroll == 0
    # Clicking another term in the list shows it from the top.
    row = scene.list.row_rect(scene.list.scroll)
    app.step(click(row.center), 1 / 60)
    assert scene.index == scene.list.scroll and scene.scroll == 0


def test_end_game_scene_shows_winner_and_buttons(make_app: Any) -> None:
    from gui.end_game import EndGameScene
    from gui.menu import MenuScene
    from gui.new_game import NewGameScene

    app = make_app()
    app.push(_menu(app))
    game = finished_game()
    scene = EndGameScene(app, game)
    app.push(scene)
    assert scene.stats is not None and scene.stats.rolls > 0
    totals = [b.total for b in scene.breakdown]
    assert totals[game.winner()] >= game.options["vp_target"]
    new_game = next(b for b in scene.widgets if b.label == app.t("end.new_game"))
    _click_button(app, new_game)
    assert isinstance(app.top, NewGameScene) and isinstance(app.stack[0], MenuScene)


# ------------------------------------------------------------------ monkey


MONKEY_SCENES = ("menu", "new_game", "settings", "rules", "load", "save", "end", "message", "confirm")


@pytest.mark.parametrize("name", MONKEY_SCENES)
def test_monkey(make_app: Any, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """2,000 random clicks, keys, wheel turns, typing and resizes: no exception, and no scene of ours leaks."""
    rng = random.Random(zlib.crc32(name.encode()))
    app = make_app((1280, 720), rng.choice(LANGS))
    _with_saves(app)
    # Starting a game or quitting would leave the scene under test; record instead.
    started: list[Any] = []
    monkeypatch.setattr(app, "start_game", started.append)
    monkeypatch.setattr(app, "quit", lambda: None)
    app.push(_menu(app))
    build = SCENES[name]
    scene = build(app)
    if scene is not app.top:
        app.push(scene)
    keys = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT,
            pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP,
            pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_a, pygame.K_F11]
    for i in range(2000):
        w, h = app.size
        roll = rng.random()
        pos = (rng.randrange(w), rng.randrange(h))
        if roll < 0.45:
            events = click(pos, rng.choice((1, 1, 1, 3)))
        elif roll < 0.6:
            events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 2)), flipped=False)]
        elif roll < 0.8:
            events = [key(rng.choice(keys))]
        elif roll < 0.95:
            events = [typed(rng.choice(["a", "Ž", "7", "řeka", " ", "/:*", "é" * 40]))]
        else:
            size = (rng.randrange(900, 2000), rng.randrange(560, 1200))
            events = [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
        app.step(events, 1 / 60)
        if not app.stack or (scene not in app.stack and i % 50 == 0):
            # Closed (Escape/Back): open it again so the whole run exercises it.
            while len(app.stack) > 1:
                app.pop()
            if not app.stack:
                app.push(_menu(app))
            scene = build(app)
            if scene is not app.top:
                app.push(scene)
    # Saves made by the monkey land in the temporary folder only.
    assert all(p.parent == app.save_dir or p.parent.parent == app.save_dir
               for p in Path(app.save_dir).rglob("*") if p.is_file())
