"""Card effects registered by card id: action cards, events, pending-decision kinds, on-build hooks, card uses."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from game.rivals.decisions import GENERIC_DECISIONS
from game.rivals.effects import basic_actions, basic_events, gold_actions, gold_cards
from game.rivals.effects.base import ActionCardRule, BuildHook, DecisionRule, EventRule, UseRule

ACTION_RULES: Mapping[str, ActionCardRule] = MappingProxyType({**basic_actions.RULES, **gold_actions.RULES})
EVENT_RULES: Mapping[str, EventRule] = MappingProxyType({**basic_events.RULES, **gold_cards.EVENTS})
DECISION_RULES: Mapping[str, DecisionRule] = MappingProxyType({**GENERIC_DECISIONS, **basic_events.DECISIONS,
                                                               **gold_actions.DECISIONS, **gold_cards.DECISIONS})
ON_BUILD: Mapping[str, BuildHook] = MappingProxyType({**gold_cards.ON_BUILD})
USE_RULES: Mapping[str, UseRule] = MappingProxyType({**gold_cards.USE})
