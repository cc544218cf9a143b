"""What the coach needs of each game family: how to sample a full game from a seat's view, every seat's chance to
win in full games (batched), and the chance outcomes of an action where the family enumerates them."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from game.core.actions import Action
from game.core.errors import GameError
from game.core.game import Game
from game.core.outcomes import Outcome

Outcomes = Callable[[Any, Action], list[Outcome]]
# Rivals' fitted evaluation is as good as any network on its facts; what beats it is to look further. Seat 0's
# chance is the logistic of a·logit(the evaluation after Normal plays one more turn) + b·logit(the evaluation now)
# + c·(1 when seat 0 is to move, else -1), fitted per sampled world on 11,184 worlds of 200 Normal games (seeds
# 600000-600199, rivals-intro): log-loss per world 0.5174 against the evaluation now 0.5316 and the later one alone
# 0.5415. Two turns on fitted worse (0.5186) at twice the cost: one playout alone grows overconfident.
RIVALS_STACK = (0.4604, 0.5590, 0.0003)
RIVALS_LOOKAHEAD = 1      # turns Normal plays on before a Rivals position is scored
RIVALS_LIVE_WORLDS = 1    # a Rivals estimate at the table reads one world (each costs a playout)
LOOKAHEAD_ACTIONS = 400   # a bound on the actions of those turns


@dataclass(frozen=True)
class CoachHooks:
    """A family's determinization, its batched chances and (where known) an action's chance outcomes."""

    determinize: Callable[[Any, random.Random], Game]
    chances: Callable[[Sequence[Game]], np.ndarray]  # (games, seats), rows summing to 1
    outcomes: Outcomes | None
    method: str  # "network", "fitted" or "fitted-lookahead" (see method_key): what scores the positions
    live_worlds: int | None = None  # the worlds the table's live estimate samples (None: the coach's default)
    # A cheaper scorer for comparing many candidate actions (a review's judge); None: `chances` itself.
    quick: Callable[[Sequence[Game]], np.ndarray] | None = None

    def for_judging(self) -> CoachHooks:
        """The hooks a judge compares candidates with: the quick scorer where the family has one."""
        return self if self.quick is None else replace(self, chances=self.quick, quick=None)


def coach_hooks(family: str, variant_id: str, players: int, options: Mapping[str, object] | None = None) -> CoachHooks:
    """The coach's hooks for a variant and player count (played with `options`, which may name a Catan board with a
    network of its own); GameError for an unknown family."""
    if family == "catan":
        from game.ai.value_store import leaf_values
        from game.catan.determinize import determinize, evaluate
        from game.catan.outcomes import outcomes

        leaves = leaf_values(variant_id, players, evaluate, options=options)
        return CoachHooks(determinize, leaves.chances, outcomes, leaves.source)
    if family == "rivals":
        from game.ai.rivals_search import RivalsEvaluator
        from game.ai.value_store import leaf_values
        from game.rivals.determinize import determinize as rivals_determinize

        if not variant_id:
            return CoachHooks(rivals_determinize, _by_seat(RivalsEvaluator()), None, "fitted")
        rivals = leaf_values(variant_id, players, RivalsEvaluator())
        later = played_on(rivals.chances, "rivals", RIVALS_LOOKAHEAD)
        return CoachHooks(rivals_determinize, stacked(later, rivals.chances, RIVALS_STACK), None,
                          f"{rivals.source}-lookahead", live_worlds=RIVALS_LIVE_WORLDS, quick=rivals.chances)
    if family == "cards":
        from game.ai.value_store import leaf_values
        from game.cards.determinize import determinize as cards_determinize
        from game.cards.determinize import evaluate as cards_evaluate

        if not variant_id:
            return CoachHooks(cards_determinize, _by_seat(cards_evaluate), None, "fitted")
        cards = leaf_values(variant_id, players, cards_evaluate)
        return CoachHooks(cards_determinize, cards.chances, None, cards.source)
    raise GameError(f"no coach for {family!r} games")


def method_key(prefix: str, method: str) -> str:
    """The translation key that names a scoring method under `prefix` (network, fitted, or lookahead for a
    score that also reads the position a turn on)."""
    if method == "network":
        return prefix + "network"
    return prefix + ("lookahead" if method.endswith("-lookahead") else "fitted")


def played_on(chances: Callable[[Sequence[Game]], np.ndarray], family: str,
              turns: int) -> Callable[[Sequence[Game]], np.ndarray]:
    """Chances scored after Normal plays every seat `turns` more turns on a copy of each game (its dice and draws
    seeded by the position and the game's place in the batch, so a batch scores the same each time, and the
    same place in two batches shares its luck)."""
    def scored(games: Sequence[Game]) -> np.ndarray:
        return chances([_play_on(game, family, turns, i) for i, game in enumerate(games)])
    return scored


def stacked(later: Callable[[Sequence[Game]], np.ndarray], now: Callable[[Sequence[Game]], np.ndarray],
            weights: tuple[float, float, float]) -> Callable[[Sequence[Game]], np.ndarray]:
    """Two-seat chances from a logistic combination of two scorers' logits and who is to move (a finished game
    gives its winner 1)."""
    a, b, c = weights

    def chances(games: Sequence[Game]) -> np.ndarray:
        first, second = later(games), now(games)
        to_move = np.asarray([1.0 if getattr(g.state, "current", 0) == 0 else -1.0 for g in games])
        z = a * _logit(first[:, 0]) + b * _logit(second[:, 0]) + c * to_move
        seat0 = 1.0 / (1.0 + np.exp(-z))
        out = np.stack([seat0, 1.0 - seat0], axis=1)
        for i, game in enumerate(games):
            winner = game.winner() if game.is_over() else None
            if winner is not None:
                out[i] = 0.0
                out[i, winner] = 1.0
        return out
    return chances


def _logit(p: np.ndarray) -> np.ndarray:
    q = np.clip(p, 1e-4, 1 - 1e-4)
    return np.log(q / (1 - q))  # type: ignore[no-any-return]


def _play_on(game: Game, family: str, turns: int, place: int) -> Game:
    from game.ai.registry import make_bot
    from game.core.chance import Chance

    if game.is_over():
        return game
    seed = (len(game.log) * 1_000_003 + place * 7919 + game.turn_number()) & 0x7FFFFFFF
    trial = game.clone()
    trial.chance = Chance(seed)
    rng = random.Random(seed)
    bots = [make_bot("normal", family) for _ in range(trial.num_players)]
    end = trial.turn_number() + turns
    for _ in range(LOOKAHEAD_ACTIONS):
        if trial.is_over() or trial.turn_number() >= end:
            break
        p = trial.active_players()[0]
        legal = trial.legal_actions(p)
        if not legal:  # a sampled world can leave a seat with no way on: it is scored where it stands
            break
        try:
            trial.apply(bots[p].choose(trial.view(p), legal, rng))
        except GameError:
            break
    return trial


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
