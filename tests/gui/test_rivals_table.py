"""Tests for the Rivals for Catan table: drawing every mode at three sizes in both languages, a click-driven intro
game, an AI duel to its end through the App loop, a monkey test, the payment dialog, and decisions of the other
seat routed behind the pass screen."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.registry import make_bot
from game.core.registry import available_variants, get_variant
from game.core.seats import Seat
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.pending import queue
from game.rivals.principality import cell
from game.sim import play_out
from gui.rivals.card_dialogs import PlaceRegionsDialog, StackPickDialog
from gui.rivals.dialogs import DecisionDialog, OptionsDialog, PaymentDialog
from gui.rivals.turn_dialogs import ExchangeDialog, TradeDialog
from gui.rivals.scene import RivalsTableScene
from tests.gui.table_fixtures import click, make_app, monkey_step

RIVALS = tuple(v.id for v in available_variants() if v.family == "rivals")
FOREST, GOLD_FIELD, FIELDS = cell(1, 12), cell(1, 14), cell(1, 16)
HILLS, PASTURE, MOUNTAINS = cell(3, 12), cell(3, 14), cell(3, 16)


def rivals_game(variant: str, controllers: list[str], seed: int = 1) -> Any:
    """A new Rivals game with the given controllers ('human' or a bot id)."""
    v = get_variant(variant)
    seats = tuple(Seat(s.name, s.color, c) for s, c in zip(v.default_seats(2), controllers))
    return v.new_game(seats, seed, {})


def _open(tmp_path: Path, size: tuple[int, int], lang: str, game: Any) -> tuple[Any, RivalsTableScene]:
    app = make_app(size, lang, tmp_path)
    app.settings.ai_speed = 0.0
    scene = RivalsTableScene(app, game)
    app.push(scene)
    return app, scene


def _advance(game: Any, actions: int, seed: int) -> None:
    bots = [make_bot("random", "rivals") for _ in range(2)]
    play_out(game, bots, random.Random(seed), max_actions=actions)


def _press(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)], 0.016)


def _release(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], 0.016)


def _drag(app: Any, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at start, move in steps with the button held, release at end."""
    _press(app, start)
    for k in range(1, 5):
        pos = (start[0] + (end[0] - start[0]) * k // 4, start[1] + (end[1] - start[1]) * k // 4)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))], 0.016)
    _release(app, end)


def _full_click(app: Any, pos: tuple[int, int]) -> None:
    """Press and release at one spot (a click that the table may read as the start of a drag)."""
    _press(app, pos)
    _release(app, pos)


def _pass_if_asked(app: Any, scene: RivalsTableScene) -> None:
    if scene.pass_button_rect() is not None:
        click(app, scene.pass_button_rect().center)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("variant", RIVALS)
def test_table_draws(tmp_path: Path, size: tuple[int, int], lang: str, variant: str) -> None:
    """Every mode draws at the start and part-way, with each dialog open, with the pass screen, and the end."""
    game = rivals_game(variant, ["human", "random"], seed=len(variant))
    app, scene = _open(tmp_path, size, lang, game)
    app.step([], 0.016)
    _advance(game, 90, 3)
    scene.game_changed()
    app.step([], 0.016)
    for name in ("options", "trade", "exchange", "face_up", "payment", "menu"):
        scene.open_dialog(name)
        app.step([], 0.016)
        scene.close_dialog()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=scene.lay.near.center, rel=(0, 0), buttons=(0, 0, 0))],
             0.016)
    assert app.screen.get_size() == size
    scene.on_exit()


