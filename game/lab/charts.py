"""PNG charts of a lab report, drawn with Pillow: win rates, points, production, and heat maps on the board.

Every chart is drawn at twice its size and scaled down, which smooths the edges of circles and hexes.
Which charts a report gets is planned in `game.lab.chart_plan`, which the summary page uses without Pillow.
This is the one module of `game/` that imports Pillow: `python3 -m game lab --report` writes PNG charts without
the GUI; only `write_report` loads it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from game.catan.constants import PIPS, RESOURCES
from game.catan.geometry import topology
from game.core.files import PUBLIC_FILE_MODE, write_atomically
from game.core.i18n import Translator
from game.core.resources import fonts_dir
from game.lab.chart_plan import HEIGHT, PLAYER_COLOURS, WIDTH, ChartSpec, Colour, planned_charts
from game.lab.report_text import (
    colour_title, format_number, format_percent, position_label, resource_name,
)

FONT_DIR = fonts_dir()
SUPERSAMPLE = 2
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 96, 48, 30, 96

BACKGROUND: Colour = (251, 249, 244)
INK: Colour = (33, 37, 46)
MUTED: Colour = (104, 110, 122)
GRID: Colour = (226, 223, 214)
AXIS: Colour = (150, 150, 150)
WHISKER: Colour = (33, 37, 46)
PARITY: Colour = (196, 60, 60)
SEA: Colour = (178, 210, 230)
SEA_EDGE: Colour = (128, 170, 200)
TOKEN: Colour = (247, 238, 214)
TOKEN_EDGE: Colour = (150, 124, 84)
RED_NUMBER: Colour = (186, 32, 32)
HEX_EDGE: Colour = (250, 246, 232)
NEUTRAL_BAR: Colour = (92, 116, 160)
UNKNOWN_COLOUR: Colour = (160, 160, 160)

RESOURCE_COLOURS: Mapping[str, Colour] = MappingProxyType({
    "lumber": (36, 104, 52), "wool": (150, 204, 98), "grain": (236, 196, 58),
    "brick": (204, 84, 46), "ore": (138, 145, 158),
})
TERRAIN_COLOURS: Mapping[str, Colour] = MappingProxyType({
    "forest": (62, 112, 56), "pasture": (146, 196, 96), "fields": (228, 184, 70),
    "hills": (198, 110, 64), "mountains": (132, 139, 150), "desert": (232, 210, 156), "sea": SEA,
})
SERIES_COLOURS: tuple[Colour, ...] = (
    (58, 90, 150), (42, 150, 138), (232, 166, 52), (150, 84, 146), (200, 90, 70), (110, 140, 60),
)
HEAT_RAMP: tuple[Colour, ...] = ((255, 236, 160), (250, 170, 70), (218, 84, 44), (150, 24, 60), (74, 16, 70))
QUALITY_RAMP: tuple[Colour, ...] = ((236, 246, 250), (150, 206, 226), (64, 140, 196), (40, 70, 150), (30, 26, 90))

def render_chart(report: dict[str, Any], spec: ChartSpec, t: Translator) -> Image.Image:
    """Draw one chart of the report (WIDTH x HEIGHT pixels, RGB)."""
    canvas = Canvas(Fonts())
    if spec.layout is None:
        COMPARISON_DRAWERS[spec.kind](canvas, report, t)
    else:
        LAYOUT_DRAWERS[spec.kind](canvas, report, report["layouts"][spec.layout], t)
    return canvas.finish()


def write_charts(report: dict[str, Any], folder: Path, t: Translator) -> list[Path]:
    """Draw every planned chart into folder as PNG files; return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for spec in planned_charts(report):
        path = folder / spec.filename
        image = render_chart(report, spec, t)  # saved whole under a temporary name, then moved into place
        write_atomically(path, lambda handle: image.save(handle, format="PNG", optimize=True), PUBLIC_FILE_MODE)
        paths.append(path)
    return paths


# --- drawing surface ---------------------------------------------------------------------------------------------


