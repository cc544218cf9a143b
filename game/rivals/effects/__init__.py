"""Card effects registered by card id: action cards, events, pending-decision kinds, on-build hooks, card uses."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from game.rivals.effects.generic_decisions import GENERIC_DECISIONS
from game.rivals.effects import (basic_actions, basic_events, gold_actions, gold_cards, progress_actions,
                                 progress_cards, turmoil_actions, turmoil_cards, turmoil_events, use_now)
from game.rivals.effects.base import (ActionCardRule, BuildHook, DecisionRule, DiscountRule, EventRule, LossHook,
                                     UseRule)

ACTION_RULES: Mapping[str, ActionCardRule] = MappingProxyType({**basic_actions.RULES, **gold_actions.RULES,
                                                               **progress_actions.RULES, **turmoil_actions.RULES})
EVENT_RULES: Mapping[str, EventRule] = MappingProxyType({**basic_events.RULES, **gold_cards.EVENTS,
                                                         **progress_cards.EVENTS,
                                                         **turmoil_events.EVENTS})  # Sebastian guards Feud
DECISION_RULES: Mapping[str, DecisionRule] = MappingProxyType({**GENERIC_DECISIONS, **basic_events.DECISIONS,
                                                               **gold_actions.DECISIONS, **gold_cards.DECISIONS,
                                                               **use_now.DECISIONS, **progress_actions.DECISIONS,
                                                               **progress_cards.DECISIONS, **turmoil_actions.DECISIONS,
                                                               **turmoil_cards.DECISIONS, **turmoil_events.DECISIONS})
ON_BUILD: Mapping[str, BuildHook] = MappingProxyType({**gold_cards.ON_BUILD, **progress_cards.ON_BUILD,
                                                     **turmoil_cards.ON_BUILD})
USE_RULES: Mapping[str, UseRule] = MappingProxyType({**gold_cards.USE})
# Owned card id -> the discount it grants on a card's printed cost (read by building.cost_discount).
COST_DISCOUNTS: Mapping[str, DiscountRule] = MappingProxyType({**progress_cards.DISCOUNTS,
                                                                   **turmoil_cards.DISCOUNTS})
# Owned card id -> what it does when an event or an opponent's action card takes one of the owner's cards.
ON_LOSS: Mapping[str, LossHook] = MappingProxyType({**turmoil_cards.ON_LOSS})
