"""Tests for the quick card game's table: drawing, a click-driven turn, an AI game to its end, a monkey test."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.registry import make_bot
from game.cards.state import BUILD, DISCARD, TRADE
from game.core.registry import get_variant
from game.core.seats import Seat
from game.sim import play_out
from gui.cards.dialogs import BuildDialog, DiscardDialog, GiveBackDialog, PileDialog
from gui.cards.scene import CardsTableScene
from tests.game.cards.helpers import set_hand
from tests.gui.table_fixtures import click, make_app, monkey_step


def cards_game(controllers: list[str], seed: int = 1) -> Any:
    """A new catan-cards game with the given controllers ('human' or a bot id)."""
    variant = get_variant("catan-cards")
    seats = tuple(Seat(s.name, s.color, c) for s, c in zip(variant.default_seats(len(controllers)), controllers))
    return variant.new_game(seats, seed, {})


def _open(tmp_path: Path, size: tuple[int, int], lang: str, game: Any) -> tuple[Any, CardsTableScene]:
    app = make_app(size, lang, tmp_path)
    scene = CardsTableScene(app, game)
    app.push(scene)
    return app, scene


def _advance(game: Any, actions: int, seed: int) -> None:
    bots = [make_bot("heuristic", "cards") for _ in range(game.num_players)]
    play_out(game, bots, random.Random(seed), max_actions=actions)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_table_draws(tmp_path: Path, size: tuple[int, int], lang: str, players: int) -> None:
    """The table draws in the trade and build phases, with dialogs, a give-back, a discard, and at the end."""
    game = cards_game(["human"] + ["heuristic"] * (players - 1), seed=players)
    _advance(game, 12 * players, players)
    app, scene = _open(tmp_path, size, lang, game)
    scene.game_changed()
    app.step([], 0.016)
    for name in ("pile", "market", "player", "guild", "library", "build.settlement", "build.city",
                 "build.development", "menu"):
        scene.open_dialog(name)
        app.step([], 0.016)
        scene.close_dialog()
    s = game.state
    s.current, s.phase = 0, BUILD
    s.owed = [3] + [0] * (players - 1)
    s.phase = DISCARD
    scene.game_changed()
    app.step([], 0.016)
    assert isinstance(scene.dialog, DiscardDialog) or scene.pass_screen is not None
    s.owed = [0] * players
    s.phase = TRADE
    s.give_back_to, s.give_back_count = 1, 1
    scene.game_changed()
    app.step([], 0.016)
    assert isinstance(scene.dialog, GiveBackDialog)
    s.give_back_to, s.give_back_count = -1, 0
    scene.game_changed()
    app.step([], 0.016)
    assert scene.dialog is None
    assert app.screen.get_size() == size
    scene.on_exit()


def test_click_driven_turn(tmp_path: Path) -> None:
    """Two humans: an exchange with the draw pile and a road, both by clicks on the rects the scene reports."""
    game = cards_game(["human", "human"], seed=4)
    set_hand(game, 0, (2, 1, 0, 0, 1))
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    scene.game_changed()
    app.step([], 0.016)
    assert scene.pass_screen is None and game.state.current == 0
    click(app, scene.button_rect("pile").center)
    assert isinstance(scene.dialog, PileDialog)
    click(app, scene.dialog.steppers[4].plus.center)  # give one grain
    assert scene.dialog.ok.enabled
    click(app, scene.dialog.ok.rect.center)
    assert sum(game.state.hands[0]) == 4 and game.state.trades_used == 1
    assert scene.dialog is None
    set_hand(game, 0, (1, 1, 0, 0, 0))
    scene.game_changed()
    app.step([], 0.016)
    assert scene.buttons["road"].enabled
    click(app, scene.button_rect("road").center)
    assert isinstance(scene.dialog, BuildDialog)
    click(app, scene.dialog.ok.rect.center)
    assert len(game.state.roads[0]) == 2
    click(app, scene.button_rect("end_turn").center)
    assert game.state.current == 1
    assert scene.pass_screen is not None
    click(app, scene.pass_button_rect().center)
    assert scene.pass_screen is None
    assert (tmp_path / "saves" / "autosave.json").exists()
    scene.on_exit()


def test_ai_game_runs_to_its_end(tmp_path: Path) -> None:
    """Four AIs play a whole game through App.step; the end screen is shown."""
    game = cards_game(["heuristic", "random", "heuristic", "random"], seed=7)
    app, scene = _open(tmp_path, (1280, 720), "en", game)
    app.settings.ai_speed = 0.0
    shown: list[Any] = []
    app.show_end_of_game = shown.append  # type: ignore[method-assign]
    deadline = time.monotonic() + 120
    while not shown and time.monotonic() < deadline:
        app.step([], 0.25)
        time.sleep(0.0005)
    assert game.is_over() and shown == [game]
    assert len(scene.log.entries) > 20
    scene.on_exit()


def test_end_screen_draws(tmp_path: Path) -> None:
    """The quick card game's own end screen draws through App.show_end_of_game."""
    game = cards_game(["random"] * 3, seed=2)
    _advance(game, 50_000, 2)
    assert game.is_over()
    app = make_app((1280, 720), "cs", tmp_path)
    app.show_end_of_game(game)
    app.step([], 0.016)
    from gui.cards.end import CardsEndScene

    assert isinstance(app.stack[-1], CardsEndScene)


