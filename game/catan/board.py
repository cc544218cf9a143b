"""A board: terrain, numbers and harbors on the fixed geometry; loading, saving and generating layouts."""

from __future__ import annotations

import copy
from functools import cache
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.catan.constants import COLORS, HARBOR_SET, HARBOR_TYPES, TERRAIN_COUNTS, TERRAINS, TOKEN_LETTERS
from game.catan.geometry import CORNER_HEXES, SIDE_CORNERS, spiral_order, topology
from game.core.chance import Chance
from game.core.errors import InvalidPosition
from game.core.files import read_json_file
from game.core.resources import layouts_dir

LAYOUT_FORMAT = "catan-table-layout"
LAYOUTS_DIR = layouts_dir()


@dataclass(frozen=True, slots=True)
class Board:
    """Terrain and number per hex (0 for the desert) and 9 harbors.

    Harbors stand on the 9 standard spots (`harbors[i]` on spot i+1) unless `harbor_edges` names other
    coastal paths (boards assembled from parts carry their harbors with them). `parts` lists the hexes of
    each board part, for boards built from parts (drawn as seams).
    """

    terrains: tuple[str, ...]
    numbers: tuple[int, ...]
    harbors: tuple[str, ...]
    harbor_edges: tuple[int, ...] = ()
    parts: tuple[tuple[int, ...], ...] = ()
    # The robber's starting hex when a designer moved it off the desert (an experimental board); None: the desert.
    robber_start: int | None = None

    @property
    def desert(self) -> int:
        """Index of the (first) desert hex; on an experimental board without one, the robber's start."""
        if "desert" not in self.terrains and self.robber_start is not None:
            return self.robber_start
        return self.terrains.index("desert")

    @property
    def robber_hex(self) -> int:
        """Where the robber stands when the game begins."""
        return self.desert if self.robber_start is None else self.robber_start

    @property
    def harbor_edge_list(self) -> tuple[int, ...]:
        """The path of each harbor, aligned with `harbors`."""
        return self.harbor_edges or topology().harbor_edges

    def to_json(self) -> dict[str, Any]:
        """The board part of a layout or position."""
        topo = topology()
        harbors = []
        for kind, e in zip(self.harbors, self.harbor_edge_list):
            place = topo.coastal_side(e)
            assert place is not None
            spot = topo.harbor_edges.index(e) + 1 if e in topo.harbor_edges else None
            harbors.append({"type": kind, "edge": list(topo.edge_name(e)), "hex": place[0], "side": place[1],
                            "spot": spot})
        out: dict[str, Any] = {
            "hexes": [
                {"hex": h, "terrain": t, "number": n or None}
                for h, (t, n) in enumerate(zip(self.terrains, self.numbers))
            ],
            "harbors": harbors,
        }
        if self.parts:
            out["parts"] = [list(part) for part in self.parts]
        if self.robber_start is not None:
            out["robber_start"] = self.robber_start
        return out

    @staticmethod
    def from_json(data: Any, strict: bool = True) -> Board:
        """Read and validate the board part of a layout or position.

        strict demands the printed components (terrains, tokens, harbors, the robber on the desert); without
        it (an experimental board from the layout lab) only the shape is checked: 19 hexes, tokens 2-12 but
        never 7 and only on land, harbors on distinct coastal paths.
        """
        if not isinstance(data, dict) or not isinstance(data.get("hexes"), list) or not isinstance(data.get("harbors"), list):
            raise InvalidPosition("board: needs lists 'hexes' and 'harbors'")
        hexes = data["hexes"]
        if len(hexes) != 19:
            raise InvalidPosition(f"board: needs 19 hexes, got {len(hexes)}")
        terrains: list[str] = [""] * 19
        numbers = [0] * 19
        for entry in hexes:
            if not isinstance(entry, dict):
                raise InvalidPosition(f"board: bad hex entry {entry!r}")
            h, terrain, number = entry.get("hex"), entry.get("terrain"), entry.get("number")
            if not isinstance(h, int) or not 0 <= h < 19 or terrains[h]:
                raise InvalidPosition(f"board: bad or repeated hex index {h!r}")
            if terrain not in TERRAINS:
                raise InvalidPosition(f"board: hex {h} has unknown terrain {terrain!r}")
            if terrain == "desert":
                if number is not None:
                    raise InvalidPosition(f"board: the desert (hex {h}) carries no number")
            elif not isinstance(number, int) or number not in range(2, 13) or number == 7:
                raise InvalidPosition(f"board: hex {h} needs a number 2-12 other than 7, got {number!r}")
            terrains[h] = terrain
            numbers[h] = number or 0
        topo = topology()
        placed: dict[int, str] = {}
        for entry in data["harbors"]:
            if not isinstance(entry, dict) or entry.get("type") not in HARBOR_TYPES:
                raise InvalidPosition(f"board: bad harbor entry {entry!r}")
            e = _harbor_edge(entry, topo)
            if e in placed:
                raise InvalidPosition(f"board: two harbors on the path {list(topo.edge_name(e))}")
            placed[e] = entry["type"]
        if strict and len(placed) != 9:
            raise InvalidPosition(f"board: needs 9 harbors, got {len(placed)}")
        if set(placed) == set(topo.harbor_edges):
            harbors = tuple(placed[e] for e in topo.harbor_edges)
            harbor_edges: tuple[int, ...] = ()
        else:
            harbor_edges = tuple(sorted(placed))
            harbors = tuple(placed[e] for e in harbor_edges)
        robber = data.get("robber_start")
        if robber is not None and (type(robber) is not int or not 0 <= robber < 19):
            raise InvalidPosition(f"board: the robber's start must be a hex 0-18, got {robber!r}")
        if robber is None and "desert" not in terrains:
            raise InvalidPosition("board: a board without a desert must name the robber's start hex")
        board = Board(tuple(terrains), tuple(numbers), harbors, harbor_edges, _parts(data.get("parts")), robber)
        if strict:
            board.check_components()
        return board

    def check_components(self) -> None:
        """Raise InvalidPosition unless the board uses exactly the printed terrain, tokens and harbors."""
        if Counter(self.terrains) != Counter(TERRAIN_COUNTS):
            raise InvalidPosition(f"board: terrain counts {dict(Counter(self.terrains))} differ from {TERRAIN_COUNTS}")
        if sorted(n for n in self.numbers if n) != sorted(TOKEN_LETTERS):
            raise InvalidPosition("board: number tokens must be the 18 printed ones (one 2 and 12, two of 3-6 and 8-11)")
        if len(set(self.harbor_edge_list)) != 9 or Counter(self.harbors) != Counter(HARBOR_SET):
            raise InvalidPosition("board: harbors must be four 3:1 and one 2:1 of each resource")
        if self.robber_start is not None and self.terrains[self.robber_start] != "desert":
            raise InvalidPosition(f"board: the robber starts on the desert, not on hex {self.robber_start}")

    def red_numbers_adjacent(self) -> bool:
        """Whether two 6/8 tokens touch."""
        topo = topology()
        red = {h for h, n in enumerate(self.numbers) if n in (6, 8)}
        return any(n in red for h in red for n in topo.hex_neighbors[h])


