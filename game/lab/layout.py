"""A board layout as the lab edits it: terrain, tokens, harbors and the robber, its sources and its legality."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from difflib import get_close_matches
from pathlib import Path
from typing import Any, Mapping

from game.catan.board import LAYOUT_FORMAT, Board, check_layout_data, generate_variable_board, shared_beginner_layout
from game.catan.compact import Placement, assemble, placements_from_json, placements_to_json
from game.catan.constants import COLORS, HARBOR_SET, HARBOR_TYPES, TERRAIN_COUNTS, TERRAINS, TOKEN_LETTERS
from game.catan.geometry import topology
from game.core.chance import Chance
from game.core.errors import InvalidPosition, SaveError, brief
from game.core.files import read_json_file
from game.core.saves import SAVE_FORMAT

NUMBERS: tuple[int, ...] = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
TOKEN_COUNTS: dict[int, int] = dict(Counter(TOKEN_LETTERS))
HARBOR_COUNTS: dict[str, int] = dict(Counter(HARBOR_SET))
MAX_NAME_LENGTH = 60
# Every colour's pre-placed starting pieces, as the beginner set-up places them.
START_SETTLEMENTS = 2
START_ROADS = 2

# The keys of each object of a layout file (catan-table-layout, version 1): a key outside them is misspelt.
LAYOUT_KEYS = frozenset({"format", "version", "name", "board", "experimental", "start", "three_players_leave_out",
                         "compact_parts"})
BOARD_KEYS = frozenset({"hexes", "harbors", "parts", "robber_start"})
HEX_KEYS = frozenset({"hex", "terrain", "number"})
HARBOR_KEYS = frozenset({"type", "edge", "hex", "side", "spot"})
COMPACT_PART_KEYS = frozenset({"part", "side", "slot"})
START_KEYS = frozenset(COLORS)
START_PIECE_KEYS = frozenset({"settlements", "roads", "paying_settlement"})


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing that keeps a board from the printed rules: an i18n key with its parameters.

    `component` problems (counts of terrains, tokens, harbors; the robber off the desert; harbors sharing a
    corner) may be kept on an experimental board; the others make a board that cannot be played at all.
    """

    key: str
    params: tuple[tuple[str, Any], ...] = ()
    component: bool = True

    def params_dict(self) -> dict[str, Any]:
        """The parameters as keyword arguments for the translator."""
        return dict(self.params)


