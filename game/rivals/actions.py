"""Actions of Rivals for Catan: frozen dataclasses with stable kinds (cells index the principality grid)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.core.actions import Action, ActionCodec, field_limits, shared
from game.rivals.constants import CARD_COUNT, CELLS

# A payment: (region cell, amount) pairs taken from the payer's own regions.
Payment = tuple[tuple[int, int], ...]
# Fields where -1 means "none" (and only -1: any other negative number is refused), with the largest cell or
# card id above it: the typed-field check refuses everything else before the rules look (the rules then accept
# -1 only where "none" is a legal answer: a settlement without a Scout, a trade at the rate without a Large Trade
# Ship, a gained or taken resource that no region can store).
CELL_OR_NONE = (-1, CELLS - 1)
CARD_OR_NONE = (-1, CARD_COUNT - 1)


@dataclass(frozen=True, slots=True)
class ChooseStartStack(Action):
    """Take the starting hand from the top of a draw stack (intro rule)."""

    kind = "choose_start_stack"
    stack: int


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the production and event dice."""

    kind = "roll"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play an action card from the hand; payment and targets are read by the card's effect."""

    kind = "play_card"
    card: int
    payment: Payment
    targets: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BuildRoad(Action):
    """Build a road from the centre stack at a centre column."""

    kind = "build_road"
    x: int
    payment: Payment


@dataclass(frozen=True, slots=True)
class BuildSettlement(Action):
    """Build a settlement at a road's free end; scout is a Scout in hand (-1 none) and picks index the region stack."""

    kind = "build_settlement"
    limits = field_limits(scout=CARD_OR_NONE)
    x: int
    payment: Payment
    scout: int
    picks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BuildCity(Action):
    """Build a city on an own settlement."""

    kind = "build_city"
    x: int
    payment: Payment


@dataclass(frozen=True, slots=True)
class BuildExpansion(Action):
    """Build an expansion card (from the hand or the face-up stack) on a site."""

    kind = "build_expansion"
    card: int
    cell: int
    payment: Payment


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Trade with the supply: 3:1, 2:1 with a matching trade ship, or 2:1 via a Large Trade Ship at ship_cell."""

    kind = "trade"
    limits = field_limits(ship_cell=CELL_OR_NONE)
    payment: Payment
    gain_cell: int
    ship_cell: int


@dataclass(frozen=True, slots=True)
class RemoveCard(Action):
    """Remove an own building or unit for free (theme games)."""

    kind = "remove_card"
    cell: int


@dataclass(frozen=True, slots=True)
class EndActions(Action):
    """End the action phase."""

    kind = "end_actions"


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Replenish: draw the top card of a draw stack."""

    kind = "draw_card"
    stack: int


@dataclass(frozen=True, slots=True)
class ReturnCard(Action):
    """Replenish over the limit: put a hand card under a draw stack with a matching back."""

    kind = "return_card"
    card: int
    stack: int


@dataclass(frozen=True, slots=True)
class ExchangeTop(Action):
    """Exchange: put a card under a stack, then take the top card of a stack."""

    kind = "exchange_top"
    card: int
    under: int
    take: int


@dataclass(frozen=True, slots=True)
class ExchangeSearch(Action):
    """Exchange: put a card under a stack, pay, then look through a stack and pick one card."""

    kind = "exchange_search"
    card: int
    under: int
    search: int
    payment: Payment


@dataclass(frozen=True, slots=True)
class SkipExchange(Action):
    """Do not exchange; the turn ends."""

    kind = "skip_exchange"


@dataclass(frozen=True, slots=True)
class PickFromStack(Action):
    """Take the card at a position of the stack being searched (order kept)."""

    kind = "pick_from_stack"
    index: int


@dataclass(frozen=True, slots=True)
class Gain(Action):
    """Gain one resource of choice on an own region (cell -1: nothing can be stored)."""

    kind = "gain"
    limits = field_limits(cell=CELL_OR_NONE)
    cell: int


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take one resource of a type from the opponent, storing it on an own region (cell -1: it is lost)."""

    kind = "take"
    limits = field_limits(cell=CELL_OR_NONE)
    resource: int
    cell: int


@dataclass(frozen=True, slots=True)
class GiveFrom(Action):
    """Give the demanded resource from this own region."""

    kind = "give_from"
    cell: int


@dataclass(frozen=True, slots=True)
class BuyResource(Action):
    """Traveling Merchant: pay 1 gold from pay_cell for 1 resource on gain_cell."""

    kind = "buy_resource"
    pay_cell: int
    gain_cell: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline an optional decision."""

    kind = "pass"


@dataclass(frozen=True, slots=True)
class PlaceRegions(Action):
    """Place the two drawn regions: the first on top, or swapped."""

    kind = "place_regions"
    swap: bool


@dataclass(frozen=True, slots=True)
class NameBuildings(Action):
    """Feud: the strength-advantage holder names up to 3 opponent buildings (cells)."""

    kind = "name_buildings"
    cells: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RemoveNamed(Action):
    """Feud: remove one of the named buildings, putting it under a matching draw stack."""

    kind = "remove_named"
    cell: int
    stack: int


@dataclass(frozen=True, slots=True)
class PickHandCards(Action):
    """Fraternal Feuds: pick opponent hand cards and the draw stacks they go under."""

    kind = "pick_hand_cards"
    cards: tuple[int, ...]
    stacks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SwapRegions(Action):
    """Theme set-up: swap two of one's regions (stored amounts move with the cards)."""

    kind = "swap_regions"
    a: int
    b: int


@dataclass(frozen=True, slots=True)
class DoneArranging(Action):
    """Theme set-up: the regions stay as they are now."""

    kind = "done_arranging"


@dataclass(frozen=True, slots=True)
class UseCard(Action):
    """Use an own principality card with a once-per-turn ability (e.g. a Mint): payment and targets per card."""

    kind = "use_card"
    cell: int
    payment: Payment
    targets: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DiscardUnit(Action):
    """Move one of one's own cards (cell) to the discard pile when a card demands it (e.g. Pirate Ship)."""

    kind = "discard_unit"
    cell: int


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseStartStack, Roll, PlayCard, BuildRoad, BuildSettlement, BuildCity, BuildExpansion, Trade, RemoveCard,
    EndActions, DrawCard, ReturnCard, ExchangeTop, ExchangeSearch, SkipExchange, PickFromStack, Gain, Take,
    GiveFrom, BuyResource, Pass, PlaceRegions, NameBuildings, RemoveNamed, PickHandCards, SwapRegions, DoneArranging,
    UseCard, DiscardUnit,
)


# Shared constructors of the actions the listings build most (game.core.actions.shared): the same instances
# come back while the positions repeat them.
roll, end_actions, skip_exchange = shared(Roll), shared(EndActions), shared(SkipExchange)
trade, build_expansion = shared(Trade), shared(BuildExpansion)
build_road, build_settlement, build_city = shared(BuildRoad), shared(BuildSettlement), shared(BuildCity)
exchange_top, exchange_search = shared(ExchangeTop), shared(ExchangeSearch)
gain, take, pick_from_stack, swap_regions = shared(Gain), shared(Take), shared(PickFromStack), shared(SwapRegions)
remove_card, draw_card, return_card = shared(RemoveCard), shared(DrawCard), shared(ReturnCard)


@cache
def rivals_codec() -> ActionCodec:
    """The codec of every Rivals action."""
    return ActionCodec(ACTION_TYPES)
