"""Training the learned win-chance evaluation: Normal self-play positions sampled in worker processes into
resumable shards (JSON, under the user cache), then a NumPy fit with held-out log-loss and calibration."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from game.ai.fit_models import evaluation_model
from game.ai.fitting import HELD_OUT_EVERY, self_play
from game.ai.value_features import feature_reader
from game.ai.value_net import ValueNet, calibration, log_loss, new_net, softmax, train
from game.core.batch import run_chunks
from game.core.errors import GameError
from game.core.files import read_json_file, write_json_atomically

SHARD_GAMES = 25
SHARD_FORMAT = "catan-table-train-shard"
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

    def shard_seeds(self) -> list[tuple[int, int]]:
        """(first seed, games) of every shard."""
        return [(s, min(SHARD_GAMES, self.seed + self.games - s))
                for s in range(self.seed, self.seed + self.games, SHARD_GAMES)]

    def folder(self, cache: Path) -> Path:
        """Where this plan's shards live under the cache folder."""
        return cache / "train" / f"{self.variant}-{self.players}p-seed{self.seed}"


def play_shard(variant_id: str, players: int, first_seed: int, games: int) -> dict[str, Any]:
    """Normal self-play games seeded first_seed ..: each position before an action is kept with the family's
    sampling share; per position the network's facts, today's evaluation facts and the game's winner (games
    that do not finish are left out)."""
    _, read = feature_reader(variant_id, players)
    model = evaluation_model(variant_id, players)
    out: dict[str, Any] = {"format": SHARD_FORMAT, "variant": variant_id, "players": players, "first_seed": first_seed,
                           "games": games, "features": [], "facts": [], "winners": [], "game_seeds": []}
    for game_seed, kept, winner in self_play(variant_id, players, first_seed, games, model,
                                             lambda game: (read(game), model.facts(game))):
        for features, facts in kept:
            out["features"].append([list(r) for r in features])
            out["facts"].append([list(r) for r in facts])
            out["winners"].append(winner)
            out["game_seeds"].append(game_seed)
    return out


def _shard_path(folder: Path, first_seed: int) -> Path:
    return folder / f"shard-{first_seed}.json"


def _valid_shard(path: Path, plan: TrainPlan, first_seed: int, games: int) -> dict[str, Any] | None:
    try:
        data = read_json_file(path, GameError, MAX_SHARD_BYTES)
    except GameError:
        return None
    same = isinstance(data, dict) and data.get("format") == SHARD_FORMAT and data.get("variant") == plan.variant \
        and data.get("players") == plan.players and data.get("first_seed") == first_seed and data.get("games") == games
    return data if same else None


def collect(plan: TrainPlan, cache: Path, resume: bool, workers: int | str = "auto",
            progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Every shard of the plan: kept ones (with resume) are read back, the others are played in worker processes
    and written as soon as each is in, so a stopped run loses at most the shards in flight."""
    folder = plan.folder(cache)
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
            todo.append((plan.variant, plan.players, first, games))
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


def _play_chunk(variant_id: str, players: int, first_seed: int, games: int) -> list[dict[str, Any]]:
    return [play_shard(variant_id, players, first_seed, games)]


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


def fit_shards(plan: TrainPlan, shards: list[dict[str, Any]]) -> tuple[ValueNet, TrainReport]:
    """Train the network on the games whose seed is not a multiple of 5 and measure it on the others."""
    names, _ = feature_reader(plan.variant, plan.players)
    features = np.asarray([f for s in shards for f in s["features"]], dtype=float)
    facts = np.asarray([f for s in shards for f in s["facts"]], dtype=float)
    winners = np.asarray([w for s in shards for w in s["winners"]], dtype=int)
    seeds = np.asarray([g for s in shards for g in s["game_seeds"]], dtype=int)
    held = seeds % HELD_OUT_EVERY == 0
    if features.ndim != 3 or held.all() or not held.any():
        raise GameError("too few finished games to train and hold some out (play more games)")
    net = train(new_net(names, plan.hidden, plan.seed), features[~held], winners[~held], epochs=plan.epochs,
                seed=plan.seed)
    weights = np.asarray(evaluation_model(plan.variant, plan.players).weights_in_use, dtype=float)
    today = softmax(facts[held] @ weights)[np.arange(int(held.sum())), winners[held]]
    error, bins = calibration(net, features[held], winners[held])
    report = TrainReport(len(winners), len(set(seeds.tolist())), int(held.sum()), float(np.log(plan.players)),
                         float(-np.log(np.clip(today, 1e-12, 1)).mean()), log_loss(net, features[held], winners[held]),
                         log_loss(net, features[~held], winners[~held]), error, tuple(bins))
    return net, report
