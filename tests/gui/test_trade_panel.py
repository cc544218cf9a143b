"""Headless tests of the docked trade panel (issue #37, point 11): it leaves the board in view, one click fills in
what a build lacks, the last offer goes out again with one click, and every control works from the keyboard."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.catan import actions as A
from game.catan import state as S
from game.catan.constants import COSTS
from game.core.registry import get_variant
from game.core.seats import Seat
from gui.catan.scene import CatanTableScene
from gui.catan.trade_asks import build_asks, last_offer, spare_cards
from gui.catan.trade_panel import TradePanel
from tests.gui.table_fixtures import click, make_app, press, settle

ROAD, SETTLEMENT, CITY, DEV = range(4)


def _game(variant_id: str = "catan-base", players: int = 4, seed: int = 3) -> Any:
    """A game at the human seat 0's main phase, after the set-up, with an offer possible."""
    variant = get_variant(variant_id)
    seats = tuple(Seat(s.name, s.color, "human" if i == 0 else "easy")
                  for i, s in enumerate(variant.default_seats(players)))
    game = variant.new_game(seats, seed, {})
    rng = random.Random(5)
    for _ in range(8000):
        s = game.state
        if s.phase == S.MAIN and s.current == 0 and s.turn_number > 4:
            return game
        p = game.active_players()[0]
        legal = game.legal_actions(p)
        game.apply(rng.choice([a for a in legal if not isinstance(a, A.OfferTrade)] or legal))
    raise AssertionError("state not reached")


def _set_hand(game: Any, player: int, hand: tuple[int, ...]) -> None:
    """Give the player exactly this hand (the bank makes up the difference)."""
    s = game.state
    for r, n in enumerate(hand):
        s.bank[r] += s.hands[player][r] - n
        s.hands[player][r] = n
    game.forget_listed()


def _table(tmp_path: Path, game: Any, size: tuple[int, int] = (1280, 720), lang: str = "en") -> tuple[Any, Any]:
    app = make_app(size, lang, tmp_path)
    scene = CatanTableScene(app, game)
    app.push(scene)
    scene.session.update = lambda dt, hold=False: []  # type: ignore[method-assign]  # the AIs wait
    if scene.pass_screen is not None:
        app.step([], 0.016)
        click(app, scene.pass_button_rect().center)
    settle(app, 3, 0.05)
    return app, scene


def _kinds(game: Any, player: int) -> set[str]:
    return {a.kind for a in game.legal_actions(player)}


# ---------------------------------------------------------------- the asks, without a window


def test_spare_cards_come_from_the_largest_piles_and_never_from_the_cost() -> None:
    road = COSTS["road"]
    assert spare_cards((3, 0, 2, 0, 1), road, 1) == (1, 0, 0, 0, 0)
    assert spare_cards((3, 0, 2, 0, 1), road, 3) == (2, 0, 1, 0, 0)
    assert spare_cards((1, 0, 0, 0, 0), road, 1) == (0, 0, 0, 0, 0)  # the one lumber is the road's own
    assert spare_cards((1, 4, 0, 0, 0), road, 9) == (0, 4, 0, 0, 0)  # no more than is spare


def test_asks_are_what_the_rules_say_is_missing() -> None:
    game = _game()
    _set_hand(game, 0, (3, 0, 1, 0, 0))
    road, settlement, city, dev = build_asks(game, 0, _kinds(game, 0))
    assert road.enabled and road.get == (0, 0, 0, 1, 0) and road.give == (1, 0, 0, 0, 0)
    assert city.enabled and city.get == (0, 0, 1, 0, 3) and city.give == (3, 0, 0, 0, 0)  # only the lumber is spare
    assert dev.enabled and dev.get == (0, 1, 0, 0, 1) and dev.give == (2, 0, 0, 0, 0)
    for ask in (road, city, dev):
        assert not any(g and r for g, r in zip(ask.give, ask.get))
        assert all(g <= h for g, h in zip(ask.give, game.state.hands[0]))
    if game.settlement_spots(0):
        assert settlement.enabled and settlement.get == (0, 1, 0, 1, 0)
    else:
        assert settlement.reason is not None and settlement.reason.key == "reason.no_spot"


