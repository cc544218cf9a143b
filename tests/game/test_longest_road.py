"""The longest-road search against a brute-force search over every trail, on random road sets."""

from __future__ import annotations

import random

from game.catan.geometry import topology
from game.catan.longest_road import longest_road, trail_through


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


def test_trail_through_a_new_road_gives_the_new_longest_road() -> None:
    """Adding one road: the longer of the old longest road and the trail through the new one is the new
    longest road (brute force), unless the road closes a loop, which trail_through reports as None."""
    rng = random.Random(77)
    topo = topology()
    grown = 0
    for _ in range(1500):
        edge_owner = [-1] * topo.num_edges
        node_owner = [-1] * topo.num_nodes
        for _ in range(rng.randint(0, 12)):
            edge_owner[rng.randrange(topo.num_edges)] = 0
        for _ in range(rng.randint(0, 4)):
            node_owner[rng.randrange(topo.num_nodes)] = rng.choice([0, 1])
        free = [e for e in range(topo.num_edges) if edge_owner[e] == -1]
        edge = rng.choice(free)
        before = brute_force(edge_owner, node_owner, 0)
        edge_owner[edge] = 0
        through = trail_through(topo, edge_owner, node_owner, 0, edge)
        after = brute_force(edge_owner, node_owner, 0)
        if through is None:
            continue
        assert max(before, through) == after
        grown += after > before
    assert grown > 300  # the new road lengthened the longest road in many of the cases


def test_trail_through_reports_a_closed_loop() -> None:
    """The sixth road around a hex closes a loop: no shortcut, the caller searches all roads."""
    topo = topology()
    corners = topo.hex_nodes[9]
    ring = [topo.edge(corners[i], corners[(i + 1) % 6]) for i in range(6)]
    edge_owner = [-1] * topo.num_edges
    node_owner = [-1] * topo.num_nodes
    for e in ring[:5]:
        edge_owner[e] = 0
        assert trail_through(topo, edge_owner, node_owner, 0, e) is not None
    edge_owner[ring[5]] = 0
    assert trail_through(topo, edge_owner, node_owner, 0, ring[5]) is None
    assert longest_road(topo, edge_owner, node_owner, 0) == 6
