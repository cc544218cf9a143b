"""Training the learned win-chance evaluation: Normal self-play positions sampled in worker processes into
resumable shards (JSON, under the user cache), then a NumPy fit with held-out log-loss and calibration; then, for
expert iteration, games in which every seat is Hard's expectimax with the network just fitted, whose outcomes mixed
with the search's own chances become the next targets. A plan marked `setup` plays and keeps the set-up planner's
games instead (game/ai/setup_train.py) in shards of its own."""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from game.ai.fit_models import evaluation_model
from game.ai.fitting import HELD_OUT_EVERY, MAX_ACTIONS, self_play
from game.ai.value_features import feature_reader
from game.ai.value_net import ValueNet, calibration, log_loss, new_net, save_net, softmax, train
from game.ai.value_store import weights_name
from game.core.batch import run_chunks
from game.core.errors import GameError
from game.core.files import read_json_file, write_json_atomically

SHARD_GAMES = 25
SHARD_FORMAT = "catan-table-train-shard"
# In the games of expert iteration a position's target is this share of the search's chances (of the action the
# seat on move chose) and the rest the outcome; a position where no search ran keeps the outcome alone.
SEARCH_SHARE = 0.5
MAX_SHARD_BYTES = 50_000_000


@dataclass(frozen=True)
class TrainPlan:
    """What to train: a variant and player count, the games (seeds seed .. seed + games - 1) and the network."""

    variant: str
    players: int
    games: int
    seed: int
    hidden: int = 32
    epochs: int = 15
    options: tuple[tuple[str, Any], ...] = ()  # the variant's options, sorted by name (e.g. a variable board)
    iterations: int = 0          # rounds of expert iteration after the fit on Normal's games
    iteration_games: int = 100   # games of the search per round
    setup: bool = False          # the set-up network (game/ai/setup_train.py) instead of the win-chance one

    def iteration_plan(self, round_: int) -> TrainPlan:
        """The games of one round of expert iteration: seeds after the self-play games and the earlier rounds."""
        first = self.seed + self.games + (round_ - 1) * self.iteration_games
        return TrainPlan(self.variant, self.players, self.iteration_games, first, self.hidden, self.epochs,
                         self.options)

    def shard_seeds(self) -> list[tuple[int, int]]:
        """(first seed, games) of every shard."""
        return [(s, min(SHARD_GAMES, self.seed + self.games - s))
                for s in range(self.seed, self.seed + self.games, SHARD_GAMES)]

    def folder(self, cache: Path) -> Path:
        """Where this plan's shards live under the cache folder."""
        marks = "".join(f"-{name}={value}" for name, value in self.options)
        kind = "-setup" if self.setup else ""
        return cache / "train" / f"{self.variant}-{self.players}p{marks}{kind}-seed{self.seed}"


def play_shard(variant_id: str, players: int, first_seed: int, games: int,
               options: tuple[tuple[str, Any], ...] = ()) -> dict[str, Any]:
    """Normal self-play games seeded first_seed ..: each position before an action is kept with the family's
    sampling share; per position the network's facts, today's evaluation facts and the game's winner (games
    that do not finish are left out)."""
    _, read = feature_reader(variant_id, players)
    model = evaluation_model(variant_id, players)
    out: dict[str, Any] = {"format": SHARD_FORMAT, "variant": variant_id, "players": players, "first_seed": first_seed,
                           "games": games, "options": [list(o) for o in options], "features": [], "facts": [], "winners": [],
                           "game_seeds": []}
    for game_seed, kept, winner in self_play(variant_id, players, first_seed, games, model,
                                             lambda game: (read(game), model.facts(game)), dict(options)):
        for features, facts in kept:
            out["features"].append([list(r) for r in features])
            out["facts"].append([list(r) for r in facts])
            out["winners"].append(winner)
            out["game_seeds"].append(game_seed)
    return out


