"""Hex geometry of the 19-hex board: intersections, paths, corner names, harbor spots, spirals."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

CORNERS: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
SIDES: tuple[str, ...] = ("NE", "E", "SE", "SW", "W", "NW")
# A side joins two corners: side NE = N-NE, E = NE-SE, ...
SIDE_CORNERS: dict[str, tuple[str, str]] = {
    "NE": ("N", "NE"), "E": ("NE", "SE"), "SE": ("SE", "S"),
    "SW": ("S", "SW"), "W": ("SW", "NW"), "NW": ("NW", "N"),
}
# Corner offsets in integer units: x in half hex widths, y in quarter hex heights.
_CORNER_OFFSETS: dict[str, tuple[int, int]] = {
    "N": (0, -2), "NE": (1, -1), "SE": (1, 1), "S": (0, 2), "SW": (-1, 1), "NW": (-1, -1),
}
ROW_Q_RANGES: tuple[tuple[int, int, int], ...] = (
    (-2, 0, 2), (-1, -1, 2), (0, -2, 2), (1, -2, 1), (2, -2, 0),
)
# The 9 harbor spots clockwise from the top left: (land hex, sea side).
HARBOR_SPOTS: tuple[tuple[int, str], ...] = (
    (0, "NW"), (1, "NE"), (6, "NE"), (11, "E"), (15, "SE"), (17, "SE"), (16, "SW"), (12, "W"), (3, "W"),
)
CORNER_HEXES: tuple[int, ...] = (0, 2, 11, 18, 16, 7)


@dataclass(frozen=True, slots=True)
class Topology:
    """Immutable board graph: 19 hexes, 54 intersections, 72 paths."""

    hex_coords: tuple[tuple[int, int], ...]
    hex_neighbors: tuple[tuple[int, ...], ...]
    hex_nodes: tuple[tuple[int, ...], ...]
    node_names: tuple[str, ...]
    node_aliases: dict[str, int]
    node_hexes: tuple[tuple[int, ...], ...]
    node_xy: tuple[tuple[int, int], ...]
    node_neighbors: tuple[tuple[int, ...], ...]
    node_edges: tuple[tuple[int, ...], ...]
    edges: tuple[tuple[int, int], ...]
    edge_index: dict[tuple[int, int], int]
    coastal: tuple[bool, ...]
    harbor_edges: tuple[int, ...]

    @property
    def num_nodes(self) -> int:
        """54 intersections."""
        return len(self.node_names)

    @property
    def num_edges(self) -> int:
        """72 paths."""
        return len(self.edges)

    def node(self, name: str) -> int:
        """Index of an intersection given any alias like 'h4.SE'; KeyError if unknown."""
        return self.node_aliases[name]

    def hex_name(self, h: int) -> str:
        """How a hex is named everywhere (files, CLI, charts, the lab screen): its index 0-18, row by row from the
        top-left hex, each row left to right; IndexError for no hex of the board."""
        if not 0 <= h < len(self.hex_coords):
            raise IndexError(f"a hex is 0-{len(self.hex_coords) - 1}, got {h}")
        return str(h)

    def node_name(self, n: int) -> str:
        """An intersection's canonical name, 'h<hex>.<corner>' after its lowest-numbered hex (e.g. 'h9.S')."""
        return self.node_names[n]

    def edge(self, a: int, b: int) -> int:
        """Index of the path between two intersections; KeyError if they are not adjacent."""
        return self.edge_index[(a, b) if a < b else (b, a)]

    def edge_name(self, e: int) -> tuple[str, str]:
        """The path as a pair of canonical intersection names."""
        a, b = self.edges[e]
        return self.node_names[a], self.node_names[b]

    def coastal_side(self, e: int) -> tuple[int, str] | None:
        """For a coastal path, the one land hex it borders and that hex's side; None for an inland path."""
        a, b = self.edges[e]
        shared = set(self.node_hexes[a]) & set(self.node_hexes[b])
        if len(shared) != 1:
            return None
        h = shared.pop()
        nodes = self.hex_nodes[h]
        for side, (c1, c2) in SIDE_CORNERS.items():
            if {nodes[CORNERS.index(c1)], nodes[CORNERS.index(c2)]} == {a, b}:
                return h, side
        return None

    def side_edge(self, hex_index: int, side: str) -> int:
        """The path along a hex side."""
        c1, c2 = SIDE_CORNERS[side]
        nodes = self.hex_nodes[hex_index]
        return self.edge(nodes[CORNERS.index(c1)], nodes[CORNERS.index(c2)])