def test_click_driven_intro(tmp_path: Path) -> None:
    """Two humans play the first turns by mouse: starting stacks, the roll, a road by click, a settlement by drag,
    the end of the actions, drawing, the exchange, and the next player's turn behind the pass screen."""
    game = rivals_game("rivals-intro", ["human", "human"], seed=4)
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    app.step([], 0.016)
    first = game.active_players()[0]
    assert scene.pass_screen is None and scene.near == first
    assert set(scene.targets().stacks) == {0, 1, 2, 3}
    click(app, scene.stack_rect(2).center)
    assert len(game.state.hands[first]) == 3
    assert scene.pass_screen is not None  # the other human takes the starting cards
    _pass_if_asked(app, scene)
    second = 1 - first
    assert scene.near == second and 2 not in scene.targets().stacks
    click(app, scene.stack_rect(0).center)
    assert len(game.state.hands[second]) == 3 and game.state.phase == "roll"
    _pass_if_asked(app, scene)
    assert scene.near == first
    game.chance.force(3, 4)  # production 3, the trade face: no event card, no brigands
    click(app, scene.button_rect("roll").center)
    assert game.state.phase == "action"
    s = game.state
    s.store[first][HILLS], s.store[first][FOREST] = 3, 2
    s.store[first][FIELDS], s.store[first][PASTURE] = 1, 1
    scene.game_changed()
    app.step([], 0.016)
    _full_click(app, scene.supply_rect("road").center)
    assert scene.selected == ("supply", "road")
    left_road = cell(2, 12)
    assert left_road in scene.targets().near
    click(app, scene.cell_rect(first, left_road).center)
    assert card_of()[s.grid[first][left_road]].id == "road"
    assert s.store[first][HILLS] == 1 and s.store[first][FOREST] == 1
    app.step([], 0.016)
    settlement_site = cell(2, 11)
    assert settlement_site in scene.targets().near  # clickable without choosing first
    _drag(app, scene.supply_rect("settlement").center, scene.cell_rect(first, settlement_site).center)
    assert card_of()[s.grid[first][settlement_site]].id == "settlement"
    if isinstance(scene.dialog, PlaceRegionsDialog):
        click(app, scene.dialog.buttons[0].rect.center)
    assert s.grid[first][cell(1, 10)] >= 0 and s.grid[first][cell(3, 10)] >= 0
    click(app, scene.button_rect("end_actions").center)
    assert s.phase in ("replenish", "exchange")
    while s.phase == "replenish":
        stack = min(scene.targets().stacks)
        click(app, scene.stack_rect(stack).center)
    assert s.phase == "exchange"
    click(app, scene.button_rect("exchange").center)
    assert isinstance(scene.dialog, ExchangeDialog)
    given = scene.dialog.card
    assert scene.dialog.under == 0 and scene.dialog.unders() == [0, 1, 2, 3]  # any stack of its back
    click(app, scene.dialog.under_rects[2].center)
    assert scene.dialog.under == 2
    stack = next(i for i, n in enumerate(s.stacks) if n)
    click(app, scene.dialog.stack_rects[stack].center)
    click(app, scene.dialog.top_b.rect.center)
    assert given not in s.hands[first] and s.stacks[2][-1] == given
    assert s.current == second and s.phase == "roll"
    assert scene.pass_screen is not None
    _pass_if_asked(app, scene)
    assert scene.near == second
    game.chance.force(2, 4)
    click(app, scene.button_rect("roll").center)
    assert s.phase == "action"
    click(app, scene.button_rect("end_actions").center)
    assert s.phase in ("replenish", "exchange")
    assert (tmp_path / "saves" / "autosave.json").exists()
    scene.on_exit()


def test_payment_dialog_choice_is_applied(tmp_path: Path) -> None:
    """Looking through a stack costs two resources of any kind: the payment dialog opens, the player moves the
    payment to other regions, and exactly those regions pay."""
    game = rivals_game("rivals-intro", ["human", "random"], seed=2)
    first = game.active_players()[0]
    game.apply(A.ChooseStartStack(first, 0))
    game.apply(A.ChooseStartStack(1 - first, 1))
    s = game.state
    s.current, s.phase = 0, "exchange"
    s.store[0] = [0] * len(s.store[0])
    s.store[0][HILLS], s.store[0][FOREST], s.store[0][PASTURE] = 2, 1, 1
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    scene.game_changed()
    app.step([], 0.016)
    click(app, scene.button_rect("exchange").center)
    dialog = scene.dialog
    assert isinstance(dialog, ExchangeDialog)
    click(app, dialog.stack_rects[2].center)
    assert dialog.search_b.enabled
    click(app, dialog.search_b.rect.center)
    pay = scene.dialog
    assert isinstance(pay, PaymentDialog)
    assert pay.ok.enabled  # the offered payment (2 brick) is accepted as it is
    steppers = {c: st for (c, _), st in zip(pay.tiles, pay.steppers)}
    click(app, steppers[HILLS].minus.center)
    click(app, steppers[HILLS].minus.center)
    assert not pay.ok.enabled  # nothing paid: refused
    click(app, steppers[FOREST].plus.center)
    click(app, steppers[PASTURE].plus.center)
    assert pay.ok.enabled
    click(app, pay.ok.rect.center)
    assert (s.store[0][HILLS], s.store[0][FOREST], s.store[0][PASTURE]) == (2, 0, 0)
    assert isinstance(scene.dialog, StackPickDialog)  # the searched stack, shown to this seat only
    hand = len(s.hands[0])
    click(app, scene.dialog.rects[0].center)
    assert len(s.hands[0]) == hand + 1
    scene.on_exit()


