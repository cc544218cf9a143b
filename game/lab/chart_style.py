"""The palette and margins of the lab report's charts, and the colour arithmetic they share (no Pillow)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from game.lab.chart_plan import Colour


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
