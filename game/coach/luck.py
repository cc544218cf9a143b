"""The luck meter of a recorded game: each seat's production expected from its buildings against what it received,
the dice against their expected counts, and the cards lost to the robber and to discards (Catan and Rivals)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.core.actions import Action, Event
from game.core.errors import GameError
from game.core.game import Game
from game.core.log_events import restart

#: Two-die totals, and the chance of each total (index 0..12) in 36ths with two fair dice.
TOTALS: tuple[int, ...] = tuple(range(2, 13))
WAYS: tuple[int, ...] = tuple(6 - abs(t - 7) if t >= 2 else 0 for t in range(13))


@dataclass(frozen=True, slots=True)
class SeatLuck:
    """One seat's production and losses: `expected` is the sum over its rolls of what the dice would pay it on
    average from the board as it stood, `spread` the standard deviation of what it received around that, `received`
    what the rolls really paid; `robbed` the cards the robber took (Rivals: the Brigand Attack), `discarded` the
    cards given up on a seven."""

    seat: int
    expected: float
    spread: float
    received: int
    robbed: int
    discarded: int

    @property
    def luck(self) -> float:
        """Cards received above expectation (negative: below)."""
        return self.received - self.expected

    def to_json(self) -> dict[str, Any]:
        """Plain numbers for JSON."""
        return {"seat": self.seat, "expected": round(self.expected, 4), "spread": round(self.spread, 4),
                "received": self.received, "luck": round(self.luck, 4), "robbed": self.robbed,
                "discarded": self.discarded}


@dataclass(frozen=True, slots=True)
class DiceLuck:
    """How often a die (or the two-dice total) showed each face, against its expected count over the same rolls."""

    die: str                      # "total" (Catan), "production" or "event" (Rivals)
    faces: tuple[str, ...]        # the labels of the faces: "2".."12", "1".."6" or event face ids
    counts: tuple[int, ...]
    expected: tuple[float, ...]

    @property
    def rolls(self) -> int:
        """How many rolls the histogram holds."""
        return sum(self.counts)

    def to_json(self) -> dict[str, Any]:
        """Plain numbers for JSON."""
        return {"die": self.die, "faces": list(self.faces), "counts": list(self.counts),
                "expected": [round(x, 4) for x in self.expected]}


@dataclass(frozen=True, slots=True)
class LuckMeter:
    """The luck meter of a game: per seat, and per die."""

    family: str
    rolls: int
    seats: tuple[SeatLuck, ...]
    dice: tuple[DiceLuck, ...]

    def to_json(self) -> dict[str, Any]:
        """Plain numbers for JSON."""
        return {"family": self.family, "rolls": self.rolls, "seats": [s.to_json() for s in self.seats],
                "dice": [d.to_json() for d in self.dice]}


def luck_meter(game: Game) -> LuckMeter:
    """The luck meter of a game so far (every Catan variant and Rivals); GameError for a family without dice or a
    log that does not replay."""
    family = getattr(game.variant, "family", "")
    if family == "catan":
        return _catan_meter(game)
    if family == "rivals":
        return _rivals_meter(game)
    raise GameError(f"no luck meter for {family!r} games")


# ------------------------------------------------------------------------------------------------ Catan

def _catan_meter(game: Any) -> LuckMeter:
    from game.catan import actions as A
    from game.catan.stats import compute_stats

    n = game.num_players
    stats = compute_stats(game)
    work = restart(game)
    expected = [0.0] * n
    variance = [0.0] * n
    received = [0] * n
    dice_expected = [0.0] * 13
    for entry in game.log:
        if isinstance(entry.action, A.Roll):
            chances, paid = _catan_roll_chances(work, entry.action, n)
            for p in range(n):
                mean = sum(c * paid[t][p] for t, c in chances.items())
                expected[p] += mean
                variance[p] += max(0.0, sum(c * paid[t][p] ** 2 for t, c in chances.items()) - mean * mean)
            for t, c in chances.items():
                dice_expected[t] += c
        work.chance.force(*entry.outcomes)
        events = work.apply(entry.action)
        for p, amount in enumerate(_catan_paid(events, n)):
            received[p] += amount
    seats = tuple(SeatLuck(p, expected[p], math.sqrt(variance[p]), received[p], stats.stolen_from[p],
                           stats.discarded[p]) for p in range(n))
    histogram = DiceLuck("total", tuple(str(t) for t in TOTALS), tuple(stats.dice_counts[t] for t in TOTALS),
                         tuple(dice_expected[t] for t in TOTALS))
    return LuckMeter("catan", stats.rolls, seats, (histogram,))


def _catan_roll_chances(game: Any, roll: Action, n: int) -> tuple[dict[int, float], dict[int, tuple[int, ...]]]:
    """Each total the dice could show at this roll with its chance, and what it would pay each seat: each total is
    tried on a clone with forced dice. A total the rules re-roll (the two-player game's second roll may not repeat
    the first) shows other dice, and the chances of the others are renormalised."""
    paid: dict[int, tuple[int, ...]] = {}
    for total in TOTALS:
        trial = game.clone()
        trial.chance.clear_forced()
        first = max(1, total - 6)
        trial.chance.force(first, total - first)
        events = trial.apply(roll)
        shown = _catan_total(events)
        if shown == total:
            paid[total] = _catan_paid(events, n)
    weight = sum(WAYS[t] for t in paid)
    if weight == 0:
        raise GameError("no total of the dice could be rolled")
    return {t: WAYS[t] / weight for t in paid}, paid


def _catan_total(events: Sequence[Event]) -> int | None:
    """The total of the last dice shown in a roll's events."""
    from game.catan import events as E

    total = None
    for event in events:
        if isinstance(event, E.DiceRolled):
            total = event.dice[0] + event.dice[1]
    return total


