"""City-side events and city-development effects, registered by their ids."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

from game.cards import events as E
from game.cards.catalogue import (
    CARDS, CHURCH, CITADEL, COSTS, DEVELOPMENTS_VP, LIBRARY, MARKET_DAY, MERCHANT_GUILD, ROBBER_RAID, TOWN_HALL,
    UNIVERSITY, Cards,
)
from game.cards.state import DISCARD
from game.core.actions import Event

if TYPE_CHECKING:
    from game.cards.rules import CardsGame

HAND_LIMIT = 7  # a robber raid cuts hands to this
MARKET_SIZE = 5


@dataclass(frozen=True, slots=True)
class Development:
    """What a city development gives: VP, its cost and its permanent advantage (as flags the rules ask for)."""

    kind: str
    vp: int
    cost: Cards
    protected_roads: int = 0     # citadel: the first three roads cannot be taken
    protected_knights: int = 0   # church: the first knight cannot be taken
    open_take: bool = False      # library: once per trade phase, take a card by sight
    guild_take: bool = False     # merchant guild: once per turn, take a card from a richer player
    free_unit: bool = False      # university: once per turn, one resource of a build left unpaid


DEVELOPMENTS: Mapping[str, Development] = MappingProxyType({
    LIBRARY: Development(LIBRARY, DEVELOPMENTS_VP[LIBRARY], COSTS["development"], open_take=True),
    MERCHANT_GUILD: Development(MERCHANT_GUILD, DEVELOPMENTS_VP[MERCHANT_GUILD], COSTS["development"], guild_take=True),
    CHURCH: Development(CHURCH, DEVELOPMENTS_VP[CHURCH], COSTS["development"], protected_knights=1),
    CITADEL: Development(CITADEL, DEVELOPMENTS_VP[CITADEL], COSTS["development"], protected_roads=3),
    TOWN_HALL: Development(TOWN_HALL, DEVELOPMENTS_VP[TOWN_HALL], COSTS["town_hall"]),
    UNIVERSITY: Development(UNIVERSITY, DEVELOPMENTS_VP[UNIVERSITY], COSTS["development"], free_unit=True),
})
# The development each development card gives, by card id: the rules ask what a player's cards give all the time.
DEVELOPMENT_OF_CARD: Mapping[str, Development] = MappingProxyType({
    c.id: DEVELOPMENTS[c.development] for c in CARDS.values() if c.development is not None})


def robber_raid(game: CardsGame, builder: int) -> list[Event]:
    """Everyone (the builder too, ruling Q12) with more than 7 cards discards down to 7; the fate card flips."""
    s = game.state
    s.owed = [max(0, sum(hand) - HAND_LIMIT) for hand in s.hands]
    out: list[Event] = [E.RobberRaid(tuple(s.owed))]
    out += game.flip_fate()
    if any(s.owed):
        s.phase = DISCARD
    return out


def market_day(game: CardsGame, builder: int) -> list[Event]:
    """Ruling Q6: the five market cards are discarded and five new ones dealt from the draw pile."""
    s = game.state
    s.discard.extend(s.market)
    s.market = []
    out: list[Event] = []
    for _ in range(MARKET_SIZE):
        card = game.draw_card(out)
        if card is None:
            break
        s.market.append(card)
    out.append(E.MarketRenewed(tuple(s.market)))
    return out


CITY_EVENTS: Mapping[str, Callable[[CardsGame, int], list[Event]]] = MappingProxyType({
    ROBBER_RAID: robber_raid,
    MARKET_DAY: market_day,
})
