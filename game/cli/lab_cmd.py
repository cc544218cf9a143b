"""`python -m game lab analyse|simulate|search`: the layout lab on the command line."""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import re
import struct
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.catan.constants import RESOURCES
from game.catan.geometry import topology
from game.core.errors import GameError, InvalidOptions, InvalidPosition
from game.core.i18n import Translator
from game.lab.analysis import SCORE_FORMULA, analyse
from game.lab.layout import LabLayout, load_any_layout, problem_sentence
from game.core.batch import resolve_workers
from game.cli.progress import ProgressBar
from game.lab.simulate import CHECK_MODES, DEFAULT_POPULATION, RunResult, SimulationPlan, ordered, run_plan


def _layouts(sources: list[str], experimental: bool) -> tuple[LabLayout, ...]:
    return tuple(_load(source, experimental) for source in sources)


def cmd_analyse(args: argparse.Namespace) -> int:
    """Print the static analysis of a layout."""
    layout = _load(args.layout, args.experimental)
    analysis = analyse(layout)
    data = {"name": layout.name, "legal": layout.is_legal(), "experimental": layout.experimental,
            "problems": [{"key": p.key, "params": p.params_dict(), "component": p.component}
                         for p in layout.problems()],
            **analysis.to_json()}
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    topo = topology()
    print(f"{layout.name}: {'legal' if data['legal'] else 'NOT legal under the printed rules'}"
          f"{' (experimental)' if layout.experimental else ''}")
    for problem in layout.problems():
        print(f"  problem: {problem_sentence(problem)} ({problem.key})")
    print(f"  balance score: {data['score']} = {SCORE_FORMULA} with {data['score_terms']}")
    print("  pips per resource: " + ", ".join(f"{r} {data['resource_pips'][r]}" for r in RESOURCES)
          + f" (total {data['total_pips']})")
    print("  pips per hex: " + " ".join(f"{h}:{p}" for h, p in enumerate(data["hex_pips"])))
    print("  best starting spots:")
    for i, spot in enumerate(data["best_spots"], 1):
        harbor = f", harbor {spot['harbor']}" if spot["harbor"] else ""
        print(f"    {i:2d}. {spot['name']:7s} quality {spot['quality']:5.2f} (pips {spot['pips']}, "
              f"{spot['variety']} resources{harbor})")
    checks = data["checks"]
    print(f"  adjacent 6/8: {checks['adjacent_6_8'] or 'none'}")
    print(f"  equal numbers on neighbouring hexes: "
          f"{[(c['hexes'], c['number']) for c in checks['equal_neighbours']] or 'none'}")
    print(f"  a resource holding one number twice: "
          f"{[(c['resource'], c['number'], c['hexes']) for c in checks['repeated_numbers']] or 'none'}")
    print(f"  clusters of one terrain: {[(c['terrain'], c['hexes']) for c in checks['terrain_clusters']] or 'none'}")
    print(f"  starved resources: {checks['starved_resources'] or 'none'}")
    print("  harbors:")
    for h in checks["harbors"]:
        extra = f", board pips of its resource {h['resource_pips']}, own resource beside it {h['own_resource_pips']}" \
            if h["resource_pips"] is not None else ""
        print(f"    {h['type']:12s} on {'-'.join(topo.edge_name(h['edge']))}: pips at its spots {h['spot_pips']}{extra}")
    return 0


def _executor(args: argparse.Namespace, stack: ExitStack) -> Any:
    """Dask distributed's executor for --scheduler, else None (local processes)."""
    if not args.scheduler:
        return None
    try:
        from distributed import Client
    except ImportError:
        raise InvalidOptions("--scheduler needs Dask distributed: pip install -e \".[cluster]\"") from None
    probe_scheduler(args.scheduler, args.scheduler_timeout)
    try:
        client = stack.enter_context(Client(args.scheduler, timeout=args.scheduler_timeout))
    except SCHEDULER_ERRORS as exc:
        raise InvalidOptions(f"cannot use the Dask scheduler at {args.scheduler} ({type(exc).__name__}: "
                             f"{str(exc)[:200]})") from None
    return client.get_executor()


