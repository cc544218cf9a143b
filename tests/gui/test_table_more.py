"""Headless tests of the Catan table's smaller items (issue #13, items 17 and 19): the new game's board preview and
options that have no effect, hex and harbor information, the bank's stock, shortcut keys on the buttons, the roll
prompt, the discard warning, several bank trades in one go and button tooltips above the button block."""

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
from game.catan.constants import KNIGHT, RESOURCES
from game.catan.variants import CatanBase
from gui.catan import painter as painter_module
from gui.catan.dialogs import MaritimeDialog
from gui.catan.trade_panel import TradePanel
from gui.catan.scene import KEY_HINTS, CatanTableScene
from tests.gui.table_fixtures import catan_game, click, make_app, press, settle

KEYS = {"R": pygame.K_r, "1": pygame.K_1, "2": pygame.K_2, "3": pygame.K_3, "E": pygame.K_e, "B": pygame.K_b,
        "T": pygame.K_t, "K": pygame.K_k, "Space": pygame.K_SPACE, "N": pygame.K_n, "−": pygame.K_MINUS,
        "+": pygame.K_PLUS}


def _advance(game: Any, cond: Any, seed: int = 5, limit: int = 6000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if cond(game):
            return
        p = game.active_players()[0]
        game.apply(rng.choice(game.legal_actions(p)))
    raise AssertionError("state not reached")


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


def _give(game: Any, player: int, cards: dict[int, int]) -> None:
    """Move cards from the bank into a hand (the total of each resource stays as printed)."""
    for r, n in cards.items():
        game.state.hands[player][r] += n
        game.state.bank[r] -= n
    game.forget_listed()


def _main_turn(seed: int = 5) -> Any:
    game = catan_game(["human", "easy", "easy", "easy"], seed=3, options={"board": "variable"})
    _advance(game, lambda g: g.state.phase == S.MAIN and g.state.current == 0 and g.state.turn_number > 2, seed)
    return game


def _roll_turn(seed: int = 5) -> Any:
    game = catan_game(["human", "easy", "easy", "easy"], seed=3, options={"board": "variable"})
    _advance(game, lambda g: g.state.phase == S.ROLL and g.state.current == 0 and g.state.turn_number > 2, seed)
    return game


# ---------------------------------------------------------------- rules model


def test_options_say_when_they_apply() -> None:
    """The number-token options apply only on the variable board; the others always."""
    specs = {spec.name: spec for spec in CatanBase.option_specs}
    for name in ("tokens", "no_adjacent_red"):
        assert specs[name].applies({"board": "variable"})
        assert not specs[name].applies({"board": "beginner"})
        assert not specs[name].applies({"board": "layout"})
    for name in ("vp_target", "discard_limit", "separate_phases", "bank_rule"):
        assert specs[name].applies({"board": "beginner"})


def test_discard_owed_follows_the_limit_option() -> None:
    """Half the hand (rounded down) above the discard limit, nothing at or under it."""
    game = catan_game(["human"] * 3)
    assert [game.discard_owed(n) for n in (0, 7, 8, 9, 13)] == [0, 0, 4, 4, 6]
    game = catan_game(["human"] * 3, options={"discard_limit": 9})
    assert [game.discard_owed(n) for n in (9, 10, 11)] == [0, 5, 5]


# ---------------------------------------------------------------- new game


def _new_game(tmp_path: Path, lang: str = "en") -> tuple[Any, Any]:
    from gui.new_game import NewGameScene

    app = make_app((1280, 720), lang, tmp_path)
    scene = NewGameScene(app)
    app.push(scene)
    scene.set_variant(next(i for i, v in enumerate(scene.variants) if v.id == "catan-base"))
    scene.seed_field.set_text("4242")
    app.step([], 0.016)
    return app, scene


def test_new_game_previews_the_board_the_choices_give(tmp_path: Path) -> None:
    """The base game shows its board: a new picture when the board, the seed or a board option changes, the
    same picture for the same choices."""
    app, scene = _new_game(tmp_path)
    assert scene.has_board_preview and scene.preview_rect.w > 100
    beginner = scene._board_preview
    assert beginner is not None and scene._board_error is None
    scene.set_board_mode("variable")
    app.step([], 0.016)
    variable = scene._board_preview
    assert variable is not None and variable is not beginner
    first = pygame.image.tobytes(variable, "RGB")
    assert first != pygame.image.tobytes(beginner, "RGB")
    scene.seed_field.set_text("4243")
    app.step([], 0.016)
    other_seed = pygame.image.tobytes(scene._board_preview, "RGB")
    assert other_seed != first
    scene.seed_field.set_text("4242")
    app.step([], 0.016)
    assert pygame.image.tobytes(scene._board_preview, "RGB") == first
    scene.set_option("tokens", "random")
    app.step([], 0.016)
    assert pygame.image.tobytes(scene._board_preview, "RGB") != first
    # the preview is the board of the game Start would begin
    assert scene.build_game().state.board.numbers == scene.build_game().state.board.numbers


def test_board_options_are_greyed_out_where_they_do_nothing(tmp_path: Path) -> None:
    """On the beginner board the number-token options are inactive (a click changes nothing, the tooltip says
    why); on the variable board they work."""
    from gui.new_game import InactiveOption

    app, scene = _new_game(tmp_path)
    assert scene.board_mode == "beginner"
    inactive = [w for w in scene.widgets if isinstance(w, InactiveOption)]
    assert len(inactive) == 2
    before = dict(scene.options)
    for widget in inactive:
        click(app, widget.rect.center)
    assert scene.options == before
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=inactive[0].rect.center, rel=(0, 0), buttons=(0, 0, 0))],
             0.016)
    assert "Set-up" in inactive[0].reason and "variable" in inactive[0].reason
    scene.set_board_mode("variable")
    assert not [w for w in scene.widgets if isinstance(w, InactiveOption)]
    toggle = next(w for w in scene.widgets if getattr(w, "labels", None) and hasattr(w, "value")
                  and w.value is True and w.rect.y > scene.options_heading_y)
    click(app, toggle.rect.center)
    assert scene.options["no_adjacent_red"] is False


