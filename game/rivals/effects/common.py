"""Helpers shared by card effects: discarding a played card, removing a principality card, unit lists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rivals.catalogue import BUILDING_TYPES, UNIT_TYPES, card_of
from game.rivals.events import CardPlayed, CardRemoved
from game.rivals.scoring import expansion_cells

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame


def discard_played(g: RivalsGame, p: int, card: int, events: list) -> None:
    """Move a played action card from the hand to the face-up discard pile."""
    s = g.state
    s.hands[p].remove(card)
    s.discard.append(card)
    events.append(CardPlayed(p, card_of()[card].id))


def buildings(g: RivalsGame, p: int) -> list[int]:
    """Cells of the player's buildings (green and red, not units)."""
    s = g.state
    cards = card_of()
    return [c for c in expansion_cells(s, p) if cards[s.grid[p][c]].type in BUILDING_TYPES]


def units(g: RivalsGame, p: int) -> list[int]:
    """Cells of the player's units (heroes, trade ships, other units)."""
    s = g.state
    cards = card_of()
    return [c for c in expansion_cells(s, p) if cards[s.grid[p][c]].type in UNIT_TYPES]


def remove_from_principality(g: RivalsGame, p: int, c: int, stack: int, events: list) -> int:
    """Take the top card off a cell (a card beneath comes back up); under a stack, or discard when stack is -1."""
    s = g.state
    card = s.grid[p][c]
    if s.store[p][c]:  # a Gold Cache's gold leaves with it
        from game.rivals.economy import remove

        remove(s, p, c, s.store[p][c], "removed", events)
    s.grid[p][c] = s.under[p].pop(c, -1)
    if stack >= 0:
        s.stacks[stack].append(card)
    else:
        s.discard.append(card)
    events.append(CardRemoved(p, card_of()[card].id, c, stack))
    return card
