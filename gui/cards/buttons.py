"""The quick card game's action bar labels: one font size for every button, a long label wrapped on two lines."""

from __future__ import annotations

import pygame

from gui.dialogs import blit_text, fit_text
from gui.fonts import font, wrap_text
from gui.table.buttons import CostButton
from gui.widgets import TEXT, TEXT_DIM

INK = (34, 27, 18)
SIDE = 3    # pixels kept free at each side of a label
FAMILY = "condensed"  # narrow letters let "Development" or "Dobírací balíček" keep the bar's common size


def label_lines(label: str, size: int, width: int, two_lines: bool) -> list[str] | None:
    """The label's lines at this size within width (two at most when allowed), or None when it does not fit."""
    face = font(size, True, FAMILY)
    if face.size(label)[0] <= width:
        return [label]
    if not two_lines:
        return None
    lines = wrap_text(label, size, width, True, FAMILY)
    if len(lines) <= 2 and all(face.size(line)[0] <= width for line in lines):
        return lines
    return None


def common_size(buttons: list[CostButton], largest: int, least: int) -> int:
    """The largest size not above `largest` at which every label fits its button (labels of buttons without a
    cost may take two lines), but not below `least`."""
    size = largest
    while size > least and not all(label_lines(b.label, size, b.rect.w - 2 * SIDE, not b.cost) for b in buttons):
        size -= 1
    return size


class LabelButton(CostButton):
    """A CostButton whose label is drawn at a size shared by the whole bar, on two lines when it must."""

    def _draw(self, surface: pygame.Surface) -> None:
        label = self.label
        self.label = ""
        super()._draw(surface)
        self.label = label
        color = TEXT if self.enabled else TEXT_DIM
        if self.style == "primary" and self.enabled:
            color = INK
        width = self.rect.w - 2 * SIDE
        lines = label_lines(label, self.font_size, width, not self.cost)
        size = self.font_size
        if lines is None:
            lines, size = [label], fit_text(label, self.font_size, width, True, FAMILY)
        centre = self.rect.y + self.rect.h // 4 if self.cost and self.icons is not None else self.rect.centery
        step = size + 2
        y = centre - step * (len(lines) - 1) // 2
        for line in lines:
            blit_text(surface, line, size, color, (self.rect.centerx, y), "center", True, FAMILY)
            y += step


def uniform_bar(buttons: dict[str, CostButton], ids: list[str], largest: int, least: int) -> None:
    """Give the bar's buttons one label size (the table builds plain CostButtons; a LabelButton adds no state, so
    each one only changes its class)."""
    bar = [buttons[bid] for bid in ids if bid in buttons]
    size = common_size(bar, largest, least)
    for b in bar:
        b.__class__ = LabelButton
        b.font_size = size