@dataclass(frozen=True, slots=True)
class LabLayout:
    """An editable board: 19 hexes (terrain, token 0 for none), harbors as (coastal path, type), the robber.

    `start` keeps pre-placed starting pieces of the source (the beginner set-up) and `compact_parts` the
    arrangement of compact parts it came from; both are dropped by any edit of the board.
    """

    name: str
    terrains: tuple[str, ...]
    numbers: tuple[int, ...]
    harbors: tuple[tuple[int, str], ...]
    robber: int
    experimental: bool = False
    start: Mapping[str, Any] | None = field(default=None, compare=False)
    three_players_leave_out: str | None = None
    compact_parts: tuple[Placement, ...] | None = None

    # -------------------------------------------------------------- conversions

    @staticmethod
    def from_board(board: Board, name: str, start: Mapping[str, Any] | None = None,
                   compact_parts: tuple[Placement, ...] | None = None) -> LabLayout:
        """The lab's form of a rules-model board."""
        harbors = tuple(sorted(zip(board.harbor_edge_list, board.harbors)))
        return LabLayout(name, board.terrains, board.numbers, harbors, board.robber_hex,
                         start=start, compact_parts=compact_parts)

    def to_board(self) -> Board:
        """The rules-model board (component counts are not checked here: see problems())."""
        topo = topology()
        edges = tuple(e for e, _ in self.harbors)
        kinds = tuple(k for _, k in self.harbors)
        if set(edges) == set(topo.harbor_edges) and len(edges) == 9:
            by_edge = dict(self.harbors)
            kinds, edges = tuple(by_edge[e] for e in topo.harbor_edges), ()
        on_desert = self.terrains[self.robber] == "desert" and self.robber == _first_desert(self.terrains)
        return Board(self.terrains, self.numbers, kinds, edges, (), None if on_desert else self.robber)

    def to_json(self) -> dict[str, Any]:
        """The layout file (format catan-table-layout, version 1), readable by New game and the engine."""
        out: dict[str, Any] = {"format": LAYOUT_FORMAT, "version": 1, "name": self.name,
                               "board": self.to_board().to_json()}
        if self.experimental:
            out["experimental"] = True
        if self.compact_parts is not None:
            out["compact_parts"] = placements_to_json(self.compact_parts)
        if self.start is not None:
            out["start"] = dict(self.start)
        if self.three_players_leave_out is not None:
            out["three_players_leave_out"] = self.three_players_leave_out
        return out

    @staticmethod
    def from_json(data: Any, where: str = "layout", experimental: bool = False) -> LabLayout:
        """Read layout data (already parsed); InvalidPosition names any fault (a misspelt key by its nearest).

        `experimental` reads (and marks) the board as experimental even where the file does not say so.
        """
        check_layout_keys(data, where)
        if experimental and isinstance(data, dict) and data.get("experimental", False) is False:
            data = {**data, "experimental": True}
        data = check_layout_data(data, where)
        experimental = data.get("experimental", False)
        if not isinstance(experimental, bool):
            raise InvalidPosition(f"{where}: 'experimental' must be true or false")
        board = Board.from_json(data.get("board"), strict=not experimental)
        name = data.get("name", Path(where).stem)
        if not isinstance(name, str):
            raise InvalidPosition(f"{where}: the name must be text")
        start = data.get("start")
        if start is not None and not isinstance(start, dict):
            raise InvalidPosition(f"{where}: 'start' must be an object")
        leave_out = data.get("three_players_leave_out")
        if leave_out is not None and not isinstance(leave_out, str):
            raise InvalidPosition(f"{where}: 'three_players_leave_out' must be a colour")
        parts = placements_from_json(data["compact_parts"]) if data.get("compact_parts") is not None else None
        layout = LabLayout.from_board(board, clean_name(name), start, parts)
        return replace(layout, experimental=experimental, three_players_leave_out=leave_out)

    # -------------------------------------------------------------- editing (each returns a new layout)

    def edited(self, **changes: Any) -> LabLayout:
        """A copy with changed board fields; a changed board no longer matches pre-placed pieces or parts."""
        return replace(self, start=None, three_players_leave_out=None, compact_parts=None, **changes)

    def with_terrain(self, hex_index: int, terrain: str) -> LabLayout:
        """Another terrain on a hex; a desert loses its token."""
        _check_hex(hex_index)
        if terrain not in TERRAINS:
            raise InvalidPosition(f"unknown terrain {terrain!r}")
        terrains = list(self.terrains)
        numbers = list(self.numbers)
        terrains[hex_index] = terrain
        if terrain == "desert":
            numbers[hex_index] = 0
        return self.edited(terrains=tuple(terrains), numbers=tuple(numbers))

    def with_number(self, hex_index: int, number: int) -> LabLayout:
        """Another token on a land hex (0 takes the token away)."""
        _check_hex(hex_index)
        if number != 0 and number not in NUMBERS:
            raise InvalidPosition(f"a number token is 2-12 but never 7, got {number!r}")
        if number and self.terrains[hex_index] == "desert":
            raise InvalidPosition("the desert carries no number token")
        numbers = list(self.numbers)
        numbers[hex_index] = number
        return self.edited(numbers=tuple(numbers))

    def with_swapped(self, a: int, b: int) -> LabLayout:
        """Two hexes change places, each with its token (and the robber goes with its hex)."""
        _check_hex(a)
        _check_hex(b)
        terrains, numbers = list(self.terrains), list(self.numbers)
        terrains[a], terrains[b] = terrains[b], terrains[a]
        numbers[a], numbers[b] = numbers[b], numbers[a]
        robber = b if self.robber == a else a if self.robber == b else self.robber
        return self.edited(terrains=tuple(terrains), numbers=tuple(numbers), robber=robber)

    def with_swapped_numbers(self, a: int, b: int) -> LabLayout:
        """Two tokens change hexes; the terrain stays."""
        _check_hex(a)
        _check_hex(b)
        numbers = list(self.numbers)
        numbers[a], numbers[b] = numbers[b], numbers[a]
        return self.edited(numbers=tuple(numbers))

    def with_robber(self, hex_index: int) -> LabLayout:
        """The robber starts on another hex."""
        _check_hex(hex_index)
        return self.edited(robber=hex_index)

    def with_harbor(self, edge: int, kind: str | None) -> LabLayout:
        """Put a harbor of a type on a coastal path (replacing any there), or take it away (kind None)."""
        if not 0 <= edge < topology().num_edges or topology().coastal_side(edge) is None:
            raise InvalidPosition(f"path {edge} is not on the coast")
        if kind is not None and kind not in HARBOR_TYPES:
            raise InvalidPosition(f"unknown harbor type {kind!r}")
        harbors = [h for h in self.harbors if h[0] != edge]
        if kind is not None:
            harbors.append((edge, kind))
        return self.edited(harbors=tuple(sorted(harbors)))

    def with_harbor_moved(self, from_edge: int, to_edge: int) -> LabLayout:
        """Move the harbor on one coastal path to another (swapping with a harbor already there)."""
        kinds = dict(self.harbors)
        if from_edge not in kinds:
            raise InvalidPosition(f"no harbor on path {from_edge}")
        if topology().coastal_side(to_edge) is None:
            raise InvalidPosition(f"path {to_edge} is not on the coast")
        moving = kinds.pop(from_edge)
        if to_edge in kinds:
            kinds[from_edge] = kinds[to_edge]
        kinds[to_edge] = moving
        return self.edited(harbors=tuple(sorted(kinds.items())))

    def renamed(self, name: str) -> LabLayout:
        """The same board under another name."""
        return replace(self, name=clean_name(name))

    def harbor_at(self, edge: int) -> str | None:
        """The harbor type on a coastal path, if any."""
        return dict(self.harbors).get(edge)

    # -------------------------------------------------------------- legality

    def problems(self) -> list[Problem]:
        """Everything that breaks the printed rules, in a stable order; empty for a legal board."""
        out: list[Problem] = []
        topo = topology()
        for h, (terrain, number) in enumerate(zip(self.terrains, self.numbers)):
            if terrain == "desert" and number:
                out.append(Problem("lab.problem.desert_number", (("hex", h),), component=False))
            elif terrain != "desert" and not number:
                out.append(Problem("lab.problem.no_token", (("hex", h),), component=False))
        have_terrain = Counter(self.terrains)
        for terrain in TERRAINS:
            if have_terrain[terrain] != TERRAIN_COUNTS[terrain]:
                out.append(Problem("lab.problem.terrain_count", (
                    ("terrain", terrain), ("have", have_terrain[terrain]), ("need", TERRAIN_COUNTS[terrain]))))
        have_tokens = Counter(n for n in self.numbers if n)
        for number in NUMBERS:
            if have_tokens[number] != TOKEN_COUNTS[number]:
                out.append(Problem("lab.problem.token_count", (
                    ("number", number), ("have", have_tokens[number]), ("need", TOKEN_COUNTS[number]))))
        if len(self.harbors) != 9:
            out.append(Problem("lab.problem.harbor_count", (("have", len(self.harbors)), ("need", 9))))
        have_harbors = Counter(k for _, k in self.harbors)
        for kind in HARBOR_TYPES:
            if have_harbors[kind] != HARBOR_COUNTS[kind]:
                out.append(Problem("lab.problem.harbor_type_count", (
                    ("harbor", kind), ("have", have_harbors[kind]), ("need", HARBOR_COUNTS[kind]))))
        corners = Counter(n for e, _ in self.harbors for n in topo.edges[e])
        if any(c > 1 for c in corners.values()):
            out.append(Problem("lab.problem.harbors_touch"))
        if self.terrains[self.robber] != "desert":
            out.append(Problem("lab.problem.robber_off_desert", (("hex", self.robber),)))
        out.extend(start_problems(self.start))
        return out

    def is_legal(self) -> bool:
        """Whether the board follows the printed rules exactly."""
        return not self.problems()

    def is_playable(self) -> bool:
        """Whether a game can be played on it: legal, or experimental with only component problems."""
        problems = self.problems()
        return not problems or (self.experimental and all(p.component for p in problems))

    def layout_for_game(self) -> dict[str, Any]:
        """The layout a new game starts from; InvalidPosition if the board cannot be played."""
        problems = self.problems()
        blocking = [p for p in problems if not p.component]
        if blocking:
            named = "; ".join(f"{problem_sentence(p)} ({p.key})" for p in blocking[:3])
            more = f"; and {len(blocking) - 3} more" if len(blocking) > 3 else ""
            raise InvalidPosition(f"layout {self.name!r}: the board cannot be played: {named}{more}")
        if problems and not self.experimental:
            raise InvalidPosition(f"layout {self.name!r} breaks the printed rules: {problem_sentence(problems[0])} "
                                  f"({problems[0].key}); mark it experimental to play it anyway")
        return self.to_json()


