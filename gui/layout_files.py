"""Where board layout files live: the shipped examples and the user's own folder beside the saves."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.core.resources import layouts_dir

if TYPE_CHECKING:
    from gui.app import App

REPO_LAYOUTS = layouts_dir()


def user_layouts_dir(app: App) -> Path:
    """Where the user's own board layouts are saved (beside the saves folder)."""
    return app.save_dir.parent / "layouts"


def layout_files(app: App) -> list[Path]:
    """Board layout files (*.json) from the repo's saves/layouts and the user's data folders."""
    files: list[Path] = []
    seen: set[Path] = set()
    for folder in (REPO_LAYOUTS, app.save_dir / "layouts", user_layouts_dir(app)):
        resolved = folder.resolve()
        if folder.is_dir() and resolved not in seen:
            seen.add(resolved)
            files.extend(sorted(p for p in folder.glob("*.json") if p.is_file()))
    return files