def _plan(args: argparse.Namespace, layouts: tuple[LabLayout, ...]) -> SimulationPlan:
    return SimulationPlan(layouts, args.variant, args.players, tuple(args.bots.split(",")), args.games, args.seed,
                          args.free_setup, args.max_actions, args.check, population=args.population).validated()


def _run(args: argparse.Namespace, plan: SimulationPlan, label: str) -> Any:
    from game.lab.baseline import baseline_for
    from game.lab.report import build_report
    from game.lab.sequential import run_until_decided, sequential_plan

    baseline = baseline_for(plan)
    command = typed_command(args)
    with ExitStack() as stack:
        executor = _executor(args, stack)

        def run_round(games: range) -> Any:
            return run_plan(plan, workers=args.workers, executor=executor, progress=ProgressBar(label), games=games)

        if getattr(args, "until_decided", False):
            looks = sequential_plan(plan.games, args.max_games, plan.players)
            outcome = run_until_decided(plan, looks, run_round, command, baseline)
            run, report = outcome.run, outcome.report
        else:
            run = run_round(range(plan.games))
            report = build_report(plan, run, command, baseline)
    if run.interrupted:
        print(f"interrupted: keeping the {len(run.records)} finished games", file=sys.stderr)
    return report


def typed_command(args: argparse.Namespace) -> list[str]:
    """The command line as a user types it (python3 -m game lab …), whatever path started the program."""
    return ["python3", "-m", "game", *getattr(args, "argv", sys.argv[1:])]


def _write(report: dict[str, Any], args: argparse.Namespace) -> None:
    from game.lab.report_files import write_report

    paths = write_report(report, Path(args.report), args.lang)
    if not args.json:
        print(f"report written to {args.report} ({len(paths)} files)")


def cmd_simulate(args: argparse.Namespace) -> int:
    """Simulate games on one or more layouts and write the report folder."""
    check_simulation_options(args)
    check_report_folder(args.report)
    if args.until_decided:
        args.max_games = 16 * args.games if args.max_games is None else args.max_games
        if args.max_games < args.games:
            raise InvalidOptions(f"--max-games ({args.max_games}) must be at least --games ({args.games})")
    elif args.max_games is not None:
        raise InvalidOptions("--max-games goes with --until-decided")
    plan = _plan(args, _layouts(args.layouts, args.experimental))
    check_start_colours(plan.layouts, plan.players, plan.free_setup)
    report = _run(args, plan, "simulating")
    _write(report, args)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print_summary(report, Translator(args.lang))
    return 130 if report["interrupted"] else 0


def print_summary(report: dict[str, Any], t: Translator) -> None:
    """The key figures of a report as plain text (the verdict in the report's language)."""
    from game.lab.report_text import verdict_sentences

    run = report["run"]
    population = report["population"]
    print(f"{report['variant']}, {report['players']} players, bots {','.join(report['bots'])}, "
          f"population {population['name']} (variety {population['temperature']:g}), "
          f"{report['games_per_layout']} games per layout, seed {report['seed']}"
          f"{' (interrupted)' if report['interrupted'] else ''}; "
          f"{run['games_played']} games in {run['elapsed_seconds']} s on {run['workers']} worker(s)")
    tests = report["tests"]
    print(f"{tests['tests']} test(s), corrected together (Holm) at {tests['alpha']:g}; "
          f"intervals at {100 * (1 - tests['strictest_level']):.4g}%")
    sequential = report.get("sequential")
    if sequential:
        print(f"until decided: looks after {', '.join(str(g) for g in sequential['looks'])} games, each at "
              f"{sequential['level_per_look']:.4g}; stopped after look {sequential['looks_taken']}")
    for section in report["layouts"]:
        mark = " [experimental]" if section["experimental"] else ""
        print(f"\n{section['name']}{mark}: {section['finished']} finished, {section['unfinished']} unfinished, "
              f"{len(section['broken'])} broken; average {section['average_turns']} turns")
        for row in section["seat_positions"]:
            print(f"  seat {row['position'] + 1}: {row['wins']:5d}/{row['games']:<5d} {100 * row['win_rate']:5.1f}% "
                  f"[{100 * row['ci_low']:.1f}-{100 * row['ci_high']:.1f}]  VP {row['average_vp']:.2f}  "
                  f"LR {row['longest_road']}  LA {row['largest_army']}")
        for row in section["colours"]:
            print(f"  {row['colour']:7s} {row['wins']:5d}/{row['games']:<5d} {100 * row['win_rate']:5.1f}% "
                  f"[{100 * row['ci_low']:.1f}-{100 * row['ci_high']:.1f}]  VP {row['average_vp']:.2f}")
        verdict = t.t(section["verdict"]["key"] + ".short")
        colour_p = section["colour_test"]["adjusted_p_value"]
        colour = "not tested (no starting pieces)" if colour_p is None else (
            f"{p_text(section['colour_test']['p_value'])}, corrected {p_text(colour_p)}")
        print(f"  all seats win equally often: {p_text(section['seat_test']['p_value'])}, corrected "
              f"{p_text(section['seat_test']['adjusted_p_value'])}; all colours: {colour}; verdict: {verdict}")
        opening = section["openings"]
        if opening["placed"]:
            print(f"  openings: {opening['distinct_first_rounds']} distinct first rounds, "
                  f"{opening['distinct_openings']} distinct set-ups in {opening['games']} games")
            for row in opening["by_position"]:
                spots = ", ".join(f"{s['name']} {100 * s['share']:.0f}%" for s in row["spots"])
                print(f"    seat {row['position'] + 1} takes most often: {spots}")
        for sentence in verdict_sentences(t, section["verdict"]):
            print(f"  {sentence}")
        for broken in section["broken"]:
            print(f"  BROKEN game {broken['game']} (seed {broken['seed']}): {broken['error']}")