def test_asks_are_off_when_nothing_is_missing_or_the_build_is_impossible() -> None:
    game = _game()
    _set_hand(game, 0, (1, 1, 1, 1, 0))
    road = build_asks(game, 0, _kinds(game, 0))[ROAD]
    assert not road.enabled and road.reason is not None and road.reason.key == "trade_panel.have.road"
    game.state.cities_left[0] = 0
    game.state.dev_deck.clear()
    game.forget_listed()
    asks = build_asks(game, 0, _kinds(game, 0))
    assert asks[CITY].reason is not None and asks[CITY].reason.key == "reason.no_pieces"
    assert asks[DEV].reason is not None and asks[DEV].reason.key == "reason.deck_empty"


def test_last_offer_is_the_players_newest_offer() -> None:
    game = _game()
    _set_hand(game, 0, (2, 2, 0, 0, 0))
    assert last_offer(game, 0) is None or last_offer(game, 0).player == 0
    first = A.OfferTrade(0, (1, 0, 0, 0, 0), (0, 0, 0, 1, 0), ())
    game.apply(first)
    for q in range(1, 4):
        game.apply(A.DeclineTrade(q))
    assert game.state.phase == S.MAIN and last_offer(game, 0) == first
    second = A.OfferTrade(0, (0, 1, 0, 0, 0), (0, 0, 1, 0, 0), (2,))
    game.apply(second)
    game.apply(A.DeclineTrade(2))
    assert last_offer(game, 0) == second and last_offer(game, 2) is None


# ---------------------------------------------------------------- the panel at the table


@pytest.mark.parametrize(("variant_id", "players"), [("catan-base", 4), ("catan-base", 3), ("catan-compact", 3),
                                                     ("catan-2p", 2)])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1100, 700)])
def test_the_panel_leaves_the_board_free_and_its_controls_fit(tmp_path: Path, variant_id: str, players: int,
                                                               size: tuple[int, int]) -> None:
    game = _game(variant_id, players)
    _set_hand(game, 0, (2, 1, 1, 0, 1))
    for lang in ("cs", "en"):
        app, scene = _table(tmp_path / lang, game, size, lang)
        press(app, pygame.K_t)
        panel = scene.dialog
        assert isinstance(panel, TradePanel)
        lay = scene.lay
        assert not panel.rect.colliderect(lay.board) and lay.side.contains(panel.rect)
        assert not panel.rect.colliderect(lay.players)
        rects = [b.rect for b in panel.buttons] + [st.rect for st in panel.steppers]
        for i, r in enumerate(rects):
            assert panel.rect.contains(r), r
            assert all(not r.colliderect(o) for o in rects[i + 1:]), r
        half = panel.fs // 2 + 2  # the summary line's half height
        assert panel.repeat_button.rect.bottom < panel.summary_y - half
        assert panel.summary_y + half < min(b.rect.y for b in panel.buttons[-3:])
        assert (len(panel.target_buttons) > 0) == (players > 2)
        app.step([], 0.016)  # draws
        scene.on_exit()


def test_an_ask_fills_both_sides_and_enter_sends_the_offer(tmp_path: Path) -> None:
    game = _game()
    _set_hand(game, 0, (3, 0, 1, 0, 0))
    app, scene = _table(tmp_path, game)
    press(app, pygame.K_t)
    panel = scene.dialog
    assert isinstance(panel, TradePanel) and not panel.propose_button.enabled
    click(app, panel.ask_buttons[ROAD].rect.center)
    assert panel.values == {"give": [1, 0, 0, 0, 0], "get": [0, 0, 0, 1, 0]}
    assert [st.value for st in panel.steppers][:2] == [1, 0] and panel.steppers[7].value == 1  # brick: get
    assert panel.propose_button.enabled
    # still editable: one more lumber on the give side
    plus = panel.steppers[0].plus
    click(app, plus.center)
    assert panel.values["give"][0] == 2
    press(app, pygame.K_RETURN)
    offer = game.log[-1].action
    assert isinstance(offer, A.OfferTrade) and offer.give == (2, 0, 0, 0, 0) and offer.get == (0, 0, 0, 1, 0)
    assert game.state.phase == S.TRADE_RESPONSE and scene.dialog is not panel
    scene.on_exit()


