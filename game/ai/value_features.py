"""What the learned win-chance network reads of a position: per seat, its points, production per resource, hand and
development card counts, the road and army race, pieces left, harbours, whose turn, where it can settle next, and
how many cards its hand lacks for each build (with two players, its trade cards too). Only the last facts read a
hand's make-up: exact for the seat that searches, drawn from its view for the others (a search scores worlds
sampled from the view), and the true hands in training."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.catan.constants import CITY_COST, DEV_CARD_COST, KNIGHT, RESOURCES, ROAD_COST, SETTLEMENT_COST
from game.core.errors import GameError
from game.core.game import Game
from game.core.registry import get_variant

if TYPE_CHECKING:
    from game.catan.rules import CatanGame

Features = tuple[tuple[float, ...], ...]  # one row per seat

CATAN_NAMES: tuple[str, ...] = (
    "public points", "lead in points", *(f"pips of {r}" for r in RESOURCES), "pips", "cards up to 7",
    "cards over 7", "development cards", "knights played", "road length", "longest road", "largest army",
    "settlements left", "cities left", "better harbour rates", "on turn", "seats until its turn",
    "resources produced", "open settlement spots", "pips of the best open spot",
    "lacking for a road", "lacking for a settlement", "lacking for a city", "lacking for a development card",
)
# Builds whose lacking cards the network reads, with the most that can lack (a build without a place lacks all).
BUILDS: tuple[tuple[tuple[int, ...], int], ...] = ((ROAD_COST, 2), (SETTLEMENT_COST, 4), (CITY_COST, 5),
                                                   (DEV_CARD_COST, 3))


def catan_features(game: Game) -> Features:
    """Every seat's public facts in a Catan game, scaled to about 0..1."""
    g: CatanGame = game  # type: ignore[assignment]
    s = g.state
    n = g.num_players
    edges = g.topo.edges
    node_yield, node_pips, can_settle = g.node_yield, g.node_pips, g.can_settle
    public = [g.public_vp(p) for p in range(n)]
    rows = []
    for p in range(n):
        pips = [0.0] * len(RESOURCES)
        for node in g.buildings_of(p):
            level = s.node_level[node]
            for h, resource, count in node_yield[node]:
                if h != s.robber:
                    pips[resource] += count * level
        # Spots at the ends of its roads where the distance rule lets it settle: where it can grow next.
        ends = {node for e in g.roads_of(p) for node in edges[e]}
        spots = [node for node in ends if can_settle(node)]
        hand = s.hands[p]
        cards = sum(hand)
        places = (s.roads_left[p] > 0, bool(spots) and s.settlements_left[p] > 0,
                  s.cities_left[p] > 0 and any(s.node_level[node] == 1 for node in g.buildings_of(p)), bool(s.dev_deck))
        lacking = [(sum(max(0, c - h) for c, h in zip(cost, hand)) if place else most) / most
                   for (cost, most), place in zip(BUILDS, places)]
        best_other = max((public[q] for q in range(n) if q != p), default=0)
        rates = s.rates[p] if p < len(s.rates) else (4,) * len(RESOURCES)
        rows.append((
            public[p] / 10, (public[p] - best_other) / 10, *(x / 10 for x in pips), sum(pips) / 20,
            min(cards, 7) / 7, max(0, cards - 7) / 7, sum(s.dev_hand[p]) / 5, s.dev_played[p][KNIGHT] / 5,
            s.road_length[p] / 10, float(s.longest_holder == p), float(s.army_holder == p),
            s.settlements_left[p] / 5, s.cities_left[p] / 4, sum(4 - r for r in rates) / 5,
            float(s.current == p), ((p - s.current) % n) / n,
            sum(1 for x in pips if x) / len(RESOURCES), min(len(spots), 3) / 3,
            max((node_pips[node] for node in spots), default=0) / 13, *lacking,
        ))
    return tuple(rows)


# The two-player game adds each seat's trade cards: a currency its trade-card actions spend, which a network blind
# to it would let a search spend for nothing.
TWO_PLAYER_NAMES: tuple[str, ...] = (*CATAN_NAMES, "trade cards")


def two_player_features(game: Game) -> Features:
    """Every seat's public facts in Catan for two: Catan's, and its trade cards out of the most it may hold."""
    from game.catan.two_player import TRADE_CARDS_MAX

    held = game.state.extra["trade_cards"]  # type: ignore[attr-defined]
    return tuple((*row, held[p] / TRADE_CARDS_MAX) for p, row in enumerate(catan_features(game)))


CARDS_NAMES: tuple[str, ...] = (
    "points", "lead in points", "cards in hand", "cards over 7", "resource kinds held", "settlements", "cities",
    "developments", "roads", "A-side roads", "knights", "A-side knights", "on turn", "seats until its turn",
)


def cards_features(game: Game) -> Features:
    """Every seat's facts in a quick card game, scaled to about 0..1."""
    g: Any = game
    s = g.state
    n = g.num_players
    points = [g.vp(p) for p in range(n)]
    rows = []
    for p in range(n):
        hand = s.hands[p]
        cards = sum(hand)
        best_other = max((points[q] for q in range(n) if q != p), default=0)
        rows.append((
            points[p] / 10, (points[p] - best_other) / 10, min(cards, 7) / 7, max(0, cards - 7) / 7,
            sum(1 for x in hand if x) / len(hand), len(s.settlements[p]) / 5, len(s.cities[p]) / 4,
            len(s.developed[p]) / 4, len(s.roads[p]) / 5, g.a_side(s.roads[p]) / 3, len(s.knights[p]) / 5,
            g.a_side(s.knights[p]) / 3, float(s.current == p), ((p - s.current) % n) / n,
        ))
    return tuple(rows)


def feature_reader(variant_id: str, players: int) -> tuple[tuple[str, ...], Callable[[Game], Features]]:
    """The feature names and reader of a variant: Catan's rich public facts, or the family's fitted-evaluation
    facts (Rivals); GameError for a family without one."""
    family = get_variant(variant_id).family
    if family == "catan":
        return (TWO_PLAYER_NAMES, two_player_features) if players == 2 else (CATAN_NAMES, catan_features)
    if family == "rivals":
        from game.ai.fit_models import rivals_model

        model = rivals_model(variant_id)
        return model.names, model.facts
    if family == "cards":
        return CARDS_NAMES, cards_features
    raise GameError(f"no learned evaluation for {family!r} games yet")
