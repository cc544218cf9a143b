"""The charts that compare the layouts of a lab report: seat balance and fairness scores."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.i18n import Translator
from game.lab.chart_frame import BarGroup, LegendItem, PlotBox, draw_bar_groups, draw_header, fit_text, plot_box
from game.lab.chart_layouts import parity_of, rate_axis, rate_bar, rate_legend
from game.lab.chart_plan import HEIGHT, WIDTH, Colour
from game.lab.chart_style import AXIS, GRID, INK, MARGIN_BOTTOM, MARGIN_LEFT, MARGIN_RIGHT, MUTED, SERIES_COLOURS
from game.lab.report_text import format_number, position_label

if TYPE_CHECKING:
    from game.lab.charts import Canvas


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
