"""The victim dialog after a knight offers "Do not steal"; after a seven it does not (issue 14 item 11)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.catan import actions as A
from game.catan import state as S
from game.catan.constants import KNIGHT
from gui.catan.dialogs import VictimDialog
from gui.catan.scene import CatanTableScene
from tests.gui.table_fixtures import catan_game, click, make_app, settle


def robber_position(cause: str) -> tuple[Any, int, int]:
    """A four-human game after the set-up with red to move the robber (after a knight or a seven) onto a hex where
    an opponent with cards has a building; returns the game, that hex and the opponent."""
    game = catan_game(["human"] * 4, seed=3)
    while game.state.phase in (S.SETUP_SETTLEMENT, S.SETUP_ROAD):
        p = game.active_players()[0]
        game.apply(game.legal_actions(p)[0])
    s = game.state
    s.current = 0
    s.phase = S.MOVE_ROBBER
    s.robber_cause = cause
    if cause == "knight":
        s.dev_played[0][KNIGHT] += 1
        s.dev_played_turn = True
        s.has_rolled = False
    else:
        s.has_rolled = True
        s.last_roll = (3, 4)
    for p in range(1, 4):
        s.hands[p][0] += 1
        s.bank[0] -= 1
    hex_index, victim = next((h, v) for h in range(19) if h != s.robber
                             for v in game.robber_victims(0, h))
    return game, hex_index, victim


def open_table(tmp_path: Path, lang: str, size: tuple[int, int], cause: str) -> tuple[Any, Any, int, int]:
    """The table in that position, with the robber's hex clicked."""
    game, hex_index, victim = robber_position(cause)
    app = make_app(size, lang, tmp_path)
    scene = CatanTableScene(app, game)
    app.push(scene)
    if scene.pass_screen is not None:
        app.step([], 0.016)
        click(app, scene.pass_button_rect().center)
    settle(app, 3, 0.3)
    scene._click_board(("hex", hex_index))
    app.step([], 0.016)
    return app, scene, hex_index, victim


def open_dialog(tmp_path: Path, lang: str, size: tuple[int, int], cause: str) -> tuple[Any, Any, VictimDialog, int]:
    """The victim dialog of the knight's robber."""
    app, scene, hex_index, victim = open_table(tmp_path, lang, size, cause)
    assert isinstance(scene.dialog, VictimDialog)
    return app, scene, scene.dialog, victim


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_decline_button_after_a_knight(tmp_path: Path, lang: str) -> None:
    """After a knight the dialog shows a Do-not-steal button that moves the robber without a theft."""
    app, scene, dialog, victim = open_dialog(tmp_path, lang, (1280, 720), "knight")
    assert dialog.may_decline
    label = app.t("table.robber.decline")
    button = next(b for b in dialog.buttons if b.label == label)
    hands = [list(h) for h in scene.game.state.hands]
    click(app, button.rect.center)
    last = scene.game.log[-1].action
    assert isinstance(last, A.MoveRobber) and last.victim is None and last.hex == dialog.hex
    assert [list(h) for h in scene.game.state.hands] == hands


def test_no_decline_after_a_seven(tmp_path: Path) -> None:
    """After a seven the theft is compulsory: with one victim on the hex the click robs at once, no dialog asks."""
    app, scene, hex_index, victim = open_table(tmp_path, "en", (1280, 720), "seven")
    last = scene.game.log[-1].action
    assert scene.dialog is None or not isinstance(scene.dialog, VictimDialog)
    assert isinstance(last, A.MoveRobber) and last.hex == hex_index and last.victim == victim


def render_victim_dialog(out: Path, lang: str, size: tuple[int, int]) -> None:
    """Draw the knight's victim dialog to a PNG (for looking at it)."""
    app, scene, dialog, victim = open_dialog(out.parent, lang, size, "knight")
    app.step([], 0.016)
    pygame.image.save(app.screen, str(out))


def test_while_the_victim_is_asked_the_robber_stands_on_its_hex_alone_lit(tmp_path: Path) -> None:
    """The hex is chosen: the robber is drawn there (not on its old hex) and no other hex stays lit."""
    app, scene, dialog, victim = open_dialog(tmp_path, "cs", (1280, 720), "knight")
    assert scene.marks().hexes == (dialog.hex,)
    drawn: list[Any] = []
    original = scene.board_view.draw

    def recording(surface: Any, state: Any, marks: Any = None, robber_at: Any = None, quick: bool = False) -> None:
        drawn.append(robber_at)
        original(surface, state, marks, robber_at, quick)

    scene.board_view.draw = recording  # type: ignore[method-assign]
    app.step([], 0.016)
    assert drawn and drawn[-1] == scene.board_view.robber_pos(dialog.hex) != scene.board_view.robber_pos(
        scene.game.state.robber)
