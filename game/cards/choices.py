"""Legal actions of the quick card game, with open-ended choices listed in a representative form."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from game.cards import actions as A
from game.cards.catalogue import COSTS, DEVELOPMENT, KNIGHT, MAX_PLAYERS, ROAD, Cards
from game.cards.effects import DEVELOPMENTS
from game.cards.payment import build_payments
from game.cards.state import DISCARD, NO_FATE, NOBODY, TRADE
from game.core.actions import Action

if TYPE_CHECKING:
    from game.cards.rules import CardsGame

ONES: tuple[Cards, ...] = tuple(tuple(1 if i == r else 0 for i in range(5)) for r in range(5))

# Actions are frozen values, so the ones that depend only on seats and resource types are made once and listed
# again and again (listing is what a playout or a search does most).
_SEATS = range(MAX_PLAYERS)
_PILE: tuple[tuple[A.ExchangeWithPile, ...], ...] = tuple(
    tuple(A.ExchangeWithPile(p, ONES[r]) for r in range(5)) for p in _SEATS)
_MARKET: tuple[tuple[tuple[A.ExchangeWithMarket, ...], ...], ...] = tuple(
    tuple(tuple(A.ExchangeWithMarket(p, ONES[m], ONES[g]) for g in range(5)) for m in range(5)) for p in _SEATS)
_LOOK: tuple[tuple[A.LookAtHand, ...], ...] = tuple(tuple(A.LookAtHand(p, q) for q in _SEATS) for p in _SEATS)
_GUILD: tuple[tuple[A.GuildTake, ...], ...] = tuple(tuple(A.GuildTake(p, q) for q in _SEATS) for p in _SEATS)
_END_TRADE: tuple[A.EndTrade, ...] = tuple(A.EndTrade(p) for p in _SEATS)
_END_TURN: tuple[A.EndTurn, ...] = tuple(A.EndTurn(p) for p in _SEATS)


@lru_cache(maxsize=1 << 10)
def _exchanges(player: int, held: tuple[bool, ...], shown: frozenset[int]) -> tuple[Action, ...]:
    """One held card for the top of the draw pile, per type held; then one shown market card for one held card of
    another type (`shown` is empty without an A-side road, which the market needs)."""
    pile = _PILE[player]
    out: list[Action] = [pile[r] for r in range(5) if held[r]]
    for m in sorted(shown):
        out += [_MARKET[player][m][g] for g in range(5) if g != m and held[g]]
    return tuple(out)


@cache
def _takes(player: int, opponent: int, most: int) -> tuple[A.TakeFromPlayer, ...]:
    """Blind takes of 1 to `most` cards from the opponent."""
    return tuple(A.TakeFromPlayer(player, opponent, k) for k in range(1, most + 1))


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
        more = _takes(player, q, min(game.trades_left(), sum(s.hands[q])))
        count = s.give_back_count
        # No more than `count` cards of a type can go back, so the memo sees the hand capped at that.
        return [*more, *_give_backs(player, tuple(min(h, count) for h in s.hands[player]), count)]
    out: list[Action] = []
    if s.phase == TRADE:
        out += _trade_actions(game, player)
    out += _build_actions(game, player)
    if not s.guild_used and game.owns(player, "merchant_guild"):
        me = game.vp(player)
        out += [_GUILD[player][q] for q in range(s.num_players)
                if q != player and game.vp(q) >= me and sum(s.hands[q])]
    if s.phase == TRADE:
        out.append(_END_TRADE[player])
    out.append(_END_TURN[player])
    return out

def _trade_actions(game: CardsGame, player: int) -> list[Action]:
    s = game.state
    left = game.trades_left()
    if left <= 0:
        return []
    roads = game.a_side(s.roads[player]) > 0
    shown = frozenset(s.market) if roads else frozenset()
    out: list[Action] = list(_exchanges(player, tuple(map(bool, s.hands[player])), shown))
    if not roads:
        return out
    library = not s.library_used and game.owns(player, "library")
    for q in range(s.num_players):
        if q == player:
            continue
        held = sum(s.hands[q])
        out += _takes(player, q, min(left, held))
        if library and held:
            out.append(_LOOK[player][q])  # the hand itself is shown only after this choice
    return out


_DEVELOPMENT_COSTS: tuple[Cards, ...] = tuple(sorted({d.cost for d in DEVELOPMENTS.values()}))


class _Priced(NamedTuple):
    """What a hand can pay, whichever of it the table still allows: the settlement, road and knight builds and
    the city payments."""

    settlements: tuple[A.BuildSettlement, ...]
    roads: tuple[A.BuildRoad, ...]
    knights: tuple[A.BuildKnight, ...]
    cities: tuple[Cards, ...]


# The payments a hand can make for each build, the same for every player: bounded (about 2 MB when full), as a
# long run meets ever new hands; equal payments are one shared tuple (payment.shared).
@lru_cache(maxsize=1 << 13)
def _hand_payments(hand: Cards, free_unit: bool) -> tuple[tuple[Cards, ...], ...]:
    """The settlement, road, knight and city payments of the hand (see build_payments)."""
    return tuple(build_payments(hand, COSTS[kind], free_unit) for kind in ("settlement", ROAD, KNIGHT, "city"))


# A player's priced builds, asked again and again while a hand stays the same; a small memo over the shared
# payments above (a miss only looks up shared actions).
@lru_cache(maxsize=1 << 11)
def _priced(player: int, hand: Cards, free_unit: bool, fate: bool) -> _Priced:
    """The builds the hand pays (settlements with and without flipping the fate card, when it is used), each with
    the plain payment and the university's cheaper one (see build_payments)."""
    settlement, road, knight, city = _hand_payments(hand, free_unit)
    flips = (False, True) if fate else (False,)
    return _Priced(
        tuple(_shared_build(A.BuildSettlement, player, pay, f) for pay in settlement for f in flips),
        tuple(_shared_build(A.BuildRoad, player, pay) for pay in road),
        tuple(_shared_build(A.BuildKnight, player, pay) for pay in knight),
        city,
    )


