"""The house rule domestic_trade in the GUI: New game shows and passes it; the table's trade stays shut when off."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.ai.registry import make_bot
from game.catan import state as S
from tests.gui.conftest import click, key
from tests.gui.table_fixtures import catan_game

LABELS = {"cs": "Obchod mezi hráči", "en": "Trade between players"}


def _started_games(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Catch the games New game starts instead of opening their tables."""
    started: list[Any] = []
    monkeypatch.setattr(app, "start_game", started.append)
    return started


def _main_phase_with_cards(game: Any, seat: int = 0) -> None:
    """Play random moves until the seat's main phase, then give it 4 ore and a wool from the bank."""
    bots = [make_bot("random", "catan") for _ in range(game.num_players)]
    rng = random.Random(1)
    s = game.state
    while not (s.phase == S.MAIN and s.current == seat and s.turn_number > 2):
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
    for r in range(5):
        s.bank[r] += s.hands[seat][r]
        s.hands[seat][r] = 0
    for r, count in ((4, 4), (1, 1)):
        s.bank[r] -= count
        s.hands[seat][r] = count


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_new_game_shows_the_option_and_starts_the_game_with_it_off(make_app: Any, monkeypatch: pytest.MonkeyPatch,
                                                                  lang: str) -> None:
    """The option's translated label is on the screen with an on/off toggle (on by default); a click on the toggle
    starts the game without domestic trade."""
    from gui.new_game import NewGameScene

    app = make_app(lang=lang)
    started = _started_games(app, monkeypatch)
    scene = NewGameScene(app)
    app.push(scene)
    app.step([], 1 / 60)
    assert scene.options["domestic_trade"] is True
    label = next(entry for entry in scene.labels if entry[0] == LABELS[lang])
    label_y = label[1][1]
    toggle = next(w for w in scene.widgets if w.rect.left > label[1][0] and w.rect.top <= label_y <= w.rect.bottom)
    app.step(click(toggle.rect.center), 1 / 60)
    assert scene.options["domestic_trade"] is False
    scene.start()
    assert len(started) == 1 and started[0].options["domestic_trade"] is False


def test_new_game_default_keeps_domestic_trade(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Started without touching the option, the game trades between players."""
    from gui.new_game import NewGameScene

    app = make_app()
    started = _started_games(app, monkeypatch)
    scene = NewGameScene(app)
    app.push(scene)
    scene.start()
    assert started[0].options["domestic_trade"] is True


@pytest.mark.parametrize("domestic", [False, True])
def test_table_trade_button_follows_the_rules_model(make_app: Any, domestic: bool) -> None:
    """Off: the trade button is greyed, T opens nothing, the hint names the house rule, the bank stays open.
    On (same position): the trade button works."""
    from gui.catan.hints import catan_hint

    app = make_app((1600, 900), lang="cs")
    game = catan_game(["human", "random", "random"], seed=3, options={"domestic_trade": domestic})
    _main_phase_with_cards(game)
    app.start_game(game)
    table = app.top
    table.game_changed()
    app.step([], 1 / 60)
    trade, bank = table.buttons["trade"], table.buttons["bank"]
    assert bank.enabled
    assert trade.enabled is domestic
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=trade.rect.center, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    hint = catan_hint(table)
    if domestic:
        assert hint is None
    else:
        assert hint is not None and "Obchod mezi hráči je v této hře vypnutý" in hint
    app.step([key(pygame.K_t)], 1 / 60)
    assert (table.dialog is not None) is domestic
