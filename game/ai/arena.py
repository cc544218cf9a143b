"""The arena: bots play many seeded games of any family, and their strength is summed up per bot id.

A plan names the variant, one bot id per seat and how many games; each game has its own seed derived from
the plan's seed. With seat rotation the games come in blocks of N (the number of players): game g seats the
bot entries rotated by g mod N, so every entry sits in every seat equally often. Games are independent, so
they are mapped over processes (or any executor) and the result does not depend on the number of workers.
Per bot id the summary gives wins (per seat it held) with a Wilson 95% interval, average final points, and the
wall time of its choose() calls (mean, p95, max). Games cut off by the action limit count as unfinished:
nobody won them, and their number is reported.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from game.ai.registry import canonical_bot_id, make_bot
from game.core.batch import Progress, resolve_workers, run_chunks
from game.core.errors import InvalidOptions
from game.core.game import Game
from game.core.registry import get_variant
from game.sim import paused_gc
from game.stats.inference import wilson_interval
from game.stats.seating import rotated_colours

if TYPE_CHECKING:
    from game.ai.arena_record import ArenaRecord

DEFAULT_MAX_ACTIONS = 20_000


# ------------------------------------------------------------------ final points, per family


def _catan_points(game: Any, player: int) -> int:
    """Catan: every point, the hidden victory point cards included."""
    return int(game.total_vp(player))


def _rivals_points(game: Any, player: int) -> int:
    """Rivals for Catan: the principality's points with the advantage tokens."""
    return int(game.vp(player))


def _cards_points(game: Any, player: int) -> int:
    """The quick card game: the points of the face-up cards."""
    return int(game.vp(player))


FINAL_POINTS: Mapping[str, Callable[[Any, int], int]] = MappingProxyType({
    "catan": _catan_points, "rivals": _rivals_points, "cards": _cards_points,
})


def final_points(game: Game, player: int) -> int:
    """A player's points now, by the rules of the game's family."""
    return FINAL_POINTS[game.variant.family](game, player)


# ------------------------------------------------------------------ the plan


@dataclass(frozen=True, slots=True)
class ArenaPlan:
    """What to play: variant, player count, one canonical bot id per seat, games, seed, rotation, limits."""

    variant: str
    players: int
    bots: tuple[str, ...]
    games: int = 100
    seed: int = 1
    rotate_seats: bool = True
    max_actions: int = DEFAULT_MAX_ACTIONS
    think_seconds: float | None = None
    options: tuple[tuple[str, Any], ...] = ()
    # Hard's budget in rollouts per decision (None: bought by the think time); with a think time large enough
    # never to cut a search short, a run is the same on any machine.
    rollouts: int | None = None

    def validated(self) -> ArenaPlan:
        """The plan with the variant id resolved and one canonical bot id per seat; InvalidOptions if wrong."""
        variant = get_variant(self.variant)
        variant.check_player_count(self.players)
        if self.games < 1:
            raise InvalidOptions("--games must be at least 1")
        if len(self.bots) not in (1, self.players):
            raise InvalidOptions(f"--bots needs one bot or one per player ({self.players})")
        if self.max_actions < 1:
            raise InvalidOptions("--max-actions must be at least 1")
        if self.rollouts is not None and self.rollouts < 0:
            raise InvalidOptions("--rollouts must be at least 0")
        bots = tuple(canonical_bot_id(b.strip()) for b in self.bots)
        bots = bots * self.players if len(bots) == 1 else bots
        for bot in set(bots):
            make_bot(bot, variant.family, self.think_seconds, self.rollouts)
        variant.validate_options(dict(self.options))
        return ArenaPlan(variant.id, self.players, bots, self.games, self.seed, self.rotate_seats,
                         self.max_actions, self.think_seconds, self.options, self.rollouts)

    def game_seed(self, game: int) -> int:
        """The seed of game number `game`."""
        return self.seed * 1_000_003 + game

    def seating(self, game: int) -> tuple[str, ...]:
        """The bot id in each seat of game number `game` (rotated by the game's place in its block)."""
        if not self.rotate_seats:
            return self.bots
        return rotated_colours(self.bots, game % self.players)

    def chunks(self, size: int) -> list[tuple[int, int]]:
        """The work as (first game, count), in a fixed order."""
        return [(start, min(size, self.games - start)) for start in range(0, self.games, size)]


# ------------------------------------------------------------------ one game


