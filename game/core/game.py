"""The game API every variant implements, and the logging of actions with their chance outcomes."""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from game.core.actions import Action, Event, validate_action
from game.core.chance import Chance
from game.core.errors import IllegalAction, WrongPlayer
from game.core.seats import Seat
from game.core.undo import undo as undo_last
from game.core.undo import undo_status as undo_status_of

if TYPE_CHECKING:
    from game.core.undo import UndoStatus
    from game.core.variant import Variant


class LogEntry(NamedTuple):
    """One applied action and the chance outcomes it drew."""

    action: Action
    outcomes: tuple[Any, ...]


# Builds a LogEntry without the Python-level __new__ a NamedTuple has (called once per applied action).
_new_entry = tuple.__new__


class Game(ABC):
    """A running game: legal actions, apply, views, and the log that makes it replayable."""

    variant: Variant
    seats: tuple[Seat, ...]
    seed: int
    options: dict[str, Any]
    chance: Chance
    setup_outcomes: tuple[Any, ...]
    start_position: dict[str, Any] | None
    log: list[LogEntry]
    #: Log length after the last barrier (chance drawn, or something another player saw): undo never goes below it.
    undo_floor: int = 0

    def _init_common(self, variant: Variant, seats: tuple[Seat, ...], seed: int, options: dict[str, Any]) -> None:
        self.variant = variant
        self.seats = seats
        self.seed = seed
        self.options = options
        self.chance = Chance(seed)
        self.setup_outcomes = ()
        self.start_position = None
        self.log = []
        self.undo_floor = 0
        self.initial_events: list[Event] = []
        self.layout: dict[str, Any] | None = None
        # The help it was played with (game/core/assists.py): replaced, never changed in place.
        self.assists: dict[str, Any] = {}

    @property
    def num_players(self) -> int:
        """How many seats play."""
        return len(self.seats)

    def apply(self, action: Action) -> list[Event]:
        """Check the action, apply it, record it with its chance outcomes, and return what happened.

        Every field's type and range is checked first (InvalidActionField), so no check or effect sees a
        malformed value; any refusal leaves the game untouched.
        """
        # Spelled out rather than split into helpers: this runs once per action of every playout and search.
        log = self.log
        if self._listed_at == len(log):
            for listed in self._listed:
                if listed is action:
                    break
            else:
                self._check_unlisted(action)
        else:
            self._check_unlisted(action)
        self._listed = ()
        chance = self.chance
        if chance.drawn:  # drawn outside any action (a set-up): not this action's
            chance.drawn = []
        events = self._apply(action)
        drawn = chance.drawn
        if drawn:
            chance.drawn = []
            log.append(_new_entry(LogEntry, (action, tuple(drawn))))
            self.undo_floor = len(log)
        else:
            log.append(_new_entry(LogEntry, (action, ())))
            variant = self.variant
            # A kind not listed as undoable is a barrier whatever the variant adds (see Variant.is_barrier).
            if action.kind not in variant.undoable_kinds or variant.is_barrier(self, action, events):
                self.undo_floor = len(log)
        return events

    def _check_unlisted(self, action: Action) -> None:
        """Refuse (IllegalAction) an action that was not handed out by legal_actions() unless it is legal now."""
        validate_action(action)
        if action.player not in self.active_players():
            raise WrongPlayer(f"player {action.player} may not act now (waiting for {list(self.active_players())})")
        self.check(action)

    def undo_status(self, player: int) -> UndoStatus:
        """How many of the player's latest actions can be taken back now (and why none, if so)."""
        return undo_status_of(self, player)

    def undo(self, player: int) -> Action:
        """Take back the player's newest action (UndoRefused when not allowed); returns the undone action."""
        return undo_last(self, player)

    # The actions last handed out by legal_actions(), while the state they were listed for is unchanged: the
    # rules model built them itself, so apply() need not check them again (a search or a playout applies
    # little else). Any apply() forgets them; a snapshot, so a caller's changes to its list are not trusted.
    _listed: tuple[Action, ...] = ()
    _listed_at: int = -1  # the log's length when they were listed (an undo shortens it)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("legal_actions")
        if own is not None and not getattr(own, "__isabstractmethod__", False):
            setattr(cls, "legal_actions", _remembering(own))

    def forget_listed(self) -> None:
        """Stop trusting the last listed actions (for code that changes the state other than by apply())."""
        self._listed = ()

    def is_legal(self, action: Action) -> bool:
        """Whether apply() would accept the action."""
        try:
            validate_action(action)
            if action.player not in self.active_players():
                return False
            self.check(action)
        except IllegalAction:
            return False
        return True

    @abstractmethod
    def check(self, action: Action) -> None:
        """Raise IllegalAction (with a reason) unless the action is legal now; never changes state."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Apply an action already checked; return events."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """The actions the player may take now (open-ended choices enumerated in a representative form)."""

    @abstractmethod
    def active_players(self) -> tuple[int, ...]:
        """The players who must decide now (several when all must answer)."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def winner(self) -> int | None:
        """The winning player, or None."""

    @abstractmethod
    def view(self, player: int) -> Any:
        """What the player may know of the state."""

    def turn_number(self) -> int:
        """The turn the game has reached as its own table counts it (the state's turn counter; 0 during set-up)."""
        return int(self.state.turn_number)  # type: ignore[attr-defined]

    def clone(self) -> Game:
        """An independent copy: the state (which must offer clone()), the chance and the log are copied."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.state = self.state.clone()  # type: ignore[attr-defined]
        other.chance = self.chance.clone()
        other.log = list(self.log)
        other._listed = ()
        return other

    def state_json(self) -> dict[str, Any]:
        """The full state as JSON (the state must offer to_json()), used for the save digest and equality."""
        return self.state.to_json()  # type: ignore[attr-defined, no-any-return]


def _remembering(legal_actions: Callable[[Game, int], list[Action]]) -> Callable[[Game, int], list[Action]]:
    """Wrap a variant's legal_actions so the game remembers the actions it handed out (see Game._listed)."""

    @functools.wraps(legal_actions)
    def listing(self: Game, player: int) -> list[Action]:
        actions = legal_actions(self, player)
        self._listed = tuple(actions)
        self._listed_at = len(self.log)
        return actions

    return listing
