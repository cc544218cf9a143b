"""Which charts a lab report gets, their file names, titles and size: the plan shared by the charts and the summary.

Pure data, so the summary page and the rules model never load Pillow; `game.lab.charts` draws the plan.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from game.core.i18n import Translator

WIDTH, HEIGHT = 1200, 700

Colour = tuple[int, int, int]

PLAYER_COLOURS: Mapping[str, Colour] = MappingProxyType({
    "red": (200, 48, 48), "blue": (44, 96, 180), "white": (240, 238, 230), "orange": (236, 136, 34),
    "green": (58, 140, 72), "brown": (134, 90, 54),
})

# Which report figure each per-layout chart shows, in the order the summary lists them.
LAYOUT_CHARTS: tuple[str, ...] = (
    "seat_win_rate", "colour_win_rate", "average_vp", "specials", "production", "first_settlements", "spot_quality",
)
COMPARISON_CHARTS: tuple[str, ...] = ("compare_seats", "compare_scores")


@dataclass(frozen=True, slots=True)
class ChartSpec:
    """One chart of a report: what it shows, for which layout (None: all of them), and its file name."""

    kind: str
    layout: int | None
    filename: str


def planned_charts(report: dict[str, Any]) -> list[ChartSpec]:
    """Every chart a report gets: seven per layout, and two comparisons when there are several layouts."""
    specs = [ChartSpec(kind, i, f"layout{i + 1}-{kind.replace('_', '-')}.png")
             for i in range(len(report.get("layouts", []))) for kind in LAYOUT_CHARTS]
    if len(report.get("layouts", [])) > 1:
        specs += [ChartSpec(kind, None, f"{kind.replace('_', '-')}.png") for kind in COMPARISON_CHARTS]
    return specs


def chart_title(report: dict[str, Any], spec: ChartSpec, t: Translator) -> str:
    """The title a chart carries (naming its layout, for per-layout charts)."""
    if spec.layout is None:
        return t.t(f"labreport.chart.{spec.kind}.title")
    return t.t(f"labreport.chart.{spec.kind}.title", layout=str(report["layouts"][spec.layout].get("name", "")))
