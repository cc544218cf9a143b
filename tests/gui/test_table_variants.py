"""Headless tests of the table for catan-2p and catan-compact, and of their choices on the new-game screen."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import random
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.registry import make_bot
from game.catan import actions as A
from game.catan import state as S
from game.catan import two_player as T
from game.catan.constants import BRICK, LUMBER
from game.core.registry import get_variant
from game.core.seats import Seat
from game.sim import play_out
from gui.catan.scene import CatanTableScene
from gui.catan.variant_dialogs import GiveBackDialog, NeutralChoiceDialog
from tests.gui.table_fixtures import click, make_app, monkey_step, settle

SIZES = [(1280, 720), (1920, 1080)]


# ------------------------------------------------------------------ helpers (also used for screenshots)


def two_player_game(controllers: tuple[str, str] = ("human", "human"), seed: int = 1,
                    options: dict[str, Any] | None = None) -> Any:
    """A new catan-2p game with the given controllers."""
    variant = get_variant("catan-2p")
    seats = tuple(Seat(s.name, s.color, c) for s, c in zip(variant.default_seats(2), controllers))
    return variant.new_game(seats, seed, options or {"board": "variable"})


def compact_game(controllers: list[str], seed: int = 1, options: dict[str, Any] | None = None,
                 layout: dict[str, Any] | None = None) -> Any:
    """A new catan-compact game with the given controllers."""
    variant = get_variant("catan-compact")
    seats = tuple(Seat(s.name, s.color, c) for s, c in zip(variant.default_seats(len(controllers)), controllers))
    return variant.new_game(seats, seed, options or {}, layout=layout)


def _take_from_bank(game: Any, player: int, resources: dict[int, int]) -> None:
    s = game.state
    for r, n in resources.items():
        n = min(n, s.bank[r])
        s.bank[r] -= n
        s.hands[player][r] += n


def _roll(game: Any, dice: tuple[int, int]) -> None:
    game.chance.force(*dice)
    game.apply(A.Roll(game.state.current))


def advance_2p(game: Any, target: str, rng: random.Random) -> None:
    """Bring a fresh 2p game to: setup, roll1 (before the 1st roll), roll2 (before the 2nd), main,
    neutral_build, give_back or game_over."""
    if target == "setup":
        return
    if target == "game_over":
        play_out(game, [make_bot("heuristic", "catan"), make_bot("heuristic", "catan")], rng)
        assert game.is_over()
        return
    while game.state.phase in (S.SETUP_SETTLEMENT, S.SETUP_ROAD):
        p = game.active_players()[0]
        game.apply(rng.choice(game.legal_actions(p)))
    assert game.state.phase == S.ROLL
    if target == "roll1":
        return
    _roll(game, (2, 3))
    assert game.state.phase == S.ROLL and game.state.extra.get("first_roll") == 5
    if target == "roll2":
        return
    _roll(game, (4, 4))
    assert game.state.phase == S.MAIN
    player = game.state.current
    if target == "neutral_build":
        _take_from_bank(game, player, {LUMBER: 1, BRICK: 1})
        road = next(a for a in game.legal_actions(player) if isinstance(a, A.BuildRoad))
        game.apply(road)
        assert game.state.phase == T.NEUTRAL_BUILD
    elif target == "give_back":
        _take_from_bank(game, 1 - player, {0: 1, 1: 1, 2: 1})
        game.apply(T.ForcedTrade(player))
        assert game.state.phase == T.GIVE_BACK


def shared_neutral_spot(game: Any, rng: random.Random, limit: int = 600) -> bool:
    """Build roads (cards from the bank, forced non-seven rolls) until both neutrals may take one spot."""
    for _ in range(limit):
        s = game.state
        p = game.active_players()[0]
        legal = game.legal_actions(p)
        if s.phase == T.NEUTRAL_BUILD:
            keys = [(a.piece, a.where) for a in legal]
            if len(set(keys)) < len(keys):
                return True
            game.apply(rng.choice(legal))
        elif s.phase == S.MAIN:
            _take_from_bank(game, p, {LUMBER: 1, BRICK: 1})
            roads = [a for a in game.legal_actions(p) if isinstance(a, A.BuildRoad)]
            game.apply(rng.choice(roads) if roads else A.EndTurn(p))
        elif s.phase == S.ROLL:
            _roll(game, (2, 3) if s.extra.get("first_roll") is None else (4, 4))
        else:
            game.apply(rng.choice(legal))
    return False


def open_table(root: Path, size: tuple[int, int], lang: str, game: Any) -> tuple[Any, CatanTableScene]:
    """An app with the table of the game on top (the pass screen confirmed when there is one)."""
    app = make_app(size, lang, root)
    scene = CatanTableScene(app, game)
    app.push(scene)
    app.step([], 0.016)
    if scene.pass_button_rect() is not None:
        click(app, scene.pass_button_rect().center)
    return app, scene


# ------------------------------------------------------------------ drawing


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_two_player_table_draws_in_every_phase(tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    """The 2p table draws before each roll, in main, neutral build, give back and at the end."""
    for i, phase in enumerate(["setup", "roll1", "roll2", "main", "neutral_build", "give_back", "game_over"]):
        game = two_player_game(seed=21 + i)
        advance_2p(game, phase, random.Random(i))
        app, scene = open_table(tmp_path, size, lang, game)
        settle(app, 3, 0.3)
        assert scene.neutral_panel.rect.h > 0
        infos = scene._player_infos()
        assert all(info.trade_cards is not None for info in infos)
        if phase == "roll1":
            assert scene.buttons["roll"].label == app.t("table.action.roll_first")
        if phase == "roll2":
            assert scene.buttons["roll"].label == app.t("table.action.roll_second")
        if phase == "neutral_build":
            marks = scene.marks()
            assert marks.nodes or marks.edges
            assert marks.node_colors or marks.edge_colors
            assert set(c for cs in {**marks.node_colors, **marks.edge_colors}.values() for c in cs) <= \
                set(game.neutral_colors)
        if phase == "give_back":
            assert isinstance(scene.dialog, GiveBackDialog)
            assert scene.last_taken is None or sum(scene.last_taken) == 2
        for name in ("give_back", "neutral", "menu"):
            if phase in ("give_back", "game_over"):
                break
            scene.open_dialog(name)
            app.step([], 0.016)
            scene.close_dialog()
        app.step([], 0.016)
        assert app.screen.get_size() == size
        scene.on_exit()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_compact_table_draws(tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    """The compact table draws its seams and part plaques (beginner and variable) and reaches the end."""
    for board in ("beginner", "variable", "main"):
        game = compact_game(["human", "random", "random"], seed=4,
                            options={"board": "beginner" if board == "main" else board})
        if board == "main":
            _roll(game, (3, 3))
            assert game.state.phase == S.MAIN
        app, scene = open_table(tmp_path, size, lang, game)
        settle(app, 2, 0.3)
        bv = scene.board_view
        assert bv.part_labels == tuple(p.label for p in game.compact_placements)
        assert bv._seams and len(bv._plaques) == 6
        rect, index = bv._plaques[0]
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))], 0.016)
        assert scene._tooltip() is not None and bv.part_labels[index] in scene._tooltip()
        scene.on_exit()
    game = compact_game(["random"] * 3, seed=6)
    play_out(game, [make_bot("heuristic", "catan")] * 3, random.Random(6))
    app, scene = open_table(tmp_path, size, lang, game)
    settle(app, 2, 0.3)
    scene.on_exit()


def test_two_player_table_on_the_real_app_screenshot_command(tmp_path: Path) -> None:
    """The screenshot command's AI-vs-AI 2p table used to crash on the neutral owners."""
    from gui.screenshot import build_game, build_scene

    app = make_app((1280, 720), "en", tmp_path)
    args = type("Args", (), {"variant": "catan-2p", "bot": "heuristic", "players": 2, "ai": "all", "seed": 1,
                             "option": None, "scene": "table", "autoplay": 60})()
    game = build_game(args)
    build_scene(app, "table", game)
    for _ in range(4):
        app.step([], 1 / 60)
    app.top.on_exit()


