"""The quick card game's events as translated log lines (hidden cards are never named)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.cards.catalogue import RESOURCES, card
from gui.table.log_view import BUILDS, DRAWS, LogEntry, format_cards

Translate = Callable[..., str]
PLAYER_KEYS = ("player", "opponent")
# What the log's filters keep: builds with their payments and every exchange or taking of cards; the draws and
# the fate card's events.
BUILD_KINDS = frozenset({"cards_settlement_built", "cards_city_built", "cards_development_built",
                         "cards_pile_card_built", "cards_pile_card_taken", "cards_paid", "cards_pile_exchanged",
                         "cards_market_exchanged", "cards_taken", "cards_taken_openly", "cards_given_back",
                         "cards_guild_taken", "cards_hand_looked_at"})
DRAW_KINDS = frozenset({"cards_drawn", "cards_draw_pile_reshuffled", "cards_fate_flipped", "cards_robber_raid",
                        "cards_discarded", "cards_market_renewed"})


def cards_text(cards: Sequence[int], t: Translate) -> str:
    """Counts of resources as '2× brick, 1× ore' (quick card game order)."""
    return format_cards(cards, t, RESOURCES)


@dataclass
class CardsNarrator:
    """Turns quick card game events into log entries."""

    t: Translate
    name: Callable[[int], str]
    color: Callable[[int], tuple[int, int, int]]

    def describe(self, event: Any) -> list[LogEntry]:
        """The log lines of one event."""
        t = self.t
        kind = event.kind
        params = dict(event.params())
        for key in ("cards", "took", "gave"):
            if key in params:
                params[key] = cards_text(params[key], t)
        if "count" in params:
            params["count"] = t("cards.log.count", count=params["count"])
        if kind == "cards_game_started":
            params["player"] = params.pop("first_player")
        if kind == "cards_taken_openly":
            params["resource"] = t("resource." + RESOURCES[event.resource])
        if kind == "cards_city_built":
            params["event"] = t(f"cards.event.{event.event}")
        if kind == "cards_development_built":
            params["development"] = t(f"cards.card.{card(event.card).development}")
        if kind == "cards_pile_card_built":
            params["build"] = t(f"cards.card.{event.build}")
            if event.from_player >= 0:
                kind = "cards_pile_card_taken"
                params["opponent"] = event.from_player
        if kind == "cards_fate_flipped":
            params["side"] = t(f"cards.log.fate.{event.side}")
        if kind == "cards_game_won":
            params["points"] = t("cards.log.points", count=event.vp)  # the card game's own term (vítězný bod)
        if kind == "cards_phase_started" and event.phase != "build":
            return []
        if kind == "cards_paid" and not any(event.cards):
            return []
        who = params.get("player")
        for key in PLAYER_KEYS:
            if isinstance(params.get(key), int):
                params[key] = self.name(params[key])
        color = self.color(who) if isinstance(who, int) else None
        dim = kind in ("cards_paid", "cards_drawn", "cards_draw_pile_reshuffled")
        topic = BUILDS if kind in BUILD_KINDS else DRAWS if kind in DRAW_KINDS else ""
        return [LogEntry(t(f"cards.log.{kind}", **params), color, dim, topic)]
