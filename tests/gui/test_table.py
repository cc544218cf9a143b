"""Headless tests of the Catan table: drawing in sizes, languages and phases; a click-driven game; AI games; a monkey."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.catan import actions as A
from game.catan import state as S
from gui.catan.dialogs import DiscardDialog, MaritimeDialog, RespondDialog
from gui.catan.scene import CatanTableScene
from gui.session import GameSession, speed_factor
from tests.gui.table_fixtures import catan_game, click, make_app, monkey_step, press, settle

SIZES = [(1280, 720), (1600, 900), (1920, 1080)]
I18N = Path(__file__).resolve().parents[2] / "assets" / "i18n"


def _advance_to(game: Any, phase: str, rng: random.Random, limit: int = 5000) -> bool:
    """Play random legal actions until the phase is reached with a human to act."""
    for _ in range(limit):
        if game.state.phase == phase and any(game.seats[p].is_human for p in game.active_players()):
            return True
        if game.is_over():
            return phase == S.GAME_OVER
        p = game.active_players()[0]
        legal = game.legal_actions(p)
        if phase == S.TRADE_RESPONSE and game.state.phase == S.MAIN:
            offers = [a for a in legal if isinstance(a, A.OfferTrade)]
            if offers and rng.random() < 0.5:
                game.apply(offers[0])
                continue
        if phase == S.DISCARD and game.state.phase == S.ROLL and sum(game.state.hands[p]) < 30:
            game.state.hands[p] = [h + 2 for h in game.state.hands[p]]
            game.chance.force(3, 4)
        game.apply(rng.choice(legal))
    return False


def _open_table(tmp_path: Path, size: tuple[int, int], lang: str, game: Any) -> tuple[Any, CatanTableScene]:
    app = make_app(size, lang, tmp_path)
    scene = CatanTableScene(app, game)
    app.push(scene)
    return app, scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_table_draws_in_every_phase(tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    """The table builds and draws at three sizes in both languages, in set-up, roll, main, discard, trade, end."""
    phases = [S.SETUP_SETTLEMENT, S.ROLL, S.MAIN, S.DISCARD, S.TRADE_RESPONSE, S.GAME_OVER]
    for i, phase in enumerate(phases):
        game = catan_game(["human", "human", "human", "random"], seed=11 + i, options={"board": "variable",
                                                                                        "vp_target": 5})
        if phase == S.GAME_OVER:
            game.seats = tuple(s.__class__(s.name, s.color, "random") for s in game.seats)
        assert _advance_to(game, phase, random.Random(i)), phase
        if phase == S.GAME_OVER:
            game.seats = tuple(s.__class__(s.name, s.color, "human") for s in game.seats)
        app, scene = _open_table(tmp_path, size, lang, game)
        if scene.pass_screen is not None:
            app.step([], 0.016)
            click(app, scene.pass_button_rect().center)
        settle(app, 3, 0.3)
        if phase == S.DISCARD:
            assert isinstance(scene.dialog, DiscardDialog)
        if phase == S.TRADE_RESPONSE:
            assert isinstance(scene.dialog, RespondDialog)
        for name in ("trade", "maritime", "robber", "year_of_plenty", "monopoly", "menu"):
            if phase in (S.DISCARD, S.TRADE_RESPONSE, S.GAME_OVER):
                break
            scene.open_dialog(name)
            app.step([], 0.016)
            scene.close_dialog()
        app.step([], 0.016)
        assert app.screen.get_size() == size
        scene.on_exit()


def test_click_driven_game(tmp_path: Path) -> None:
    """Three humans: set-up by clicks, a forced roll, a road, a 4:1 trade with the bank and the end of the turn."""
    game = catan_game(["human", "human", "human"], seed=3, options={"board": "variable"})
    app, scene = _open_table(tmp_path, (1280, 720), "en", game)
    app.settings.animation_speed = 0.0
    passes = 0
    for _ in range(200):
        if game.state.phase not in (S.SETUP_SETTLEMENT, S.SETUP_ROAD):
            break
        app.step([], 0.016)
        if scene.pass_button_rect() is not None:
            click(app, scene.pass_button_rect().center)
            passes += 1
            continue
        player = scene.session.human_actor()
        assert player is not None
        legal = game.legal_actions(player)
        action = legal[len(legal) // 2]
        if isinstance(action, A.BuildSettlement):
            pos = scene.board_view.node_screen_pos(action.node)
        else:
            pos = scene.board_view.edge_screen_pos(action.edge)
        before = len(game.log)
        click(app, pos)
        assert len(game.log) == before + 1
        assert game.log[-1].action == action
    assert game.state.phase == S.ROLL
    assert passes >= 2
    assert sum(1 for e in game.log if isinstance(e.action, A.BuildSettlement)) == 6
    if scene.pass_button_rect() is not None:
        click(app, scene.pass_button_rect().center)
    player = scene.session.human_actor()
    rates = game.view(player).maritime_rates
    give = next(r for r in range(5) if rates[r] == 4)
    get = next(r for r in range(5) if r != give)
    hand = [0] * 5
    hand[0] += 1
    hand[3] += 1
    hand[give] += 4
    game.state.hands[player] = hand
    game.chance.force(2, 3)
    click(app, scene.button_rect("roll").center)
    assert isinstance(game.log[-1].action, A.Roll) and game.state.last_roll == (2, 3)
    # a road
    click(app, scene.button_rect("road").center)
    assert scene.mode == "road"
    road = next(a for a in game.legal_actions(player) if isinstance(a, A.BuildRoad))
    click(app, scene.board_view.edge_screen_pos(road.edge))
    assert game.log[-1].action == road
    # a 4:1 trade with the bank
    click(app, scene.button_rect("bank").center)
    dialog = scene.dialog
    assert isinstance(dialog, MaritimeDialog)
    click(app, dialog.give_buttons[give].rect.center)
    click(app, dialog.get_buttons[get].rect.center)
    before = game.state.hands[player][get]
    click(app, dialog.trade.rect.center)
    assert game.log[-1].action == A.MaritimeTrade(player, give, get)
    assert game.state.hands[player][get] == before + 1
    press(app, pygame.K_ESCAPE)
    assert scene.dialog is None
    click(app, scene.button_rect("end").center)
    assert isinstance(game.log[-1].action, A.EndTurn)
    app.step([], 0.016)
    assert scene.pass_screen is not None
    assert (tmp_path / "saves" / "autosave.json").exists()
    scene.on_exit()


def test_ai_game_runs_to_its_end(tmp_path: Path) -> None:
    """Four AIs play a whole game through App.step; the end-of-game screen is asked for."""
    game = catan_game(["heuristic"] * 4, seed=5, options={"board": "variable"})
    app, scene = _open_table(tmp_path, (1280, 720), "en", game)
    app.settings.ai_speed = 0.0
    app.settings.animation_speed = 0.0
    shown: list[Any] = []
    app.show_end_of_game = shown.append  # type: ignore[method-assign]
    deadline = time.monotonic() + 120
    while not shown and time.monotonic() < deadline:
        app.step([], 0.25)
        time.sleep(0.0005)
    assert game.is_over() and shown == [game]
    assert scene.log.entries
    scene.on_exit()


class _SleepyBot:
    """A bot that thinks for a long time."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        self.release.wait(5)
        return legal[0]


