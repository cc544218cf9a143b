"""A simulation that goes on until its question is answered: games added in rounds until every layout's seat test
is decided at its look's level, or the game budget is spent.

The looks double from the first round's games to the budget and are fixed before the first game, each testing
at alpha / looks (game.stats.inference.SequentialPlan), so looking several times does not make a false alarm likelier.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.lab.report import build_report, figures_digest
from game.lab.simulate import RunResult, SimulationPlan, ordered
from game.stats.inference import SequentialPlan, doubling_looks
from game.lab.verdicts import FAMILY_ALPHA, TARGET_EDGE

RunRound = Callable[[range], RunResult]


@dataclass
class SequentialOutcome:
    """The report of the last look, the games of every round, and what each layout's seat test decided."""

    report: dict[str, Any]
    run: RunResult
    decisions: list[str | None]


def sequential_plan(first: int, budget: int, players: int, alpha: float = FAMILY_ALPHA) -> SequentialPlan:
    """The looks of a run from `first` games to `budget` games per layout, in whole rotation blocks."""
    return SequentialPlan(doubling_looks(first, budget, players), alpha)


def decisions_of(report: dict[str, Any], looks: SequentialPlan) -> list[str | None]:
    """What the report's look decides for each layout's seat test ("bias", "no_edge" or None)."""
    out = []
    for section in report["layouts"]:
        adjusted = section["seat_test"]["adjusted_p_value"]
        out.append(looks.decision(1.0 if adjusted is None else adjusted, section["fairness"]["detectable_edge"],
                                  TARGET_EDGE) if section["finished"] else None)
    return out


def run_until_decided(plan: SimulationPlan, looks: SequentialPlan, run_round: RunRound,
                      command: Sequence[str] = (), baseline: dict[str, Any] | None = None) -> SequentialOutcome:
    """Play round after round (run_round plays the game numbers it is given, for every layout) until each layout
    is decided or the last look is reached; a round that was interrupted ends the run with what it has."""
    records: list[dict[str, Any]] = []
    elapsed = 0.0
    workers = 1
    done = 0
    report: dict[str, Any] = {}
    decisions: list[str | None] = []
    interrupted = False
    history: list[dict[str, Any]] = []
    for look in looks.looks:
        result = run_round(range(done, look))
        records.extend(result.records)
        elapsed += result.elapsed
        workers = result.workers
        interrupted = result.interrupted
        done = look
        merged = RunResult(ordered(records), interrupted, elapsed, workers)
        description = {**looks.to_json(), "looks_taken": len(history) + 1, "history": history}
        report = build_report(replace(plan, games=done), merged, command, baseline, description)
        decisions = decisions_of(report, looks)
        history.append({"games": done, "decisions": decisions,
                        "seat_adjusted_p_values": [s["seat_test"]["adjusted_p_value"] for s in report["layouts"]]})
        if interrupted or all(d is not None for d in decisions):
            break
    report["sequential"]["decisions"] = decisions
    report["sequential"]["history"] = history
    report["sequential"]["looks_taken"] = len(history)
    report["figures_digest"] = figures_digest(report)
    return SequentialOutcome(report, RunResult(ordered(records), interrupted, elapsed, workers), decisions)
