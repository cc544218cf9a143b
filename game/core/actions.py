"""Action and event bases: frozen dataclasses with a stable kind, to and from JSON."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, ClassVar

from game.core.errors import MalformedAction


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Something a player does; `kind` is the stable name used in saves."""

    kind: ClassVar[str] = "action"
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


def _to_tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_to_tuples(v) for v in value)
    return value


@cache
def _field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def _matches(value: Any, hint: Any) -> bool:
    """Whether a JSON-decoded value (lists already made tuples) fits a simple type hint."""
    if hint is Any:
        return True
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_matches(v, args[0]) for v in value)
        return len(args) == len(value) and all(_matches(v, h) for v, h in zip(value, args))
    return isinstance(value, hint)


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
            raise MalformedAction(f"unknown action kind {kind!r}")
        fields = _field_types(cls)
        names = {name for name, _ in fields}
        extra = set(data) - names - {"kind"}
        if extra:
            raise MalformedAction(f"action {kind!r} has unknown fields: {', '.join(sorted(extra))}")
        values: dict[str, Any] = {}
        for name, hint in fields:
            if name not in data:
                raise MalformedAction(f"action {kind!r} lacks the field {name!r}")
            value = _to_tuples(data[name])
            if not _matches(value, hint):
                raise MalformedAction(f"action {kind!r}: field {name!r} has a bad value {data[name]!r}")
            values[name] = value
        return cls(**values)
