"""A board: terrain, numbers and harbors on the fixed geometry; loading, saving and generating layouts."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.catan.constants import HARBOR_SET, HARBOR_TYPES, TERRAIN_COUNTS, TERRAINS, TOKEN_LETTERS
from game.catan.geometry import CORNER_HEXES, HARBOR_SPOTS, spiral_order, topology
from game.core.chance import Chance
from game.core.errors import InvalidPosition

LAYOUT_FORMAT = "catan-table-layout"
LAYOUTS_DIR = Path(__file__).resolve().parents[2] / "saves" / "layouts"


@dataclass(frozen=True, slots=True)
class Board:
    """Terrain and number per hex (0 for the desert), and the harbor type on each of the 9 spots."""

    terrains: tuple[str, ...]
    numbers: tuple[int, ...]
    harbors: tuple[str, ...]

    @property
    def desert(self) -> int:
        """Index of the (first) desert hex."""
        return self.terrains.index("desert")

    def to_json(self) -> dict[str, Any]:
        """The board part of a layout or position."""
        topo = topology()
        return {
            "hexes": [
                {"hex": h, "terrain": t, "number": n or None}
                for h, (t, n) in enumerate(zip(self.terrains, self.numbers))
            ],
            "harbors": [
                {"type": kind, "edge": list(topo.edge_name(topo.harbor_edges[i])),
                 "hex": HARBOR_SPOTS[i][0], "side": HARBOR_SPOTS[i][1], "spot": i + 1}
                for i, kind in enumerate(self.harbors)
            ],
        }

    @staticmethod
    def from_json(data: Any) -> Board:
        """Read and validate the board part of a layout or position."""
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
        harbors = [""] * 9
        topo = topology()
        for entry in data["harbors"]:
            if not isinstance(entry, dict) or entry.get("type") not in HARBOR_TYPES:
                raise InvalidPosition(f"board: bad harbor entry {entry!r}")
            spot = _harbor_spot(entry, topo)
            if harbors[spot]:
                raise InvalidPosition(f"board: two harbors on spot {spot + 1}")
            harbors[spot] = entry["type"]
        if not all(harbors):
            raise InvalidPosition(f"board: needs 9 harbors on the 9 spots, got {sum(1 for h in harbors if h)}")
        board = Board(tuple(terrains), tuple(numbers), tuple(harbors))
        board.check_components()
        return board

    def check_components(self) -> None:
        """Raise InvalidPosition unless the board uses exactly the printed terrain, tokens and harbors."""
        if Counter(self.terrains) != Counter(TERRAIN_COUNTS):
            raise InvalidPosition(f"board: terrain counts {dict(Counter(self.terrains))} differ from {TERRAIN_COUNTS}")
        if sorted(n for n in self.numbers if n) != sorted(TOKEN_LETTERS):
            raise InvalidPosition("board: number tokens must be the 18 printed ones (one 2 and 12, two of 3-6 and 8-11)")
        if Counter(self.harbors) != Counter(HARBOR_SET):
            raise InvalidPosition("board: harbors must be four 3:1 and one 2:1 of each resource")

    def red_numbers_adjacent(self) -> bool:
        """Whether two 6/8 tokens touch."""
        topo = topology()
        red = {h for h, n in enumerate(self.numbers) if n in (6, 8)}
        return any(n in red for h in red for n in topo.hex_neighbors[h])


def _harbor_spot(entry: dict[str, Any], topo: Any) -> int:
    """Which of the 9 spots a harbor entry names (by spot, by hex and side, or by edge)."""
    spot = entry.get("spot")
    if isinstance(spot, int) and 1 <= spot <= 9:
        return spot - 1
    h, side = entry.get("hex"), entry.get("side")
    if (h, side) in HARBOR_SPOTS:
        return HARBOR_SPOTS.index((h, side))
    edge = entry.get("edge")
    if isinstance(edge, list) and len(edge) == 2:
        try:
            e = topo.edge(topo.node(edge[0]), topo.node(edge[1]))
        except (KeyError, TypeError):
            e = -1
        if e in topo.harbor_edges:
            return topo.harbor_edges.index(e)
    raise InvalidPosition(f"board: harbor {entry!r} is not on one of the 9 harbor spots")


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
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise InvalidPosition(f"layout {path}: cannot read ({exc.strerror})") from exc
    except json.JSONDecodeError as exc:
        raise InvalidPosition(f"layout {path}: not valid JSON ({exc.msg} at line {exc.lineno})") from exc
    if not isinstance(data, dict) or data.get("format") != LAYOUT_FORMAT:
        raise InvalidPosition(f"layout {path}: not a {LAYOUT_FORMAT} file")
    Board.from_json(data.get("board"))
    return data


def beginner_layout() -> dict[str, Any]:
    """The printed beginner board with its starting pieces, from saves/layouts/beginner.json."""
    return load_layout(LAYOUTS_DIR / "beginner.json")
