"""Memory over long runs: many random games in one process, and how much the memory still held grows per game
(`python -m game bench --longrun N`).

The figure is the memory traced by tracemalloc after a full collection, so it counts what the process keeps
(caches, tables, interned actions), not what a game frees when it ends. The games go round the variants, one
game of each per round, so every variant's caches fill side by side; the growth is given per game overall and
after a warm-up (the first games fill the bounded caches, which should then stop growing).
"""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.core.registry import available_variants, get_variant
from game.sim import run_game

#: Games (of all variants together) counted as warm-up by default.
WARMUP_GAMES = 500
#: Allocation sites listed by their growth after the warm-up.
TOP_SITES = 8


@dataclass(frozen=True, slots=True)
class SiteGrowth:
    """One allocation site (file:line) and how much the memory held there grew after the warm-up."""

    site: str
    bytes: int
    blocks: int


@dataclass(frozen=True, slots=True)
class MemoryGrowth:
    """The memory held before the games, after the warm-up and at the end, and the sites that grew most."""

    variants: tuple[str, ...]
    rounds: int
    warmup_rounds: int  # the rounds that make up the warm-up (whole rounds: at least the asked warm-up games)
    start_bytes: int
    warm_bytes: int
    end_bytes: int
    top_sites: tuple[SiteGrowth, ...]

    @property
    def games(self) -> int:
        """Games played in all."""
        return self.rounds * len(self.variants)

    @property
    def warmup_games(self) -> int:
        """Games played in the warm-up."""
        return min(self.rounds, self.warmup_rounds) * len(self.variants)

    @property
    def per_game_overall(self) -> float:
        """Bytes the held memory grew per game, over all the games."""
        return (self.end_bytes - self.start_bytes) / max(1, self.games)

    @property
    def per_game_after_warmup(self) -> float | None:
        """Bytes the held memory grew per game after the warm-up (None when no game came after it)."""
        after = self.games - self.warmup_games
        return (self.end_bytes - self.warm_bytes) / after if after > 0 else None


def _held() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def longrun(rounds: int, variant_ids: Sequence[str] | None = None, seed: int = 1,
            warmup_games: int = WARMUP_GAMES, bot: str = "random",
            progress: Callable[[int, int], None] | None = None) -> MemoryGrowth:
    """Play `rounds` rounds of one game per variant (each at its largest player count, seeds seed, seed+1, ...)
    in this process, tracing memory; the held memory before, after the warm-up (the first whole rounds with at
    least `warmup_games` games) and at the end."""
    variants = [get_variant(v) for v in variant_ids] if variant_ids else list(available_variants())
    warmup_rounds = -(-max(0, warmup_games) // len(variants))
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start(1)
    try:
        start = _held()
        warm = start
        warm_snapshot = tracemalloc.take_snapshot() if warmup_rounds <= 0 else None
        for i in range(rounds):
            for variant in variants:
                run_game(variant.id, variant.max_players, seed + i, [bot])
            if i + 1 == warmup_rounds:
                warm = _held()
                warm_snapshot = tracemalloc.take_snapshot()
            if progress is not None:
                progress(i + 1, rounds)
        end = _held()
        top: tuple[SiteGrowth, ...] = ()
        if warm_snapshot is not None and rounds > warmup_rounds:
            own = (tracemalloc.Filter(False, tracemalloc.__file__), tracemalloc.Filter(False, __file__))
            diff = tracemalloc.take_snapshot().filter_traces(own).compare_to(warm_snapshot.filter_traces(own),
                                                                             "lineno")
            top = tuple(SiteGrowth(str(d.traceback[0]), d.size_diff, d.count_diff)
                        for d in sorted(diff, key=lambda d: -d.size_diff)[:TOP_SITES] if d.size_diff > 0)
    finally:
        if not was_tracing:
            tracemalloc.stop()
    return MemoryGrowth(tuple(v.id for v in variants), rounds, warmup_rounds, start, warm, end, top)


def describe(growth: MemoryGrowth) -> list[str]:
    """The figures as lines of text."""
    lines = [f"longrun: {growth.rounds} games of each of {len(growth.variants)} variants "
             f"({growth.games} games in one process, random bots)",
             f"  held memory: {growth.start_bytes / 1e6:.2f} MB before, {growth.warm_bytes / 1e6:.2f} MB after "
             f"the warm-up ({growth.warmup_games} games), {growth.end_bytes / 1e6:.2f} MB at the end",
             f"  growth per game overall: {growth.per_game_overall / 1000:.2f} KB"]
    after = growth.per_game_after_warmup
    if after is None:
        lines.append("  growth per game after the warm-up: (no games after it)")
    else:
        lines.append(f"  growth per game after the warm-up: {after / 1000:.3f} KB "
                     f"({growth.games - growth.warmup_games} games)")
    if growth.top_sites:
        lines.append("  sites that grew most after the warm-up:")
        lines.extend(f"    {s.bytes / 1000:>9.1f} KB {s.blocks:>7} blocks  {s.site}" for s in growth.top_sites)
    return lines
