"""A small schematic of a compact board: the six parts in their slots, coloured by terrain, with labels."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.catan.compact import Placement, assemble
from game.catan.geometry import topology
from game.core.errors import GameError
from gui.catan.board_extras import part_corner_direction, seam_edges
from gui.fonts import render_text

SQRT3 = math.sqrt(3.0)
TERRAIN_RGB = {
    "forest": (46, 104, 52), "pasture": (132, 186, 84), "fields": (222, 186, 74), "hills": (184, 96, 58),
    "mountains": (132, 138, 146), "desert": (224, 204, 150),
}
SEA = (46, 104, 156)
FRAME = (112, 74, 42)
SIDE_PILL = {"A": ((230, 180, 70), (34, 27, 18)), "B": ((70, 120, 170), (240, 244, 250))}


def _hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)]


def render_preview(placements: Sequence[Placement], size: tuple[int, int]) -> pygame.Surface:
    """The arrangement drawn into a transparent surface of the given size (empty when it does not assemble)."""
    w, h = max(40, size[0]), max(40, size[1])
    s = 2
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    try:
        board = assemble(tuple(placements))
    except (GameError, KeyError, ValueError):
        return pygame.transform.smoothscale(big, (w, h))
    topo = topology()
    # hex radius so that the frame (apothem 5.05 hex radii) fits
    r = min(w * s / (2 * 5.3 * 2 / SQRT3), h * s / (2 * 5.3))
    ox, oy = w * s / 2, h * s / 2
    rf = 5.25 * 2 / SQRT3 * r
    frame = [(ox + rf * math.cos(math.radians(a)), oy + rf * math.sin(math.radians(a))) for a in range(0, 360, 60)]
    pygame.draw.polygon(big, FRAME, frame)
    inner = [(ox + (x - ox) * 0.96, oy + (y - oy) * 0.96) for x, y in frame]
    pygame.draw.polygon(big, SEA, inner)
    centres = [(ox + (2 * q + rr) * SQRT3 / 2 * r, oy + 1.5 * rr * r) for q, rr in topo.hex_coords]
    for h_index, (cx, cy) in enumerate(centres):
        pygame.draw.polygon(big, TERRAIN_RGB.get(board.terrains[h_index], (150, 150, 150)), _hex_points(cx, cy, r))
        pygame.draw.polygon(big, (40, 40, 36), _hex_points(cx, cy, r), max(1, s))
    node_px = [(ox + x * SQRT3 / 2 * r, oy + y * r / 2) for x, y in topo.node_xy]
    for a, b in seam_edges(topo, board.parts):
        pygame.draw.line(big, (24, 16, 10), node_px[a], node_px[b], max(3, int(r * 0.16)))
    # a label per part, coloured by the side that lies up
    for part, placement in zip(board.parts, placements):
        dx, dy = part_corner_direction(part, centres, (ox, oy))
        hexes = [centres[i] for i in part]
        cx = sum(p[0] for p in hexes) / len(hexes)
        cy = sum(p[1] for p in hexes) / len(hexes)
        # nudge the label from the part's middle towards its corner so two-hex parts keep it on land
        pos = (cx + dx * r * 0.25, cy + dy * r * 0.25)
        fill, ink = SIDE_PILL.get(placement.side, SIDE_PILL["A"])
        text = render_text(placement.label, max(8, int(r * 0.8)), ink, True)
        pill = text.get_rect(center=(round(pos[0]), round(pos[1]))).inflate(int(r * 0.36), int(r * 0.08))
        pygame.draw.rect(big, (20, 16, 10), pill.inflate(s * 2, s * 2), border_radius=pill.h // 2 + s)
        pygame.draw.rect(big, fill, pill, border_radius=pill.h // 2)
        big.blit(text, text.get_rect(center=pill.center))
    return pygame.transform.smoothscale(big, (w, h))


__all__ = ["render_preview"]
