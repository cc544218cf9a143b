"""Static analysis of a board: pips, spot quality, the checks board generators use, and one balance score.

The balance score (0-100, higher is fairer) is

    100 - 12*A - 5*E - 4*S - 3*C - 40*R - 30*T      (never below 0)

A: pairs of neighbouring hexes both holding a 6 or an 8;
E: pairs of neighbouring hexes holding the same number;
S: tokens that repeat a number already on another hex of the same resource;
C: hexes beyond the second in each connected cluster of one terrain;
R: the coefficient of variation of the pips per hex of the five resources (0 when every resource gets the
   same pips per hex; starved or rich resources raise it);
T: how far the eighth-best starting spot falls behind the best, as a fraction of the best
   (a board with one outstanding spot hands it to the first player).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

from game.catan.constants import HARBOR_RESOURCE, PIPS, RESOURCES, TERRAIN_RESOURCE
from game.catan.geometry import topology
from game.lab.layout import LabLayout

SCORE_FORMULA = "100 - 12*A - 5*E - 4*S - 3*C - 40*R - 30*T"
VARIETY_BONUS = 1.0
OWN_HARBOR_BONUS = 1.5
HARBOR_BONUS = 1.0
STARVED_SHARE = 0.75
BEST_SPOTS = 10
SPOTS_IN_SETUP = 8


@dataclass(frozen=True, slots=True)
class Spot:
    """An intersection's worth as a starting spot."""

    node: int
    pips: int
    variety: int
    harbor: str | None
    quality: float


