"""The Catan board game table: board renderer, panels, dialogs, animations, log and the scene that joins them."""

from __future__ import annotations

from gui.table.scene import CatanTableScene

__all__ = ["CatanTableScene"]
