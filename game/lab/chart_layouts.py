"""The bar charts of one layout in a lab report: win rates by seat and colour, points, specials, production."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.catan.constants import RESOURCES
from game.core.i18n import Translator
from game.lab.chart_frame import Axis, Bar, BarGroup, LegendItem, draw_bar_groups, draw_header, nice_top, plot_box
from game.lab.chart_plan import PLAYER_COLOURS, WIDTH, Colour
from game.lab.chart_style import (
    INK, MARGIN_LEFT, MARGIN_RIGHT, NEUTRAL_BAR, PARITY, RESOURCE_COLOURS, SERIES_COLOURS, UNKNOWN_COLOUR, WHISKER,
)
from game.lab.report_text import colour_title, format_number, format_percent, position_label, resource_name

if TYPE_CHECKING:
    from game.lab.charts import Canvas


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
