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
    """Take the top card off a cell (a card beneath comes back up); under a stack, or discard when stack is -1.
    A card of the theme game's face-up stack always goes back to that stack (stack -2 in the event)."""
    s = g.state
    card = s.grid[p][c]
    if s.store[p][c]:  # a Gold Cache's gold leaves with it
        from game.rivals.economy import remove

        remove(s, p, c, s.store[p][c], "removed", events)
    s.grid[p][c] = s.under[p].pop(c, -1)
    if g.mode.face_up and card_of()[card].face_up in g.mode.theme_sets:
        # Ruling: as when removed by its owner (theme rule), it never enters a draw stack or the discard pile.
        stack = -2
        s.face_up.append(card)
    elif stack >= 0:
        s.put_under_stack(stack, card)
    else:
        s.discard.append(card)
    events.append(CardRemoved(p, card_of()[card].id, c, stack))
    return card


def lose_from_principality(g: RivalsGame, p: int, c: int, stack: int, events: list) -> int:
    """A card the player loses to an event or an opponent's action card: removed as above, then the loss hooks
    of the player's remaining cards run (Irmgard; a lost Irmgard is gone before her own hook could run)."""
    card = remove_from_principality(g, p, c, stack, events)
    for owned in sorted(set(buildings(g, p) + units(g, p))):
        hook = g.card_rules.on_loss.get(card_of()[g.state.grid[p][owned]].id)
        if hook:
            hook(g, p, card, events)
    return card
