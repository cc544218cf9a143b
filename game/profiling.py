"""Where a random playout spends its time: the listing of legal actions per phase, the apply per kind of action,
and the random bot's choice (`python -m game bench --breakdown`).

Each step is timed on its own, so the figures show which part of the engine a change should aim at; the clock's
own cost (calibrated per run) is taken off every step. The games are those of the bench's first run: the same
seeds and generators, the random bot.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.ai.registry import make_bot
from game.core.registry import get_variant
from game.sim import bot_rng, paused_gc

MAX_ACTIONS = 50_000
CALIBRATION_ROUNDS = 20_000


@dataclass(frozen=True, slots=True)
class StepTime:
    """One kind of step: what it is ("list:<phase>", "apply:<action kind>" or "choose"), how many a game takes,
    and its mean time (the clock's cost taken off)."""

    step: str
    calls_per_game: float
    microseconds: float

    @property
    def ms_per_game(self) -> float:
        """What the step costs a game in all."""
        return self.calls_per_game * self.microseconds / 1000


def clock_cost() -> float:
    """The seconds one timed interval adds by itself (the least of many back-to-back readings)."""
    clock = time.perf_counter
    best = float("inf")
    for _ in range(CALIBRATION_ROUNDS):
        started = clock()
        best = min(best, clock() - started)
    return best


def step_breakdown(variant_id: str, players: int, seeds: range,
                   options: Mapping[str, Any] | None = None) -> list[StepTime]:
    """Play one random game per seed, timing every listing, choice and apply; the steps by their cost per game,
    the dearest first."""
    variant = get_variant(variant_id)
    totals: dict[str, float] = {}
    counts: dict[str, int] = {}
    clock = time.perf_counter
    overhead = clock_cost()
    with paused_gc():
        for seed in seeds:
            game = variant.new_game(variant.default_seats(players), seed, dict(options or {}))
            bot = make_bot("random", variant.family)
            rng = bot_rng(seed)
            for _ in range(MAX_ACTIONS):
                if game.is_over():
                    break
                player = game.active_players()[0]
                listing = "list:" + str(getattr(game.state, "phase", "-"))
                t0 = clock()
                legal = game.legal_actions(player)
                t1 = clock()
                action = bot.choose(None, legal, rng)
                t2 = clock()
                game.apply(action)
                t3 = clock()
                applying = "apply:" + action.kind
                for step, spent in ((listing, t1 - t0), ("choose", t2 - t1), (applying, t3 - t2)):
                    totals[step] = totals.get(step, 0.0) + spent
                    counts[step] = counts.get(step, 0) + 1
    games = max(1, len(seeds))
    steps = [StepTime(step, counts[step] / games, max(0.0, totals[step] / counts[step] - overhead) * 1e6)
             for step in totals]
    return sorted(steps, key=lambda s: (-s.ms_per_game, s.step))


@dataclass(frozen=True, slots=True)
class FamilyShare:
    """One family of steps ("list", "apply" or "choose"): its share of the timed steps, and the most a game
    could speed up if that family cost nothing at all (Amdahl's bound), which tells whether a goal can be met
    by speeding up that family alone."""

    family: str
    share: float

    @property
    def bound(self) -> float:
        """How many times as fast a game would be with the family free (infinite when it is all of the time)."""
        return 1 / (1 - self.share) if self.share < 1 else float("inf")


def family_shares(steps: list[StepTime]) -> list[FamilyShare]:
    """The steps' share of a game's timed steps by family (the part of a step's name before the colon), the
    dearest first."""
    spent: dict[str, float] = {}
    for step in steps:
        family = step.step.split(":", 1)[0]
        spent[family] = spent.get(family, 0.0) + step.ms_per_game
    timed = sum(spent.values())
    shares = [FamilyShare(family, ms / timed if timed else 0.0) for family, ms in spent.items()]
    return sorted(shares, key=lambda f: (-f.share, f.family))
