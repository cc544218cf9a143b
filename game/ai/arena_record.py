"""An arena record: a file of finished games of one plan, kept as they finish, so a long run survives being cut off.

A Hard line of a hundred games takes an hour or more on a 2-core machine, longer than a run may be allowed to
last. With a record, every finished game is appended at once (one JSON line), a run that is cut off (Ctrl+C,
a killed process, a machine that stops) keeps every game it finished, and the same command run again plays only
the games the record lacks. Game g of a plan is the same game whatever the number of games, so a record of a
100-game run also serves a 200-game run of the same plan.

The first line names the plan (everything that decides the games, not their number); each further line is one
game. A record of another plan is refused, and so is a damaged one, with a message naming the file, the line
and the problem; only a last line cut off while it was written is dropped (the game is played again).
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

from game.ai.arena import ArenaGame, ArenaPlan
from game.core.errors import InvalidOptions
from game.core.files import parse_json_bytes, read_file_bytes

RECORD_FORMAT = 1
# A game line holds every decision time of the game: a long four-player game writes about 100 kB.
MAX_RECORD_BYTES = 512 * 1024 * 1024


class RecordError(InvalidOptions):
    """An arena record that cannot be used: unreadable, damaged, or of another plan."""


def plan_identity(plan: ArenaPlan) -> dict[str, Any]:
    """What decides the games of a plan (its number of games aside), as plain JSON data."""
    return {
        "variant": plan.variant, "players": plan.players, "bots": list(plan.bots), "seed": plan.seed,
        "rotate_seats": plan.rotate_seats, "max_actions": plan.max_actions, "think_seconds": plan.think_seconds,
        "rollouts": plan.rollouts, "options": [[name, value] for name, value in plan.options],
    }


def game_to_json(game: ArenaGame) -> dict[str, Any]:
    """One finished game as plain JSON data (decision times to the microsecond)."""
    return {
        "index": game.index, "seed": game.seed, "seats": list(game.seats), "winner": game.winner,
        "finished": game.finished, "actions": game.actions, "points": list(game.points),
        "times": [[round(t, 6) for t in seat] for seat in game.times], "capped": list(game.capped),
    }


def game_from_json(data: Any, plan: ArenaPlan) -> ArenaGame:
    """A recorded game of the plan; ValueError naming the first field that does not fit."""
    if not isinstance(data, dict):
        raise ValueError("a game is not a JSON object")
    index = data.get("index")
    if not _is_int(index) or index < 0:
        raise ValueError("index is not a whole number ≥ 0")
    if data.get("seed") != plan.game_seed(index):
        raise ValueError(f"seed is not the plan's seed of game {index}")
    if data.get("seats") != list(plan.seating(index)):
        raise ValueError(f"seats are not the plan's seating of game {index}")
    winner = data.get("winner")
    if winner is not None and not (_is_int(winner) and 0 <= winner < plan.players):
        raise ValueError("winner is not a seat")
    if not isinstance(data.get("finished"), bool):
        raise ValueError("finished is not true or false")
    actions = data.get("actions")
    if not _is_int(actions) or not 0 <= actions <= plan.max_actions:
        raise ValueError("actions is not a count within the action limit")
    points = _int_list(data.get("points"), plan.players, "points")
    capped = _int_list(data.get("capped"), plan.players, "capped")
    times = data.get("times")
    if not isinstance(times, list) or len(times) != plan.players:
        raise ValueError("times is not one list per seat")
    seat_times = []
    for seat in times:
        if not isinstance(seat, list) or not all(_is_time(t) for t in seat):
            raise ValueError("times holds something that is not a time in seconds")
        seat_times.append(tuple(float(t) for t in seat))
    return ArenaGame(index, data["seed"], tuple(data["seats"]), winner, data["finished"], actions, points,
                     tuple(seat_times), capped)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_time(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
            and value >= 0)


def _int_list(value: Any, length: int, name: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != length or not all(_is_int(v) and v >= 0 for v in value):
        raise ValueError(f"{name} is not one whole number ≥ 0 per seat")
    return tuple(value)


class ArenaRecord:
    """The record file of one plan: the games it holds, and appending each game as it finishes."""

    def __init__(self, path: Path, plan: ArenaPlan) -> None:
        self.path = Path(path)
        self.plan = plan
        self.games: dict[int, ArenaGame] = {}
        self._keep_bytes = 0  # the length of the file's whole lines (a cut-off last line is dropped)
        try:
            new = not self.path.exists() or (self.path.is_file() and self.path.stat().st_size == 0)
        except OSError as exc:
            raise RecordError(f"{self.path}: cannot read ({exc.strerror or exc})") from exc
        if new:
            head = {"arena_record": RECORD_FORMAT, "plan": plan_identity(plan)}
            self._write(json.dumps(head, separators=(",", ":")) + "\n", create=True)
        else:
            self._read()

    def _read(self) -> None:
        """Load the games of an existing record; RecordError if it is damaged or of another plan."""
        where = str(self.path)
        raw = read_file_bytes(self.path, RecordError, MAX_RECORD_BYTES)  # regular files only, never past the limit
        whole = raw[:raw.rfind(b"\n") + 1]  # a last line without its newline was cut off mid-write
        lines = whole.splitlines()
        if not lines:
            raise RecordError(f"{where}: not an arena record (no complete first line)")
        head = parse_json_bytes(lines[0], f"{where}, line 1", RecordError)
        if not isinstance(head, dict) or head.get("arena_record") != RECORD_FORMAT:
            raise RecordError(f"{where}, line 1: not an arena record of format {RECORD_FORMAT}")
        wanted = plan_identity(self.plan)
        if head.get("plan") != wanted:
            theirs = head.get("plan")
            differs = sorted(k for k in wanted if not isinstance(theirs, dict) or theirs.get(k) != wanted[k])
            raise RecordError(f"{where}: the record holds games of another plan (it differs in: "
                              f"{', '.join(differs) or 'its fields'}); name another file")
        for number, line in enumerate(lines[1:], start=2):
            data = parse_json_bytes(line, f"{where}, line {number}", RecordError)
            try:
                game = game_from_json(data, self.plan)
            except ValueError as exc:
                raise RecordError(f"{where}, line {number}: {exc}") from None
            if game.index in self.games:
                raise RecordError(f"{where}, line {number}: game {game.index} is recorded twice")
            self.games[game.index] = game
        self._keep_bytes = len(whole)

    def missing(self) -> list[int]:
        """The plan's game numbers the record does not hold, in order."""
        return [g for g in range(self.plan.games) if g not in self.games]

    def add(self, games: list[ArenaGame]) -> None:
        """Append finished games to the file at once."""
        if games:
            self._write("".join(json.dumps(game_to_json(g), separators=(",", ":")) + "\n" for g in games))
            for g in games:
                self.games[g.index] = g

    def _write(self, text: str, create: bool = False) -> None:
        """Put whole lines after the file's last whole line, on disk before returning; RecordError if it fails."""
        data = text.encode("utf-8")
        try:
            if create:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "wb" if create else "r+b") as handle:
                handle.truncate(self._keep_bytes)
                handle.seek(self._keep_bytes)
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as exc:
            raise RecordError(f"{self.path}: cannot write ({exc.strerror or exc})") from exc
        self._keep_bytes += len(data)
