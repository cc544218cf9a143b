"""Seeded variety for every bot level: sampling among near-equal options with weights from the bot's own values.

A bot with variety 0 (the default) plays as it always did: its best-valued option, ties broken as before, and
no draw from the rng. With a temperature T > 0 it picks among the options valued at most MARGIN_TEMPERATURES·T
below the best, with softmax weights exp((value − best) / T): near-equal options are taken about equally often,
clearly worse ones rarely, and options far below the best never (so a varied bot is never absurd). Every draw
comes from the rng the bot is handed, so a seeded game stays reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

# Options more than this many temperatures below the best are never sampled (weight e^-3 ≈ 5 % at the edge).
MARGIN_TEMPERATURES = 3.0
# The lab's default population: a temperature in the bots' own value units (a setup spot's value is its pips
# weighted by resource, plus variety and harbour bonuses, so 1.0 is about one pip).
DEFAULT_TEMPERATURE = 1.0


@dataclass(frozen=True, slots=True)
class Variety:
    """How much a bot varies its choices: a softmax temperature in the bot's value units (0: never)."""

    temperature: float = 0.0

    def __post_init__(self) -> None:
        if not (math.isfinite(self.temperature) and self.temperature >= 0):
            raise ValueError(f"a variety temperature is a finite number of at least 0, not {self.temperature!r}")

    @property
    def on(self) -> bool:
        """Whether the bot varies its choices at all."""
        return self.temperature > 0

    @property
    def margin(self) -> float:
        """How far below the best an option may be valued and still be taken."""
        return MARGIN_TEMPERATURES * self.temperature

    def pick(self, options: Sequence[T], key: Callable[[T], tuple[float, ...] | float], rng: random.Random) -> T:
        """The option with the highest key (its first element is the value); with variety, a sample near it.

        `key` orders the options as the deterministic bot does (value first, then its tie-breaks), so that
        without variety this is exactly `max(options, key=key)`.
        """
        if not options:
            raise ValueError("pick needs at least one option")
        keyed = [(key(option), option) for option in options]
        best_key, best = max(keyed, key=lambda pair: pair[0])
        if not self.on or len(options) == 1:
            return best
        best_value = _value(best_key)
        near = sorted(((k, o) for k, o in keyed if _value(k) >= best_value - self.margin),
                      key=lambda pair: pair[0], reverse=True)
        if len(near) == 1:
            return best
        weights = [math.exp((_value(k) - best_value) / self.temperature) for k, _ in near]
        return rng.choices([o for _, o in near], weights=weights)[0]

    def sample_weights(self, values: Sequence[float]) -> list[float]:
        """The chance of each option with these values (0 for those beyond the margin); a point mass without variety."""
        best = max(values)
        if not self.on:
            first = values.index(best)
            return [1.0 if i == first else 0.0 for i in range(len(values))]
        raw = [math.exp((v - best) / self.temperature) if v >= best - self.margin else 0.0 for v in values]
        total = sum(raw)
        return [w / total for w in raw]


NO_VARIETY = Variety()


def _value(key: tuple[float, ...] | float) -> float:
    return float(key[0]) if isinstance(key, tuple) else float(key)


def with_variety(bot: object, variety: Variety) -> object:
    """The bot with its variety set (and that of the policies it is built on); the bot itself, for chaining."""
    for inner in (bot, getattr(bot, "normal", None), getattr(bot, "prior", None)):
        if inner is not None and hasattr(inner, "variety"):
            inner.variety = variety  # type: ignore[attr-defined]
    return bot