def test_opponent_decision_goes_to_the_opponent_behind_the_pass_screen(tmp_path: Path) -> None:
    """Hot seat: a decision of the seat that is not on turn brings up the pass screen for that seat; after passing,
    its principality lies at the bottom, its regions light up, and a click answers the decision."""
    game = rivals_game("rivals-intro", ["human", "human"], seed=5)
    first = game.active_players()[0]
    game.apply(A.ChooseStartStack(first, 0))
    game.apply(A.ChooseStartStack(1 - first, 1))
    s = game.state
    s.current, s.phase = 0, "action"
    app, scene = _open(tmp_path, (1280, 720), "cs", game)
    scene.game_changed()
    _pass_if_asked(app, scene)
    assert scene.near == 0
    s.store[1][MOUNTAINS] = 2
    events: list = []
    queue(s, [(1, "give", (4, 0, MOUNTAINS, "brigands"))], events, front=True)
    s.store[1][cell(3, 10)] = 0
    # A second ore region makes the choice real (otherwise the rules give from the only one).
    from tests.game.rivals.helpers import build_at

    build_at(game, 1, "mountains", cell(3, 10))
    s.store[1][cell(3, 10)] = 1
    scene.game_changed()
    app.step([], 0.016)
    assert game.active_players() == (1,)
    assert scene.pass_screen is not None and scene.pass_screen.player == 1
    assert scene.targets().near == {}  # nothing of seat 1 is clickable before the pass
    click(app, scene.pass_button_rect().center)
    assert scene.near == 1
    lit = scene.targets().near
    assert set(lit) == {MOUNTAINS, cell(3, 10)}
    ore_before = s.store[0][MOUNTAINS]
    click(app, scene.cell_rect(1, cell(3, 10)).center)
    assert s.store[1][cell(3, 10)] == 0 and s.store[1][MOUNTAINS] == 2
    assert s.store[0][MOUNTAINS] == min(3, ore_before + 1)
    assert scene.pass_screen is not None and scene.pass_screen.player == 0
    scene.on_exit()


def test_decision_dialogs_open_for_their_seat(tmp_path: Path) -> None:
    """Place-regions and list decisions open their dialogs for the deciding human only."""
    game = rivals_game("rivals-intro", ["human", "random"], seed=6)
    first = game.active_players()[0]
    game.apply(A.ChooseStartStack(first, 0))
    game.apply(A.ChooseStartStack(1 - first, 1))
    s = game.state
    s.current, s.phase = 0, "action"
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    events: list = []
    queue(s, [(0, "place_regions", (FOREST, HILLS))], events, front=True)
    scene.game_changed()
    app.step([], 0.016)
    assert isinstance(scene.dialog, PlaceRegionsDialog)
    forest, hills = s.grid[0][FOREST], s.grid[0][HILLS]
    click(app, scene.dialog.buttons[1].rect.center)  # swap
    assert (s.grid[0][FOREST], s.grid[0][HILLS]) == (hills, forest)
    assert scene.dialog is None
    s.store[0][GOLD_FIELD] = 1
    queue(s, [(0, "merchant", (2,))], events, front=True)
    scene.game_changed()
    app.step([], 0.016)
    assert isinstance(scene.dialog, DecisionDialog) and not scene.dialog.closable
    scene.on_exit()