def _harbor_edge(entry: dict[str, Any], topo: Any) -> int:
    """The coastal path a harbor entry names: by its edge, by spot number, or by land hex and sea side."""
    edge = entry.get("edge")
    if edge is not None:
        try:
            e = topo.edge(topo.node(edge[0]), topo.node(edge[1]))
        except (KeyError, TypeError, IndexError):
            raise InvalidPosition(f"board: harbor {entry!r} names no path") from None
        if topo.coastal_side(e) is None:
            raise InvalidPosition(f"board: harbor {entry!r} is not on the coast")
        return e
    spot = entry.get("spot")
    if isinstance(spot, int) and 1 <= spot <= 9:
        return topo.harbor_edges[spot - 1]
    h, side = entry.get("hex"), entry.get("side")
    if isinstance(h, int) and 0 <= h < 19 and side in SIDE_CORNERS:
        e = topo.side_edge(h, side)
        if topo.coastal_side(e) is not None:
            return e
    raise InvalidPosition(f"board: harbor {entry!r} is not on a coastal path")


def _parts(data: Any) -> tuple[tuple[int, ...], ...]:
    """Board parts (lists of hexes), which must split the 19 hexes exactly; none when absent."""
    if data is None:
        return ()
    if not isinstance(data, list) or not all(isinstance(p, list) and all(isinstance(h, int) for h in p) for p in data):
        raise InvalidPosition("board: parts must be lists of hex indices")
    hexes = sorted(h for part in data for h in part)
    if hexes != list(range(19)):
        raise InvalidPosition("board: parts must cover each of the 19 hexes exactly once")
    return tuple(tuple(part) for part in data)


