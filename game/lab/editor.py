"""The layout editor's history: every edit makes a new layout; undo and redo walk the history."""

from __future__ import annotations

from collections.abc import Callable

from game.lab.layout import LabLayout

MAX_HISTORY = 500


class LayoutEditor:
    """Holds the layout being edited, with undo and redo (an edit that changes nothing is not recorded)."""

    def __init__(self, layout: LabLayout) -> None:
        self._layout = layout
        self._undo: list[LabLayout] = []
        self._redo: list[LabLayout] = []
        self.saved_as: LabLayout | None = layout

    @property
    def layout(self) -> LabLayout:
        """The current layout."""
        return self._layout

    @property
    def dirty(self) -> bool:
        """Whether the layout changed since it was loaded or last saved."""
        return self._layout != self.saved_as or self._layout.name != getattr(self.saved_as, "name", None)

    def apply(self, edit: Callable[[LabLayout], LabLayout]) -> bool:
        """Apply an edit (e.g. `lambda l: l.with_number(4, 6)`); InvalidPosition leaves everything as it was."""
        new = edit(self._layout)
        if new == self._layout and new.name == self._layout.name and new.start == self._layout.start:
            return False
        self.replace(new)
        return True

    def replace(self, layout: LabLayout) -> None:
        """Make another layout current (e.g. a new source), keeping the old one for undo."""
        self._undo.append(self._layout)
        del self._undo[:-MAX_HISTORY]
        self._redo.clear()
        self._layout = layout

    def can_undo(self) -> bool:
        """Whether there is an edit to take back."""
        return bool(self._undo)

    def can_redo(self) -> bool:
        """Whether there is an undone edit to make again."""
        return bool(self._redo)

    def undo(self) -> bool:
        """Take back the last edit; False when there is none."""
        if not self._undo:
            return False
        self._redo.append(self._layout)
        self._layout = self._undo.pop()
        return True

    def redo(self) -> bool:
        """Make the last undone edit again; False when there is none."""
        if not self._redo:
            return False
        self._undo.append(self._layout)
        self._layout = self._redo.pop()
        return True

    def mark_saved(self) -> None:
        """Remember the current layout as the saved one."""
        self.saved_as = self._layout
