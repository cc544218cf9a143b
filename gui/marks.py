"""Colour-blind marks: a shape for each player colour, drawn on pieces and beside names so seats differ without
colour."""

from __future__ import annotations

import math

import pygame

Point = tuple[float, float]

#: The shape of each player colour (and of the neutral colours of the two-player game).
SHAPES: dict[str, str] = {
    "red": "triangle", "blue": "square", "white": "circle", "orange": "diamond", "green": "cross", "brown": "star",
}
LIGHT_COLOURS = frozenset({"white", "orange"})


def shape_of(color: str) -> str:
    """The shape that marks a colour id ('ring' for an unknown one)."""
    return SHAPES.get(color, "ring")


def _polygon(shape: str, cx: float, cy: float, r: float) -> list[Point]:
    if shape == "triangle":
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in (-90, 30, 150)]
    if shape == "square":
        k = r * 0.8
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if shape == "cross":
        a, b = r, r * 0.36
        return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
                (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
                (cx - a, cy - b), (cx - b, cy - b)]
    if shape == "star":
        return [(cx + (r if k % 2 == 0 else r * 0.45) * math.cos(math.radians(-90 + 36 * k)),
                 cy + (r if k % 2 == 0 else r * 0.45) * math.sin(math.radians(-90 + 36 * k))) for k in range(10)]
    return []


def draw_mark(surface: pygame.Surface, color: str, center: Point, size: float) -> None:
    """The colour's shape, size pixels across, centred at center: dark on light colours, light on dark ones, with
    an outline in the other tone so it reads on any background."""
    r = max(2.0, size / 2)
    light = color in LIGHT_COLOURS
    fill = (30, 30, 34) if light else (250, 248, 240)
    edge = (250, 248, 240) if light else (20, 20, 24)
    cx, cy = center
    shape = shape_of(color)
    width = max(1, round(r / 4))
    if shape in ("circle", "ring"):
        pygame.draw.circle(surface, edge, (cx, cy), r + 1)
        pygame.draw.circle(surface, fill, (cx, cy), r, width + 1 if shape == "ring" else 0)
        return
    points = _polygon(shape, cx, cy, r)
    pygame.draw.polygon(surface, edge, points, width + 1)
    pygame.draw.polygon(surface, fill, points)


def mark_surface(color: str, size: int) -> pygame.Surface:
    """A transparent square surface holding the colour's mark (for caching by the caller)."""
    surf = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    draw_mark(surf, color, ((size + 4) / 2, (size + 4) / 2), size)
    return surf
