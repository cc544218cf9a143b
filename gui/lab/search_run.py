"""The lab's fair-board search in the background: its options, the run with progress (generate, race, write the
report), the saved report's folder, and the seat spread a ranking shows."""

from __future__ import annotations

import datetime
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any


from game.core.files import write_json_atomically
from game.lab.layout import LabLayout
from game.lab.report import build_report
from game.lab.baseline import baseline_for
from game.lab.search import (
    BEST_LAYOUT_FILE, Candidate, Constraints, attach_search, best_section, generate_candidates, race, saves_best,
)
from game.core.batch import resolve_workers
from game.lab.simulate import RunResult, SimulationPlan, ordered, run_plan
from gui.lab.background import BackgroundRun, spawn_executor
from gui.lab.prove_options import fresh_folder

COMMAND = ("gui", "lab", "search")


# ------------------------------------------------------------------ the background search


@dataclass(frozen=True)
class SearchOptions:
    """Everything a search needs: the rules, how many boards to rank and simulate, and the simulation's options."""

    constraints: Constraints
    candidates: int
    simulate_top: int
    games: int
    seed: int
    variant: str
    players: int
    bot: str

    def plan(self, layouts: Sequence[LabLayout]) -> SimulationPlan:
        """The validated simulation plan of these boards (GameError names a bad option)."""
        return SimulationPlan(tuple(layouts), self.variant, self.players, (self.bot,), self.games,
                              self.seed).validated()


@dataclass(frozen=True)
class SearchOutcome:
    """How a search ended: every candidate, how many boards were dealt, the report (None without simulation)."""

    candidates: tuple[Candidate, ...]
    tries: int
    report: dict[str, Any] | None
    error: str | None = None


class SearchRun(BackgroundRun[SearchOutcome]):
    """One search in a background thread: progress and outcome behind a lock, cancelled at once by an event."""

    def __init__(self, options: SearchOptions, workers: int | str) -> None:
        super().__init__("generating", options.games * options.simulate_top, "lab-search")
        self.options = options
        self.workers = resolve_workers(workers)
        self._candidates: tuple[Candidate, ...] | None = None
        self._tries = 0

    def candidates(self) -> tuple[tuple[Candidate, ...], int] | None:
        """The ranked candidates and how many boards were dealt, once they are known."""
        with self._lock:
            return None if self._candidates is None else (self._candidates, self._tries)

    def _work(self) -> None:
        """Deal and rank the boards, simulate the best and rank them by fairness (runs in the thread)."""
        found: tuple[Candidate, ...] = ()
        tries = 0
        try:
            options = self.options
            candidates, tries = generate_candidates(options.constraints, options.candidates, options.seed,
                                                    stop=self.cancel_event.is_set)
            found = tuple(candidates)
            top = found[:options.simulate_top]
            with self._lock:
                self._candidates, self._tries = found, tries
                self._total = options.games * len(top)
            if self.abandon_event.is_set():
                self._finish(SearchOutcome((), tries, None, "abandoned"))
                return
            if not top or self.cancel_event.is_set():
                self._finish(SearchOutcome(found, tries, None))
                return
            plan = options.plan([c.layout for c in top])
            with self._lock:
                if self._phase == "generating":
                    self._phase = "starting"
                self._started = time.perf_counter()
            executor = spawn_executor(self.workers)
            budget = options.games * len(top)
            done_before = [0]

            def run_round(sub: SimulationPlan, games: range) -> RunResult:
                def progress(done: int, _total: int) -> None:
                    self._on_progress(done_before[0] + done, budget)

                result = run_plan(sub, workers=self.workers, executor=executor, progress=progress,
                                  cancel=self.cancel_event, games=games)
                done_before[0] += len(result.records)
                return result

            try:
                records, rounds, interrupted = race(plan, budget, run_round, [c.score for c in top])
            finally:
                if executor is not None:
                    executor.shutdown(wait=False, cancel_futures=True)
            if self.abandon_event.is_set():
                self._finish(SearchOutcome((), tries, None, "abandoned"))
                return
            self._set_phase("ranking")
            run = RunResult(ordered(records), interrupted, time.perf_counter() - self._started, self.workers)
            games = max((r.games for r in rounds), default=0)
            report = build_report(replace(plan, games=games), run, COMMAND, baseline_for(plan))
            attach_search(report, found, tries, options.constraints, rounds, budget)
            self._finish(SearchOutcome(found, tries, report))
        except Exception as exc:  # noqa: BLE001 - the thread's boundary: any failure must reach the screen
            self._finish(SearchOutcome(found, tries, None, f"{type(exc).__name__}: {exc}"))


def search_folder(root: Path, when: datetime.datetime) -> Path:
    """A new folder under root for a search report, e.g. search-2025-01-31-142501."""
    base = f"search-{when:%Y-%m-%d-%H%M%S}"
    return fresh_folder(root, base)


def write_search_report(report: dict[str, Any], folder: Path, lang: str) -> None:
    """The report folder as `lab search` writes it: report.json, charts, summary and best-layout.json."""
    from game.lab.report_files import write_report

    write_report(report, folder, lang)
    if saves_best(report):
        write_json_atomically(folder / BEST_LAYOUT_FILE, best_section(report)["layout"])


class ReportSaver:
    """Writes a search report folder in a background thread (the window keeps drawing meanwhile)."""

    def __init__(self, report: dict[str, Any], folder: Path, lang: str) -> None:
        self.report = report
        self.folder = folder
        self.lang = lang
        self._lock = threading.Lock()
        self._result: tuple[Path, str | None] | None = None
        self._thread = threading.Thread(target=self._work, name="lab-search-save", daemon=True)
        self._thread.start()

    def result(self) -> tuple[Path, str | None] | None:
        """(folder, error text or None) once written."""
        with self._lock:
            return self._result

    def join(self, timeout: float | None = None) -> None:
        """Wait for the writing (tests)."""
        self._thread.join(timeout)

    def _work(self) -> None:
        error: str | None = None
        try:
            write_search_report(self.report, self.folder, self.lang)
        except (ImportError, OSError, ValueError, StopIteration) as exc:
            error = str(exc) or type(exc).__name__
        with self._lock:
            self._result = (self.folder, error)


def seat_spread(section: dict[str, Any]) -> float:
    """The highest minus the lowest seat win rate of a layout section (as in the report's comparison)."""
    rates = [row["win_rate"] for row in section["seat_positions"]]
    return round(max(rates) - min(rates), 4) if rates else 0.0