# ---------------------------------------------------------------- table


def test_hex_and_harbor_hover_information(tmp_path: Path) -> None:
    """Over a hex: its number, pips and odds as n/36 and %; over a harbor badge: its rate and resource."""
    game = _main_turn()
    app, scene = _table(tmp_path, game)
    board = game.state.board
    h = next(i for i, n in enumerate(board.numbers) if n == 8 and i != game.state.robber)
    scene.hover_pos = scene.board_view.hex_screen_pos(h)
    scene.hover = None
    tip = scene._tooltip()
    assert tip is not None and "8" in tip and "5 pips" in tip and "5/36" in tip and "13.9 %" in tip
    desert = board.terrains.index("desert")
    scene.hover_pos = scene.board_view.hex_screen_pos(desert)
    assert "produces nothing" in scene._tooltip()
    spot = next(i for i, kind in enumerate(board.harbors) if kind != "generic_3_1")
    scene.hover_pos = tuple(round(c) for c in scene.board_view._harbor_geometry(spot)[0])
    tip = scene._tooltip()
    assert tip is not None and "2:1" in tip
    scene.on_exit()


def test_hex_information_in_czech(tmp_path: Path) -> None:
    """Czech counts the pips with the right plural and writes a decimal comma."""
    game = _main_turn()
    app, scene = _table(tmp_path, game, lang="cs")
    board = game.state.board
    for number, pips in ((6, "5 teček"), (4, "3 tečky"), (2, "1 tečka")):
        h = next(i for i, n in enumerate(board.numbers) if n == number)
        scene.hover_pos = scene.board_view.hex_screen_pos(h)
        tip = scene._tooltip()
        assert pips in tip and f"{pips.split()[0]}/36" in tip, tip
        if number == 6:
            assert "13,9 %" in tip
    scene.on_exit()


def test_bank_stock_is_shown(tmp_path: Path) -> None:
    """The bank's box in the board's corner: the counts of the public view, in a tooltip too."""
    game = _main_turn()
    app, scene = _table(tmp_path, game)
    box = scene.bank_box.rect
    assert scene.lay.board.contains(box) and not box.colliderect(scene.lay.dice)
    scene.hover_pos = box.center
    tip = scene._tooltip()
    bank = scene.view.state.bank
    for r, n in enumerate(bank):
        assert f"{RESOURCES[r]} {n}" in tip
    assert f"development cards: {scene.view.dev_deck_size}" in tip
    scene.on_exit()


def test_every_shown_key_works(tmp_path: Path) -> None:
    """Each action button shows its key, and that key does what a click does."""
    game = _main_turn()
    _give(game, 0, {r: 4 for r in range(5)})
    app, scene = _table(tmp_path, game)
    scene._controls_key = None
    scene._refresh_controls()
    shown = {bid: b.key_hint for bid, b in scene.buttons.items() if getattr(b, "key_hint", "")}
    assert shown == {bid: k for bid, k in KEY_HINTS.items() if bid in scene.buttons}
    assert set(shown) >= {"roll", "road", "settlement", "city", "end", "dev", "trade", "bank"}
    for bid in ("road", "settlement", "city"):
        if scene.buttons[bid].enabled:
            press(app, KEYS[shown[bid]])
            assert scene.mode == bid
            press(app, KEYS[shown[bid]])
            assert scene.mode is None
    assert scene.buttons["road"].enabled
    press(app, KEYS[shown["bank"]])
    assert isinstance(scene.dialog, MaritimeDialog)
    scene.close_dialog()
    press(app, KEYS[shown["trade"]])
    assert isinstance(scene.dialog, TradePanel)
    scene.close_dialog()
    devs = sum(game.state.dev_hand[0])
    press(app, KEYS[shown["dev"]])
    assert sum(game.state.dev_hand[0]) == devs + 1
    press(app, KEYS[shown["end"]])
    assert game.state.current != 0
    scene.on_exit()


