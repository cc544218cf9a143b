"""The fair-board search: generate boards under constraints, rank them by the static score, then simulate."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from game.core.errors import InvalidOptions
from game.lab.analysis import Analysis, analyse
from game.lab.layout import LabLayout, variable_lab_layout

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


def rank_sections(sections: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The report's layout sections, fairest first: seat unfairness, then the higher static score, then the name."""
    from game.lab.report import seat_unfairness

    return sorted(sections, key=lambda s: (seat_unfairness(s), -s["analysis"]["score"], s["name"]))


def search_section(candidates: Sequence[Candidate], tries: int, report: dict[str, Any],
                   constraints: Constraints) -> dict[str, Any]:
    """The report's "search" part: constraints, every candidate, the simulated boards ranked, the fairest.

    A board with no finished game has no chi-square per game (null); it ranks last.
    """
    from game.lab.report import seat_unfairness

    simulated = {section["name"] for section in report["layouts"]}
    ranked = rank_sections(report["layouts"])

    def per_game(section: dict[str, Any]) -> float | None:
        value = seat_unfairness(section)
        return round(value, 6) if math.isfinite(value) else None

    return {
        "constraints": constraints.to_json(), "boards_generated": tries, "candidates": [
            {"name": c.layout.name, "board_seed": c.seed, "score": round(c.score, 1),
             "simulated": c.layout.name in simulated} for c in candidates],
        "ranking": [{"name": s["name"], "seat_p_value": s["seat_test"]["p_value"],
                     "seat_chi_square_per_game": per_game(s), "score": s["analysis"]["score"]}
                    for s in ranked],
        "best": ranked[0]["name"] if ranked else None,
    }


def attach_search(report: dict[str, Any], candidates: Sequence[Candidate], tries: int,
                  constraints: Constraints) -> dict[str, Any]:
    """Add the search section to a simulation report (and digest it again); the fairest board's section."""
    from game.lab.report import figures_digest

    report["search"] = search_section(candidates, tries, report, constraints)
    report["figures_digest"] = figures_digest(report)
    return best_section(report)


def best_section(report: dict[str, Any]) -> dict[str, Any]:
    """The layout section of the fairest board of a report with a search section."""
    return next(s for s in report["layouts"] if s["name"] == report["search"]["best"])
