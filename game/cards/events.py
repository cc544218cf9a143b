"""Events of the quick card game: what the GUI animates and the log shows (keys and params, never hidden cards)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Event

Cards = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """Set-up is done: the starting player and the fate card's side."""

    kind = "cards_game_started"
    first_player: int
    fate: str


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A player's turn begins with the exchange phase."""

    kind = "cards_turn_started"
    player: int
    turn: int


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    """The turn player enters a phase (trade, build)."""

    kind = "cards_phase_started"
    player: int
    phase: str


@dataclass(frozen=True, slots=True)
class PileExchanged(Event):
    """A player discarded these cards and drew as many from the draw pile."""

    kind = "cards_pile_exchanged"
    player: int
    cards: Cards


@dataclass(frozen=True, slots=True)
class MarketExchanged(Event):
    """A player took cards from the market and put back others."""

    kind = "cards_market_exchanged"
    player: int
    took: Cards
    gave: Cards


@dataclass(frozen=True, slots=True)
class CardsTaken(Event):
    """A player took cards blindly from an opponent (which ones stays hidden)."""

    kind = "cards_taken"
    player: int
    opponent: int
    count: int


@dataclass(frozen=True, slots=True)
class HandLookedAt(Event):
    """Library: a player looks into one opponent's hand to choose a card (what it holds stays between them)."""

    kind = "cards_hand_looked_at"
    player: int
    opponent: int


@dataclass(frozen=True, slots=True)
class CardTakenOpenly(Event):
    """Library: a player chose a card by sight from an opponent's hand."""

    kind = "cards_taken_openly"
    player: int
    opponent: int
    resource: int


@dataclass(frozen=True, slots=True)
class CardsGivenBack(Event):
    """A player gave an opponent cards back after taking from them."""

    kind = "cards_given_back"
    player: int
    opponent: int
    count: int


@dataclass(frozen=True, slots=True)
class GuildCardTaken(Event):
    """Merchant guild: a player took one card blindly from a player with at least as many VP."""

    kind = "cards_guild_taken"
    player: int
    opponent: int


@dataclass(frozen=True, slots=True)
class ResourcesPaid(Event):
    """A player paid these cards onto the discard pile for a build."""

    kind = "cards_paid"
    player: int
    build: str
    cards: Cards
    university: bool


@dataclass(frozen=True, slots=True)
class SettlementBuilt(Event):
    """A player laid a settlement (its city side stays unseen)."""

    kind = "cards_settlement_built"
    player: int


@dataclass(frozen=True, slots=True)
class CityBuilt(Event):
    """A player turned a settlement to its city side, revealing its event."""

    kind = "cards_city_built"
    player: int
    card: str
    event: str


@dataclass(frozen=True, slots=True)
class DevelopmentBuilt(Event):
    """A player laid a city development on a city."""

    kind = "cards_development_built"
    player: int
    card: str
    city: str


@dataclass(frozen=True, slots=True)
class RoadOrKnightBuilt(Event):
    """A player laid a road or knight with this side up; from_player is who lost it (-1: the supply)."""

    kind = "cards_pile_card_built"
    player: int
    build: str
    card: str
    side: str
    from_player: int


@dataclass(frozen=True, slots=True)
class FateFlipped(Event):
    """The fate card was turned over; it now shows this side."""

    kind = "cards_fate_flipped"
    side: str


@dataclass(frozen=True, slots=True)
class RobberRaid(Event):
    """A robber raid: owed[player] cards must be discarded."""

    kind = "cards_robber_raid"
    owed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """A player discarded these cards after a robber raid."""

    kind = "cards_discarded"
    player: int
    cards: Cards


@dataclass(frozen=True, slots=True)
class MarketRenewed(Event):
    """Market day: the market was discarded and dealt anew."""

    kind = "cards_market_renewed"
    market: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DrawPileReshuffled(Event):
    """The discard pile was shuffled into a new draw pile."""

    kind = "cards_draw_pile_reshuffled"
    size: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """A player drew this many cards in the draw phase."""

    kind = "cards_drawn"
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """A player reached the target on their own turn."""

    kind = "cards_game_won"
    player: int
    vp: int
