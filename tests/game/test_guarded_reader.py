"""The one guarded reader: hostile JSON files become the typed error of their kind, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.catan.position import load_position
from game.core.errors import InvalidPosition, SaveError
from game.core.files import read_json_file, write_json_atomically
from game.core.saves import load_game

HOSTILE: dict[str, bytes] = {
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "deep-object": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "long-int": b'{"n": ' + b"7" * 5000 + b"}",
    "bad-utf8": b'{"name": "\xc3\x28"}',
    "not-json": b"{'single': quotes}",
    "empty": b"",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("reader,error", [(load_game, SaveError), (load_position, InvalidPosition)])
def test_hostile_files_are_typed_refusals(tmp_path: Path, name: str, reader: object, error: type) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes(HOSTILE[name])
    with pytest.raises(error, match=f"{name}.json"):
        reader(path)  # type: ignore[operator]
    assert path.read_bytes() == HOSTILE[name]


def test_oversized_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"[" + b"1," * 600 + b"1]")
    with pytest.raises(SaveError, match="too large"):
        read_json_file(path, SaveError, max_bytes=1000)
    assert read_json_file(path, SaveError)[0] == 1


def test_settings_fall_back_to_defaults_with_the_reason(tmp_path: Path) -> None:
    from gui.settings import Settings, load_settings

    path = tmp_path / "settings.json"
    path.write_bytes(HOSTILE["deep"])
    settings, reason = load_settings(path)
    assert settings == Settings(lang=settings.lang) and reason and "nested too deeply" in reason


def test_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    write_json_atomically(target, {"a": [1, 2]})
    assert read_json_file(target, SaveError) == {"a": [1, 2]}
    with pytest.raises(TypeError):
        write_json_atomically(target, {"bad": object()})
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]
    assert read_json_file(target, SaveError) == {"a": [1, 2]}


def test_stale_temporaries_of_killed_writes_are_removed(tmp_path: Path) -> None:
    import os
    import time

    from game.core.files import remove_stale_temporaries

    stale = tmp_path / ".autosave.json.abc123.tmp"
    fresh = tmp_path / ".autosave.json.def456.tmp"
    keep = tmp_path / "autosave.json"
    for path in (stale, fresh, keep):
        path.write_text("{}")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(keep, (old, old))
    assert remove_stale_temporaries(tmp_path) == [stale]
    assert not stale.exists() and fresh.exists() and keep.exists()
    assert remove_stale_temporaries(tmp_path / "missing") == []


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_save_list_shows_hostile_files_as_unreadable(tmp_path: Path, name: str) -> None:
    from gui.save_files import list_saves

    (tmp_path / f"{name}.json").write_bytes(HOSTILE[name])
    (tmp_path / "big.json").write_bytes(b"[" + b"0," * (9 * 1024 * 1024) + b"0]")
    infos = {info["name"]: info for info in list_saves(tmp_path)}
    assert infos[name]["ok"] is False and infos["big"]["ok"] is False


@pytest.mark.parametrize("name", ["Bo\x00b", "x" * 100_000, "tab\there"])
def test_seat_names_from_files_are_validated(name: str) -> None:
    from game.core.errors import GameError
    from game.core.seats import Seat

    with pytest.raises(GameError, match="seat"):
        Seat.from_json({"name": name, "color": "red", "controller": "human"})
    assert Seat.from_json({"name": "Žluťoučký kůň", "color": "red", "controller": "normal"}).name == "Žluťoučký kůň"


def test_long_text_is_shortened_in_a_few_measurements() -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from gui.dialogs import ellipsize
    from gui.fonts import font

    short = ellipsize("W" * 100_000, 16, 200)
    assert short.endswith("…") and font(16).size(short)[0] <= 200
    assert font(16).size(short[:-1] + "W…")[0] > 200
    assert ellipsize("ok", 16, 200) == "ok"