def test_monkey(tmp_path: Path) -> None:
    """2,000 seeded random clicks, keys and resizes never raise."""
    rng = random.Random(2025)
    game = cards_game(["human", "human", "random"], seed=9)
    app, scene = _open(tmp_path, (1280, 720), "cs", game)
    app.settings.ai_speed = 0.0
    scene.leave = scene.close_dialog  # type: ignore[method-assign]  # stay at the table
    keys = [pygame.K_e, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_s, pygame.K_n]

    def live() -> list[tuple[int, int]]:
        targets = [b.rect.center for b in scene.buttons.values() if b.enabled]
        if scene.dialog is not None:
            targets += [b.rect.center for b in scene.dialog.buttons if b.enabled]
            targets += [st.plus.center for st in scene.dialog.steppers] * 2
        return targets

    for _ in range(2000):
        monkey_step(app, scene, rng, keys, live, wander=0.6, live=0.9, keyed=0.98, ctrl=True)
    assert len(game.log) > 20
    scene.on_exit()


def test_the_market_dialog_gives_first_and_only_what_can_be_given(tmp_path: Path) -> None:
    """Give before take, as Catan's dialogs read; a give + is live only for a card held or being taken."""
    from gui.cards.dialogs import MarketDialog

    game = cards_game(["human", "heuristic"])
    app, scene = _open(tmp_path, (1280, 720), "en", game)
    app.step([], 0.016)
    s = game.state
    s.phase = TRADE
    set_hand(game, 0, (0, 0, 2, 0, 0))
    s.draw.extend(s.market)  # the market shows brick, lumber, lumber, wool, wool (cards conserved)
    s.market = []
    for r in (0, 1, 1, 3, 3):
        s.draw.remove(r)
        s.market.append(r)
    scene.game_changed()
    scene.open_dialog("market")
    app.step([], 0.016)
    dialog = scene.dialog
    assert isinstance(dialog, MarketDialog) and dialog.columns == ("give", "take")
    assert [st.maximum for st in dialog.give_steppers()] == [0, 0, 2, 0, 0]
    take = [st for st in dialog.steppers if st not in dialog.give_steppers()]
    assert [st.maximum for st in take] == [1, 2, 0, 2, 0]
    take[1].value = dialog.values["take"][1] = 1  # taking a lumber makes that lumber givable too
    dialog.refresh()
    assert [st.maximum for st in dialog.give_steppers()] == [0, 1, 2, 0, 0]
    dialog.give_steppers()[1].value = dialog.values["give"][1] = 1
    take[1].value = dialog.values["take"][1] = 0
    dialog.refresh()  # and giving it back is undone when the take is
    assert dialog.values["give"][1] == 0 and not dialog.ok.enabled
