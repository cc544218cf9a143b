"""Independent chunks of seeded work mapped over an executor (local processes or Dask), or run right here.

The layout lab and the arena both play many games this way. Results come back keyed by chunk index, so what
they add up to never depends on the number of workers; Ctrl+C or a cancel event stops the run and keeps every
chunk that was finished.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from game.core.errors import InvalidOptions

# Chunks handed to each worker at a time: enough to keep it busy, few enough that memory does not grow with
# the run and that a stop has little to wait for.
IN_FLIGHT_PER_WORKER = 2
# How long a stop (Ctrl+C, cancel) waits for the chunks already running, to keep their games.
STOP_GRACE_SECONDS = 5.0
# Chunks handed to an outside executor (a Dask cluster) at a time.
CLUSTER_IN_FLIGHT = 256
Progress = Callable[[int, int], None]
Finished = Callable[[int, Any], None]


def resolve_workers(workers: int | str) -> int:
    """A worker count: 'auto' is every local core."""
    if workers == "auto":
        return max(1, os.cpu_count() or 1)
    try:
        count = int(workers)
    except (TypeError, ValueError):
        raise InvalidOptions(f"workers must be a whole number or auto, got {workers!r}") from None
    if count < 1:
        raise InvalidOptions("workers must be at least 1 (or auto)")
    return count


@dataclass
class BatchResult:
    """The finished chunks' results by chunk index, and whether the run was cut short."""

    results: dict[int, Any]
    interrupted: bool
    workers: int

    def in_order(self) -> list[Any]:
        """The results of the finished chunks, each a list, joined in chunk order."""
        return [item for i in sorted(self.results) for item in self.results[i]]


def run_chunks(work: Callable[..., list[Any]], chunks: Iterable[tuple[Any, ...]], total: int,
               size_of: Callable[[tuple[Any, ...]], int], workers: int | str = "auto", executor: Executor | None = None,
               progress: Progress | None = None, cancel: threading.Event | None = None,
               finished: Finished | None = None) -> BatchResult:
    """Call work(*chunk) for every chunk: here for one worker, else on the executor (own process pool if None).

    Chunks are drawn from the iterable only as workers come free (a few per worker in flight), so memory does
    not grow with the number of games. `total` is how many games all chunks hold and `size_of(chunk)` how many
    one holds, for the progress callback (done, total); `finished` is called with each chunk's index and result
    as soon as it is in (to keep it before the run ends). Ctrl+C or the cancel event stops drawing new chunks;
    the chunks already running are waited for (briefly) and kept.
    """
    count = resolve_workers(workers)
    results: dict[int, Any] = {}
    counter = _Counter(total, progress)
    if executor is None and count == 1:
        return BatchResult(results, _run_here(work, chunks, size_of, results, counter, cancel, finished), 1)
    return BatchResult(results, _run_pool(work, chunks, size_of, results, count, executor, counter, cancel,
                                          finished), count)


@dataclass
class _Counter:
    """Games done of the total, passed on to the progress callback."""

    total: int
    progress: Progress | None
    done: int = 0

    def add(self, games: int) -> None:
        self.done += games
        if self.progress:
            self.progress(self.done, self.total)


def _run_here(work: Callable[..., list[Any]], chunks: Iterable[tuple[Any, ...]],
              size_of: Callable[[tuple[Any, ...]], int], results: dict[int, Any], counter: _Counter,
              cancel: threading.Event | None, finished: Finished | None = None) -> bool:
    try:
        for i, chunk in enumerate(chunks):
            if cancel is not None and cancel.is_set():
                return True
            results[i] = work(*chunk)
            if finished:
                finished(i, results[i])
            counter.add(size_of(chunk))
    except KeyboardInterrupt:
        return True
    return False


def ignore_interrupts() -> None:
    """A worker process's start: Ctrl+C is the parent's to handle (it keeps what the workers are finishing)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_pool(work: Callable[..., list[Any]], chunks: Iterable[tuple[Any, ...]],
              size_of: Callable[[tuple[Any, ...]], int], results: dict[int, Any], workers: int,
              executor: Executor | None, counter: _Counter, cancel: threading.Event | None,
              finished: Finished | None = None) -> bool:
    own = executor is None
    pool = executor or ProcessPoolExecutor(max_workers=workers, initializer=ignore_interrupts)
    pending: dict[Future[Any], tuple[int, int]] = {}
    source = enumerate(chunks)
    # An executor of our own has `workers` processes; a cluster's may have many more, so it gets more at a time.
    in_flight = IN_FLIGHT_PER_WORKER * workers if own else max(IN_FLIGHT_PER_WORKER * workers, CLUSTER_IN_FLIGHT)
    interrupted = False

    def collect(future: Future[Any]) -> None:
        i, size = pending.pop(future)
        results[i] = future.result()
        if finished:
            finished(i, results[i])
        counter.add(size)

    try:
        exhausted = False
        while True:
            while not exhausted and len(pending) < in_flight:
                item = next(source, None)
                if item is None:
                    exhausted = True
                    break
                i, chunk = item
                pending[pool.submit(work, *chunk)] = (i, size_of(chunk))
            if not pending:
                break
            ready, _ = wait(list(pending), timeout=0.2, return_when=FIRST_COMPLETED)
            for future in ready:
                collect(future)
            if cancel is not None and cancel.is_set():
                interrupted = True
                break
    except KeyboardInterrupt:
        interrupted = True
    try:
        if interrupted:
            _keep_running(pending, collect)
    except KeyboardInterrupt:  # a second Ctrl+C: leave at once
        pass
    finally:
        for future in pending:
            future.cancel()
        if own:
            busy = list((getattr(pool, "_processes", None) or {}).values()) if interrupted else []
            pool.shutdown(wait=not interrupted, cancel_futures=True)
            for process in busy:  # what is still playing a chunk after the grace time is given up
                if process.is_alive():
                    process.terminate()
    return interrupted


def _keep_running(pending: dict[Future[Any], tuple[int, int]], collect: Callable[[Future[Any]], None]) -> None:
    """After a stop: cancel the chunks not yet started, and keep those running that finish within the grace time."""
    for future in list(pending):
        if future.cancel():
            pending.pop(future)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    while pending and time.monotonic() < deadline:
        ready, _ = wait(list(pending), timeout=max(0.0, deadline - time.monotonic()), return_when=FIRST_COMPLETED)
        for future in ready:
            if future.cancelled() or future.exception() is not None:
                pending.pop(future)
            else:
                collect(future)

