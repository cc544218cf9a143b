"""The lab's Prove (simulation) options shared by its screens: the games it can simulate, the game counts
offered, where reports go (each run in a fresh folder), and how a duration is written."""

from __future__ import annotations

from pathlib import Path

#: The games the lab simulates, as (variant id, players).
MODES: tuple[tuple[str, int], ...] = (
    ("catan-base", 4), ("catan-base", 3), ("catan-compact", 4), ("catan-compact", 3), ("catan-2p", 2),
)
GAME_PRESETS: tuple[int, ...] = (100, 400, 1000, 4000)
DEFAULT_GAMES = 400
MAX_GAMES = 100_000
REPORTS_FOLDER = "lab-reports"
COMMAND = ("gui", "lab", "prove")
#: Bar colours of the layouts in the comparison chart (gold first, then colours unlike the players').
SERIES_COLORS: tuple[tuple[int, int, int], ...] = (
    (230, 180, 70), (110, 190, 220), (190, 140, 236), (140, 200, 120), (230, 130, 150), (200, 200, 200),
)


def format_duration(seconds: float) -> str:
    """A duration as m:ss or h:mm:ss."""
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def fresh_folder(root: Path, base: str) -> Path:
    """root/base, or root/base-2, -3, ... when that folder is taken."""
    folder = root / base
    n = 2
    while folder.exists():
        folder = root / f"{base}-{n}"
        n += 1
    return folder
