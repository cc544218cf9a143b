"""How good the coach's live estimate is: on positions of seeded Normal-vs-Normal games (none of which any network
was trained on: the seeds are the caller's), each estimate made from the view of the seat on move, scored against
who won — the log-loss of the winner beside a coin's and the fitted evaluation's from the same sampled worlds, and
the expected calibration error over 10 bins."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.ai.registry import make_bot
from game.coach.chances import VIEW_WORLDS, hooks_for
from game.coach.hooks import CoachHooks, fitted_hooks
from game.core.errors import GameError
from game.core.registry import get_variant
from game.sim import paused_gc

SHARE = 0.05
MAX_ACTIONS = 5000
BINS = 10


@dataclass(frozen=True)
class Quality:
    """The scores of the estimate over the sampled positions."""

    positions: int
    games: int
    coin: float
    fitted: float
    estimate: float
    calibration_error: float
    bins: tuple[tuple[float, float, int], ...]
    method: str


def measure(variant_id: str, players: int, games: int, seed: int, worlds: int = VIEW_WORLDS,
            options: Mapping[str, Any] | None = None,
            progress: Callable[[int, int], None] | None = None) -> Quality:
    """Play `games` seeded Normal games, keep SHARE of the positions from the first turn on, estimate each from
    the view of the seat on move and score the estimates against the winners."""
    variant = get_variant(variant_id)
    estimates, fitted, winners = [], [], []
    played = 0
    hooks: CoachHooks | None = None
    baseline: CoachHooks | None = None
    with paused_gc():
        for game_seed in range(seed, seed + games):
            game = variant.new_game(variant.default_seats(players), game_seed, dict(options or {}))
            hooks = hooks or hooks_for(game)
            baseline = baseline or fitted_hooks(variant.family)
            bots = [make_bot("normal", variant.family) for _ in range(players)]
            rng = random.Random(game_seed)
            kept: list[tuple[np.ndarray, np.ndarray]] = []
            for _ in range(MAX_ACTIONS):
                if game.is_over():
                    break
                p = game.active_players()[0]
                if game.turn_number() >= 1 and rng.random() < SHARE:
                    kept.append(_both(game.view(p), hooks, baseline, worlds, rng))
                game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
            winner = game.winner()
            if winner is not None:
                played += 1
                for ours, theirs in kept:
                    estimates.append(ours)
                    fitted.append(theirs)
                    winners.append(winner)
            if progress is not None:
                progress(game_seed - seed + 1, games)
    if not winners or hooks is None:
        raise GameError("no finished game to measure (play more games)")
    est, fit, won = np.asarray(estimates), np.asarray(fitted), np.asarray(winners)
    error, bins = _calibration(est, won)
    return Quality(len(won), played, float(np.log(players)), _log_loss(fit, won), _log_loss(est, won), error,
                   tuple(bins), hooks.method)


def _both(view: Any, hooks: CoachHooks, baseline: CoachHooks, worlds: int,
          rng: random.Random) -> tuple[np.ndarray, np.ndarray]:
    """The estimate and the fitted evaluation of the same worlds sampled from the view."""
    sampled = []
    for _ in range(worlds):
        try:
            sampled.append(hooks.determinize(view, rng))
        except GameError:
            continue
    if not sampled:
        raise GameError("no full game agrees with this view")
    return hooks.chances(sampled).mean(axis=0), baseline.chances(sampled).mean(axis=0)


def _log_loss(chances: np.ndarray, winners: np.ndarray) -> float:
    p = chances[np.arange(len(winners)), winners]
    return float(-np.log(np.clip(p, 1e-12, 1.0)).mean())


def _calibration(chances: np.ndarray, winners: np.ndarray) -> tuple[float, list[tuple[float, float, int]]]:
    flat = chances.ravel()
    won = (np.arange(chances.shape[1])[None, :] == winners[:, None]).ravel().astype(float)
    which = np.minimum((flat * BINS).astype(int), BINS - 1)
    table, error = [], 0.0
    for b in range(BINS):
        mask = which == b
        count = int(mask.sum())
        if count:
            mean, share = float(flat[mask].mean()), float(won[mask].mean())
            table.append((mean, share, count))
            error += count * abs(mean - share)
    return error / max(1, len(flat)), table


@dataclass(frozen=True)
class BlunderCheck:
    """How many decisions labelled blunders were confirmed by independent playouts: the mover won more often after
    the preferred action than after the one taken, by at least the blunder threshold."""

    blunders: int
    confirmed: int
    mean_gain: float  # the playouts' mean win-chance gain of the preferred action over the one taken
    games_reviewed: int
    playouts: int


def check_blunders(variant_id: str, players: int, seed: int, count: int = 50, playouts: int = 100,
                   max_games: int = 200, progress: Callable[[int, int], None] | None = None) -> BlunderCheck:
    """Review seeded Normal games (every seat judged) until `count` blunders are found, then replay each position
    with the preferred action and with the one taken, `playouts` times each with the same seeds, Normal playing
    every seat to the end."""
    from game.coach.review import THRESHOLDS, review_game
    from game.core.chance import Chance
    from game.core.log_events import restart

    variant = get_variant(variant_id)
    threshold = THRESHOLDS[-1][1]
    found: list[tuple[Any, int, Any, Any]] = []
    reviewed = 0
    for game_seed in range(seed, seed + max_games):
        if len(found) >= count:
            break
        game = variant.new_game(variant.default_seats(players), game_seed, {})
        bots = [make_bot("normal", variant.family) for _ in range(players)]
        rng = random.Random(game_seed)
        for _ in range(MAX_ACTIONS):
            if game.is_over():
                break
            p = game.active_players()[0]
            game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
        review = review_game(game, list(range(players)), seed=game_seed)
        reviewed += 1
        codec = variant.codec()
        for j in review.judgements:
            if j.label == "blunder" and len(found) < count:
                found.append((game, j.step, codec.from_json(j.taken), codec.from_json(j.best)))
    gains, confirmed = [], 0
    for done, (game, step, taken, best) in enumerate(found):
        position = restart(game)
        for entry in list(game.log)[:step]:
            position.chance.force(*entry.outcomes)
            position.apply(entry.action)
        seat = taken.player
        wins = {"taken": 0, "best": 0}
        for k in range(playouts):
            for name, action in (("taken", taken), ("best", best)):
                trial = position.clone()
                trial.chance = Chance(k + 1)
                trial.apply(action)
                bots = [make_bot("normal", variant.family) for _ in range(players)]
                rng = random.Random(k + 1)
                for _ in range(MAX_ACTIONS):
                    if trial.is_over():
                        break
                    p = trial.active_players()[0]
                    trial.apply(bots[p].choose(trial.view(p), trial.legal_actions(p), rng))
                wins[name] += int(trial.winner() == seat)
        gain = (wins["best"] - wins["taken"]) / playouts
        gains.append(gain)
        confirmed += int(gain >= threshold)
        if progress is not None:
            progress(done + 1, len(found))
    return BlunderCheck(len(found), confirmed, float(np.mean(gains)) if gains else 0.0, reviewed, playouts)