def problem_sentence(problem: Problem) -> str:
    """A problem as one English sentence, for error messages (the GUI and reports translate it themselves)."""
    from game.core.i18n import Translator

    return Translator("en").t(problem.key, **problem.params_dict())


def start_problems(start: Mapping[str, Any] | None) -> list[Problem]:
    """What makes pre-placed starting pieces impossible, in a stable order; empty without starting pieces.

    Per colour: the number of settlements and roads, a piece listed twice, a road touching none of the colour's
    settlements; across colours: an intersection or path taken twice, settlements breaking the distance rule.
    The names are the file's own (already checked to be real intersections and paths).
    """
    if not start:
        return []
    topo = topology()
    out: list[Problem] = []
    settled: dict[int, tuple[str, str]] = {}  # intersection -> (colour, its name in the file)
    paved: dict[int, str] = {}  # path -> colour
    for colour, pieces in start.items():
        if isinstance(pieces, Mapping):
            out.extend(_colour_start_problems(str(colour), pieces, settled, paved, topo))
    names = sorted(settled.items())
    for i, (node, (_, place)) in enumerate(names):
        for other, (_, other_place) in names[i + 1:]:
            if other in topo.node_neighbors[node]:
                out.append(Problem("lab.problem.start_settlement_too_close",
                                   (("place", place), ("other_place", other_place)), component=False))
    return out


