"""Reading typed, range-checked values from position JSON; a fault names where in the position it is."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.catan.constants import RESOURCES
from game.catan.geometry import Topology
from game.catan.rules import CatanGame
from game.core.errors import GameError, InvalidPosition


ErrorType = type[GameError]


def _need_obj(value: Any, where: str, error: ErrorType = InvalidPosition) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise error(f"{where}: must be a JSON object, got {value!r}")
    return value


def _need_keys(obj: Mapping[str, Any], where: str, required: Sequence[str], optional: Sequence[str] = (),
               error: ErrorType = InvalidPosition) -> None:
    missing = [k for k in required if k not in obj]
    if missing:
        raise error(f"{where}: the field {missing[0]!r} is missing")
    unknown = sorted(str(k) for k in set(obj) - set(required) - set(optional))
    if unknown:
        raise error(f"{where}: unknown field(s) {', '.join(unknown)}")


def _need_int(value: Any, where: str, error: ErrorType = InvalidPosition, low: int | None = None,
              high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(f"{where}: must be a whole number, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{low if low is not None else ''}..{high if high is not None else ''}"
        raise error(f"{where}: {value} is out of range {bounds}")
    return value


def _need_bool(value: Any, where: str, error: ErrorType = InvalidPosition) -> bool:
    if not isinstance(value, bool):
        raise error(f"{where}: must be true or false, got {value!r}")
    return value


def _need_list(value: Any, where: str, error: ErrorType = InvalidPosition) -> list[Any]:
    if not isinstance(value, list):
        raise error(f"{where}: must be a JSON list, got {value!r}")
    return value


def _need_counts(value: Any, where: str, names: Sequence[str], complete: bool,
                 error: ErrorType = InvalidPosition) -> list[int]:
    """Counts per name: all names required (a Hand) or any subset (Cards); each a non-negative whole number."""
    obj = _need_obj(value, where, error)
    _need_keys(obj, where, names if complete else (), names, error)
    return [_need_int(obj.get(name, 0), f"{where}.{name}", error, 0) for name in names]


def _need_cards(value: Any, where: str, error: ErrorType = InvalidPosition) -> tuple[int, ...]:
    return tuple(_need_counts(value, where, RESOURCES, False, error))


def _need_resource(value: Any, where: str, error: ErrorType = InvalidPosition) -> int:
    if value not in RESOURCES:
        raise error(f"{where}: {value!r} is not a resource ({', '.join(RESOURCES)})")
    return RESOURCES.index(value)


def _need_player(game: CatanGame, value: Any, where: str, error: ErrorType = InvalidPosition) -> int:
    for p, seat in enumerate(game.seats):
        if seat.color == value:
            return p
    colors = ", ".join(seat.color for seat in game.seats)
    raise error(f"{where}: {value!r} is not the colour of a seat ({colors})")


def _need_node(topo: Topology, value: Any, where: str, error: ErrorType = InvalidPosition) -> int:
    if not isinstance(value, str) or value not in topo.node_aliases:
        raise error(f"{where}: {value!r} is not an intersection (names like 'h4.SE')")
    return topo.node(value)


def _need_edge(topo: Topology, value: Any, where: str, error: ErrorType = InvalidPosition) -> int:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise error(f"{where}: an edge is a pair of intersections, got {value!r}")
    a = _need_node(topo, value[0], f"{where}[0]", error)
    b = _need_node(topo, value[1], f"{where}[1]", error)
    try:
        return topo.edge(a, b)
    except KeyError:
        raise error(f"{where}: {value[0]} and {value[1]} are not neighbouring intersections") from None
