"""The GUI's readers of files refuse FIFOs, devices, folders and oversize files; the art cache treats them, damaged
PNGs and decompression bombs as cache misses and draws the art again."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from gui.art import ArtCache
from gui.art.cache import MAX_CACHED_PNG_BYTES
from gui.save_files import read_save_info
from gui.settings import Settings, load_settings
from tests.game.test_special_files import special_file

KINDS = ("fifo", "dev-zero", "folder", "oversize")


def _png_header(width: int, height: int, data: bytes = b"") -> bytes:
    """A PNG that claims width x height pixels but holds only `data` (zlib) as its pixels."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(data)) + chunk(b"IEND", b"")


@pytest.mark.parametrize("kind", KINDS)
def test_settings_that_are_no_plain_file_give_defaults_and_the_reason(tmp_path: Path, kind: str) -> None:
    path = special_file(tmp_path / "settings.json", kind)
    settings, reason = load_settings(path)
    assert settings == Settings(lang=settings.lang)
    assert reason and str(path) in reason


@pytest.mark.parametrize("kind", KINDS)
def test_a_save_that_is_no_plain_file_is_listed_as_unreadable(tmp_path: Path, kind: str) -> None:
    info = read_save_info(special_file(tmp_path / "game.json", kind))
    assert info["ok"] is False and info["name"] == "game"


CACHE_CASES = (*KINDS, "bomb", "truncated", "not-png")


@pytest.mark.parametrize("case", CACHE_CASES)
def test_the_art_cache_draws_again_over_a_bad_cached_file(tmp_path: Path, case: str) -> None:
    cache = ArtCache(tmp_path, "en")
    size = (64, 64)
    path = cache.path_for("token", "6", size)
    if case in KINDS:
        special_file(path, case, oversize=MAX_CACHED_PNG_BYTES + 1)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        body = {"bomb": _png_header(200_000, 200_000),  # far past Pillow's limit of pixels: DecompressionBombError
                "truncated": _png_header(*size, b"\0" * 10),
                "not-png": b"GIF89a" + b"\0" * 100}[case]
        path.write_bytes(body)
    image = cache.get("token", "6", size)
    assert image.size == size and cache.renders == 1
    if case != "folder":  # a folder in the way cannot be replaced; the art is drawn on every start
        assert path.is_file() and path.stat().st_size < MAX_CACHED_PNG_BYTES
        again = ArtCache(tmp_path, "en")
        assert again.get("token", "6", size).size == size and again.renders == 0
