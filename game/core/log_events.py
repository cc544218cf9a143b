"""The events of a game so far, recovered by replaying its action log from the start (a loaded game keeps only its
actions, so a table rebuilds its log from these)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.actions import Action, Event
    from game.core.game import Game


def restart(game: Game) -> Game:
    """A new game at the same start as game: the same variant, seats, seed, options, set-up chance and layout (or
    starting position), with an empty log."""
    variant = game.variant
    if game.start_position is not None:
        return variant.game_from_position(game.start_position, seats=game.seats, seed=game.seed)
    return variant.new_game(game.seats, game.seed, game.options, setup_outcomes=tuple(game.setup_outcomes),
                            layout=game.layout)


def replayed_events(game: Game) -> tuple[list[Event], list[tuple[Action, list[Event]]]]:
    """The set-up events and, per logged action, the action with the events it caused, by replaying game's log with
    its recorded chance outcomes on a fresh copy (game itself is not touched). GameError if the log does not replay."""
    fresh = restart(game)
    steps: list[tuple[Action, list[Event]]] = []
    for entry in game.log:
        fresh.chance.force(*entry.outcomes)
        steps.append((entry.action, fresh.apply(entry.action)))
    return list(fresh.initial_events), steps
