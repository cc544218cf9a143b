"""Simulation of many seeded games on layouts: the plan, the games a worker plays, and the executor loop.

Games come in rotation blocks: the games of block b play every rotation of the colours round the seats, so
every colour sits in every seat equally often. Each game has its own seed (a block that replayed one seed
would, with identical bots and a free set-up, play the same game four times over), and every layout plays
the same seeds, so layouts are compared on the same luck. A worker re-checks the engine's
invariants as it plays; a game that breaks one is reported with its seed and never counted.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from game.ai.registry import make_bot
from game.ai.variety import DEFAULT_TEMPERATURE
from game.catan import events as E
from game.catan.invariants import InvariantViolation, check_invariants
from game.catan.state import NOBODY, SETUP_SETTLEMENT
from game.core.batch import Progress, resolve_workers, run_chunks
from game.core.errors import GameError, InvalidOptions
from game.core.registry import get_variant
from game.core.seats import Seat
from game.lab.layout import LabLayout, variable_lab_layout
from game.stats.seating import rotated_colours, start_with_first_seat
from game.sim import paused_gc

CATAN_LAB_VARIANTS: tuple[str, ...] = ("catan-base", "catan-compact", "catan-2p")
CHECK_MODES: tuple[str, ...] = ("action", "turn", "end")
# Who plays the lab's games: "varied" bots sample among near-equal choices (set-up spots above all) as a
# population of sensible players would, "fixed" bots always take their best (one line of play per seed, as
# reports before the varied population); "varied:T" names the temperature.
POPULATIONS: tuple[str, ...] = ("varied", "fixed")
DEFAULT_POPULATION = "varied"
MAX_TEMPERATURE = 10.0


def population_temperature(population: str) -> float:
    """The bots' variety temperature of a population name; InvalidOptions for an unknown one."""
    name, _, value = population.partition(":")
    if name == "fixed" and not value:
        return 0.0
    if name == "varied":
        if not value:
            return DEFAULT_TEMPERATURE
        try:
            temperature = float(value)
        except ValueError:
            temperature = float("nan")
        if math.isfinite(temperature) and 0 < temperature <= MAX_TEMPERATURE:
            return temperature
        raise InvalidOptions(f"--population varied:T needs a temperature above 0 and at most {MAX_TEMPERATURE:g}, "
                             f"not {value!r}")
    raise InvalidOptions(f"--population is varied, varied:T or fixed, not {population!r}")


@dataclass(frozen=True, slots=True)
class SimulationPlan:
    """What to simulate: layouts, variant, player count, one bot per colour, games per layout, the seed."""

    layouts: tuple[LabLayout, ...]
    variant: str = "catan-base"
    players: int = 4
    bots: tuple[str, ...] = ("heuristic",)
    games: int = 100
    seed: int = 1
    free_setup: bool = False
    max_actions: int = 50_000
    check: str = "turn"
    colours: tuple[str, ...] = field(default=(), compare=False)
    population: str = DEFAULT_POPULATION
    # Every game on a board of its own, dealt as the variable set-up deals one (the baseline: the game's own
    # seat effect over random legal boards); the layouts then only name the run.
    random_boards: bool = False

    @property
    def variety(self) -> float:
        """The bots' variety temperature (0 for the fixed population)."""
        return population_temperature(self.population)

    def validated(self) -> SimulationPlan:
        """The plan with its colours filled in; InvalidOptions names what is wrong."""
        if self.variant not in CATAN_LAB_VARIANTS:
            raise InvalidOptions(f"the layout lab simulates {', '.join(CATAN_LAB_VARIANTS)}, not {self.variant!r}")
        variant = get_variant(self.variant)
        variant.check_player_count(self.players)
        if not self.layouts:
            raise InvalidOptions("name at least one layout")
        if self.games < 1:
            raise InvalidOptions("--games must be at least 1")
        if len(self.bots) not in (1, self.players):
            raise InvalidOptions(f"--bots needs one bot or one per player ({self.players})")
        population_temperature(self.population)
        for bot in set(self.bots):
            make_bot(bot, variant.family)
        if self.check not in CHECK_MODES:
            raise InvalidOptions(f"--check is one of {', '.join(CHECK_MODES)}")
        for layout in self.layouts:
            layout.layout_for_game()
        colours = tuple(seat.color for seat in variant.default_seats(self.players))
        bots = self.bots * self.players if len(self.bots) == 1 else self.bots
        return SimulationPlan(self.layouts, variant.id, self.players, bots, self.games, self.seed, self.free_setup,
                              self.max_actions, self.check, colours, self.population, self.random_boards)

    def game_seed(self, game: int) -> int:
        """The seed of game `game` of any layout."""
        return self.seed * 1_000_003 + game

    def layout_of(self, layout_index: int, game: int) -> LabLayout:
        """The board game `game` of a layout is played on (its own random board with random_boards)."""
        if self.random_boards:
            return variable_lab_layout(self.game_seed(game) * 7 + 1)
        return self.layouts[layout_index]

    def chunks(self, size: int, games: range | None = None) -> Iterator[tuple[int, int, int]]:
        """The work as (layout index, first game, count), in a fixed order, made as it is asked for.

        `games` is the range of game numbers to play (all of the plan's by default).
        """
        games = range(self.games) if games is None else games
        for i in range(len(self.layouts)):
            for start in range(games.start, games.stop, size):
                yield i, start, min(size, games.stop - start)


