"""Seat rotation for fair simulations: who sits where, and a start in which the first seat begins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.errors import GameError
from game.core.game import Game
from game.core.seats import Seat
from game.core.variant import Variant


def rotated_colours(colours: Sequence[str], rotation: int) -> tuple[str, ...]:
    """The colour of each seat (seat 0 plays first) in one rotation: every colour takes every seat once."""
    n = len(colours)
    return tuple(colours[(k + rotation) % n] for k in range(n))


def start_with_first_seat(variant: type[Variant], seats: tuple[Seat, ...], seed: int,
                          layout: Mapping[str, Any] | None) -> Game:
    """Start a game in which seat 0 plays first.

    Pre-placed starting pieces already let the first seat begin (the almanac's oldest player). Otherwise the
    set-up's roll-off decides; its dice are then forced (seat 0 rolls 12, everyone else 2) through the
    game's own forced-outcome mechanism, so the game stays an ordinary, replayable game of that seed.
    """
    game = variant.new_game(seats, seed, layout=layout)
    if _first_player(game) == 0:
        return game
    outcomes = tuple(game.setup_outcomes)
    n = len(seats)
    forced_rolloff = (6, 6) + (1, 1) * (n - 1)
    for cut in range(len(outcomes) - 2 * n, -1, -1):
        if _rolloff_length(outcomes[cut:], n) != len(outcomes) - cut:
            continue
        forced = outcomes[:cut] + forced_rolloff
        try:
            candidate = variant.new_game(seats, seed, setup_outcomes=forced, layout=layout)
        except GameError:  # the cut fell inside the roll-off: try an earlier one
            continue
        if _first_player(candidate) == 0 and tuple(candidate.setup_outcomes) == forced:
            return candidate
    raise RuntimeError(f"{variant.id}: cannot find the set-up roll-off among the set-up outcomes")


def _first_player(game: Game) -> int:
    return int(getattr(game.state, "start_player", 0))


def _rolloff_length(dice: Sequence[Any], players: int) -> int:
    """How many dice a roll-off among `players` consumes from the start of `dice` (-1 if they run out)."""
    contenders = players
    used = 0
    while True:
        if used + 2 * contenders > len(dice):
            return -1
        if not all(type(d) is int for d in dice[used:used + 2 * contenders]):
            return -1
        totals = [dice[used + 2 * i] + dice[used + 2 * i + 1] for i in range(contenders)]
        used += 2 * contenders
        best = max(totals)
        contenders = totals.count(best)
        if contenders == 1:
            return used
