"""The game's own seeded randomness: every outcome is recorded, and tests or replays can force outcomes."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from game.core.errors import IllegalAction, brief


class Chance:
    """Seeded source of dice, draws and shuffles that records each outcome it gives."""

    #: drawn: the outcomes drawn since the record was last taken (Game.apply takes it after each action).
    __slots__ = ("_generator", "_shared", "_forced", "drawn")

    def __init__(self, seed: int) -> None:
        self._generator = random.Random(seed)
        # Copy on write: a clone shares its parent's generator until either of them draws (copying a
        # generator's state costs far more than the rest of a game's clone, and searches clone a lot).
        self._shared = False
        self._forced: deque[Any] = deque()
        self.drawn: list[Any] = []

    def clone(self) -> Chance:
        """Return an independent copy with the same generator state (forced values included)."""
        other = Chance.__new__(Chance)
        other._generator = self._generator
        other._shared = self._shared = True
        other._forced = deque(self._forced)
        other.drawn = list(self.drawn)
        return other

    @property
    def _rng(self) -> random.Random:
        """The generator, made private to this object before its first draw since a clone."""
        if self._shared:
            self._unshare()
        return self._generator

    def _unshare(self) -> None:
        own = random.Random()
        own.setstate(self._generator.getstate())
        self._generator = own
        self._shared = False

    def force(self, *outcomes: Any) -> None:
        """Queue outcomes that the next draws return instead of random ones (the generator still advances)."""
        self._forced.extend(outcomes)

    @property
    def pending_forced(self) -> int:
        """How many forced outcomes are still queued."""
        return len(self._forced)

    def clear_forced(self) -> None:
        """Drop forced outcomes that were not used."""
        self._forced.clear()

    def take_record(self) -> list[Any]:
        """Return the outcomes drawn since the last call, and start a new record."""
        record, self.drawn = self.drawn, []
        return record

    def _forced_or(self, value: Any) -> Any:
        if self._forced:
            value = self._forced.popleft()
        self.drawn.append(value)
        return value

    def die(self) -> int:
        """Roll one six-sided die."""
        if self._shared:
            self._unshare()
        value = int(self._generator.random() * 6) + 1
        if self._forced:
            value = self._forced.popleft()
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
                raise IllegalAction(f"a forced die must be 1-6, got {brief(value)}")
        self.drawn.append(value)
        return value

    def dice(self) -> tuple[int, int]:
        """Roll two six-sided dice: the same two outcomes, drawn and recorded in the same order, as two die()."""
        if self._forced or self._shared:
            return self.die(), self.die()
        random = self._generator.random
        pair = (int(random() * 6) + 1, int(random() * 6) + 1)
        self.drawn.extend(pair)
        return pair

    def index(self, n: int) -> int:
        """Draw a uniform index in range(n)."""
        value = self._forced_or(self._rng.randrange(n))
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
            raise IllegalAction(f"a forced draw must be in 0..{n - 1}, got {brief(value)}")
        return value

    def permutation(self, n: int) -> list[int]:
        """Draw a uniform permutation of range(n) (a shuffle order)."""
        order = list(range(n))
        self._rng.shuffle(order)
        value = self._forced_or(order)
        if isinstance(value, tuple):
            value = list(value)
        # Types first: sorting a recorded outcome of mixed types (from a damaged save) would raise TypeError.
        if (not isinstance(value, list) or not all(type(v) is int for v in value)
                or sorted(value) != list(range(n))):
            raise IllegalAction(f"a forced shuffle must be a permutation of 0..{n - 1}, got {brief(value)}")
        return list(value)

    def shuffled(self, items: list[Any]) -> list[Any]:
        """Return the items in a freshly drawn random order."""
        return [items[i] for i in self.permutation(len(items))]
