"""Comfort: settings values, the UI scale, keyboard focus in dialogs, colour-blind marks, the hint line's reasons
from the rules model, and the first-game tour."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.ai.registry import make_bot
from game.catan import state as S
from game.catan.reasons import why_not
from gui.settings import Settings
from tests.gui.conftest import click, key
from tests.gui.table_fixtures import catan_game


def _to_main_phase(game: Any, seat: int = 0) -> None:
    bots = [make_bot("random", "catan") for _ in range(game.num_players)]
    rng = random.Random(1)
    while not (game.state.phase == S.MAIN and game.state.current == seat and game.state.turn_number > 2):
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))


def test_comfort_settings_are_checked() -> None:
    data = Settings().to_json()
    assert data["volume"] == 0.75 and data["hints"] is True and data["tour_seen"] is False
    assert Settings.from_json({"ui_scale": 1.25, "colour_marks": True}).ui_scale == 1.25
    for bad in ({"volume": 2}, {"ui_scale": 3}, {"muted": "yes"}, {"hints": 1}):
        with pytest.raises(ValueError):
            Settings.from_json(bad)


def test_ui_scale_grows_and_shrinks_layouts() -> None:
    from gui.dialogs import ui_scale
    from gui.catan.layout import compute_layout

    assert ui_scale((1600, 900), 1.0) == 1.0
    assert ui_scale((1600, 900), 0.8) == pytest.approx(0.8)
    assert ui_scale((1600, 900), 1.5) == pytest.approx(1.25), "never more than a quarter past what fits"
    small = compute_layout((1600, 900), 4, ui_factor=0.8)
    big = compute_layout((1600, 900), 4, ui_factor=1.25)
    assert big.font > small.font


def test_tab_moves_a_focus_ring_and_enter_presses(make_app: Any) -> None:
    from gui.dialogs.message import ConfirmScene

    app = make_app()
    answers: list[str] = []
    scene = ConfirmScene(app, "app.title", None, lambda: answers.append("yes"))
    app.push(scene)
    app.step([key(pygame.K_TAB)], 1 / 60)
    assert scene.keyboard_focus.focused(scene.widgets) is scene.yes
    app.step([key(pygame.K_TAB)], 1 / 60)
    assert scene.keyboard_focus.focused(scene.widgets) is scene.no
    ring = scene.no.rect.inflate(8, 8)
    assert app.screen.get_at((ring.centerx, ring.top)) == pygame.Color(255, 255, 255)
    app.step([key(pygame.K_TAB, pygame.KMOD_SHIFT)], 1 / 60)
    assert scene.keyboard_focus.focused(scene.widgets) is scene.yes
    app.step([key(pygame.K_TAB)], 1 / 60)
    app.step([key(pygame.K_RETURN)], 1 / 60)
    assert answers == [] and app.top is not scene, "Enter pressed the focused No"


def test_keyboard_drives_the_comfort_settings(make_app: Any) -> None:
    from gui.settings_comfort import ComfortSettingsScene

    app = make_app()
    scene = ComfortSettingsScene(app)
    app.push(scene)
    app.step([key(pygame.K_TAB)], 1 / 60)
    app.step([key(pygame.K_RIGHT)], 1 / 60)
    assert app.settings.volume == 1.0
    for _ in range(3):
        app.step([key(pygame.K_TAB)], 1 / 60)
    app.step([key(pygame.K_RETURN)], 1 / 60)
    assert app.settings.colour_marks is True
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is not scene


def test_colour_marks_change_pieces_and_panels(make_app: Any) -> None:
    app = make_app((1600, 900))
    game = catan_game(["human", "random", "random"], seed=3)
    _to_main_phase(game)
    app.start_game(game)
    app.step([], 1 / 60)
    plain = app.screen.copy()
    app.settings.colour_marks = True
    app.step([], 1 / 60)
    table = app.top
    node = next(n for n, o in enumerate(game.state.node_owner) if o >= 0)
    x, y = table.board_view.node_screen_pos(node)
    area = pygame.Rect(x - 8, y - 12, 16, 16)
    assert any(plain.get_at(p) != app.screen.get_at(p) for p in
               ((i, j) for i in range(area.left, area.right) for j in range(area.top, area.bottom)))
    row = table.players_panel.row_rect(0)
    strip = pygame.Rect(row.x, row.y, 24, row.h)
    assert any(plain.get_at(p) != app.screen.get_at(p) for p in
               ((i, j) for i in range(strip.left, strip.right) for j in range(strip.top, strip.bottom)))


def test_reasons_come_from_the_rules_model() -> None:
    game = catan_game(["human", "random", "random"], seed=3)
    assert game.state.phase == S.ROLL, "the beginner board starts with the pieces placed"
    assert why_not(game.state, 0, "city", set()).key == "reason.roll_first"
    assert why_not(game.state, 0, "roll", {"roll"}) is None
    _to_main_phase(game)
    s = game.state
    kinds = {a.kind for a in game.legal_actions(0)}
    s.hands[0] = [0, 0, 0, 0, 0]
    reason = why_not(s, 0, "city", set())
    assert reason.key == "reason.resources" and reason.params["missing"] == (0, 0, 2, 0, 3)
    assert why_not(s, 1, "road", set()).key == "reason.not_your_turn"
    assert why_not(s, 0, "end", kinds) is None
    s.dev_played_turn = True
    assert why_not(s, 0, "play_dev", set()).key == "reason.dev_played"
    s.dev_played_turn = False
    s.dev_hand[0] = [1, 0, 0, 0, 0]
    s.dev_new[0] = [1, 0, 0, 0, 0]
    assert why_not(s, 0, "play_dev", set()).key == "reason.dev_new"
    s.hands[0] = [1, 1, 1, 1, 0]
    s.settlements_left[0] = 0
    assert why_not(s, 0, "settlement", set()).params == {"piece": "settlement"}
    with pytest.raises(ValueError):
        why_not(s, 0, "fly", set())


def test_hint_line_names_the_reason_for_a_greyed_button(make_app: Any) -> None:
    from gui.catan.hints import catan_hint

    app = make_app((1600, 900), lang="cs")
    game = catan_game(["human", "random", "random"], seed=3)
    _to_main_phase(game)
    game.state.hands[0] = [0, 0, 0, 0, 0]
    app.start_game(game)
    table = app.top
    table.game_changed()
    app.step([], 1 / 60)
    city = table.buttons["city"]
    assert not city.enabled
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=city.rect.center, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    text = catan_hint(table)
    assert text is not None and "2× obilí" in text and "3× ruda" in text
    app.settings.hints = False
    assert catan_hint(table) is None


def test_tour_shows_once_from_new_game_and_again_with_f1(make_app: Any) -> None:
    app = make_app()
    app.start_game(catan_game(["human", "random", "random"], seed=3))
    assert app.top.tour is None, "only a game started from New game opens the tour"
    app.start_game(catan_game(["human", "random", "random"], seed=3), tour=True)
    table = app.top
    tour = table.tour
    assert tour is not None and [s.name for s in tour.steps][:4] == ["dice", "hand", "build", "trade"]
    app.step([], 1 / 60)
    before = table.session.revision
    app.step(click(table.buttons["roll"].rect.center), 1 / 60)
    assert table.session.revision == before, "the tour is modal"
    app.step(click(tour.next_button.rect.center), 1 / 60)
    assert tour.index == 1
    app.step([key(pygame.K_RETURN)], 1 / 60)
    assert tour.index == 2
    app.step(click(tour.skip_button.rect.center), 1 / 60)
    assert table.tour is None and app.settings.tour_seen
    app.start_game(catan_game(["human", "random", "random"], seed=4), tour=True)
    assert app.top.tour is None, "shown once"
    app.step([key(pygame.K_F1)], 1 / 60)
    assert app.top.tour is not None
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top.tour is None


def test_watch_mode_has_no_tour(make_app: Any) -> None:
    app = make_app()
    app.start_game(catan_game(["random", "random", "random"], seed=3), tour=True)
    assert app.top.tour is None