def test_roll_key_and_prompt_without_a_knight(tmp_path: Path) -> None:
    """Before the roll: no knight, no 'play a knight first'; with a playable knight the prompt says so; R rolls."""
    game = _roll_turn()
    game.state.dev_hand[0] = [0] * 5
    game.forget_listed()
    app, scene = _table(tmp_path, game)
    text, _ = scene.prompt()
    assert "knight" not in text and "roll the dice" in text
    scene.on_exit()
    game.state.dev_hand[0][KNIGHT] = 1
    game.state.dev_new[0] = [0] * 5
    game.forget_listed()
    assert any(isinstance(a, A.PlayKnight) for a in game.legal_actions(0))
    app, scene = _table(tmp_path / "knight", game)
    assert "knight" in scene.prompt()[0]
    assert scene.buttons["roll"].key_hint == "R"
    press(app, pygame.K_r)
    assert game.state.phase != S.ROLL or game.state.last_roll is not None
    scene.on_exit()


def test_warning_when_a_seven_would_cost_cards(tmp_path: Path) -> None:
    """Before the roll, a hand over the discard limit gets a warning naming how many cards a seven costs."""
    game = _roll_turn()
    held = sum(game.state.hands[0])
    if held > 7:
        _give(game, 0, {r: -n for r, n in enumerate(game.state.hands[0])})
    app, scene = _table(tmp_path, game)
    assert scene.discard_warning() is None
    scene.on_exit()
    _give(game, 0, {2: 9 - sum(game.state.hands[0])})
    app, scene = _table(tmp_path / "more", game)
    held = sum(game.state.hands[0])
    warning = scene.discard_warning()
    assert warning is not None and str(held) in warning and str(held // 2) in warning
    app.step([], 0.016)
    rect = scene.discard_warning_rect()
    assert rect is not None and scene.lay.hand.contains(rect)
    scene.hover_pos = rect.center
    assert scene._tooltip() == warning
    scene.on_exit()


def test_bank_trade_several_times_in_one_go(tmp_path: Path) -> None:
    """The bank dialog trades the chosen pair as many times as asked: each a MaritimeTrade through the rules."""
    game = _main_turn()
    hand = game.state.hands[0]
    _give(game, 0, {2: 12 - hand[2]})
    app, scene = _table(tmp_path, game)
    scene.open_dialog("maritime")
    dialog = scene.dialog
    assert isinstance(dialog, MaritimeDialog)
    rate = game.maritime_rate(0, 2)
    dialog.give, dialog.get = 2, 4
    dialog.refresh()
    assert dialog.most_times() == min(12 // rate, game.state.bank[4])
    assert dialog.times_stepper.maximum == dialog.most_times()
    dialog.times_stepper._set(3)
    assert dialog.times == 3
    ore = hand[4]
    log_before = len(game.log)
    click(app, dialog.trade.rect.center)
    assert game.state.hands[0][2] == 12 - 3 * rate and game.state.hands[0][4] == ore + 3
    trades = [a for a in game.log[log_before:] if isinstance(getattr(a, "action", a), A.MaritimeTrade)]
    assert len(trades) == 3
    assert scene.dialog is dialog and dialog.times == 1
    scene.on_exit()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_button_tooltips_stay_above_the_buttons(tmp_path: Path, size: tuple[int, int],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A build button's tooltip is drawn above the whole button block: it covers no button."""
    boxes: list[pygame.Rect] = []
    original = painter_module.draw_tooltip_above

    def record(*args: Any) -> pygame.Rect:
        box = original(*args)
        boxes.append(box)
        return box

    monkeypatch.setattr(painter_module, "draw_tooltip_above", record)
    game = _main_turn()
    app, scene = _table(tmp_path, game, size)
    block = [b for bid, b in scene.buttons.items() if bid not in ("menu", "undo")]
    for b in block:
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0), buttons=(0, 0, 0))], 0.016)
        assert boxes, b.label
        assert not any(boxes[-1].colliderect(o.rect) for o in block), b.label
    scene.on_exit()