def play_chunk(plan: SimulationPlan, layout_index: int, first: int, count: int) -> list[dict[str, Any]]:
    """Play games first..first+count-1 of one layout; a record per game (what a worker returns)."""
    return [play_lab_game(plan, layout_index, g) for g in range(first, first + count)]


def play_lab_game(plan: SimulationPlan, layout_index: int, game_index: int) -> dict[str, Any]:
    """Play one game of the plan and describe it: seats, winner, points, production, special cards, set-up."""
    layout = plan.layout_of(layout_index, game_index)
    variant = get_variant(plan.variant)
    seed = plan.game_seed(game_index)
    rotation = game_index % plan.players
    colours = rotated_colours(plan.colours, rotation)
    bot_ids = rotated_colours(plan.bots, rotation)
    record: dict[str, Any] = {"layout": layout_index, "game": game_index, "seed": seed, "rotation": rotation,
                              "colours": list(colours), "bots": list(bot_ids), "error": None}
    data = layout.layout_for_game()
    if plan.free_setup:
        data.pop("start", None)
    try:
        seats = tuple(Seat(c, c, "ai") for c in colours)
        game = start_with_first_seat(variant, seats, seed, data)
        bots = [make_bot(b, variant.family, variety=plan.variety) for b in bot_ids]
        stats = _play(game, bots, random.Random(seed ^ 0x5EED), plan.max_actions, plan.check)
    except (GameError, InvariantViolation, RuntimeError) as exc:
        record["error"] = f"{type(exc).__name__}: {exc}"
        return record
    s = game.state
    record.update({
        "finished": game.is_over(),
        "winner": game.winner(),
        "turns": s.turn_number,
        "actions": stats["actions"],
        "vp": [game.total_vp(p) for p in range(game.num_players)],
        "longest_road": None if s.longest_holder == NOBODY else s.longest_holder,
        "largest_army": None if s.army_holder == NOBODY else s.army_holder,
        "production": stats["production"],
        "setup_settlements": stats["setup"],
    })
    return record


def _play(game: Any, bots: Sequence[Any], rng: random.Random, max_actions: int, check: str) -> dict[str, Any]:
    """Let the bots play, gathering production and the set-up settlements, checking invariants as asked."""
    n = game.num_players
    production = [[0] * 5 for _ in range(n)]
    s = game.state
    setup = [[node for node, owner in enumerate(s.node_owner) if owner == p] for p in range(n)]
    needs_view = [getattr(bot, "needs_view", True) for bot in bots]
    actions = 0
    with paused_gc():
        while not game.is_over() and actions < max_actions:
            player = game.active_players()[0]
            in_setup = s.phase == SETUP_SETTLEMENT
            legal = game.legal_actions(player)
            events = game.apply(bots[player].choose(game.view(player) if needs_view[player] else None, legal, rng))
            actions += 1
            turn_over = False
            for event in events:
                if type(event) is E.ResourcesProduced:
                    for p, gains in enumerate(event.gains[:n]):
                        row = production[p]
                        for r, count in enumerate(gains):
                            row[r] += count
                elif in_setup and type(event) is E.PieceBuilt and event.piece == "settlement":
                    setup[event.player].append(event.where)
                elif type(event) is E.TurnEnded:
                    turn_over = True
            if check == "action" or (check == "turn" and turn_over):
                check_invariants(game)
    check_invariants(game)
    return {"actions": actions, "production": production, "setup": setup}


@dataclass
class RunResult:
    """The game records of a run (in plan order), and whether it was cut short."""

    records: list[dict[str, Any]]
    interrupted: bool
    elapsed: float
    workers: int


def run_plan(plan: SimulationPlan, workers: int | str = "auto", executor: Executor | None = None,
             progress: Progress | None = None, cancel: threading.Event | None = None,
             chunk_size: int | None = None, games: range | None = None) -> RunResult:
    """Play the games of a validated plan (all, or the game numbers in `games`, for every layout), locally in
    processes or on a given executor (e.g. Dask's).

    The records do not depend on the number of workers. A chunk is one rotation block unless `chunk_size` says
    otherwise, so that Ctrl+C (KeyboardInterrupt) or the cancel event, which stop the run and keep every chunk
    finished, lose little.
    """
    count = resolve_workers(workers)
    games = range(plan.games) if games is None else games
    size = -(-(chunk_size or plan.players) // plan.players) * plan.players  # whole rotation blocks per chunk
    chunks = ((plan, *chunk) for chunk in plan.chunks(size, games))
    started = time.perf_counter()
    batch = run_chunks(play_chunk, chunks, len(games) * len(plan.layouts), lambda c: c[3], count, executor,
                       progress, cancel)
    return RunResult(batch.in_order(), batch.interrupted, time.perf_counter() - started, batch.workers)


def ordered(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Records sorted by layout and game (for merging runs)."""
    return sorted(records, key=lambda r: (r["layout"], r["game"]))
