"""Tests of the live statistics panel at the tables: its key, its button, its place, and that it follows the game."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.registry import make_bot
from game.core.registry import get_variant
from game.core.seats import Seat
from game.sim import play_out
from gui.dialogs import px
from gui.screenshot import ScreenshotError, check_dialog_shown, open_table_dialog
from gui.table.stats_panel import MIN_HEIGHT, STATS_KEY
from gui.tour import table_steps
from tests.gui.table_fixtures import click, make_app, press, settle


def _game(variant_id: str, controllers: list[str], actions: int, seed: int = 2) -> Any:
    variant = get_variant(variant_id)
    seats = tuple(Seat(s.name, s.color, c) for s, c in zip(variant.default_seats(len(controllers)), controllers))
    game = variant.new_game(seats, seed, {})
    bots = [make_bot("random", variant.family) for _ in controllers]
    # the humans' turns are played by bots too, up to a moment where the table waits for nobody in particular
    play_out(game, bots, random.Random(seed), max_actions=actions)
    return game


def _table(tmp_path: Path, game: Any, size: tuple[int, int] = (1280, 720), lang: str = "en") -> tuple[Any, Any]:
    app = make_app(size, lang, tmp_path)
    app.start_game(game, tour=False)
    scene = app.top
    scene.session.update = lambda dt, hold=False: []  # type: ignore[method-assign]  # the AIs wait
    if scene.pass_screen is not None:
        app.step([], 0.016)
        click(app, scene.pass_button_rect().center)
    settle(app, 3, 0.05)
    return app, scene


def _region(app: Any, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(rect.clip(app.screen.get_rect())), "RGB")


TABLES = [("catan-base", ["human", "random", "random", "random"], 160),
          ("catan-2p", ["human", "random"], 160),
          ("rivals-gold", ["human", "random"], 80)]


@pytest.mark.parametrize(("variant_id", "controllers", "actions"), TABLES)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_key_and_button_open_and_close_the_panel(tmp_path: Path, variant_id: str, controllers: list[str],
                                                 actions: int, size: tuple[int, int]) -> None:
    app, scene = _table(tmp_path, _game(variant_id, controllers, actions), size)
    button = scene.buttons["stats"]
    assert button.rect.colliderect(scene.lay.top) and scene.lay.top.contains(button.rect)
    for other in ("menu", "undo"):
        if other in scene.buttons:
            assert not button.rect.colliderect(scene.buttons[other].rect)
    rect = scene.stats_rect()
    closed = _region(app, rect)
    press(app, STATS_KEY)
    assert scene.stats_open() and button.style == "primary"
    opened = _region(app, rect)
    assert opened != closed
    press(app, pygame.K_ESCAPE)
    assert not scene.stats_open() and scene.dialog is None  # Esc closed the panel, not opened the menu
    click(app, button.rect.center)
    assert scene.stats_open()
    app.step([], 0.016)
    click(app, scene.stats_panel.close_rect.center)
    assert not scene.stats_open()
    scene.on_exit()


@pytest.mark.parametrize(("variant_id", "controllers", "actions"), TABLES)
def test_panel_recomputes_only_when_the_game_changes(tmp_path: Path, variant_id: str, controllers: list[str],
                                                     actions: int) -> None:
    app, scene = _table(tmp_path, _game(variant_id, controllers, actions))
    panel = scene.stats_panel
    calls: list[int] = []
    compute = panel.compute

    def counted(game: Any) -> Any:
        calls.append(len(game.log))
        return compute(game)

    panel.compute = counted  # type: ignore[method-assign]
    scene.toggle_stats()
    settle(app, 5, 0.05)
    assert len(calls) == 1
    first = panel.stats()
    rolls = first.rolls
    # play on until the dice were rolled again: the open panel shows the new numbers
    bots = [make_bot("random", scene.game.variant.family) for _ in controllers]
    rng = random.Random(5)
    while panel.stats().rolls == rolls and not scene.game.is_over():
        before = len(scene.game.log)
        play_out(scene.game, bots, rng, max_actions=1)
        scene.game_changed()
        app.step([], 0.016)
        assert len(scene.game.log) > before
    assert panel.stats().rolls == rolls + 1
    assert len(calls) > 1 and calls[-1] == len(scene.game.log)
    scene.on_exit()


def test_catan_panel_numbers_come_from_the_game(tmp_path: Path) -> None:
    from game.catan.stats import compute_stats

    game = _game("catan-base", ["human", "random", "random", "random"], 400)
    app, scene = _table(tmp_path, game)
    scene.toggle_stats()
    app.step([], 0.016)
    assert scene.stats_panel.stats() == compute_stats(game)
    scene.on_exit()


def test_short_log_lends_the_panel_the_players_room(tmp_path: Path) -> None:
    app, scene = _table(tmp_path, _game("catan-2p", ["human", "random"], 100))
    lay = scene.lay
    rect = scene.stats_rect()
    assert rect.bottom == lay.log.bottom and rect.w == lay.log.w
    assert rect.h >= min(lay.log.h, px(MIN_HEIGHT, lay.scale))
    if lay.log.h < px(MIN_HEIGHT, lay.scale):
        assert rect.y == lay.players.y
    assert not rect.colliderect(lay.hand) and not rect.colliderect(lay.actions)
    scene.on_exit()


def test_watching_bots_has_the_button_and_the_key(tmp_path: Path) -> None:
    game = _game("catan-base", ["random"] * 4, 120)
    app, scene = _table(tmp_path, game)
    assert scene.session.all_ai and "stats" in scene.buttons
    press(app, STATS_KEY)
    assert scene.stats_open()
    scene.on_exit()


def test_quick_card_game_has_no_statistics(tmp_path: Path) -> None:
    app, scene = _table(tmp_path, _game("catan-cards", ["human", "random"], 10))
    assert "stats" not in scene.buttons and scene.stats_panel is None
    press(app, STATS_KEY)
    assert not scene.stats_open()
    scene.on_exit()


def test_tour_shows_the_button(tmp_path: Path) -> None:
    app, scene = _table(tmp_path, _game("catan-base", ["human", "random", "random", "random"], 40))
    steps = table_steps(scene)
    names = [s.name for s in steps]
    assert "stats" in names
    assert steps[names.index("stats")].target() == scene.buttons["stats"].rect
    assert " I " in app.t("tour.stats.text")
    scene.on_exit()


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_texts_are_translated(tmp_path: Path, lang: str) -> None:
    app, scene = _table(tmp_path, _game("rivals-gold", ["human", "random"], 60), lang=lang)
    for key in ("stats.button", "stats.tip", "stats.cards_title", "stats.resources_title", "stats.part.production",
                "stats.part.other", "stats.col.stolen", "stats.col.discarded", "stats.col.brigand",
                "stats.dice_title", "tour.stats.title", "tour.stats.text"):
        assert app.translator.has(key), key
        assert app.t(key, rolls=3) != key
    assert " I " in app.t("tour.stats.text")
    assert "[I]" in scene.buttons["stats"].tooltip
    scene.on_exit()


def test_screenshot_opens_table_stats(tmp_path: Path) -> None:
    app, scene = _table(tmp_path, _game("rivals-gold", ["human", "random"], 60))
    with pytest.raises(ScreenshotError):
        check_dialog_shown(app, "table:stats")
    open_table_dialog(scene, scene.game, "stats")
    assert scene.stats_open()
    check_dialog_shown(app, "table:stats")
    scene.on_exit()
