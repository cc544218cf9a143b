"""Length of a player's longest single trail of roads; opponents' buildings break it."""

from __future__ import annotations

from itertools import compress

from game.catan.geometry import Topology

_INDICES = tuple(range(128))


def owned(owners: list[int], player: int) -> list[int]:
    """Indices whose owner is the player (a C-speed scan; this runs in every legal-action listing)."""
    return list(compress(_INDICES, map(player.__eq__, owners)))


def longest_road(topo: Topology, edge_owner: list[int], node_owner: list[int], player: int) -> int:
    """Longest trail of the player's roads that passes no opponent's building (branches do not add)."""
    edges = topo.edges
    own = owned(edge_owner, player)
    if len(own) <= 1:
        return len(own)
    # Local graph of the player's roads: node -> [(edge bit, other node)].
    links: dict[int, list[tuple[int, int]]] = {}
    for i, e in enumerate(own):
        a, b = edges[e]
        links.setdefault(a, []).append((1 << i, b))
        links.setdefault(b, []).append((1 << i, a))
    blocked = {n for n in links if node_owner[n] != -1 and node_owner[n] != player}
    total = len(own)
    best = 0

    def walk(node: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and node in blocked:
            return  # an opponent's building ends the trail here
        for bit, other in links[node]:
            if not used & bit:
                walk(other, used | bit, length + 1)

    for n in _start_nodes(links, blocked):
        walk(n, 0, 0)
        if best == total:
            break
    return best


def _start_nodes(links: dict[int, list[tuple[int, int]]], blocked: set[int]) -> list[int]:
    """Where a longest trail can begin: dead ends, forks, opponents' buildings, or anywhere on a pure loop.

    A trail starting at an unblocked node with two own roads could be made longer by the unused one,
    unless it is a closed loop, which can start at any of its nodes.
    """
    starts = [n for n, ls in links.items() if len(ls) != 2 or n in blocked]
    start_set = set(starts)
    seen: set[int] = set()
    for node in links:
        if node in seen:
            continue
        stack, component_has_start = [node], False
        seen.add(node)
        while stack:
            x = stack.pop()
            component_has_start = component_has_start or x in start_set
            for _, y in links[x]:
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
        if not component_has_start:
            starts.append(node)
    return starts
