"""Headless play: run games between bots, with optional invariant checks, for simulate and bench."""

from __future__ import annotations

import contextlib
import gc
import random
import timeit
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Mapping

from game.ai.registry import make_bot
from game.core.game import Game
from game.core.registry import get_variant


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one headless game ended."""

    seed: int
    winner: int | None
    turns: int
    actions: int
    finished: bool


def play_out(game: Game, bots: Sequence[Any], rng: random.Random, max_actions: int = 50_000,
             after_action: Callable[[Game], None] | None = None) -> int:
    """Let bots play the game until it ends or max_actions is reached; return the number of actions."""
    count = 0
    # Methods bound once: this loop is the whole of a bench or a simulation.
    is_over, active_players, legal_actions, view, apply = (
        game.is_over, game.active_players, game.legal_actions, game.view, game.apply)
    choosers = [(bot.choose, getattr(bot, "needs_view", True)) for bot in bots]
    with paused_gc():
        while count < max_actions and not is_over():
            player = active_players()[0]
            choose, needs_view = choosers[player]
            legal = legal_actions(player)
            apply(choose(view(player) if needs_view else None, legal, rng))
            count += 1
            if after_action is not None:
                after_action(game)
    return count


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cycle collector during headless playouts: the rules model frees its objects by reference
    counting, and the collector would otherwise rescan the growing action log again and again. A batch of
    games (bench, simulate) may hold it paused across games, so no collection runs between them either."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def bot_rng(seed: int) -> random.Random:
    """The bots' generator in the game of this seed (apart from the game's own chance)."""
    return random.Random(seed ^ 0x5EED)


def run_game(variant_id: str, players: int, seed: int, bot_ids: Sequence[str],
             options: Mapping[str, Any] | None = None, max_actions: int = 50_000,
             start: Callable[[], Game] | None = None) -> tuple[Game, GameResult]:
    """Start a game (or take one from `start`) and let the named bots play it."""
    variant = get_variant(variant_id)
    game = start() if start else variant.new_game(variant.default_seats(players), seed, options)
    ids = list(bot_ids) * players if len(bot_ids) == 1 else list(bot_ids)
    bots = [make_bot(b, variant.family) for b in ids[: game.num_players]]
    actions = play_out(game, bots, bot_rng(seed), max_actions)
    turns = int(getattr(getattr(game, "state", None), "turn_number", 0))
    return game, GameResult(seed, game.winner(), turns, actions, game.is_over())


def clone_microseconds(variant_id: str, players: int, seed: int, options: Mapping[str, Any] | None = None,
                       repeats: int = 5, number: int = 2000) -> float:
    """How long `clone()` of a mid-game position takes: the game of this seed played by random bots to half its
    length (the best of several timings, in microseconds)."""
    _, result = run_game(variant_id, players, seed, ["random"], options)
    game, _ = run_game(variant_id, players, seed, ["random"], options, max_actions=result.actions // 2)
    with paused_gc():
        best = min(timeit.repeat(game.clone, number=number, repeat=repeats))
    return 1e6 * best / number
