"""Pending decisions: queue them (one batch is answered at once by its players), find and resolve them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rivals.events import DecisionRequired
from game.rivals.state import RivalsState


def queue(s: RivalsState, items: Sequence[tuple[int, str, tuple[Any, ...]]], events: list,
          front: bool = False) -> None:
    """Add decisions (player, kind, data) as one batch, at the back or in front of the others."""
    if not items:
        return
    batch = s.next_batch
    s.next_batch += 1
    new = [(batch, p, kind, tuple(data)) for p, kind, data in items]
    if front:
        s.pending[:0] = new
    else:
        s.pending.extend(new)
    for p, kind, _ in items:
        events.append(DecisionRequired(p, kind))


# The decision to use a card taken mid-turn at once (game.rivals.effects.use_now); read by building as well.
USE_NOW = "use_now"


def offered_now(s: RivalsState, p: int, card: int) -> bool:
    """Whether the player's open decision is to use exactly this card at once (it is usable despite being fresh)."""
    index = item_index(s, p)
    return index >= 0 and s.pending[index][2] == USE_NOW and s.pending[index][3][0] == card


def item_index(s: RivalsState, p: int) -> int:
    """Index of the player's first decision in the leading batch, or -1."""
    if not s.pending:
        return -1
    batch = s.pending[0][0]
    for i, item in enumerate(s.pending):
        if item[0] != batch:
            return -1
        if item[1] == p:
            return i
    return -1


def replace(s: RivalsState, index: int, data: tuple[Any, ...]) -> None:
    """Keep a decision open with new data (e.g. one fewer resource to gain)."""
    b, p, kind, _ = s.pending[index]
    s.pending[index] = (b, p, kind, data)


def done(s: RivalsState, index: int) -> None:
    """Close a decision."""
    del s.pending[index]
