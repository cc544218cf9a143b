"""The simulation report: every figure per seat position, colour and bot, the fairness tests, the verdict.

The report is plain JSON (`report.json`); the charts and the summary page are drawn from it alone.
Figures that depend on the machine (time, workers) sit under "run" and are left out of `figures_digest`.
"""

from __future__ import annotations

import hashlib
import json
import statistics
from collections.abc import Sequence
from typing import Any

from game.catan.constants import RESOURCES
from game.catan.geometry import topology
from game.lab.analysis import analyse
from game.lab.simulate import RunResult, SimulationPlan
from game.lab.openings import openings
from game.stats.inference import chi_square_equal, wilson_interval
from game.lab.verdicts import FAMILY_ALPHA, baseline_rows, correct, verdict

REPORT_FORMAT = "catan-table-lab-report"
REPORT_VERSION = 2


def build_report(plan: SimulationPlan, run: RunResult, command: Sequence[str] = (),
                 baseline: dict[str, Any] | None = None, sequential: dict[str, Any] | None = None) -> dict[str, Any]:
    """The whole report of a run: one section per layout, the tests corrected as one family, the verdicts, and a
    comparison when there are several layouts.

    `baseline` (game.lab.baseline) is the game's own seat effect to set the seats against, where the players
    placed their own starting pieces; `sequential` describes the looks of a run that went on until decided.
    """
    sections = []
    for i, layout in enumerate(plan.layouts):
        records = [r for r in run.records if r["layout"] == i]
        sections.append(layout_section(plan, i, records))
    family = correct(sections, FAMILY_ALPHA if sequential is None else float(sequential["level_per_look"]))
    for section in sections:
        placed = section["openings"]["placed"]
        section["baseline"] = baseline_rows(section, baseline) if baseline is not None and placed else None
        section["verdict"] = verdict(section, baseline if placed else None)
    report: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "version": REPORT_VERSION,
        "variant": plan.variant,
        "players": plan.players,
        "colours": list(plan.colours),
        "bots": list(plan.bots),
        "games_per_layout": plan.games,
        "seed": plan.seed,
        "free_setup": plan.free_setup,
        "check": plan.check,
        "population": {"name": plan.population, "temperature": plan.variety},
        "tests": family,
        "baseline": None if baseline is None else {k: baseline[k] for k in (
            "key", "games", "seat_rates", "population", "temperature", "command") if k in baseline},
        "sequential": sequential,
        "interrupted": run.interrupted,
        "layouts": sections,
        "comparison": comparison(sections) if len(sections) > 1 else [],
        "run": {
            "command": list(command), "workers": run.workers, "elapsed_seconds": round(run.elapsed, 2),
            "games_played": len(run.records),
            "games_per_second": round(len(run.records) / run.elapsed, 2) if run.elapsed else 0.0,
        },
    }
    report["figures_digest"] = figures_digest(report)
    return report


def figures_digest(report: dict[str, Any]) -> str:
    """A digest of every figure that must not depend on the machine or the number of workers."""
    figures = {k: v for k, v in report.items() if k not in ("run", "figures_digest")}
    return hashlib.sha256(json.dumps(figures, sort_keys=True).encode("utf-8")).hexdigest()


def _rate_row(games: int, wins: int) -> dict[str, Any]:
    low, high = wilson_interval(wins, games)
    return {"games": games, "wins": wins, "win_rate": round(wins / games, 4) if games else 0.0,
            "ci_low": round(low, 4), "ci_high": round(high, 4)}


