"""Positions in the shared catan-position format (version 1): loading a file and building the game it holds."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.catan.board import Board
from game.catan.geometry import HARBOR_SPOTS, topology
from game.catan.position_format import POSITION_FORMAT, POSITION_VERSION, RULE_NAMES, TOP_FIELDS
from game.catan.position_reader import _PositionReader
from game.catan.position_values import _need_edge, _need_keys, _need_list, _need_obj
from game.catan.rules import CatanGame
from game.core.errors import InvalidOptions, InvalidPosition
from game.core.files import read_json_file
from game.core.registry import get_variant
from game.core.seats import Seat


def load_position(path: Path | str) -> dict[str, Any]:
    """Read a position file; InvalidPosition if it is unreadable, not JSON, or not format version 1."""
    path = Path(path)
    data = read_json_file(path, InvalidPosition)
    _check_header(data, str(path))
    return data


def _check_header(data: Any, where: str) -> None:
    if not isinstance(data, Mapping):
        raise InvalidPosition(f"{where}: a position is a JSON object")
    if data.get("format") != POSITION_FORMAT:
        raise InvalidPosition(f"{where}: not a {POSITION_FORMAT} position (format is {data.get('format')!r})")
    if data.get("version") != POSITION_VERSION:
        raise InvalidPosition(f"{where}: version {data.get('version')!r} is not supported "
                              f"(this program reads {POSITION_VERSION})")


def position_game(position: Mapping[str, Any], seats: Sequence[Seat] | None = None, seed: int = 0,
                  variant: Any = None) -> CatanGame:
    """A game in exactly the given position; InvalidPosition names the first fault, and no game is returned."""
    if variant is None:
        variant = get_variant("catan-base")  # by name: the variants module builds on this one
    _check_header(position, "position")
    _need_keys(position, "position", TOP_FIELDS, ("source", "legal_actions", "hidden"))
    options = _read_rules(variant, position["rules"])
    colors = _read_seat_colors(variant, position["seats"])
    table = _table_seats(colors, seats)
    board = _read_board(position["board"])
    game: CatanGame = variant.game_class()
    game._init_common(variant, table, seed, options)
    game._init_state(board)
    _PositionReader(game, position).read()
    game.chance.take_record()
    game.start_position = copy.deepcopy(dict(position))
    return game


def _read_rules(variant: Any, value: Any) -> dict[str, Any]:
    rules = _need_obj(value, "rules")
    names = {RULE_NAMES.get(spec.name, spec.name): spec.name for spec in variant.option_specs}
    _need_keys(rules, "rules", ("vps_to_win", "discard_limit"), ("friendly_robber", *names))
    if rules.get("friendly_robber", False) is not False:
        raise InvalidPosition("rules.friendly_robber: this engine has no friendly robber (only false)")
    given = {ours: rules[theirs] for theirs, ours in names.items() if theirs in rules}
    try:
        return variant.validate_options(given)
    except InvalidOptions as exc:
        message = str(exc)
        for ours, theirs in RULE_NAMES.items():
            message = message.replace(repr(ours), repr(theirs))
        raise InvalidPosition(f"rules: {message}") from exc


def _read_seat_colors(variant: Any, value: Any) -> tuple[str, ...]:
    colors = _need_list(value, "seats")
    if not variant.min_players <= len(colors) <= variant.max_players:
        raise InvalidPosition(f"seats: {variant.id} is for {variant.min_players}-{variant.max_players} players, "
                              f"got {len(colors)}")
    for i, color in enumerate(colors):
        if color not in variant.colors:
            raise InvalidPosition(f"seats[{i}]: {color!r} is not a colour ({', '.join(variant.colors)})")
        if color in colors[:i]:
            raise InvalidPosition(f"seats[{i}]: the colour {color} is already taken")
    return tuple(colors)


def _table_seats(colors: tuple[str, ...], seats: Sequence[Seat] | None) -> tuple[Seat, ...]:
    if seats is None:
        return tuple(Seat(color, color, "human") for color in colors)
    given = tuple(seat.color for seat in seats)
    if given != colors:
        raise InvalidPosition(f"seats: the given seats are {', '.join(given)}, the position has {', '.join(colors)}")
    return tuple(seats)


def _read_board(value: Any) -> Board:
    data = _need_obj(value, "board")
    _need_keys(data, "board", ("hexes", "robber", "harbors"))
    board = Board.from_json(data)
    for i, entry in enumerate(data["harbors"]):
        _check_harbor_entry(entry, f"board.harbors[{i}]")
    return board


def _check_harbor_entry(entry: Mapping[str, Any], where: str) -> None:
    """Every locator a harbor entry gives (spot, hex and side, edge) must name the same spot."""
    _need_keys(entry, where, ("type",), ("edge", "hex", "side", "spot"))
    topo = topology()
    spots: set[int | None] = set()
    if entry.get("spot") is not None:
        spots.add(entry["spot"] - 1 if entry["spot"] in range(1, 10) else None)
    if "hex" in entry or "side" in entry:
        spot = (entry.get("hex"), entry.get("side"))
        spots.add(HARBOR_SPOTS.index(spot) if spot in HARBOR_SPOTS else None)
    if "edge" in entry:
        edge = _need_edge(topo, entry["edge"], f"{where}.edge")
        spots.add(topo.harbor_edges.index(edge) if edge in topo.harbor_edges else None)
    if None in spots or len(spots) > 1:
        raise InvalidPosition(f"{where}: its spot, hex/side and edge do not name one harbor spot")
