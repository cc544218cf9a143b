"""The rules printed on the Rivals cards, as one read-only object the game holds: the effects package fills it and
the variant hands it to each game, so the mechanics (rules, building, dice, set-up) look card rules up through the
game and never import the effects that build on them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rivals.effects.base import (ActionCardRule, BuildHook, DecisionRule, DiscountRule, EventRule,
                                          LossHook, UseRule)
    from game.rivals.rules import RivalsGame


@dataclass(frozen=True, eq=False)
class CardRules:
    """Every registered card rule by card id (or pending-decision kind), and the prerequisite checks."""

    actions: Mapping[str, ActionCardRule]
    events: Mapping[str, EventRule]
    decisions: Mapping[str, DecisionRule]
    on_build: Mapping[str, BuildHook]
    uses: Mapping[str, UseRule]
    # Owned card id -> the discount it grants on a card's printed cost (read by building.cost_discount).
    discounts: Mapping[str, DiscountRule]
    # Owned card id -> what it does when an event or an opponent's action card takes one of the owner's cards.
    on_loss: Mapping[str, LossHook]
    # (game, player, requirement id) -> why the player fails a card's prerequisite, or None.
    requirement_refusal: Callable[[RivalsGame, int, str], str | None]
    # Whether a requirement reads only its builder's own principality (so its answer may be kept with it).
    reads_own_principality_only: Callable[[str], bool]
