"""A compact position helper for scenario tests: start a game, then set hands and tables by hand."""

from __future__ import annotations

from game.cards.catalogue import CARDS, RESOURCES
from game.cards.rules import CardsGame
from game.cards.state import BUILD
from game.core.registry import new_game

ROAD_COST = (1, 1, 0, 0, 0)
KNIGHT_COST = (0, 0, 1, 1, 1)
SETTLEMENT_COST = (1, 1, 0, 1, 1)
CITY_COST = (0, 0, 3, 0, 2)
DEVELOPMENT_COST = (0, 0, 1, 3, 0)
TOWN_HALL_COST = (0, 0, 3, 3, 0)


def cards(**counts: int) -> tuple[int, ...]:
    """A 5-tuple from named counts, e.g. cards(ore=3, grain=2)."""
    unknown = set(counts) - set(RESOURCES)
    assert not unknown, unknown
    return tuple(counts.get(r, 0) for r in RESOURCES)


def make(players: int = 3, seed: int = 1) -> CardsGame:
    """A fresh game after set-up."""
    game = new_game("catan-cards", players, seed=seed)
    assert isinstance(game, CardsGame)
    return game


def set_hand(game: CardsGame, player: int, hand: tuple[int, ...]) -> None:
    """Give the player exactly this hand, moving cards between the hand and the draw pile (conserved)."""
    s = game.state
    for r in range(5):
        s.draw.extend([r] * s.hands[player][r])
        s.hands[player][r] = 0
    for r in range(5):
        for _ in range(hand[r]):
            s.draw.remove(r)
        s.hands[player][r] = hand[r]


def in_build(game: CardsGame) -> CardsGame:
    """Put the turn player in the building phase."""
    game.state.phase = BUILD
    return game


def add_roads(game: CardsGame, player: int, count: int) -> None:
    """Move roads from the supply onto the player's pile."""
    for _ in range(count):
        game.state.roads[player].append(game.state.road_supply.pop())


def add_knights(game: CardsGame, player: int, count: int) -> None:
    """Move knights from the supply onto the player's pile."""
    for _ in range(count):
        game.state.knights[player].append(game.state.knight_supply.pop())


def settlement_with(game: CardsGame, event: str) -> str:
    """Take a settlement card with this city event out of the supply."""
    s = game.state
    cid = next(c for c in s.settlement_supply if CARDS[c].event == event)
    s.settlement_supply.remove(cid)
    return cid


def put_settlement_first(game: CardsGame, player: int, event: str) -> None:
    """Make the first settlement of the player's row one with this city event (the old one goes to the supply)."""
    s = game.state
    cid = settlement_with(game, event)
    s.settlement_supply.append(s.settlements[player][0])
    s.settlements[player][0] = cid


def add_city(game: CardsGame, player: int, event: str = "market_day") -> str:
    """Give the player a city (taken from the settlement supply); return its id."""
    cid = settlement_with(game, event)
    game.state.cities[player].append(cid)
    return cid


def add_development(game: CardsGame, player: int, kind: str) -> str:
    """Give the player a city with a development of this kind on it; return the development id."""
    s = game.state
    city = add_city(game, player)
    dev = next(d for d in s.development_supply if CARDS[d].development == kind)
    s.development_supply.remove(dev)
    s.developed[player][city] = dev
    return dev


def set_market(game: CardsGame, market: list[int]) -> None:
    """Lay exactly these market cards, swapping with the draw pile (conserved)."""
    s = game.state
    s.draw.extend(s.market)
    for r in market:
        s.draw.remove(r)
    s.market[:] = market
