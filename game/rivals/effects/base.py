"""The shapes of registered rules: action cards, decisions (pending kinds), events and on-build hooks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core.actions import Action
    from game.rivals.actions import PlayCard
    from game.rivals.rules import RivalsGame


@dataclass(frozen=True, slots=True)
class ActionCardRule:
    """An action card: when it is played, why it may be refused, its options, its checks and its effect."""

    phase: str  # "roll" (before rolling), "action", or "never" (used inside another action, e.g. Scout)
    refusal: Callable[[RivalsGame, int], str | None]
    options: Callable[[RivalsGame, int, int], list[Action]]
    check: Callable[[RivalsGame, PlayCard], None]
    resolve: Callable[[RivalsGame, PlayCard, list], None]


@dataclass(frozen=True, slots=True)
class DecisionRule:
    """A pending decision kind: the actions that answer it, their options, checks and resolution."""

    actions: tuple[type, ...]
    options: Callable[[RivalsGame, int, tuple[Any, ...]], list[Action]]
    check: Callable[[RivalsGame, Action, tuple[Any, ...]], None]
    resolve: Callable[[RivalsGame, Action, int, tuple[Any, ...], list], None]
    auto: Callable[[RivalsGame, int, int, tuple[Any, ...], list], bool] | None = None


EventRule = Callable[["RivalsGame", list], None]
BuildHook = Callable[["RivalsGame", int, int, list], None]


@dataclass(frozen=True, slots=True)
class UseRule:
    """A principality card with an ability used in the action phase: refusal, options, checks and effect."""

    refusal: Callable[[RivalsGame, int, int], str | None]  # (game, player, cell)
    options: Callable[[RivalsGame, int, int], list[Action]]
    check: Callable[[RivalsGame, Any], None]
    resolve: Callable[[RivalsGame, Any, list], None]
# (game, player, card) -> resources of the card's printed cost the player may leave out; keyed by the owned card.
DiscountRule = Callable[["RivalsGame", int, int], int]
# (game, player, lost card, events): run when an event or an opponent's action card takes a card off the grid.
LossHook = Callable[["RivalsGame", int, int, list], None]
