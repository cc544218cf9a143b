"""What the coach needs of each game family: how to sample a full game from a seat's view, every seat's chance to
win in full games (batched), and the chance outcomes of an action where the family enumerates them."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.core.actions import Action
from game.core.errors import GameError
from game.core.game import Game
from game.core.outcomes import Outcome

Outcomes = Callable[[Any, Action], list[Outcome]]


@dataclass(frozen=True)
class CoachHooks:
    """A family's determinization, its batched chances and (where known) an action's chance outcomes."""

    determinize: Callable[[Any, random.Random], Game]
    chances: Callable[[Sequence[Game]], np.ndarray]  # (games, seats), rows summing to 1
    outcomes: Outcomes | None
    method: str  # "network" or "fitted": what scores the positions


def coach_hooks(family: str, variant_id: str, players: int) -> CoachHooks:
    """The coach's hooks for a variant and player count; GameError for an unknown family."""
    if family == "catan":
        from game.ai.value_store import leaf_values
        from game.catan.determinize import determinize, evaluate
        from game.catan.outcomes import outcomes

        leaves = leaf_values(variant_id, players, evaluate)
        return CoachHooks(determinize, leaves.chances, outcomes, leaves.source)
    if family == "rivals":
        from game.ai.rivals_search import RivalsEvaluator
        from game.ai.value_store import leaf_values
        from game.rivals.determinize import determinize as rivals_determinize

        if not variant_id:
            return CoachHooks(rivals_determinize, _by_seat(RivalsEvaluator()), None, "fitted")
        rivals = leaf_values(variant_id, players, RivalsEvaluator())
        return CoachHooks(rivals_determinize, rivals.chances, None, rivals.source)
    if family == "cards":
        from game.ai.value_store import leaf_values
        from game.cards.determinize import determinize as cards_determinize
        from game.cards.determinize import evaluate as cards_evaluate

        if not variant_id:
            return CoachHooks(cards_determinize, _by_seat(cards_evaluate), None, "fitted")
        cards = leaf_values(variant_id, players, cards_evaluate)
        return CoachHooks(cards_determinize, cards.chances, None, cards.source)
    raise GameError(f"no coach for {family!r} games")


def _by_seat(evaluate: Callable[[Game, int], float]) -> Callable[[Sequence[Game]], np.ndarray]:
    """Chances from a per-seat evaluation: each seat's share, normalized; a finished game gives its winner 1."""
    def chances(games: Sequence[Game]) -> np.ndarray:
        seats = games[0].num_players if games else 0
        out = np.zeros((len(games), seats))
        for i, game in enumerate(games):
            winner = game.winner() if game.is_over() else None
            if winner is not None:
                out[i, winner] = 1.0
                continue
            row = np.asarray([evaluate(game, q) for q in range(seats)], dtype=float)
            out[i] = row / row.sum() if row.sum() > 0 else 1.0 / seats
        return out
    return chances


def fitted_hooks(family: str) -> CoachHooks:
    """The hooks with today's fitted evaluation in every family (the baseline a network is measured against)."""
    if family == "catan":
        from game.catan.determinize import determinize, evaluate
        from game.catan.outcomes import outcomes

        return CoachHooks(determinize, _by_seat(evaluate), outcomes, "fitted")
    return coach_hooks(family, "", 0)
