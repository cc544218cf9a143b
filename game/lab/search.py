"""The fair-board search: generate boards under constraints, rank them by the static score, then simulate."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from game.core.errors import InvalidOptions
from game.lab.analysis import Analysis, analyse
from game.lab.layout import LabLayout, variable_lab_layout

MAX_TRIES_PER_CANDIDATE = 200


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


def generate_candidates(constraints: Constraints, count: int, seed: int) -> tuple[list[Candidate], int]:
    """Up to `count` boards that meet the constraints, best static score first; also how many were tried."""
    if count < 1:
        raise InvalidOptions("--candidates must be at least 1")
    if constraints.tokens not in ("spiral", "random"):
        raise InvalidOptions("--tokens is spiral or random")
    found: list[Candidate] = []
    tries = 0
    board_seed = seed * 7_919
    while len(found) < count and tries < count * MAX_TRIES_PER_CANDIDATE:
        board_seed += 1
        tries += 1
        layout = variable_lab_layout(board_seed, constraints.no_adjacent_red, constraints.tokens)
        analysis = analyse(layout)
        if constraints.accepts(analysis):
            found.append(Candidate(board_seed, layout.renamed(f"search-{board_seed}"), analysis.score))
    found.sort(key=lambda c: (-c.score, c.seed))
    return found, tries