def p_text(p: float) -> str:
    """A p-value as the summary prints it: "p = 0.0314", or "p < 0.001"."""
    return "p < 0.001" if p < 0.001 else f"p = {p:.3g}"


def cmd_search(args: argparse.Namespace) -> int:
    """Generate boards under constraints, race the best by static score in simulation, report the fairest and
    whether it passed; best-layout.json is saved only for a board that passed (exit 1 when none did)."""
    from game.core.files import write_json_atomically
    from game.lab.baseline import baseline_for
    from game.lab.report import build_report
    from game.lab.search import BEST_LAYOUT_FILE, Constraints, attach_search, generate_candidates, race, saves_best

    check_simulation_options(args)
    check_search_options(args)
    check_report_folder(args.report)
    constraints = Constraints(not args.allow_adjacent_red, args.no_equal_neighbours, args.no_repeated_numbers,
                              args.no_starved, args.max_cluster, args.min_score, args.tokens)
    candidates, tries = generate_candidates(constraints, args.candidates, args.seed)
    if not candidates:
        raise InvalidOptions(f"no board among {tries} generated meets the constraints")
    top = candidates[:args.simulate_top]
    plan = _plan(args, tuple(c.layout for c in top))
    budget = args.games * len(top)
    with ExitStack() as stack:
        executor = _executor(args, stack)

        def run_round(sub: SimulationPlan, games: range) -> Any:
            return run_plan(sub, workers=args.workers, executor=executor, progress=ProgressBar("searching"),
                            games=games)

        started = time.perf_counter()
        records, rounds, interrupted = race(plan, budget, run_round, [c.score for c in top])
    if interrupted:
        print(f"interrupted: keeping the {len(records)} finished games", file=sys.stderr)
    run = RunResult(ordered(records), interrupted, time.perf_counter() - started, resolve_workers(args.workers))
    report = build_report(replace(plan, games=max((r.games for r in rounds), default=0)), run, typed_command(args),
                          baseline_for(plan))
    best = attach_search(report, candidates, tries, constraints, rounds, budget)
    _write(report, args)
    best_path = Path(args.report) / BEST_LAYOUT_FILE
    if saves_best(report):
        write_json_atomically(best_path, best["layout"])
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print_search(report, best_path if saves_best(report) else None, Translator(args.lang))
    if report["interrupted"]:
        return 130
    return 0 if saves_best(report) else 1