@dataclass(frozen=True, slots=True)
class HarborValue:
    """What a harbor is worth: the pips at its two intersections, and for a 2:1 harbor its resource's pips."""

    edge: int
    kind: str
    spot_pips: int
    resource_pips: int | None
    own_resource_pips: int


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every static figure of one layout."""

    hex_pips: tuple[int, ...]
    resource_pips: tuple[int, ...]
    resource_hexes: tuple[int, ...]
    spots: tuple[Spot, ...]
    best_spots: tuple[int, ...]
    adjacent_red: tuple[tuple[int, int], ...]
    equal_neighbours: tuple[tuple[int, int, int], ...]
    repeated_numbers: tuple[tuple[int, int, tuple[int, ...]], ...]
    clusters: tuple[tuple[str, tuple[int, ...]], ...]
    starved: tuple[int, ...]
    harbors: tuple[HarborValue, ...]
    resource_spread: float
    spot_spread: float
    score: float

    @property
    def total_pips(self) -> int:
        """Pips on the whole board (58 on every printed board)."""
        return sum(self.resource_pips)

    def penalties(self) -> dict[str, float]:
        """The terms of the balance score, by letter."""
        return {
            "A": len(self.adjacent_red),
            "E": len(self.equal_neighbours),
            "S": sum(len(hexes) - 1 for _, _, hexes in self.repeated_numbers),
            "C": sum(max(0, len(hexes) - 2) for _, hexes in self.clusters),
            "R": round(self.resource_spread, 4),
            "T": round(self.spot_spread, 4),
        }

    def to_json(self) -> dict[str, Any]:
        """Every figure as plain JSON (hexes, intersections and paths by index; resources by name)."""
        return {
            "hex_pips": list(self.hex_pips),
            "resource_pips": dict(zip(RESOURCES, self.resource_pips)),
            "resource_hexes": dict(zip(RESOURCES, self.resource_hexes)),
            "total_pips": self.total_pips,
            "spot_quality": [round(s.quality, 2) for s in self.spots],
            "best_spots": [
                {"node": n, "name": topology().node_names[n], "pips": self.spots[n].pips,
                 "variety": self.spots[n].variety, "harbor": self.spots[n].harbor,
                 "quality": round(self.spots[n].quality, 2)}
                for n in self.best_spots
            ],
            "checks": {
                "adjacent_6_8": [list(p) for p in self.adjacent_red],
                "equal_neighbours": [{"hexes": [a, b], "number": n} for a, b, n in self.equal_neighbours],
                "repeated_numbers": [{"resource": RESOURCES[r], "number": n, "hexes": list(h)}
                                     for r, n, h in self.repeated_numbers],
                "terrain_clusters": [{"terrain": t, "hexes": list(h)} for t, h in self.clusters],
                "starved_resources": [RESOURCES[r] for r in self.starved],
                "harbors": [{"edge": h.edge, "type": h.kind, "spot_pips": h.spot_pips,
                             "resource_pips": h.resource_pips, "own_resource_pips": h.own_resource_pips}
                            for h in self.harbors],
            },
            "score": round(self.score, 1),
            "score_formula": SCORE_FORMULA,
            "score_terms": self.penalties(),
        }


def analyse(layout: LabLayout) -> Analysis:
    """All static figures of a layout (any layout, legal or not)."""
    topo = topology()
    hex_res = [TERRAIN_RESOURCE[t] for t in layout.terrains]
    hex_pips = tuple(PIPS.get(n, 0) if r is not None else 0 for r, n in zip(hex_res, layout.numbers))
    resource_pips = [0] * 5
    resource_hexes = [0] * 5
    for r, p in zip(hex_res, hex_pips):
        if r is not None:
            resource_pips[r] += p
            resource_hexes[r] += 1
    node_harbor: dict[int, str] = {}
    for e, kind in layout.harbors:
        for node in topo.edges[e]:
            node_harbor.setdefault(node, kind)
    spots = tuple(_spot(n, topo.node_hexes[n], hex_res, hex_pips, node_harbor.get(n)) for n in range(topo.num_nodes))
    ranked = sorted(range(topo.num_nodes), key=lambda n: (-spots[n].quality, n))
    adjacent_red, equal = [], []
    for a in range(19):
        for b in topo.hex_neighbors[a]:
            if a < b and layout.numbers[a] and layout.numbers[a] == layout.numbers[b]:
                equal.append((a, b, layout.numbers[a]))
            if a < b and layout.numbers[a] in (6, 8) and layout.numbers[b] in (6, 8):
                adjacent_red.append((a, b))
    repeated = []
    for r in range(5):
        by_number: dict[int, list[int]] = {}
        for h in range(19):
            if hex_res[h] == r and layout.numbers[h]:
                by_number.setdefault(layout.numbers[h], []).append(h)
        repeated.extend((r, n, tuple(hs)) for n, hs in sorted(by_number.items()) if len(hs) > 1)
    per_hex = [resource_pips[r] / resource_hexes[r] if resource_hexes[r] else 0.0 for r in range(5)]
    land = sum(resource_hexes)
    total = sum(resource_pips)
    starved = tuple(r for r in range(5)
                    if land and resource_pips[r] < STARVED_SHARE * total * resource_hexes[r] / land
                    or not resource_hexes[r])
    mean = statistics.fmean(per_hex) if per_hex else 0.0
    resource_spread = statistics.pstdev(per_hex) / mean if mean else 0.0
    best = spots[ranked[0]].quality
    eighth = spots[ranked[SPOTS_IN_SETUP - 1]].quality
    spot_spread = (best - eighth) / best if best else 0.0
    harbors = tuple(_harbor_value(e, kind, topo, hex_res, hex_pips, resource_pips) for e, kind in layout.harbors)
    clusters = _clusters(layout.terrains, topo.hex_neighbors)
    analysis = Analysis(hex_pips, tuple(resource_pips), tuple(resource_hexes), spots, tuple(ranked[:BEST_SPOTS]),
                        tuple(adjacent_red), tuple(equal), tuple(repeated), clusters, starved, harbors,
                        resource_spread, spot_spread, 0.0)
    terms = analysis.penalties()
    score = 100 - 12 * terms["A"] - 5 * terms["E"] - 4 * terms["S"] - 3 * terms["C"] - 40 * resource_spread \
        - 30 * spot_spread
    return Analysis(*[getattr(analysis, f) for f in Analysis.__dataclass_fields__][:-1], max(0.0, score))


def _spot(node: int, hexes: tuple[int, ...], hex_res: list[int | None], hex_pips: tuple[int, ...],
          harbor: str | None) -> Spot:
    pips = sum(hex_pips[h] for h in hexes)
    produced = {hex_res[h] for h in hexes if hex_res[h] is not None and hex_pips[h]}
    quality = pips + VARIETY_BONUS * max(0, len(produced) - 1)
    if harbor is not None:
        res = HARBOR_RESOURCE[harbor]
        quality += OWN_HARBOR_BONUS if res is not None and res in produced else HARBOR_BONUS
    return Spot(node, pips, len(produced), harbor, quality)


def _harbor_value(edge: int, kind: str, topo: Any, hex_res: list[int | None], hex_pips: tuple[int, ...],
                  resource_pips: list[int]) -> HarborValue:
    hexes = {h for node in topo.edges[edge] for h in topo.node_hexes[node]}
    res = HARBOR_RESOURCE[kind]
    own = sum(hex_pips[h] for h in hexes if res is not None and hex_res[h] == res)
    return HarborValue(edge, kind, sum(hex_pips[h] for h in hexes), None if res is None else resource_pips[res], own)


def _clusters(terrains: tuple[str, ...], neighbors: tuple[tuple[int, ...], ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Connected groups of two or more hexes of one terrain (the desert included)."""
    seen: set[int] = set()
    out = []
    for start in range(19):
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            h = stack.pop()
            group.append(h)
            for n in neighbors[h]:
                if n not in seen and terrains[n] == terrains[start]:
                    seen.add(n)
                    stack.append(n)
        if len(group) > 1:
            out.append((terrains[start], tuple(sorted(group))))
    return tuple(out)


def compare(layouts: list[LabLayout]) -> list[dict[str, Any]]:
    """Side-by-side figures of several layouts: name, legality, score and its terms, pips per resource."""
    rows = []
    for layout in layouts:
        a = analyse(layout)
        rows.append({"name": layout.name, "legal": layout.is_legal(), "experimental": layout.experimental,
                     "score": round(a.score, 1), "terms": a.penalties(),
                     "resource_pips": dict(zip(RESOURCES, a.resource_pips)),
                     "best_spot_quality": round(a.spots[a.best_spots[0]].quality, 2)})
    return rows
