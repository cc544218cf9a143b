"""The rows of the lab's layout files: the user's layouts, then the shipped examples, each with its status."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.lab.library import LayoutEntry, list_layouts
from gui.lab.panels import BAD_COLOR, EXPERIMENTAL_COLOR
from gui.layout_files import REPO_LAYOUTS, user_layouts_dir

if TYPE_CHECKING:
    from gui.app import App


@dataclass(frozen=True)
class FileItem:
    """A row of the list: the folder entry and whether it is the user's own (editable) file."""

    entry: LayoutEntry
    own: bool


def layout_items(app: App) -> list[FileItem]:
    """The user's layouts, then the examples shipped in saves/layouts."""
    own = [FileItem(e, True) for e in list_layouts(user_layouts_dir(app))]
    examples = [FileItem(e, False) for e in list_layouts(REPO_LAYOUTS)]
    return own + examples


def status_text(app: App, item: FileItem) -> tuple[str, tuple[int, int, int] | None]:
    """The status cell of a row and its colour: legal, experimental, breaks the rules, or the read error."""
    entry = item.entry
    if entry.layout is None:
        return app.t("lab.files.unreadable"), BAD_COLOR
    layout = entry.layout
    if layout.experimental:
        return app.t("lab.files.experimental"), EXPERIMENTAL_COLOR
    if layout.is_legal():
        return app.t("lab.files.legal"), None
    return app.t("lab.files.illegal"), BAD_COLOR
