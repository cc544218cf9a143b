"""Who sits at the table: a name, a colour and whether a human or an AI plays the seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.errors import GameError

# Longest seat name (or colour or controller id) a file may hold; the New game field allows far fewer.
MAX_SEAT_TEXT = 200


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: its display name, colour id, and controller ("human" or an AI id like "heuristic")."""

    name: str
    color: str
    controller: str = "human"

    @property
    def is_human(self) -> bool:
        """Whether a person at this PC plays the seat."""
        return self.controller == "human"

    def to_json(self) -> dict[str, Any]:
        """JSON form for saves."""
        return {"name": self.name, "color": self.color, "controller": self.controller}

    @staticmethod
    def from_json(data: Any) -> Seat:
        """Read a seat from its JSON form, refusing a malformed one."""
        if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("name", "color", "controller")):
            raise GameError(f"a seat must have string fields name, color, controller; got {str(data)[:200]!r}")
        for key in ("name", "color", "controller"):
            value = data[key]
            if len(value) > MAX_SEAT_TEXT:
                raise GameError(f"a seat's {key} is {len(value):,} characters long (at most {MAX_SEAT_TEXT})")
            if not value.isprintable():
                raise GameError(f"a seat's {key} holds a control character: {value[:MAX_SEAT_TEXT]!r}")
        return Seat(data["name"], data["color"], data["controller"])
