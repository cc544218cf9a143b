"""The fair-board search: generate boards under constraints, rank them by the static score, then race the best by
simulation (successive halving: the fairer half of the boards goes on to more games), and say whether the chosen
board passed the report's corrected tests."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from game.core.errors import InvalidOptions
from game.lab.analysis import Analysis, analyse
from game.lab.layout import LabLayout, variable_lab_layout
from game.lab.simulate import RunResult, SimulationPlan
from game.stats.inference import chi_square_equal
from game.lab.verdicts import TOO_FEW_EDGE

MAX_TRIES_PER_CANDIDATE = 200
BEST_LAYOUT_FILE = "best-layout.json"


@dataclass(frozen=True, slots=True)
class Constraints:
    """What a generated board must satisfy (it is always legal under the printed rules)."""

    no_adjacent_red: bool = True
    no_equal_neighbours: bool = False
    no_repeated_numbers: bool = False
    no_starved: bool = False
    max_cluster: int | None = None
    min_score: float | None = None
    tokens: str = "spiral"

    def accepts(self, analysis: Analysis) -> bool:
        """Whether a board with this analysis meets every constraint."""
        if self.no_adjacent_red and analysis.adjacent_red:
            return False
        if self.no_equal_neighbours and analysis.equal_neighbours:
            return False
        if self.no_repeated_numbers and analysis.repeated_numbers:
            return False
        if self.no_starved and analysis.starved:
            return False
        if self.max_cluster is not None and any(len(h) > self.max_cluster for _, h in analysis.clusters):
            return False
        return self.min_score is None or analysis.score >= self.min_score

    def to_json(self) -> dict[str, Any]:
        """The constraints as plain JSON."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A generated board that met the constraints, with its static score."""

    seed: int
    layout: LabLayout
    score: float


def generate_candidates(constraints: Constraints, count: int, seed: int,
                        stop: Callable[[], bool] | None = None) -> tuple[list[Candidate], int]:
    """Up to `count` boards that meet the constraints, best static score first; also how many were tried.

    `stop` (asked before every try) ends the search early with the boards found so far.
    """
    if count < 1:
        raise InvalidOptions("--candidates must be at least 1")
    if constraints.tokens not in ("spiral", "random"):
        raise InvalidOptions("--tokens is spiral or random")
    found: list[Candidate] = []
    tries = 0
    board_seed = seed * 7_919
    while len(found) < count and tries < count * MAX_TRIES_PER_CANDIDATE:
        if stop is not None and stop():
            break
        board_seed += 1
        tries += 1
        layout = variable_lab_layout(board_seed, constraints.no_adjacent_red, constraints.tokens)
        analysis = analyse(layout)
        if constraints.accepts(analysis):
            found.append(Candidate(board_seed, layout.renamed(f"search-{board_seed}"), analysis.score))
    found.sort(key=lambda c: (-c.score, c.seed))
    return found, tries


@dataclass(frozen=True, slots=True)
class RaceRound:
    """One round of the race: the boards still in it, the games each had after it, and who was dropped."""

    survivors: tuple[int, ...]
    games: int
    dropped: tuple[int, ...]


RunRound = Callable[[SimulationPlan, range], RunResult]


def race_rounds(boards: int) -> int:
    """How many rounds successive halving takes for this many boards (the last has one board left)."""
    return max(1, math.ceil(math.log2(boards))) + (1 if boards > 1 else 0)


def unfairness(records: Sequence[dict[str, Any]], players: int) -> float:
    """An unbiased estimate of Σ (p_i − 1/n)² / (1/n) over the seats, from the decided games: (χ² − df) / games,
    at least 0 (the plain χ² per game grows as the games get fewer, so boards with different counts compare
    unfairly by it); inf with no decided game."""
    decided = [r for r in records if not r["error"] and r["finished"] and r["winner"] is not None]
    if not decided:
        return math.inf
    test = chi_square_equal([sum(1 for r in decided if r["winner"] == seat) for seat in range(players)])
    return max(0.0, (test.statistic - test.df) / len(decided))


