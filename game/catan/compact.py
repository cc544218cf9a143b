"""The compact edition's board: 6 double-sided parts (3 large, 3 small) laid clockwise round the box."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from game.catan.board import Board
from game.catan.geometry import CORNER_HEXES, CORNERS, topology
from game.core.chance import Chance
from game.core.errors import InvalidPosition

PARTS_RESOURCE = ("data", "compact_parts.json")  # package data of game.catan
# Corner hexes clockwise from the top left: slot k of the box lies at CORNERS_CLOCKWISE[k].
CORNERS_CLOCKWISE: tuple[int, ...] = (0, 2, 11, 18, 16, 7)


@dataclass(frozen=True, slots=True)
class PartSide:
    """One printed side of a part as it lies in its home slot: (hex, terrain, number) and (hex, sea side, harbor)."""

    hexes: tuple[tuple[int, str, int], ...]
    harbors: tuple[tuple[int, str, str], ...]


@dataclass(frozen=True, slots=True)
class Part:
    """A double-sided board part: its number, size, home slot and both sides."""

    id: int
    large: bool
    home_slot: int
    sides: dict[str, PartSide]


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a part lies: which part, which side up, in which slot of the box."""

    part: int
    side: str
    slot: int

    @property
    def label(self) -> str:
        """The printed label, e.g. 'A1' or 'B4'."""
        return f"{self.side}{self.part}"


@cache
def compact_parts() -> tuple[Part, ...]:
    """The six parts, read once from the data file."""
    data = json.loads(resources.files("game.catan").joinpath(*PARTS_RESOURCE).read_text(encoding="utf-8"))
    parts = []
    for entry in data["parts"]:
        sides = {
            name: PartSide(
                hexes=tuple((h, terrain, number or 0) for h, terrain, number in entry[name]["hexes"]),
                harbors=tuple((h, side, kind) for h, side, kind in entry[name]["harbors"]),
            )
            for name in ("A", "B")
        }
        parts.append(Part(entry["id"], entry["size"] == "large", entry["home_slot"], sides))
    return tuple(parts)


def rotate_hex(h: int, steps: int) -> int:
    """The hex that h becomes when the board turns clockwise by steps x 60 degrees."""
    topo = topology()
    q, r = topo.hex_coords[h]
    for _ in range(steps % 6):
        q, r = -r, q + r
    return topo.hex_coords.index((q, r))


def rotate_edge(e: int, steps: int) -> int:
    """The path that e becomes when the board turns clockwise by steps x 60 degrees."""
    topo = topology()
    ends = []
    for node in topo.edges[e]:
        alias = next(name for name, n in topo.node_aliases.items() if n == node)
        h, corner = alias[1:].split(".")
        turned = CORNERS[(CORNERS.index(corner) + steps) % 6]
        ends.append(topo.node(f"h{rotate_hex(int(h), steps)}.{turned}"))
    return topo.edge(ends[0], ends[1])


def assemble(placements: tuple[Placement, ...]) -> Board:
    """Lay the parts into their slots (turned to fit) and return the board they make."""
    topo = topology()
    terrains = [""] * 19
    numbers = [0] * 19
    harbors: dict[int, str] = {}
    groups: list[tuple[int, ...]] = []
    parts = {p.id: p for p in compact_parts()}
    for placement in placements:
        part = parts[placement.part]
        steps = placement.slot - part.home_slot
        side = part.sides[placement.side]
        group = []
        for h, terrain, number in side.hexes:
            target = rotate_hex(h, steps)
            if terrains[target]:
                raise InvalidPosition(f"compact board: two parts cover hex {target}")
            terrains[target], numbers[target] = terrain, number
            group.append(target)
        for h, sea_side, kind in side.harbors:
            harbors[rotate_edge(topo.side_edge(h, sea_side), steps)] = kind
        groups.append(tuple(sorted(group)))
    if not all(terrains):
        raise InvalidPosition("compact board: the parts leave hexes uncovered")
    edges = tuple(sorted(harbors))
    board = Board(tuple(terrains), tuple(numbers), tuple(harbors[e] for e in edges), edges, tuple(groups))
    if set(edges) == set(topo.harbor_edges):
        board = Board(board.terrains, board.numbers, tuple(harbors[e] for e in topo.harbor_edges), (), board.parts)
    board.check_components()
    return board


def beginner_placements() -> tuple[Placement, ...]:
    """All parts on side A, clockwise from A1 in the top-left corner: the beginner board."""
    return tuple(Placement(p.id, "A", p.home_slot) for p in compact_parts())


def random_placements(chance: Chance) -> tuple[Placement, ...]:
    """A random large part (random side) into a random corner, then small and large alternately clockwise."""
    parts = compact_parts()
    large = chance.shuffled([p.id for p in parts if p.large])
    small = chance.shuffled([p.id for p in parts if not p.large])
    start = chance.index(6)
    order = [large[0], small[0], large[1], small[1], large[2], small[2]]
    placements = []
    for i, part in enumerate(order):
        side = "AB"[chance.index(2)]
        placements.append(Placement(part, side, (start + i) % 6))
    return tuple(placements)


def placements_to_json(placements: tuple[Placement, ...]) -> list[dict[str, Any]]:
    """JSON form of an arrangement (for layout files and the new-game screen)."""
    return [{"part": p.part, "side": p.side, "slot": p.slot} for p in placements]


def placements_from_json(data: Any) -> tuple[Placement, ...]:
    """Read and check an arrangement: each part once, slots 0-5 once, large parts on alternate slots."""
    if not isinstance(data, list) or len(data) != 6:
        raise InvalidPosition("compact arrangement: needs 6 parts")
    # Exact types: no 1.9 or "1" read as part 1.
    for d in data:
        if (not isinstance(d, dict) or type(d.get("part")) is not int or type(d.get("slot")) is not int
                or type(d.get("side")) is not str):
            raise InvalidPosition("compact arrangement: each entry needs a whole-number part and slot and a side")
    placements = tuple(Placement(d["part"], d["side"], d["slot"]) for d in data)
    if sorted(p.part for p in placements) != [1, 2, 3, 4, 5, 6]:
        raise InvalidPosition("compact arrangement: each part 1-6 exactly once")
    if sorted(p.slot for p in placements) != list(range(6)):
        raise InvalidPosition("compact arrangement: each slot 0-5 exactly once")
    if any(p.side not in ("A", "B") for p in placements):
        raise InvalidPosition("compact arrangement: sides are A or B")
    large = {p.id for p in compact_parts() if p.large}
    large_slots = {p.slot % 2 for p in placements if p.part in large}
    if len(large_slots) != 1:
        raise InvalidPosition("compact arrangement: large and small parts must alternate round the box")
    return placements


def corner_of_slot(slot: int) -> int:
    """The corner hex of a slot."""
    return CORNERS_CLOCKWISE[slot]


assert set(CORNERS_CLOCKWISE) == set(CORNER_HEXES)


def compact_layout(placements: tuple[Placement, ...]) -> dict[str, Any]:
    """A layout file for an arrangement: the parts and, for readers that know no parts, the board they make."""
    return {"format": "catan-table-layout", "version": 1, "compact_parts": placements_to_json(placements),
            "board": assemble(placements).to_json()}
