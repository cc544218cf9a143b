"""Actions of the Catan board game (resource counts are 5-tuples in the order lumber, wool, grain, brick, ore)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.catan.constants import BANK_PER_RESOURCE
from game.core.actions import Action, ActionCodec, field_limits

Cards = tuple[int, ...]
# Field ranges: no count above the cards of one resource in the game, indices within the board.
SEAT = (0, 3)
HEX = (0, 18)
NODE = (0, 53)
EDGE = (0, 71)
RESOURCE = (0, 4)
COUNT = (0, BANK_PER_RESOURCE)


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll both dice."""

    kind = "roll"


@dataclass(frozen=True, slots=True)
class MoveRobber(Action):
    """Move the robber to a hex and steal from a victim (None when nobody there can be robbed)."""

    kind = "move_robber"
    limits = field_limits(player=SEAT, hex=HEX, victim=SEAT)
    hex: int
    victim: int | None


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Give cards back to the bank after a seven (part or all of what is owed)."""

    kind = "discard"
    limits = field_limits(player=SEAT, cards=COUNT)
    cards: Cards


@dataclass(frozen=True, slots=True)
class BuildRoad(Action):
    """Build a road on a path (free in set-up and with Road Building)."""

    kind = "build_road"
    limits = field_limits(player=SEAT, edge=EDGE)
    edge: int


@dataclass(frozen=True, slots=True)
class BuildSettlement(Action):
    """Build a settlement on an intersection (free in set-up)."""

    kind = "build_settlement"
    limits = field_limits(player=SEAT, node=NODE)
    node: int


@dataclass(frozen=True, slots=True)
class BuildCity(Action):
    """Upgrade an own settlement to a city."""

    kind = "build_city"
    limits = field_limits(player=SEAT, node=NODE)
    node: int


@dataclass(frozen=True, slots=True)
class BuyDevCard(Action):
    """Buy the top development card."""

    kind = "buy_dev_card"


@dataclass(frozen=True, slots=True)
class PlayKnight(Action):
    """Play a knight: move the robber and steal."""

    kind = "play_knight"


@dataclass(frozen=True, slots=True)
class PlayRoadBuilding(Action):
    """Play Road Building: up to two free roads follow."""

    kind = "play_road_building"


@dataclass(frozen=True, slots=True)
class PlayYearOfPlenty(Action):
    """Play Year of Plenty: take the named resources (2, or fewer if the bank lacks them) from the bank."""

    kind = "play_year_of_plenty"
    limits = field_limits(player=SEAT, resources=RESOURCE)
    resources: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayMonopoly(Action):
    """Play Monopoly: every other player hands over all cards of one resource."""

    kind = "play_monopoly"
    limits = field_limits(player=SEAT, resource=RESOURCE)
    resource: int


@dataclass(frozen=True, slots=True)
class MaritimeTrade(Action):
    """Trade with the bank at the best rate the player has for the given resource (4:1, 3:1 or 2:1)."""

    kind = "maritime_trade"
    limits = field_limits(player=SEAT, give=RESOURCE, get=RESOURCE)
    give: int
    get: int


@dataclass(frozen=True, slots=True)
class OfferTrade(Action):
    """Offer cards to other players (empty `to` means everyone) for cards in return."""

    kind = "offer_trade"
    limits = field_limits(player=SEAT, give=COUNT, get=COUNT, to=SEAT)
    give: Cards
    get: Cards
    to: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AcceptTrade(Action):
    """Accept the offer on the table."""

    kind = "accept_trade"


@dataclass(frozen=True, slots=True)
class DeclineTrade(Action):
    """Decline the offer on the table."""

    kind = "decline_trade"


@dataclass(frozen=True, slots=True)
class CounterTrade(Action):
    """Answer the offer with other terms (give and get from the answering player's side)."""

    kind = "counter_trade"
    limits = field_limits(player=SEAT, give=COUNT, get=COUNT)
    give: Cards
    get: Cards


@dataclass(frozen=True, slots=True)
class ConfirmTrade(Action):
    """The offerer closes the trade with one player who accepted or countered."""

    kind = "confirm_trade"
    limits = field_limits(player=SEAT, partner=SEAT)
    partner: int


@dataclass(frozen=True, slots=True)
class CancelTrade(Action):
    """The offerer withdraws the offer."""

    kind = "cancel_trade"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn; the next player clockwise goes on."""

    kind = "end_turn"


CATAN_ACTIONS: tuple[type[Action], ...] = (
    Roll, MoveRobber, Discard, BuildRoad, BuildSettlement, BuildCity, BuyDevCard, PlayKnight,
    PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly, MaritimeTrade, OfferTrade, AcceptTrade,
    DeclineTrade, CounterTrade, ConfirmTrade, CancelTrade, EndTurn,
)


@cache
def catan_codec() -> ActionCodec:
    """The JSON codec for the Catan board game's actions."""
    return ActionCodec(CATAN_ACTIONS)