# Many hands list the same build (the same player paying the same cards): the memos share one action object for
# it, so an entry of _priced costs a few references rather than new actions (bench --longrun).
@lru_cache(maxsize=1 << 12)
def _shared_build(cls: type[Action], player: int, *fields: object) -> Action:
    return cls(player, *fields)


@lru_cache(maxsize=1 << 10)
def _city_builds(player: int, payments: tuple[Cards, ...], settlements: int) -> tuple[A.BuildCity, ...]:
    """Each payment for turning each of the player's settlements into a city."""
    return tuple(_shared_build(A.BuildCity, player, i, pay) for pay in payments for i in range(settlements))


@lru_cache(maxsize=1 << 12)
def _some_development_payable(hand: Cards, free_unit: bool) -> bool:
    """Whether the hand pays the cost of any development at all."""
    return any(build_payments(hand, cost, free_unit) for cost in _DEVELOPMENT_COSTS)


def _build_actions(game: CardsGame, player: int) -> list[Action]:
    s = game.state
    built = s.built
    out: list[Action] = []
    free_unit = game.free_unit_available(player)
    hand = tuple(s.hands[player])
    priced = _priced(player, hand, free_unit, s.fate != NO_FATE)
    if "settlement" not in built and s.settlement_supply:
        out += priced.settlements
    if "city" not in built and s.settlements[player] and priced.cities:
        out += _city_builds(player, priced.cities, len(s.settlements[player]))
    if "development" not in built and s.cities[player]:
        free = game.uncovered_cities(player)
        # The stack is looked at only when some development's cost can be paid at all.
        if free and _some_development_payable(hand, free_unit):
            for d in game.development_choices(player):
                out += [A.BuildDevelopment(player, free[0], d, pay)
                        for pay in build_payments(hand, game.cost_of(DEVELOPMENT, d), free_unit)]
    if ROAD not in built and priced.roads and game.can_take_road_or_knight(player, ROAD):
        out += priced.roads
    if KNIGHT not in built and priced.knights and game.can_take_road_or_knight(player, KNIGHT):
        out += priced.knights
    return out


@lru_cache(maxsize=1 << 10)
def _give_backs(player: int, hand: Cards, count: int) -> tuple[A.GiveBack, ...]:
    """Every give-back of `count` cards the hand allows."""
    return tuple(_shared_build(A.GiveBack, player, c) for c in _combinations(hand, count))


def _combinations(hand: Cards | list[int], count: int) -> list[Cards]:
    """Every multiset of `count` cards the hand can give, the most of the first resource first (the order of
    itertools.combinations_with_replacement over the resource types)."""
    after = [sum(hand[r + 1:]) for r in range(5)]  # cards held of the later types
    out: list[Cards] = []

    def fill(prefix: Cards, r: int, left: int) -> None:
        if r == 4:
            out.append((*prefix, left))
            return
        for k in range(min(hand[r], left), max(0, left - after[r]) - 1, -1):
            fill((*prefix, k), r + 1, left - k)

    fill((), 0, count)
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
