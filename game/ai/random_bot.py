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
        if len(legal_actions) == 1:
            return legal_actions[0]
        common = [a for a in legal_actions if a.kind not in _RARE_KINDS]
        if common and (len(common) == len(legal_actions) or rng.random() > _RARE_CHANCE):
            return common[rng.randrange(len(common))]
        return legal_actions[rng.randrange(len(legal_actions))]
