"""The random bot: uniform over legal actions, but it keeps offers rare and ends turns sensibly."""

from __future__ import annotations

import random
from typing import Any

from game.core.actions import Action

# Kinds that would make random games drag on without changing much.
_RARE_KINDS = frozenset({"offer_trade", "counter_trade"})
_RARE_CHANCE = 0.03


class RandomBot:
    """Uniform choice among the legal actions; offers only now and then, answers uniformly."""

    id = "random"
    needs_view = False  # it looks at nothing but the legal actions

    def choose(self, view: Any, legal_actions: list[Action], rng: random.Random) -> Action:
        """Pick uniformly, except that trade offers and counters are picked only rarely."""
        count = len(legal_actions)
        if count == 1:
            return legal_actions[0]
        pick = legal_actions[int(rng.random() * count)]
        if pick.kind not in _RARE_KINDS or rng.random() < _RARE_CHANCE:
            return pick
        # Otherwise uniform over the common actions, by rejection (no list is built on the common path).
        for _ in range(4 * count):
            pick = legal_actions[int(rng.random() * count)]
            if pick.kind not in _RARE_KINDS:
                return pick
        return pick
