"""Legal actions of the quick card game, with open-ended choices listed in a representative form."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from game.cards import actions as A
from game.cards.catalogue import COSTS, DEVELOPMENT, KNIGHT, ROAD, Cards
from game.cards.payment import build_payments
from game.cards.state import DISCARD, NO_FATE, NOBODY, TRADE
from game.core.actions import Action

if TYPE_CHECKING:
    from game.cards.rules import CardsGame

ONES: tuple[Cards, ...] = tuple(tuple(1 if i == r else 0 for i in range(5)) for r in range(5))


def legal_actions(game: CardsGame, player: int) -> list[Action]:
    """The player's legal actions; open-ended choices appear in a representative form."""
    s = game.state
    if player not in game.active_players():
        return []
    if s.phase == DISCARD:
        return [A.Discard(player, c) for c in _discard_options(s.hands[player], s.owed[player])]
    if s.looking_at != NOBODY:  # Library: only the one hand the player now sees is open to the choice
        q = s.looking_at
        return [A.TakeOpenly(player, q, r) for r in range(5) if s.hands[q][r]]
    if s.give_back_to != NOBODY:
        # "Take up to N cards, then give back as many": more blind takes from the same opponent, or the give-back.
        q = s.give_back_to
        more = [A.TakeFromPlayer(player, q, k) for k in range(1, min(game.trades_left(), sum(s.hands[q])) + 1)]
        return [*more, *(A.GiveBack(player, c) for c in _combinations(s.hands[player], s.give_back_count))]
    out: list[Action] = []
    if s.phase == TRADE:
        out += _trade_actions(game, player)
    out += _build_actions(game, player)
    if game.owns(player, "merchant_guild") and not s.guild_used:
        me = game.vp(player)
        out += [A.GuildTake(player, q) for q in range(s.num_players)
                if q != player and game.vp(q) >= me and sum(s.hands[q])]
    if s.phase == TRADE:
        out.append(A.EndTrade(player))
    out.append(A.EndTurn(player))
    return out

def _trade_actions(game: CardsGame, player: int) -> list[Action]:
    s = game.state
    left = game.trades_left()
    if left <= 0:
        return []
    hand = s.hands[player]
    out: list[Action] = [A.ExchangeWithPile(player, ONES[r]) for r in range(5) if hand[r]]
    if not game.a_side(s.roads[player]):
        return out
    for m in sorted(set(s.market)):
        out += [A.ExchangeWithMarket(player, ONES[m], ONES[g]) for g in range(5) if g != m and hand[g]]
    library = game.owns(player, "library") and not s.library_used
    for q in range(s.num_players):
        if q == player:
            continue
        held = sum(s.hands[q])
        out += [A.TakeFromPlayer(player, q, k) for k in range(1, min(left, held) + 1)]
        if library and held:
            out.append(A.LookAtHand(player, q))  # the hand itself is shown only after this choice
    return out

def _payments(hand: Cards, cost: Cards, free_unit: bool) -> tuple[Cards, ...]:
    """The plain payment of the cost, and one using the university's free unit when it is available and differs."""
    return build_payments(hand, cost, free_unit)

def _build_actions(game: CardsGame, player: int) -> list[Action]:
    s = game.state
    built = s.built
    out: list[Action] = []
    free_unit = game.free_unit_available(player)
    hand = tuple(s.hands[player])
    if "settlement" not in built and s.settlement_supply:
        flips = (False,) if s.fate == NO_FATE else (False, True)
        out += [A.BuildSettlement(player, pay, f) for pay in _payments(hand, COSTS["settlement"], free_unit)
                for f in flips]
    if "city" not in built and s.settlements[player]:
        out += [A.BuildCity(player, i, pay) for pay in _payments(hand, COSTS["city"], free_unit)
                for i in range(len(s.settlements[player]))]
    if "development" not in built:
        free = game.uncovered_cities(player)
        if free:
            for d in game.development_choices(player):
                out += [A.BuildDevelopment(player, free[0], d, pay)
                        for pay in _payments(hand, game.cost_of(DEVELOPMENT, d), free_unit)]
    for build, cls in ((ROAD, A.BuildRoad), (KNIGHT, A.BuildKnight)):
        if build not in built and game.can_take_road_or_knight(player, build):
            out += [cls(player, pay) for pay in _payments(hand, COSTS[build], free_unit)]
    return out


def _combinations(hand: list[int], count: int) -> list[Cards]:
    """Every multiset of `count` cards the hand can give (count is at most five)."""
    out = []
    for combo in combinations_with_replacement(range(5), count):
        cards = tuple(combo.count(r) for r in range(5))
        if all(c <= h for c, h in zip(cards, hand)):
            out.append(cards)
    return out


def _discard_options(hand: list[int], owed: int) -> list[Cards]:
    """Representative discards: for each type held, that type first, then the most plentiful types."""
    out: list[Cards] = []
    for first in range(5):
        if not hand[first]:
            continue
        left = list(hand)
        pay = [0] * 5
        need = owed
        order = [first] + sorted((r for r in range(5) if r != first), key=lambda r: -hand[r])
        for r in order:
            k = min(need, left[r])
            pay[r] += k
            need -= k
        cards = tuple(pay)
        if cards not in out:
            out.append(cards)
    return out