def print_search(report: dict[str, Any], saved: Path | None, t: Translator) -> None:
    """The search's outcome as plain text: the constraints, the budget, the race, the ranking and the choice."""
    from game.lab.report_text import verdict_sentences
    from game.lab.search import BEST_LAYOUT_FILE

    search = report["search"]
    rules = ", ".join(f"{k}={v}" for k, v in search["constraints"].items() if v not in (None, False))
    print(f"{search['boards_generated']} boards generated under {rules or 'no constraints'}, "
          f"{len(search['candidates'])} met them, {len(report['layouts'])} raced; "
          f"{search['games_played']} of a budget of {search['budget']} games played")
    for k, race_round in enumerate(search["rounds"], 1):
        dropped = f"; dropped {', '.join(race_round['dropped'])}" if race_round["dropped"] else ""
        print(f"  round {k}: {len(race_round['boards'])} board(s) at {race_round['games']} games each{dropped}")
    tests = report["tests"]
    print(f"ranked by measured fairness (seat tests corrected together, Holm over {tests['tests']} at "
          f"{tests['alpha']:g}):")
    for k, row in enumerate(search["ranking"], 1):
        edge = row["seat_edge"]
        state = {"passed": "passed", "undecided": "undecided (too few games to tell)", "failed": "FAILED",
                 "no_games": "no games"}[row["status"]]
        print(f"  {k}. {row['name']}: {row['games']} games, seat {edge['position'] + 1} "
              f"{100 * edge['edge']:+.1f} points [{100 * edge['ci_low']:+.1f}, {100 * edge['ci_high']:+.1f}], "
              f"corrected {p_text(row['seat_adjusted_p_value'])}, {state}; static score {row['score']} "
              f"(static rank {row['static_rank']})")
    best = next(s for s in report["layouts"] if s["name"] == search["best"])
    state = search["best_status"]
    if state == "passed":
        print(f"chosen: {search['best']}, passed: no bias at the corrected level, and the run could have seen one "
              f"of {100 * best['fairness']['detectable_edge']:.1f} points; saved as {saved}")
    elif state == "undecided":
        print(f"chosen: {search['best']}, undecided: no bias found, but too few games to call it fair; "
              f"saved as {saved}")
    else:
        print(f"no candidate passed: the least biased, {search['best']}, still fails the corrected tests; "
              f"nothing saved as {BEST_LAYOUT_FILE}")
    if not search["any_passed"]:
        print("no candidate passed at the corrected level")
    for sentence in verdict_sentences(t, best["verdict"]):
        print(f"  {sentence}")


def cmd_baseline(args: argparse.Namespace) -> int:
    """Measure the game's own seat effect over random legal boards and file it in a baseline file."""
    from game.lab.baseline import BASELINE_SEED, baseline_plan, measure, write_baseline

    out = Path(args.out) if args.out else shipped_baseline_path()
    if out.exists() and not out.is_file():
        raise InvalidOptions(f"--out {out}: not a file")
    plan = baseline_plan(args.players, args.population, args.games, args.seed if args.seed is not None
                         else BASELINE_SEED, tuple(args.bots.split(",")), args.variant)
    with ExitStack() as stack:
        executor = _executor(args, stack)
        run = run_plan(plan, workers=args.workers, executor=executor, progress=ProgressBar("baseline"))
    entry = measure(plan, run)
    if run.interrupted:
        print(f"interrupted after {len(run.records)} games: nothing written", file=sys.stderr)
        return 130
    write_baseline(out, entry)
    if args.json:
        print(json.dumps(entry))
        return 0
    rates = ", ".join(f"seat {k + 1} {100 * r:.2f}%" for k, r in enumerate(entry["seat_rates"]))
    print(f"baseline {entry['key']}: {entry['games']} decided of {entry['games_played']} games on random boards, "
          f"{run.elapsed:.0f} s on {run.workers} worker(s); {rates}; seat test p = {entry['seat_test_p_value']:.4g}")
    print(f"written to {out}")
    return 0


def shipped_baseline_path() -> Path:
    """The baseline file that ships in the package (the checkout's copy, which the command regenerates)."""
    from game.lab import baseline

    return Path(baseline.__file__).with_name("data") / baseline.BASELINE_RESOURCE


