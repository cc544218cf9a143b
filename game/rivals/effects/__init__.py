"""Card effects registered by card id: action cards, events, pending-decision kinds and on-build hooks."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from game.rivals.decisions import GENERIC_DECISIONS
from game.rivals.effects import basic_actions, basic_events
from game.rivals.effects.base import ActionCardRule, BuildHook, DecisionRule, EventRule

ACTION_RULES: Mapping[str, ActionCardRule] = MappingProxyType({**basic_actions.RULES})
EVENT_RULES: Mapping[str, EventRule] = MappingProxyType({**basic_events.RULES})
DECISION_RULES: Mapping[str, DecisionRule] = MappingProxyType({**GENERIC_DECISIONS, **basic_events.DECISIONS})
ON_BUILD: Mapping[str, BuildHook] = MappingProxyType({})
