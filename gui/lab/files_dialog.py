"""The layout files dialog: the user's layouts (open, rename, duplicate, delete) and the shipped examples."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.errors import InvalidPosition
from game.lab.layout import LabLayout
from game.lab.library import delete_layout, duplicate_layout, rename_layout
from gui.dialogs import TEXT_DIM, DialogScene, ListBox, ListRow, StyledButton, blit_text, px
from gui.fonts import font, wrap_text
from gui.lab.file_items import FileItem, layout_items, status_text
from gui.lab.panels import BAD_COLOR

if TYPE_CHECKING:
    from gui.app import App


class LayoutFilesDialog(DialogScene):
    """Lists the layout files; unreadable ones are shown with their error and can only be deleted."""

    def __init__(self, app: App, on_open: Callable[[LabLayout, Path | None], None],
                 on_renamed: Callable[[Path, Path], None], on_deleted: Callable[[Path], None]) -> None:
        self.on_open = on_open
        self.on_renamed = on_renamed
        self.on_deleted = on_deleted
        self.items: list[FileItem] = layout_items(app)
        self.list: ListBox | None = None
        super().__init__(app)

    def reload(self, select: Path | None = None) -> None:
        """Read the folder again (after a change), keeping or moving the selection."""
        self.items = layout_items(self.app)
        self.layout()
        if self.list is not None and select is not None:
            index = next((i for i, it in enumerate(self.items) if it.entry.path == select), -1)
            if index >= 0:
                self.list.select(index)

    def rows(self) -> list[ListRow]:
        """Name, file, where, status for every file."""
        t = self.app.t
        out = []
        for item in self.items:
            status, color = status_text(self.app, item)
            where = t("lab.files.own") if item.own else t("lab.files.example")
            out.append(ListRow((item.entry.name, item.entry.path.name, where, status), item, color))
        return out

    def layout(self) -> None:
        """Panel with the list, the selected file's detail, and the buttons."""
        s = self.scale
        t = self.app.t
        self.rect = self.panel_rect(1100, 720)
        pad = px(28, s)
        bh = px(46, s)
        detail_h = px(66, s)
        list_rect = pygame.Rect(self.rect.x + pad, self.rect.y + px(84, s), self.rect.width - 2 * pad,
                                self.rect.height - px(84, s) - bh - px(52, s) - detail_h)
        old = self.list
        self.list = ListBox(list_rect, self.rows(), (2.2, 2.0, 1.0, 1.6), on_activate=self._activate,
                            font_size=px(16, s), row_height=px(32, s),
                            header=(t("lab.files.col_name"), t("lab.files.col_file"), t("lab.files.col_where"),
                                    t("lab.files.col_status")),
                            empty_text=t("lab.files.none"))
        if old is not None and old.selected < len(self.items):
            self.list.selected, self.list.scroll = old.selected, old.scroll
        elif self.items:
            self.list.selected = 0
        self.detail_rect = pygame.Rect(list_rect.x, list_rect.bottom + px(8, s), list_rect.width, detail_h - px(8, s))
        y = self.rect.bottom - bh - px(22, s)
        labels = (("lab.files.open", self.open_selected, "primary"), ("lab.files.rename", self.rename_selected, "secondary"),
                  ("lab.files.duplicate", self.duplicate_selected, "secondary"),
                  ("lab.files.delete", self.delete_selected, "danger"), ("lab.files.close", self.back, "secondary"))
        gap = px(12, s)
        bw = min(px(180, s), (self.rect.width - 2 * pad - 4 * gap) // 5)
        x = self.rect.right - pad - 5 * bw - 4 * gap
        self.buttons: dict[str, StyledButton] = {}
        for key, action, style in labels:
            self.buttons[key] = StyledButton(pygame.Rect(x, y, bw, bh), t(key), action, style, font_size=px(18, s))
            x += bw + gap
        self.widgets = [self.list, *self.buttons.values()]
        self.update(0.0)

    @property
    def selected(self) -> FileItem | None:
        """The selected row's item."""
        return self.list.value if self.list is not None else None

    def update(self, dt: float) -> None:
        """Enable the buttons that fit the selection."""
        item = self.selected
        readable = item is not None and item.entry.layout is not None
        own = item is not None and item.own
        self.buttons["lab.files.open"].enabled = readable
        self.buttons["lab.files.rename"].enabled = readable and own
        self.buttons["lab.files.duplicate"].enabled = readable and own
        self.buttons["lab.files.delete"].enabled = own

    def _activate(self, item: FileItem) -> None:
        self.open_selected()

    def open_selected(self) -> None:
        """Open the selected layout in the editor and close the dialog."""
        item = self.selected
        if item is None or item.entry.layout is None:
            return
        self.back()
        self.on_open(item.entry.layout, item.entry.path if item.own else None)

    def rename_selected(self) -> None:
        """Ask for a new name and rename the file."""
        item = self.selected
        if item is None or item.entry.layout is None or not item.own:
            return
        path = item.entry.path

        def done(name: str) -> str | None:
            try:
                target = rename_layout(path, name)
            except InvalidPosition as exc:
                return str(exc)
            self.on_renamed(path, target)
            self.reload(target)
            return None

        self.app.push("lab.name", title_key="lab.files.rename_title", initial=item.entry.name, on_done=done,
                      ok_key="lab.files.rename")

    def duplicate_selected(self) -> None:
        """Save a copy of the selected layout."""
        item = self.selected
        if item is None or item.entry.layout is None or not item.own:
            return
        try:
            target = duplicate_layout(item.entry.path)
        except InvalidPosition as exc:
            self.app.show_message("lab.files.failed", error=str(exc))
            return
        self.reload(target)

    def delete_selected(self) -> None:
        """Delete the selected file after a confirmation."""
        item = self.selected
        if item is None or not item.own:
            return
        path = item.entry.path

        def really() -> None:
            try:
                delete_layout(path)
            except InvalidPosition as exc:
                self.app.show_message("lab.files.failed", error=str(exc))
                return
            self.on_deleted(path)
            self.reload()

        self.app.push("confirm", text_key="lab.files.delete_confirm", params={"name": item.entry.name},
                      on_yes=really, yes_key="lab.files.delete", no_key="app.cancel")

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, the list, the selected file's error or details, the folder and the buttons."""
        self.draw_frame(surface, self.rect, self.app.t("lab.files.title"))
        s = self.scale
        self.draw_widgets(surface)
        item = self.selected
        size = px(15, s)
        x, y = self.detail_rect.x, self.detail_rect.y
        if item is not None:
            if item.entry.error is not None:
                text = self.app.t("lab.files.error", error=item.entry.error)
                color = BAD_COLOR
            else:
                text = self.app.t("lab.files.path", path=str(item.entry.path))
                color = TEXT_DIM
            for line in wrap_text(text, size, self.detail_rect.width)[:3]:
                blit_text(surface, line, size, color, (x, y))
                y += font(size).get_linesize()
