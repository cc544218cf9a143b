"""A save's claims are what its replay says, and its digest covers everything that decides the future (issue 14
item 8); version 1 saves, whose digest covers the state alone, still load."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.ai.random_bot import RandomBot
from game.core.errors import SaveError
from game.core.registry import new_game
from game.core.saves import SCHEMA_VERSION, game_from_json, game_to_json, load_game, save_game, state_digest

ROOT = Path(__file__).resolve().parents[2]


def played(variant: str, players: int, actions: int, seed: int = 5) -> Any:
    """A game of the variant after up to `actions` random actions (unfinished for small counts)."""
    game = new_game(variant, players, seed=seed)
    bot, rng = RandomBot(), random.Random(seed)
    for _ in range(actions):
        if game.is_over():
            break
        game.apply(bot.choose(None, game.legal_actions(game.active_players()[0]), rng))
    return game


@pytest.mark.parametrize("variant, players", [("catan-base", 4), ("rivals-intro", 2), ("catan-cards", 3)])
def test_every_family_round_trips_in_the_new_version(variant: str, players: int) -> None:
    """Saved and loaded: the same state, log and seed; the version is the current one."""
    game = played(variant, players, 60)
    data = json.loads(json.dumps(game_to_json(game)))
    assert data["schema_version"] == SCHEMA_VERSION == 2
    loaded = game_from_json(data)
    assert state_digest(loaded) == state_digest(game) and loaded.seed == game.seed
    assert len(loaded.log) == len(game.log)


@pytest.mark.parametrize("variant, players", [("catan-base", 4), ("rivals-intro", 2), ("catan-cards", 3)])
def test_edited_seed_of_an_unfinished_game_is_refused(variant: str, players: int) -> None:
    """The seed decides the future dice and draws: changing it breaks the digest although the replay still works."""
    game = played(variant, players, 40)
    assert not game.is_over()
    data = json.loads(json.dumps(game_to_json(game)))
    data["seed"] += 1
    with pytest.raises(SaveError, match="digest"):
        game_from_json(data)


@pytest.mark.parametrize("field, value", [
    ("seats", lambda d: [{**d["seats"][0], "controller": "normal"}, *d["seats"][1:]]),
    ("options", lambda d: {**d["options"], "discard_limit": 9}),
    ("setup_outcomes", lambda d: d["setup_outcomes"]),
])
def test_other_edits_that_change_the_future_are_refused(field: str, value: Any) -> None:
    """Seats (who plays which colour, and how) and options are covered by the digest too; an unchanged field is not
    refused (a control: the digest is not merely different each time)."""
    game = played("catan-base", 4, 40)
    data = json.loads(json.dumps(game_to_json(game)))
    changed = value(data)
    edited = {**data, field: changed}
    if changed == data[field]:
        assert state_digest(game_from_json(edited)) == state_digest(game)
        return
    with pytest.raises(SaveError):
        game_from_json(edited)


@pytest.mark.parametrize("field, value", [
    ("over", True), ("winner", 2), ("actions_applied", 3), ("turn", 77), ("over", 0), ("winner", "0"),
])
def test_claims_that_differ_from_the_replay_are_refused(field: str, value: Any) -> None:
    """over, winner, actions_applied and turn shown in the Load list are checked against the replay."""
    game = played("catan-base", 4, 200)
    data = json.loads(json.dumps(game_to_json(game)))
    assert (data[field], type(data[field])) != (value, type(value))
    data[field] = value
    with pytest.raises(SaveError, match=f"'{field}' says"):
        game_from_json(data)


def test_claims_of_a_finished_game_hold(tmp_path: Path) -> None:
    """A finished game's save states its winner, and a claim of another winner is refused."""
    game = played("catan-cards", 2, 5000, seed=3)
    assert game.is_over()
    path = tmp_path / "done.json"
    save_game(game, path)
    data = json.loads(path.read_text())
    assert data["over"] is True and data["winner"] == game.winner()
    assert load_game(path).winner() == game.winner()
    data["winner"] = 1 - game.winner()
    with pytest.raises(SaveError, match="'winner' says"):
        game_from_json(data)
    data["winner"], data["over"] = None, False
    with pytest.raises(SaveError, match="says"):
        game_from_json(data)