def _sim_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=100, help="games per layout (default 100)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--variant", default="catan-base", help="catan-base, catan-compact or catan-2p")
    p.add_argument("--bots", default="normal", help="one bot id for all, or one per colour, comma-separated")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", default="auto", help="local worker processes, or auto (every core)")
    p.add_argument("--scheduler", help="address of a Dask scheduler (e.g. tcp://host:8786) to run on a cluster")
    p.add_argument("--scheduler-timeout", type=float, default=10.0, help=argparse.SUPPRESS)
    p.add_argument("--report", required=True, metavar="DIR", help="folder for report.json, charts and summary")
    p.add_argument("--lang", choices=("cs", "en"), default="en", help="language of the charts and summary")
    p.add_argument("--free-setup", action="store_true",
                   help="players place their own first settlements even where the layout has starting pieces")
    p.add_argument("--check", choices=CHECK_MODES, default="turn",
                   help="how often workers re-check the game's invariants (default: after every turn)")
    p.add_argument("--max-actions", type=int, default=50_000, help="a game longer than this counts as unfinished")
    p.add_argument("--json", action="store_true", help="print the whole report as JSON")
    p.add_argument("--population", default=DEFAULT_POPULATION,
                   help="who plays: varied (the default: bots sample among near-equal choices, as a population of "
                        "sensible players would), varied:T (that variety temperature) or fixed (always the best "
                        "choice, as reports before the varied population)")


def add_lab_parser(sub: Any) -> None:
    """Register `lab analyse`, `lab simulate` and `lab search`."""
    p = sub.add_parser("lab", help="the layout lab: analyse, simulate and search board layouts")
    verbs = p.add_subparsers(dest="verb", required=True)
    layout_help = "a layout file, a save, 'beginner', 'variable:SEED' or 'compact:A1,B2,A3,B4,A5,B6'"
    a = verbs.add_parser("analyse", aliases=["analyze"], help="static analysis of a layout")
    a.add_argument("layout", help=layout_help)
    a.add_argument("--json", action="store_true")
    a.add_argument("--experimental", action="store_true",
                   help="analyse a board that breaks the printed component counts (marked experimental)")
    a.set_defaults(func=cmd_analyse)
    s = verbs.add_parser("simulate", help="simulate games on layouts and write a report")
    s.add_argument("layouts", nargs="+", metavar="LAYOUT", help=layout_help)
    s.add_argument("--experimental", action="store_true",
                   help="simulate boards that break the printed component counts (marked experimental)")
    s.add_argument("--until-decided", action="store_true",
                   help="after --games, add games in rounds (doubling) until every layout's seat test is decided "
                        "or --max-games is spent; the looks are corrected so the p-values stay honest")
    s.add_argument("--max-games", type=int, default=None,
                   help="with --until-decided: the budget of games per layout (default 16 x --games)")
    _sim_args(s)
    s.set_defaults(func=cmd_simulate)
    b = verbs.add_parser("baseline", help="measure the game's own seat effect over random legal boards")
    b.add_argument("--players", type=int, default=4)
    b.add_argument("--population", default=DEFAULT_POPULATION, help="varied (default), varied:T or fixed")
    b.add_argument("--games", type=int, default=8000, help="games, each on a board of its own (default 8000)")
    b.add_argument("--seed", type=int, default=None, help="the seed of the boards and games (default 2026)")
    b.add_argument("--bots", default="normal", help="one bot id for all seats, or one per seat")
    b.add_argument("--variant", default="catan-base", help="catan-base or catan-compact")
    b.add_argument("--workers", default="auto", help="local worker processes, or auto (every core)")
    b.add_argument("--scheduler", help="address of a Dask scheduler to run on a cluster")
    b.add_argument("--scheduler-timeout", type=float, default=10.0, help=argparse.SUPPRESS)
    b.add_argument("--out", metavar="FILE", help="the baseline file to add the entry to (default: the shipped one)")
    b.add_argument("--json", action="store_true", help="print the entry as JSON")
    b.set_defaults(func=cmd_baseline)
    f = verbs.add_parser("search", help="search for a fair board")
    f.add_argument("--candidates", type=int, default=50, help="boards to rank by the static score")
    f.add_argument("--simulate-top", type=int, default=5, help="how many of the best to simulate")
    f.add_argument("--allow-adjacent-red", action="store_true", help="allow 6 and 8 side by side")
    f.add_argument("--no-equal-neighbours", action="store_true", help="no equal numbers on neighbouring hexes")
    f.add_argument("--no-repeated-numbers", action="store_true", help="no resource holding one number twice")
    f.add_argument("--no-starved", action="store_true", help="no resource starved of pips")
    f.add_argument("--max-cluster", type=int, help="largest cluster of one terrain")
    f.add_argument("--min-score", type=float, help="lowest balance score")
    f.add_argument("--tokens", choices=("spiral", "random"), default="spiral", help="how tokens are laid")
    _sim_args(f)
    f.set_defaults(func=cmd_search)



