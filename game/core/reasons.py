"""Why an action is not available now, as every game's rules model tells it: a translation key and parameters
(for the hint line; the GUI translates, the rules model never writes sentences)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Reason:
    """A translation key ('reason.<name>') and its parameters."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


def missing_cards(hand: Iterable[int], cost: Iterable[int]) -> tuple[int, ...]:
    """How many of each resource the hand lacks for the cost."""
    return tuple(max(0, c - h) for h, c in zip(hand, cost))
