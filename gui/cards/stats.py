"""What the quick card game's end screen charts: each player's points after every turn (read from the views of the
game replayed from its log) and where the final points come from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.cards.catalogue import DEVELOPMENTS_VP, card
from game.core.log_events import restart

SOURCES = ("settlements", "cities", "developments", "roads", "knights")


@dataclass(frozen=True)
class CardsStats:
    """Points per turn (turns[i] is the turn that had just begun when vp_series[p][i] was read) and the final
    points of each player by source, in the order of SOURCES."""

    num_players: int
    turns: tuple[int, ...]
    vp_series: tuple[tuple[int, ...], ...]
    sources: tuple[tuple[int, ...], ...]


def points_by_source(table: Any) -> tuple[int, ...]:
    """A player's points from settlements, cities, developments (on their cities), road and knight pairs."""
    cities = sum(2 for _, dev in table.cities if dev is None)
    developments = sum(DEVELOPMENTS_VP[card(dev).development or ""] for _, dev in table.cities if dev is not None)
    return (table.settlements, cities, developments, len(table.roads) // 2, len(table.knights) // 2)


def compute_cards_stats(game: Any) -> CardsStats:
    """Replay the game's log with its recorded chance on a fresh copy and read every player's public points when
    each turn begins and at the end (GameError when the log does not replay)."""
    fresh = restart(game)
    n = game.num_players
    turns: list[int] = []
    series: list[list[int]] = [[] for _ in range(n)]

    def sample() -> None:
        view = fresh.view(-1)
        turns.append(view.turn_number)
        for p in range(n):
            series[p].append(view.tables[p].vp)

    sample()
    for entry in game.log:
        fresh.chance.force(*entry.outcomes)
        for event in fresh.apply(entry.action):
            if event.kind == "cards_turn_started":
                sample()
    final = fresh.view(-1)
    if turns[-1] == final.turn_number:  # the turn in which the game ended: its last reading counts
        turns.pop()
        for s in series:
            s.pop()
    sample()
    return CardsStats(n, tuple(turns), tuple(tuple(s) for s in series),
                      tuple(points_by_source(final.tables[p]) for p in range(n)))