def generate_variable_board(chance: Chance, no_adjacent_red: bool, tokens: str = "spiral") -> Board:
    """Shuffle terrain and harbors, then lay the number tokens.

    "spiral" (the almanac): tokens A-R counter-clockwise from a random corner, inward, skipping the desert.
    "random" (the 5th-edition alternative): tokens shuffled onto the land hexes.
    With no_adjacent_red, a board where two 6/8 tokens touch is drawn again.
    """
    for _ in range(1000):
        terrains = chance.shuffled([t for t in TERRAINS for _ in range(TERRAIN_COUNTS[t])])
        harbors = chance.shuffled(list(HARBOR_SET))
        numbers = [0] * 19
        if tokens == "random":
            order = [h for h in range(19) if terrains[h] != "desert"]
            letters = iter(chance.shuffled(list(TOKEN_LETTERS)))
        else:
            order = list(spiral_order(CORNER_HEXES[chance.index(len(CORNER_HEXES))]))
            letters = iter(TOKEN_LETTERS)
        for h in order:
            if terrains[h] != "desert":
                numbers[h] = next(letters)
        board = Board(tuple(terrains), tuple(numbers), tuple(harbors))
        if not no_adjacent_red or not board.red_numbers_adjacent():
            return board
    raise RuntimeError("no board without adjacent 6/8 found in 1000 tries")


def load_layout(path: Path) -> dict[str, Any]:
    """Read a layout file (board and optional starting pieces); InvalidPosition names any fault."""
    data = read_json_file(Path(path), InvalidPosition)
    return check_layout_data(data, str(path))


def check_layout_data(data: Any, path: str) -> dict[str, Any]:
    """Check the shape of layout data read from a file; InvalidPosition names any fault."""
    if not isinstance(data, dict) or data.get("format") != LAYOUT_FORMAT:
        raise InvalidPosition(f"layout {path}: not a {LAYOUT_FORMAT} file")
    if not isinstance(data.get("experimental", False), bool):
        raise InvalidPosition(f"layout {path}: 'experimental' must be true or false")
    Board.from_json(data.get("board"), strict=not data.get("experimental"))
    check_start(data.get("start"))
    return data


def check_start(start: Any) -> None:
    """Check a layout's starting pieces: per colour, settlements and roads on real intersections and paths.

    Whether they fit the board's rules (distance, one piece per place) is checked when a game places them.
    """
    if start is None:
        return
    if not isinstance(start, dict):
        raise InvalidPosition(f"layout: 'start' must be an object of colours, got {type(start).__name__}")
    topo = topology()
    for color, pieces in start.items():
        if color not in COLORS or not isinstance(pieces, dict):
            raise InvalidPosition(f"layout start: {str(color)[:20]!r} must be a colour with an object of pieces")
        settlements, roads = pieces.get("settlements"), pieces.get("roads")
        paying = pieces.get("paying_settlement")
        if (not isinstance(settlements, list) or not settlements
                or not all(isinstance(n, str) and n in topo.node_aliases for n in settlements)):
            raise InvalidPosition(f"layout start for {color}: 'settlements' must list intersections like 'h4.SE'")
        if not isinstance(roads, list) or not all(_names_path(r, topo) for r in roads):
            raise InvalidPosition(f"layout start for {color}: 'roads' must list paths like ['h0.SE', 'h1.S']")
        if not isinstance(paying, str) or paying not in settlements:
            raise InvalidPosition(f"layout start for {color}: 'paying_settlement' must be one of its settlements")


def _names_path(road: Any, topo: Any) -> bool:
    """Whether a road entry is a pair of intersection names with a path between them."""
    if not isinstance(road, list) or len(road) != 2 or not all(isinstance(n, str) for n in road):
        return False
    a, b = topo.node_aliases.get(road[0]), topo.node_aliases.get(road[1])
    return a is not None and b is not None and ((a, b) if a < b else (b, a)) in topo.edge_index


def beginner_layout() -> dict[str, Any]:
    """The printed beginner board with its starting pieces, from saves/layouts/beginner.json (a fresh copy)."""
    return copy.deepcopy(_beginner_layout_cached())


def shared_beginner_layout() -> dict[str, Any]:
    """The beginner layout shared by every new game: read it, never change it (beginner_layout() copies)."""
    return _beginner_layout_cached()


@cache
def _beginner_layout_cached() -> dict[str, Any]:
    return load_layout(LAYOUTS_DIR / "beginner.json")
