"""The Hard level: for each game, whichever of the two searches measures stronger for its family and player count
(the expectimax over the dice with the learned evaluation at its leaves, or the rollout search over Normal's
continuation); see the arena figures in the notes of issue #39."""

from __future__ import annotations

import random
from typing import Any

from game.core.actions import Action

# (family, players) whose Hard is the expectimax; every other game keeps the rollout search. None yet: in 4-player
# Catan the expectimax with the shipped network won 32.8 % of 64 seat-rotated games against three Normal bots on
# the beginner board (29.7 % of 64 on a variable board), where the rollout search won 39.7 % of 300 (42.7 % of 300
# once the network scored its cut-off rollouts). Against three of the Hard the issue started from (the rollout
# search scored by the fitted evaluation, arena bot `hard-rollout`), both sides following the cards, this Hard won
# 92 of 300 seat-rotated games on the beginner board from seed 3900 (30.7 % [25.7-36.1]; each of the three 23.1 %).
EXPECTIMAX_GAMES: frozenset[tuple[str, int]] = frozenset()


def players_of(view: Any) -> int:
    """How many seats the game of a view has."""
    state = getattr(view, "state", None)
    return int(getattr(state, "num_players", 0) or len(getattr(view, "seats", ())))


class HardLevel:
    """Hard for a family: picks its search by the player count of the first view it is asked about."""

    id = "hard"
    needs_view = True

    def __init__(self, family: str, think_seconds: float) -> None:
        """Hard for `family`, thinking up to `think_seconds` per decision (the rollout search's budget)."""
        self.family = family
        self._think_seconds = think_seconds
        self._engines: dict[str, Any] = {}
        self.variety: Any = None

    @property
    def think_seconds(self) -> float:
        """The time per decision (Settings may change it between decisions)."""
        return self._think_seconds

    @think_seconds.setter
    def think_seconds(self, seconds: float) -> None:
        self._think_seconds = seconds
        for name, engine in self._engines.items():
            engine.think_seconds = max(seconds, 4.0) if name == "expectimax" else seconds

    @property
    def capped(self) -> int:
        """Decisions cut short by the think time, over both searches."""
        return sum(int(getattr(e, "capped", 0)) for e in self._engines.values())

    def engine(self, view: Any) -> Any:
        """The search for the game of this view (made on first use)."""
        name = "expectimax" if (self.family, players_of(view)) in EXPECTIMAX_GAMES else "rollout"
        found = self._engines.get(name)
        if found is None:
            found = self._engines[name] = self._make(name)
        return found

    def _make(self, name: str) -> Any:
        from game.ai.variety import with_variety

        if name == "expectimax":
            from game.ai.catan_expectimax import catan_expectimax

            # Its size is fixed; the think time is only a cap, well above what it needs.
            bot = catan_expectimax(max(self._think_seconds, 4.0))
        else:
            from game.ai.search import HardBot

            bot = HardBot(self.family, self._think_seconds)
        return with_variety(bot, self.variety) if self.variety is not None else bot

    def cancel(self) -> None:
        """Stop a running search at once."""
        for engine in self._engines.values():
            engine.cancel()

    def choose(self, view: Any, legal_actions: list[Action], rng: random.Random) -> Action:
        """The choice of the search for this game."""
        return self.engine(view).choose(view, legal_actions, rng)  # type: ignore[no-any-return]
