"""The Catan log's narrator: game events turned into translated log lines, private details only for their seat."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.catan.constants import DEV_CARDS, RESOURCES
from gui.table.log_view import BUILDS, DICE, LogEntry, Translate, format_cards


@dataclass
class EventNarrator:
    """Turns events into log entries; private details are shown only to the seat allowed to see them."""

    t: Translate
    name: Callable[[int], str]
    color: Callable[[int], tuple[int, int, int]]
    terrain_of: Callable[[int], tuple[str, int]]
    private_for: int | None = None
    _offer: Any = field(default=None, init=False)  # the offer on the table, until it ends

    def describe(self, event: Any) -> list[LogEntry]:
        """The log lines of one event."""
        kind = event.kind
        t = self.t
        handler = getattr(self, f"_{kind}", None)
        if handler is not None:
            return handler(event)
        params = {k: (self.name(v) if k in ("player", "thief", "victim", "offerer", "partner") and isinstance(v, int)
                      else v) for k, v in event.params().items()}
        return [LogEntry(t(f"event.{kind}", **params))]

    def _p(self, event: Any, text: str, topic: str = "") -> list[LogEntry]:
        return [LogEntry(text, self.color(event.player), topic=topic)]

    def _dice_rolled(self, e: Any) -> list[LogEntry]:
        d1, d2 = e.dice
        return self._p(e, self.t("event.dice_rolled", player=self.name(e.player), d1=d1, d2=d2, total=d1 + d2),
                       DICE)

    def _resources_produced(self, e: Any) -> list[LogEntry]:
        out = [LogEntry(self.t("event.resources_produced", player=self.name(p), cards=format_cards(g, self.t)),
                        self.color(p), topic=DICE) for p, g in enumerate(e.gains) if any(g)]
        return out or [LogEntry(self.t("event.nothing_produced"), None, True, DICE)]

    def _bank_short(self, e: Any) -> list[LogEntry]:
        return [LogEntry(self.t("event.bank_short", resource=self.t("resource." + RESOURCES[e.resource])))]

    def _discard_required(self, e: Any) -> list[LogEntry]:
        who = ", ".join(f"{self.name(p)} {n}" for p, n in enumerate(e.owed) if n)
        return [LogEntry(self.t("event.discard_required", players=who))]

    def _cards_discarded(self, e: Any) -> list[LogEntry]:
        return self._p(e, self.t("event.cards_discarded", player=self.name(e.player),
                                 cards=format_cards(e.cards, self.t), count=sum(e.cards)))

    def _robber_moved(self, e: Any) -> list[LogEntry]:
        terrain, number = self.terrain_of(e.hex)
        where = self.t(f"table.terrain_to.{terrain}") + (f" ({number})" if number else "")
        return self._p(e, self.t("event.robber_moved", player=self.name(e.player), where=where))

    def _card_stolen(self, e: Any) -> list[LogEntry]:
        text = self.t("event.card_stolen", thief=self.name(e.thief), victim=self.name(e.victim))
        if self.private_for is not None and self.private_for in (e.thief, e.victim):
            text += f" ({self.t('resource.' + RESOURCES[e.resource])})"
        return [LogEntry(text, self.color(e.thief))]

    def _piece_built(self, e: Any) -> list[LogEntry]:
        return self._p(e, self.t("event.piece_built", player=self.name(e.player),
                                 piece=self.t(f"table.piece_acc.{e.piece}")), BUILDS)

    def _resources_gained(self, e: Any) -> list[LogEntry]:
        return self._p(e, self.t("event.resources_gained", player=self.name(e.player),
                                 cards=format_cards(e.cards, self.t)))

    def _dev_card_bought(self, e: Any) -> list[LogEntry]:
        text = self.t("event.dev_card_bought", player=self.name(e.player))
        if self.private_for == e.player:
            text += f" ({self.t('dev.' + DEV_CARDS[e.card])})"
        return self._p(e, text, BUILDS)

    def _dev_card_played(self, e: Any) -> list[LogEntry]:
        return self._p(e, self.t("event.dev_card_played", player=self.name(e.player),
                                 card=self.t("dev." + DEV_CARDS[e.card])))

    def _monopoly_taken(self, e: Any) -> list[LogEntry]:
        return self._p(e, self.t("event.monopoly_taken", player=self.name(e.player), amount=e.amount,
                                 resource=self.t("resource." + RESOURCES[e.resource])))

    def _maritime_traded(self, e: Any) -> list[LogEntry]:
        return self._p(e, self.t("event.maritime_traded", player=self.name(e.player), rate=e.rate,
                                 give=self.t("resource." + RESOURCES[e.give]),
                                 get=self.t("resource." + RESOURCES[e.get])), BUILDS)

    # A domestic trade is one line, written when it ends: who offered what, and whether anybody took it (the
    # answers and counter-offers in between would drown the log; the trade dialogs show them as they come).

    def _trade_offered(self, e: Any) -> list[LogEntry]:
        if self._offer is None:
            self._offer = e  # a counter-offer keeps the first offer as the one the line is about
        return []

    def _trade_answered(self, e: Any) -> list[LogEntry]:
        return []

    def _trade_done(self, e: Any) -> list[LogEntry]:
        self._offer = None
        return [LogEntry(self.t("event.trade_done", offerer=self.name(e.offerer), partner=self.name(e.partner),
                                give=format_cards(e.give, self.t), get=format_cards(e.get, self.t)),
                         self.color(e.offerer), topic=BUILDS)]

    def _trade_closed(self, e: Any) -> list[LogEntry]:
        offer, self._offer = self._offer, None
        if offer is None:  # the offer was made before this log began (a save loaded mid-trade)
            return [LogEntry(self.t(f"event.trade_closed.{e.reason}", player=self.name(e.offerer)),
                             self.color(e.offerer), True, BUILDS)]
        return [LogEntry(self.t(f"event.trade_offer_ended.{e.reason}", player=self.name(e.offerer),
                                give=format_cards(offer.give, self.t), get=format_cards(offer.get, self.t)),
                         self.color(e.offerer), True, BUILDS)]

    def _special_card_moved(self, e: Any) -> list[LogEntry]:
        card = self.t(f"special.{e.card}")
        if e.holder is None:
            return [LogEntry(self.t("event.special_card_set_aside", card=card))]
        return [LogEntry(self.t("event.special_card_moved", player=self.name(e.holder), card=card,
                                length=e.length), self.color(e.holder))]

    def _trade_cards_changed(self, e: Any) -> list[LogEntry]:
        reason = e.reason if e.reason in ("settlement", "knight", "paid") else "other"
        return self._p(e, self.t(f"event.trade_cards.{reason}", player=self.name(e.player), count=abs(e.delta)))

    def _neutral_built(self, e: Any) -> list[LogEntry]:
        return self._p(e, self.t("event.neutral_built", player=self.name(e.player), neutral=self.name(e.neutral),
                                 piece=self.t(f"table.piece_acc.{e.piece}")), BUILDS)

    def _cards_taken(self, e: Any) -> list[LogEntry]:
        return self._p(e, self.t("event.cards_taken", player=self.name(e.player), victim=self.name(e.victim),
                                 cards=format_cards(e.cards, self.t), count=sum(e.cards)))

    def _cards_given_back(self, e: Any) -> list[LogEntry]:
        return self._p(e, self.t("event.cards_given_back", player=self.name(e.player), victim=self.name(e.victim),
                                 cards=format_cards(e.cards, self.t), count=sum(e.cards)))

    def _turn_ended(self, e: Any) -> list[LogEntry]:
        return [LogEntry(self.t("event.turn_ended", player=self.name(e.next_player)), self.color(e.next_player),
                         True)]

    def _starting_player_chosen(self, e: Any) -> list[LogEntry]:
        return self._p(e, self.t("event.starting_player_chosen", player=self.name(e.player)))

    def _game_won(self, e: Any) -> list[LogEntry]:
        return self._p(e, self.t("event.game_won", player=self.name(e.player),
                                 points=self.t("victory_points.count", count=e.points)))
