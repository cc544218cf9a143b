"""'What would Hard do?' at the table (key H): Hard's choice for the human on move, computed in a background thread
(Hard thinks up to its think time), shown in one line; each hint asked for is counted in the game's assists."""

from __future__ import annotations

import random
import threading
from typing import Any

from game.coach.hint import Hint, hard_hint
from game.core.actions import Action
from game.core.errors import GameError

HINT_KEY_NAME = "H"


class HintJob:
    """One hint being worked out for a seat at a game revision; `result()` is its hint once ready, else None."""

    def __init__(self, view: Any, legal: list[Action], seat: int, revision: int, think_seconds: float | None) -> None:
        """Start working out the hint for `seat` in `view` (a daemon thread; the table never waits for it)."""
        self.seat = seat
        self.revision = revision
        self._hint: Hint | None = None
        self._failed = False
        self._thread = threading.Thread(target=self._run, args=(view, legal, think_seconds), daemon=True)
        self._thread.start()

    def _run(self, view: Any, legal: list[Action], think_seconds: float | None) -> None:
        try:
            self._hint = hard_hint(view, legal, random.Random(self.revision), think_seconds or 1.0)
        except GameError:
            self._failed = True

    def done(self) -> bool:
        """Whether the work has ended (with a hint or without one)."""
        return not self._thread.is_alive()

    def result(self) -> Hint | None:
        """The hint, once ready (None while working or when it failed)."""
        return self._hint if self.done() else None


def hint_text(t: Any, hint: Hint) -> str:
    """The hint's one line in the player's language (a Catan goal named in words)."""
    params = dict(hint.params)
    if "goal" in params:
        params["goal"] = t(f"coach.goal.{params['goal']}")
    return str(t(hint.key, **params))
