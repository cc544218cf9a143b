"""A replay cursor: the game at any action index of a recorded log, its events and its turn boundaries, for every
game family (checkpoint clones every few actions make stepping back fast)."""

from __future__ import annotations

from bisect import bisect_right
from pathlib import Path

from game.core.actions import Event
from game.core.game import Game, LogEntry
from game.core.log_events import restart
from game.core.undo import become

#: Actions between two stored checkpoints.
CHECKPOINT_EVERY = 32


def turn_key(game: Game) -> tuple[int, int]:
    """What marks a turn in any family: the game's own turn number and the seat on turn (set-up rounds, where the
    turn number stays put, change seats)."""
    return game.turn_number(), int(getattr(getattr(game, "state", None), "current", 0))


class ReplayCursor:
    """Steps through a recorded game: `game` is one stable object that seek() turns into the game after `index`
    actions, replayed with the recorded chance outcomes from the same start."""

    def __init__(self, recorded: Game, every: int = CHECKPOINT_EVERY) -> None:
        self.entries: tuple[LogEntry, ...] = tuple(recorded.log)
        self.every = max(1, every)
        work = restart(recorded)
        self.initial_events: list[Event] = list(work.initial_events)
        self.events: list[list[Event]] = []
        self._keys: list[tuple[int, int]] = [turn_key(work)]
        self._checkpoints: dict[int, Game] = {0: work.clone()}
        for i, entry in enumerate(self.entries, start=1):
            work.chance.force(*entry.outcomes)
            self.events.append(work.apply(entry.action))
            self._keys.append(turn_key(work))
            if i % self.every == 0:
                self._checkpoints[i] = work.clone()
        self.turn_starts: tuple[int, ...] = tuple(
            i for i in range(len(self._keys)) if i == 0 or self._keys[i] != self._keys[i - 1])
        self.game: Game = work
        self.index = len(self.entries)

    @classmethod
    def from_file(cls, path: Path) -> ReplayCursor:
        """A cursor over a save file, verified on load (SaveError names any fault)."""
        from game.core.saves import load_game

        return cls(load_game(path))

    @property
    def length(self) -> int:
        """How many actions the recording holds."""
        return len(self.entries)

    def seek(self, index: int) -> Game:
        """Make `game` the game after `index` actions (clamped to the recording) and return it."""
        index = max(0, min(self.length, index))
        if index == self.index:
            return self.game
        base = (index // self.every) * self.every
        if self.index < base or self.index > index:
            fresh = self._checkpoints[base].clone()
            become(self.game, fresh)
            self.index = base
        game = self.game
        for entry in self.entries[self.index:index]:
            game.chance.force(*entry.outcomes)
            game.apply(entry.action)
        self.index = index
        return game

    def step(self, delta: int) -> Game:
        """Move by `delta` actions (negative: back)."""
        return self.seek(self.index + delta)

    # ------------------------------------------------------------------ turns

    def turn_number_at(self, index: int) -> int:
        """The game's own turn number after `index` actions."""
        return self._keys[max(0, min(self.length, index))][0]

    def turn_start(self, index: int) -> int:
        """The index where the turn holding `index` began."""
        return self.turn_starts[bisect_right(self.turn_starts, max(0, min(self.length, index))) - 1]

    def next_turn(self) -> Game:
        """Go to the start of the next turn (the end of the recording after the last one)."""
        k = bisect_right(self.turn_starts, self.index)
        return self.seek(self.turn_starts[k] if k < len(self.turn_starts) else self.length)

    def previous_turn(self) -> Game:
        """Go to the start of this turn, or of the one before when already at a turn's start."""
        start = self.turn_start(self.index)
        if start == self.index and start > 0:
            start = self.turn_start(start - 1)
        return self.seek(start)

    def seek_turn(self, number: int) -> Game:
        """Go to the first moment of the game's turn `number` (the nearest later turn if it has none; the end when
        the game never got there)."""
        for i in self.turn_starts:
            if self._keys[i][0] >= number:
                return self.seek(i)
        return self.seek(self.length)

    @property
    def last_turn(self) -> int:
        """The game's own number of its last turn in the recording."""
        return self._keys[-1][0]

    def events_until(self, index: int) -> list[list[Event]]:
        """The events of each action before `index`."""
        return self.events[: max(0, min(self.length, index))]
