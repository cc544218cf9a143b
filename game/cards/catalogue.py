"""The cards of the quick card game as data: resources, building cards with their marks, costs, decks per player count."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

RESOURCES: tuple[str, ...] = ("brick", "lumber", "ore", "wool", "grain")
BRICK, LUMBER, ORE, WOOL, GRAIN = range(5)
RESOURCE_COUNTS: tuple[int, ...] = (11, 11, 16, 15, 14)  # 67 per copy of the game
MIN_PLAYERS, MAX_PLAYERS = 2, 6

Cards = tuple[int, ...]  # a count per resource, in RESOURCES order

# Building-card types.
ROAD, SETTLEMENT, KNIGHT, DEVELOPMENT, COST = "road", "settlement", "knight", "development", "cost"
BUILDING_TYPES: tuple[str, ...] = (ROAD, SETTLEMENT, KNIGHT, DEVELOPMENT)
# What a player can build (a city is a settlement card turned over).
BUILDS: tuple[str, ...] = ("settlement", "city", "development", "road", "knight")

# City-side events.
ROBBER_RAID, MARKET_DAY = "robber_raid", "market_day"
# City development kinds.
LIBRARY, MERCHANT_GUILD, CHURCH, CITADEL, TOWN_HALL, UNIVERSITY = (
    "library", "merchant_guild", "church", "citadel", "town_hall", "university")

DEVELOPMENTS_VP: Mapping[str, int] = MappingProxyType({
    LIBRARY: 3, MERCHANT_GUILD: 3, CHURCH: 3, CITADEL: 3, TOWN_HALL: 4, UNIVERSITY: 3})

UNMARKED = 2  # the mark of the two-player set

COSTS: Mapping[str, Cards] = MappingProxyType({
    "road": (1, 1, 0, 0, 0),
    "knight": (0, 0, 1, 1, 1),
    "settlement": (1, 1, 0, 1, 1),
    "city": (0, 0, 3, 0, 2),
    "development": (0, 0, 1, 3, 0),
    "town_hall": (0, 0, 3, 3, 0),  # the printed development cost plus two ore
})


@dataclass(frozen=True, slots=True)
class BuildingCard:
    """One printed building card: its id, type, player-count mark and, by type, its city event or development kind."""

    id: str
    type: str
    mark: int
    event: str | None = None
    development: str | None = None

    @property
    def second_copy(self) -> bool:
        """Whether the card comes from the second game (5-6 players)."""
        return self.id.endswith("_b")


def _numbered(kind: str, marks: tuple[int, ...], events: tuple[str | None, ...] | None = None) -> list[BuildingCard]:
    return [BuildingCard(f"{kind}_{i + 1}", kind, mark, events[i] if events else None) for i, mark in enumerate(marks)]


def _base_deck() -> tuple[BuildingCard, ...]:
    """The 42 building cards of one game."""
    # Ruling Q9: unmarked 2 market day + 5 robber raid, mark 3 two of each, mark 4 one market day + 3 raids.
    settlement_marks = (2,) * 7 + (3,) * 4 + (4,) * 4
    settlement_events = ((MARKET_DAY,) * 2 + (ROBBER_RAID,) * 5 + (MARKET_DAY,) * 2 + (ROBBER_RAID,) * 2
                         + (MARKET_DAY,) + (ROBBER_RAID,) * 3)
    developments = [  # ruling Q10 for the marks
        (TOWN_HALL, 2), (CITADEL, 2), (LIBRARY, 2), (UNIVERSITY, 2), (CHURCH, 2),
        (CHURCH, 3), (MERCHANT_GUILD, 3), (CITADEL, 4), (MERCHANT_GUILD, 4),
    ]
    seen: dict[str, int] = {}
    dev_cards = []
    for kind, mark in developments:
        seen[kind] = seen.get(kind, 0) + 1
        dev_cards.append(BuildingCard(f"{kind}_{seen[kind]}", DEVELOPMENT, mark, development=kind))
    return tuple(
        _numbered(ROAD, (2,) * 5 + (3,) * 2 + (4,) * 2)
        + _numbered(SETTLEMENT, settlement_marks, settlement_events)
        + _numbered(KNIGHT, (2,) * 2 + (3,) * 2 + (4,))
        + dev_cards
        + _numbered(COST, (2,) * 4)
    )


BASE_DECK: tuple[BuildingCard, ...] = _base_deck()
SECOND_DECK: tuple[BuildingCard, ...] = tuple(
    BuildingCard(c.id + "_b", c.type, c.mark, c.event, c.development) for c in BASE_DECK)
CARDS: Mapping[str, BuildingCard] = MappingProxyType({c.id: c for c in BASE_DECK + SECOND_DECK})


def resource_copies(players: int) -> int:
    """How many copies of the resource cards play (two with 5-6 players)."""
    return 2 if players >= 5 else 1


def resource_totals(players: int) -> Cards:
    """The number of resource cards of each type in play."""
    return tuple(c * resource_copies(players) for c in RESOURCE_COUNTS)


def building_cards(players: int) -> tuple[BuildingCard, ...]:
    """The building cards used for a player count (facts §2 and §11)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"the quick card game is for 2-6 players, not {players}")
    first = tuple(c for c in BASE_DECK if c.mark <= min(players, 4))
    extra_marks = {5: (3,), 6: (3, 4)}.get(players, ())
    return first + tuple(c for c in SECOND_DECK if c.mark in extra_marks)


def card(card_id: str) -> BuildingCard:
    """The building card with this id (KeyError when unknown)."""
    return CARDS[card_id]


def side(position: int) -> str:
    """The side a road or knight shows at this position of its pile (the first is A, then B and A alternate)."""
    return "A" if position % 2 == 0 else "B"