def play_search_shard(variant_id: str, players: int, first_seed: int, games: int,
                      options: tuple[tuple[str, Any], ...], weights: str) -> dict[str, Any]:
    """Games in which every seat is Hard's expectimax scoring its leaves with the networks in the folder
    `weights`: positions kept as in self-play, each with the winner and its target (the search's chances mixed
    with the outcome where the seat on move searched)."""
    from game.ai.expectimax import ExpectimaxSettings
    from game.ai.catan_expectimax import catan_expectimax
    from game.core.registry import get_variant
    from game.sim import paused_gc

    _, read = feature_reader(variant_id, players)
    model = evaluation_model(variant_id, players)
    variant = get_variant(variant_id)
    out: dict[str, Any] = {"format": SHARD_FORMAT, "variant": variant_id, "players": players, "first_seed": first_seed,
                           "games": games, "options": [list(o) for o in options], "features": [], "facts": [],
                           "winners": [], "game_seeds": [], "targets": []}
    with paused_gc():
        for game_seed in range(first_seed, first_seed + games):
            game = variant.new_game(variant.default_seats(players), game_seed, dict(options))
            bots = [catan_expectimax(settings=ExpectimaxSettings(), weights=Path(weights)) for _ in range(players)]
            rng = random.Random(game_seed)
            kept: list[tuple[Any, Any, list[float] | None]] = []
            for _ in range(MAX_ACTIONS):
                if game.is_over():
                    break
                p = game.active_players()[0]
                keep = int(getattr(game.state, "turn_number", 0)) >= model.first_turn and rng.random() < model.share
                facts = (read(game), model.facts(game)) if keep else None
                game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
                if facts is not None:
                    searched = bots[p].last_chances
                    kept.append((*facts, None if searched is None else [float(x) for x in searched]))
            winner = game.winner()
            if winner is None:
                continue
            for features, facts, searched in kept:
                target = [float(q == winner) for q in range(players)]
                if searched is not None:
                    target = [(1 - SEARCH_SHARE) * t + SEARCH_SHARE * v for t, v in zip(target, searched)]
                out["features"].append([list(r) for r in features])
                out["facts"].append([list(r) for r in facts])
                out["winners"].append(winner)
                out["game_seeds"].append(game_seed)
                out["targets"].append(target)
    return out


def _shard_path(folder: Path, first_seed: int) -> Path:
    return folder / f"shard-{first_seed}.json"


def _valid_shard(path: Path, plan: TrainPlan, first_seed: int, games: int) -> dict[str, Any] | None:
    try:
        data = read_json_file(path, GameError, MAX_SHARD_BYTES)
    except GameError:
        return None
    same = isinstance(data, dict) and data.get("format") == SHARD_FORMAT and data.get("variant") == plan.variant \
        and data.get("players") == plan.players and data.get("first_seed") == first_seed and data.get("games") == games \
        and data.get("options", []) == [list(o) for o in plan.options] and data.get("setup", False) == plan.setup
    return data if same else None


def collect(plan: TrainPlan, cache: Path, resume: bool, workers: int | str = "auto",
            progress: Callable[[int, int], None] | None = None, weights: Path | None = None,
            folder: Path | None = None) -> list[dict[str, Any]]:
    """Every shard of the plan: kept ones (with resume) are read back, the others are played in worker processes
    and written as soon as each is in, so a stopped run loses at most the shards in flight. With `weights` (a
    folder of networks), the games are the search's (expert iteration), kept in `folder`."""
    folder = folder or plan.folder(cache)
    if not resume and folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    shards: dict[int, dict[str, Any]] = {}
    todo = []
    for first, games in plan.shard_seeds():
        kept = _valid_shard(_shard_path(folder, first), plan, first, games) if resume else None
        if kept is not None:
            shards[first] = kept
        else:
            todo.append((plan.variant, plan.players, first, games, plan.options,
                         None if weights is None else str(weights), plan.setup))
    done_before = sum(int(s["games"]) for s in shards.values())

    def finished(_: int, shard: dict[str, Any]) -> None:
        write_json_atomically(_shard_path(folder, shard["first_seed"]), shard, indent=None)
        shards[shard["first_seed"]] = shard

    def counted(done: int, total: int) -> None:
        if progress is not None:
            progress(done_before + done, plan.games)

    result = run_chunks(_play_chunk, iter(todo), plan.games - done_before, lambda chunk: int(chunk[3]), workers,
                        progress=counted, finished=lambda i, r: finished(i, r[0]))
    if result.interrupted:
        raise GameError("interrupted: the finished shards are kept (run again with --resume)")
    missing = [first for first, _ in plan.shard_seeds() if first not in shards]
    if missing:
        raise GameError(f"interrupted: {len(missing)} shards are still to play (run again with --resume)")
    return [shards[first] for first, _ in plan.shard_seeds()]


def _play_chunk(variant_id: str, players: int, first_seed: int, games: int,
                options: tuple[tuple[str, Any], ...], weights: str | None, setup: bool = False) -> list[dict[str, Any]]:
    if setup:
        from game.ai.setup_train import play_setup_shard

        return [{"format": SHARD_FORMAT, **play_setup_shard(variant_id, players, first_seed, games, options)}]
    if weights is not None:
        return [play_search_shard(variant_id, players, first_seed, games, options, weights)]
    return [play_shard(variant_id, players, first_seed, games, options)]


