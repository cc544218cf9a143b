"""What each seat has seen of the others' resource cards: the cards of each resource that an observer knows for
sure a player holds, as a player who follows every card in the open would know them (card counting).

Everything that moves resource cards happens in the open (production, building, buying, bank and domestic trades,
discards, a monopoly, a year of plenty) except what a robber steals: only the thief and the victim see that card.
So after each action every observer adds what a player visibly gained and takes off what it visibly paid (a card
paid beyond what was known came from the cards it did not know), and a steal is known to its two players, while
everyone else can only lower each count of the victim's by one (the card taken could have been any of them).

The counts are lower bounds: a player holds at least what an observer knows of it, and exactly that when the
observer has seen every card it holds arrive (in a game whose hands started empty, until a steal it did not see).
"""

from __future__ import annotations

from collections.abc import Sequence

Hands = Sequence[Sequence[int]]


class CardMemory:
    """For every observer and player, the resource cards the observer knows that player holds (an observer's own
    row stays empty: its hand is read, not remembered)."""

    __slots__ = ("known",)

    def __init__(self, players: int) -> None:
        """A memory of a game whose hands are empty (or of whose cards nothing is known yet)."""
        self.known = [[[0] * 5 for _ in range(players)] for _ in range(players)]

    def clone(self) -> CardMemory:
        """An independent copy."""
        other = CardMemory.__new__(CardMemory)
        other.known = [[row[:] for row in rows] for rows in self.known]
        return other

    def observe(self, before: Hands, after: Hands, steals: Sequence[tuple[int, int, int]]) -> None:
        """Take in one action: the hands before and after it, and its steals as (thief, victim, resource)."""
        if not steals and before == after:
            return  # most actions move no card (a playout's hot path)
        known = self.known
        n = len(known)
        change = [[a - b for a, b in zip(after[q], before[q])] for q in range(n)]
        for thief, victim, resource in steals:  # what everyone saw is the change without the steals
            change[thief][resource] -= 1
            change[victim][resource] += 1
        for q in range(n):
            delta = change[q]
            if not any(delta):
                continue
            for p in range(n):
                if p == q:
                    continue  # a seat's own hand is read, not remembered
                row = known[p][q]
                for r in range(5):
                    if delta[r] > 0:
                        row[r] += delta[r]
                    elif delta[r] < 0:
                        row[r] = max(0, row[r] + delta[r])
        for thief, victim, resource in steals:
            for p in range(n):
                if p == thief:
                    row = known[p][victim]
                    row[resource] = max(0, row[resource] - 1)
                elif p == victim:
                    known[p][thief][resource] += 1
                else:
                    row = known[p][victim]
                    for r in range(5):
                        if row[r]:
                            row[r] -= 1

    def seen_by(self, observer: int, hands: Hands) -> tuple[tuple[int, ...], ...]:
        """What `observer` knows of every player's hand: its own exactly, the others' known cards."""
        return tuple(tuple(hands[q]) if q == observer else tuple(row) for q, row in enumerate(self.known[observer]))
