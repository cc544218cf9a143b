"""Seeded fuzzing of every kind of file the program reads: a typed refusal or an identical game, never a traceback.

Saves (each game family), positions, board layouts and settings are mutated structurally (values swapped for
hostile ones, keys dropped, lists duplicated or reordered, deep nesting) and byte-wise (cut short, bad UTF-8,
stray bytes). The number of cases bounds the run, not a clock.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.catan.board import beginner_layout, check_layout_data
from game.catan.compact import compact_layout, random_placements
from game.catan.position import position_game
from game.catan.position_export import export_position
from game.core.chance import Chance
from game.core.errors import InvalidPosition, SaveError
from game.core.files import parse_json_bytes
from game.core.registry import get_variant
from game.core.saves import game_from_json, game_to_json, state_digest
from game.lab.layout import LabLayout, variable_lab_layout

HOSTILE: tuple[Any, ...] = (
    None, True, False, -1, 0, 1, 2, -(10**18), 10**18, 1.5, 1.0, float("nan"), float("inf"), "", "x", "1",
    "h0.N", "red", "\x00", "é" * 300, [], {}, [1, "a"], [[1]], {"a": 1}, [0, 0, 0, 0, 0],
)
SAVE_CASES = 70
POSITION_CASES = 250
LAYOUT_CASES = 250
SETTINGS_CASES = 200


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _paths(value, prefix + (key,))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out += _paths(value, prefix + (i,))
    return out


def _at(doc: Any, path: tuple) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def mutate(doc: Any, rng: random.Random) -> Any:
    """A copy of a JSON document with one to three structural changes."""
    doc = json.loads(json.dumps(doc))
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        paths = _paths(doc)
        path = rng.choice(paths[1:])
        parent, key = _at(doc, path[:-1]), path[-1]
        old = parent[key]
        r = rng.random()
        if r < 0.45:
            parent[key] = json.loads(json.dumps(rng.choice(HOSTILE)))
        elif r < 0.55:
            parent[key] = _nested(rng.choice((50, 400, 900)))
            break  # nothing walks into it afterwards
        elif r < 0.7 and type(old) is int:
            parent[key] = old + rng.choice((-2, -1, 1, 2, 7, 100))
        elif r < 0.8:
            del parent[key]
        elif r < 0.88 and isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(old)))
        elif r < 0.94:
            other = _at(doc, rng.choice(paths[1:]))
            parent[key] = json.loads(json.dumps(other))
        elif isinstance(old, str):
            parent[key] = old[::-1] if rng.random() < 0.5 else old + "x"
        elif isinstance(old, list):
            rng.shuffle(old)
    return doc


def encode(doc: Any, rng: random.Random, byte_share: float) -> bytes:
    """The document as file bytes, sometimes damaged byte-wise."""
    raw = bytearray(json.dumps(doc).encode("utf-8"))
    if rng.random() < byte_share:
        r = rng.random()
        if r < 0.3:
            del raw[rng.randrange(len(raw)):]
        elif r < 0.6:
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        else:
            at = rng.randrange(len(raw) + 1)
            raw[at:at] = rng.choice((b"\xff", b"\xc3", b"[" * 80, b"1" * 5000, b"\x00", b"NaN"))
    return bytes(raw)


def playable(game: Any) -> None:
    """A loaded game answers the questions the table asks of it."""
    for player in game.active_players():
        game.legal_actions(player)
    game.view(0)


def played(variant_id: str, players: int, seed: int, actions: int, options: dict | None = None) -> Any:
    variant = get_variant(variant_id)
    game = variant.new_game(variant.default_seats(players), seed, options or {})
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions(game.active_players()[0])))
    return game


@pytest.mark.parametrize("variant_id,players,options", [
    ("catan-base", 4, {"board": "variable"}), ("catan-2p", 2, {}), ("catan-compact", 3, {"board": "variable"}),
    ("rivals-intro", 2, {}), ("rivals-duel", 2, {}), ("catan-cards", 4, {}),
])
def test_mutated_saves_are_refused_or_replay_to_the_same_game(variant_id: str, players: int, options: dict) -> None:
    game = played(variant_id, players, 5, 60, options)
    doc, digest = game_to_json(game), state_digest(game)
    rng = random.Random(f"save:{variant_id}")
    refused = 0
    for _ in range(SAVE_CASES):
        raw = encode(mutate(doc, rng), rng, 0.2)
        try:
            loaded = game_from_json(parse_json_bytes(raw, "fuzzed save", SaveError))
        except SaveError:
            refused += 1
            continue
        assert state_digest(loaded) == digest
        playable(loaded)
    assert refused > SAVE_CASES // 3


def test_mutated_positions_are_refused_or_load_to_a_consistent_game() -> None:
    documents = [export_position(played("catan-base", 4, 7 + n, n, {"board": "variable"})) for n in (0, 40, 120)]
    rng = random.Random("positions")
    refused = 0
    for i in range(POSITION_CASES):
        raw = encode(mutate(documents[i % len(documents)], rng), rng, 0.15)
        try:
            game = position_game(parse_json_bytes(raw, "fuzzed position", InvalidPosition))
        except InvalidPosition:
            refused += 1
            continue
        assert state_digest(position_game(export_position(game))) == state_digest(game)
        playable(game)
    assert refused > POSITION_CASES // 3


def test_mutated_layouts_are_refused_or_start_every_board_game() -> None:
    documents = [beginner_layout(), compact_layout(random_placements(Chance(3))), variable_lab_layout(5).to_json(),
                 {**variable_lab_layout(6).to_json(), "experimental": True}]
    rng = random.Random("layouts")
    refused = 0
    for i in range(LAYOUT_CASES):
        raw = encode(mutate(documents[i % len(documents)], rng), rng, 0.15)
        try:
            data = check_layout_data(parse_json_bytes(raw, "fuzzed layout", InvalidPosition), "fuzzed layout")
            lab = LabLayout.from_json(data, "fuzzed layout")
            for variant_id, players in (("catan-base", 4), ("catan-base", 3), ("catan-2p", 2), ("catan-compact", 4)):
                variant = get_variant(variant_id)
                playable(variant.new_game(variant.default_seats(players), 1, {}, layout=data))
        except InvalidPosition:
            refused += 1
            continue
        assert LabLayout.from_json(lab.to_json(), "again") == lab
    assert refused > LAYOUT_CASES // 3


def test_mutated_settings_give_the_defaults_and_a_reason_or_the_same_settings(tmp_path: Path) -> None:
    from gui.settings import Settings, load_settings

    document = Settings().to_json()
    path = tmp_path / "settings.json"
    rng = random.Random("settings")
    refused = 0
    for _ in range(SETTINGS_CASES):
        path.write_bytes(encode(mutate(document, rng), rng, 0.3))
        settings, reason = load_settings(path)
        if reason is None:
            assert Settings.from_json(settings.to_json()) == settings
        else:
            refused += 1
            assert settings == Settings() and reason
    assert refused > SETTINGS_CASES // 4
