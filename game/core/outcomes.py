"""Chance outcomes of an action, for any family that enumerates them: each is a probability and a way to prepare
a copy of the game so that applying the action gives that outcome (None: as the game stands)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.core.chance import Chance
from game.core.errors import GameError
from game.core.game import Game

Prepare = Callable[[Any], None]
Outcome = tuple[float, Prepare | None]


def outcome_games(game: Game, action: Any, outcomes: Sequence[Outcome],
                  seeds: Sequence[int | None] | None = None) -> list[tuple[float, Game]]:
    """The game after the action under each outcome, with its probability: a copy each, its queued forced draws
    dropped, given a fresh generator from `seeds` (None: the game's own), prepared, then the action applied;
    outcomes the game refuses are left out."""
    out = []
    for i, (p, prepare) in enumerate(outcomes):
        copy = game.clone()
        copy.chance.clear_forced()
        seed = seeds[i] if seeds is not None else None
        if seed is not None:
            copy.chance = Chance(seed)
        if prepare is not None:
            prepare(copy)
        try:
            copy.apply(action)
        except GameError:
            continue  # a sampled world can disagree with reality in what it lets happen
        out.append((p, copy))
    return out
