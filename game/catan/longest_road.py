"""Length of a player's longest single trail of roads; opponents' buildings break it."""

from __future__ import annotations

from game.catan.geometry import Topology


def longest_road(topo: Topology, edge_owner: list[int], node_owner: list[int], player: int) -> int:
    """Longest trail of the player's roads that passes no opponent's building (branches do not add)."""
    own = [e for e, owner in enumerate(edge_owner) if owner == player]
    if not own:
        return 0
    edges = topo.edges
    node_edges = topo.node_edges
    best = 0

    def walk(node: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        holder = node_owner[node]
        if length and holder != -1 and holder != player:
            return  # an opponent's building ends the trail here
        for e in node_edges[node]:
            bit = 1 << e
            if edge_owner[e] == player and not used & bit:
                a, b = edges[e]
                walk(b if a == node else a, used | bit, length + 1)

    starts = {n for e in own for n in edges[e]}
    for n in starts:
        walk(n, 0, 0)
        if best == len(own):
            break
    return best
