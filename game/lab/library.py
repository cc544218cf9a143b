"""The user's layouts folder: list, save, load, rename, duplicate and delete layout files."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from game.core.errors import InvalidPosition
from game.core.files import write_json_atomically
from game.lab.layout import LabLayout, clean_name, file_lab_layout

MAX_LAYOUT_FILES = 1000


@dataclass(frozen=True, slots=True)
class LayoutEntry:
    """One file of the layouts folder: its path, and the layout or the reason it cannot be read."""

    path: Path
    layout: LabLayout | None
    error: str | None

    @property
    def name(self) -> str:
        """The layout's own name, or the file name for an unreadable file."""
        return self.layout.name if self.layout is not None else self.path.stem


def file_stem(name: str) -> str:
    """A safe file name for a layout name: ASCII letters, digits, '-' and '_' only."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", ascii_name).strip("-").lower()
    return stem[:60] or "layout"


def list_layouts(folder: Path) -> list[LayoutEntry]:
    """Every *.json layout in the folder, sorted by file name; unreadable files are listed with their error."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    entries = []
    for path in sorted(folder.glob("*.json"))[:MAX_LAYOUT_FILES]:
        try:
            entries.append(LayoutEntry(path, file_lab_layout(path), None))
        except InvalidPosition as exc:
            entries.append(LayoutEntry(path, None, str(exc)))
    return entries


def free_path(folder: Path, name: str, keep: Path | None = None) -> Path:
    """A path in the folder for a layout name that no other file uses (keep: a file that may be reused)."""
    stem = file_stem(name)
    path = Path(folder) / f"{stem}.json"
    n = 2
    while path.exists() and path != keep:
        path = Path(folder) / f"{stem}-{n}.json"
        n += 1
    return path


def save_layout(folder: Path, layout: LabLayout, path: Path | None = None) -> Path:
    """Write the layout (to path, or to a new file named after it) atomically; InvalidPosition if unplayable.

    A board with problems other than component counts cannot be saved; one that breaks the counts is saved
    only when it is marked experimental.
    """
    layout.layout_for_game()
    target = path if path is not None else free_path(folder, layout.name)
    try:
        write_json_atomically(target, layout.to_json())
    except OSError as exc:
        raise InvalidPosition(f"{target}: cannot write ({exc.strerror or exc})") from exc
    return target


def rename_layout(path: Path, new_name: str) -> Path:
    """Give a saved layout a new name (and file name); the old file is replaced, never lost."""
    layout = file_lab_layout(path).renamed(new_name)
    target = free_path(path.parent, layout.name, keep=path)
    save_layout(path.parent, layout, target)
    if target != path:
        path.unlink()
    return target


def duplicate_layout(path: Path) -> Path:
    """Save a copy of a layout under a new name ('… copy')."""
    layout = file_lab_layout(path)
    copy = layout.renamed(clean_name(f"{layout.name} copy"))
    return save_layout(path.parent, copy)


def delete_layout(path: Path) -> None:
    """Remove a layout file."""
    try:
        Path(path).unlink()
    except OSError as exc:
        raise InvalidPosition(f"{path}: cannot delete ({exc.strerror or exc})") from exc