class Fonts:
    """DejaVu fonts by size and weight, loaded once per chart set."""

    def __init__(self, folder: Path = FONT_DIR) -> None:
        self._folder = folder
        self._loaded: dict[tuple[int, bool], ImageFont.FreeTypeFont] = {}

    def get(self, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        """The font at a pixel size (already scaled)."""
        key = (size, bold)
        if key not in self._loaded:
            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            self._loaded[key] = ImageFont.truetype(str(self._folder / name), size)
        return self._loaded[key]


class Canvas:
    """A supersampled drawing surface that takes coordinates and sizes in final pixels."""

    def __init__(self, fonts: Fonts, size: tuple[int, int] = (WIDTH, HEIGHT)) -> None:
        self.size = size
        self._fonts = fonts
        self._k = SUPERSAMPLE
        self.image = Image.new("RGB", (size[0] * self._k, size[1] * self._k), BACKGROUND)
        self._draw = ImageDraw.Draw(self.image)

    def _p(self, points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x * self._k, y * self._k) for x, y in points]

    def font(self, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        """A font whose size is given in final pixels."""
        return self._fonts.get(size * self._k, bold)

    def text_width(self, text: str, size: int, bold: bool = False) -> float:
        """How wide text is in final pixels."""
        return self._draw.textlength(text, font=self.font(size, bold)) / self._k

    def text(self, xy: tuple[float, float], text: str, size: int, fill: Colour = INK, anchor: str = "la",
             bold: bool = False) -> None:
        """Text with a Pillow anchor ("la" left-ascender, "mm" middle, "rm" right-middle, ...)."""
        self._draw.text((xy[0] * self._k, xy[1] * self._k), text, font=self.font(size, bold), fill=fill,
                        anchor=anchor)

    def vertical_text(self, xy: tuple[float, float], text: str, size: int, fill: Colour = INK) -> None:
        """Text turned 90° anticlockwise, centred on xy (for y-axis titles)."""
        font = self.font(size)
        box = self._draw.textbbox((0, 0), text, font=font, anchor="lt")
        layer = Image.new("RGBA", (int(box[2]) + 4, int(box[3]) + 4), (0, 0, 0, 0))
        ImageDraw.Draw(layer).text((2, 2), text, font=font, fill=fill, anchor="lt")
        turned = layer.rotate(90, expand=True)
        x = int(xy[0] * self._k - turned.width / 2)
        y = int(xy[1] * self._k - turned.height / 2)
        self.image.paste(turned, (x, y), turned)

    def rect(self, box: tuple[float, float, float, float], fill: Colour | None, outline: Colour | None = None,
             width: float = 1) -> None:
        """A rectangle (x0, y0, x1, y1)."""
        x0, y0, x1, y1 = box
        self._draw.rectangle((x0 * self._k, min(y0, y1) * self._k, x1 * self._k, max(y0, y1) * self._k),
                             fill=fill, outline=outline, width=max(1, round(width * self._k)) if outline else 0)

    def line(self, points: Sequence[tuple[float, float]], fill: Colour, width: float = 1) -> None:
        """A polyline."""
        self._draw.line(self._p(points), fill=fill, width=max(1, round(width * self._k)))

    def dashed(self, start: tuple[float, float], end: tuple[float, float], fill: Colour, width: float = 2,
               dash: float = 9, gap: float = 6) -> None:
        """A dashed straight line."""
        length = math.dist(start, end)
        if length == 0:
            return
        ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
        pos = 0.0
        while pos < length:
            stop = min(pos + dash, length)
            self.line([(start[0] + ux * pos, start[1] + uy * pos), (start[0] + ux * stop, start[1] + uy * stop)],
                      fill, width)
            pos = stop + gap

    def polygon(self, points: Sequence[tuple[float, float]], fill: Colour | None, outline: Colour | None = None,
                width: float = 1) -> None:
        """A filled polygon with an optional outline."""
        self._draw.polygon(self._p(points), fill=fill, outline=outline,
                           width=max(1, round(width * self._k)) if outline else 0)

    def rounded_rect(self, box: tuple[float, float, float, float], radius: float, fill: Colour | None,
                     outline: Colour | None = None, width: float = 1) -> None:
        """A rectangle (x0, y0, x1, y1) with rounded corners."""
        x0, y0, x1, y1 = box
        self._draw.rounded_rectangle((x0 * self._k, y0 * self._k, x1 * self._k, y1 * self._k), radius * self._k,
                                     fill=fill, outline=outline,
                                     width=max(1, round(width * self._k)) if outline else 0)

    def circle(self, centre: tuple[float, float], radius: float, fill: Colour | None,
               outline: Colour | None = None, width: float = 1) -> None:
        """A circle."""
        x, y = centre
        self._draw.ellipse(((x - radius) * self._k, (y - radius) * self._k, (x + radius) * self._k,
                            (y + radius) * self._k), fill=fill, outline=outline,
                           width=max(1, round(width * self._k)) if outline else 0)

    def finish(self) -> Image.Image:
        """The chart at its final size."""
        return self.image.resize(self.size, Image.Resampling.LANCZOS)


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


def blend(a: Colour, b: Colour, share: float) -> Colour:
    """The colour share of the way from a to b."""
    return tuple(round(x + (y - x) * share) for x, y in zip(a, b))  # type: ignore[return-value]


def ramp_colour(ramp: Sequence[Colour], share: float) -> Colour:
    """The colour at share (0..1) along a ramp of evenly spaced colours."""
    share = min(1.0, max(0.0, share))
    pos = share * (len(ramp) - 1)
    i = min(int(pos), len(ramp) - 2)
    return blend(ramp[i], ramp[i + 1], pos - i)


def text_colour_on(fill: Colour) -> Colour:
    """Dark or white text, whichever reads better on fill."""
    luminance = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2]
    return INK if luminance > 150 else (255, 255, 255)


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


