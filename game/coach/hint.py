"""'What would Hard do?': the action Hard would take in a seat's view and why, as a translation key with parameters
(the rules model emits keys, never sentences). Hard decides from the view alone, as it does at the table."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.core.actions import Action
from game.core.registry import get_variant

# Catan's goal names (game/ai/catan_situation.py) a reason may name.
CATAN_GOALS = frozenset({"city", "settlement", "road", "dev_card", "longest_road"})


@dataclass(frozen=True)
class Hint:
    """The suggested action, the key of the one line that says why, and that line's parameters."""

    action: Action
    key: str
    params: dict[str, Any] = field(default_factory=dict)


def hard_hint(view: Any, legal: list[Action], rng: random.Random, think_seconds: float = 1.0,
              bot: Any = None) -> Hint:
    """What Hard would do in this view (its own search, `bot` if one is given) and the reason key for it."""
    from game.ai.registry import make_bot

    family = get_variant(view.variant_id).family
    hard = bot if bot is not None else make_bot("hard", family, think_seconds)
    action = hard.choose(view, legal, rng)
    key, params = _reason(family, view, action)
    return Hint(action, key, params)


def _reason(family: str, view: Any, action: Action) -> tuple[str, dict[str, Any]]:
    """The key of why: the action's kind, and in Catan what the seat is saving for when the action serves it (the
    parameter `goal` is then a goal name; its words are under coach.goal.<name>)."""
    params: dict[str, Any] = {}
    if family == "catan" and action.kind in ("end_turn", "maritime_trade", "offer_trade", "buy_dev_card",
                                             "build_road"):
        from game.ai.catan_situation import Situation

        goal, _ = Situation(view).goal()
        if goal in CATAN_GOALS:
            params["goal"] = goal
            return f"coach.hint.{action.kind}.toward", params
    return f"coach.hint.{action.kind}", params
