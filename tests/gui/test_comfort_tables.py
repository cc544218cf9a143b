"""Comfort at every table: the settings screen's rows clear of its note, colour-blind marks, hints and keyboard
focus at the Rivals and quick card game tables, and their tours."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from gui.fonts import font
from gui.settings import UI_SCALES


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 640)])
def test_settings_rows_end_above_the_saved_to_note(make_app: Any, size: tuple[int, int]) -> None:
    from gui.dialogs import px
    from gui.settings_scene import SettingsScene

    app = make_app(size)
    for factor in UI_SCALES:
        app.settings.ui_scale = factor
        scene = SettingsScene(app)
        s = scene.scale
        last = scene.rows[-1][2]
        hint_bottom = last.centery + px(13, s) + font(px(15, s)).get_linesize() // 2
        note_top = scene.note_bottom - font(px(13, s)).get_linesize()
        assert hint_bottom <= note_top, (size, factor)
        assert scene.note_bottom <= scene.back_button.rect.y
        tops = [rect.centery - px(10, s) - font(px(20, s)).get_linesize() // 2 for _, _, rect in scene.rows]
        bottoms = [rect.centery + px(13, s) + font(px(15, s)).get_linesize() // 2 for _, _, rect in scene.rows]
        assert all(b <= t for b, t in zip(bottoms, tops[1:])), "rows do not overlap each other"


def _key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def _ring_is_drawn(app: Any, widget: Any) -> bool:
    ring = widget.rect.inflate(8, 8)
    return app.screen.get_at((ring.centerx, ring.top)) == pygame.Color(255, 255, 255)


def test_catan_table_dialogs_take_tab_and_enter(make_app: Any) -> None:
    from tests.gui.table_fixtures import catan_game

    app = make_app((1600, 900))
    game = catan_game(["human", "random", "random"], seed=3)
    app.start_game(game)
    table = app.top
    table.open_dialog("menu")
    dialog = table.dialog
    app.step([_key(pygame.K_TAB)], 1 / 60)
    assert dialog.focus.focused(dialog.focus_widgets()) is dialog.buttons[0]
    assert _ring_is_drawn(app, dialog.buttons[0])
    app.step([_key(pygame.K_TAB)], 1 / 60)
    assert dialog.focus.focused(dialog.focus_widgets()) is dialog.buttons[1]
    app.step([_key(pygame.K_TAB, pygame.KMOD_SHIFT)], 1 / 60)
    app.step([_key(pygame.K_RETURN)], 1 / 60)
    assert table.dialog is None, "Enter pressed the focused Resume"


def test_catan_bank_dialog_focus_reaches_every_column(make_app: Any) -> None:
    from gui.catan.dialogs import MaritimeDialog
    from tests.gui.table_fixtures import catan_game
    from tests.gui.test_comfort import _to_main_phase

    app = make_app((1600, 900))
    game = catan_game(["human", "random", "random"], seed=3)
    _to_main_phase(game)
    game.state.hands[0] = [4, 0, 0, 0, 0]
    app.start_game(game)
    table = app.top
    table.game_changed()
    table.open_dialog("maritime")
    dialog = table.dialog
    assert isinstance(dialog, MaritimeDialog)
    widgets = dialog.focus_widgets()
    assert {id(b) for b in dialog.give_buttons + dialog.get_buttons} <= {id(w) for w in widgets}
    app.step([_key(pygame.K_TAB)], 1 / 60)
    first = dialog.focus.focused(dialog.focus_widgets())
    assert first is dialog.give_buttons[0], "enabled give buttons come first"
    app.step([], 1 / 60)
    assert dialog.focus.focused(dialog.focus_widgets()) is first, "draw() hiding the columns keeps the focus"
    assert _ring_is_drawn(app, first)


def test_rivals_dialogs_take_tab_and_enter(tmp_path: Any) -> None:
    from gui.rivals.dialogs import OptionsDialog
    from tests.gui.test_rivals_overlays import _to_actions
    from tests.gui.test_rivals_table import _open, rivals_game

    game = rivals_game("rivals-intro", ["human", "random"], seed=8)
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    _to_actions(game)
    scene.game_changed()
    scene.open_dialog("options")
    dialog = scene.dialog
    assert isinstance(dialog, OptionsDialog)
    app.step([_key(pygame.K_TAB)], 0.016)
    assert dialog.focus.focused(dialog.focus_widgets()) is dialog.list
    app.step([_key(pygame.K_DOWN)], 0.016)
    assert dialog.list.selected == 1
    app.step([_key(pygame.K_TAB), _key(pygame.K_TAB)], 0.016)
    focused = dialog.focus.focused(dialog.focus_widgets())
    assert focused is not dialog.list and focused is not dialog.ok
    before = len(game.log)
    app.step([_key(pygame.K_RETURN)], 0.016)
    assert scene.dialog is None and len(game.log) == before, "Enter on Cancel closes without acting"
    scene.on_exit()


def test_rivals_card_dialogs_put_cards_in_the_focus(tmp_path: Any) -> None:
    from gui.rivals.turn_dialogs import ExchangeDialog
    from tests.gui.test_rivals_overlays import _to_actions
    from tests.gui.test_rivals_table import _open, rivals_game

    game = rivals_game("rivals-intro", ["human", "random"], seed=8)
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    _to_actions(game)
    game.state.current, game.state.phase = 0, "exchange"
    scene.game_changed()
    dialog = ExchangeDialog(scene, 0)
    scene.dialog = dialog
    dialog.layout(scene.lay.board if hasattr(scene.lay, "board") else pygame.Rect(0, 0, 1600, 900), scene.lay.scale)
    assert len(dialog.focus_extra()) == len(dialog.hand) + len(dialog.under_rects) + len(dialog.stack_rects)
    app.step([_key(pygame.K_TAB), _key(pygame.K_TAB)], 0.016)
    app.step([_key(pygame.K_RETURN)], 0.016)
    assert dialog.card == dialog.hand[1]
    for _ in range(len(dialog.hand)):  # past the hand to the second stack it may go under
        app.step([_key(pygame.K_TAB)], 0.016)
    app.step([_key(pygame.K_SPACE)], 0.016)
    assert dialog.under == 1
    for _ in range(len(dialog.under_rects) - 1):  # on to the first stack to take from
        app.step([_key(pygame.K_TAB)], 0.016)
    app.step([_key(pygame.K_SPACE)], 0.016)
    assert dialog.stack == 0
    scene.on_exit()


def test_cards_dialogs_take_tab_arrows_and_enter(tmp_path: Any) -> None:
    from gui.cards.dialogs import PileDialog
    from tests.game.cards.helpers import set_hand
    from tests.gui.test_cards_table import _open, cards_game

    game = cards_game(["human", "human"], seed=4)
    set_hand(game, 0, (2, 1, 0, 0, 1))
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    scene.game_changed()
    app.step([], 0.016)
    scene.open_dialog("pile")
    dialog = scene.dialog
    assert isinstance(dialog, PileDialog)
    grain = dialog.steppers[4]
    for _ in range(5):
        app.step([_key(pygame.K_TAB)], 0.016)
    assert dialog.focus.focused(dialog.focus_widgets()) is grain
    app.step([_key(pygame.K_RIGHT)], 0.016)
    assert grain.value == 1 and dialog.ok.enabled, "the arrow stepped the focused stepper and the dialog refreshed"
    while dialog.focus.focused(dialog.focus_widgets()) is not dialog.ok:
        app.step([_key(pygame.K_TAB)], 0.016)
    app.step([_key(pygame.K_RETURN)], 0.016)
    assert sum(game.state.hands[0]) == 4 and scene.dialog is None
    scene.on_exit()


def _differs(before: pygame.Surface, after: pygame.Surface, area: pygame.Rect) -> bool:
    return any(before.get_at((x, y)) != after.get_at((x, y))
               for x in range(area.left, area.right) for y in range(area.top, area.bottom))


def test_colour_marks_at_the_rivals_table(tmp_path: Any) -> None:
    from tests.gui.test_rivals_table import _open, rivals_game

    game = rivals_game("rivals-intro", ["human", "random"], seed=8)
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    app.step([], 0.016)
    assert scene._seat(0).mark == ""
    plain = app.screen.copy()
    app.settings.colour_marks = True
    app.step([], 0.016)
    assert scene._seat(0).mark == game.seats[0].color
    for rect in (scene.lay.near_info, scene.lay.far_info):
        assert _differs(plain, app.screen, pygame.Rect(rect.x, rect.y, 40, 40)), "a mark beside each name"
    scene.on_exit()


def test_colour_marks_at_the_card_game_table(tmp_path: Any) -> None:
    from tests.gui.test_cards_table import _open, cards_game

    game = cards_game(["human", "random", "random", "random"], seed=4)
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    app.step([], 0.016)
    plain = app.screen.copy()
    app.settings.colour_marks = True
    app.step([], 0.016)
    for rect in scene.lay.tableaux[:4]:
        assert _differs(plain, app.screen, pygame.Rect(rect.x, rect.y, 50, 40)), "a mark on each player's area"
    scene.on_exit()


def test_card_game_hint_line_names_the_reason(tmp_path: Any) -> None:
    from gui.cards.hints import cards_hint
    from tests.game.cards.helpers import set_hand
    from tests.gui.test_cards_table import _open, cards_game

    game = cards_game(["human", "random"], seed=4)
    set_hand(game, 0, (0, 0, 0, 0, 0))
    app, scene = _open(tmp_path, (1600, 900), "cs", game)
    app.settings.hints = True
    scene.game_changed()
    app.step([], 0.016)
    road = scene.buttons["road"]
    assert not road.enabled
    before = app.screen.copy()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=road.rect.center, rel=(0, 0), buttons=(0, 0, 0))], 0.016)
    text = cards_hint(scene)
    assert text is not None and text.startswith("Nedostatek karet") and "1× cihly, 1× dřevo" in text
    strip = pygame.Rect(scene.lay.board.x, scene.lay.board.bottom - 60, scene.lay.board.w, 60)
    assert _differs(before, app.screen, strip), "the hint line is drawn"
    app.settings.hints = False
    assert cards_hint(scene) is None
    scene.on_exit()


def test_rivals_hint_line_for_a_card_that_cannot_be_played(tmp_path: Any) -> None:
    from gui.rivals.hints import rivals_hint
    from gui.rivals.interact import playable_cards
    from tests.gui.test_rivals_overlays import _to_actions
    from tests.gui.test_rivals_table import _open, rivals_game

    game = rivals_game("rivals-intro", ["human", "random"], seed=8)
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    app.settings.hints = True
    _to_actions(game)
    card = game.state.hands[0][0]
    game.state.fresh[0].append(card)  # taken this turn: not usable before the next one
    scene.game_changed()
    app.step([], 0.016)
    assert card not in playable_cards(scene.session.legal(0), scene.view.hand)
    pos = scene.hand_rect(card).center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.016)
    assert rivals_hint(scene) == app.t("reason.rivals.fresh")
    scene.on_exit()