def _colour_start_problems(colour: str, pieces: Mapping[str, Any], settled: dict[int, tuple[str, str]],
                           paved: dict[int, str], topo: Any) -> list[Problem]:
    """One colour's starting pieces: counts, repeats, loose roads; records its pieces in settled and paved."""
    out: list[Problem] = []
    settlements = [n for n in pieces.get("settlements", ()) if isinstance(n, str) and n in topo.node_aliases]
    roads = [r for r in pieces.get("roads", ()) if _path_of(r, topo) is not None]
    for key, have, need in (("lab.problem.start_settlement_count", len(settlements), START_SETTLEMENTS),
                            ("lab.problem.start_road_count", len(roads), START_ROADS)):
        if have != need:
            out.append(Problem(key, (("colour", colour), ("have", have), ("need", need)), component=False))
    own: set[int] = set()
    for place in settlements:
        node = topo.node_aliases[place]
        if node in own:
            out.append(Problem("lab.problem.start_settlement_twice", (("colour", colour), ("place", place)),
                               component=False))
            continue
        own.add(node)
        if node in settled:
            out.append(Problem("lab.problem.start_settlement_shared",
                               (("place", place), ("colour", settled[node][0]), ("other", colour)), component=False))
        else:
            settled[node] = (colour, place)
    paths: set[int] = set()
    for road in roads:
        edge, label = _path_of(road, topo), "-".join(road)
        if edge in paths:
            out.append(Problem("lab.problem.start_road_twice", (("colour", colour), ("road", label)), component=False))
            continue
        paths.add(edge)
        if edge in paved:
            out.append(Problem("lab.problem.start_road_shared",
                               (("road", label), ("colour", paved[edge]), ("other", colour)), component=False))
        else:
            paved[edge] = colour
        if not own & set(topo.edges[edge]):
            out.append(Problem("lab.problem.start_road_loose", (("colour", colour), ("road", label)), component=False))
    return out