# --- checks made before any work: hostile options, the report folder, the scheduler -------------------------------

# A Dask scheduler's address: PROTOCOL://HOST:PORT (or HOST:PORT for tcp), or inproc://NAME within one process.
SCHEDULER_PROTOCOLS: tuple[str, ...] = ("tcp", "tls", "ws", "wss", "ucx")
HOST_PORT = re.compile(r"(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):([0-9]{1,5})")
# What connecting to an address raises when something other than a Dask scheduler answers there: Dask reads
# the answer as frame counts and lengths (struct.error on a short answer, MemoryError or ValueError allocating a
# frame of absurd length, ...). OSError covers refused connections, time-outs and Dask's CommClosedError.
SCHEDULER_ERRORS: tuple[type[BaseException], ...] = (
    OSError, TimeoutError, ValueError, MemoryError, OverflowError, EOFError, struct.error,
)


def check_simulation_options(args: argparse.Namespace) -> None:
    """Refuse out-of-range numbers, variants, player counts and scheduler options before any game is played."""
    from game.ai.registry import make_bot
    from game.core.batch import resolve_workers
    from game.core.registry import get_variant
    from game.lab.simulate import CATAN_LAB_VARIANTS

    _at_least("--games", args.games, 1)
    _at_least("--max-actions", args.max_actions, 1)
    if args.variant not in CATAN_LAB_VARIANTS:
        raise InvalidOptions(f"the layout lab simulates {', '.join(CATAN_LAB_VARIANTS)}, not {args.variant!r}")
    variant = get_variant(args.variant)
    variant.check_player_count(args.players)
    bots = args.bots.split(",")
    if len(bots) not in (1, args.players):
        raise InvalidOptions(f"--bots needs one bot or one per player ({args.players})")
    for bot in set(bots):
        make_bot(bot, variant.family)
    resolve_workers(args.workers)
    if args.scheduler is not None:
        check_scheduler_address(args.scheduler)
    timeout = args.scheduler_timeout
    if not (math.isfinite(timeout) and timeout > 0):
        raise InvalidOptions(f"--scheduler-timeout must be a number of seconds above 0, got {timeout}")


def check_search_options(args: argparse.Namespace) -> None:
    """Refuse hostile numbers of `lab search` (candidates, simulated boards, constraints) before any board is made."""
    _at_least("--candidates", args.candidates, 1)
    _at_least("--simulate-top", args.simulate_top, 1)
    if args.max_cluster is not None:
        _at_least("--max-cluster", args.max_cluster, 1)
    score = args.min_score
    if score is not None and not (math.isfinite(score) and 0 <= score <= 100):
        raise InvalidOptions(f"--min-score is a balance score from 0 to 100, got {score}")


def _at_least(flag: str, value: int, low: int) -> None:
    """InvalidOptions unless value >= low."""
    if value < low:
        raise InvalidOptions(f"{flag} must be at least {low}, got {value}")


def check_start_colours(layouts: tuple[LabLayout, ...], players: int, free_setup: bool) -> None:
    """Refuse a layout whose starting pieces are for fewer colours than there are players (unless set up freely)."""
    for layout in layouts:
        if layout.start and not free_setup and len(layout.start) < players:
            raise InvalidOptions(f"layout {layout.name!r} has starting pieces for {len(layout.start)} colours, "
                                 f"fewer than the {players} players (--free-setup lets them place their own)")


