"""Command line of the rules model: `python -m game COMMAND` (variants, simulate, bench, replay, position, lab, arena,
fit-evaluation)."""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from game.core.errors import GameError
from game.core.options import parse_option_pairs
from game.core.registry import available_variants, get_variant
from game.sim import clone_microseconds, paused_gc, run_game


def cmd_variants(args: argparse.Namespace) -> int:
    """List variants, their player counts and (verbose) options."""
    for cls in available_variants():
        aliases = f" (aliases: {', '.join(cls.aliases)})" if cls.aliases else ""
        print(f"{cls.id}: {cls.min_players}-{cls.max_players} players{aliases}")
        if args.verbose:
            for spec in cls.option_specs:
                print(f"    {spec.describe()}")
    return 0


def _progress(done: int, total: int, started: float) -> None:
    if not sys.stderr.isatty():
        return
    width = 30
    filled = int(width * done / total)
    rate = done / max(time.perf_counter() - started, 1e-9)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {rate:.1f} games/s")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _start_factory(args: argparse.Namespace, variant: Any, seed: int) -> Any:
    if not getattr(args, "position", None):
        return None
    from game.catan.position import load_position

    position = load_position(Path(args.position))
    return lambda: variant.game_from_position(position, seed=seed)


def _resolve_players(args: argparse.Namespace, variant: Any) -> None:
    """Default the player count to the variant's largest and check it."""
    if args.players is None:
        args.players = variant.max_players
    variant.check_player_count(args.players)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play full games between bots and report wins per seat, turns and speed."""
    variant = get_variant(args.variant)
    _resolve_players(args, variant)
    options = parse_option_pairs(args.option)
    bots = args.bots.split(",")
    if len(bots) not in (1, args.players):
        raise GameError(f"--bots needs one bot or one per player ({args.players})")
    for flag, value in (("--games", args.games), ("--max-actions", args.max_actions)):
        if value < 1:
            raise GameError(f"{flag} must be at least 1, got {value}")
    wins: Counter[int | None] = Counter()
    turns: list[int] = []
    unfinished = 0
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        _, result = run_game(variant.id, args.players, seed, bots, options, args.max_actions,
                             start=_start_factory(args, variant, seed))
        wins[result.winner] += 1
        turns.append(result.turns)
        unfinished += not result.finished
        _progress(i + 1, args.games, started)
    elapsed = time.perf_counter() - started
    summary = {
        "variant": variant.id, "players": args.players, "games": args.games, "seed": args.seed,
        "bots": bots, "wins_per_seat": [wins[p] for p in range(args.players)], "unfinished": unfinished,
        "average_turns": round(statistics.fmean(turns), 1) if turns else 0.0,
        "games_per_second": round(args.games / elapsed, 2) if elapsed else 0.0,
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{variant.id}, {args.players} players, {args.games} games, bots {','.join(bots)}")
        for p in range(args.players):
            print(f"  seat {p}: {wins[p]} wins")
        if unfinished:
            print(f"  unfinished (action limit): {unfinished}")
        print(f"  average turns: {summary['average_turns']}")
        print(f"  games/s: {summary['games_per_second']}")
    return 0


def cmd_longrun(args: argparse.Namespace) -> int:
    """Memory in a long run (`bench --longrun N`): N random games of each variant in this process, and how much
    the memory still held grows per game, overall and after the warm-up."""
    from game.longrun import describe, longrun

    if args.longrun < 1 or args.warmup < 0:
        raise GameError("--longrun needs at least 1 game of each variant, and --warmup no negative count")
    variants = [v.strip() for v in args.longrun_variants.split(",") if v.strip()] if args.longrun_variants else None
    started = time.perf_counter()
    growth = longrun(args.longrun, variants, seed=args.seed, warmup_games=args.warmup,
                     progress=lambda done, total: _progress(done, total, started))
    if args.json:
        print(json.dumps({
            "variants": list(growth.variants), "games": growth.games, "warmup_games": growth.warmup_games,
            "start_bytes": growth.start_bytes, "warm_bytes": growth.warm_bytes, "end_bytes": growth.end_bytes,
            "bytes_per_game_overall": round(growth.per_game_overall, 1),
            "bytes_per_game_after_warmup": (None if growth.per_game_after_warmup is None
                                            else round(growth.per_game_after_warmup, 1)),
            "top_sites": [{"site": t.site, "bytes": t.bytes, "blocks": t.blocks} for t in growth.top_sites],
        }))
    else:
        print("\n".join(describe(growth)))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Random-playout throughput: games/s, actions/s and ms/game, the median of several runs."""
    if args.longrun is not None:
        return cmd_longrun(args)
    variant = get_variant(args.variant)
    _resolve_players(args, variant)
    options = parse_option_pairs(args.option)
    runs = []
    reference = []
    for run in range(args.runs):
        actions = 0
        started = time.perf_counter()
        with paused_gc():
            for i in range(args.games):
                _, result = run_game(variant.id, args.players, args.seed + run * args.games + i, ["random"], options)
                actions += result.actions
        elapsed = time.perf_counter() - started
        gc.collect()  # outside the timed part: what the paused collector would have found
        runs.append((args.games / elapsed, actions / elapsed, 1000 * elapsed / args.games, actions / args.games))
        if args.compare_catanatron:
            from game.cli.catanatron_compare import catanatron_random_games

            reference.append(catanatron_random_games(args.games, args.seed + run * args.games))
    result: dict[str, Any] = {
        "variant": variant.id, "players": args.players, "runs": args.runs, "games_per_run": args.games,
        "games_per_second": round(statistics.median(r[0] for r in runs), 1),
        "actions_per_second": round(statistics.median(r[1] for r in runs)),
        "ms_per_game": round(statistics.median(r[2] for r in runs), 2),
        "actions_per_game": round(statistics.median(r[3] for r in runs)),
        # The fastest run too: a busy machine slows runs at random, never speeds them up, so on a loaded or shared
        # machine two versions of the code compare better by their fastest runs over the same seeds.
        "fastest_games_per_second": round(max(r[0] for r in runs), 1),
        "run_games_per_second": [round(r[0], 1) for r in runs],
        "clone_microseconds": round(clone_microseconds(variant.id, args.players, args.seed, options), 2),
    }
    if reference:
        ref_games = statistics.median(r["games_per_second"] for r in reference)
        ref_actions = statistics.median(r["actions_per_second"] for r in reference)
        result["catanatron"] = {
            "games_per_second": round(ref_games, 1), "actions_per_second": round(ref_actions),
            "actions_per_game": round(statistics.median(r["actions_per_game"] for r in reference)),
        }
        result["ratio_games_per_second"] = round(result["games_per_second"] / ref_games, 2)
        result["ratio_actions_per_second"] = round(result["actions_per_second"] / ref_actions, 2)
    breakdown = None
    families: list[Any] = []  # FamilyShare, by family, with the breakdown
    if args.breakdown:
        from game.profiling import family_shares, step_breakdown

        breakdown = step_breakdown(variant.id, args.players, range(args.seed, args.seed + args.games), options)
        result["breakdown"] = [{"step": b.step, "calls_per_game": round(b.calls_per_game, 1),
                                "microseconds": round(b.microseconds, 2), "ms_per_game": round(b.ms_per_game, 3)}
                               for b in breakdown]
        families = family_shares(breakdown)
        result["families"] = [{"family": f.family, "share": round(f.share, 4), "bound": round(f.bound, 2)}
                              for f in families]
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{variant.id}, {args.players} players, random playouts, median of {args.runs} runs x {args.games} games")
    print(f"  games/s:      {result['games_per_second']} (fastest run {result['fastest_games_per_second']})")
    print(f"  actions/s:    {result['actions_per_second']}")
    print(f"  ms/game:      {result['ms_per_game']}")
    print(f"  actions/game: {result['actions_per_game']}")
    print(f"  clone() of a mid-game position: {result['clone_microseconds']} µs")
    if reference:
        ref = result["catanatron"]
        print(f"  catanatron (same run, interleaved): {ref['games_per_second']} games/s, "
              f"{ref['actions_per_second']} actions/s, {ref['actions_per_game']} actions/game")
        print(f"  ratio: {result['ratio_games_per_second']}x games/s, {result['ratio_actions_per_second']}x actions/s")
    if breakdown is not None:
        timed = sum(b.ms_per_game for b in breakdown)
        print(f"  where a game's time goes ({args.games} games timed step by step, {timed:.2f} ms/game in the steps):")
        print(f"    {'step':<34} {'per game':>9} {'µs each':>9} {'ms/game':>8} {'share':>6}")
        for b in breakdown:
            share = 100 * b.ms_per_game / timed if timed else 0.0
            print(f"    {b.step:<34} {b.calls_per_game:>9.1f} {b.microseconds:>9.2f} {b.ms_per_game:>8.3f} "
                  f"{share:>5.1f}%")
        print("  by family, and the most a game could speed up if that family cost nothing:")
        for f in families:
            print(f"    {f.family:<8} {100 * f.share:>5.1f}% of the steps   at most {f.bound:.2f}x as fast")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Load a save, verify it by replaying, and print a summary of the final position."""
    from game.core.saves import load_game

    game = load_game(Path(args.file))
    print(f"{game.variant.id}: {len(game.log)} actions replayed and verified")
    summary = getattr(game, "summary_lines", None)
    for line in (summary() if summary else []):
        print(f"  {line}")
    if game.is_over():
        winner = game.winner()
        print(f"  winner: seat {winner} ({game.seats[winner].name})" if winner is not None else "  no winner")
    else:
        print(f"  game in progress; waiting for seat(s) {list(game.active_players())}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = argparse.ArgumentParser(prog="python -m game", description="Catan Table rules model")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("variants", help="list the registered variants")
    p.add_argument("--verbose", "-v", action="store_true", help="show options too")
    p.set_defaults(func=cmd_variants)

    def game_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--variant", default="catan-base")
        p.add_argument("--players", type=int, default=None,
                       help="number of players (default: the variant's largest count)")
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
        p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = sub.add_parser("simulate", help="play full games between bots")
    game_args(p)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--bots", default="random", help="one bot id for all seats, or one per seat, comma-separated")
    p.add_argument("--position", help="start every game from this position file")
    p.add_argument("--max-actions", type=int, default=50_000)
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("bench", help="random-playout throughput")
    game_args(p)
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--compare-catanatron", action="store_true",
                   help="also time catanatron's random players in the same run (needs catanatron installed)")
    p.add_argument("--breakdown", action="store_true",
                   help="also time each step of the first run's games: listing per phase, apply per action kind")
    p.add_argument("--longrun", type=int, default=None, metavar="N",
                   help="measure memory instead: N random games of each variant in one process (round robin, "
                        "traced by tracemalloc), the held memory's growth per game overall and after --warmup")
    p.add_argument("--warmup", type=int, default=500, metavar="GAMES",
                   help="with --longrun: games (of all variants together) counted as warm-up (default 500)")
    p.add_argument("--longrun-variants", default=None, metavar="IDS",
                   help="with --longrun: comma-separated variant ids (default: every variant)")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("replay", help="load and verify a save, print its final position")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)

    from game.cli.position_cmd import add_position_parser

    add_position_parser(sub)
    from game.cli.cards_cmd import add_cards_parser

    add_cards_parser(sub)
    from game.cli.lab_cmd import add_lab_parser

    add_lab_parser(sub)
    from game.cli.arena_cmd import add_arena_parser

    add_arena_parser(sub)
    from game.cli.fit_cmd import add_fit_parser

    add_fit_parser(sub)
    from game.cli.train_cmd import add_train_parser

    add_train_parser(sub)
    from game.cli.review_cmd import add_review_parser

    add_review_parser(sub)
    from game.cli.coach_cmd import add_coach_parser

    add_coach_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run a subcommand; errors of the rules model print a clear message and exit 2."""
    args = build_parser().parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # the command as typed, for reports
    try:
        return int(args.func(args))
    except GameError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly; point stdout at nothing so the exit flush is silent.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
