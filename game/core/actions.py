"""Action and event bases: frozen dataclasses with a stable kind, to and from JSON."""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache
from typing import Any, ClassVar

from game.core.errors import IllegalAction, MalformedAction, brief

# Default range of every integer in an action's fields (indices, counts, ids); a class narrows it in `limits`.
FIELD_INT_RANGE: tuple[int, int] = (0, 100_000)
# The seat number of any game (no game seats more than this many players).
PLAYER_RANGE: tuple[int, int] = (0, 15)
# Longest tuple and text an action field may hold (far above any legal action).
MAX_FIELD_ITEMS = 256
MAX_FIELD_TEXT = 200


# How many distinct values of one class a shared constructor keeps (see shared()): the recent ones a listing
# builds again (a few hundred KB a class at most; a long run keeps meeting new payments and picks).
SHARED_ACTIONS_PER_CLASS = 1024


def shared(cls: Callable[..., Any]) -> Callable[..., Any]:
    """A constructor of the (frozen, hence shareable) action or event class that hands out one instance per field
    values, keeping the last SHARED_ACTIONS_PER_CLASS: a listing builds the same actions again and again, and
    looking one up costs a fraction of building it. Positional fields only."""
    return lru_cache(maxsize=SHARED_ACTIONS_PER_CLASS)(cls)


class InvalidActionField(MalformedAction, IllegalAction):
    """An action's field has the wrong type or a value out of range (checked before anything changes)."""


def field_limits(**ranges: tuple[int, int]) -> Mapping[str, tuple[int, int]]:
    """Read-only per-field integer ranges (inclusive) for an action class's `limits`."""
    return types.MappingProxyType(ranges)


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Something a player does; `kind` is the stable name used in saves.

    `limits` narrows the inclusive range of a field's integers (each integer of a tuple field) from
    FIELD_INT_RANGE; validate_action() checks every field against its type hint and range.
    """

    kind: ClassVar[str] = "action"
    limits: ClassVar[Mapping[str, tuple[int, int]]] = types.MappingProxyType({})
    player: int

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict: the kind plus every field (tuples become lists)."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _to_jsonable(getattr(self, f.name))
        return out


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Something that happened; the GUI animates it and the log shows `event.<kind>` with its params."""

    kind: ClassVar[str] = "event"

    def params(self) -> dict[str, Any]:
        """Return the event's fields as translation parameters."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict of the event."""
        out: dict[str, Any] = {"kind": self.kind}
        for name, value in self.params().items():
            out[name] = _to_jsonable(value)
        return out


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_jsonable(v) for v in value]
    return value


def _to_tuples(value: Any, hint: Any) -> Any:
    """Turn JSON lists into tuples as deep as the hint has tuples (never deeper, so nesting cannot recurse far)."""
    if not isinstance(value, list):
        return value
    if len(value) > MAX_FIELD_ITEMS:
        return value  # refused by the field check
    args = _tuple_args(hint)
    if args is None:
        return value
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_to_tuples(v, args[0]) for v in value)
    if len(args) != len(value):
        return value
    return tuple(_to_tuples(v, h) for v, h in zip(value, args))


def _tuple_args(hint: Any) -> tuple[Any, ...] | None:
    """The element hints of a tuple hint (of the tuple member of a union), or None."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        return typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        for h in typing.get_args(hint):
            if typing.get_origin(h) is tuple:
                return typing.get_args(h)
    return None


@cache
def _field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    """Each field of an action class with its resolved type hint."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


class ActionCodec:
    """Turns JSON dicts into the action classes of one game family, checking their shape."""

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self._by_kind: Mapping[str, type[Action]] = types.MappingProxyType(
            {cls.kind: cls for cls in action_types}
        )

    @property
    def kinds(self) -> tuple[str, ...]:
        """The action kinds this codec knows."""
        return tuple(self._by_kind)

    def from_json(self, data: Any) -> Action:
        """Build an action from a JSON dict; raise MalformedAction naming the fault."""
        if not isinstance(data, dict):
            raise MalformedAction(f"an action must be a JSON object, got {type(data).__name__}")
        kind = data.get("kind")
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise MalformedAction(f"unknown action kind {brief(kind)}")
        fields = _field_types(cls)
        names = {name for name, _ in fields}
        extra = set(data) - names - {"kind"}
        if extra:
            raise MalformedAction(f"action {kind!r} has unknown fields: {brief(', '.join(sorted(extra)))}")
        values: dict[str, Any] = {}
        for name, hint in fields:
            if name not in data:
                raise MalformedAction(f"action {kind!r} lacks the field {name!r}")
            values[name] = _to_tuples(data[name], hint)
        action = cls(**values)
        validate_action(action, ranges=False)
        return action


def validate_action(action: Action, ranges: bool = True) -> None:
    """Raise InvalidActionField unless every field of the action has its hinted type and lies in its range.

    Cheap enough to run before every apply: one generated check per action class, built on first use.
    With ranges=False only the types are checked (the codec: a well-typed action reads back as it was written,
    and apply() refuses it if it is out of range).
    """
    if not isinstance(action, Action):
        raise InvalidActionField(f"not an action: {brief(action)}")
    bad = _class_check(type(action), ranges)(action)
    if bad is not None:
        raise InvalidActionField(
            f"action {action.kind!r}: field {bad!r} has a bad value {brief(getattr(action, bad))}")


@cache
def _class_check(cls: type, bounded: bool) -> Callable[[Any], str | None]:
    """A function returning the first bad field's name of an action of cls, or None when all fit.

    The per-field predicates are built once per class from its type hints and limits (apply() skips the check
    for the action objects legal_actions() itself listed, so bots and searches rarely pay for it).
    """
    ranges = getattr(cls, "limits", {})
    fields: list[tuple[str, Callable[[Any], bool]]] = []
    for name, hint in _field_types(cls):
        low, high = ranges.get(name, PLAYER_RANGE if name == "player" else FIELD_INT_RANGE)
        if not bounded:
            low, high = -math.inf, math.inf
        fields.append((name, _compile(hint, low, high)))
    checks = tuple(fields)

    def check(action: Any) -> str | None:
        for name, ok in checks:
            if not ok(getattr(action, name)):
                return name
        return None

    return check


def _compile(hint: Any, low: float, high: float) -> Callable[[Any], bool]:
    """A predicate for values of a type hint: exact types (a bool is no int), integers within low..high."""
    origin = typing.get_origin(hint)
    if hint is int:
        return lambda v: type(v) is int and low <= v <= high
    if hint is bool:
        return lambda v: type(v) is bool
    if hint is str:
        return lambda v: type(v) is str and len(v) <= MAX_FIELD_TEXT
    if hint is type(None):
        return lambda v: v is None
    if origin in (typing.Union, types.UnionType):
        options = tuple(_compile(h, low, high) for h in typing.get_args(hint))
        return lambda v: any(ok(v) for ok in options)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _compile(args[0], low, high)
            return lambda v: type(v) is tuple and len(v) <= MAX_FIELD_ITEMS and all(item(x) for x in v)
        items = tuple(_compile(h, low, high) for h in args)
        return lambda v: type(v) is tuple and len(v) == len(items) and all(ok(x) for ok, x in zip(items, v))
    raise TypeError(f"action fields of type {hint!r} are not supported")
