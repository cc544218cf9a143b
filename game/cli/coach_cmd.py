"""`python -m game coach-quality`: how well the coach's live estimate predicts the winner of seeded Normal games
(log-loss against a coin and the fitted evaluation, calibration in 10 bins)."""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict
from typing import Any

from game.cli.progress import ProgressBar
from game.coach.chances import VIEW_WORLDS
from game.coach.quality import check_blunders, measure
from game.core.options import parse_option_pairs
from game.core.registry import get_variant


def cmd_coach_quality(args: argparse.Namespace) -> int:
    """Measure and print the estimate's quality."""
    variant = get_variant(args.variant)
    players = args.players if args.players is not None else variant.max_players
    variant.check_player_count(players)
    started = time.perf_counter()
    if args.blunders:
        check = check_blunders(variant.id, players, args.seed, args.blunders, args.playouts,
                               progress=None if args.json else ProgressBar("blunders"))
        if args.json:
            print(json.dumps({**asdict(check), "seconds": time.perf_counter() - started}))
            return 0
        print(f"{variant.id}, {players} players: {check.blunders} decisions labelled blunders in {check.games_reviewed} "
              f"reviewed Normal games; confirmed by {check.playouts} paired playouts each (the preferred action "
              f"wins at least 10 points more often): {check.confirmed} of {check.blunders}; mean gain "
              f"{100 * check.mean_gain:.1f} points ({time.perf_counter() - started:.0f} s)")
        return 0
    quality = measure(variant.id, players, args.games, args.seed, args.worlds, parse_option_pairs(args.option),
                      None if args.json else ProgressBar("coach-quality"))
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps({**asdict(quality), "seconds": seconds}))
        return 0
    print(f"{variant.id}, {players} players: {quality.positions} positions of {quality.games} finished games, "
          f"each estimated from the view of the seat on move ({args.worlds} sampled worlds; {quality.method})")
    print(f"  log-loss of the winner: coin {quality.coin:.4f}, fitted evaluation {quality.fitted:.4f}, "
          f"estimate {quality.estimate:.4f}")
    print(f"  calibration (10 bins): expected error {quality.calibration_error:.4f}")
    for mean, share, count in quality.bins:
        print(f"    predicted {100 * mean:5.1f}%  won {100 * share:5.1f}%  ({count} seat-positions)")
    print(f"  {seconds:.1f} s")
    return 0


def add_coach_parser(sub: Any) -> None:
    """Register the `coach-quality` subcommand."""
    p = sub.add_parser("coach-quality", help="measure the coach's win-chance estimate on seeded Normal games")
    p.add_argument("--variant", default="catan-base")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=700000, help="the first game's seed (use seeds no network saw)")
    p.add_argument("--worlds", type=int, default=VIEW_WORLDS, help="worlds sampled from each view")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--blunders", type=int, default=0, metavar="N",
                   help="instead: check N decisions the review labels blunders by paired playouts")
    p.add_argument("--playouts", type=int, default=100, help="with --blunders: playouts per action")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_coach_quality)
