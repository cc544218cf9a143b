"""The review worker: a thread that reviews a save (or a game) off the drawing thread, reports its progress and an
estimate of the time left, and can be cancelled (a cancelled review writes no cache)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.coach import cache
from game.coach.review import Review, review_game
from game.core.errors import GameError
from game.core.game import Game
from game.core.replay import ReplayCursor
from game.core.saves import load_game
from gui.families import family_of


def seat_colors(game: Game) -> tuple[str, ...]:
    """The colour ids of the game's seats."""
    return tuple(str(seat.color) for seat in game.seats)


@dataclass(frozen=True)
class ReviewResult:
    """A finished review, its seats' colours and the recorded game it judged."""

    review: Review
    colors: tuple[str, ...]
    recorded: Game


def compute_review(path: Path | None, game: Game | None, write_cache: bool,
                   progress: Callable[[int, int], bool] | None = None) -> ReviewResult:
    """The review of a save (kept beside it when write_cache) or of a game, with its seats' colours (GameError
    when the save does not load or the review is cancelled)."""
    if path is not None:
        recorded = load_game(path)
        if write_cache:
            review, _kept = cache.review_save(path, progress=progress)
        else:
            kept = cache.cached_review(path)
            review = kept if kept is not None else review_game(recorded, progress=progress)
        return ReviewResult(review, seat_colors(recorded), recorded)
    if game is None:
        raise GameError("nothing to review")
    return ReviewResult(review_game(game, progress=progress), seat_colors(game), game)


def judged_positions(recorded: Game, review: Review) -> dict[int, Game]:
    """The position before each judged decision (for wording actions by what lay on the table then)."""
    steps = sorted({j.step for j in review.judgements})
    if not steps:
        return {}
    cursor = ReplayCursor(recorded)
    return {step: cursor.seek(step).clone() for step in steps}


class ReviewJob:
    """One review running in a daemon thread; poll `done`, `review`, `error`, `fraction()` and `seconds_left()`."""

    def __init__(self, path: Path | None, game: Game | None, write_cache: bool = True,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.path = path
        self.game = game
        self.write_cache = write_cache
        self._clock = clock
        self._cancel = threading.Event()
        self._lock = threading.Lock()
        self._progress = (0, 0)
        self._started = clock()
        self._first: tuple[float, int] | None = None
        self.review: Review | None = None
        self.colors: tuple[str, ...] = ()
        # The position before each judged decision, for a family that words actions by the table (else empty).
        self.positions: dict[int, Game] = {}
        self.error: str | None = None
        self.done = False
        self._thread: threading.Thread | None = None

    def start(self) -> ReviewJob:
        """Start the worker thread; returns the job."""
        self._started = self._clock()
        self._thread = threading.Thread(target=self._run, name="review", daemon=True)
        self._thread.start()
        return self

    def run_here(self) -> ReviewJob:
        """Review on the calling thread (the screenshot mode); returns the job."""
        self._started = self._clock()
        self._run()
        return self

    def _run(self) -> None:
        try:
            result = compute_review(self.path, self.game, self.write_cache, self._report)
            family = family_of(result.recorded)
            wording = family is not None and family.describe_action is not None
            positions = judged_positions(result.recorded, result.review) if wording else {}
        except GameError as exc:
            with self._lock:
                self.error = str(exc)
                self.done = True
            return
        with self._lock:
            self.review, self.colors, self.positions = result.review, result.colors, positions
            self.done = True

    def _report(self, done: int, total: int) -> bool:
        with self._lock:
            self._progress = (done, total)
            if self._first is None and done > 0:
                self._first = (self._clock(), done)
        return not self._cancel.is_set()

    def cancel(self) -> None:
        """Ask the worker to stop at its next progress report (no cache is written)."""
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        """Whether cancel() was asked."""
        return self._cancel.is_set()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker thread (tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def progress(self) -> tuple[int, int]:
        """(actions reviewed, actions in all)."""
        with self._lock:
            return self._progress

    def fraction(self) -> float:
        """The share of the review done, 0..1."""
        done, total = self.progress()
        return min(1.0, done / total) if total > 0 else 0.0

    def seconds_left(self) -> float | None:
        """An estimate of the seconds left from the pace so far (None before there is a pace)."""
        done, total = self.progress()
        if done <= 0 or total <= 0:
            return None
        elapsed = self._clock() - self._started
        return max(0.0, elapsed * (total - done) / done)
