"""The rules of the quick card game: exchange, build, draw; roads and knights changing owner; victory."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from game.cards import actions as A
from game.cards import events as E
from game.cards.catalogue import (
    COSTS, DEVELOPMENT, KNIGHT, RESOURCES, ROAD, SETTLEMENT, Cards, building_cards, card, resource_totals, side,
)
from game.cards import choices
from game.cards.effects import CITY_EVENTS, DEVELOPMENT_OF_CARD, MARKET_SIZE, Development
from game.cards.payment import covers
from game.cards.state import BLACK, BUILD, DISCARD, GAME_OVER, NO_FATE, NOBODY, TRADE, WHITE, CardsState
from game.core.actions import Action, Event
from game.core.errors import IllegalAction
from game.core.game import Game

START_HAND = 3
DRAW_PER_TURN = 2


def _cards_ok(cards: Cards) -> bool:
    return len(cards) == 5 and all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in cards)


def _le(a: Cards, b: Cards | list[int]) -> bool:
    return all(x <= y for x, y in zip(a, b))


class CardsGame(Game):
    """A game of the quick card game for 2-6 players."""

    state: CardsState

    # ----------------------------------------------------------------- set-up

    def set_up(self) -> None:
        """Shuffle the decks, deal market, hands, starting settlement and road (facts §3); seat 0 begins."""
        n = self.num_players
        chance = self.chance
        cards = building_cards(n)
        s = self.state = CardsState()
        s.num_players = n
        s.current = 0
        s.phase = TRADE
        s.turn_number = 1
        s.winner = NOBODY
        pool = [r for r, count in enumerate(resource_totals(n)) for _ in range(count)]
        s.draw = chance.shuffled(pool)
        s.discard = []
        s.market = [s.draw.pop() for _ in range(MARKET_SIZE)]
        s.hands = [[0] * 5 for _ in range(n)]
        for p in range(n):
            for _ in range(START_HAND):
                s.hands[p][s.draw.pop()] += 1
        of_type = lambda t: [c.id for c in cards if c.type == t]  # noqa: E731
        s.road_supply = of_type(ROAD)[::-1]
        s.knight_supply = of_type(KNIGHT)[::-1]
        s.settlement_supply = chance.shuffled(of_type(SETTLEMENT))
        s.development_supply = of_type(DEVELOPMENT)
        s.settlements = [[s.settlement_supply.pop()] for _ in range(n)]
        s.roads = [[s.road_supply.pop()] for _ in range(n)]
        s.knights = [[] for _ in range(n)]
        s.cities = [[] for _ in range(n)]
        s.developed = [{} for _ in range(n)]
        s.fate = NO_FATE if n == 2 else WHITE
        self._reset_turn()
        s.owed = [0] * n
        self.initial_events.append(E.GameStarted(0, s.fate))

    def _reset_turn(self) -> None:
        s = self.state
        s.trades_used = 0
        s.library_used = False
        s.guild_used = False
        s.university_used = False
        s.built = []
        s.give_back_to = NOBODY
        s.give_back_count = 0
        s.looking_at = NOBODY

    # ----------------------------------------------------------------- queries

    def active_players(self) -> tuple[int, ...]:
        """The turn player, or everyone who still owes a discard after a robber raid."""
        s = self.state
        if s.phase == GAME_OVER:
            return ()
        if s.phase == DISCARD:
            return tuple(p for p in range(s.num_players) if s.owed[p])
        return (s.current,)

    def is_over(self) -> bool:
        """Whether someone has won."""
        return self.state.phase == GAME_OVER

    def winner(self) -> int | None:
        """The winner, if any."""
        return None if self.state.winner == NOBODY else self.state.winner

    def public_attributes(self) -> tuple[tuple[str, object], ...]:
        """Attributes besides the state that a game rebuilt from a seat's view needs (none: all is in the state)."""
        return ()

    def target_vp(self) -> int:
        """Points needed to win."""
        return int(self.options.get("vp_target", 10))

    def developments_of(self, player: int) -> list[Development]:
        """The developments a player has built."""
        return [DEVELOPMENT_OF_CARD[d] for d in self.state.developed[player].values()]

    def owns(self, player: int, kind: str) -> bool:
        """Whether the player has a development of this kind."""
        for d in self.state.developed[player].values():
            if DEVELOPMENT_OF_CARD[d].kind == kind:
                return True
        return False

    def vp(self, player: int) -> int:
        """Victory points of the player's face-up cards (facts §10)."""
        s = self.state
        developed = s.developed[player]
        points = len(s.settlements[player]) + len(s.roads[player]) // 2 + len(s.knights[player]) // 2
        for c in s.cities[player]:
            points += DEVELOPMENT_OF_CARD[developed[c]].vp if c in developed else 2
        return points

    def a_side(self, pile: list[str]) -> int:
        """How many cards of a road or knight pile lie side A up."""
        return (len(pile) + 1) // 2

    def trade_limit(self, player: int) -> int:
        """Exchanges allowed this turn: one per A-side road, or a single draw-pile exchange without one."""
        return max(1, self.a_side(self.state.roads[player]))

    def trades_left(self) -> int:
        """Exchanges the turn player still has this turn."""
        return self.trade_limit(self.state.current) - self.state.trades_used

    def protected(self, player: int, build: str) -> int:
        """How many of the player's first roads or knights cannot be taken (citadel, church)."""
        most = 0
        for d in self.state.developed[player].values():
            dev = DEVELOPMENT_OF_CARD[d]
            most = max(most, dev.protected_roads if build == ROAD else dev.protected_knights)
        return most

    def pile(self, player: int, build: str) -> list[str]:
        """The player's road or knight pile."""
        return self.state.roads[player] if build == ROAD else self.state.knights[player]

    def victim(self, player: int, build: str) -> int | None:
        """Who loses the top road/knight when the supply is empty: the nearest opponent in the fate
        arrow's direction who has an unprotected one (ruling Q15: white -> clockwise); None if nobody."""
        s = self.state
        step = -1 if s.fate == BLACK else 1
        piles = s.roads if build == ROAD else s.knights
        for k in range(1, s.num_players):
            q = (player + step * k) % s.num_players
            if piles[q] and len(piles[q]) > self.protected(q, build):
                return q
        return None

    def can_take_road_or_knight(self, player: int, build: str) -> bool:
        """Whether a road/knight is available, from the supply or an opponent."""
        supply = self.state.road_supply if build == ROAD else self.state.knight_supply
        return bool(supply) or self.victim(player, build) is not None

    def free_unit_available(self, player: int) -> bool:
        """Whether the university's unpaid resource is still unused this turn."""
        return not self.state.university_used and self.owns(player, "university")

    def cost_of(self, build: str, development: str | None = None) -> Cards:
        """The printed cost of a build (the town hall costs more)."""
        if build == DEVELOPMENT and development is not None:
            return DEVELOPMENT_OF_CARD[development].cost
        return COSTS[build]

    def uncovered_cities(self, player: int) -> list[str]:
        """The player's cities without a development."""
        s = self.state
        return [c for c in s.cities[player] if c not in s.developed[player]]

    def development_choices(self, player: int) -> list[str]:
        """Development cards in the stack of a kind the player does not own yet (one id per kind)."""
        owned = {DEVELOPMENT_OF_CARD[d].kind for d in self.state.developed[player].values()}
        out: dict[str, str] = {}
        for d in self.state.development_supply:
            kind = DEVELOPMENT_OF_CARD[d].kind
            if kind not in owned and kind not in out:
                out[kind] = d
        return list(out.values())

    # ----------------------------------------------------------------- legality

    def check(self, action: Action) -> None:
        """Raise IllegalAction with a reason unless the action is legal now."""
        checker = _CHECKS.get(type(action))
        if checker is None:
            raise IllegalAction(f"unknown action {action!r}")
        s = self.state
        if s.phase == GAME_OVER:
            raise IllegalAction("the game is over")
        if s.phase == DISCARD and not isinstance(action, A.Discard):
            raise IllegalAction("the robber raid's discards come first")
        if s.looking_at != NOBODY and not isinstance(action, A.TakeOpenly):
            raise IllegalAction("first take the card chosen from the hand being looked at")
        if s.give_back_to != NOBODY and not isinstance(action, (A.GiveBack, A.TakeFromPlayer)):
            raise IllegalAction("cards taken from an opponent must be given back first")
        checker(self, action)

    def _need_phase(self, *phases: str) -> None:
        if self.state.phase not in phases:
            raise IllegalAction(f"not allowed in the {self.state.phase} phase")

    def _need_cards(self, cards: Cards, name: str = "cards") -> int:
        if not _cards_ok(cards):
            raise IllegalAction(f"{name} must be five non-negative counts")
        return sum(cards)

    def _need_opponent(self, player: int, opponent: int) -> None:
        if not (0 <= opponent < self.num_players) or opponent == player:
            raise IllegalAction(f"{opponent} is not an opponent")

    def _check_pile(self, a: A.ExchangeWithPile) -> None:
        self._need_phase(TRADE)
        total = self._need_cards(a.cards)
        if not 1 <= total <= self.trades_left():
            raise IllegalAction(f"between 1 and {self.trades_left()} cards may be exchanged now")
        if not _le(a.cards, self.state.hands[a.player]):
            raise IllegalAction("you do not hold those cards")

    def _need_roads(self, player: int) -> None:
        if self.a_side(self.state.roads[player]) == 0:
            raise IllegalAction("without an A-side road only the draw pile can be used")

    def _check_market(self, a: A.ExchangeWithMarket) -> None:
        self._need_phase(TRADE)
        self._need_roads(a.player)
        total = self._need_cards(a.take, "take")
        if self._need_cards(a.give, "give") != total or not 1 <= total <= self.trades_left():
            raise IllegalAction(f"take and give back the same number of cards, 1 to {self.trades_left()}")
        market = [self.state.market.count(r) for r in range(5)]
        if not _le(a.take, market):
            raise IllegalAction("the market does not show those cards")
        if not _le(a.give, [h + t for h, t in zip(self.state.hands[a.player], a.take)]):
            raise IllegalAction("you cannot put back cards you do not hold")

    def _check_take(self, a: A.TakeFromPlayer) -> None:
        self._need_phase(TRADE)
        self._need_roads(a.player)
        self._need_opponent(a.player, a.opponent)
        if self.state.give_back_to not in (NOBODY, a.opponent):
            raise IllegalAction("give back to the opponent you took from before trading with another")
        if not 1 <= a.count <= self.trades_left():
            raise IllegalAction(f"between 1 and {self.trades_left()} cards may be taken now")
        if a.count > sum(self.state.hands[a.opponent]):
            raise IllegalAction("the opponent does not hold that many cards")

    def _check_look(self, a: A.LookAtHand) -> None:
        self._need_phase(TRADE)
        self._need_roads(a.player)
        self._need_opponent(a.player, a.opponent)
        if not self.owns(a.player, "library") or self.state.library_used:
            raise IllegalAction("only a library owner may look into a hand, once per exchange phase")
        if self.state.give_back_to != NOBODY:
            raise IllegalAction("the open card comes first in a trade with a player")
        if self.trades_left() < 1:
            raise IllegalAction("no exchanges left")
        if not sum(self.state.hands[a.opponent]):
            raise IllegalAction("that player holds no cards")

    def _check_take_openly(self, a: A.TakeOpenly) -> None:
        self._need_phase(TRADE)
        if self.state.looking_at == NOBODY or a.opponent != self.state.looking_at:
            raise IllegalAction("a card is taken openly only from the hand being looked at (Library)")
        if not 0 <= a.resource < 5 or self.state.hands[a.opponent][a.resource] == 0:
            raise IllegalAction("the opponent holds no such card")

    def _check_give_back(self, a: A.GiveBack) -> None:
        s = self.state
        if s.give_back_to == NOBODY:
            raise IllegalAction("nothing is owed back")
        if self._need_cards(a.cards) != s.give_back_count:
            raise IllegalAction(f"give back exactly {s.give_back_count} cards")
        if not _le(a.cards, s.hands[a.player]):
            raise IllegalAction("you do not hold those cards")

    def _check_guild(self, a: A.GuildTake) -> None:
        self._need_phase(TRADE, BUILD)
        self._need_opponent(a.player, a.opponent)
        if not self.owns(a.player, "merchant_guild") or self.state.guild_used:
            raise IllegalAction("only a merchant guild owner may take a card, once per turn")
        if self.vp(a.opponent) < self.vp(a.player):
            raise IllegalAction("the guild takes only from a player with at least as many VP")
        if not sum(self.state.hands[a.opponent]):
            raise IllegalAction("that player holds no cards")

    def _check_end_trade(self, a: A.EndTrade) -> None:
        self._need_phase(TRADE)

    def _check_end_turn(self, a: A.EndTurn) -> None:
        self._need_phase(TRADE, BUILD)

    def _check_payment(self, player: int, build: str, payment: Cards, cost: Cards) -> None:
        self._need_phase(TRADE, BUILD)
        if build in self.state.built:
            raise IllegalAction(f"only one {build} may be built per turn")
        self._need_cards(payment, "payment")
        if not _le(payment, self.state.hands[player]):
            raise IllegalAction("you do not hold the payment")
        if covers(payment, cost):
            return
        if self.free_unit_available(player) and covers(payment, cost, 1):
            return
        raise IllegalAction("the payment does not match the cost (three equal cards may stand for one)")

    def _check_settlement(self, a: A.BuildSettlement) -> None:
        self._check_payment(a.player, "settlement", a.payment, COSTS["settlement"])
        if not self.state.settlement_supply:
            raise IllegalAction("no settlements are left")
        if a.flip_fate and self.state.fate == NO_FATE:
            raise IllegalAction("the fate card is not used with two players")

    def _check_city(self, a: A.BuildCity) -> None:
        self._check_payment(a.player, "city", a.payment, COSTS["city"])
        if not 0 <= a.settlement < len(self.state.settlements[a.player]):
            raise IllegalAction("you have no settlement there to turn into a city")

    def _check_development(self, a: A.BuildDevelopment) -> None:
        if a.development not in self.state.development_supply:
            raise IllegalAction("that development is not in the stack")
        self._check_payment(a.player, "development", a.payment, self.cost_of(DEVELOPMENT, a.development))
        if a.city not in self.uncovered_cities(a.player):
            raise IllegalAction("a development needs an own city without one")
        if self.owns(a.player, card(a.development).development or ""):
            raise IllegalAction("each development kind only once per player")

    def _check_road(self, a: A.BuildRoad) -> None:
        self._check_payment(a.player, "road", a.payment, COSTS["road"])
        if not self.can_take_road_or_knight(a.player, ROAD):
            raise IllegalAction("no road is left and none can be taken")

    def _check_knight(self, a: A.BuildKnight) -> None:
        self._check_payment(a.player, "knight", a.payment, COSTS["knight"])
        if not self.can_take_road_or_knight(a.player, KNIGHT):
            raise IllegalAction("no knight is left and none can be taken")

    def _check_discard(self, a: A.Discard) -> None:
        self._need_phase(DISCARD)
        owed = self.state.owed[a.player]
        if self._need_cards(a.cards) != owed:
            raise IllegalAction(f"discard exactly {owed} cards")
        if not _le(a.cards, self.state.hands[a.player]):
            raise IllegalAction("you do not hold those cards")

    # ----------------------------------------------------------------- effects

    def _apply(self, action: Action) -> list[Event]:
        return _EFFECTS[type(action)](self, action)

    def draw_card(self, out: list[Event]) -> int | None:
        """Draw the top resource card, reshuffling the discard pile first when the draw pile is empty."""
        s = self.state
        if not s.draw:
            if not s.discard:
                return None  # ruling Q14
            s.draw = self.chance.shuffled(s.discard)
            s.discard = []
            out.append(E.DrawPileReshuffled(len(s.draw)))
        return s.draw.pop()

    def flip_fate(self) -> list[Event]:
        """Turn the fate card over (nothing with two players)."""
        s = self.state
        if s.fate == NO_FATE:
            return []
        s.fate = BLACK if s.fate == WHITE else WHITE
        return [E.FateFlipped(s.fate)]

    def _take_blind(self, frm: int, to: int) -> int:
        """Move one card chosen by chance from a hidden hand to another hand."""
        hand = self.state.hands[frm]
        k = self.chance.index(sum(hand))
        for r in range(5):
            if k < hand[r]:
                hand[r] -= 1
                self.state.hands[to][r] += 1
                return r
            k -= hand[r]
        raise AssertionError("index beyond the hand")

    def _discard_cards(self, player: int, cards: Cards) -> None:
        s = self.state
        hand = s.hands[player]
        for r in range(5):
            if cards[r]:
                hand[r] -= cards[r]
                s.discard.extend([r] * cards[r])

    def _do_pile(self, a: A.ExchangeWithPile) -> list[Event]:
        s = self.state
        self._discard_cards(a.player, a.cards)
        out: list[Event] = [E.PileExchanged(a.player, a.cards)]
        for _ in range(sum(a.cards)):
            r = self.draw_card(out)
            if r is not None:
                s.hands[a.player][r] += 1
        s.trades_used += sum(a.cards)
        return out

    def _do_market(self, a: A.ExchangeWithMarket) -> list[Event]:
        s = self.state
        hand = s.hands[a.player]
        for r, count in enumerate(a.take):
            if count:
                for _ in range(count):
                    s.market.remove(r)
                hand[r] += count
        for r, count in enumerate(a.give):
            if count:
                hand[r] -= count
                s.market.extend([r] * count)
        s.trades_used += sum(a.take)
        return [E.MarketExchanged(a.player, a.take, a.give)]

    def _do_take(self, a: A.TakeFromPlayer) -> list[Event]:
        s = self.state
        for _ in range(a.count):
            self._take_blind(a.opponent, a.player)
        s.trades_used += a.count
        s.give_back_to, s.give_back_count = a.opponent, s.give_back_count + a.count
        return [E.CardsTaken(a.player, a.opponent, a.count)]

    def _do_look(self, a: A.LookAtHand) -> list[Event]:
        s = self.state
        s.looking_at = a.opponent
        s.library_used = True
        return [E.HandLookedAt(a.player, a.opponent)]

    def _do_take_openly(self, a: A.TakeOpenly) -> list[Event]:
        s = self.state
        s.hands[a.opponent][a.resource] -= 1
        s.hands[a.player][a.resource] += 1
        s.trades_used += 1
        s.looking_at = NOBODY
        s.give_back_to, s.give_back_count = a.opponent, s.give_back_count + 1
        return [E.CardTakenOpenly(a.player, a.opponent, a.resource)]

    def _do_give_back(self, a: A.GiveBack) -> list[Event]:
        s = self.state
        to = s.give_back_to
        for r, count in enumerate(a.cards):
            if count:
                s.hands[a.player][r] -= count
                s.hands[to][r] += count
        s.give_back_to, s.give_back_count = NOBODY, 0
        return [E.CardsGivenBack(a.player, to, sum(a.cards))]

    def _do_guild(self, a: A.GuildTake) -> list[Event]:
        self._take_blind(a.opponent, a.player)
        self.state.guild_used = True
        return [E.GuildCardTaken(a.player, a.opponent)]

    def _do_end_trade(self, a: A.EndTrade) -> list[Event]:
        self.state.phase = BUILD
        return [E.PhaseStarted(a.player, BUILD)]

    def _pay(self, player: int, build: str, payment: Cards, cost: Cards) -> list[Event]:
        s = self.state
        free = not covers(payment, cost)
        if free:
            s.university_used = True
        self._discard_cards(player, payment)
        s.built.append(build)
        if s.phase == TRADE:
            s.phase = BUILD
        return [E.ResourcesPaid(player, build, payment, free)]

    def _check_win(self, player: int, out: list[Event]) -> None:
        """Ruling (facts §10): the active player wins at once on reaching the target by a build."""
        points = self.vp(player)
        if points >= self.target_vp():
            s = self.state
            s.phase = GAME_OVER
            s.winner = player
            s.owed = [0] * s.num_players
            out.append(E.GameWon(player, points))

    def _do_settlement(self, a: A.BuildSettlement) -> list[Event]:
        s = self.state
        out = self._pay(a.player, "settlement", a.payment, COSTS["settlement"])
        s.settlements[a.player].append(s.settlement_supply.pop())
        out.append(E.SettlementBuilt(a.player))
        if a.flip_fate:
            out += self.flip_fate()
        self._check_win(a.player, out)
        return out

    def _do_city(self, a: A.BuildCity) -> list[Event]:
        s = self.state
        out = self._pay(a.player, "city", a.payment, COSTS["city"])
        city = s.settlements[a.player].pop(a.settlement)
        s.cities[a.player].append(city)
        event = card(city).event or ""
        out.append(E.CityBuilt(a.player, city, event))
        out += CITY_EVENTS[event](self, a.player)
        self._check_win(a.player, out)
        return out

    def _do_development(self, a: A.BuildDevelopment) -> list[Event]:
        s = self.state
        out = self._pay(a.player, "development", a.payment, self.cost_of(DEVELOPMENT, a.development))
        s.development_supply.remove(a.development)
        s.developed[a.player][a.city] = a.development
        out.append(E.DevelopmentBuilt(a.player, a.development, a.city))
        self._check_win(a.player, out)
        return out

    def _do_pile_card(self, player: int, build: str, payment: Cards) -> list[Event]:
        s = self.state
        out = self._pay(player, build, payment, COSTS[build])
        supply = s.road_supply if build == ROAD else s.knight_supply
        source = NOBODY
        if supply:
            taken = supply.pop()
        else:
            source = self.victim(player, build)
            assert source is not None
            taken = self.pile(source, build).pop()
        pile = self.pile(player, build)
        pile.append(taken)  # ruling Q18: laid by the taker's own A/B alternation
        out.append(E.RoadOrKnightBuilt(player, build, taken, side(len(pile) - 1), source))
        self._check_win(player, out)
        return out

    def _do_road(self, a: A.BuildRoad) -> list[Event]:
        return self._do_pile_card(a.player, ROAD, a.payment)

    def _do_knight(self, a: A.BuildKnight) -> list[Event]:
        return self._do_pile_card(a.player, KNIGHT, a.payment)

    def _do_end_turn(self, a: A.EndTurn) -> list[Event]:
        s = self.state
        p = a.player
        out: list[Event] = []
        self._check_win(p, out)  # the target held on one's own turn wins, however it was reached: never pass
        if s.phase == GAME_OVER:
            return out
        count = 0
        for _ in range(DRAW_PER_TURN + self.a_side(s.knights[p])):
            r = self.draw_card(out)
            if r is None:
                break
            s.hands[p][r] += 1
            count += 1
        out.append(E.CardsDrawn(p, count))
        s.current = (p + 1) % s.num_players
        s.turn_number += 1
        s.phase = TRADE
        self._reset_turn()
        out.append(E.TurnStarted(s.current, s.turn_number))
        self._check_win(s.current, out)
        return out

    def _do_discard(self, a: A.Discard) -> list[Event]:
        s = self.state
        self._discard_cards(a.player, a.cards)
        s.owed[a.player] = 0
        if not any(s.owed):
            s.phase = BUILD
        return [E.CardsDiscarded(a.player, a.cards)]

    def legal_actions(self, player: int) -> list[Action]:
        """The player's legal actions; open-ended choices appear in a representative form."""
        return choices.legal_actions(self, player)

    # ----------------------------------------------------------------- the rest of the API

    def view(self, player: int) -> Any:
        """What the player may know: the own hand, others' hand sizes, the public table."""
        from game.cards.view import CardsView

        return CardsView.of(self, player)

    def summary_lines(self) -> list[str]:
        """A plain summary per player (for `python -m game replay`)."""
        s = self.state
        lines = [f"turn {s.turn_number}, phase {s.phase}, fate {s.fate}, draw pile {len(s.draw)}, "
                 f"market {','.join(RESOURCES[r] for r in sorted(s.market))}"]
        for p, seat in enumerate(self.seats):
            devs = ",".join(sorted(card(d).development or "" for d in s.developed[p].values()))
            lines.append(f"seat {p} {seat.name}: {self.vp(p)} VP, {len(s.settlements[p])} settlements, "
                         f"{len(s.cities[p])} cities [{devs}], {len(s.roads[p])} roads, {len(s.knights[p])} knights, "
                         f"{sum(s.hands[p])} cards")
        return lines


