"""How the games of a layout opened: how varied the set-up was, which spots each seat took, and what makes them good."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.catan.constants import PIPS
from game.catan.geometry import topology
from game.lab.analysis import Analysis
from game.lab.layout import LabLayout

TOP_SPOTS = 3


def openings(records: Sequence[dict[str, Any]], players: int, layout: LabLayout, analysis: Analysis,
             placed: bool) -> dict[str, Any]:
    """The openings of a layout's played games.

    `placed` says whether the players placed their starting settlements (a free set-up, or a board without
    starting pieces); otherwise every game opened with the board's printed pieces and only their facts are given.
    """
    games = len(records)
    first_rounds = {tuple(seat[0] for seat in r["setup_settlements"] if seat) for r in records}
    whole = {tuple(tuple(seat) for seat in r["setup_settlements"]) for r in records}
    by_position = []
    for seat in range(players):
        counts = Counter(node for r in records for node in dict.fromkeys(r["setup_settlements"][seat]))
        top = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:TOP_SPOTS]
        by_position.append({"position": seat, "spots": [
            {**spot_facts(layout, analysis, node), "games": count, "share": round(count / games, 4)}
            for node, count in top]})
    return {"placed": placed, "games": games,
            "distinct_first_rounds": len(first_rounds) if placed else 0,
            "distinct_openings": len(whole) if placed else 0,
            "by_position": by_position}


def spot_facts(layout: LabLayout, analysis: Analysis, node: int) -> dict[str, Any]:
    """What a starting spot offers: its name, the hexes round it (number, terrain, pips), harbour and quality."""
    topo = topology()
    spot = analysis.spots[node]
    hexes = [{"hex": h, "terrain": layout.terrains[h], "number": layout.numbers[h] or None,
              "pips": PIPS.get(layout.numbers[h], 0) if layout.numbers[h] else 0}
             for h in topo.node_hexes[node]]
    return {"node": node, "name": topo.node_name(node), "pips": spot.pips, "harbor": spot.harbor,
            "quality": round(spot.quality, 2), "rank": analysis_rank(analysis, node), "hexes": hexes}


def analysis_rank(analysis: Analysis, node: int) -> int:
    """The spot's place (1 = best) among all intersections by static quality."""
    quality = analysis.spots[node].quality
    return 1 + sum(1 for other in analysis.spots if other.quality > quality)