def version_one(game: Any) -> dict[str, Any]:
    """The save as version 1 wrote it: the digest of the state alone."""
    data = json.loads(json.dumps(game_to_json(game)))
    data["schema_version"] = 1
    data["digest"] = state_digest(game)
    return data


def test_version_one_saves_still_load_and_are_checked_the_old_way() -> None:
    """Ruling: old saves in the user's folder load (their digest is checked as it was computed); a damaged one is
    still refused, and saving again writes version 2."""
    game = played("catan-base", 4, 80)
    data = version_one(game)
    loaded = game_from_json(data)
    assert state_digest(loaded) == state_digest(game)
    assert game_to_json(loaded)["schema_version"] == 2
    data["digest"] = "0" * 64
    with pytest.raises(SaveError, match="digest"):
        game_from_json(data)
    data = version_one(game)
    data["over"] = True
    with pytest.raises(SaveError, match="'over' says"):
        game_from_json(data)


def test_the_repository_saves_folder_still_loads() -> None:
    """Every file under saves/ loads with its reader: game saves, positions and layouts."""
    from game.catan.position import load_position, position_game
    from game.catan.board import load_layout

    files = sorted((ROOT / "saves").rglob("*.json"))
    assert files
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") == "catan-table-save":
            load_game(path)
        elif path.parent.name == "positions":
            position_game(load_position(path))
        else:
            load_layout(path)


def position_save() -> dict[str, Any]:
    """The save of a game started from a shipped position, after a few random actions."""
    from game.catan.position import load_position, position_game

    game = position_game(load_position(ROOT / "saves" / "positions" / "midgame.json"))
    bot, rng = RandomBot(), random.Random(2)
    for _ in range(5):
        game.apply(bot.choose(None, game.legal_actions(game.active_players()[0]), rng))
    return json.loads(json.dumps(game_to_json(game)))


@pytest.mark.parametrize("start", ["position", "new"])
@pytest.mark.parametrize("edit, message", [
    ({"vp_target": 10 ** 9}, "'options' is invalid: option 'vp_target' must be at most"),
    ({"vp_target": None}, "'options' is invalid: option 'vp_target' must be a whole number"),
    ({"board": "../../etc/passwd"}, "'options' is invalid: option 'board' must be one of"),
    ({"evil": 1}, "'options' is invalid: unknown option.s. evil"),
    ({"vp_target": 3}, "digest"),
])
def test_edited_options_are_refused_also_when_the_game_starts_from_a_position(
        start: str, edit: dict[str, Any], message: str, tmp_path: Path) -> None:
    """Issue 37 item 4: a save's options are checked as New game checks them, and an allowed edit fails the
    digest, whether the game started from a position (whose rules give the options) or as a new game; the refusal
    is a SaveError naming the problem, and no file is touched."""
    data = position_save() if start == "position" else json.loads(json.dumps(game_to_json(played("catan-base", 3, 30))))
    assert ("start_position" in data) is (start == "position")
    game_from_json(json.loads(json.dumps(data)))  # the unedited save loads
    data["options"] = {**data["options"], **edit}
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    before = sorted((p.name, p.stat().st_mtime_ns) for p in tmp_path.iterdir())
    with pytest.raises(SaveError, match=message):
        load_game(path)
    assert sorted((p.name, p.stat().st_mtime_ns) for p in tmp_path.iterdir()) == before


def test_a_position_save_with_its_own_options_loads_in_both_versions() -> None:
    """The options a position save states are its position's rules: it loads as saved, in version 2 and 1."""
    data = position_save()
    loaded = game_from_json(json.loads(json.dumps(data)))
    assert loaded.options == data["options"] and game_to_json(loaded)["digest"] == data["digest"]
    old = {**data, "schema_version": 1, "digest": state_digest(loaded)}
    assert game_from_json(old).options == data["options"]
    old["options"] = {**data["options"], "discard_limit": 9}
    with pytest.raises(SaveError, match="discard_limit differ"):
        game_from_json(old)
