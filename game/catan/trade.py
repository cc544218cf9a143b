"""Trade in the Catan rules: maritime trade with the bank, and offers between players with their answers."""

from __future__ import annotations

from typing import Any

from game.catan import actions as A
from game.catan import events as E
from game.catan.action_table import _ONES, _action_table, _counter_trade
from game.catan.state import (
    ACCEPTED, COUNTERED, DECLINED, MAIN, PENDING, TRADE_CONFIRM, TRADE_RESPONSE, CatanState, TradeOffer,
)
from game.core.actions import Action, Event
from game.core.errors import IllegalAction


def _cards_ok(cards: tuple[int, ...]) -> bool:
    return len(cards) == 5 and all(isinstance(c, int) and c >= 0 for c in cards)


class TradeMixin:
    """Checking and making maritime and domestic trades, and the answers to an offer.

    Mixed into CatanGame (game.catan.rules), which supplies the state and the helpers shared by all concerns.
    """

    state: CatanState
    options: dict[str, Any]

    def domestic_trade_on(self) -> bool:
        """Whether players may trade with each other in this game (the house-rule option domestic_trade)."""
        return bool(self.options.get("domestic_trade", True))

    def _need_domestic_trade(self) -> None:
        if not self.domestic_trade_on():
            raise IllegalAction("trade between players is off in this game (house rule)")

    def _check_trading_allowed(self) -> None:
        self._need_phase(MAIN)
        if self.options["separate_phases"] and self.state.built_this_turn:
            raise IllegalAction("with separate phases, trading ends once building has begun")

    def _check_maritime(self, a: A.MaritimeTrade) -> None:
        self._check_trading_allowed()
        if not (isinstance(a.give, int) and isinstance(a.get, int) and 0 <= a.give < 5 and 0 <= a.get < 5):
            raise IllegalAction("name two resources")
        if a.give == a.get:
            raise IllegalAction("a maritime trade gives one resource for another")
        s = self.state
        if s.hands[a.player][a.give] < self.maritime_rate(a.player, a.give):
            raise IllegalAction("not enough cards for that rate")
        if s.bank[a.get] <= 0:
            raise IllegalAction("the bank has none of that resource")

    def _check_offer(self, a: A.OfferTrade) -> None:
        self._need_domestic_trade()
        self._check_trading_allowed()
        s = self.state
        self._check_terms(a.give, a.get)
        if any(g > h for g, h in zip(a.give, s.hands[a.player])):
            raise IllegalAction("cannot offer cards one does not hold")
        if len(set(a.to)) != len(a.to) or any(not isinstance(p, int) or not 0 <= p < s.num_players or p == a.player
                                              for p in a.to):
            raise IllegalAction("offer to other players only, each once")
        if not self.trade_targets(a.player, a.to):
            raise IllegalAction("nobody to trade with")

    def _check_terms(self, give: tuple[int, ...], get: tuple[int, ...]) -> None:
        if not _cards_ok(give) or not _cards_ok(get):
            raise IllegalAction("trade terms are five non-negative counts each way")
        if sum(give) == 0 or sum(get) == 0:
            raise IllegalAction("no gifts: both sides must give something")
        if any(g and r for g, r in zip(give, get)):
            raise IllegalAction("no like-for-like: a resource cannot be on both sides")

    def trade_targets(self, player: int, to: tuple[int, ...]) -> tuple[int, ...]:
        """The players an offer goes to (everyone else when `to` is empty); variants may narrow it."""
        return tuple(to) if to else tuple(p for p in range(self.state.num_players) if p != player)

    def _check_accept(self, a: A.AcceptTrade) -> None:
        self._need_phase(TRADE_RESPONSE)
        self._need_domestic_trade()
        trade = self.state.trade
        assert trade is not None
        if any(g > h for g, h in zip(trade.get, self.state.hands[a.player])):
            raise IllegalAction("cannot accept without the asked cards")

    def _check_decline(self, a: A.DeclineTrade) -> None:
        self._need_phase(TRADE_RESPONSE)

    def _check_counter(self, a: A.CounterTrade) -> None:
        self._need_phase(TRADE_RESPONSE)
        self._need_domestic_trade()
        self._check_terms(a.give, a.get)
        if any(g > h for g, h in zip(a.give, self.state.hands[a.player])):
            raise IllegalAction("cannot counter with cards one does not hold")

    def _check_confirm(self, a: A.ConfirmTrade) -> None:
        self._need_phase(TRADE_CONFIRM)
        self._need_domestic_trade()
        trade = self.state.trade
        assert trade is not None
        if a.partner not in trade.partners():
            raise IllegalAction(f"player {a.partner} did not accept or counter")
        give, get = trade.terms_with(a.partner)
        hands = self.state.hands
        if any(g > h for g, h in zip(give, hands[a.player])) or any(g > h for g, h in zip(get, hands[a.partner])):
            raise IllegalAction("one side no longer holds the cards")

    def _check_cancel(self, a: A.CancelTrade) -> None:
        self._need_phase(TRADE_CONFIRM)

    def _do_maritime(self, a: A.MaritimeTrade) -> list[Event]:
        s = self.state
        rate = self.maritime_rate(a.player, a.give)
        hand = s.hands[a.player]
        hand[a.give] -= rate
        s.bank[a.give] += rate
        hand[a.get] += 1
        s.bank[a.get] -= 1
        return [E.maritime_traded(a.player, a.give, rate, a.get)]

    def _do_offer(self, a: A.OfferTrade) -> list[Event]:
        s = self.state
        targets = self.trade_targets(a.player, a.to)
        n = s.num_players
        answers = tuple(PENDING if p in targets else DECLINED for p in range(n))
        s.trade = TradeOffer(a.player, a.give, a.get, targets, answers, (None,) * n)
        s.phase = TRADE_RESPONSE
        return [E.TradeOffered(a.player, a.give, a.get, targets)]

    def _answered(self, player: int, answer: int, events: list[Event],
                  counter: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> list[Event]:
        s = self.state
        assert s.trade is not None
        s.trade = s.trade.answered(player, answer, counter)
        if not s.trade.waiting_for():
            if s.trade.partners():
                s.phase = TRADE_CONFIRM
            else:
                events.append(E.TradeClosed(s.trade.offerer, "declined"))
                s.trade = None
                s.phase = MAIN
        return events

    def _do_accept(self, a: A.AcceptTrade) -> list[Event]:
        return self._answered(a.player, ACCEPTED, [E.trade_answered(a.player, "accept")])

    def _do_decline(self, a: A.DeclineTrade) -> list[Event]:
        return self._answered(a.player, DECLINED, [E.trade_answered(a.player, "decline")])

    def _do_counter(self, a: A.CounterTrade) -> list[Event]:
        events: list[Event] = [E.trade_answered(a.player, "counter"),
                               E.TradeOffered(a.player, a.give, a.get, (self.state.current,))]
        return self._answered(a.player, COUNTERED, events, (a.give, a.get))

    def _do_confirm(self, a: A.ConfirmTrade) -> list[Event]:
        s = self.state
        assert s.trade is not None
        give, get = s.trade.terms_with(a.partner)
        mine, theirs = s.hands[a.player], s.hands[a.partner]
        for r in range(5):
            mine[r] += get[r] - give[r]
            theirs[r] += give[r] - get[r]
        s.trade = None
        s.phase = MAIN
        return [E.TradeDone(a.player, a.partner, give, get)]

    def _do_cancel(self, a: A.CancelTrade) -> list[Event]:
        s = self.state
        s.trade = None
        s.phase = MAIN
        return [E.TradeClosed(a.player, "cancelled")]

    def _legal_answers(self, player: int) -> list[Action]:
        s = self.state
        trade = s.trade
        assert trade is not None
        hand = s.hands[player]
        table = _action_table(player)
        out: list[Action] = [table.decline]
        if not self.domestic_trade_on():
            return out  # only an offer read from a position can be open: it can be declined, not taken
        if all(g <= h for g, h in zip(trade.get, hand)):
            out.append(table.accept)
        # Counter-offers: ask for what was offered, give one card of another kind.
        for r in range(5):
            if hand[r] and not trade.give[r] and not trade.get[r]:
                out.append(_counter_trade(player, _ONES[r], trade.give))
        return out
