"""Headless tests of the Catan table's visible defects (issue #13): lit hexes under the pieces, the victim dialog
beside its hex, ghost pieces, the on-turn marker while others answer, the board filling the height, floating
gains inside the players' rows, 'Set-up' instead of turn 0, quiet watch controls after the end, the fading save
toast."""

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
from gui.catan.animations import FloatText
from gui.catan.board_view import FRAME_HEIGHT, FRAME_WIDTH, Marks
from gui.catan.dialogs import VictimDialog
from gui.catan.layout import compute_layout
from gui.catan.scene import CatanTableScene
from tests.gui.table_fixtures import catan_game, click, make_app, press, settle


def _advance(game: Any, cond: Any, seed: int = 5, limit: int = 4000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if cond(game):
            return
        p = game.active_players()[0]
        game.apply(rng.choice(game.legal_actions(p)))
    raise AssertionError("state not reached")


def _table(tmp_path: Path, game: Any, size: tuple[int, int] = (1280, 720), lang: str = "en") -> tuple[Any, Any]:
    app = make_app(size, lang, tmp_path)
    app.settings.animation_speed = 1.0
    scene = CatanTableScene(app, game)
    app.push(scene)
    if scene.pass_screen is not None:
        app.step([], 0.016)
        click(app, scene.pass_button_rect().center)
    return app, scene


def _freeze_ai(scene: Any) -> None:
    scene.session.update = lambda dt, hold=False: []  # type: ignore[method-assign]


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_board_fills_the_height_without_a_gutter(size: tuple[int, int]) -> None:
    """The board takes the whole height under the top bar; its rectangle is no wider than the framed board needs,
    and the dice sit inside the board's rectangle, above the frame's slanted side."""
    lay = compute_layout(size, 4)
    assert lay.board.bottom == size[1] and lay.board.y == lay.top.bottom
    r = min(lay.board.w / FRAME_WIDTH, lay.board.h / FRAME_HEIGHT)
    assert lay.board.w - r * FRAME_WIDTH < 0.06 * lay.board.w
    assert lay.board.contains(lay.dice)
    for part in (lay.players, lay.log, lay.hand, lay.actions):
        assert lay.side.contains(part) and not part.colliderect(lay.board)
    assert not lay.hand.colliderect(lay.actions) and not lay.log.colliderect(lay.hand)


def test_lit_hexes_are_drawn_under_the_pieces(tmp_path: Path) -> None:
    """Moving the robber: the pixels of a settlement beside a lit hex are those of the unlit board."""
    game = catan_game(["human"] * 4, seed=3)
    app, scene = _table(tmp_path, game)
    bv = scene.board_view
    state = game.state
    node = next(n for n, o in enumerate(state.node_owner) if o >= 0)
    hexes = tuple(game.topo.node_hexes[node])
    x, y = bv.node_screen_pos(node)
    plain = pygame.Surface(app.size)
    bv.draw(plain, state, Marks())
    lit = pygame.Surface(app.size)
    bv.draw(lit, state, Marks(hexes=hexes, hover_hex=hexes[0]))
    h = bv.hex_screen_pos(hexes[0])
    assert lit.get_at(((h[0] + x) // 2, (h[1] + y) // 2)) != plain.get_at(((h[0] + x) // 2, (h[1] + y) // 2)) or \
        any(lit.get_at((h[0] + d, h[1] + int(bv.R * 0.8))) != plain.get_at((h[0] + d, h[1] + int(bv.R * 0.8)))
            for d in range(-3, 4))
    for dx in range(-2, 3):
        assert lit.get_at((x + dx, y - 2)) == plain.get_at((x + dx, y - 2))
    scene.on_exit()


def test_victim_dialog_stands_beside_its_hex(tmp_path: Path) -> None:
    """The victim chooser never covers the hex it is about, and that hex stays lit."""
    game = catan_game(["human"] * 4, seed=3)
    _advance(game, lambda g: g.state.phase == S.MOVE_ROBBER and g.state.turn_number > 4)
    app, scene = _table(tmp_path, game)
    player = game.active_players()[0]
    for h in range(19):
        dialog = VictimDialog(scene, player, h, [q for q in range(4) if q != player][:2])
        scene._open(dialog)
        centre = scene.board_view.hex_screen_pos(h)
        assert not dialog.rect.collidepoint(centre), h
        assert scene.lay.board.contains(dialog.rect)
    scene.close_dialog()
    scene.on_exit()


def test_setup_spots_show_ghost_pieces(tmp_path: Path) -> None:
    """In set-up every legal spot shows a haloed ghost settlement in the player's colour; the hovered one is
    drawn larger."""
    game = catan_game(["human"] * 4, seed=3, options={"board": "variable"})
    app, scene = _table(tmp_path, game)
    marks = scene.marks()
    assert marks.ghost == "settlement" and len(marks.nodes) > 20
    bv = scene.board_view
    plain = pygame.Surface(app.size)
    bv.draw(plain, game.state, Marks())
    shown = pygame.Surface(app.size)
    bv.draw(shown, game.state, marks)
    node = marks.nodes[0]
    x, y = bv.node_screen_pos(node)
    assert any(shown.get_at((x, y - d)) != plain.get_at((x, y - d)) for d in range(0, int(bv.R * 0.3)))
    small = bv.ghost_sprite("settlement", marks.color, False)
    big = bv.ghost_sprite("settlement", marks.color, True)
    assert big.get_width() > small.get_width() > bv.piece_sprite("settlement", marks.color).get_width() * 0.7
    scene.on_exit()


def test_on_turn_marker_stays_while_others_answer(tmp_path: Path) -> None:
    """While others answer a trade offer the player on turn keeps the marker and the others say 'answering…'."""
    game = catan_game(["human", "normal", "normal", "normal"], seed=3)
    _advance(game, lambda g: g.state.phase == S.MAIN and g.state.current == 0
             and any(isinstance(a, A.OfferTrade) for a in g.legal_actions(0)))
    app, scene = _table(tmp_path, game)
    _freeze_ai(scene)
    scene.act(next(a for a in game.legal_actions(0) if isinstance(a, A.OfferTrade)))
    assert game.state.phase == S.TRADE_RESPONSE
    settle(app, 2, 0.05)
    infos = scene._player_infos()
    assert infos[0].on_turn and not infos[0].busy
    answering = set(game.active_players())
    for info in infos[1:]:
        assert not info.on_turn
        assert (info.busy == app.t("table.busy.trade_response")) == (info.index in answering)
    scene.on_exit()


def test_floating_gains_stay_in_the_players_rows(tmp_path: Path) -> None:
    """'+1 grain' labels rise inside the players' rows, never over the board or the dice."""
    game = catan_game(["human"] * 4, seed=3)
    app, scene = _table(tmp_path, game)
    press(app, pygame.K_r)
    floats = [a for a in scene.animator.items if isinstance(a, FloatText)]
    assert floats
    for f in floats:
        assert scene.lay.side.collidepoint(f.pos)
        assert not scene.lay.dice.collidepoint(f.pos) and not scene.lay.board.collidepoint(f.pos)
    scene.on_exit()


def test_setup_shows_set_up_not_turn_zero(tmp_path: Path) -> None:
    """The info line says 'Set-up' during set-up, then 'Turn 1'."""
    game = catan_game(["human"] * 4, seed=3, options={"board": "variable"})
    app, scene = _table(tmp_path, game)
    assert scene._info_line().startswith(app.t("table.info.setup"))
    _advance(game, lambda g: g.state.phase == S.ROLL)
    scene.game_changed()
    assert scene._info_line().startswith(app.t("table.info.turn", turn=game.state.turn_number))
    scene.on_exit()


def test_watch_controls_go_quiet_when_the_game_is_over(tmp_path: Path) -> None:
    """After 'Blue wins!' pause, step, slower and faster are disabled and their keys do nothing."""
    game = catan_game(["random"] * 4, seed=4, options={"vp_target": 4})
    _advance(game, lambda g: g.is_over(), limit=20000)
    app, scene = _table(tmp_path, game)
    app.step([], 0.016)
    for bid in ("pause", "step", "slower", "faster"):
        assert not scene.buttons[bid].enabled, bid
    speed = scene.session.watch_speed
    press(app, pygame.K_PLUS)
    press(app, pygame.K_SPACE)
    assert scene.session.watch_speed == speed and not scene.session.paused
    scene.on_exit()


def test_ctrl_s_save_ends_in_a_fading_toast(tmp_path: Path) -> None:
    """Saving from the table returns to the table with a toast that fades, not a message to click away."""
    game = catan_game(["human"] * 4, seed=3)
    app, scene = _table(tmp_path, game)
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    dialog = app.stack[-1]
    assert dialog is not scene
    dialog.save()
    assert app.stack[-1] is scene
    assert scene.notice.visible and scene.notice.text == app.t("files.saved", name=dialog.name.text)
    assert (app.save_dir / f"{dialog.name.text}.json").exists()
    settle(app, 1, 0.05)
    assert scene.notice.alpha() > 0
    settle(app, 6, 0.5)
    assert not scene.notice.visible and scene.notice.alpha() == 0
    scene.on_exit()


def test_menu_backdrop_island_is_a_legal_board() -> None:
    """The title screen's island is the beginner board: 19 hexes, one desert, no 6 or 8 beside a 6 or 8 and no
    equal numbers side by side."""
    from gui.backdrop import island

    land = island()
    assert len(land) == 19 and sum(1 for t, _ in land.values() if t == "desert") == 1
    for (q, r), (_, number) in land.items():
        for dq, dr in ((1, 0), (0, 1), (-1, 1)):
            other = land.get((q + dq, r + dr))
            if other is None or not number or not other[1]:
                continue
            assert number != other[1], ((q, r), number)
            assert not (number in (6, 8) and other[1] in (6, 8)), ((q, r), number)