def test_loop_never_blocks_while_ai_thinks(tmp_path: Path) -> None:
    """While a bot sleeps in choose(), App.step returns at once and nothing is applied."""
    game = catan_game(["random", "human", "human"], seed=2)
    app, scene = _open_table(tmp_path, (1280, 720), "en", game)
    bot = _SleepyBot()
    scene.session.bots[0] = bot
    start_len = len(game.log)
    worst = 0.0
    for _ in range(20):
        t0 = time.perf_counter()
        app.step([], 0.05)
        worst = max(worst, time.perf_counter() - t0)
    assert worst < 0.5
    assert len(game.log) == start_len
    bot.release.set()
    deadline = time.monotonic() + 5
    while len(game.log) == start_len and time.monotonic() < deadline:
        app.step([], 1.0)
        time.sleep(0.001)
    assert len(game.log) > start_len
    scene.on_exit()


def test_monkey(tmp_path: Path) -> None:
    """2,000 seeded random clicks, keys and resizes never raise."""
    rng = random.Random(2024)
    game = catan_game(["human", "human", "random"], seed=9, options={"board": "variable"})
    app, scene = _open_table(tmp_path, (1280, 720), "cs", game)
    app.settings.ai_speed = 0.0
    app.settings.animation_speed = 4.0
    scene.leave = scene.close_dialog  # type: ignore[method-assign]  # stay at the table
    keys = [pygame.K_r, pygame.K_e, pygame.K_SPACE, pygame.K_t, pygame.K_b, pygame.K_ESCAPE, pygame.K_RETURN,
            pygame.K_s, pygame.K_n]

    def live() -> list[tuple[int, int]]:
        m = scene.marks()
        targets = [scene.board_view.node_screen_pos(n) for n in m.nodes]
        targets += [scene.board_view.edge_screen_pos(e) for e in m.edges]
        targets += [scene.board_view.hex_screen_pos(x) for x in m.hexes]
        targets += [b.rect.center for b in scene.buttons.values() if b.enabled]
        if scene.dialog is not None:
            targets += [b.rect.center for b in scene.dialog.buttons if b.enabled]
            targets += [st.plus.center for st in scene.dialog.steppers]
        return targets

    for _ in range(2000):
        monkey_step(app, scene, rng, keys, live, wander=0.7, live=0.85, keyed=0.97, ctrl=True)
    assert len(game.log) > 40
    scene.on_exit()


def test_catalogs_have_the_same_keys() -> None:
    """cs and en table catalogs define the same keys."""
    cs = json.loads((I18N / "cs" / "table.json").read_text(encoding="utf-8"))
    en = json.loads((I18N / "en" / "table.json").read_text(encoding="utf-8"))
    assert set(cs) == set(en)


def test_speed_factor() -> None:
    """Speed settings as numbers or words."""
    assert speed_factor(2) == 2.0
    assert speed_factor("instant") == 0.0
    assert speed_factor("bogus") == 1.0


def test_session_hot_seat_passes_between_humans() -> None:
    """After a human's set-up placements, the next human gets a pass screen; confirming shows their view."""
    game = catan_game(["human", "human", "human"], seed=4)
    session = GameSession(game)
    first = session.actor()
    assert session.pass_to is None and session.viewer == first
    for _ in range(2):
        player = session.human_actor()
        session.apply(game.legal_actions(player)[0])
    assert session.pass_to is not None and session.pass_to != first
    assert session.human_actor() is None
    session.confirm_pass()
    assert session.viewer == game.active_players()[0]
    session.close()


def test_session_await_answers_makes_the_next_update_apply_the_bot_move() -> None:
    """Once await_answers returns True, the very next update applies the bot's move, however slow the thread."""
    game = catan_game(["random", "random", "random"], seed=4)
    session = GameSession(game)
    assert session.update(0.0) == []  # asks the worker; the answer is not in yet at this call
    assert session.await_answers(10.0)
    before = len(game.log)
    assert len(session.update(0.0)) == 1 and len(game.log) == before + 1
    session.close()
