"""Fitting the Hard search's evaluation to who wins: positions sampled from seeded games of Normal bots, the facts
of every seat in them, and a maximum-likelihood fit of a softmax over the seats (pure Python, Newton's method).

Every family's evaluation is a softmax over the seats of a weighted sum of per-seat facts, so one fit serves all:
the weights that make the eventual winner most likely. A fifth of the games (those whose seed is a multiple of
five) is held out to measure how well the weights in use and the fitted ones predict the winner (the mean
log-loss; a coin among n seats scores log n).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from game.ai.fit_models import EvaluationModel
from game.ai.registry import make_bot
from game.core.errors import GameError
from game.core.game import Game
from game.core.registry import get_variant
from game.sim import paused_gc

HELD_OUT_EVERY = 5
T = TypeVar("T")
MAX_ACTIONS = 5000


@dataclass(frozen=True, slots=True)
class Position:
    """One sampled position: the seed of its game, every seat's facts, and who won that game."""

    game_seed: int
    facts: tuple[tuple[float, ...], ...]
    winner: int


def self_play(variant_id: str, players: int, first_seed: int, games: int, model: EvaluationModel,
              read: Callable[[Game], T], options: Mapping[str, Any] | None = None) -> Iterator[tuple[int, list[T], int]]:
    """Normal self-play games seeded first_seed, first_seed + 1, ...: for each finished game its seed, what read()
    took of the positions kept (each position before an action, from the model's first turn on, with the model's
    share, drawn from the game's own seeded generator, which the bots share) and the winner; games that do not
    finish are left out. `options` are the variant's (e.g. a variable board)."""
    variant = get_variant(variant_id)
    with paused_gc():
        for game_seed in range(first_seed, first_seed + games):
            game = variant.new_game(variant.default_seats(players), game_seed, dict(options or {}))
            bots = [make_bot("normal", variant.family) for _ in range(players)]
            rng = random.Random(game_seed)
            kept: list[T] = []
            for _ in range(MAX_ACTIONS):
                if game.is_over():
                    break
                p = game.active_players()[0]
                if _turn(game) >= model.first_turn and rng.random() < model.share:
                    kept.append(read(game))
                game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
            winner = game.winner()
            if winner is not None:
                yield game_seed, kept, winner


def sample_positions(variant_id: str, players: int, games: int, seed: int, model: EvaluationModel,
                     progress: Callable[[int, int], None] | None = None) -> list[Position]:
    """The positions of self_play() with the model's facts, in games seeded seed, seed + 1, ..."""
    positions: list[Position] = []
    done = 0
    for game_seed, kept, winner in self_play(variant_id, players, seed, games, model, model.facts):
        positions.extend(Position(game_seed, facts, winner) for facts in kept)
        if progress is not None:
            done = game_seed - seed + 1
            progress(done, games)
    if progress is not None and done < games:
        progress(games, games)
    return positions


def _turn(game: Game) -> int:
    return int(getattr(game.state, "turn_number", 0))


def held_out(position: Position) -> bool:
    """Whether the position belongs to the games kept aside to measure the fit."""
    return position.game_seed % HELD_OUT_EVERY == 0


def log_loss(positions: Sequence[Position], weights: Sequence[float]) -> float:
    """Mean negative log-likelihood of the winners under the softmax of weights . facts."""
    if not positions:
        raise GameError("no positions to measure")
    total = 0.0
    for pos in positions:
        scores = [sum(w * x for w, x in zip(weights, seat)) for seat in pos.facts]
        top = max(scores)
        total += top + math.log(sum(math.exp(s - top) for s in scores)) - scores[pos.winner]
    return total / len(positions)


def fit(positions: Sequence[Position], ridge: float = 1e-6, iterations: int = 40) -> tuple[float, ...]:
    """The weights that maximise the likelihood of the winners (a touch of ridge keeps the steps defined)."""
    if not positions:
        raise GameError("no positions to fit")
    size = len(positions[0].facts[0])
    weights = [0.0] * size
    for _ in range(iterations):
        gradient = [-ridge * w for w in weights]
        hessian = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for pos in positions:
            scores = [sum(w * x for w, x in zip(weights, seat)) for seat in pos.facts]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            total = sum(exps)
            probs = [e / total for e in exps]
            mean = [sum(p * seat[i] for p, seat in zip(probs, pos.facts)) for i in range(size)]
            won = pos.facts[pos.winner]
            for i in range(size):
                gradient[i] += won[i] - mean[i]
            for p, seat in zip(probs, pos.facts):
                spread = [x - m for x, m in zip(seat, mean)]
                for i in range(size):
                    row = hessian[i]
                    pi = p * spread[i]
                    if pi:
                        for j in range(i, size):
                            row[j] += pi * spread[j]
        for i in range(size):
            for j in range(i):
                hessian[i][j] = hessian[j][i]
        step = _solve(hessian, gradient)
        weights = [w + d for w, d in zip(weights, step)]
        if max(abs(d) for d in step) < 1e-9:
            break
    return tuple(weights)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve matrix . x = vector (Gaussian elimination with partial pivoting)."""
    n = len(vector)
    rows = [matrix[i][:] + [vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-300:
            raise GameError("the facts do not tell the seats apart (a singular fit)")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            if factor:
                for c in range(col, n + 1):
                    rows[r][c] -= factor * rows[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (rows[r][n] - sum(rows[r][c] * x[c] for c in range(r + 1, n))) / rows[r][r]
    return x


@dataclass(frozen=True, slots=True)
class FitReport:
    """The outcome of a fit: sizes, the held-out log-loss of the weights in use and of the fitted ones, weights."""

    positions: int
    games: int
    held_out_positions: int
    coin: float
    in_use: float
    fitted: float
    fitted_on_training: float
    weights: tuple[float, ...]


def fit_report(positions: Sequence[Position], model: EvaluationModel) -> FitReport:
    """Fit on the training games and measure on the held-out ones."""
    training = [p for p in positions if not held_out(p)]
    testing = [p for p in positions if held_out(p)]
    if not training or not testing:
        raise GameError("too few games to fit and hold some out (play more games)")
    weights = fit(training)
    seats = len(positions[0].facts)
    return FitReport(len(positions), len({p.game_seed for p in positions}), len(testing), math.log(seats),
                     log_loss(testing, model.weights_in_use), log_loss(testing, weights),
                     log_loss(training, weights), weights)
