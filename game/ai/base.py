"""The bot interface and the registry of bots by id."""

from __future__ import annotations

import random
from typing import Any, Protocol

from game.core.actions import Action


class Bot(Protocol):
    """A bot picks one of the legal actions, seeing only its own view."""

    def choose(self, view: Any, legal_actions: list[Action], rng: random.Random) -> Action:
        """Return one of legal_actions."""
        ...