def _catan_paid(events: Sequence[Event], n: int) -> tuple[int, ...]:
    """The resource cards the dice paid each seat in these events (neutral colours left out)."""
    from game.catan import events as E

    paid = [0] * n
    for event in events:
        if isinstance(event, E.ResourcesProduced):
            for p, gains in enumerate(event.gains[:n]):
                paid[p] += sum(gains)
    return tuple(paid)


# ------------------------------------------------------------------------------------------------ Rivals

def _rivals_meter(game: Any) -> LuckMeter:
    from game.rivals.events import DiceRolled
    from game.rivals.stats import FACES, compute_stats

    n = game.num_players
    stats = compute_stats(game)
    work = restart(game)
    expected = [0.0] * n
    variance = [0.0] * n
    received = [0] * n
    for entry in game.log:
        before = work.clone()
        work.chance.force(*entry.outcomes)
        events = work.apply(entry.action)
        rolled = [e for e in events if isinstance(e, DiceRolled)]
        if not rolled:
            continue
        real = _rivals_paid(events, n)
        for p in range(n):
            received[p] += real[p]
        outcomes = _rivals_production_outcomes(before, entry.action, tuple(entry.outcomes), rolled[0], n)
        if outcomes is None:  # a production number chosen (Brigitta), not rolled: no luck in it
            outcomes = [real]
        for p in range(n):
            mean = sum(o[p] for o in outcomes) / len(outcomes)
            expected[p] += mean
            variance[p] += max(0.0, sum(o[p] ** 2 for o in outcomes) / len(outcomes) - mean * mean)
    seats = tuple(SeatLuck(p, expected[p], math.sqrt(variance[p]), received[p], stats.brigand_losses[p], 0)
                  for p in range(n))
    production = DiceLuck("production", tuple(str(v) for v in range(1, 7)), tuple(stats.production_counts[1:7]),
                          tuple(stats.expected_production()[1:7]))
    event = DiceLuck("event", FACES, tuple(stats.event_counts), tuple(stats.expected_events()))
    return LuckMeter("rivals", stats.rolls, seats, (production, event))


def _rivals_production_outcomes(before: Any, action: Action, outcomes: tuple[Any, ...], rolled: Any,
                                n: int) -> list[tuple[int, ...]] | None:
    """What each of the six production numbers would have paid each seat at this roll, the other outcomes (the
    event die first) as they fell: the action is replayed on a clone with the production die forced. None when the
    number was chosen or the production die is not the action's first draw (nothing to measure)."""
    if rolled.fixed or not outcomes or outcomes[0] != rolled.production:
        return None
    from game.rivals.events import DiceRolled

    paid: list[tuple[int, ...]] = []
    for value in range(1, 7):
        trial = before.clone()
        trial.chance.clear_forced()
        trial.chance.force(value, *outcomes[1:])
        try:
            events = trial.apply(action)
        except GameError:  # the other outcomes do not fit the path this number takes: no measure here
            return None
        shown = [e for e in events if isinstance(e, DiceRolled)]
        if not shown or shown[0].production != value:
            return None
        paid.append(_rivals_paid(events, n))
    return paid


def _rivals_paid(events: Sequence[Event], n: int) -> tuple[int, ...]:
    """The resources production (boosters included) paid each seat in these events."""
    from game.rivals.events import ResourceChanged
    from game.rivals.stats import PRODUCTION_SOURCES

    paid = [0] * n
    for e in events:
        if isinstance(e, ResourceChanged) and 0 <= e.player < n and e.delta > 0 and e.source in PRODUCTION_SOURCES:
            paid[e.player] += e.delta
    return tuple(paid)