# --- chart frame ---------------------------------------------------------------------------------------------------


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


# --- per-layout charts ---------------------------------------------------------------------------------------------


def layout_title(t: Translator, key: str, section: dict[str, Any]) -> str:
    """A chart title naming the layout."""
    return t.t(key, layout=str(section.get("name", "")))


def player_fill(colour: str) -> tuple[Colour, Colour | None]:
    """A player colour's bar fill, and an outline where the fill alone would vanish (white)."""
    fill = PLAYER_COLOURS.get(colour, UNKNOWN_COLOUR)
    return fill, ((90, 90, 90) if sum(fill) > 600 else None)


def rate_axis(t: Translator, rows: Sequence[dict[str, Any]], parity: float) -> Axis:
    """The win-rate axis: room for every interval and the parity line."""
    highest = max([float(r.get("ci_high", 0.0)) for r in rows] + [parity, 0.05])
    top, step = nice_top(highest * 1.08)
    if top > 1.0:
        top, step = 1.0, 0.2
    return Axis(top, step, lambda v: format_percent(t, v, 0), t.t("labreport.axis.win_rate"))


def rate_bar(t: Translator, row: dict[str, Any], fill: Colour, outline: Colour | None = None) -> Bar:
    """A win-rate bar with its Wilson interval."""
    return Bar(float(row["win_rate"]), fill, outline, float(row["ci_low"]), float(row["ci_high"]),
               format_percent(t, float(row["win_rate"]), 1))


def rate_legend(t: Translator, parity: float, extra: Sequence[LegendItem] = ()) -> list[LegendItem]:
    """The legend of a win-rate chart: its series, the interval, and parity."""
    return [*extra, LegendItem(t.t("labreport.legend.interval"), WHISKER, kind="whisker"),
            LegendItem(t.t("labreport.legend.parity", value=format_percent(t, parity, 1)), PARITY, kind="dash")]


def played_games(section: dict[str, Any]) -> int:
    """Games that count in the figures: every game but the broken ones."""
    return int(section.get("games", 0)) - len(section.get("broken", []))


def parity_of(report: dict[str, Any]) -> float:
    """1 / players."""
    players = int(report.get("players", 0))
    return 1 / players if players else 0.0


def draw_seat_win_rate(canvas: Canvas, report: dict[str, Any], section: dict[str, Any], t: Translator) -> None:
    """Win rate per seat position with 95% intervals and the parity line."""
    parity = parity_of(report)
    rows = section["seat_positions"]
    legend = rate_legend(t, parity, [LegendItem(t.t("labreport.legend.win_rate"), NEUTRAL_BAR)])
    top = draw_header(canvas, layout_title(t, "labreport.chart.seat_win_rate.title", section),
                      t.t("labreport.chart.seat_win_rate.subtitle", count=int(section.get("finished", 0))), legend)
    groups = [BarGroup(position_label(t, int(r["position"])), (rate_bar(t, r, NEUTRAL_BAR),)) for r in rows]
    draw_bar_groups(canvas, plot_box(top), rate_axis(t, rows, parity), groups, t.t("labreport.axis.position"),
                    parity)