def race(plan: SimulationPlan, budget: int, run_round: RunRound,
         scores: Sequence[float] | None = None) -> tuple[list[dict[str, Any]], list[RaceRound], bool]:
    """Successive halving over the plan's boards: every board gets the same games at first, then the fairer half
    goes on to more games, round after round, until one is left and the budget (games in all) is spent.

    Boards play the same game numbers, hence the same seeds (common luck), and games come in whole rotation
    blocks. Ties in measured fairness go to the higher static score. Returns the records (layout index = the
    board's index in the plan), the rounds and whether the run was interrupted.
    """
    boards = len(plan.layouts)
    block = plan.players
    scores = list(scores) if scores is not None else [0.0] * boards
    rounds = race_rounds(boards)
    survivors = list(range(boards))
    have = 0
    spent = 0
    records: list[dict[str, Any]] = []
    history: list[RaceRound] = []
    for r in range(rounds):
        last = r == rounds - 1 or len(survivors) == 1
        share = (budget - spent) if last else (budget - spent) / (rounds - r)
        add = max(block, int(share / len(survivors)) // block * block)
        if r and add * len(survivors) > budget - spent:  # the budget is spent: the race ends where it is
            if history:
                history[-1] = RaceRound(history[-1].survivors, history[-1].games, ())
            history.append(RaceRound(tuple(survivors), have, ()))
            break
        sub = replace(plan, layouts=tuple(plan.layouts[i] for i in survivors), games=have + add)
        result = run_round(sub, range(have, have + add))
        for record in result.records:
            records.append({**record, "layout": survivors[record["layout"]]})
        spent += add * len(survivors)
        have += add
        if result.interrupted:
            history.append(RaceRound(tuple(survivors), have, ()))
            return records, history, True
        if last:
            history.append(RaceRound(tuple(survivors), have, ()))
            break
        measured = {i: unfairness([x for x in records if x["layout"] == i], plan.players) for i in survivors}
        ranked = sorted(survivors, key=lambda i: (measured[i], -scores[i], i))
        keep = ranked[:max(1, math.ceil(len(ranked) / 2))]
        history.append(RaceRound(tuple(survivors), have, tuple(i for i in survivors if i not in keep)))
        survivors = sorted(keep)
    return records, history, False


def rank_sections(sections: Sequence[dict[str, Any]], reached: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """The report's layout sections, fairest first: those that went furthest in the race, then the measured
    unfairness (Σ (p_i − 1/n)² / (1/n), unbiased), then the higher static score, then the name."""
    reached = reached or {}
    return sorted(sections, key=lambda s: (-reached.get(s["name"], 0), seat_unfairness(s), -s["analysis"]["score"],
                                           s["name"]))


def seat_unfairness(section: dict[str, Any]) -> float:
    """The unbiased unfairness estimate of a report section ((χ² − df) per decided game, at least 0)."""
    finished = section["finished"]
    if not finished:
        return math.inf
    test = section["seat_test"]
    return max(0.0, (test["statistic"] - test["df"]) / finished)


def status(section: dict[str, Any]) -> str:
    """How a board stands: "failed" (its seat or colour test flags a bias at the report's corrected level),
    "passed" (no bias flagged, and the run could have seen an edge of TOO_FEW_EDGE), "undecided" (no bias flagged,
    but too few games to tell) or "no_games"."""
    if not section["finished"]:
        return "no_games"
    alpha = section["fairness"]["alpha"]
    if any(p is not None and p < alpha for p in (section["seat_test"]["adjusted_p_value"],
                                                 section["colour_test"]["adjusted_p_value"])):
        return "failed"
    detectable = section["fairness"]["detectable_edge"]
    return "passed" if detectable is not None and detectable <= TOO_FEW_EDGE else "undecided"


def search_section(candidates: Sequence[Candidate], tries: int, report: dict[str, Any],
                   constraints: Constraints, rounds: Sequence[RaceRound] = (), budget: int = 0) -> dict[str, Any]:
    """The report's "search" part: constraints, budget, every candidate, the race, the simulated boards ranked by
    measured fairness with their intervals, the chosen board and whether it (or any) passed.

    A board with no finished game has no unfairness (null); it ranks last.
    """
    names = [s["name"] for s in report["layouts"]]
    reached = {names[i]: r for r, race_round in enumerate(rounds) for i in race_round.survivors}
    ranked = rank_sections(report["layouts"], reached)
    static_rank = {c.layout.name: k + 1 for k, c in enumerate(candidates)}

    def measured(section: dict[str, Any]) -> float | None:
        value = seat_unfairness(section)
        return round(value, 6) if math.isfinite(value) else None

    chosen = ranked[0] if ranked else None
    simulated = set(names)
    return {
        "constraints": constraints.to_json(), "boards_generated": tries, "budget": budget,
        "games_played": sum(s["games"] for s in report["layouts"]),
        "candidates": [{"name": c.layout.name, "board_seed": c.seed, "score": round(c.score, 1),
                        "simulated": c.layout.name in simulated} for c in candidates],
        "rounds": [{"boards": [names[i] for i in r.survivors], "games": r.games,
                    "dropped": [names[i] for i in r.dropped]} for r in rounds],
        "ranking": [{"name": s["name"], "games": s["games"], "finished": s["finished"],
                     "seat_p_value": s["seat_test"]["p_value"],
                     "seat_adjusted_p_value": s["seat_test"]["adjusted_p_value"],
                     "unfairness": measured(s), "seat_edge": s["fairness"]["seat_edge"],
                     "detectable_edge": s["fairness"]["detectable_edge"], "status": status(s),
                     "score": s["analysis"]["score"], "static_rank": static_rank.get(s["name"])} for s in ranked],
        "best": chosen["name"] if chosen else None,
        "best_status": status(chosen) if chosen else "no_games",
        "any_passed": any(status(s) == "passed" for s in ranked),
    }


def attach_search(report: dict[str, Any], candidates: Sequence[Candidate], tries: int, constraints: Constraints,
                  rounds: Sequence[RaceRound] = (), budget: int = 0) -> dict[str, Any]:
    """Add the search section to a simulation report (and digest it again); the chosen board's section."""
    from game.lab.report import figures_digest

    report["search"] = search_section(candidates, tries, report, constraints, rounds, budget)
    report["figures_digest"] = figures_digest(report)
    return best_section(report)


def saves_best(report: dict[str, Any]) -> bool:
    """Whether the chosen board is saved as best-layout.json: unless it failed (or no game finished)."""
    return report["search"]["best_status"] in ("passed", "undecided")


def best_section(report: dict[str, Any]) -> dict[str, Any]:
    """The layout section of the board the search chose (the fairest measured; see "best_status")."""
    return next(s for s in report["layouts"] if s["name"] == report["search"]["best"])
