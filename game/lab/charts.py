"""PNG charts of a lab report, drawn with Pillow: win rates, points, production, and heat maps on the board.

The drawing surface lives here, the charts in chart_layouts, chart_board and chart_compare, their
shared frame in chart_frame and their palette in chart_style.
Every chart is drawn at twice its size and scaled down, which smooths the edges of circles and hexes.
Which charts a report gets is planned in `game.lab.chart_plan`, which the summary page uses without Pillow.
This is the one module of `game/` that imports Pillow: `python3 -m game lab --report` writes PNG charts without
the GUI; only `write_report` loads it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from game.core.files import PUBLIC_FILE_MODE, write_atomically
from game.core.i18n import Translator
from game.core.resources import fonts_dir
from game.lab.chart_board import draw_first_settlements, draw_spot_quality
from game.lab.chart_compare import draw_compare_scores, draw_compare_seats
from game.lab.chart_layouts import (
    draw_average_vp, draw_colour_win_rate, draw_production, draw_seat_win_rate, draw_specials,
)
from game.lab.chart_plan import HEIGHT, WIDTH, ChartSpec, Colour, planned_charts
from game.lab.chart_style import BACKGROUND, INK


FONT_DIR = fonts_dir()
SUPERSAMPLE = 2


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


# --- drawing surface -----------------------------------------------------------------------------------------------


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


# --- the charts by kind --------------------------------------------------------------------------------------------


LayoutDrawer = Callable[[Canvas, dict[str, Any], dict[str, Any], Translator], None]
LAYOUT_DRAWERS: Mapping[str, LayoutDrawer] = MappingProxyType({
    "seat_win_rate": draw_seat_win_rate, "colour_win_rate": draw_colour_win_rate, "average_vp": draw_average_vp,
    "specials": draw_specials, "production": draw_production, "first_settlements": draw_first_settlements,
    "spot_quality": draw_spot_quality,
})
COMPARISON_DRAWERS: Mapping[str, Callable[[Canvas, dict[str, Any], Translator], None]] = MappingProxyType({
    "compare_seats": draw_compare_seats, "compare_scores": draw_compare_scores,
})
