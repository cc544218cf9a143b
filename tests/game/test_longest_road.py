"""The longest-road search against a brute-force search over every trail, on random road sets."""

from __future__ import annotations

import random

from game.catan.geometry import topology
from game.catan.longest_road import longest_road


def brute_force(edge_owner: list[int], node_owner: list[int], player: int) -> int:
    """Try every trail from every intersection (slow, obviously right)."""
    topo = topology()
    adjacency: dict[int, list[tuple[int, int]]] = {}
    for e, owner in enumerate(edge_owner):
        if owner == player:
            a, b = topo.edges[e]
            adjacency.setdefault(a, []).append((e, b))
            adjacency.setdefault(b, []).append((e, a))
    best = 0

    def dfs(node: int, used: frozenset[int], first: bool) -> None:
        nonlocal best
        best = max(best, len(used))
        if not first and node_owner[node] not in (-1, player):
            return
        for e, other in adjacency.get(node, []):
            if e not in used:
                dfs(other, used | {e}, False)

    for node in adjacency:
        dfs(node, frozenset(), True)
    return best


def test_longest_road_matches_brute_force() -> None:
    """1,500 random road sets (loops, branches, several pieces, opponents' buildings) agree."""
    rng = random.Random(2024)
    topo = topology()
    for _ in range(1500):
        edge_owner = [-1] * topo.num_edges
        node_owner = [-1] * topo.num_nodes
        for _ in range(rng.randint(0, 15)):
            edge_owner[rng.randrange(topo.num_edges)] = 0
        for _ in range(rng.randint(0, 4)):
            node_owner[rng.randrange(topo.num_nodes)] = rng.choice([0, 1])
        assert longest_road(topo, edge_owner, node_owner, 0) == brute_force(edge_owner, node_owner, 0)