# ------------------------------------------------------------------ a click-driven 2p game


def _move(app: Any, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.016)


def test_click_driven_two_player_game(tmp_path: Path) -> None:
    """Two humans: set-up by clicks, two forced rolls, a road and its neutral build, a forced trade with the
    give-back dialog, the robber to the desert, the end of the turn."""
    game = two_player_game(seed=3)
    app, scene = open_table(tmp_path, (1280, 720), "cs", game)
    app.settings.animation_speed = 0.0
    for _ in range(100):
        if game.state.phase not in (S.SETUP_SETTLEMENT, S.SETUP_ROAD):
            break
        app.step([], 0.016)
        if scene.pass_button_rect() is not None:
            click(app, scene.pass_button_rect().center)
            continue
        player = scene.session.human_actor()
        legal = game.legal_actions(player)
        action = legal[len(legal) // 3]
        pos = (scene.board_view.node_screen_pos(action.node) if isinstance(action, A.BuildSettlement)
               else scene.board_view.edge_screen_pos(action.edge))
        before = len(game.log)
        click(app, pos)
        assert len(game.log) == before + 1 and game.log[-1].action == action
    assert game.state.phase == S.ROLL
    if scene.pass_button_rect() is not None:
        click(app, scene.pass_button_rect().center)
    player = scene.session.human_actor()
    assert player == game.state.current
    # two rolls, the button saying which
    assert scene.buttons["roll"].label == app.t("table.action.roll_first")
    game.chance.force(2, 3)
    click(app, scene.button_rect("roll").center)
    assert game.state.last_roll == (2, 3) and game.state.phase == S.ROLL
    assert scene.buttons["roll"].label == app.t("table.action.roll_second")
    game.chance.force(6, 2)
    click(app, scene.button_rect("roll").center)
    assert game.state.last_roll == (6, 2) and game.state.phase == S.MAIN
    assert game.state.extra["first_dice"] == (2, 3)
    # a road by clicks, then the free neutral build by a click
    _take_from_bank(game, player, {LUMBER: 1, BRICK: 1})
    scene.game_changed()
    app.step([], 0.016)
    click(app, scene.button_rect("road").center)
    assert scene.mode == "road"
    road = next(a for a in game.legal_actions(player) if isinstance(a, A.BuildRoad))
    click(app, scene.board_view.edge_screen_pos(road.edge))
    assert game.log[-1].action == road and game.state.phase == T.NEUTRAL_BUILD
    marks = scene.marks()
    builds = [a for a in game.legal_actions(player) if isinstance(a, T.BuildNeutral)]
    spots = {a.where for a in builds}
    single = next(a for a in builds if sum(1 for b in builds if b.where == a.where and b.piece == a.piece) == 1)
    assert set(marks.nodes) | set(marks.edges) == spots
    pos = (scene.board_view.node_screen_pos(single.where) if single.piece == "settlement"
           else scene.board_view.edge_screen_pos(single.where))
    _move(app, pos)
    click(app, pos)
    assert game.log[-1].action == single and game.state.phase == S.MAIN
    assert any("neutral" in line.text or "–" in line.text for line in scene.log.entries[-3:])
    # a forced trade through its button, then the give-back dialog
    _take_from_bank(game, 1 - player, {2: 2, 4: 1})
    scene.game_changed()
    app.step([], 0.016)
    assert scene.buttons["forced_trade"].enabled
    cost = game.trade_action_cost(player)
    assert str(cost) in scene.buttons["forced_trade"].tooltip
    cards_before = game.trade_cards(player)
    click(app, scene.button_rect("forced_trade").center)
    assert isinstance(game.log[-1].action, T.ForcedTrade) and game.state.phase == T.GIVE_BACK
    assert game.trade_cards(player) == cards_before - cost
    dialog = scene.dialog
    assert isinstance(dialog, GiveBackDialog) and scene.last_taken is not None and sum(scene.last_taken) == 2
    assert not dialog.ok.enabled
    owed = game.give_back_count(player)
    hand = list(game.state.hands[player])
    for r in range(5):
        while hand[r] and sum(dialog.values["give"]) < owed:
            click(app, dialog.steppers[r].plus.center)
            hand[r] -= 1
    assert dialog.ok.enabled
    given = tuple(dialog.values["give"])
    click(app, dialog.ok.rect.center)
    assert game.log[-1].action == T.GiveBack(player, given) and game.state.phase == S.MAIN
    assert scene.dialog is None
    # one trade-card action a turn: robber to the desert now waits for the next turn
    assert not scene.buttons["robber_desert"].enabled
    click(app, scene.button_rect("end").center)
    assert isinstance(game.log[-1].action, A.EndTurn)
    app.step([], 0.016)
    click(app, scene.pass_button_rect().center)
    other = scene.session.human_actor()
    assert other == 1 - player
    game.state.robber = next(h for h in range(19) if h != game.state.board.desert)
    scene.game_changed()
    app.step([], 0.016)
    assert any(isinstance(a, T.RobberToDesert) for a in game.legal_actions(other))
    assert scene.buttons["robber_desert"].enabled
    click(app, scene.button_rect("robber_desert").center)
    assert isinstance(game.log[-1].action, T.RobberToDesert)
    assert game.state.robber == game.state.board.desert
    assert not scene.buttons["robber_desert"].enabled and not scene.buttons["forced_trade"].enabled
    game.chance.force(1, 2)
    click(app, scene.button_rect("roll").center)
    game.chance.force(5, 5)
    click(app, scene.button_rect("roll").center)
    click(app, scene.button_rect("end").center)
    assert isinstance(game.log[-1].action, A.EndTurn)
    scene.on_exit()


def test_neutral_chooser_when_both_neutrals_may_build(tmp_path: Path) -> None:
    """A spot both neutral colours may take asks which colour; the choice is applied."""
    game = two_player_game(seed=1)
    advance_2p(game, "roll1", random.Random(1))
    assert shared_neutral_spot(game, random.Random(1))
    player = game.state.current
    builds = [a for a in game.legal_actions(player) if isinstance(a, T.BuildNeutral)]
    app, scene = open_table(tmp_path, (1280, 720), "en", game)
    app.settings.animation_speed = 0.0
    shared = [a for a in builds if sum(1 for b in builds if (b.piece, b.where) == (a.piece, a.where)) > 1]
    marks = scene.marks()
    assert any(len(c) == 2 for c in {**marks.node_colors, **marks.edge_colors}.values())
    target = shared[-1]
    pos = (scene.board_view.node_screen_pos(target.where) if target.piece == "settlement"
           else scene.board_view.edge_screen_pos(target.where))
    click(app, pos)
    assert isinstance(scene.dialog, NeutralChoiceDialog)
    button = next(b for a, b in scene.dialog.choice_buttons if a == target)
    click(app, button.rect.center)
    assert game.log[-1].action == target
    scene.on_exit()


# ------------------------------------------------------------------ AI games and monkeys


def _run_to_end(tmp_path: Path, game: Any) -> CatanTableScene:
    app, scene = open_table(tmp_path, (1280, 720), "cs", game)
    app.settings.ai_speed = 0.0
    app.settings.animation_speed = 0.0
    shown: list[Any] = []
    app.show_end_of_game = shown.append  # type: ignore[method-assign]
    deadline = time.monotonic() + 150
    while not shown and time.monotonic() < deadline:
        app.step([], 0.25)
        time.sleep(0.0005)
    assert game.is_over() and shown == [game]
    return scene


def test_two_player_ai_game_runs_to_its_end(tmp_path: Path) -> None:
    """Two AIs play catan-2p to the end through App.step; the log narrates the two-player events."""
    game = two_player_game(("heuristic", "heuristic"), seed=12)
    scene = _run_to_end(tmp_path, game)
    texts = [e.text for e in scene.log.entries]
    assert not any(text.startswith("event.") for text in texts)
    assert any(scene.app.t("table.neutral.name", color="") .strip() in text or "–" in text for text in texts)
    scene.on_exit()


def test_compact_ai_game_runs_to_its_end(tmp_path: Path) -> None:
    """Three AIs play catan-compact (variable board) to the end through App.step."""
    game = compact_game(["heuristic"] * 3, seed=13, options={"board": "variable"})
    scene = _run_to_end(tmp_path, game)
    scene.on_exit()


def _monkey(app: Any, scene: CatanTableScene, rng: random.Random, steps: int = 2000,
            feed: bool = False) -> None:
    """Random clicks, keys and resizes; with feed, every player gets cards from the bank now and then."""
    keys = [pygame.K_r, pygame.K_e, pygame.K_SPACE, pygame.K_t, pygame.K_b, pygame.K_ESCAPE, pygame.K_RETURN,
            pygame.K_n]
    scene.leave = scene.close_dialog  # type: ignore[method-assign]  # stay at the table

    def live() -> list[tuple[int, int]]:
        m = scene.marks()
        targets = [scene.board_view.node_screen_pos(n) for n in m.nodes]
        targets += [scene.board_view.edge_screen_pos(e) for e in m.edges]
        targets += [scene.board_view.hex_screen_pos(x) for x in m.hexes]
        targets += [b.rect.center for b in scene.buttons.values() if b.enabled]
        if scene.dialog is not None:
            targets += [b.rect.center for b in scene.dialog.buttons if b.enabled] * 4
            targets += [st.plus.center for st in scene.dialog.steppers]
            targets += [st.minus.center for st in scene.dialog.steppers]
        return targets

    for step in range(steps):
        if feed and step % 150 == 0:
            for p in range(scene.game.num_players):
                if sum(scene.game.state.hands[p]) < 4:
                    _take_from_bank(scene.game, p, {r: 1 for r in range(4)})
            scene.game_changed()
        monkey_step(app, scene, rng, keys, live, wander=0.6, live=0.85, keyed=0.97, ctrl=False, hover_live=True)


def test_monkey_two_player(tmp_path: Path) -> None:
    """2,000 random events on a 2p table with two humans never raise, and the game moves on."""
    game = two_player_game(seed=9)
    app, scene = open_table(tmp_path, (1280, 720), "cs", game)
    app.settings.animation_speed = 4.0
    _monkey(app, scene, random.Random(4), feed=True)  # a path that reaches neutral builds on this layout
    assert len(game.log) > 30
    assert any(isinstance(e.action, T.BuildNeutral) for e in game.log)
    scene.on_exit()


def test_monkey_compact(tmp_path: Path) -> None:
    """2,000 random events on a compact table (a human and two AIs) never raise."""
    game = compact_game(["human", "random", "random"], seed=10, options={"board": "variable"})
    app, scene = open_table(tmp_path, (1280, 720), "en", game)
    app.settings.ai_speed = 0.0
    app.settings.animation_speed = 4.0
    _monkey(app, scene, random.Random(78))
    assert len(game.log) > 30
    scene.on_exit()


# ------------------------------------------------------------------ the new-game screen


def _new_game(make_app: Any, lang: str = "en", size: tuple[int, int] = (1280, 720)) -> Any:
    from gui.menu import MenuScene
    from gui.new_game import NewGameScene

    app = make_app(size, lang)
    app.push(MenuScene(app))
    scene = NewGameScene(app)
    app.push(scene)
    return app, scene


def _pick(scene: Any, variant_id: str) -> None:
    scene.set_variant([v.id for v in scene.variants].index(variant_id))


def test_every_registered_variant_is_selectable(make_app: Any) -> None:
    """The variant cycler offers every registered variant that has a table, and each draws."""
    from game.core.registry import available_variants

    app, scene = _new_game(make_app)
    with_table = [v.id for v in available_variants() if v.family in app.table_families]
    assert [v.id for v in scene.variants] == with_table
    assert {"catan-base", "catan-compact", "catan-2p"} <= set(with_table)
    for i in range(len(scene.variants)):
        scene.set_variant(i)
        app.step([], 1 / 60)


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_two_player_fixes_two_seats(make_app: Any, lang: str) -> None:
    """catan-2p has exactly 2 seats: no seat can be added or removed; the game starts with 2 seats."""
    app, scene = _new_game(make_app, lang)
    _pick(scene, "catan-2p")
    app.step([], 1 / 60)
    assert len(scene.seats) == 2
    assert not scene.add_button.enabled
    scene.add_seat()
    assert len(scene.seats) == 2
    assert all("remove" not in row for row in scene.seat_rows)
    scene.remove_seat(0)
    assert len(scene.seats) == 2
    game = scene.build_game()
    assert game.num_players == 2 and len(game.neutral_colors) == 2


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_compact_shows_the_arrangement(make_app: Any, size: tuple[int, int]) -> None:
    """Picking catan-compact shows the arrangement: A1..A6 for beginners, redrawn when the seed changes."""
    from game.catan.compact import beginner_placements

    app, scene = _new_game(make_app, "cs", size)
    _pick(scene, "catan-compact")
    app.step([], 1 / 60)
    assert scene.preview_rect.w > 0 and scene._preview is not None
    scene.set_board_mode("beginner")
    app.step([], 1 / 60)
    assert scene.arrangement() == beginner_placements()
    assert [p.label for p in sorted(scene.arrangement(), key=lambda p: p.slot)] == [f"A{i}" for i in range(1, 7)]
    scene.set_board_mode("variable")
    scene.seed_field.set_text("11")
    app.step([], 1 / 60)
    first = scene.arrangement()
    shown = scene._preview
    scene.seed_field.set_text("12")
    app.step([], 1 / 60)
    assert scene.arrangement() != first and scene._preview is not shown
    assert scene.arrangement() == scene.build_game().compact_placements
    app.step(click_events(scene.new_arrangement_button.rect.center), 1 / 60)
    assert scene.board_mode == "variable"


def click_events(pos: tuple[int, int]) -> list[pygame.event.Event]:
    """A left click as events."""
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def test_saved_layout_loads_and_starts_the_same_board(make_app: Any) -> None:
    """Save layout writes a file load_layout accepts; choosing it starts a game with the same board."""
    from game.catan.board import load_layout
    from gui.layout_files import user_layouts_dir
    from gui.new_game_board import LAYOUT_MODE

    app, scene = _new_game(make_app)
    _pick(scene, "catan-compact")
    scene.set_board_mode("variable")
    scene.seed_field.set_text("4242")
    app.step([], 1 / 60)
    expected = scene.build_game()
    app.step(click_events(scene.save_layout_button.rect.center), 1 / 60)
    files = sorted(user_layouts_dir(app).glob("*.json"))
    assert len(files) == 1
    data = load_layout(files[0])
    assert "compact_parts" in data
    app.pop()  # the "saved" message
    assert app.top is scene
    # the file is offered and starts the same board, whatever the seed
    assert files[0] in scene.layouts
    scene.set_board_mode(LAYOUT_MODE)
    scene.layout_index = scene.layouts.index(files[0])
    scene.seed_field.set_text("7")
    app.step([], 1 / 60)
    game = scene.build_game()
    assert game.state.board == expected.state.board
    assert game.compact_placements == expected.compact_placements
    assert scene.arrangement() == expected.compact_placements
    # the layout also starts other variants' boards
    direct = get_variant("catan-compact").new_game(get_variant("catan-compact").default_seats(3), 1, {},
                                                   layout=json.loads(files[0].read_text(encoding="utf-8")))
    assert direct.state.board == expected.state.board


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_every_key_the_variant_screens_use_is_translated(tmp_path: Path, make_app: Any, lang: str) -> None:
    """No raw key on the 2p table (every phase and dialog), the compact table or the new-game screen."""
    missing: set[str] = set()

    def watch(app: Any) -> None:
        original = app.translator.t

        def checking(key: str, **params: Any) -> str:
            if not app.translator.has(key):
                missing.add(key)
            return original(key, **params)

        app.translator.t = checking  # type: ignore[method-assign]

    for i, phase in enumerate(["roll1", "roll2", "neutral_build", "give_back", "game_over"]):
        game = two_player_game(seed=40 + i)
        advance_2p(game, phase, random.Random(i))
        app = make_app((1280, 720), lang)
        watch(app)
        scene = CatanTableScene(app, game)
        app.push(scene)
        settle(app, 2, 0.2)
        for name in ("give_back", "neutral"):
            scene.open_dialog(name)
            app.step([], 0.016)
            scene.close_dialog()
        for bid, b in scene.buttons.items():
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0), buttons=(0, 0, 0))],
                     0.016)
        scene.on_exit()
    app, new_game = _new_game(make_app, lang)
    watch(app)
    for variant_id in ("catan-compact", "catan-2p"):
        _pick(new_game, variant_id)
        app.step([], 1 / 60)
    assert not missing, sorted(missing)
