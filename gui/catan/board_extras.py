"""Extra board art: seams between board parts, part plaques on the frame, the neutral pieces' marking."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.catan.geometry import CORNER_HEXES, Topology
from gui.fonts import render_text

Point = tuple[float, float]
SEAM_RGBA = (46, 32, 20, 215)
SEAM_SEA_RGBA = (18, 40, 62, 120)
NEUTRAL_OUTLINE = (176, 176, 184)
NEUTRAL_HATCH = (34, 34, 40, 105)
PLAQUE_FILL = (92, 64, 34)
PLAQUE_EDGE = (214, 172, 92)
PLAQUE_TEXT = (250, 232, 190)


def seam_edges(topo: Topology, parts: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """The paths (as node pairs) where two different board parts meet."""
    part_of = {h: i for i, part in enumerate(parts) for h in part}
    out = []
    for a, b in topo.edges:
        shared = set(topo.node_hexes[a]) & set(topo.node_hexes[b])
        if len(shared) == 2:
            h1, h2 = shared
            if part_of.get(h1, -1) != part_of.get(h2, -2):
                out.append((a, b))
    return out


def seam_sea_rays(topo: Topology, seams: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """(inner node, coastal node) of each seam that reaches the coast: the seam goes on through the sea."""
    out = []
    for a, b in seams:
        if topo.coastal[b] and not topo.coastal[a]:
            out.append((a, b))
        elif topo.coastal[a] and not topo.coastal[b]:
            out.append((b, a))
    return out


def ray_to_frame(start: Point, direction: Point, origin: Point, apothem: float) -> float:
    """Distance along a ray from start until it meets the inner frame (a hexagon with corners left and right)."""
    dx, dy = direction
    best = math.inf
    for angle in (30, 90, 150, 210, 270, 330):
        nx, ny = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        dn = dx * nx + dy * ny
        if dn <= 1e-9:
            continue
        pn = (start[0] - origin[0]) * nx + (start[1] - origin[1]) * ny
        best = min(best, (apothem - pn) / dn)
    return 0.0 if best is math.inf else max(0.0, best)


def draw_seams(layer: pygame.Surface, lines: Sequence[tuple[Point, Point]], width: float,
               rgba: tuple[int, int, int, int], supersample: int = 3) -> None:
    """Thin anti-aliased lines (drawn large on a transparent layer, scaled down and laid over)."""
    if not lines:
        return
    xs = [p[0] for line in lines for p in line]
    ys = [p[1] for line in lines for p in line]
    pad = width * 2 + 2
    box = pygame.Rect(int(min(xs) - pad), int(min(ys) - pad), int(max(xs) - min(xs) + 2 * pad) + 1,
                      int(max(ys) - min(ys) + 2 * pad) + 1)
    s = supersample
    big = pygame.Surface((box.w * s, box.h * s), pygame.SRCALPHA)
    w = max(1, round(width * s))
    for p, q in lines:
        a = ((p[0] - box.x) * s, (p[1] - box.y) * s)
        b = ((q[0] - box.x) * s, (q[1] - box.y) * s)
        pygame.draw.line(big, rgba, a, b, w)
        pygame.draw.circle(big, rgba, a, w / 2)
        pygame.draw.circle(big, rgba, b, w / 2)
    small = pygame.transform.smoothscale(big, box.size)
    layer.blit(small, box.topleft)


def part_corner_direction(part: Sequence[int], hex_px: Sequence[Point], origin: Point) -> Point:
    """Unit vector from the board centre towards a part's corner hex (or its centroid when it has none)."""
    corners = [h for h in part if h in CORNER_HEXES]
    pts = [hex_px[h] for h in (corners or part)]
    cx = sum(p[0] for p in pts) / len(pts) - origin[0]
    cy = sum(p[1] for p in pts) / len(pts) - origin[1]
    d = math.hypot(cx, cy) or 1.0
    return (cx / d, cy / d)


def plaque_surface(label: str, size: int) -> pygame.Surface:
    """A small brass plaque with a part label, as screwed onto the wooden frame."""
    text = render_text(label, size, PLAQUE_TEXT, True)
    w, h = text.get_width() + size, text.get_height() + max(2, size // 4)
    s = 3
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    r = h * s // 2
    pygame.draw.rect(big, (0, 0, 0, 110), big.get_rect().move(s, s * 2), border_radius=r)
    pygame.draw.rect(big, (*PLAQUE_EDGE, 255), big.get_rect(), border_radius=r)
    pygame.draw.rect(big, (*PLAQUE_FILL, 255), big.get_rect().inflate(-2 * s, -2 * s), border_radius=r - s)
    out = pygame.transform.smoothscale(big, (w, h))
    out.blit(text, text.get_rect(center=(w // 2, h // 2)))
    return out


def neutral_marked(sprite: pygame.Surface, hatch_step: int) -> pygame.Surface:
    """A piece marked as neutral: a light grey outline around it and fine dark hatching over it."""
    w, h = sprite.get_size()
    mask = pygame.mask.from_surface(sprite, 80)
    outline = mask.to_surface(setcolor=(*NEUTRAL_OUTLINE, 255), unsetcolor=(0, 0, 0, 0))
    out = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
    for dx, dy in ((0, 2), (4, 2), (2, 0), (2, 4), (1, 1), (3, 1), (1, 3), (3, 3)):
        out.blit(outline, (dx, dy))
    body = sprite.copy()
    stripes = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(3, hatch_step)
    thick = max(1, step // 3)
    for x in range(-h, w + step, step):
        pygame.draw.line(stripes, NEUTRAL_HATCH, (x, h), (x + h, 0), thick)
    inside = mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
    stripes.blit(inside, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    body.blit(stripes, (0, 0))
    out.blit(body, (2, 2))
    return out


def tint_edge(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """A contrasting ring colour for a marker in a player's colour (dark for light colours)."""
    return (60, 60, 66) if sum(rgb) > 560 else (255, 250, 225)


def node_marker(R: float, hover: bool, colors: Sequence[tuple[int, int, int]]) -> pygame.Surface:
    """A round marker for an intersection in one colour, or split in two halves for two colours."""
    s = 4
    r = R * (0.26 if hover else 0.21)
    size = int(r * 2 + 8)
    big = pygame.Surface((size * s, size * s), pygame.SRCALPHA)
    c = size * s / 2
    alpha = 235 if hover else 190
    pygame.draw.circle(big, (20, 16, 10, 170), (c, c), r * s + max(2, R * 0.05 * s))
    if len(colors) >= 2:
        a, b = colors[0], colors[1]
        pygame.draw.circle(big, (*a, alpha), (c, c), r * s, draw_top_left=True, draw_bottom_left=True)
        pygame.draw.circle(big, (*b, alpha), (c, c), r * s, draw_top_right=True, draw_bottom_right=True)
        ring = (255, 250, 225)
    else:
        a = colors[0]
        pygame.draw.circle(big, (*a, alpha), (c, c), r * s)
        ring = tint_edge(a)
    pygame.draw.circle(big, (*ring, 255), (c, c), r * s, max(2, int(R * 0.05 * s)))
    return pygame.transform.smoothscale(big, (size, size))


__all__ = [
    "draw_seams", "neutral_marked", "node_marker", "part_corner_direction", "plaque_surface", "ray_to_frame",
    "seam_edges", "seam_sea_rays", "tint_edge",
]
