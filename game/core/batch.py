"""Independent chunks of seeded work mapped over an executor (local processes or Dask), or run right here.

The layout lab and the arena both play many games this way. Results come back keyed by chunk index, so what
they add up to never depends on the number of workers; Ctrl+C or a cancel event stops the run and keeps every
chunk that was finished.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from game.core.errors import InvalidOptions

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


def run_chunks(work: Callable[..., list[Any]], chunks: Sequence[tuple[Any, ...]], sizes: Sequence[int],
               workers: int | str = "auto", executor: Executor | None = None, progress: Progress | None = None,
               cancel: threading.Event | None = None, finished: Finished | None = None) -> BatchResult:
    """Call work(*chunk) for every chunk: here for one worker, else on the executor (own process pool if None).

    `sizes` says how many games each chunk holds, for the progress callback (done, total); `finished` is
    called with each chunk's index and result as soon as it is in (to keep it before the run ends).
    """
    count = resolve_workers(workers)
    total = sum(sizes)
    results: dict[int, Any] = {}
    if executor is None and count == 1:
        return BatchResult(results, _run_here(work, chunks, sizes, total, results, progress, cancel, finished), 1)
    return BatchResult(results, _run_pool(work, chunks, sizes, total, results, count, executor, progress, cancel,
                                          finished), count)


def _run_here(work: Callable[..., list[Any]], chunks: Sequence[tuple[Any, ...]], sizes: Sequence[int], total: int,
              results: dict[int, Any], progress: Progress | None, cancel: threading.Event | None,
              finished: Finished | None = None) -> bool:
    done = 0
    try:
        for i, chunk in enumerate(chunks):
            if cancel is not None and cancel.is_set():
                return True
            results[i] = work(*chunk)
            if finished:
                finished(i, results[i])
            done += sizes[i]
            if progress:
                progress(done, total)
    except KeyboardInterrupt:
        return True
    return False


def _run_pool(work: Callable[..., list[Any]], chunks: Sequence[tuple[Any, ...]], sizes: Sequence[int], total: int,
              results: dict[int, Any], workers: int, executor: Executor | None, progress: Progress | None,
              cancel: threading.Event | None, finished: Finished | None = None) -> bool:
    own = executor is None
    pool = executor or ProcessPoolExecutor(max_workers=workers)
    pending: dict[Future[Any], int] = {}
    interrupted = False
    done = 0
    try:
        for i, chunk in enumerate(chunks):
            pending[pool.submit(work, *chunk)] = i
        while pending:
            ready, _ = wait(list(pending), timeout=0.2, return_when=FIRST_COMPLETED)
            for future in ready:
                i = pending.pop(future)
                results[i] = future.result()
                if finished:
                    finished(i, results[i])
                done += sizes[i]
                if progress:
                    progress(done, total)
            if cancel is not None and cancel.is_set():
                interrupted = True
                break
    except KeyboardInterrupt:
        interrupted = True
    finally:
        for future in pending:
            future.cancel()
        if own:
            pool.shutdown(wait=not interrupted, cancel_futures=True)
    return interrupted