def draw_colour_win_rate(canvas: Canvas, report: dict[str, Any], section: dict[str, Any], t: Translator) -> None:
    """Win rate per colour, bars in the player colours, with 95% intervals and the parity line."""
    parity = parity_of(report)
    rows = section["colours"]
    top = draw_header(canvas, layout_title(t, "labreport.chart.colour_win_rate.title", section),
                      t.t("labreport.chart.colour_win_rate.subtitle", count=int(section.get("finished", 0))),
                      rate_legend(t, parity))
    groups = [BarGroup(colour_title(t, r["colour"]), (rate_bar(t, r, *player_fill(r["colour"])),)) for r in rows]
    draw_bar_groups(canvas, plot_box(top), rate_axis(t, rows, parity), groups, t.t("labreport.axis.colour"), parity)


def draw_average_vp(canvas: Canvas, report: dict[str, Any], section: dict[str, Any], t: Translator) -> None:
    """Average victory points, by seat position (left) and by colour (right), on one scale."""
    positions, colours = section["seat_positions"], section["colours"]
    highest = max([float(r["average_vp"]) for r in positions + colours] + [1.0])
    top_value, step = nice_top(highest * 1.1)
    axis = Axis(top_value, step, lambda v: format_number(t, v, 0 if step >= 1 else 1), t.t("labreport.axis.average_vp"))
    top = draw_header(canvas, layout_title(t, "labreport.chart.average_vp.title", section),
                      t.t("labreport.chart.average_vp.subtitle"))
    middle = (MARGIN_LEFT + WIDTH - MARGIN_RIGHT) / 2
    left_box = plot_box(top + 26, right=middle - 30)
    right_box = plot_box(top + 26, left=middle + 30)
    canvas.text((left_box.left, top), t.t("labreport.panel.by_position"), 16, INK, "la", bold=True)
    canvas.text((right_box.left, top), t.t("labreport.panel.by_colour"), 16, INK, "la", bold=True)

    def vp_bar(row: dict[str, Any], fill: Colour, outline: Colour | None = None) -> Bar:
        return Bar(float(row["average_vp"]), fill, outline, label=format_number(t, float(row["average_vp"]), 1))

    draw_bar_groups(canvas, left_box, axis,
                    [BarGroup(position_label(t, int(r["position"])), (vp_bar(r, NEUTRAL_BAR),)) for r in positions],
                    t.t("labreport.axis.position"))
    draw_bar_groups(canvas, right_box, axis,
                    [BarGroup(colour_title(t, r["colour"]), (vp_bar(r, *player_fill(r["colour"])),)) for r in colours],
                    t.t("labreport.axis.colour"), axis_title=False)


def draw_specials(canvas: Canvas, report: dict[str, Any], section: dict[str, Any], t: Translator) -> None:
    """How many games each seat position ended holding Longest Road and Largest Army."""
    rows = section["seat_positions"]
    road, army = SERIES_COLOURS[2], SERIES_COLOURS[3]
    legend = [LegendItem(t.t("special.longest_road"), road), LegendItem(t.t("special.largest_army"), army)]
    top = draw_header(canvas, layout_title(t, "labreport.chart.specials.title", section),
                      t.t("labreport.chart.specials.subtitle", count=played_games(section)), legend)
    highest = max([int(r["longest_road"]) for r in rows] + [int(r["largest_army"]) for r in rows] + [4])
    top_value, step = nice_top(highest * 1.1)
    step = max(1.0, step)
    top_value = step * math.ceil(top_value / step)
    axis = Axis(top_value, step, lambda v: str(round(v)), t.t("labreport.axis.games"))
    groups = [BarGroup(position_label(t, int(r["position"])),
                       (Bar(int(r["longest_road"]), road, label=str(r["longest_road"])),
                        Bar(int(r["largest_army"]), army, label=str(r["largest_army"])))) for r in rows]
    draw_bar_groups(canvas, plot_box(top), axis, groups, t.t("labreport.axis.position"))


def draw_production(canvas: Canvas, report: dict[str, Any], section: dict[str, Any], t: Translator) -> None:
    """Average resource cards produced per game, per resource, grouped by seat position."""
    rows = section["seat_positions"]
    legend = [LegendItem(resource_name(t, res), RESOURCE_COLOURS[res]) for res in RESOURCES]
    top = draw_header(canvas, layout_title(t, "labreport.chart.production.title", section),
                      t.t("labreport.chart.production.subtitle"), legend)
    highest = max([float(r["production"].get(res, 0.0)) for r in rows for res in RESOURCES] + [1.0])
    top_value, step = nice_top(highest * 1.1)
    axis = Axis(top_value, step, lambda v: format_number(t, v, 0 if step >= 1 else 1), t.t("labreport.axis.cards"))
    groups = [BarGroup(position_label(t, int(r["position"])),
                       tuple(Bar(float(r["production"].get(res, 0.0)), RESOURCE_COLOURS[res],
                                 label=format_number(t, float(r["production"].get(res, 0.0)), 1))
                             for res in RESOURCES)) for r in rows]
    draw_bar_groups(canvas, plot_box(top), axis, groups, t.t("labreport.axis.position"))


