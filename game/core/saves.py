"""Saves: JSON with the variant, seats, seed, set-up, the action log with chance outcomes and a state digest."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from game.core.errors import GameError, SaveError
from game.core.files import read_json_file, write_json_atomically
from game.core.game import Game
from game.core.seats import Seat

SAVE_FORMAT = "catan-table-save"
SCHEMA_VERSION = 1
APP_NAME = "catan-table"


def default_save_dir() -> Path:
    """The app's saves folder in the user data dir (platformdirs), created on demand by writers."""
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False)) / "saves"


def state_digest(game: Game) -> str:
    """SHA-256 of the canonical JSON of the full state."""
    text = json.dumps(game.state_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def game_to_json(game: Game) -> dict[str, Any]:
    """Everything needed to replay the game exactly."""
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "schema_version": SCHEMA_VERSION,
        "variant": game.variant.id,
        "options": dict(game.options),
        "seats": [seat.to_json() for seat in game.seats],
        "seed": game.seed,
        "setup_outcomes": list(game.setup_outcomes),
        "log": [{"action": entry.action.to_json(), "outcomes": list(entry.outcomes)} for entry in game.log],
        "digest": state_digest(game),
        "actions_applied": len(game.log),
        "turn": game.turn_number(),
        "over": game.is_over(),
        "winner": game.winner(),
    }
    if game.start_position is not None:
        data["start_position"] = game.start_position
    elif game.layout is not None:
        data["layout"] = game.layout
    return data


def saved_turn(data: dict[str, Any]) -> int:
    """The turn a save's JSON has reached as its game counts it, without replaying: the recorded turn, or for older
    saves the variant's reading of the log (0 when the variant is unknown)."""
    from game.core.registry import get_variant

    turn = data.get("turn")
    if isinstance(turn, int) and not isinstance(turn, bool) and turn >= 0:
        return turn
    log = data.get("log")
    try:
        variant = get_variant(str(data.get("variant", "")))
    except GameError:
        return 0
    return variant.logged_turn(log) if isinstance(log, list) else 0


def save_game(game: Game, path: Path) -> None:
    """Save atomically to path."""
    write_json_atomically(path, game_to_json(game))


def _require(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise SaveError(f"{where}: the field {key!r} is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveError(f"{where}: the field {key!r} has the wrong type ({type(value).__name__})")
    return value


def game_from_json(data: Any, where: str = "save") -> Game:
    """Rebuild a game by replaying its log through the legality checks; SaveError names any fault."""
    from game.core.registry import get_variant

    if not isinstance(data, dict):
        raise SaveError(f"{where}: not a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{where}: not a Catan Table save (format is {data.get('format')!r})")
    version = _require(data, "schema_version", int, where)
    if version != SCHEMA_VERSION:
        raise SaveError(f"{where}: schema version {version} is not supported (this program reads {SCHEMA_VERSION})")
    variant_id = _require(data, "variant", str, where)
    options = _require(data, "options", dict, where)
    seats_data = _require(data, "seats", list, where)
    seed = _require(data, "seed", int, where)
    setup = _require(data, "setup_outcomes", list, where)
    log = _require(data, "log", list, where)
    digest = _require(data, "digest", str, where)
    try:
        variant = get_variant(variant_id)
        seats = tuple(Seat.from_json(s) for s in seats_data)
        if "start_position" in data:
            game = variant.game_from_position(data["start_position"], seats=seats, seed=seed)
        else:
            game = variant.new_game(seats, seed, options, setup_outcomes=tuple(setup),
                                    layout=data.get("layout"))
    except GameError as exc:
        raise SaveError(f"{where}: cannot start the game: {exc}") from exc
    codec = variant.codec()
    for i, entry in enumerate(log):
        if not isinstance(entry, dict) or "action" not in entry or not isinstance(entry.get("outcomes"), list):
            raise SaveError(f"{where}: log entry {i} is malformed")
        try:
            action = codec.from_json(entry["action"])
            game.chance.force(*entry["outcomes"])
            game.apply(action)
        except GameError as exc:
            raise SaveError(f"{where}: log entry {i} ({entry['action'].get('kind', '?') if isinstance(entry['action'], dict) else '?'}) "
                            f"does not replay: {exc}") from exc
        if game.chance.pending_forced:
            raise SaveError(f"{where}: log entry {i} records more chance outcomes than the action draws")
    if state_digest(game) != digest:
        raise SaveError(f"{where}: the replayed state does not match the recorded digest (the file was edited or damaged)")
    return game


def load_game(path: Path) -> Game:
    """Load and verify a save file; SaveError names the problem and nothing is changed."""
    path = Path(path)
    data = read_json_file(path, SaveError)
    return game_from_json(data, where=str(path))
