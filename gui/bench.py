"""--bench-frames: render frames of a scene headless and report the median and p99 frame time."""

from __future__ import annotations

import argparse
import math
import statistics
import time

import pygame

from gui.screenshot import SETTLE_FRAMES, prepare


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def bench_frames(args: argparse.Namespace, started: float | None = None) -> int:
    """Time args.bench_frames calls of App.step (with the mouse moving) and print the statistics."""
    t0 = time.perf_counter()
    app = prepare(args)
    ready = time.perf_counter()
    w, h = app.size
    times: list[float] = []
    for i in range(max(1, args.bench_frames)):
        # The mouse sweeps across the window so hover highlights change as in real use.
        pos = (int((i * 37) % w), int((i * 23) % h))
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
        begin = time.perf_counter()
        app.step(events, 1 / 60)
        times.append((time.perf_counter() - begin) * 1000)
    app.shutdown()
    print(f"scene {args.scene} at {w}x{h}, {len(times)} frames")
    print(f"  median {statistics.median(times):.2f} ms, p99 {percentile(times, 0.99):.2f} ms, "
          f"max {max(times):.2f} ms")
    print(f"  set-up (app, game, scene, {SETTLE_FRAMES} settle frames): {(ready - t0) * 1000:.0f} ms")
    if started is not None:
        print(f"  since process start: {(ready - started) * 1000:.0f} ms")
    return 0