@cache
def topology() -> Topology:
    """Build (once) the standard 19-hex board graph."""
    hex_coords = tuple((q, r) for r, q0, q1 in ROW_Q_RANGES for q in range(q0, q1 + 1))
    coord_index = {c: i for i, c in enumerate(hex_coords)}
    axial_dirs = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
    hex_neighbors = tuple(
        tuple(coord_index[(q + dq, r + dr)] for dq, dr in axial_dirs if (q + dq, r + dr) in coord_index)
        for q, r in hex_coords
    )
    # Canonical order: by the alias with the smallest hex index, then corner order.
    point_of: dict[tuple[int, int], int] = {}
    names: list[str] = []
    aliases: dict[str, int] = {}
    xy: list[tuple[int, int]] = []
    node_hex_lists: list[list[int]] = []
    hex_nodes: list[tuple[int, ...]] = []
    for h, (q, r) in enumerate(hex_coords):
        cx, cy = 2 * q + r, 3 * r
        corners = []
        for corner in CORNERS:
            dx, dy = _CORNER_OFFSETS[corner]
            p = (cx + dx, cy + dy)
            if p not in point_of:
                point_of[p] = len(names)
                names.append(f"h{h}.{corner}")
                xy.append(p)
                node_hex_lists.append([])
            n = point_of[p]
            aliases[f"h{h}.{corner}"] = n
            node_hex_lists[n].append(h)
            corners.append(n)
        hex_nodes.append(tuple(corners))
    edge_set: set[tuple[int, int]] = set()
    for corners in hex_nodes:
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            edge_set.add((min(a, b), max(a, b)))
    edges = tuple(sorted(edge_set))
    edge_index = {e: i for i, e in enumerate(edges)}
    neighbors: list[list[int]] = [[] for _ in names]
    node_edges: list[list[int]] = [[] for _ in names]
    for i, (a, b) in enumerate(edges):
        neighbors[a].append(b)
        neighbors[b].append(a)
        node_edges[a].append(i)
        node_edges[b].append(i)
    topo = Topology(
        hex_coords=hex_coords,
        hex_neighbors=hex_neighbors,
        hex_nodes=tuple(hex_nodes),
        node_names=tuple(names),
        node_aliases=aliases,
        node_hexes=tuple(tuple(hs) for hs in node_hex_lists),
        node_xy=tuple(xy),
        node_neighbors=tuple(tuple(ns) for ns in neighbors),
        node_edges=tuple(tuple(es) for es in node_edges),
        edges=edges,
        edge_index=edge_index,
        coastal=tuple(len(hs) < 3 for hs in node_hex_lists),
        harbor_edges=(),
    )
    harbor_edges = tuple(topo.side_edge(h, side) for h, side in HARBOR_SPOTS)
    return Topology(**{**{f: getattr(topo, f) for f in Topology.__dataclass_fields__}, "harbor_edges": harbor_edges})


@cache
def spiral_order(start_corner_hex: int) -> tuple[int, ...]:
    """Hex order for laying number tokens: counter-clockwise round the ring from a corner hex, then inward."""
    outer_ccw = (0, 3, 7, 12, 16, 17, 18, 15, 11, 6, 2, 1)
    inner_ccw = (4, 8, 13, 14, 10, 5)
    if start_corner_hex not in CORNER_HEXES:
        raise ValueError(f"hex {start_corner_hex} is not a corner hex")
    k = outer_ccw.index(start_corner_hex)
    outer = outer_ccw[k:] + outer_ccw[:k]
    # The inner ring starts at the inner hex next to the outer start and keeps the same direction.
    inner_start = {0: 4, 7: 8, 16: 13, 18: 14, 11: 10, 2: 5}[start_corner_hex]
    j = inner_ccw.index(inner_start)
    inner = inner_ccw[j:] + inner_ccw[:j]
    return outer + inner + (9,)