def check_report_folder(path: str | Path) -> None:
    """Refuse a --report folder that cannot take the report before any game: a file in its place, no way to create
    it, or no right to write in it (tried with a temporary file, which any user, root too, can be refused)."""
    from game.core.files import TEMP_SUFFIX
    from game.lab.report_files import REPORT_FILE, SUMMARY_FILE
    from game.lab.search import BEST_LAYOUT_FILE
    from game.lab.summary import CHARTS_FOLDER

    folder = Path(path)
    if os.path.lexists(folder) and not folder.is_dir():
        raise InvalidOptions(f"--report {path}: that exists and is not a folder")
    existing = folder
    while not os.path.lexists(existing) and existing.parent != existing:
        existing = existing.parent
    if not existing.is_dir():
        raise InvalidOptions(f"--report {path}: cannot create the folder, {existing} is not a folder")
    for name in (CHARTS_FOLDER, REPORT_FILE, SUMMARY_FILE, BEST_LAYOUT_FILE):
        inside = folder / name
        if os.path.lexists(inside) and inside.is_dir() != (name == CHARTS_FOLDER):
            raise InvalidOptions(f"--report {path}: {inside} is in the way of the report "
                                 f"(its {name} {'is a folder' if name == CHARTS_FOLDER else 'is a file'})")
    try:
        handle, probe = tempfile.mkstemp(prefix=".report-check.", suffix=TEMP_SUFFIX, dir=existing)
    except OSError as exc:
        raise InvalidOptions(f"--report {path}: cannot write in {existing} ({exc.strerror or exc})") from None
    os.close(handle)
    os.unlink(probe)


def check_scheduler_address(address: str) -> None:
    """Refuse a --scheduler that is no Dask address: tcp://HOST:PORT (tls, ws, wss, ucx alike), inproc://, HOST:PORT."""
    protocol, sep, rest = address.partition("://")
    if not sep:
        protocol, rest = "tcp", address
    if protocol == "inproc":
        valid = bool(rest) and not any(ch.isspace() for ch in rest)
    else:
        match = HOST_PORT.fullmatch(rest) if protocol in SCHEDULER_PROTOCOLS else None
        valid = match is not None and 1 <= int(match.group(1)) <= 65535
    if not valid:
        raise InvalidOptions(f"--scheduler {address!r} is no scheduler address: give tcp://HOST:PORT (or tls://, "
                             "inproc://, or HOST:PORT), e.g. tcp://head:8786")


def probe_scheduler(address: str, timeout: float) -> None:
    """Refuse an address where no Dask scheduler answers (nothing, or another program) within the timeout.

    Asks Dask's identity call in a loop of its own, so a failure leaves no client or thread behind.
    """
    try:
        identity = asyncio.run(asyncio.wait_for(_scheduler_identity(address, timeout), timeout))
    except OSError as exc:  # refused, timed out, closed by the other side
        reason = str(exc) or f"no answer within {timeout:g} s"
        raise InvalidOptions(f"cannot reach the Dask scheduler at {address} ({reason})") from None
    except Exception as exc:  # noqa: BLE001 - whatever a foreign program sends back may fail Dask's decoding
        raise InvalidOptions(f"no Dask scheduler answers at {address}: the program there speaks another protocol "
                             f"({type(exc).__name__})") from None
    kind = identity.get("type") if isinstance(identity, dict) else None
    if kind != "Scheduler":
        raise InvalidOptions(f"no Dask scheduler answers at {address}: it says it is {kind or 'something else'}")


async def _scheduler_identity(address: str, timeout: float) -> Any:
    """What the process at address says it is (Dask's identity call), with the client's security settings."""
    from distributed.core import rpc
    from distributed.security import Security

    async with rpc(address, timeout=timeout, connection_args=Security().get_connection_args("client")) as remote:
        return await remote.identity()


def _load(source: str, experimental: bool) -> LabLayout:
    """A layout named on the command line; a board refused only for its component counts names --experimental."""
    try:
        layout = load_any_layout(source, experimental)
    except InvalidPosition as exc:
        if experimental or not _loads_as_experimental(source):
            raise
        raise InvalidPosition(f"{exc}; --experimental reads it as an experimental board") from exc
    return replace(layout, experimental=True) if experimental and not layout.experimental else layout


def _loads_as_experimental(source: str) -> bool:
    """Whether a layout that is refused under the printed rules can be read as an experimental board."""
    try:
        load_any_layout(source, experimental=True)
    except GameError:
        return False
    return True