def test_trade_and_play_dialogs(tmp_path: Path) -> None:
    """The trade dialog trades what the game offers; an action card opens its options with the card beside them."""
    game = rivals_game("rivals-intro", ["human", "random"], seed=7)
    first = game.active_players()[0]
    game.apply(A.ChooseStartStack(first, 0))
    game.apply(A.ChooseStartStack(1 - first, 1))
    s = game.state
    s.current, s.phase = 0, "action"
    s.store[0][MOUNTAINS] = 3
    s.store[0][FOREST] = 0
    from tests.game.rivals.helpers import to_hand

    caravan = to_hand(game, 0, "merchant_caravan")
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    scene.game_changed()
    app.step([], 0.016)
    click(app, scene.button_rect("trade").center)
    dialog = scene.dialog
    assert isinstance(dialog, TradeDialog)
    ore = next(b for key, b in dialog.give_buttons if key[0] == 4)
    click(app, ore.rect.center)
    lumber = next(b for r, b in dialog.get_buttons if r == 2)
    click(app, lumber.rect.center)
    click(app, dialog.ok.rect.center)
    assert s.store[0][MOUNTAINS] == 0 and s.store[0][FOREST] == 1
    rect = scene.hand_rect(caravan)
    assert rect is not None
    _full_click(app, rect.center)
    assert isinstance(scene.dialog, OptionsDialog) and scene.dialog.card == caravan
    scene.on_exit()


def test_right_click_zooms_a_card(tmp_path: Path) -> None:
    """A right click on a card of the principality pins it large; the next click lets go."""
    game = rivals_game("rivals-intro", ["human", "random"], seed=8)
    app, scene = _open(tmp_path, (1280, 720), "en", game)
    app.step([], 0.016)
    pos = scene.cell_rect(scene.near, FOREST).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)], 0.016)
    assert scene.zoomed_card() == game.state.grid[scene.near][FOREST]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.016)
    assert scene.zoomed_card() is None
    scene.on_exit()


@pytest.mark.parametrize("variant", ["rivals-intro", "rivals-gold", "rivals-duel"])
def test_ai_duel_runs_to_its_end(tmp_path: Path, variant: str) -> None:
    """Two AIs play a whole game through App.step (watch mode); the Rivals end screen comes up."""
    game = rivals_game(variant, ["random", "random"], seed=11)
    app, scene = _open(tmp_path, (1280, 720), "en", game)
    app.settings.animation_speed = 4.0
    shown: list[Any] = []
    app.show_end_of_game = shown.append  # type: ignore[method-assign]
    deadline = time.monotonic() + 240
    while not shown and time.monotonic() < deadline:
        app.step([], 0.25)
        time.sleep(0.0005)
    assert game.is_over() and shown == [game]
    assert len(scene.log.entries) > 40
    scene.on_exit()


def test_end_screen_draws(tmp_path: Path) -> None:
    """The Rivals end screen draws through App.show_end_of_game."""
    from gui.rivals.end import RivalsEndScene

    game = rivals_game("rivals-intro", ["random", "random"], seed=2)
    _advance(game, 50_000, 2)
    assert game.is_over()
    app = make_app((1280, 720), "cs", tmp_path)
    app.show_end_of_game(game)
    app.step([], 0.016)
    assert isinstance(app.stack[-1], RivalsEndScene)