def test_a_disabled_ask_says_why(tmp_path: Path) -> None:
    game = _game()
    _set_hand(game, 0, (1, 1, 1, 1, 0))
    app, scene = _table(tmp_path, game)
    press(app, pygame.K_t)
    panel = scene.dialog
    road = panel.ask_buttons[ROAD]
    assert not road.enabled and road.tooltip == "You already hold the cards for a road."
    assert road.note == "cards in hand"
    press(app, pygame.K_1)
    assert panel.values == {"give": [0] * 5, "get": [0] * 5}  # nothing happens for a disabled ask
    scene.hover_pos = road.rect.center
    assert panel._explained()[0] == road.tooltip
    scene.on_exit()


def test_repeat_sends_the_last_offer_again_while_it_is_affordable(tmp_path: Path) -> None:
    game = _game()
    _set_hand(game, 0, (2, 1, 0, 0, 0))
    app, scene = _table(tmp_path, game)
    press(app, pygame.K_t)
    panel = scene.dialog
    assert not panel.repeat_button.enabled or panel.repeat_offer is not None
    offer = A.OfferTrade(0, (1, 0, 0, 0, 0), (0, 0, 0, 1, 0), (1, 3))
    scene.act(offer)
    for q in (1, 3):
        game.apply(A.DeclineTrade(q))
    scene.game_changed()
    assert game.state.phase == S.MAIN
    press(app, pygame.K_t)
    panel = scene.dialog
    assert isinstance(panel, TradePanel) and panel.repeat_button.enabled
    assert "1× lumber" in panel.repeat_button.tooltip and "1× brick" in panel.repeat_button.tooltip
    n = len(game.log)
    press(app, pygame.K_r)
    assert len(game.log) == n + 1 and game.log[-1].action == offer and game.state.phase == S.TRADE_RESPONSE
    for q in (1, 3):
        game.apply(A.DeclineTrade(q))
    _set_hand(game, 0, (0, 1, 0, 0, 0))
    scene.game_changed()
    press(app, pygame.K_t)
    panel = scene.dialog
    assert not panel.repeat_button.enabled
    assert panel.repeat_button.tooltip == app.t("trade_panel.repeat.cards")
    press(app, pygame.K_r)
    assert len(game.log) == n + 1 + 2  # the two answers, no new offer
    scene.on_exit()


def test_the_panel_works_from_the_keyboard_alone(tmp_path: Path) -> None:
    game = _game()
    _set_hand(game, 0, (3, 0, 1, 0, 0))
    app, scene = _table(tmp_path, game)
    press(app, pygame.K_t)
    panel = scene.dialog
    press(app, pygame.K_TAB)
    assert panel.focus.focused(panel.focus_widgets()) is panel.ask_buttons[ROAD]
    press(app, pygame.K_RETURN)  # the focused ask, not Propose
    assert panel.values["get"] == [0, 0, 0, 1, 0] and scene.dialog is panel
    press(app, pygame.K_KP4)
    assert panel.values["get"] == [0, 1, 0, 0, 1]
    widgets = panel.focus.focusable(panel.focus_widgets())
    assert widgets.index(panel.steppers[0]) < widgets.index(panel.propose_button)
    while panel.focus.focused(panel.focus_widgets()) is not panel.steppers[0]:
        press(app, pygame.K_TAB)
    press(app, pygame.K_RIGHT)
    assert panel.values["give"][0] == panel.asks[DEV].give[0] + 1
    press(app, pygame.K_t)
    assert scene.dialog is None
    press(app, pygame.K_t)
    assert isinstance(scene.dialog, TradePanel)
    press(app, pygame.K_ESCAPE)
    assert scene.dialog is None
    press(app, pygame.K_t)
    press(app, pygame.K_k)
    assert scene.dialog is not None and scene.dialog.name == "maritime"
    scene.on_exit()


def test_targets_narrow_the_offer(tmp_path: Path) -> None:
    game = _game()
    _set_hand(game, 0, (3, 0, 1, 0, 0))
    app, scene = _table(tmp_path, game)
    press(app, pygame.K_t)
    panel = scene.dialog
    press(app, pygame.K_1)
    blue = next(b for q, b in panel.target_buttons if q == 1)
    click(app, blue.rect.center)
    assert panel.offer().to == (1,) and blue.style == "primary"
    click(app, panel.propose_button.rect.center)
    assert game.log[-1].action.to == (1,) and game.state.trade.targets == (1,)
    scene.on_exit()
