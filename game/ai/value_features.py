"""What the learned win-chance network reads of a position: per seat, facts every seat may know (points, production
per resource, hand and development card counts, the road and army race, pieces left, harbours, whose turn)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.catan.constants import KNIGHT, PIPS, RESOURCES, TERRAIN_RESOURCE
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
)


def catan_features(game: Game) -> Features:
    """Every seat's public facts in a Catan game, scaled to about 0..1."""
    g: CatanGame = game  # type: ignore[assignment]
    s = g.state
    n = g.num_players
    board, topo = s.board, g.topo
    public = [g.public_vp(p) for p in range(n)]
    pips = [[0.0] * len(RESOURCES) for _ in range(n)]
    for node, owner in enumerate(s.node_owner):
        if 0 <= owner < n:
            for h in topo.node_hexes[node]:
                resource = TERRAIN_RESOURCE[board.terrains[h]]
                if h != s.robber and resource is not None:
                    pips[owner][resource] += PIPS.get(board.numbers[h], 0) * s.node_level[node]
    rows = []
    for p in range(n):
        cards = sum(s.hands[p])
        best_other = max((public[q] for q in range(n) if q != p), default=0)
        rates = s.rates[p] if p < len(s.rates) else (4,) * len(RESOURCES)
        rows.append((
            public[p] / 10, (public[p] - best_other) / 10, *(x / 10 for x in pips[p]), sum(pips[p]) / 20,
            min(cards, 7) / 7, max(0, cards - 7) / 7, sum(s.dev_hand[p]) / 5, s.dev_played[p][KNIGHT] / 5,
            s.road_length[p] / 10, float(s.longest_holder == p), float(s.army_holder == p),
            s.settlements_left[p] / 5, s.cities_left[p] / 4, sum(4 - r for r in rates) / 5,
            float(s.current == p), ((p - s.current) % n) / n,
        ))
    return tuple(rows)


def feature_reader(variant_id: str, players: int) -> tuple[tuple[str, ...], Callable[[Game], Features]]:
    """The feature names and reader of a variant: Catan's rich public facts, or the family's fitted-evaluation
    facts (Rivals); GameError for a family without one."""
    family = get_variant(variant_id).family
    if family == "catan":
        return CATAN_NAMES, catan_features
    if family == "rivals":
        from game.ai.fit_models import rivals_model

        model = rivals_model(variant_id)
        return model.names, model.facts
    raise GameError(f"no learned evaluation for {family!r} games yet")
