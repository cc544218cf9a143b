"""Reviews kept beside their save: a hidden versioned file (`.NAME.review.json`) that names the save's SHA-256 and
the review's settings. Reopening a review is then instant; a damaged, foreign or stale cache file is ignored and
rebuilt; the save itself is never written; a cancelled review leaves no cache file."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game.coach.review import JUDGE_WORLDS, REVIEW_VERSION, Review, review_game
from game.core.errors import GameError
from game.core.files import parse_json_bytes, read_file_bytes, read_json_file, write_json_atomically
from game.core.saves import game_from_json

CACHE_FORMAT = "catan-table-review-cache"
MAX_CACHE_BYTES = 50_000_000
MAX_SAVE_BYTES = 50_000_000


def cache_path(save: Path) -> Path:
    """Where the review of a save is kept (a hidden file beside it, which the Load list skips)."""
    return save.with_name(f".{save.stem}.review.json")


def _settings(seats: Sequence[int] | None, worlds: int, seed: int) -> dict[str, Any]:
    return {"seats": None if seats is None else list(seats), "worlds": worlds, "seed": seed}


def cached_review(save: Path, seats: Sequence[int] | None = None) -> Review | None:
    """The kept review of the save as it is now, with these settings (default ones), or None."""
    return _read(save, _digest(save), _settings(seats, JUDGE_WORLDS, 0))


def review_save(save: Path, seats: Sequence[int] | None = None, worlds: int = JUDGE_WORLDS, seed: int = 0,
                progress: Callable[[int, int], bool] | None = None) -> tuple[Review, bool]:
    """The review of a save and whether it came from the cache; a new review is written to the cache only once
    it is complete (SaveError for a save that cannot be loaded, GameError when cancelled)."""
    raw = read_file_bytes(save, GameError, MAX_SAVE_BYTES)
    digest = hashlib.sha256(raw).hexdigest()
    settings = _settings(seats, worlds, seed)
    kept = _read(save, digest, settings)
    if kept is not None:
        return kept, True
    game = game_from_json(parse_json_bytes(raw, str(save), GameError, MAX_SAVE_BYTES), str(save))
    review = review_game(game, seats, worlds, seed, progress)
    write_json_atomically(cache_path(save), {"format": CACHE_FORMAT, "version": REVIEW_VERSION, "save_sha256": digest,
                                             "settings": settings, "review": review.to_json()}, indent=None)
    return review, False


def _digest(save: Path) -> str:
    return hashlib.sha256(read_file_bytes(save, GameError, MAX_SAVE_BYTES)).hexdigest()


def _read(save: Path, digest: str, settings: dict[str, Any]) -> Review | None:
    path = cache_path(save)
    if not path.exists():
        return None
    try:
        data = read_json_file(path, GameError, MAX_CACHE_BYTES)
        if not (isinstance(data, dict) and data.get("format") == CACHE_FORMAT and data.get("version") == REVIEW_VERSION
                and data.get("save_sha256") == digest and data.get("settings") == settings):
            return None
        return Review.from_json(data["review"])
    except (GameError, KeyError, TypeError, ValueError, AttributeError):
        return None  # a damaged cache is only a lost shortcut: the review is made again