@pytest.mark.parametrize("variant", RIVALS)
def test_monkey(tmp_path: Path, variant: str) -> None:
    """Seeded random clicks, drags, keys and resizes on a hot-seat game never raise, and the game moves on."""
    rng = random.Random(2025)
    game = rivals_game(variant, ["human", "human"], seed=9)
    app, scene = _open(tmp_path, (1280, 720), "cs", game)
    scene.leave = scene.close_dialog  # type: ignore[method-assign]  # stay at the table
    keys = [pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_e, pygame.K_r, pygame.K_t]

    def live() -> list[tuple[int, int]]:
        targets = [b.rect.center for b in scene.buttons.values() if b.enabled]
        d = scene.dialog
        if d is not None:
            targets += [b.rect.center for b in d.buttons if b.enabled]
            targets += [st.plus.center for st in d.steppers]
            for name in ("rects", "hand_rects", "stack_rects"):
                targets += [r.center for r in getattr(d, name, [])]
            if hasattr(d, "list"):
                targets += [d.list.row_rect(i).center for i in range(min(4, len(d.list.rows)))]
        found = scene.targets()
        geo = scene.geometry(scene.near)
        targets += [scene.cell_rect(scene.near, c).center for c in found.near if geo.shown(c)]
        targets += [scene.stack_rect(i).center for i in found.stacks]
        scene._layout_fan()
        targets += [r.center for r in scene.fan.rects]
        targets += [scene.supply_rect(k).center for k in ("road", "settlement", "city")]
        return targets

    for _ in range(1200):
        monkey_step(app, scene, rng, keys, live, wander=0.2, live=0.93, keyed=0.97, ctrl=False, hover_live=True)
        if rng.random() < 0.05:  # now and then a release, so presses become clicks and drags end
            app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=scene.hover_pos, button=1)], 0.03)
    assert len(game.log) > 40
    scene.on_exit()


def test_theme_start_by_clicks(tmp_path: Path) -> None:
    """Era of Gold, hot seat: a basic stack is chosen on the table, three cards are picked from it in the dialog,
    two regions are swapped by clicking them, and Done hands the arranging to the other seat."""
    game = rivals_game("rivals-gold", ["human", "human"], seed=12)
    app, scene = _open(tmp_path, (1600, 900), "cs", game)
    app.step([], 0.016)
    first = game.active_players()[0]
    s = game.state
    basic = [i for i, back in enumerate(s.stack_backs) if back == "basic"]
    assert set(scene.targets().stacks) == set(basic)
    click(app, scene.stack_rect(basic[1]).center)
    for _ in range(3):
        assert isinstance(scene.dialog, StackPickDialog)
        click(app, scene.dialog.rects[-1].center)
    assert len(s.hands[first]) == 3
    _pass_if_asked(app, scene)
    second = 1 - first
    click(app, scene.stack_rect(basic[0]).center)
    for _ in range(3):
        click(app, scene.dialog.rects[0].center)
    assert len(s.hands[second]) == 3
    _pass_if_asked(app, scene)
    assert game.active_players() == (first,) and scene.near == first
    a, b = FOREST, MOUNTAINS
    forest, mountains = s.grid[first][a], s.grid[first][b]
    click(app, scene.cell_rect(first, a).center)
    assert scene.marked == [a]
    click(app, scene.cell_rect(first, b).center)
    assert (s.grid[first][a], s.grid[first][b]) == (mountains, forest)
    click(app, scene.button_rect("done").center)
    assert game.active_players() == (second,)
    scene.on_exit()


def test_a_stack_shows_the_cards_put_under_it(tmp_path: Path) -> None:
    """A draw stack with cards put under it carries a chip with their count and says so in its tooltip; the others
    do not."""
    from gui.rivals.centre import RETURNED_FILL, returned_chip_center

    game = rivals_game("rivals-intro", ["human", "random"], seed=2)
    bots = [make_bot("random", "rivals") for _ in range(2)]
    rng = random.Random(5)
    while not any(game.state.returned) and not game.is_over():
        actor = game.active_players()[0]
        game.apply(bots[actor].choose(game.view(actor), game.legal_actions(actor), rng))
    returned = tuple(game.state.returned)
    under = next(i for i, n in enumerate(returned) if n)
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    app.step([], 0.016)
    assert scene.view.stack_returned == returned
    stacks = scene.spots.stacks
    chip = returned_chip_center(stacks[under], scene.lay.scale)
    assert tuple(app.screen.get_at(chip))[:3] == RETURNED_FILL
    scene.hover_pos = stacks[under].center
    assert scene._tooltip().endswith(f"Cards players put under it: {returned[under]}")
    plain = next(i for i, n in enumerate(returned) if not n and game.state.stacks[i])
    assert tuple(app.screen.get_at(returned_chip_center(stacks[plain], scene.lay.scale)))[:3] != RETURNED_FILL
    scene.hover_pos = stacks[plain].center
    assert "put under" not in scene._tooltip()
    scene.on_exit()
