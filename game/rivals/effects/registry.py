"""Every card rule of the effects package gathered into one CardRules, which the Rivals variants give their games."""

from __future__ import annotations

from types import MappingProxyType

from game.rivals.card_rules import CardRules
from game.rivals.effects import (basic_actions, basic_events, gold_actions, gold_cards, progress_actions,
                                 progress_cards, turmoil_actions, turmoil_cards, turmoil_events, use_now)
from game.rivals.effects.conditions import reads_own_principality_only, requirement_refusal
from game.rivals.effects.generic_decisions import GENERIC_DECISIONS

CARD_RULES = CardRules(
    actions=MappingProxyType({**basic_actions.RULES, **gold_actions.RULES, **progress_actions.RULES,
                              **turmoil_actions.RULES}),
    events=MappingProxyType({**basic_events.RULES, **gold_cards.EVENTS, **progress_cards.EVENTS,
                             **turmoil_events.EVENTS}),  # Sebastian guards Feud
    decisions=MappingProxyType({**GENERIC_DECISIONS, **basic_events.DECISIONS, **gold_actions.DECISIONS,
                                **gold_cards.DECISIONS, **use_now.DECISIONS, **progress_actions.DECISIONS,
                                **progress_cards.DECISIONS, **turmoil_actions.DECISIONS, **turmoil_cards.DECISIONS,
                                **turmoil_events.DECISIONS}),
    on_build=MappingProxyType({**gold_cards.ON_BUILD, **progress_cards.ON_BUILD, **turmoil_cards.ON_BUILD}),
    uses=MappingProxyType({**gold_cards.USE}),
    discounts=MappingProxyType({**progress_cards.DISCOUNTS, **turmoil_cards.DISCOUNTS}),
    on_loss=MappingProxyType({**turmoil_cards.ON_LOSS}),
    requirement_refusal=requirement_refusal,
    reads_own_principality_only=reads_own_principality_only,
)
