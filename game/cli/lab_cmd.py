"""`python -m game lab analyse|simulate|search`: the layout lab on the command line."""

from __future__ import annotations

import argparse
import json
import sys
import time
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.catan.constants import RESOURCES
from game.catan.geometry import topology
from game.core.errors import InvalidOptions
from game.core.i18n import Translator
from game.lab.analysis import SCORE_FORMULA, analyse
from game.lab.layout import LabLayout, load_any_layout
from game.lab.simulate import CHECK_MODES, SimulationPlan, run_plan


class ProgressBar:
    """A progress line on stderr with the rate and an estimate of the time left (only on a terminal)."""

    def __init__(self, label: str, stream: Any = None) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.started = time.perf_counter()
        self.shown = self.stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        """Show that done of total games are finished."""
        if not self.shown:
            return
        elapsed = time.perf_counter() - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate else 0.0
        width = 30
        filled = int(width * done / max(total, 1))
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, "
                          f"{rate:.1f}/s, {format_seconds(left)} left ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def format_seconds(seconds: float) -> str:
    """1 h 02 min, 3 min 05 s or 12 s."""
    seconds = int(round(seconds))
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
    if seconds >= 60:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds} s"


def _layouts(sources: list[str], experimental: bool) -> tuple[LabLayout, ...]:
    layouts = []
    for source in sources:
        layout = load_any_layout(source)
        if experimental and not layout.experimental:
            layout = replace(layout, experimental=True)
        layouts.append(layout)
    return tuple(layouts)


def cmd_analyse(args: argparse.Namespace) -> int:
    """Print the static analysis of a layout."""
    layout = load_any_layout(args.layout)
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
    for problem in data["problems"]:
        print(f"  problem: {problem['key']} {problem['params']}")
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
    try:
        client = stack.enter_context(Client(args.scheduler, timeout=args.scheduler_timeout))
    except OSError as exc:
        raise InvalidOptions(f"cannot reach the Dask scheduler at {args.scheduler} ({exc})") from exc
    return client.get_executor()


def _plan(args: argparse.Namespace, layouts: tuple[LabLayout, ...]) -> SimulationPlan:
    return SimulationPlan(layouts, args.variant, args.players, tuple(args.bots.split(",")), args.games, args.seed,
                          args.free_setup, args.max_actions, args.check).validated()


def _run(args: argparse.Namespace, plan: SimulationPlan, label: str) -> Any:
    from game.lab.report import build_report

    with ExitStack() as stack:
        executor = _executor(args, stack)
        run = run_plan(plan, workers=args.workers, executor=executor, progress=ProgressBar(label))
    if run.interrupted:
        print(f"interrupted: keeping the {len(run.records)} finished games", file=sys.stderr)
    return build_report(plan, run, sys.argv)


def _write(report: dict[str, Any], args: argparse.Namespace) -> None:
    from game.lab.report_files import write_report

    paths = write_report(report, Path(args.report), args.lang)
    if not args.json:
        print(f"report written to {args.report} ({len(paths)} files)")


def cmd_simulate(args: argparse.Namespace) -> int:
    """Simulate games on one or more layouts and write the report folder."""
    plan = _plan(args, _layouts(args.layouts, args.experimental))
    report = _run(args, plan, "simulating")
    _write(report, args)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print_summary(report, Translator(args.lang))
    return 130 if report["interrupted"] else 0


def print_summary(report: dict[str, Any], t: Translator) -> None:
    """The key figures of a report as plain text (the verdict in the report's language)."""
    run = report["run"]
    print(f"{report['variant']}, {report['players']} players, bots {','.join(report['bots'])}, "
          f"{report['games_per_layout']} games per layout, seed {report['seed']}"
          f"{' (interrupted)' if report['interrupted'] else ''}; "
          f"{run['games_played']} games in {run['elapsed_seconds']} s on {run['workers']} worker(s)")
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
        print(f"  all seats win equally often: p = {section['seat_test']['p_value']:.4g}; "
              f"all colours: p = {section['colour_test']['p_value']:.4g}; verdict: {verdict}")
        for broken in section["broken"]:
            print(f"  BROKEN game {broken['game']} (seed {broken['seed']}): {broken['error']}")


def cmd_search(args: argparse.Namespace) -> int:
    """Generate boards under constraints, simulate the best by static score, report the fairest."""
    from game.core.files import write_json_atomically
    from game.lab.search import BEST_LAYOUT_FILE, Constraints, attach_search, generate_candidates

    constraints = Constraints(not args.allow_adjacent_red, args.no_equal_neighbours, args.no_repeated_numbers,
                              args.no_starved, args.max_cluster, args.min_score, args.tokens)
    if args.simulate_top < 1:
        raise InvalidOptions("--simulate-top must be at least 1")
    candidates, tries = generate_candidates(constraints, args.candidates, args.seed)
    if not candidates:
        raise InvalidOptions(f"no board among {tries} generated meets the constraints")
    top = candidates[:args.simulate_top]
    plan = _plan(args, tuple(c.layout for c in top))
    report = _run(args, plan, "searching")
    best = attach_search(report, candidates, tries, constraints)
    _write(report, args)
    write_json_atomically(Path(args.report) / BEST_LAYOUT_FILE, best["layout"])
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"{tries} boards generated, {len(candidates)} met the constraints, {len(top)} simulated")
    for row in report["search"]["ranking"]:
        per_game = row["seat_chi_square_per_game"]
        print(f"  {row['name']}: seat p = {row['seat_p_value']:.4g}, chi-square per game "
              f"{'-' if per_game is None else format(per_game, '.4g')}, score {row['score']}")
    print(f"fairest: {best['name']} (saved as {Path(args.report) / BEST_LAYOUT_FILE})")
    return 130 if report["interrupted"] else 0


def _sim_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=100, help="games per layout (default 100)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--variant", default="catan-base", help="catan-base, catan-compact or catan-2p")
    p.add_argument("--bots", default="heuristic", help="one bot id for all, or one per colour, comma-separated")
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


def add_lab_parser(sub: Any) -> None:
    """Register `lab analyse`, `lab simulate` and `lab search`."""
    p = sub.add_parser("lab", help="the layout lab: analyse, simulate and search board layouts")
    verbs = p.add_subparsers(dest="verb", required=True)
    layout_help = "a layout file, a save, 'beginner', 'variable:SEED' or 'compact:A1,B2,A3,B4,A5,B6'"
    a = verbs.add_parser("analyse", aliases=["analyze"], help="static analysis of a layout")
    a.add_argument("layout", help=layout_help)
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=cmd_analyse)
    s = verbs.add_parser("simulate", help="simulate games on layouts and write a report")
    s.add_argument("layouts", nargs="+", metavar="LAYOUT", help=layout_help)
    s.add_argument("--experimental", action="store_true",
                   help="simulate boards that break the printed component counts (marked experimental)")
    _sim_args(s)
    s.set_defaults(func=cmd_simulate)
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

