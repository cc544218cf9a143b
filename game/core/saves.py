"""Saves: JSON with the variant, seats, seed, set-up, the action log with chance outcomes and a state digest."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection
from pathlib import Path
from typing import Any

from game.core.assists import assists_of, read_assists
from game.core.errors import GameError, SaveError
from game.core.files import read_json_file, write_json_atomically
from game.core.game import Game
from game.core.seats import Seat

SAVE_FORMAT = "catan-table-save"
SCHEMA_VERSION = 2
# Version 1 saves (digest of the state alone) are still read: they are checked the old way, and the next save of
# their game writes version 2, whose digest also covers everything that decides the future (see future_digest).
READABLE_VERSIONS = (1, SCHEMA_VERSION)
APP_NAME = "catan-table"


def default_save_dir() -> Path:
    """The app's saves folder in the user data dir (platformdirs), created on demand by writers."""
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False)) / "saves"


def state_digest(game: Game) -> str:
    """SHA-256 of the canonical JSON of the full state."""
    text = json.dumps(game.state_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _start_json(game: Game) -> dict[str, Any]:
    """How the game started: from a position, or from a layout (an empty dict for a plain new game)."""
    if game.start_position is not None:
        return {"start_position": game.start_position}
    if game.layout is not None:
        return {"layout": game.layout}
    return {}


def _replay_json(game: Game) -> dict[str, Any]:
    """What a replay starts from and applies: variant, options, seats, seed, set-up chance and the logged actions."""
    return {
        "variant": game.variant.id,
        "options": dict(game.options),
        "seats": [seat.to_json() for seat in game.seats],
        "seed": game.seed,
        "setup_outcomes": list(game.setup_outcomes),
        "log": [{"action": entry.action.to_json(), "outcomes": list(entry.outcomes)} for entry in game.log],
    }


def future_digest(game: Game, named: Collection[str] | None = None) -> str:
    """SHA-256 of everything that decides the game's future: variant, options, seats, seed, set-up chance, start,
    the actions with their recorded chance, and the state they lead to (editing the seed changes future dice).

    `named`: only these options count (the names a save file states), so a file written before an option existed
    still matches; its game took that option's default, and dropping any stated option still changes the digest."""
    content = {**_replay_json(game), **_start_json(game), "state": game.state_json()}
    if named is not None:
        content["options"] = {name: value for name, value in game.options.items() if name in named}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def game_to_json(game: Game) -> dict[str, Any]:
    """Everything needed to replay the game exactly."""
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "schema_version": SCHEMA_VERSION,
        **_replay_json(game),
        "digest": future_digest(game),
        "actions_applied": len(game.log),
        "turn": game.turn_number(),
        "over": game.is_over(),
        "winner": game.winner(),
    }
    if game.start_position is not None:
        data["start_position"] = game.start_position
    elif game.layout is not None:
        data["layout"] = game.layout
    assists = assists_of(game)
    if assists:
        data["assists"] = assists
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
    if version not in READABLE_VERSIONS:
        raise SaveError(f"{where}: schema version {version} is not supported (this program reads "
                        f"{', '.join(map(str, READABLE_VERSIONS))})")
    variant_id = _require(data, "variant", str, where)
    options = _require(data, "options", dict, where)
    seats_data = _require(data, "seats", list, where)
    seed = _require(data, "seed", int, where)
    setup = _require(data, "setup_outcomes", list, where)
    log = _require(data, "log", list, where)
    digest = _require(data, "digest", str, where)
    try:
        variant = get_variant(variant_id)
    except GameError as exc:
        raise SaveError(f"{where}: cannot start the game: {exc}") from exc
    stated = frozenset(options)
    options = _checked_options(variant, options, where)
    try:
        seats = tuple(Seat.from_json(s) for s in seats_data)
        if "start_position" in data:
            game = variant.game_from_position(data["start_position"], seats=seats, seed=seed)
        else:
            game = variant.new_game(seats, seed, options, setup_outcomes=tuple(setup),
                                    layout=data.get("layout"))
    except GameError as exc:
        raise SaveError(f"{where}: cannot start the game: {exc}") from exc
    _check_start_options(options, game, where)
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
    replayed = state_digest(game) if version == 1 else future_digest(game, stated)
    if replayed != digest:
        raise SaveError(f"{where}: the replayed game does not match the recorded digest (the file was edited or damaged)")
    _check_claims(data, game, where)
    game.assists = read_assists(data.get("assists"), game.num_players, where)  # type: ignore[attr-defined]
    return game


def _checked_options(variant: Any, options: dict[str, Any], where: str) -> dict[str, Any]:
    """The save's options checked as New game checks them (known names, types, ranges), defaults filled in."""
    try:
        return variant.validate_options(options)  # type: ignore[no-any-return]
    except GameError as exc:
        raise SaveError(f"{where}: the field 'options' is invalid: {exc}") from exc


def _check_start_options(options: dict[str, Any], game: Game, where: str) -> None:
    """The save's options must be the options its game was started with: a game started from a position takes
    its rules from the position, so an edit of the save's own options would otherwise go unnoticed (the digest
    covers the game's options, so this is the digest's check of the options as the file states them)."""
    if options == game.options:
        return
    differ = sorted(name for name in set(options) | set(game.options) if options.get(name) != game.options.get(name))
    raise SaveError(f"{where}: the replayed game does not match the recorded digest (the option(s) "
                    f"{', '.join(differ)} differ from the game's start; the file was edited or damaged)")


def _check_claims(data: dict[str, Any], game: Game, where: str) -> None:
    """The summary a save states for lists (actions, turn, over, winner) must be what its replay says."""
    replay = {"actions_applied": len(game.log), "turn": game.turn_number(), "over": game.is_over(),
              "winner": game.winner()}
    for key, value in replay.items():
        if key not in data:
            continue
        claim = data[key]
        same = claim is value if isinstance(value, bool) or value is None else (
            type(claim) is int and claim == value)
        if not same:
            raise SaveError(f"{where}: the field {key!r} says {claim!r}, but the replayed game gives {value!r} "
                            "(the file was edited or damaged)")


def load_game(path: Path) -> Game:
    """Load and verify a save file; SaveError names the problem and nothing is changed."""
    path = Path(path)
    data = read_json_file(path, SaveError)
    return game_from_json(data, where=str(path))