def _path_of(road: Any, topo: Any) -> int | None:
    """The path a road entry ['h0.SE', 'h1.S'] names, or None."""
    if not isinstance(road, (list, tuple)) or len(road) != 2 or not all(isinstance(n, str) for n in road):
        return None
    a, b = topo.node_aliases.get(road[0]), topo.node_aliases.get(road[1])
    if a is None or b is None:
        return None
    return topo.edge_index.get((a, b) if a < b else (b, a))


def check_layout_keys(data: Any, where: str = "layout") -> None:
    """Refuse an unknown key at any level of a layout file: InvalidPosition names it, where, and the nearest key."""
    if not isinstance(data, dict):
        return
    _check_keys(data, LAYOUT_KEYS, where)
    board = data.get("board")
    if isinstance(board, dict):
        _check_keys(board, BOARD_KEYS, f"{where}: board")
        _check_entries(board.get("hexes"), HEX_KEYS, f"{where}: board hexes")
        _check_entries(board.get("harbors"), HARBOR_KEYS, f"{where}: board harbors")
    _check_entries(data.get("compact_parts"), COMPACT_PART_KEYS, f"{where}: compact_parts")
    start = data.get("start")
    if isinstance(start, dict):
        _check_keys(start, START_KEYS, f"{where}: start")
        for colour, pieces in start.items():
            if isinstance(pieces, dict):
                _check_keys(pieces, START_PIECE_KEYS, f"{where}: start for {colour}")


def _check_entries(entries: Any, known: frozenset[str], where: str) -> None:
    """Check the keys of every object in a list (anything else is left to the shape checks)."""
    if isinstance(entries, list):
        for i, entry in enumerate(entries):
            if isinstance(entry, dict):
                _check_keys(entry, known, f"{where}[{i}]")


def _check_keys(obj: dict[str, Any], known: frozenset[str], where: str) -> None:
    """InvalidPosition for the first key of obj outside known, with the nearest known key (or all of them)."""
    unknown = [key for key in obj if key not in known]
    if not unknown:
        return
    key = unknown[0]
    nearest = get_close_matches(str(key)[:100], sorted(known), n=1)
    hint = f"did you mean {nearest[0]!r}?" if nearest else f"the keys here are {', '.join(sorted(known))}"
    raise InvalidPosition(f"{where}: unknown key {brief(key)} ({hint})")


def clean_name(name: str) -> str:
    """A layout name as shown and stored: printable characters only, at most MAX_NAME_LENGTH of them."""
    cleaned = "".join(ch for ch in name if ch.isprintable()).strip()
    return cleaned[:MAX_NAME_LENGTH] or "layout"


def _check_hex(h: int) -> None:
    if type(h) is not int or not 0 <= h < 19:
        raise InvalidPosition(f"a hex is 0-18, got {h!r}")


