"""The frame every lab chart shares: fitted text, header and legend, value axis and bars (no Pillow)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.lab.chart_plan import HEIGHT, WIDTH, Colour
from game.lab.chart_style import (
    AXIS, BACKGROUND, GRID, INK, MARGIN_BOTTOM, MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MUTED, PARITY, WHISKER, blend,
)

if TYPE_CHECKING:
    from game.lab.charts import Canvas


def fit_text(canvas: Canvas, text: str, size: int, width: float, bold: bool = False) -> str:
    """text, shortened with an ellipsis until it is no wider than width."""
    if canvas.text_width(text, size, bold) <= width:
        return text
    while text and canvas.text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap_text(canvas: Canvas, text: str, size: int, width: float) -> list[str]:
    """text broken into lines no wider than width (at spaces)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and canvas.text_width(candidate, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def nice_step(span: float, ticks: int = 5) -> float:
    """A round tick step (1, 2, 2.5 or 5 times a power of ten) giving about `ticks` intervals over span."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if factor * power >= raw:
            return factor * power
    return 10 * power


def nice_top(value: float, ticks: int = 5) -> tuple[float, float]:
    """An axis top at or above value that is a whole number of round steps; returns (top, step)."""
    step = nice_step(value if value > 0 else 1.0, ticks)
    top = step * math.ceil(value / step - 1e-9) if value > 0 else step * ticks
    return max(top, step), step


@dataclass(frozen=True, slots=True)
class LegendItem:
    """One legend entry: a swatch ("box", "dash" or "whisker") and its label."""

    label: str
    fill: Colour
    outline: Colour | None = None
    kind: str = "box"


def draw_header(canvas: Canvas, title: str, subtitle: str, legend: Sequence[LegendItem] = ()) -> float:
    """Title, wrapped subtitle and a legend row at the top; returns the y where the plot may begin."""
    width = canvas.size[0] - MARGIN_LEFT - MARGIN_RIGHT
    x = MARGIN_LEFT
    canvas.text((x, MARGIN_TOP), fit_text(canvas, title, 27, width, bold=True), 27, INK, "la", bold=True)
    y = MARGIN_TOP + 42
    for line in wrap_text(canvas, subtitle, 16, width)[:3]:
        canvas.text((x, y), line, 16, MUTED)
        y += 23
    if legend:
        y = draw_legend(canvas, legend, x, y + 10, width)
    return y + 22


def draw_legend(canvas: Canvas, items: Sequence[LegendItem], x: float, y: float, width: float) -> float:
    """Legend entries in rows from (x, y); returns the y below the last row."""
    cursor = x
    row_height = 24
    for item in items:
        item_width = 30 + canvas.text_width(item.label, 15) + 26
        if cursor > x and cursor + item_width > x + width:
            cursor = x
            y += row_height
        draw_swatch(canvas, item, cursor, y + 9)
        canvas.text((cursor + 28, y + 9), item.label, 15, INK, "lm")
        cursor += item_width
    return y + row_height


def draw_swatch(canvas: Canvas, item: LegendItem, x: float, cy: float) -> None:
    """A legend swatch 20 px wide centred vertically on cy."""
    if item.kind == "dash":
        canvas.dashed((x, cy), (x + 20, cy), item.fill, 2, 6, 3)
    elif item.kind == "whisker":
        canvas.line([(x + 10, cy - 8), (x + 10, cy + 8)], item.fill, 2)
        canvas.line([(x + 5, cy - 8), (x + 15, cy - 8)], item.fill, 2)
        canvas.line([(x + 5, cy + 8), (x + 15, cy + 8)], item.fill, 2)
    else:
        canvas.rect((x, cy - 8, x + 20, cy + 8), item.fill, item.outline or blend(item.fill, INK, 0.35), 1)


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: its value, an optional interval, colours, and the text above it."""

    value: float
    fill: Colour
    outline: Colour | None = None
    low: float | None = None
    high: float | None = None
    label: str = ""


@dataclass(frozen=True, slots=True)
class BarGroup:
    """Bars side by side under one x-axis label."""

    label: str
    bars: tuple[Bar, ...]


@dataclass(frozen=True, slots=True)
class Axis:
    """The value axis: its top, tick step, tick label format and title."""

    top: float
    step: float
    tick_label: Callable[[float], str]
    title: str


@dataclass(frozen=True, slots=True)
class PlotBox:
    """The plotting rectangle in final pixels."""

    left: float
    top: float
    right: float
    bottom: float

    def y_of(self, value: float, axis: Axis) -> float:
        """The pixel row of a value on the axis."""
        return self.bottom - (self.bottom - self.top) * (value / axis.top if axis.top else 0.0)


def plot_box(top: float, left: float = MARGIN_LEFT, right: float = WIDTH - MARGIN_RIGHT) -> PlotBox:
    """The standard plot rectangle below a header ending at top."""
    return PlotBox(left, top, right, HEIGHT - MARGIN_BOTTOM)


def draw_value_axis(canvas: Canvas, box: PlotBox, axis: Axis, show_title: bool = True) -> None:
    """Grid lines, tick labels and the rotated title of the value axis."""
    steps = round(axis.top / axis.step)
    for i in range(steps + 1):
        value = i * axis.step
        y = box.y_of(value, axis)
        canvas.line([(box.left, y), (box.right, y)], GRID if i else AXIS, 1)
        canvas.text((box.left - 10, y), axis.tick_label(value), 14, MUTED, "rm")
    if show_title:
        canvas.vertical_text((box.left - 72, (box.top + box.bottom) / 2), axis.title, 16, INK)


def draw_bar_groups(canvas: Canvas, box: PlotBox, axis: Axis, groups: Sequence[BarGroup], x_title: str,
                    parity: float | None = None, axis_title: bool = True) -> None:
    """Grouped bars with interval whiskers and value labels; an optional dashed parity line.

    The parity line goes over the bars, and the value labels over everything on a patch of background.
    """
    draw_value_axis(canvas, box, axis, axis_title)
    slot = (box.right - box.left) / max(1, len(groups))
    placed: list[tuple[Bar, float, float]] = []
    for g, group in enumerate(groups):
        x0 = box.left + g * slot
        count = max(1, len(group.bars))
        bar_width = min(96.0, slot * 0.78 / count)
        start = x0 + (slot - bar_width * count) / 2
        for b, bar in enumerate(group.bars):
            placed.append((bar, start + b * bar_width + 2, bar_width - 4))
        label = fit_text(canvas, group.label, 15, slot - 8)
        canvas.text((x0 + slot / 2, box.bottom + 12), label, 15, INK, "ma")
    for bar, x, width in placed:
        draw_bar(canvas, box, axis, bar, x, width)
    if parity is not None:
        y = box.y_of(parity, axis)
        canvas.dashed((box.left, y), (box.right, y), PARITY, 2)
    for bar, x, width in placed:
        draw_bar_label(canvas, box, axis, bar, x, width)
    canvas.text(((box.left + box.right) / 2, box.bottom + 48), x_title, 16, INK, "ma")


def draw_bar(canvas: Canvas, box: PlotBox, axis: Axis, bar: Bar, x: float, width: float) -> None:
    """One bar and its interval whisker."""
    top = box.y_of(bar.value, axis)
    if bar.value > 0:
        canvas.rect((x, top, x + width, box.bottom), bar.fill, bar.outline, 1.5 if bar.outline else 1)
    if bar.low is not None and bar.high is not None:
        cx = x + width / 2
        y_low, y_high = box.y_of(bar.low, axis), box.y_of(bar.high, axis)
        cap = min(10.0, width / 3)
        canvas.line([(cx, y_low), (cx, y_high)], WHISKER, 2)
        canvas.line([(cx - cap, y_high), (cx + cap, y_high)], WHISKER, 2)
        canvas.line([(cx - cap, y_low), (cx + cap, y_low)], WHISKER, 2)


def draw_bar_label(canvas: Canvas, box: PlotBox, axis: Axis, bar: Bar, x: float, width: float) -> None:
    """A bar's value above the bar and its whisker, on a patch of background; left out when it does not fit."""
    text_width = canvas.text_width(bar.label, 13)
    if not bar.label or text_width > width + 14:
        return
    top = box.y_of(bar.value, axis)
    if bar.high is not None:
        top = min(top, box.y_of(bar.high, axis))
    cx = x + width / 2
    canvas.rect((cx - text_width / 2 - 3, top - 21, cx + text_width / 2 + 3, top - 3), BACKGROUND)
    canvas.text((cx, top - 5), bar.label, 13, INK, "md")
