"""The progress line the long commands (arena, train, fit, coach, lab) show on a terminal."""

from __future__ import annotations

import sys
import time
from typing import Any


class ProgressBar:
    """A progress line on stderr with the rate and an estimate of the time left (only on a terminal)."""

    def __init__(self, label: str, stream: Any = None) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.started = time.perf_counter()
        self.shown = self.stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        """Show that done of total games are finished."""
        if not self.shown:
            return
        elapsed = time.perf_counter() - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate else 0.0
        width = 30
        filled = int(width * done / max(total, 1))
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, "
                          f"{rate:.1f}/s, {format_seconds(left)} left ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def format_seconds(seconds: float) -> str:
    """1 h 02 min, 3 min 05 s or 12 s."""
    seconds = int(round(seconds))
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
    if seconds >= 60:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds} s"
