"""A lab job in a background thread: phase and progress behind a lock, cancel and abandon by events."""

from __future__ import annotations

import multiprocessing
from abc import ABC, abstractmethod
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Generic, TypeVar


Outcome = TypeVar("Outcome")


@dataclass(frozen=True)
class RunProgress:
    """What the screen shows of a run in progress (a copy taken under the run's lock)."""

    phase: str
    done: int
    total: int
    elapsed: float

    @property
    def rate(self) -> float:
        """Games per second so far (0 before the first games are in)."""
        return self.done / self.elapsed if self.elapsed > 0 and self.done else 0.0

    @property
    def remaining(self) -> float | None:
        """Seconds left at the current rate, or None while unknown."""
        rate = self.rate
        return (self.total - self.done) / rate if rate > 0 else None


def spawn_executor(workers: int) -> Executor | None:
    """A process pool that starts its workers fresh (no fork of a process running SDL); None for one worker."""
    if workers <= 1:
        return None
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))




class BackgroundRun(ABC, Generic[Outcome]):
    """The thread, the lock and the progress a simulation or search shares; subclasses write `_work`."""

    def __init__(self, phase: str, total: int, name: str) -> None:
        self.cancel_event = threading.Event()
        self.abandon_event = threading.Event()
        self._lock = threading.Lock()
        self._phase = phase
        self._done = 0
        self._total = total
        self._started = time.perf_counter()
        self._outcome: Outcome | None = None
        self._thread = threading.Thread(target=self._work, name=name, daemon=True)

    def start(self) -> None:
        """Start the background thread."""
        self._started = time.perf_counter()
        self._thread.start()

    def cancel(self) -> None:
        """Stop as soon as possible, keeping the finished games (the report says it was interrupted)."""
        self.cancel_event.set()
        with self._lock:
            if self._phase in ("starting", "running"):
                self._phase = "stopping"

    def abandon(self) -> None:
        """Stop at once and keep nothing (the screen was left)."""
        self.abandon_event.set()
        self.cancel_event.set()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the thread (tests and shutdown)."""
        self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        """Whether the thread still works."""
        return self._thread.is_alive()

    def progress(self) -> RunProgress:
        """A consistent copy of the progress (elapsed counts from the start of the games)."""
        with self._lock:
            return RunProgress(self._phase, self._done, self._total, time.perf_counter() - self._started)

    def outcome(self) -> Outcome | None:
        """The outcome once the job is over."""
        with self._lock:
            return self._outcome

    def _on_progress(self, done: int, total: int) -> None:
        with self._lock:
            self._done, self._total = done, total
            if self._phase == "starting":
                self._phase = "running"

    def _set_phase(self, phase: str) -> None:
        with self._lock:
            self._phase = phase

    def _finish(self, outcome: Outcome) -> None:
        with self._lock:
            self._outcome = outcome
            self._phase = "done"

    @abstractmethod
    def _work(self) -> Any:
        """The job itself, run in the thread; it ends by calling _finish()."""
