"""The analysis checks as rows for the side panel: a translated sentence and the board spots it concerns."""

from __future__ import annotations

from dataclasses import dataclass

from game.catan.constants import TERRAIN_RESOURCE
from game.lab.analysis import Analysis
from game.lab.layout import LabLayout
from gui.lab.names import Translate, harbor_name, hex_label, hexes_text, path_label, resource_name, terrain_name

WARN = "warn"
INFO = "info"


@dataclass(frozen=True)
class CheckRow:
    """One finding: its text, how serious it is (WARN or INFO) and what to light on the board."""

    text: str
    level: str
    hexes: tuple[int, ...] = ()
    edges: tuple[int, ...] = ()
    nodes: tuple[int, ...] = ()


def check_rows(t: Translate, layout: LabLayout, analysis: Analysis) -> list[CheckRow]:
    """Every check of the analysis as rows: adjacent 6/8, equal neighbours, repeats, clusters, starved, harbors."""
    rows: list[CheckRow] = []
    for a, b in analysis.adjacent_red:
        rows.append(CheckRow(t("lab.check.adjacent_red", a=hex_label(a), b=hex_label(b), na=layout.numbers[a],
                               nb=layout.numbers[b]), WARN, (a, b)))
    for a, b, number in analysis.equal_neighbours:
        rows.append(CheckRow(t("lab.check.equal_neighbours", a=hex_label(a), b=hex_label(b), number=number),
                             WARN, (a, b)))
    for r, number, hexes in analysis.repeated_numbers:
        rows.append(CheckRow(t("lab.check.repeated", resource=resource_name(t, r), number=number,
                               hexes=hexes_text(hexes), count=len(hexes)), WARN, hexes))
    for terrain, hexes in analysis.clusters:
        level = WARN if len(hexes) > 2 else INFO
        rows.append(CheckRow(t("lab.check.cluster", terrain=terrain_name(t, terrain), count=len(hexes),
                               hexes=hexes_text(hexes)), level, hexes))
    for r in analysis.starved:
        hexes = tuple(h for h, terrain in enumerate(layout.terrains) if TERRAIN_RESOURCE[terrain] == r)
        rows.append(CheckRow(t("lab.check.starved", resource=resource_name(t, r), pips=analysis.resource_pips[r],
                               count=analysis.resource_hexes[r]), WARN, hexes))
    for value in analysis.harbors:
        if value.resource_pips is None:
            text = t("lab.check.harbor_generic", harbor=harbor_name(t, value.kind), path=path_label(value.edge),
                     pips=value.spot_pips)
        else:
            text = t("lab.check.harbor_specific", harbor=harbor_name(t, value.kind), path=path_label(value.edge),
                     pips=value.spot_pips, own=value.own_resource_pips, total=value.resource_pips)
        rows.append(CheckRow(text, INFO, edges=(value.edge,)))
    return [CheckRow(_capitalised(row.text), row.level, row.hexes, row.edges, row.nodes) for row in rows]


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def warning_count(rows: list[CheckRow]) -> int:
    """How many rows are warnings."""
    return sum(1 for row in rows if row.level == WARN)
