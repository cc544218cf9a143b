"""The board charts of a lab report: the hexes, numbers and harbors, and the heat maps drawn on them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.catan.constants import PIPS
from game.catan.geometry import topology
from game.core.i18n import Translator
from game.lab.chart_frame import fit_text, wrap_text
from game.lab.chart_layouts import layout_title, played_games
from game.lab.chart_plan import WIDTH, Colour
from game.lab.chart_style import (
    HEAT_RAMP, HEX_EDGE, INK, MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MUTED, QUALITY_RAMP, RED_NUMBER,
    RESOURCE_COLOURS, SEA, SEA_EDGE, TERRAIN_COLOURS, TOKEN, TOKEN_EDGE, UNKNOWN_COLOUR, ramp_colour, text_colour_on,
)
from game.lab.report_text import format_number, format_percent

if TYPE_CHECKING:
    from game.lab.charts import Canvas


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
