"""Training the set-up planner's network for Catan (the arena's hard-setup): games whose set-ups are varied (each
seat's Normal placing with its own variety), then played out by plain Normal bots; each game gives every seat's
set-up facts at the first roll and the winner (`python3 -m game train --setup`, in resumable shards as for the
win-chance network)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from game.ai.catan_setup import SETUP_NAMES, setup_features, setup_over
from game.ai.fitting import HELD_OUT_EVERY, MAX_ACTIONS
from game.ai.value_net import ValueNet, calibration, log_loss, new_net, train
from game.core.errors import GameError
from game.core.registry import get_variant

# The varieties a seat's set-up is drawn with (one per seat and game): Normal's own spots, and spots near them.
SETUP_TEMPERATURES = (0.0, 0.5, 1.0, 2.0, 3.0)


def play_setup_shard(variant_id: str, players: int, first_seed: int, games: int,
                     options: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """The set-up facts and winners of games first_seed .. first_seed + games - 1 (unfinished games left out), as a
    shard's body (game/ai/train.py adds its format)."""
    from game.ai.catan_heuristic import CatanHeuristicBot
    from game.ai.variety import Variety
    from game.sim import paused_gc

    variant = get_variant(variant_id)
    out: dict[str, Any] = {"setup": True, "variant": variant_id, "players": players,
                           "first_seed": first_seed, "games": games, "options": [list(o) for o in options],
                           "features": [], "winners": [], "game_seeds": []}
    with paused_gc():
        for game_seed in range(first_seed, first_seed + games):
            rng = random.Random(game_seed)
            game = variant.new_game(variant.default_seats(players), game_seed, dict(options))
            placers = [CatanHeuristicBot(Variety(rng.choice(SETUP_TEMPERATURES))) for _ in range(players)]
            bots = [CatanHeuristicBot() for _ in range(players)]
            features = None
            for _ in range(MAX_ACTIONS):
                if game.is_over():
                    break
                if features is None and setup_over(game):
                    features = setup_features(game)
                p = game.active_players()[0]
                chooser = placers[p] if features is None else bots[p]
                game.apply(chooser.choose(game.view(p), game.legal_actions(p), rng))
            winner = game.winner()
            if winner is None or features is None:
                continue
            out["features"].append([list(r) for r in features])
            out["winners"].append(winner)
            out["game_seeds"].append(game_seed)
    return out


def fit_setup(shards: list[dict[str, Any]], players: int, hidden: int, epochs: int,
              seed: int) -> tuple[ValueNet, dict[str, float]]:
    """The set-up network fitted on games whose seed is not a multiple of 5, and its held-out log-loss (and a
    coin's) and calibration error."""
    features = np.asarray([f for s in shards for f in s["features"]], dtype=float)
    winners = np.asarray([w for s in shards for w in s["winners"]], dtype=int)
    seeds = np.asarray([g for s in shards for g in s["game_seeds"]], dtype=int)
    held = seeds % HELD_OUT_EVERY == 0
    if features.ndim != 3 or held.all() or not held.any():
        raise GameError("too few finished games to train and hold some out (play more games)")
    net = train(new_net(SETUP_NAMES, hidden, seed), features[~held], winners[~held], epochs=epochs, seed=seed,
                ridge=1e-3)
    error, _ = calibration(net, features[held], winners[held])
    return net, {"positions": float(len(seeds)), "held_out": float(held.sum()), "coin": float(np.log(players)),
                 "network": log_loss(net, features[held], winners[held]),
                 "training": log_loss(net, features[~held], winners[~held]), "calibration": error}