# --- the board -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardView:
    """Where the board sits on a chart: the centre and the hex size (centre to corner) in final pixels."""

    cx: float
    cy: float
    size: float

    def point(self, x: float, y: float) -> tuple[float, float]:
        """Pixel position of topology units (x: half hex widths, y: quarter hex heights)."""
        return self.cx + x * self.size * math.sqrt(3) / 2, self.cy + y * self.size / 2

    def hex_centre(self, q: int, r: int) -> tuple[float, float]:
        """Pixel centre of the hex at axial (q, r)."""
        return self.point(2 * q + r, 3 * r)

    def node(self, node: int) -> tuple[float, float]:
        """Pixel position of an intersection."""
        x, y = topology().node_xy[node]
        return self.point(x, y)


BOARD = BoardView(cx=372, cy=398, size=62)


def hex_corners(centre: tuple[float, float], size: float, turn: float = 30) -> list[tuple[float, float]]:
    """The six corners of a hexagon (turn 30: pointy top, 0: flat top)."""
    return [(centre[0] + size * math.cos(math.radians(60 * i + turn)),
             centre[1] + size * math.sin(math.radians(60 * i + turn))) for i in range(6)]


def board_hexes(section: dict[str, Any]) -> dict[int, tuple[str, int | None]]:
    """Terrain and number token per hex index, from the layout in the report."""
    out: dict[int, tuple[str, int | None]] = {}
    for entry in section.get("layout", {}).get("board", {}).get("hexes", []):
        number = entry.get("number")
        out[int(entry["hex"])] = (str(entry.get("terrain", "")), int(number) if number else None)
    return out


def draw_board(canvas: Canvas, section: dict[str, Any], t: Translator, view: BoardView = BOARD) -> None:
    """The sea frame, the 19 hexes in terrain colours with number tokens, and the harbors."""
    canvas.polygon(hex_corners((view.cx, view.cy), view.size * 5.25, 0), SEA, SEA_EDGE, 2)
    draw_harbors(canvas, section, t, view)
    hexes = board_hexes(section)
    for h, (q, r) in enumerate(topology().hex_coords):
        terrain, number = hexes.get(h, ("desert", None))
        centre = view.hex_centre(q, r)
        canvas.polygon(hex_corners(centre, view.size), TERRAIN_COLOURS.get(terrain, UNKNOWN_COLOUR), HEX_EDGE, 3)
        if number:
            draw_token(canvas, centre, number, view.size)
    draw_hex_numbers(canvas, view)


@dataclass(frozen=True, slots=True)
class HexLabel:
    """A hex's number on a board chart: the hex, its text and the box (x0, y0, x1, y1) it takes."""

    hex: int
    text: str
    box: tuple[float, float, float, float]


HEX_LABEL_SIZE = 12
HEX_LABEL_FILL: Colour = (52, 58, 70)
HEX_LABEL_INK: Colour = (250, 248, 240)
TOKEN_SHARE = 0.33  # a token's radius, in hex sizes
HEAT_MAX_RADIUS = 19.0  # the largest circle a heat map draws on an intersection
HEAT_HALO = 1.5  # the white ring round it


def hex_number_labels(canvas: Canvas, view: BoardView = BOARD) -> list[HexLabel]:
    """Where each hex's number (0-18, as in layout files and the CLI) goes: small, above the token, half way
    between the token and the largest circle a heat map draws on the hex's top corner."""
    labels = []
    topo = topology()
    for h, (q, r) in enumerate(topo.hex_coords):
        cx, cy = view.hex_centre(q, r)
        text = topo.hex_name(h)
        half_w = canvas.text_width(text, HEX_LABEL_SIZE, True) / 2 + 3.5
        half_h = HEX_LABEL_SIZE * 0.55
        token_top = view.size * TOKEN_SHARE
        circle_bottom = view.size - HEAT_MAX_RADIUS - HEAT_HALO
        y = cy - (token_top + circle_bottom) / 2
        labels.append(HexLabel(h, text, (cx - half_w, y - half_h, cx + half_w, y + half_h)))
    return labels