def layout_section(plan: SimulationPlan, index: int, records: list[dict[str, Any]]) -> dict[str, Any]:
    """Every figure of one layout's games."""
    layout = plan.layouts[index]
    n = plan.players
    broken = [{"game": r["game"], "seed": r["seed"], "rotation": r["rotation"], "error": r["error"]}
              for r in records if r["error"]]
    played = [r for r in records if not r["error"]]
    finished = [r for r in played if r["finished"] and r["winner"] is not None]
    unfinished = [{"game": r["game"], "seed": r["seed"], "rotation": r["rotation"]}
                  for r in played if not (r["finished"] and r["winner"] is not None)]

    def group(key_of: Any, keys: Sequence[Any]) -> list[dict[str, Any]]:
        rows = []
        for key in keys:
            games = wins = lr = la = 0
            vps: list[int] = []
            production = [0] * 5
            for r in played:
                for seat in range(n):
                    if key_of(r, seat) != key:
                        continue
                    games += 1
                    vps.append(r["vp"][seat])
                    wins += r["finished"] and r["winner"] == seat
                    lr += r["longest_road"] == seat
                    la += r["largest_army"] == seat
                    for res in range(5):
                        production[res] += r["production"][seat][res]
            row = _rate_row(games, wins)
            row.update({
                "average_vp": round(statistics.fmean(vps), 3) if vps else 0.0,
                "longest_road": lr, "largest_army": la,
                "production": {RESOURCES[res]: round(production[res] / games, 3) if games else 0.0
                               for res in range(5)},
            })
            rows.append(row)
        return rows

    positions = group(lambda r, seat: seat, range(n))
    for k, row in enumerate(positions):
        row["position"] = k
    colours = group(lambda r, seat: r["colours"][seat], plan.colours)
    for colour, row in zip(plan.colours, colours):
        row["colour"] = colour
    bot_ids = sorted(set(plan.bots))
    bots = group(lambda r, seat: r["bots"][seat], bot_ids)
    for bot, row in zip(bot_ids, bots):
        row["bot"] = bot
    for colour, row in zip(plan.colours, colours):
        row["by_position"] = [
            _rate_row(sum(1 for r in played if r["colours"][seat] == colour),
                      sum(1 for r in played if r["colours"][seat] == colour and r["finished"] and r["winner"] == seat))
            for seat in range(n)]
    seat_test = chi_square_equal([row["wins"] for row in positions])
    colour_test = chi_square_equal([row["wins"] for row in colours])
    first_settlements = [0] * topology().num_nodes
    by_position = [[0] * topology().num_nodes for _ in range(n)]
    for r in played:
        for seat, nodes in enumerate(r["setup_settlements"]):
            for node in nodes:
                first_settlements[node] += 1
                by_position[seat][node] += 1
    analysis = analyse(layout)
    production_total = [sum(r["production"][seat][res] for r in played for seat in range(n)) for res in range(5)]
    section = {
        "name": layout.name,
        "experimental": layout.experimental,
        "legal": layout.is_legal(),
        "has_start_pieces": bool(layout.start) and not plan.free_setup,
        "layout": layout.to_json(),
        "analysis": analysis.to_json(),
        "games": len(records),
        "finished": len(finished),
        "unfinished": len(unfinished),
        "unfinished_games": unfinished,
        "broken": broken,
        "seat_positions": positions,
        "colours": colours,
        "bots": bots if len(bot_ids) > 1 else [],
        "seat_test": {"statistic": round(seat_test.statistic, 4), "df": seat_test.df,
                      "p_value": round(seat_test.p_value, 6)},
        "colour_test": {"statistic": round(colour_test.statistic, 4), "df": colour_test.df,
                        "p_value": round(colour_test.p_value, 6)},
        "average_turns": round(statistics.fmean(r["turns"] for r in played), 2) if played else 0.0,
        "average_actions": round(statistics.fmean(r["actions"] for r in played), 1) if played else 0.0,
        "first_settlements": first_settlements,
        "first_settlements_by_position": by_position,
        "production_per_resource": {RESOURCES[res]: round(production_total[res] / len(played), 3) if played else 0.0
                                    for res in range(5)},
        "openings": openings(played, n, layout, analysis, placed=not (layout.start and not plan.free_setup)),
    }
    return section


def comparison(sections: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per layout: score, the seat test, the spread of seat win rates."""
    rows = []
    for section in sections:
        rates = [row["win_rate"] for row in section["seat_positions"]]
        rows.append({"name": section["name"], "score": section["analysis"]["score"],
                     "seat_p_value": section["seat_test"]["p_value"],
                     "colour_p_value": section["colour_test"]["p_value"],
                     "seat_adjusted_p_value": section["seat_test"]["adjusted_p_value"],
                     "colour_adjusted_p_value": section["colour_test"]["adjusted_p_value"],
                     "seat_rate_spread": round(max(rates) - min(rates), 4) if rates else 0.0,
                     "finished": section["finished"], "unfinished": section["unfinished"],
                     "broken": len(section["broken"]), "verdict": section["verdict"]["key"]})
    return rows
