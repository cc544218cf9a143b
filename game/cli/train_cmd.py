"""`python -m game train`: sample Normal self-play positions in resumable shards, fit the learned win-chance network
with NumPy, print its held-out log-loss and calibration against a coin and today's evaluation, and write weights."""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from game.ai.train import TrainPlan, TrainReport, collect, fit_shards, iterate
from game.ai.value_net import save_net
from game.cli.progress import ProgressBar
from game.core.errors import GameError
from game.core.options import parse_option_pairs
from game.core.registry import get_variant

MAX_GAMES = 1_000_000


def default_cache() -> Path:
    """The user cache folder of the program (shards live under its train/ folder)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("catan-table", appauthor=False))


def cmd_train(args: argparse.Namespace) -> int:
    """Collect the shards, fit, report, and write the weights file."""
    variant = get_variant(args.variant)
    players = args.players if args.players is not None else variant.max_players
    variant.check_player_count(players)
    if not 1 <= args.games <= MAX_GAMES:
        raise GameError(f"--games must be from 1 to {MAX_GAMES}")
    if not 1 <= args.hidden <= 512 or not 1 <= args.epochs <= 10_000:
        raise GameError("--hidden must be from 1 to 512 and --epochs from 1 to 10000")
    options = tuple(sorted(parse_option_pairs(args.option).items()))
    variant.validate_options(dict(options))
    if not 0 <= args.iterate <= 100 or not 1 <= args.iterate_games <= MAX_GAMES:
        raise GameError(f"--iterate must be from 0 to 100 and --iterate-games from 1 to {MAX_GAMES}")
    if args.iterate and variant.family != "catan":
        raise GameError("expert iteration (--iterate) is for Catan games: the expectimax searches only them yet")
    if args.setup and (variant.family != "catan" or args.iterate):
        raise GameError("--setup trains the set-up network of a Catan game (without --iterate)")
    plan = TrainPlan(variant.id, players, args.games, args.seed, args.hidden, args.epochs, options, args.iterate,
                     args.iterate_games, args.setup)
    cache = Path(args.cache_dir) if args.cache_dir else default_cache()
    if args.setup:
        return _train_setup(args, plan, cache)
    started = time.perf_counter()
    shards = collect(plan, cache, args.resume, args.workers, ProgressBar("train"))
    sampled = time.perf_counter()
    net, report = fit_shards(plan, shards)
    fitted = time.perf_counter()
    if not args.json:
        print(f"{variant.id}, {players} players: {report.positions} positions of {report.games} finished games "
              f"({report.held_out_positions} held out: games whose seed is a multiple of 5); shards in "
              f"{plan.folder(cache)}")
        _print_report(report)
        print(f"  sampling {sampled - started:.1f} s, fitting {fitted - sampled:.1f} s")
    rounds: list[dict[str, Any]] = []

    def round_done(round_: int, found: TrainReport) -> None:
        rounds.append({"round": round_, "seconds": time.perf_counter() - fitted, **asdict(found)})
        if not args.json:
            print(f"round {round_} of expert iteration: {args.iterate_games} games in which every seat is Hard's "
                  f"search with the network so far; measured on the round's held-out games")
            _print_report(found)
            print(f"  {time.perf_counter() - fitted:.1f} s since the first fit")

    if args.iterate:
        net, last = iterate(plan, net, cache, shards, args.resume, args.workers, ProgressBar("iterate"), round_done)
        report = last or report
    iterated = time.perf_counter()
    meta = {"variant": variant.id, "players": players, "games": args.games, "seed": args.seed,
            "hidden": args.hidden, "epochs": args.epochs, "options": dict(options), "iterate": args.iterate,
            "iterate_games": args.iterate_games, "held_out_log_loss": report.network,
            "calibration_error": report.calibration_error,
            "command": f"python3 -m game train --variant {variant.id} --players {players} --games {args.games} "
                       f"--seed {args.seed} --hidden {args.hidden} --epochs {args.epochs}"
                       + "".join(f" -o {name}={_flag(value)}" for name, value in options)
                       + (f" --iterate {args.iterate} --iterate-games {args.iterate_games}" if args.iterate else "")}
    save_net(net, Path(args.out), meta)
    if args.json:
        out: dict[str, Any] = asdict(report)
        out.update(meta=meta, sample_seconds=sampled - started, fit_seconds=fitted - sampled, rounds=rounds,
                   iterate_seconds=iterated - fitted)
        print(json.dumps(out))
        return 0
    print(f"weights written to {args.out}")
    return 0


def _train_setup(args: argparse.Namespace, plan: TrainPlan, cache: Path) -> int:
    """Collect the set-up shards, fit the set-up network, report and write it."""
    from game.ai.setup_train import fit_setup

    started = time.perf_counter()
    shards = collect(plan, cache, args.resume, args.workers, ProgressBar("train"))
    sampled = time.perf_counter()
    net, report = fit_setup(shards, plan.players, plan.hidden, plan.epochs, plan.seed)
    fitted = time.perf_counter()
    meta = {"variant": plan.variant, "players": plan.players, "games": plan.games, "seed": plan.seed,
            "hidden": plan.hidden, "epochs": plan.epochs, "options": dict(plan.options), "setup": True,
            "held_out_log_loss": report["network"], "calibration_error": report["calibration"],
            "command": f"python3 -m game train --setup --variant {plan.variant} --players {plan.players} "
                       f"--games {plan.games} --seed {plan.seed} --hidden {plan.hidden} --epochs {plan.epochs}"
                       + "".join(f" -o {name}={_flag(value)}" for name, value in plan.options)}
    save_net(net, Path(args.out), meta)
    if args.json:
        print(json.dumps({**report, "meta": meta, "sample_seconds": sampled - started,
                          "fit_seconds": fitted - sampled}))
        return 0
    print(f"{plan.variant}, {plan.players} players, set-up network: {int(report['positions'])} finished games "
          f"({int(report['held_out'])} held out: games whose seed is a multiple of 5); shards in {plan.folder(cache)}")
    print(f"  held-out log-loss of the winner from the finished set-up: coin {report['coin']:.4f}, "
          f"network {report['network']:.4f} (on its training games {report['training']:.4f})")
    print(f"  calibration (10 bins): expected error {report['calibration']:.4f}")
    print(f"  sampling {sampled - started:.1f} s, fitting {fitted - sampled:.1f} s")
    print(f"weights written to {args.out}")
    return 0


def _print_report(report: TrainReport) -> None:
    print(f"  held-out log-loss of the winner: coin {report.coin:.4f}, today's evaluation {report.evaluation:.4f}, "
          f"network {report.network:.4f} (on its training games {report.network_on_training:.4f})")
    print(f"  calibration (10 bins): expected error {report.calibration_error:.4f}")
    for mean, share, count in report.calibration_bins:
        print(f"    predicted {100 * mean:5.1f}%  won {100 * share:5.1f}%  ({count} seat-positions)")


def _flag(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def add_train_parser(sub: Any) -> None:
    """Register the `train` subcommand."""
    p = sub.add_parser("train", help="train the learned win-chance evaluation on Normal self-play")
    p.add_argument("--variant", default="catan-base")
    p.add_argument("--players", type=int, default=None, help="number of players (default: the variant's largest)")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=20000, help="the first game's seed (the others follow)")
    p.add_argument("--out", required=True, metavar="FILE", help="the weights file to write")
    p.add_argument("--resume", action="store_true", help="keep the shards an earlier run of this plan finished")
    p.add_argument("--workers", default="auto", help="worker processes (default: every core)")
    p.add_argument("--hidden", type=int, default=32, help="hidden units of the network")
    p.add_argument("--epochs", type=int, default=15)
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                   help="a variant option of the self-play games (e.g. board=variable)")
    p.add_argument("--iterate", type=int, default=0, metavar="K",
                   help="rounds of expert iteration: games of the search with the current network, fitted again")
    p.add_argument("--iterate-games", type=int, default=100, metavar="N", help="games of the search per round")
    p.add_argument("--setup", action="store_true",
                   help="train the set-up planner's network instead (arena bot hard-setup): games with varied "
                        "set-ups, each seat's facts at the first roll and the winner")
    p.add_argument("--cache-dir", default=None, help="where shards are kept (default: the user cache)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_train)