_CHECKS: Mapping[type, Callable[[CardsGame, Any], None]] = MappingProxyType({
    A.ExchangeWithPile: CardsGame._check_pile, A.ExchangeWithMarket: CardsGame._check_market,
    A.TakeFromPlayer: CardsGame._check_take, A.LookAtHand: CardsGame._check_look,
    A.TakeOpenly: CardsGame._check_take_openly,
    A.GiveBack: CardsGame._check_give_back, A.GuildTake: CardsGame._check_guild,
    A.EndTrade: CardsGame._check_end_trade, A.BuildSettlement: CardsGame._check_settlement,
    A.BuildCity: CardsGame._check_city, A.BuildDevelopment: CardsGame._check_development,
    A.BuildRoad: CardsGame._check_road, A.BuildKnight: CardsGame._check_knight,
    A.EndTurn: CardsGame._check_end_turn, A.Discard: CardsGame._check_discard,
})
_EFFECTS: Mapping[type, Callable[[CardsGame, Any], list[Event]]] = MappingProxyType({
    A.ExchangeWithPile: CardsGame._do_pile, A.ExchangeWithMarket: CardsGame._do_market,
    A.TakeFromPlayer: CardsGame._do_take, A.LookAtHand: CardsGame._do_look,
    A.TakeOpenly: CardsGame._do_take_openly,
    A.GiveBack: CardsGame._do_give_back, A.GuildTake: CardsGame._do_guild,
    A.EndTrade: CardsGame._do_end_trade, A.BuildSettlement: CardsGame._do_settlement,
    A.BuildCity: CardsGame._do_city, A.BuildDevelopment: CardsGame._do_development,
    A.BuildRoad: CardsGame._do_road, A.BuildKnight: CardsGame._do_knight,
    A.EndTurn: CardsGame._do_end_turn, A.Discard: CardsGame._do_discard,
})