def draw_hex_numbers(canvas: Canvas, view: BoardView = BOARD) -> None:
    """Every hex's number in a small dark pill, so that a spot named h9.S can be found on the board."""
    for label in hex_number_labels(canvas, view):
        x0, y0, x1, y1 = label.box
        canvas.rounded_rect(label.box, (y1 - y0) / 2, HEX_LABEL_FILL)
        canvas.text(((x0 + x1) / 2, (y0 + y1) / 2), label.text, HEX_LABEL_SIZE, HEX_LABEL_INK, "mm", bold=True)


def draw_token(canvas: Canvas, centre: tuple[float, float], number: int, size: float) -> None:
    """A number token: the number (red for 6 and 8) and its pips."""
    radius = size * TOKEN_SHARE
    canvas.circle(centre, radius, TOKEN, TOKEN_EDGE, 1.5)
    colour = RED_NUMBER if number in (6, 8) else INK
    canvas.text((centre[0], centre[1] - radius * 0.12), str(number), round(size * 0.3), colour, "mm", bold=True)
    pips = PIPS.get(number, 0)
    for i in range(pips):
        x = centre[0] + (i - (pips - 1) / 2) * size * 0.075
        canvas.circle((x, centre[1] + radius * 0.58), size * 0.024, colour)


def draw_harbors(canvas: Canvas, section: dict[str, Any], t: Translator, view: BoardView) -> None:
    """Each harbor as a small marker in the sea, joined to its two intersections."""
    topo = topology()
    for harbor in section.get("layout", {}).get("board", {}).get("harbors", []):
        try:
            a, b = (topo.node(name) for name in harbor["edge"])
        except (KeyError, TypeError, ValueError):
            continue
        (ax, ay), (bx, by) = view.node(a), view.node(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = mx - view.cx, my - view.cy
        length = math.hypot(dx, dy) or 1.0
        marker = (mx + dx / length * view.size * 0.62, my + dy / length * view.size * 0.62)
        canvas.line([(ax, ay), marker], (120, 96, 64), 3)
        canvas.line([(bx, by), marker], (120, 96, 64), 3)
        kind = str(harbor.get("type", ""))
        resource = kind.split("_")[0]
        fill = RESOURCE_COLOURS.get(resource, (252, 250, 244))
        canvas.circle(marker, view.size * 0.25, fill, (90, 74, 50), 1.5)
        ratio = "2:1" if resource in RESOURCE_COLOURS else "3:1"
        canvas.text(marker, ratio, round(view.size * 0.2), text_colour_on(fill), "mm", bold=True)


def draw_heat_circle(canvas: Canvas, centre: tuple[float, float], share: float, ramp: Sequence[Colour],
                     label: str, min_radius: float = 7, max_radius: float = HEAT_MAX_RADIUS) -> None:
    """A circle on an intersection whose size and colour grow with share (0..1), with a label inside."""
    radius = min_radius + (max_radius - min_radius) * math.sqrt(max(0.0, min(1.0, share)))
    fill = ramp_colour(ramp, share)
    canvas.circle(centre, radius + HEAT_HALO, (255, 255, 255))
    canvas.circle(centre, radius, fill, INK, 1.5)
    if label and canvas.text_width(label, 12, True) <= radius * 2 - 3:
        canvas.text(centre, label, 12, text_colour_on(fill), "mm", bold=True)


PANEL_LEFT = 790


def draw_scale(canvas: Canvas, x: float, y: float, ramp: Sequence[Colour], low: str, high: str,
               title: str) -> float:
    """A colour-and-size scale in the side panel; returns the y below it."""
    canvas.text((x, y), title, 16, INK, "la", bold=True)
    y += 34
    for i in range(5):
        share = i / 4
        draw_heat_circle(canvas, (x + 20 + i * 62, y + 18), share, ramp, "")
    canvas.text((x + 20, y + 46), low, 14, MUTED, "ma")
    canvas.text((x + 20 + 4 * 62, y + 46), high, 14, MUTED, "ma")
    return y + 78


def draw_numbering_note(canvas: Canvas, x: float, y: float, width: float, t: Translator) -> float:
    """How to read the hex numbers and the spot names, beside a board chart; returns the y below it."""
    for line in wrap_text(canvas, t.t("lab.numbering.chart_note"), 14, width):
        canvas.text((x, y), line, 14, MUTED)
        y += 19
    return y


def draw_first_settlements(canvas: Canvas, report: dict[str, Any], section: dict[str, Any], t: Translator) -> None:
    """Where the set-up settlements stood over all games, as circles on the board."""
    counts = [int(c) for c in section.get("first_settlements", [])]
    played = played_games(section)
    subtitle = t.t("labreport.chart.first_settlements.subtitle", count=played)
    if section.get("has_start_pieces"):
        subtitle += " " + t.t("labreport.chart.first_settlements.fixed")
    canvas.text((MARGIN_LEFT, MARGIN_TOP), fit_text(canvas, layout_title(
        t, "labreport.chart.first_settlements.title", section), 27, WIDTH - MARGIN_LEFT - MARGIN_RIGHT, True),
        27, INK, "la", bold=True)
    draw_board(canvas, section, t)
    most = max(counts + [1])
    for node, count in enumerate(counts):
        if count > 0:
            draw_heat_circle(canvas, BOARD.node(node), count / most, HEAT_RAMP, str(count))
    x, width = PANEL_LEFT, WIDTH - MARGIN_RIGHT - PANEL_LEFT
    y = MARGIN_TOP + 58
    for line in wrap_text(canvas, subtitle, 15, width):
        canvas.text((x, y), line, 15, MUTED)
        y += 21
    y = draw_numbering_note(canvas, x, y + 8, width, t)
    y = draw_scale(canvas, x, y + 14, HEAT_RAMP, "1", str(most), t.t("labreport.legend.settlements"))
    canvas.text((x, y), t.t("labreport.legend.most_used"), 16, INK, "la", bold=True)
    y += 30
    ranked = sorted((n for n in range(len(counts)) if counts[n]), key=lambda n: (-counts[n], n))[:10]
    names = topology().node_names
    for node in ranked:
        share = format_percent(t, counts[node] / played, 0) if played else "–"
        canvas.text((x, y), names[node], 15, INK)
        canvas.text((x + 150, y), str(counts[node]), 15, INK, "ra", bold=True)
        canvas.text((x + width, y), t.t("labreport.legend.of_games", share=share), 15, MUTED, "ra")
        y += 24
    if not ranked:
        canvas.text((x, y), t.t("labreport.legend.none"), 15, MUTED)


def draw_spot_quality(canvas: Canvas, report: dict[str, Any], section: dict[str, Any], t: Translator) -> None:
    """The static quality of every intersection as a starting spot, the ten best numbered."""
    analysis = section.get("analysis", {})
    quality = [float(q) for q in analysis.get("spot_quality", [])]
    best = [int(s["node"]) for s in analysis.get("best_spots", [])]
    canvas.text((MARGIN_LEFT, MARGIN_TOP), fit_text(canvas, layout_title(
        t, "labreport.chart.spot_quality.title", section), 27, WIDTH - MARGIN_LEFT - MARGIN_RIGHT, True),
        27, INK, "la", bold=True)
    draw_board(canvas, section, t)
    low, high = min(quality + [0.0]), max(quality + [1.0])
    span = high - low or 1.0
    rank = {node: i + 1 for i, node in enumerate(best)}
    for node, value in enumerate(quality):
        share = (value - low) / span
        if node in rank:
            draw_heat_circle(canvas, BOARD.node(node), share, QUALITY_RAMP, str(rank[node]), 11, 17)
        else:
            draw_heat_circle(canvas, BOARD.node(node), share, QUALITY_RAMP, "", 3, 9)
    x, width = PANEL_LEFT, WIDTH - MARGIN_RIGHT - PANEL_LEFT
    y = MARGIN_TOP + 58
    for line in wrap_text(canvas, t.t("labreport.chart.spot_quality.subtitle"), 15, width):
        canvas.text((x, y), line, 15, MUTED)
        y += 21
    y = draw_numbering_note(canvas, x, y + 8, width, t)
    y = draw_scale(canvas, x, y + 14, QUALITY_RAMP, format_number(t, low, 1), format_number(t, high, 1),
                   t.t("labreport.legend.quality"))
    canvas.text((x, y), t.t("labreport.legend.best_spots"), 16, INK, "la", bold=True)
    y += 30
    for i, spot in enumerate(analysis.get("best_spots", [])):
        canvas.text((x, y), f"{i + 1}.", 15, INK, bold=True)
        canvas.text((x + 30, y), str(spot.get("name", "")), 15, INK)
        detail = t.t("labreport.legend.spot_detail", quality=format_number(t, float(spot.get("quality", 0)), 1),
                     pips=int(spot.get("pips", 0)))
        canvas.text((x + width, y), detail, 15, MUTED, "ra")
        y += 24


# --- comparison charts ---------------------------------------------------------------------------------------------


def draw_compare_seats(canvas: Canvas, report: dict[str, Any], t: Translator) -> None:
    """Seat win rates of every layout side by side, grouped by layout, with intervals and parity."""
    parity = parity_of(report)
    sections = report["layouts"]
    players = max(len(s["seat_positions"]) for s in sections)
    colours = [SERIES_COLOURS[i % len(SERIES_COLOURS)] for i in range(players)]
    legend = rate_legend(t, parity, [LegendItem(position_label(t, i), colours[i]) for i in range(players)])
    top = draw_header(canvas, t.t("labreport.chart.compare_seats.title"),
                      t.t("labreport.chart.compare_seats.subtitle"), legend)
    rows = [r for s in sections for r in s["seat_positions"]]
    groups = [BarGroup(str(s["name"]), tuple(rate_bar(t, r, colours[int(r["position"])])
                                             for r in s["seat_positions"])) for s in sections]
    draw_bar_groups(canvas, plot_box(top), rate_axis(t, rows, parity), groups, t.t("labreport.axis.layout"), parity)


def draw_compare_scores(canvas: Canvas, report: dict[str, Any], t: Translator) -> None:
    """The static balance score of every layout, 0 to 100, as horizontal bars."""
    rows = report.get("comparison") or [{"name": s["name"], "score": s["analysis"]["score"]}
                                        for s in report["layouts"]]
    legend = [LegendItem(t.t(f"labreport.legend.score_{band}"), score_colour(value))
              for band, value in (("good", 100.0), ("fair", 70.0), ("poor", 0.0))]
    top = draw_header(canvas, t.t("labreport.chart.compare_scores.title"),
                      t.t("labreport.chart.compare_scores.subtitle"), legend)
    names = [str(row["name"]) for row in rows]
    label_width = min(300.0, max(canvas.text_width(name, 16) for name in names) + 24)
    box = PlotBox(MARGIN_LEFT + label_width, top + 10, WIDTH - MARGIN_RIGHT - 60, HEIGHT - MARGIN_BOTTOM)
    for value in range(0, 101, 20):
        x = box.left + (box.right - box.left) * value / 100
        canvas.line([(x, box.top), (x, box.bottom)], GRID if value else AXIS, 1)
        canvas.text((x, box.bottom + 10), str(value), 14, MUTED, "ma")
    canvas.text(((box.left + box.right) / 2, box.bottom + 40), t.t("labreport.axis.score"), 16, INK, "ma")
    slot = (box.bottom - box.top) / max(1, len(rows))
    thickness = min(44.0, slot * 0.66)
    for i, row in enumerate(rows):
        score = max(0.0, min(100.0, float(row["score"])))
        cy = box.top + slot * (i + 0.5)
        x1 = box.left + (box.right - box.left) * score / 100
        canvas.rect((box.left, cy - thickness / 2, x1, cy + thickness / 2), score_colour(score))
        canvas.text((x1 + 8, cy), format_number(t, score, 1), 15, INK, "lm", bold=True)
        canvas.text((box.left - 14, cy), fit_text(canvas, str(row["name"]), 16, label_width - 20), 16, INK, "rm")


def score_colour(score: float) -> Colour:
    """Green for a fair board, amber for a doubtful one, red for an unfair one."""
    if score >= 80:
        return (64, 150, 96)
    if score >= 60:
        return (226, 168, 56)
    return (204, 76, 62)


LayoutDrawer = Callable[[Canvas, dict[str, Any], dict[str, Any], Translator], None]
LAYOUT_DRAWERS: Mapping[str, LayoutDrawer] = MappingProxyType({
    "seat_win_rate": draw_seat_win_rate, "colour_win_rate": draw_colour_win_rate, "average_vp": draw_average_vp,
    "specials": draw_specials, "production": draw_production, "first_settlements": draw_first_settlements,
    "spot_quality": draw_spot_quality,
})
COMPARISON_DRAWERS: Mapping[str, Callable[[Canvas, dict[str, Any], Translator], None]] = MappingProxyType({
    "compare_seats": draw_compare_seats, "compare_scores": draw_compare_scores,
})
