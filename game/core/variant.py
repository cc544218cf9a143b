"""Variant classes: static facts of one game (ids, player counts, options) and how to start it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from game.core.actions import Action, ActionCodec, Event
from game.core.errors import InvalidOptions
from game.core.game import Game
from game.core.options import OptionSpec, validate_options
from game.core.seats import Seat


class Variant(ABC):
    """One registered game; subclasses override a few hooks rather than copying rules."""

    id: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    family: ClassVar[str]
    name_key: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    colors: ClassVar[tuple[str, ...]]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    #: Action kinds a player may take back (see is_barrier); every other kind is a barrier undo never crosses.
    undoable_kinds: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    @abstractmethod
    def codec(cls) -> ActionCodec:
        """The codec for this variant's actions."""

    @classmethod
    def validate_options(cls, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Return the full option dict with defaults, or raise InvalidOptions."""
        return validate_options(cls.option_specs, options)

    @classmethod
    def default_seats(cls, count: int, controllers: list[str] | None = None) -> tuple[Seat, ...]:
        """Seats named by colour, human unless controllers say otherwise."""
        cls.check_player_count(count)
        controllers = controllers or ["human"] * count
        return tuple(Seat(name=cls.colors[i], color=cls.colors[i], controller=controllers[i]) for i in range(count))

    @classmethod
    def check_player_count(cls, count: int) -> None:
        """Raise InvalidOptions unless the count is allowed."""
        if not cls.min_players <= count <= cls.max_players:
            raise InvalidOptions(
                f"{cls.id} is for {cls.min_players}-{cls.max_players} players, not {count}"
            )

    @classmethod
    def new_game(cls, seats: tuple[Seat, ...], seed: int, options: Mapping[str, Any] | None = None,
                 setup_outcomes: tuple[Any, ...] | None = None, layout: Mapping[str, Any] | None = None) -> Game:
        """Start a game; setup_outcomes force the set-up's chance (for replays); layout fixes the table set-up."""
        cls.check_player_count(len(seats))
        colors = [s.color for s in seats]
        if len(set(colors)) != len(colors) or any(c not in cls.colors for c in colors):
            raise InvalidOptions(f"seat colours must be distinct and among {', '.join(cls.colors)}; got {colors}")
        return cls._start(tuple(seats), seed, cls.validate_options(options), setup_outcomes, layout)

    @classmethod
    @abstractmethod
    def _start(cls, seats: tuple[Seat, ...], seed: int, options: dict[str, Any],
               setup_outcomes: tuple[Any, ...] | None, layout: Mapping[str, Any] | None) -> Game:
        """Build the starting state."""

    @classmethod
    def logged_turn(cls, log: list[Any]) -> int:
        """The turn a saved game's JSON log has reached, without replaying it (for saves that do not record their
        turn): one more than the ended turns."""
        return 1 + sum(1 for entry in log if isinstance(entry, dict) and isinstance(entry.get("action"), dict)
                       and entry["action"].get("kind") == "end_turn")

    @classmethod
    def is_barrier(cls, game: Game, action: Action, events: Sequence[Event]) -> bool:
        """Whether an applied action that drew no chance can never be taken back: a kind not listed as undoable,
        or one whose events concern another player (they saw it happen to them). An override may only add barriers:
        Game.apply asks it only about undoable kinds."""
        if action.kind not in cls.undoable_kinds:
            return True
        player = action.player
        for e in events:
            if getattr(e, "player", player) != player:
                return True
        return False

    @classmethod
    def game_from_position(cls, position: Mapping[str, Any], seats: tuple[Seat, ...] | None = None,
                           seed: int = 0) -> Game:
        """Start a game from a position document (variants that support positions override this)."""
        raise InvalidOptions(f"{cls.id} does not start from positions")
