"""Kinds of action a searching bot takes at most once a turn (Catan's domestic offers: no spam), kept for the
actions it chooses over its prior's."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from game.core.actions import Action


class TurnLimits:
    """Which once-a-turn kinds the bot has used in the turn of its last decision."""

    def __init__(self, kinds: frozenset[str], turn_of: Callable[[Any], Hashable] | None) -> None:
        """`kinds` are limited to once a turn; `turn_of` tells which turn a view is in (None: no limits)."""
        self.kinds = kinds
        self.turn_of = turn_of
        self._turn: Hashable = None
        self._used: set[str] = set()

    def allowed(self, view: Any, legal: list[Action]) -> list[Action]:
        """The legal actions without the limited kinds already used in this turn (all of them if none is left)."""
        if self.turn_of is None:
            return legal
        turn = self.turn_of(view)
        if turn != self._turn:
            self._turn, self._used = turn, set()
            return legal
        return [a for a in legal if a.kind not in self._used] or legal

    def note(self, choice: Action) -> None:
        """Record the action chosen (a limited kind is then used up for the turn)."""
        if choice.kind in self.kinds:
            self._used.add(choice.kind)
