"""Undo: a player takes back their own latest actions, back to the last barrier (chance, or something another player
saw) and never past another player's action; done exactly by replaying the rest of the log from the start."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.errors import IllegalAction
from game.core.log_events import restart

if TYPE_CHECKING:
    from game.core.actions import Action
    from game.core.game import Game

#: Reason keys (translated by the front end) for why nothing can be undone.
REASON_OVER = "undo.reason.over"
REASON_NOT_ACTIVE = "undo.reason.not_active"
REASON_NOTHING = "undo.reason.nothing"
REASON_CHANCE = "undo.reason.chance"
REASON_REVEALED = "undo.reason.revealed"
REASON_OTHER = "undo.reason.other"


@dataclass(frozen=True, slots=True)
class UndoStatus:
    """How many of the player's latest actions can be taken back now, and if none, the reason key."""

    count: int
    reason: str = ""

    @property
    def possible(self) -> bool:
        """Whether at least one action can be undone."""
        return self.count > 0


class UndoRefused(IllegalAction):
    """Undo was asked for when nothing can be taken back; `reason` is the translation key of why."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"nothing can be undone ({reason})")
        self.reason = reason


def undo_status(game: Game, player: int) -> UndoStatus:
    """What the player may take back now: their own actions after the game's undo floor, newest first, stopping at
    another player's action; only while the game runs and the player is among those who must act."""
    if game.is_over():
        return UndoStatus(0, REASON_OVER)
    if player not in game.active_players():
        return UndoStatus(0, REASON_NOT_ACTIVE)
    log = game.log
    floor = game.undo_floor
    i = len(log)
    while i > floor and log[i - 1].action.player == player:
        i -= 1
    count = len(log) - i
    if count:
        return UndoStatus(count)
    if i == 0:
        return UndoStatus(0, REASON_NOTHING)
    if i > floor:
        return UndoStatus(0, REASON_OTHER)
    return UndoStatus(0, REASON_CHANCE if log[floor - 1].outcomes else REASON_REVEALED)


def rebuild(game: Game, upto: int) -> Game:
    """A new game equal to game after its first `upto` logged actions, replayed from the same start with the
    recorded chance outcomes (game itself is not touched)."""
    if not 0 <= upto <= len(game.log):
        raise ValueError(f"cannot rebuild after {upto} actions of a log of {len(game.log)}")
    fresh = restart(game)
    for entry in game.log[:upto]:
        fresh.chance.force(*entry.outcomes)
        fresh.apply(entry.action)
    fresh.chance.clear_forced()
    return fresh


def become(game: Game, other: Game) -> None:
    """Make game (the object the table holds) take over other's whole state; other must not be used afterwards."""
    game.__dict__.clear()
    game.__dict__.update(other.__dict__)


def undo(game: Game, player: int) -> Action:
    """Take back the player's newest action in place and return it; UndoRefused (nothing changed) when not allowed.
    The undone action drew no chance, so the generator is where it was before it and redoing it gives the same."""
    status = undo_status(game, player)
    if not status.possible:
        raise UndoRefused(status.reason)
    action = game.log[-1].action
    become(game, rebuild(game, len(game.log) - 1))
    return action
