"""`python -m game fit-evaluation`: fit the Hard search's evaluation to who wins seeded games of Normal bots."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import Any

from game.ai.fit_models import evaluation_model
from game.ai.fitting import fit_report, sample_positions
from game.cli.progress import ProgressBar
from game.core.errors import GameError
from game.core.registry import get_variant


def cmd_fit_evaluation(args: argparse.Namespace) -> int:
    """Sample positions, fit, and print the held-out log-loss of the weights in use and of the fitted weights."""
    variant = get_variant(args.variant)
    players = args.players if args.players is not None else variant.max_players
    variant.check_player_count(players)
    if args.games < 1:
        raise GameError("--games must be at least 1")
    model = evaluation_model(variant.id, players)
    positions = sample_positions(variant.id, players, args.games, args.seed, model, ProgressBar("fit"))
    report = fit_report(positions, model)
    if args.json:
        out = asdict(report)
        out["names"] = list(model.names)
        out["weights_in_use"] = list(model.weights_in_use)
        out["constants"] = model.constants(report.weights)
        print(json.dumps(out))
        return 0
    print(f"{variant.id}, {players} players: {report.positions} positions of {report.games} games "
          f"({report.held_out_positions} held out: games whose seed is a multiple of 5)")
    print(f"  held-out log-loss of the winner: coin {report.coin:.4f}, weights in use {report.in_use:.4f}, "
          f"fitted {report.fitted:.4f} (on the training games {report.fitted_on_training:.4f})")
    width = max(len(name) for name in model.names)
    for name, in_use, fitted in zip(model.names, model.weights_in_use, report.weights):
        print(f"  {name:<{width}}  in use {in_use:+.4f}  fitted {fitted:+.4f}")
    print(f"  as the code writes it: {model.constants(report.weights)}")
    return 0


def add_fit_parser(sub: Any) -> None:
    """Register the `fit-evaluation` subcommand."""
    p = sub.add_parser("fit-evaluation", help="fit Hard's evaluation to who wins seeded games of Normal bots")
    p.add_argument("--variant", default="catan-base")
    p.add_argument("--players", type=int, default=None,
                   help="number of players (default: the variant's largest count)")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=10000, help="the first game's seed (the others follow)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_fit_evaluation)
