"""Length of a player's longest single trail of roads; opponents' buildings break it."""

from __future__ import annotations

from itertools import compress

from game.catan.geometry import Topology

_INDICES = tuple(range(128))


def owned(owners: list[int], player: int) -> list[int]:
    """Indices whose owner is the player (a C-speed scan; this runs in every legal-action listing)."""
    return list(compress(_INDICES, map(player.__eq__, owners)))


def longest_road(topo: Topology, edge_owner: list[int], node_owner: list[int], player: int,
                 roads: tuple[int, ...] | None = None) -> int:
    """Longest trail of the player's roads that passes no opponent's building (branches do not add).

    `roads` may give the player's roads when the caller already knows them.
    """
    own = roads if roads is not None else owned(edge_owner, player)
    total = len(own)
    if total <= 1:
        return total
    edges = topo.edges
    tree_length = _forest_longest_path(own, edges, node_owner, player)
    if tree_length is not None:
        return tree_length
    # Local graph of the player's roads: node -> [(edge bit, other node)].
    links: dict[int, list[tuple[int, int]]] = {}
    bit = 1
    for e in own:
        a, b = edges[e]
        if a in links:
            links[a].append((bit, b))
        else:
            links[a] = [(bit, b)]
        if b in links:
            links[b].append((bit, a))
        else:
            links[b] = [(bit, a)]
        bit <<= 1
    blocked = {n for n in links if node_owner[n] != -1 and node_owner[n] != player}

    best = 0
    for n in _start_nodes(links, blocked):
        length = _walk(links, blocked, n, 0)
        if length > best:
            best = length
            if best == total:
                break
    return best


def _forest_longest_path(own: tuple[int, ...] | list[int], edges: tuple[tuple[int, int], ...],
                         node_owner: list[int], player: int) -> int | None:
    """The longest trail when the roads form no loop (the usual case), by two sweeps per piece; None if
    there is a loop. An opponent's building is split into one dead end per road, so trails stop there."""
    adjacency: dict[object, list[object]] = {}
    for e in own:
        ends = []
        for n in edges[e]:
            holder = node_owner[n]
            ends.append((n, e) if holder != -1 and holder != player else n)
        a, b = ends
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    seen: set[object] = set()
    pieces = 0
    best = 0
    for start in adjacency:
        if start in seen:
            continue
        pieces += 1
        far, _, reached = _farthest(adjacency, start)
        seen.update(reached)
        _, length, _ = _farthest(adjacency, far)
        best = max(best, length)
    if len(own) != len(adjacency) - pieces:
        return None
    return best


def _farthest(adjacency: dict[object, list[object]], start: object) -> tuple[object, int, list[object]]:
    """Breadth-first sweep: the farthest node from start, its distance, and every node reached."""
    distance = {start: 0}
    order = [start]
    for node in order:
        d = distance[node] + 1
        for other in adjacency[node]:
            if other not in distance:
                distance[other] = d
                order.append(other)
    last = order[-1]
    return last, distance[last], order


def _walk(links: dict[int, list[tuple[int, int]]], blocked: set[int], node: int, used: int) -> int:
    """Longest continuation from node without reusing the roads in `used` (a bit set)."""
    best = 0
    for edge_bit, other in links[node]:
        if not used & edge_bit:
            # An opponent's building ends the trail at that intersection.
            length = 1 if other in blocked else 1 + _walk(links, blocked, other, used | edge_bit)
            if length > best:
                best = length
    return best


def _start_nodes(links: dict[int, list[tuple[int, int]]], blocked: set[int]) -> list[int]:
    """Where a longest trail can begin: dead ends, forks, opponents' buildings, or anywhere on a pure loop.

    A trail starting at an unblocked node with two own roads could be made longer by the unused one,
    unless it is a closed loop, which can start at any of its nodes.
    """
    starts = [n for n, ls in links.items() if len(ls) != 2 or n in blocked]
    if len(starts) == len(links):
        return starts
    reached = set(starts)
    stack = list(starts)
    _spread(links, reached, stack)
    for node in links:
        if node not in reached:
            starts.append(node)  # a component made only of a loop
            reached.add(node)
            stack.append(node)
            _spread(links, reached, stack)
    return starts


def _spread(links: dict[int, list[tuple[int, int]]], reached: set[int], stack: list[int]) -> None:
    """Mark every node connected to those on the stack."""
    while stack:
        x = stack.pop()
        for _, y in links[x]:
            if y not in reached:
                reached.add(y)
                stack.append(y)



def trail_through(topo: Topology, edge_owner: list[int], node_owner: list[int], player: int,
                  edge: int) -> int | None:
    """The longest trail that uses the player's newly built road `edge`, or None if the road closes a loop.

    While the roads on both sides of the new one form trees, a trail through it is the farthest reach on
    one side, plus the road, plus the farthest reach on the other; no other trail can have grown.
    """
    a, b = topo.edges[edge]
    reach_a = _tree_reach(topo, edge_owner, node_owner, player, a, edge)
    if reach_a is None:
        return None
    reach_b = _tree_reach(topo, edge_owner, node_owner, player, b, edge)
    if reach_b is None:
        return None
    if reach_a[1] & reach_b[1]:
        return None  # both ends already joined: the new road closes a loop
    return 1 + reach_a[0] + reach_b[0]


def _tree_reach(topo: Topology, edge_owner: list[int], node_owner: list[int], player: int, start: int,
                skip: int) -> tuple[int, set[int]] | None:
    """How far the player's roads reach from `start` (not using road `skip`) and the nodes they touch,
    or None if those roads hold a loop. An opponent's building ends a trail and is not passed."""
    holder = node_owner[start]
    if holder != -1 and holder != player:
        return 0, set()
    edges = topo.edges
    node_edges = topo.node_edges
    distance = {start: 0}
    order = [start]
    used = {skip}
    best = 0
    for n in order:
        d = distance[n] + 1
        for e in node_edges[n]:
            if e in used or edge_owner[e] != player:
                continue
            used.add(e)
            x, y = edges[e]
            m = y if x == n else x
            if d > best:
                best = d
            holder = node_owner[m]
            if holder != -1 and holder != player:
                continue  # a dead end of its own for every road that reaches it
            if m in distance:
                return None
            distance[m] = d
            order.append(m)
    return best, set(distance)

