"""Undo in every game family: exact state and log after taking back a build, barriers (chance, draws, steals,
other players' actions) refused with the game untouched, redo gives the same, saves after undo replay identically."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from game.ai.registry import make_bot
from game.core.actions import Action
from game.core.game import Game
from game.core.registry import get_variant
from game.core.saves import game_from_json, game_to_json, state_digest
from game.core.undo import (REASON_CHANCE, REASON_NOT_ACTIVE, REASON_NOTHING, REASON_OTHER, REASON_REVEALED,
                            UndoRefused, rebuild)

FAMILIES = [("catan-base", 4), ("catan-2p", 2), ("catan-compact", 3), ("rivals-intro", 2), ("rivals-gold", 2),
            ("catan-cards", 3)]
BUILDS = {"build_road", "build_settlement", "build_city", "build_expansion", "build_knight", "build_development"}


def _new(variant_id: str, players: int, seed: int = 3) -> Game:
    variant = get_variant(variant_id)
    return variant.new_game(variant.default_seats(players), seed)


def _play_until(game: Game, want: Callable[[Game, Action], bool], seed: int = 1, limit: int = 4000) -> Action:
    """Let Normal bots play until the active player may take an action `want` accepts; return that action."""
    bots = [make_bot("normal", game.variant.family) for _ in game.seats]
    rng = random.Random(seed)
    for _ in range(limit):
        assert not game.is_over(), "the game ended before the wanted action came up"
        player = game.active_players()[0]
        legal = game.legal_actions(player)
        wanted = [a for a in legal if want(game, a)]
        if wanted:
            return wanted[0]
        game.apply(bots[player].choose(game.view(player), legal, rng))
    raise AssertionError("the wanted action never came up")


def _snapshot(game: Game) -> tuple[str, list[object], int]:
    return state_digest(game), list(game.log), game.undo_floor


@pytest.mark.parametrize("variant_id,players", FAMILIES)
def test_undo_of_a_build_restores_state_and_log(variant_id: str, players: int) -> None:
    """A build taken back leaves exactly the state, log and undo floor there were before it; doing it again gives
    exactly what it gave the first time."""
    game = _new(variant_id, players)
    build = _play_until(game, lambda g, a: a.kind in BUILDS and g.turn_number() > 0)
    before = _snapshot(game)
    events = game.apply(build)
    after = state_digest(game)
    assert game.undo_status(build.player).count >= 1
    assert game.undo(build.player) == build
    assert _snapshot(game) == before
    assert game.apply(build) == events
    assert state_digest(game) == after


@pytest.mark.parametrize("variant_id,players", FAMILIES)
def test_undo_takes_back_several_own_actions_in_order(variant_id: str, players: int) -> None:
    """Every undoable action since the barrier comes back one by one, each state equal to a fresh replay."""
    game = _new(variant_id, players, seed=5)
    first = _play_until(game, lambda g, a: a.kind in BUILDS and g.turn_number() > 0, seed=2)
    game.apply(first)
    player = first.player
    while True:
        legal = [a for a in game.legal_actions(player) if a.kind in game.variant.undoable_kinds
                 and player in game.active_players()]
        if not legal or len(game.log) - game.undo_floor >= 3:
            break
        game.apply(legal[0])
    count = game.undo_status(player).count
    assert count >= 1
    for _ in range(count):
        expected = state_digest(rebuild(game, len(game.log) - 1))
        game.undo(player)
        assert state_digest(game) == expected
    status = game.undo_status(player)
    assert not status.possible and status.reason in (REASON_CHANCE, REASON_REVEALED, REASON_OTHER)
    with pytest.raises(UndoRefused):
        game.undo(player)


def _refused(game: Game, player: int, reason: str) -> None:
    before = _snapshot(game)
    status = game.undo_status(player)
    assert status.count == 0 and status.reason == reason
    with pytest.raises(UndoRefused) as info:
        game.undo(player)
    assert info.value.reason == reason
    assert _snapshot(game) == before


@pytest.mark.parametrize("variant_id,players,kind,reason", [
    ("catan-base", 4, "roll", REASON_CHANCE),
    ("catan-base", 4, "buy_dev_card", REASON_REVEALED),
    ("catan-2p", 2, "roll", REASON_CHANCE),
    ("rivals-intro", 2, "roll", REASON_CHANCE),
    ("rivals-intro", 2, "draw_card", REASON_REVEALED),
    ("catan-cards", 3, "exchange_pile", REASON_REVEALED),
])
def test_undo_refused_after_chance_or_a_draw(variant_id: str, players: int, kind: str, reason: str) -> None:
    """After a roll or a card drawn from a stack, nothing before it can be taken back; the game is untouched."""
    game = _new(variant_id, players)
    action = _play_until(game, lambda g, a: a.kind == kind and g.turn_number() > 0)
    game.apply(action)
    if action.player not in game.active_players():
        _refused(game, action.player, REASON_NOT_ACTIVE)
        return
    _refused(game, action.player, reason)


def test_undo_refused_after_a_steal() -> None:
    """Catan: the robber's steal draws a card at random, so it (and anything before it) cannot be undone."""
    game = _new("catan-base", 4)
    steal = _play_until(game, lambda g, a: a.kind == "move_robber" and getattr(a, "victim", None) is not None)
    game.apply(steal)
    assert game.log[-1].outcomes
    _refused(game, steal.player, REASON_CHANCE)


def test_quick_card_take_from_a_player_is_chance() -> None:
    """Quick card game: a blind take from a player is chance and cannot be undone."""
    game = _new("catan-cards", 3)
    take = _play_until(game, lambda g, a: a.kind == "take_from_player")
    game.apply(take)
    assert game.undo_status(take.player).count == 0


def test_undo_never_takes_back_another_players_action() -> None:
    """Undo stops at the last action of another player, and a player who is not to act cannot undo."""
    game = _new("catan-base", 4)
    assert game.undo_status(game.active_players()[0]).reason == REASON_NOTHING
    end = _play_until(game, lambda g, a: a.kind == "end_turn")
    game.apply(end)
    _refused(game, end.player, REASON_NOT_ACTIVE)
    nxt = game.active_players()[0]
    assert game.undo_status(nxt).count == 0


@pytest.mark.parametrize("variant_id,players", FAMILIES)
def test_save_after_undo_replays_identically(variant_id: str, players: int) -> None:
    """A game saved after an undo loads to the same state and plays on the same."""
    game = _new(variant_id, players, seed=11)
    build = _play_until(game, lambda g, a: a.kind in BUILDS and g.turn_number() > 0, seed=4)
    game.apply(build)
    game.undo(build.player)
    loaded = game_from_json(game_to_json(game))
    assert state_digest(loaded) == state_digest(game)
    assert loaded.undo_floor == game.undo_floor
    target = game.turn_number() + 2
    for g in (game, loaded):
        _play_until(g, lambda gg, a: gg.turn_number() >= target, seed=9)
    assert state_digest(loaded) == state_digest(game)
    assert [e.outcomes for e in loaded.log] == [e.outcomes for e in game.log]