@dataclass(frozen=True, slots=True)
class ArenaGame:
    """How one arena game went: seats, winner, points, and every decision's wall time per seat."""

    index: int
    seed: int
    seats: tuple[str, ...]
    winner: int | None
    finished: bool
    actions: int
    points: tuple[int, ...]
    times: tuple[tuple[float, ...], ...] = field(repr=False)
    # Per seat, the decisions its bot cut short at the think-time cap (only Hard searches; only these depend on
    # the machine's speed, the rest of a game follows from the seed).
    capped: tuple[int, ...] = ()


def play_arena_game(plan: ArenaPlan, index: int) -> ArenaGame:
    """Play game number `index` of a validated plan."""
    variant = get_variant(plan.variant)
    seed = plan.game_seed(index)
    seats = plan.seating(index)
    game = variant.new_game(variant.default_seats(plan.players), seed, dict(plan.options))
    bots = [make_bot(b, variant.family, plan.think_seconds, plan.rollouts) for b in seats]
    rngs = [random.Random(seed * 16 + seat) for seat in range(plan.players)]
    times, actions = _play_timed(game, bots, rngs, plan.max_actions)
    points = tuple(final_points(game, p) for p in range(plan.players))
    return ArenaGame(index, seed, seats, game.winner(), game.is_over(), actions, points,
                     tuple(tuple(t) for t in times), tuple(int(getattr(bot, "capped", 0)) for bot in bots))


def _play_timed(game: Game, bots: Sequence[Any], rngs: Sequence[random.Random],
                max_actions: int) -> tuple[list[list[float]], int]:
    """Let the bots play to the end or the action limit, timing each choose() call; (times per seat, actions)."""
    times: list[list[float]] = [[] for _ in bots]
    needs_view = [getattr(bot, "needs_view", True) for bot in bots]
    clock = time.perf_counter
    count = 0
    with paused_gc():
        while not game.is_over() and count < max_actions:
            player = game.active_players()[0]
            legal = game.legal_actions(player)
            view = game.view(player) if needs_view[player] else None
            started = clock()
            action = bots[player].choose(view, legal, rngs[player])
            times[player].append(clock() - started)
            game.apply(action)
            count += 1
    return times, count


def play_arena_chunk(plan: ArenaPlan, first: int, count: int) -> list[ArenaGame]:
    """Play games first..first+count-1 (what a worker process does)."""
    return [play_arena_game(plan, i) for i in range(first, first + count)]


# ------------------------------------------------------------------ the run


@dataclass
class ArenaRun:
    """The games played (in game order), whether the run was cut short, and how long it took."""

    plan: ArenaPlan
    games: list[ArenaGame]
    interrupted: bool
    elapsed: float
    workers: int
    from_record: int = 0  # games taken from the record instead of played by this run


def run_arena(plan: ArenaPlan, workers: int | str = "auto", executor: Executor | None = None,
              progress: Progress | None = None, cancel: threading.Event | None = None,
              chunk_size: int | None = None, record: ArenaRecord | None = None) -> ArenaRun:
    """Play every game of a validated plan, in this process, in worker processes, or on a given executor.

    The games do not depend on the number of workers. Ctrl+C (KeyboardInterrupt) or the cancel event stops
    the run and keeps every finished chunk. With a record (game.ai.arena_record), the games it holds are not
    played again, each finished chunk is added to it at once, and the run's games are the record's and the
    new ones together.
    """
    count = resolve_workers(workers)
    size = chunk_size or _chunk_size(plan, count)
    if record is None:
        ranges = plan.chunks(size)
    else:
        size = chunk_size or plan.players  # small chunks: little is lost when a run is cut off
        ranges = missing_chunks(record.missing(), size)
    chunks = [(plan, *chunk) for chunk in ranges]
    started = time.perf_counter()
    keep = None if record is None else (lambda _index, games: record.add(games))
    batch = run_chunks(play_arena_chunk, chunks, sum(c[2] for c in chunks), lambda c: c[2], count, executor, progress,
                       cancel, keep)
    games = batch.in_order()
    reused = 0
    if record is not None:
        reused = plan.games - sum(count for _, count in ranges)
        games = [record.games[g] for g in range(plan.games) if g in record.games]
    return ArenaRun(plan, games, batch.interrupted, time.perf_counter() - started, batch.workers, reused)


def missing_chunks(missing: Sequence[int], size: int) -> list[tuple[int, int]]:
    """Runs of consecutive game numbers as (first game, count) chunks of at most `size` games."""
    out: list[tuple[int, int]] = []
    for g in missing:
        if out and out[-1][0] + out[-1][1] == g and out[-1][1] < size:
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((g, 1))
    return out


