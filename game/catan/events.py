"""Events of the Catan board game: what the GUI animates and the log shows (keys and params only)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.core.actions import Event


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """A player rolled the dice."""

    kind = "dice_rolled"
    player: int
    dice: tuple[int, int]


@dataclass(frozen=True, slots=True)
class ResourcesProduced(Event):
    """A roll paid resources: gains[player] is a 5-tuple of counts."""

    kind = "resources_produced"
    gains: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class BankShort(Event):
    """The bank could not pay a resource to everyone owed it, so nobody got it."""

    kind = "bank_short"
    resource: int


@dataclass(frozen=True, slots=True)
class DiscardRequired(Event):
    """After a seven, these players owe these numbers of cards."""

    kind = "discard_required"
    owed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """A player gave cards back after a seven."""

    kind = "cards_discarded"
    player: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RobberMoved(Event):
    """The robber moved to a hex."""

    kind = "robber_moved"
    player: int
    hex: int


@dataclass(frozen=True, slots=True)
class CardStolen(Event):
    """A card was stolen (the resource is known to thief and victim only)."""

    kind = "card_stolen"
    thief: int
    victim: int
    resource: int


@dataclass(frozen=True, slots=True)
class PieceBuilt(Event):
    """A road, settlement or city was built (piece is 'road', 'settlement' or 'city')."""

    kind = "piece_built"
    player: int
    piece: str
    where: int


@dataclass(frozen=True, slots=True)
class ResourcesGained(Event):
    """A player took cards from the bank (set-up payout, Year of Plenty)."""

    kind = "resources_gained"
    player: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DevCardBought(Event):
    """A player bought a development card (the card is known to that player only)."""

    kind = "dev_card_bought"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class DevCardPlayed(Event):
    """A player played a development card."""

    kind = "dev_card_played"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class MonopolyTaken(Event):
    """Monopoly moved every card of a resource to the player."""

    kind = "monopoly_taken"
    player: int
    resource: int
    amount: int


@dataclass(frozen=True, slots=True)
class MaritimeTraded(Event):
    """A trade with the bank."""

    kind = "maritime_traded"
    player: int
    give: int
    rate: int
    get: int


@dataclass(frozen=True, slots=True)
class TradeOffered(Event):
    """An offer was put on the table (or a counter-offer made, with from_player the answering player)."""

    kind = "trade_offered"
    from_player: int
    give: tuple[int, ...]
    get: tuple[int, ...]
    to: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TradeAnswered(Event):
    """A player answered an offer: 'accept', 'decline' or 'counter'."""

    kind = "trade_answered"
    player: int
    answer: str


@dataclass(frozen=True, slots=True)
class TradeDone(Event):
    """Two players exchanged cards (give from the offerer's side)."""

    kind = "trade_done"
    offerer: int
    partner: int
    give: tuple[int, ...]
    get: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TradeClosed(Event):
    """The offer ended without a trade ('cancelled' or 'declined')."""

    kind = "trade_closed"
    offerer: int
    reason: str


@dataclass(frozen=True, slots=True)
class SpecialCardMoved(Event):
    """Longest Road or Largest Army changed hands (holder None when set aside)."""

    kind = "special_card_moved"
    card: str
    holder: int | None
    length: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """A turn ended and the next player's began."""

    kind = "turn_ended"
    player: int
    next_player: int


@dataclass(frozen=True, slots=True)
class StartingPlayerChosen(Event):
    """The set-up roll-off chose the starting player."""

    kind = "starting_player_chosen"
    player: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """A player reached the target on their own turn."""

    kind = "game_won"
    player: int
    points: int


# Events are immutable values: the rules share one instance per value of the frequent events that have few
# values (a lookup costs less than building a frozen dataclass). Call these with positional arguments.
dice_rolled = cache(DiceRolled)
robber_moved = cache(RobberMoved)
card_stolen = cache(CardStolen)
piece_built = cache(PieceBuilt)
dev_card_bought = cache(DevCardBought)
dev_card_played = cache(DevCardPlayed)
maritime_traded = cache(MaritimeTraded)
trade_answered = cache(TradeAnswered)
turn_ended = cache(TurnEnded)
