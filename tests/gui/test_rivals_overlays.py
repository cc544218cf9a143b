"""Tests for what lies over the Rivals table: a card is read in the side dock (after a short rest of the mouse),
never over one's own principality; the event card waits for a pinned card; whole hand cards at 1280x720; the far
principality's cards are not tiny; the event die has a face before the first roll."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame

from game.ai.registry import make_bot
from game.sim import play_out
from gui.rivals.animations import EventShow
from gui.rivals.painter import HOVER_DELAY
from gui.rivals.pieces import IVORY, draw_event_die
from tests.gui.test_rivals_table import _open, rivals_game


def _to_actions(game: Any) -> None:
    """Let random bots play until seat 0 (a human) acts in its action phase with cards in hand."""
    bots = [make_bot("random", "rivals") for _ in range(2)]
    rng = random.Random(3)
    for _ in range(400):
        view = game.view(0)
        if game.state.phase == "action" and game.active_players() == (0,) and view.decision is None and view.hand:
            return
        play_out(game, bots, rng, max_actions=1)
    raise AssertionError("seat 0 never reached its actions")


def _move(app: Any, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.016)


def test_a_chosen_hand_card_is_read_in_the_dock_not_over_the_principality(tmp_path: Path) -> None:
    """Choosing a hand card lights sites of one's own principality; the card shown large stays out of them, and
    only after the mouse has rested on it."""
    game = rivals_game("rivals-intro", ["human", "random"], seed=8)
    app, scene = _open(tmp_path, (1280, 720), "en", game)
    _to_actions(game)
    scene.game_changed()
    app.step([], 0.016)
    card = scene.view.hand[0]
    pos = scene.hand_rect(card).center
    _move(app, pos)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 0.016)
    assert scene.selected == ("hand", card) and scene.dialog is None
    assert scene.hover_zoom_card() is None  # not at once
    for _ in range(int(HOVER_DELAY / 0.05) + 3):
        app.step([], 0.05)
    assert scene.hover_zoom_card() == card
    dock = scene.zoom_dock()
    assert not dock.colliderect(scene.lay.board)
    near = scene.geometry(scene.near)
    assert scene.targets().near
    for c in scene.targets().near:
        assert not dock.colliderect(near.card_rect(c))
    scene.on_exit()


def test_opponent_card_zooms_after_a_rest(tmp_path: Path) -> None:
    """Resting the mouse on an opponent's card shows it in the dock; moving away hides it."""
    game = rivals_game("rivals-intro", ["human", "random"], seed=8)
    app, scene = _open(tmp_path, (1280, 720), "cs", game)
    app.step([], 0.016)
    far = 1 - scene.near
    grid = scene.view.grid[far]
    cell = next(c for c, card in enumerate(grid) if card >= 0)
    _move(app, scene.cell_rect(far, cell).center)
    app.step([], HOVER_DELAY / 2)
    assert scene.hover_zoom_card() is None
    app.step([], HOVER_DELAY)
    assert scene.hover_zoom_card() == grid[cell]
    _move(app, scene.lay.top.center)
    app.step([], 0.016)
    assert scene.hover_zoom_card() is None
    scene.on_exit()


def test_event_card_waits_while_a_card_is_pinned(tmp_path: Path) -> None:
    """A pinned card and the event card are never shown together: the event waits and is shown afterwards."""
    game = rivals_game("rivals-intro", ["human", "random"], seed=8)
    app, scene = _open(tmp_path, (1600, 900), "en", game)
    app.step([], 0.016)
    grid = scene.view.grid[scene.near]
    cell = next(c for c, card in enumerate(grid) if card >= 0)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.cell_rect(scene.near, cell).center,
                                 button=3)], 0.016)
    assert scene.zoomed_card() is not None
    scene.animator.add(EventShow(1.0, card=grid[cell]))
    for _ in range(20):
        app.step([], 0.1)
    assert scene.animator.of(EventShow) and scene.hover_zoom_card() is None
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.lay.top.center, button=1)], 0.016)
    assert scene.zoomed_card() is None
    app.step([], 0.5)
    assert scene.hover_zoom_card() == grid[cell]  # the event card now has the dock
    for _ in range(10):
        app.step([], 0.1)
    assert not scene.animator.of(EventShow)
    scene.on_exit()


def test_hand_cards_are_whole_at_1280x720(tmp_path: Path) -> None:
    """Every hand card (tilted in the fan) lies inside the window, its foot included."""
    game = rivals_game("rivals-intro", ["human", "random"], seed=8)
    app, scene = _open(tmp_path, (1280, 720), "en", game)
    _to_actions(game)
    scene.game_changed()
    app.step([], 0.016)
    assert scene.view.hand
    for i, card in enumerate(scene.fan.cards):
        rect = scene.hand_rect(card)
        tilted = pygame.transform.rotate(pygame.Surface(rect.size), scene.fan.angles[i]).get_rect(center=rect.center)
        assert tilted.bottom <= 720 and tilted.top >= scene.lay.near_mat.y
    scene.on_exit()


def test_far_principality_is_readable_at_1280x720(tmp_path: Path) -> None:
    """The opponent's cards are at least 40 px wide at the start (they were 31 px) and a hint says how to read
    them."""
    game = rivals_game("rivals-intro", ["human", "random"], seed=8)
    app, scene = _open(tmp_path, (1280, 720), "en", game)
    app.step([], 0.016)
    assert scene.geometry(1 - scene.near).card_w >= 40
    assert app.translator.has("rivals.hint.read")
    scene.on_exit()


def test_event_die_has_a_face_before_the_first_roll() -> None:
    """Before the first roll the event die shows its symbols (ink on ivory), not a blank square."""
    surface = pygame.Surface((60, 60), pygame.SRCALPHA)
    draw_event_die(surface, surface.get_rect(), "")
    inner = [surface.get_at((x, y)) for x in range(12, 48) for y in range(12, 48)]
    ink = [c for c in inner if c.a > 0 and sum(c[:3]) < sum(IVORY) - 200]
    assert len(ink) > 30