@dataclass(frozen=True)
class TrainReport:
    """The outcome of a fit: sizes, the held-out log-loss of a coin, today's evaluation and the network (and of
    the network on its training positions), and the network's held-out calibration."""

    positions: int
    games: int
    held_out_positions: int
    coin: float
    evaluation: float
    network: float
    network_on_training: float
    calibration_error: float
    calibration_bins: tuple[tuple[float, float, int], ...]


def _arrays(shards: list[dict[str, Any]], players: int) -> tuple[np.ndarray, ...]:
    features = np.asarray([f for s in shards for f in s["features"]], dtype=float)
    facts = np.asarray([f for s in shards for f in s["facts"]], dtype=float)
    winners = np.asarray([w for s in shards for w in s["winners"]], dtype=int)
    seeds = np.asarray([g for s in shards for g in s["game_seeds"]], dtype=int)
    rows = [t for s in shards for t in (s.get("targets") or [[float(q == w) for q in range(players)]
                                                              for w in s["winners"]])]
    targets = np.asarray(rows, dtype=float).reshape(len(winners), players)
    return features, facts, winners, seeds, targets


def fit_shards(plan: TrainPlan, shards: list[dict[str, Any]], start: ValueNet | None = None,
               measure: list[dict[str, Any]] | None = None) -> tuple[ValueNet, TrainReport]:
    """Train the network (from `start`, else from small random weights) on the games whose seed is not a multiple
    of 5, towards each position's target (the winner, or the search's chances mixed with it), and measure it on
    the held-out games of `measure` (default: all the shards)."""
    names, _ = feature_reader(plan.variant, plan.players)
    features, _, _, seeds, targets = _arrays(shards, plan.players)
    held = seeds % HELD_OUT_EVERY == 0
    if features.ndim != 3 or held.all() or not held.any():
        raise GameError("too few finished games to train and hold some out (play more games)")
    net = train(start or new_net(names, plan.hidden, plan.seed), features[~held], targets[~held], epochs=plan.epochs,
                seed=plan.seed)
    m_features, m_facts, m_winners, m_seeds, _ = _arrays(measure if measure is not None else shards, plan.players)
    m_held = m_seeds % HELD_OUT_EVERY == 0
    if not m_held.any():
        raise GameError("too few finished games to hold some out (play more games)")
    weights = np.asarray(evaluation_model(plan.variant, plan.players).weights_in_use, dtype=float)
    today = softmax(m_facts[m_held] @ weights)[np.arange(int(m_held.sum())), m_winners[m_held]]
    error, bins = calibration(net, m_features[m_held], m_winners[m_held])
    report = TrainReport(len(seeds), len(set(seeds.tolist())), int(m_held.sum()), float(np.log(plan.players)),
                         float(-np.log(np.clip(today, 1e-12, 1)).mean()),
                         log_loss(net, m_features[m_held], m_winners[m_held]),
                         log_loss(net, m_features[~m_held], m_winners[~m_held]) if (~m_held).any() else float("nan"),
                         error, tuple(bins))
    return net, report


def iterate(plan: TrainPlan, net: ValueNet, cache: Path, shards: list[dict[str, Any]], resume: bool,
            workers: int | str = "auto", progress: Callable[[int, int], None] | None = None,
            report: Callable[[int, TrainReport], None] | None = None) -> tuple[ValueNet, TrainReport | None]:
    """Expert iteration: each round plays the search's games with the current network (its weights written in the
    round's folder), then fits again on every game so far, starting from the current network, and measures on the
    round's held-out games. Returns the last network and its report (None without rounds)."""
    name = weights_name(plan.variant, plan.players, dict(plan.options))  # the name the round's search reads
    last: TrainReport | None = None
    for round_ in range(1, plan.iterations + 1):
        round_plan = plan.iteration_plan(round_)
        folder = plan.folder(cache) / f"round-{round_}"
        weights = folder / "weights"
        if not (resume and (weights / f"{name}.json").exists()):
            if folder.exists():
                shutil.rmtree(folder)
            save_net(net, weights / f"{name}.json", {"round": round_})
        found = collect(round_plan, cache, True, workers, progress, weights=weights, folder=folder / "shards")
        shards = shards + found
        net, last = fit_shards(plan, shards, start=net, measure=found)
        if report is not None:
            report(round_, last)
    return net, last
