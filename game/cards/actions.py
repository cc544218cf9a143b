"""Actions of the quick card game (card counts are 5-tuples in the order brick, lumber, ore, wool, grain)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.cards.catalogue import MAX_PLAYERS, RESOURCE_COUNTS, resource_copies
from game.core.actions import Action, ActionCodec, field_limits

Cards = tuple[int, ...]
# Field ranges: no count above the cards of one resource in the largest game (two copies with 5-6 players).
SEAT = (0, MAX_PLAYERS - 1)
RESOURCE = (0, 4)
COUNT = (0, max(RESOURCE_COUNTS) * resource_copies(MAX_PLAYERS))


@dataclass(frozen=True, slots=True)
class ExchangeWithPile(Action):
    """Discard these cards and draw as many from the draw pile."""

    kind = "exchange_pile"
    limits = field_limits(player=SEAT, cards=COUNT)
    cards: Cards


@dataclass(frozen=True, slots=True)
class ExchangeWithMarket(Action):
    """Take these cards from the market and put back as many from the hand."""

    kind = "exchange_market"
    limits = field_limits(player=SEAT, take=COUNT, give=COUNT)
    take: Cards
    give: Cards


@dataclass(frozen=True, slots=True)
class TakeFromPlayer(Action):
    """Take cards blindly from an opponent's hand; further takes from the same one may follow, then the give-back."""

    kind = "take_from_player"
    limits = field_limits(player=SEAT, opponent=SEAT, count=COUNT)
    opponent: int
    count: int


@dataclass(frozen=True, slots=True)
class LookAtHand(Action):
    """Library: trade with this opponent by looking into their hand first (then take one card openly)."""

    kind = "look_at_hand"
    limits = field_limits(player=SEAT, opponent=SEAT)
    opponent: int


@dataclass(frozen=True, slots=True)
class TakeOpenly(Action):
    """Library: choose one card by sight from the hand being looked at; more blind takes from the same opponent
    may follow, then as many cards are given back."""

    kind = "take_openly"
    limits = field_limits(player=SEAT, opponent=SEAT, resource=RESOURCE)
    opponent: int
    resource: int


@dataclass(frozen=True, slots=True)
class GiveBack(Action):
    """Give the opponent of the takes as many cards as were taken from them (any, the taken ones included)."""

    kind = "give_back"
    limits = field_limits(player=SEAT, cards=COUNT)
    cards: Cards


@dataclass(frozen=True, slots=True)
class GuildTake(Action):
    """Merchant guild: take one card blindly from a player with at least as many VP; nothing is given back."""

    kind = "guild_take"
    limits = field_limits(player=SEAT, opponent=SEAT)
    opponent: int


@dataclass(frozen=True, slots=True)
class EndTrade(Action):
    """End the exchange phase and start building."""

    kind = "end_trade"


@dataclass(frozen=True, slots=True)
class BuildSettlement(Action):
    """Build a settlement with this payment; optionally flip the fate card afterwards."""

    kind = "build_settlement"
    limits = field_limits(player=SEAT, payment=COUNT)
    payment: Cards
    flip_fate: bool


@dataclass(frozen=True, slots=True)
class BuildCity(Action):
    """Turn the settlement at this position of the own row to its city side."""

    kind = "build_city"
    limits = field_limits(player=SEAT, payment=COUNT)
    settlement: int
    payment: Cards


@dataclass(frozen=True, slots=True)
class BuildDevelopment(Action):
    """Lay a development card from the face-up stack on an own city without one."""

    kind = "build_development"
    limits = field_limits(player=SEAT, payment=COUNT)
    city: str
    development: str
    payment: Cards


@dataclass(frozen=True, slots=True)
class BuildRoad(Action):
    """Build a road (from the supply, or taken from an opponent when the supply is empty)."""

    kind = "build_road"
    limits = field_limits(player=SEAT, payment=COUNT)
    payment: Cards


@dataclass(frozen=True, slots=True)
class BuildKnight(Action):
    """Build a knight (from the supply, or taken from an opponent when the supply is empty)."""

    kind = "build_knight"
    limits = field_limits(player=SEAT, payment=COUNT)
    payment: Cards


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn: the draw phase follows and the next player begins."""

    kind = "end_turn"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """After a robber raid, discard exactly the owed number of cards."""

    kind = "discard"
    limits = field_limits(player=SEAT, cards=COUNT)
    cards: Cards


ACTION_TYPES: tuple[type[Action], ...] = (
    ExchangeWithPile, ExchangeWithMarket, TakeFromPlayer, LookAtHand, TakeOpenly, GiveBack, GuildTake, EndTrade,
    BuildSettlement, BuildCity, BuildDevelopment, BuildRoad, BuildKnight, EndTurn, Discard,
)


@cache
def cards_codec() -> ActionCodec:
    """The codec of the quick card game's actions."""
    return ActionCodec(ACTION_TYPES)