def _first_desert(terrains: tuple[str, ...]) -> int:
    return terrains.index("desert") if "desert" in terrains else -1


# ------------------------------------------------------------------ sources


def beginner_lab_layout() -> LabLayout:
    """The printed beginner board with its starting pieces."""
    return LabLayout.from_json(shared_beginner_layout(), "beginner")


def variable_lab_layout(seed: int, no_adjacent_red: bool = True, tokens: str = "spiral") -> LabLayout:
    """A variable board as the game deals it from a seed."""
    board = generate_variable_board(Chance(seed), no_adjacent_red, tokens)
    return LabLayout.from_board(board, f"variable-{seed}")


def compact_lab_layout(placements: tuple[Placement, ...]) -> LabLayout:
    """The board of a compact arrangement (parts and sides in their slots)."""
    label = "-".join(f"{p.side}{p.part}" for p in sorted(placements, key=lambda p: p.slot))
    return LabLayout.from_board(assemble(placements), f"compact-{label}", compact_parts=placements)


def file_lab_layout(path: Path, experimental: bool = False) -> LabLayout:
    """A layout file (read as experimental if asked); InvalidPosition names any fault of it."""
    data = read_json_file(Path(path), InvalidPosition)
    return _named(path, lambda: LabLayout.from_json(data, str(path), experimental))


def _named(path: Path, read: Any) -> Any:
    """Run a reader; a fault it reports without naming the file gets the file's name in front."""
    try:
        return read()
    except InvalidPosition as exc:
        if str(path) in str(exc):
            raise
        raise InvalidPosition(f"{path}: {exc}") from exc


def save_lab_layout(path: Path) -> LabLayout:
    """The board of a saved Catan game (replayed and verified); a SaveError or InvalidPosition names faults."""
    from game.core.saves import load_game

    try:
        game = load_game(Path(path))
    except SaveError as exc:
        raise InvalidPosition(str(exc)) from exc
    board = getattr(getattr(game, "state", None), "board", None)
    if not isinstance(board, Board):
        raise InvalidPosition(f"{path}: this save is not of a Catan board game")
    return LabLayout.from_board(board, clean_name(Path(path).stem))


def load_any_layout(source: str, experimental: bool = False) -> LabLayout:
    """A layout named on the command line: 'beginner', 'variable:SEED', 'compact:A1,B2,...' or a file.

    `experimental` reads a layout file's board even where it breaks the printed component counts.
    """
    if source == "beginner":
        return beginner_lab_layout()
    if source.startswith("variable:"):
        try:
            seed = int(source.split(":", 1)[1])
        except ValueError:
            raise InvalidPosition(f"{source!r}: variable:SEED needs a whole-number seed") from None
        return variable_lab_layout(seed)
    if source.startswith("compact:"):
        return compact_lab_layout(parse_compact_labels(source.split(":", 1)[1]))
    path = Path(source)
    if path.suffix == ".json" and path.is_file():
        data = read_json_file(path, InvalidPosition)
        if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
            return save_lab_layout(path)
        return _named(path, lambda: LabLayout.from_json(data, str(path), experimental))
    raise InvalidPosition(f"{source!r} is no layout file, 'beginner', 'variable:SEED' or 'compact:A1,B2,…'")


def parse_compact_labels(text: str) -> tuple[Placement, ...]:
    """Six part labels clockwise from slot 0, e.g. 'A1,B2,A3,A4,B5,A6'."""
    labels = [t.strip() for t in text.split(",")]
    entries = []
    for slot, label in enumerate(labels):
        if len(label) != 2 or label[0] not in "AB" or label[1] not in "123456":
            raise InvalidPosition(f"compact part {label!r}: a part is a side A/B and a number 1-6, e.g. A1")
        entries.append({"part": int(label[1]), "side": label[0], "slot": slot})
    return placements_from_json(entries)
