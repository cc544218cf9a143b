"""`python -m game arena`: bots play seeded, seat-rotated games; win rates with intervals, points, think times."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.ai.arena import DEFAULT_MAX_ACTIONS, ArenaPlan, report_lines, run_arena, summarize
from game.ai.arena_record import ArenaRecord
from game.cli.progress import ProgressBar
from game.core.options import parse_option_pairs
from game.core.registry import get_variant


def cmd_arena(args: argparse.Namespace) -> int:
    """Run the arena and print the report (text or one JSON object); 130 if interrupted."""
    variant = get_variant(args.variant)
    players = args.players if args.players is not None else variant.max_players
    plan = ArenaPlan(variant.id, players, tuple(args.bots.split(",")), args.games, args.seed, args.rotate_seats,
                     args.max_actions, args.think_seconds, tuple(sorted(parse_option_pairs(args.option).items())), args.rollouts).validated()
    record = ArenaRecord(Path(args.record), plan) if args.record else None
    run = run_arena(plan, workers=args.workers, progress=ProgressBar("arena"), record=record)
    if run.interrupted:
        kept = f" (in {args.record}; the same command goes on from there)" if record is not None else ""
        print(f"interrupted: keeping the {len(run.games)} finished games{kept}", file=sys.stderr)
    summary = summarize(run)
    if args.json:
        print(json.dumps(summary))
    else:
        print("\n".join(report_lines(summary)))
    return 130 if run.interrupted else 0


def add_arena_parser(sub: Any) -> None:
    """Register the `arena` subcommand."""
    p = sub.add_parser("arena", help="measure bots against each other (seat rotation, confidence intervals)")
    p.add_argument("--variant", default="catan-base")
    p.add_argument("--players", type=int, default=None,
                   help="number of players (default: the variant's largest count)")
    p.add_argument("--bots", default="normal",
                   help="one bot id per seat, comma-separated, or one for every seat (aliases allowed)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rotate-seats", action="store_true",
                   help="rotate the bots round the seats so each sits in every seat equally often")
    p.add_argument("--workers", default="auto", help="worker processes, or auto (every core, the default)")
    p.add_argument("--max-actions", type=int, default=DEFAULT_MAX_ACTIONS,
                   help="a game still running after this many actions counts as unfinished")
    p.add_argument("--think-seconds", type=float, default=None, help="the Hard bot's budget per decision")
    p.add_argument("--rollouts", type=int, default=None,
                   help="the Hard bot's budget in rollouts per decision (default: what the think time buys); "
                        "with a generous --think-seconds the run is the same on any machine; 0: no search, "
                        "Hard plays the policy its search starts from")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--record", default=None, metavar="FILE",
                   help="keep every finished game in FILE (JSON lines) as it finishes; games of this plan "
                        "already there are not played again, so a run that was cut off goes on where it stopped")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_arena)