def _chunk_size(plan: ArenaPlan, workers: int) -> int:
    """Whole rotation blocks, small enough that every worker gets several chunks."""
    size = max(plan.players, min(8 * plan.players, plan.games // max(1, 4 * workers) or 1))
    return -(-size // plan.players) * plan.players


# ------------------------------------------------------------------ the summary


def percentile(sorted_values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile of sorted values (0.0 for none)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(share * len(sorted_values)))
    return sorted_values[rank - 1]


def summarize(run: ArenaRun) -> dict[str, Any]:
    """The report of a run as plain data: per bot id wins, interval, points and decision times (in ms)."""
    plan = run.plan
    ids = list(dict.fromkeys(plan.bots))
    seat_games = dict.fromkeys(ids, 0)
    wins = dict.fromkeys(ids, 0)
    points = dict.fromkeys(ids, 0)
    times: dict[str, list[float]] = {b: [] for b in ids}
    capped = dict.fromkeys(ids, 0)
    for g in run.games:
        for seat, bot in enumerate(g.seats):
            capped[bot] += g.capped[seat] if seat < len(g.capped) else 0
            seat_games[bot] += 1
            wins[bot] += g.winner == seat
            points[bot] += g.points[seat]
            times[bot].extend(g.times[seat])
    bots = {b: {**_bot_summary(plan.bots.count(b), seat_games[b], wins[b], points[b], times[b]),
                "capped_decisions": capped[b]} for b in ids}
    return {
        "variant": plan.variant, "players": plan.players, "seats": list(plan.bots), "seed": plan.seed,
        "rotate_seats": plan.rotate_seats, "games": len(run.games), "games_planned": plan.games,
        "unfinished": sum(not g.finished for g in run.games), "interrupted": run.interrupted,
        "fair_share": round(1 / plan.players, 4), "max_actions": plan.max_actions,
        "elapsed_seconds": round(run.elapsed, 2), "workers": run.workers, "games_from_record": run.from_record,
        "bots": bots,
    }


def _bot_summary(entries: int, seat_games: int, wins: int, points: int, times: list[float]) -> dict[str, Any]:
    """One bot id's figures: a win rate per seat it held, its Wilson interval, points, decision times."""
    low, high = wilson_interval(wins, seat_games)
    ordered = sorted(times)
    return {
        "entries": entries, "seat_games": seat_games, "wins": wins,
        "win_rate": round(wins / seat_games, 4) if seat_games else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
        "average_vp": round(points / seat_games, 2) if seat_games else 0.0,
        "decisions": len(ordered),
        "decision_ms": {
            "mean": round(1000 * sum(ordered) / len(ordered), 3) if ordered else 0.0,
            "p95": round(1000 * percentile(ordered, 0.95), 3),
            "max": round(1000 * ordered[-1], 3) if ordered else 0.0,
        },
    }


def report_lines(summary: Mapping[str, Any]) -> list[str]:
    """The summary as text lines, one per bot id."""
    head = (f"{summary['variant']}, {summary['players']} players, seats {','.join(summary['seats'])}"
            f"{' (rotated)' if summary['rotate_seats'] else ''}, seed {summary['seed']}: "
            f"{summary['games']} games" + (f" of {summary['games_planned']} (interrupted)"
                                          if summary["interrupted"] else ""))
    lines = [head, f"  unfinished (action limit {summary['max_actions']}): {summary['unfinished']}",
             f"  win rate per seat held (fair share {summary['fair_share']:.0%}), 95% interval; "
             "decision time in ms"]
    width = max(len(b) for b in summary["bots"])
    for bot, s in summary["bots"].items():
        low, high = s["ci95"]
        t = s["decision_ms"]
        lines.append(f"  {bot:<{width}}  x{s['entries']}  wins {s['wins']:>4}/{s['seat_games']:<5} "
                     f"{s['win_rate']:6.1%} [{low:6.1%}, {high:6.1%}]  avg VP {s['average_vp']:5.2f}  "
                     f"time mean {t['mean']:.2f} p95 {t['p95']:.2f} max {t['max']:.2f}"
                     + (f"  capped {s['capped_decisions']}" if s.get("capped_decisions") else ""))
    reused = summary.get("games_from_record", 0)
    lines.append(f"  {summary['elapsed_seconds']} s on {summary['workers']} worker(s)"
                 + (f"; {reused} games from the record" if reused else ""))
    return lines
