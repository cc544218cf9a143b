"""The help a game was played with: the win-chance bar shown at a table with people, and the hints each seat asked
for. Kept in the save and shown by the review; it decides nothing in the game (nor its digest)."""

from __future__ import annotations

from typing import Any

from game.core.errors import SaveError
from game.core.game import Game

MAX_HINTS = 1_000_000


def assists_of(game: Game) -> dict[str, Any]:
    """The game's assists as plain data ({} when none was used)."""
    return dict(getattr(game, "assists", {}) or {})


def note_win_bar(game: Game) -> None:
    """Mark that the win-chance bar was shown while people played."""
    game.assists = {**assists_of(game), "win_bar": True}  # type: ignore[attr-defined]


def note_hint(game: Game, seat: int) -> None:
    """Count one hint asked for by a seat (a new dict each time: copies of the game never share the count)."""
    current = assists_of(game)
    hints = dict(current.get("hints", {}))
    hints[str(seat)] = int(hints.get(str(seat), 0)) + 1
    game.assists = {**current, "hints": hints}  # type: ignore[attr-defined]


def hints_used(game: Game, seat: int) -> int:
    """How many hints a seat asked for."""
    return int(assists_of(game).get("hints", {}).get(str(seat), 0))


def read_assists(data: Any, seats: int, where: str) -> dict[str, Any]:
    """A save's assists checked (SaveError naming the fault); {} when the save has none."""
    if data is None:
        return {}
    if not isinstance(data, dict) or not set(data) <= {"win_bar", "hints"}:
        raise SaveError(f"{where}: the field 'assists' is invalid (an object with win_bar and hints)")
    out: dict[str, Any] = {}
    if "win_bar" in data:
        if not isinstance(data["win_bar"], bool):
            raise SaveError(f"{where}: the field 'assists.win_bar' must be true or false")
        out["win_bar"] = data["win_bar"]
    if "hints" in data:
        hints = data["hints"]
        valid = isinstance(hints, dict) and all(
            isinstance(k, str) and k.isdigit() and int(k) < seats and type(v) is int and 0 <= v <= MAX_HINTS
            for k, v in hints.items())
        if not valid:
            raise SaveError(f"{where}: the field 'assists.hints' must count hints per seat")
        out["hints"] = dict(hints)
    return out
