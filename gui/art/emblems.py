"""Card emblems: helmet and sword, temple in laurels, roads, cornucopia, coins, shield."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from types import MappingProxyType

from PIL import ImageDraw

from gui.art.canvas import Box, Point, ellipse_box, mix, shade
from gui.art.icons import OUTLINE, rotated_ellipse
from gui.art.palette import GOLD, PLAYER, TERRAIN, TERRAINS, WOOD

STEEL = (176, 186, 198)


def _sword(d: ImageDraw.ImageDraw, p0: Point, p1: Point, width: float) -> None:
    """A sword from its pommel p0 to its tip p1."""
    length = math.hypot(p1[0] - p0[0], p1[1] - p0[1])
    ux, uy = (p1[0] - p0[0]) / length, (p1[1] - p0[1]) / length
    nx, ny = -uy, ux

    def at(t: float, o: float = 0.0) -> Point:
        return (p0[0] + ux * length * t + nx * o, p0[1] + uy * length * t + ny * o)

    ow = max(1.0, width * 0.18)
    blade = [at(0.22, width / 2), at(0.9, width / 2), at(1.0), at(0.9, -width / 2), at(0.22, -width / 2)]
    d.polygon(blade, fill=STEEL, outline=OUTLINE, width=round(ow))
    d.polygon([at(0.22), at(0.9), at(1.0), at(0.9, -width / 2), at(0.22, -width / 2)], fill=shade(STEEL, 0.8))
    d.line([at(0.03), at(0.21)], fill=OUTLINE, width=round(width * 0.85))
    d.line([at(0.04), at(0.2)], fill=(110, 66, 36), width=round(width * 0.55))
    d.line([at(0.2, -width * 1.6), at(0.2, width * 1.6)], fill=OUTLINE, width=round(width * 0.7))
    d.line([at(0.2, -width * 1.5), at(0.2, width * 1.5)], fill=GOLD, width=round(width * 0.42))
    d.ellipse(ellipse_box(*at(0.02), width * 0.55), fill=GOLD, outline=OUTLINE, width=round(ow))


def draw_knight(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A knight's helmet with a red plume in front of a raised sword."""
    _sword(d, b.p(0.16, 0.94), b.p(0.94, 0.06), b.s(0.08))
    h = b.inner(0.06, 0.14, 0.86, 0.96)
    ow = round(b.s(0.025))
    plume = h.pts((0.54, 0.24), (0.46, 0.1), (0.28, 0.05), (0.1, 0.12), (0.2, 0.16), (0.14, 0.22),
                  (0.3, 0.22), (0.4, 0.3))
    d.polygon(plume, fill=(184, 40, 44), outline=OUTLINE, width=ow)
    d.line(h.pts((0.44, 0.2), (0.3, 0.12), (0.16, 0.13)), fill=(222, 90, 80), width=max(1, round(ow * 0.8)))
    dome, body = h.ell(0.5, 0.44, 0.22, 0.22), h.r(0.28, 0.44, 0.72, 0.82)
    d.ellipse([dome[0] - ow, dome[1] - ow, dome[2] + ow, dome[3] + ow], fill=OUTLINE)
    d.rounded_rectangle([body[0] - ow, body[1] - ow, body[2] + ow, body[3] + ow], radius=h.s(0.08), fill=OUTLINE)
    d.ellipse(dome, fill=STEEL)
    d.rounded_rectangle(body, radius=h.s(0.07), fill=STEEL)
    d.chord(dome, 270, 90, fill=shade(STEEL, 0.82))
    d.rectangle(h.r(0.5, 0.44, 0.72, 0.8), fill=shade(STEEL, 0.82))
    d.rounded_rectangle(h.r(0.66, 0.44, 0.72, 0.8), radius=h.s(0.02), fill=shade(STEEL, 0.72))
    d.ellipse(h.ell(0.4, 0.34, 0.07, 0.05), fill=shade(STEEL, 1.3))
    d.line([h.p(0.5, 0.23), h.p(0.5, 0.47)], fill=shade(STEEL, 0.6), width=ow)
    d.rounded_rectangle(h.r(0.32, 0.48, 0.68, 0.55), radius=h.s(0.02), fill=(36, 34, 40))
    d.rectangle(h.r(0.48, 0.55, 0.52, 0.72), fill=(36, 34, 40))
    for u in (0.38, 0.62):
        for v in (0.64, 0.72):
            d.ellipse(h.ell(u, v, 0.014), fill=(50, 48, 56))


def _laurel(d: ImageDraw.ImageDraw, b: Box, color: tuple[int, int, int]) -> None:
    """Two laurel branches curving up around the centre."""
    cx, cy = b.p(0.5, 0.55)
    r = b.s(0.4)
    ow = max(1, round(b.s(0.012)))
    for side in (-1, 1):
        stem = [(cx + side * r * math.sin(math.radians(a)), cy + r * math.cos(math.radians(a)))
                for a in range(25, 165, 10)]
        d.line(stem, fill=shade(color, 0.6), width=round(b.s(0.02)))
        for i, a in enumerate(range(34, 160, 14)):
            rad = math.radians(a)
            x, y = cx + side * r * math.sin(rad), cy + r * math.cos(rad)
            tangent = math.atan2(-math.sin(rad), side * math.cos(rad))
            for k in (-1, 1):
                ang = tangent + k * 0.7 * side
                lx, ly = x + math.cos(ang) * b.s(0.05), y + math.sin(ang) * b.s(0.05)
                leaf = rotated_ellipse(lx, ly, b.s(0.06), b.s(0.024), ang)
                d.polygon(leaf, fill=shade(color, 1.15 if k > 0 else 0.9), outline=shade(color, 0.55), width=ow)


def draw_victory_point(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A pillared temple inside a laurel wreath."""
    _laurel(d, b, (86, 140, 64))
    stone, ow = (238, 228, 204), round(b.s(0.018))
    d.polygon(b.pts((0.28, 0.42), (0.5, 0.27), (0.72, 0.42)), fill=stone, outline=OUTLINE, width=ow)
    d.polygon(b.pts((0.36, 0.395), (0.5, 0.31), (0.64, 0.395)), fill=shade(stone, 0.85))
    d.rectangle(b.r(0.28, 0.42, 0.72, 0.47), fill=stone, outline=OUTLINE, width=ow)
    for u in (0.33, 0.44, 0.56, 0.67):
        d.rectangle(b.r(u - 0.028, 0.47, u + 0.028, 0.68), fill=stone, outline=OUTLINE, width=ow)
        d.line([b.p(u + 0.01, 0.49), b.p(u + 0.01, 0.66)], fill=shade(stone, 0.82), width=ow)
    d.rectangle(b.r(0.26, 0.68, 0.74, 0.72), fill=stone, outline=OUTLINE, width=ow)
    d.rectangle(b.r(0.23, 0.72, 0.77, 0.77), fill=shade(stone, 0.92), outline=OUTLINE, width=ow)


def _road_bar(d: ImageDraw.ImageDraw, a: Point, c: Point, width: float, color: tuple[int, int, int]) -> None:
    """A road piece lying from a to c, with an outline and a lit top stripe."""
    d.line([a, c], fill=OUTLINE, width=round(width * 1.3))
    d.line([a, c], fill=color, width=round(width))
    off = width * 0.22
    d.line([(a[0], a[1] - off), (c[0], c[1] - off)], fill=shade(color, 1.25), width=max(1, round(width * 0.3)))


def draw_road_building(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Two new roads along the edges of a hex, with a builder's hammer."""
    hexbox = b.inner(0.12, 0.1, 0.78, 0.86)
    pts = [hexbox.p(u, v) for u, v in ((0.5, 0.0), (1.0, 0.25), (1.0, 0.75), (0.5, 1.0), (0.0, 0.75), (0.0, 0.25))]
    d.polygon(pts, fill=mix(TERRAIN["pasture"][0], (255, 255, 255), 0.35), outline=shade(TERRAIN["pasture"][2], 0.8),
              width=round(b.s(0.02)))
    width = b.s(0.085)
    road = PLAYER["red"]
    for i, j in ((4, 5), (5, 0)):
        a, c = pts[i], pts[j]
        shrink = 0.1
        a2 = (a[0] + (c[0] - a[0]) * shrink, a[1] + (c[1] - a[1]) * shrink)
        c2 = (c[0] + (a[0] - c[0]) * shrink, c[1] + (a[1] - c[1]) * shrink)
        _road_bar(d, a2, c2, width, road)
    handle0, handle1 = b.p(0.56, 0.92), b.p(0.86, 0.5)
    d.line([handle0, handle1], fill=OUTLINE, width=round(b.s(0.07)))
    d.line([handle0, handle1], fill=WOOD, width=round(b.s(0.045)))
    head = [b.p(0.76, 0.38), b.p(0.98, 0.54), b.p(0.92, 0.62), b.p(0.7, 0.46)]
    d.polygon(head, fill=STEEL, outline=OUTLINE, width=round(b.s(0.02)))


def draw_year_of_plenty(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A wicker cornucopia spilling grain, fruit and grapes."""
    p0, p1, p2 = b.p(0.9, 0.18), b.p(0.92, 0.72), b.p(0.42, 0.6)
    n = 20
    left, right, centres = [], [], []
    for i in range(n + 1):
        t = i / n
        x = (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0]
        y = (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]
        dx = 2 * (1 - t) * (p1[0] - p0[0]) + 2 * t * (p2[0] - p1[0])
        dy = 2 * (1 - t) * (p1[1] - p0[1]) + 2 * t * (p2[1] - p1[1])
        ln = math.hypot(dx, dy) or 1
        w = b.s(0.015 + 0.2 * t ** 1.4)
        left.append((x - dy / ln * w, y + dx / ln * w))
        right.append((x + dy / ln * w, y - dx / ln * w))
        centres.append(((x, y), (-dy / ln * w, dx / ln * w)))
    wicker = (196, 140, 64)
    d.polygon(left + right[::-1], fill=wicker, outline=OUTLINE, width=round(b.s(0.02)))
    for (x, y), (ox, oy) in centres[3::3]:
        d.line([(x - ox, y - oy), (x + ox, y + oy)], fill=shade(wicker, 0.72), width=max(1, round(b.s(0.018))))
    (mx, my), (ox, oy) = centres[-1]
    d.polygon(rotated_ellipse(mx, my, math.hypot(ox, oy), b.s(0.07), math.atan2(oy, ox)),
              fill=(92, 58, 30), outline=OUTLINE, width=round(b.s(0.02)))
    ow = round(b.s(0.015))
    for u, v, ang in ((0.2, 0.4, -0.9), (0.28, 0.34, -1.3)):
        x, y = b.p(u, v)
        d.polygon(rotated_ellipse(x, y, b.s(0.09), b.s(0.035), ang), fill=(236, 196, 84), outline=OUTLINE, width=ow)
    for u, v, r in ((0.26, 0.72, 0.045), (0.2, 0.64, 0.045), (0.3, 0.64, 0.045), (0.23, 0.79, 0.04)):
        d.ellipse(b.ell(u, v, r), fill=(112, 58, 128), outline=OUTLINE, width=ow)
    d.ellipse(b.ell(0.34, 0.47, 0.09), fill=(200, 48, 44), outline=OUTLINE, width=ow)
    d.ellipse(b.ell(0.31, 0.44, 0.025), fill=(236, 120, 110))
    d.ellipse(b.ell(0.14, 0.55, 0.075), fill=(236, 146, 40), outline=OUTLINE, width=ow)
    d.polygon(rotated_ellipse(*b.p(0.4, 0.38), b.s(0.06), b.s(0.025), -0.5), fill=(80, 140, 60),
              outline=OUTLINE, width=ow)


def _coin_stack(d: ImageDraw.ImageDraw, b: Box, u: float, v: float, count: int) -> None:
    """A stack of gold coins whose bottom coin sits at (u, v)."""
    rx, ry, th = 0.14, 0.05, 0.045
    ow = round(b.s(0.014))
    for i in range(count):
        y = v - i * th
        x0, y0, x1, y1 = b.ell(u, y, rx, ry)
        d.rectangle([x0, (y0 + y1) / 2, x1, (y0 + y1) / 2 + b.h * th], fill=shade(GOLD, 0.7))
        d.ellipse([x0, y0 + b.h * th, x1, y1 + b.h * th], fill=shade(GOLD, 0.7), outline=OUTLINE, width=ow)
        d.line([(x0, (y0 + y1) / 2), (x0, (y0 + y1) / 2 + b.h * th)], fill=OUTLINE, width=ow)
        d.line([(x1, (y0 + y1) / 2), (x1, (y0 + y1) / 2 + b.h * th)], fill=OUTLINE, width=ow)
        d.ellipse([x0, y0, x1, y1], fill=GOLD, outline=OUTLINE, width=ow)
        d.ellipse(b.ell(u, y, rx * 0.7, ry * 0.6), outline=shade(GOLD, 1.25), width=ow)


def draw_monopoly(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Stacks of gold coins and a large coin stamped with a crown."""
    _coin_stack(d, b, 0.2, 0.62, 8)
    _coin_stack(d, b, 0.8, 0.7, 6)
    ow = round(b.s(0.02))
    d.ellipse(b.ell(0.52, 0.66, 0.24), fill=shade(GOLD, 0.75), outline=OUTLINE, width=ow)
    d.ellipse(b.ell(0.5, 0.64, 0.24), fill=GOLD, outline=OUTLINE, width=ow)
    d.ellipse(b.ell(0.5, 0.64, 0.18), outline=shade(GOLD, 0.7), width=ow)
    crown = b.pts((0.39, 0.71), (0.36, 0.56), (0.44, 0.63), (0.5, 0.52), (0.56, 0.63), (0.64, 0.56), (0.61, 0.71))
    d.polygon(crown, fill=shade(GOLD, 1.25), outline=shade(GOLD, 0.5), width=ow)
    for u, v in ((0.36, 0.56), (0.5, 0.52), (0.64, 0.56)):
        d.ellipse(b.ell(u, v, 0.022), fill=(200, 48, 44))


def draw_longest_road(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A long chain of road pieces winding between hex corners, ending at a flag."""
    pts = b.pts((0.08, 0.8), (0.24, 0.7), (0.24, 0.5), (0.42, 0.4), (0.58, 0.5), (0.76, 0.4), (0.76, 0.2))
    for a, c in zip(pts, pts[1:]):
        t = 0.12
        a2 = (a[0] + (c[0] - a[0]) * t, a[1] + (c[1] - a[1]) * t)
        c2 = (c[0] + (a[0] - c[0]) * t, c[1] + (a[1] - c[1]) * t)
        _road_bar(d, a2, c2, b.s(0.1), WOOD)
    for p in pts[1:-1]:
        d.ellipse(ellipse_box(*p, b.s(0.02)), fill=shade(WOOD, 0.6))
    fx, fy = pts[-1]
    d.line([(fx, fy), (fx, fy - b.h * 0.16)], fill=OUTLINE, width=round(b.s(0.025)))
    d.polygon([(fx, fy - b.h * 0.16), (fx + b.w * 0.16, fy - b.h * 0.12), (fx, fy - b.h * 0.08)],
              fill=(200, 48, 44), outline=OUTLINE, width=round(b.s(0.015)))


def draw_largest_army(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Two crossed swords behind a heraldic shield."""
    _sword(d, b.p(0.12, 0.9), b.p(0.86, 0.1), b.s(0.065))
    _sword(d, b.p(0.88, 0.9), b.p(0.14, 0.1), b.s(0.065))
    mid_x = b.p(0.5, 0)[0]
    right = [b.p(0.74 - 0.24 * t ** 2.5, 0.24 + 0.64 * t) for t in (i / 14 for i in range(15))]
    left = [(2 * mid_x - x, y) for x, y in right]
    shield = left[::-1] + right
    d.polygon(shield, fill=(104, 62, 134))
    d.polygon([b.p(0.5, 0.24)] + right, fill=(78, 44, 104))
    d.line(shield + shield[:2], fill=GOLD, width=round(b.s(0.035)), joint="curve")
    star = []
    for i in range(10):
        r = 0.12 if i % 2 == 0 else 0.05
        a = -math.pi / 2 + i * math.pi / 5
        star.append(b.p(0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    d.polygon(star, fill=GOLD, outline=shade(GOLD, 0.5), width=max(1, round(b.s(0.01))))


def draw_island(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A hexagon of six terrain-coloured wedges filling a hex-shaped box (the resource card back)."""
    c = b.p(0.5, 0.5)
    pts = [b.p(u, v) for u, v in ((0.5, 0.0), (1.0, 0.25), (1.0, 0.75), (0.5, 1.0), (0.0, 0.75), (0.0, 0.25))]
    for i, terrain in enumerate(TERRAINS):
        d.polygon([c, pts[i], pts[(i + 1) % 6]], fill=TERRAIN[terrain][0])
    for p in pts:
        d.line([c, p], fill=GOLD, width=round(b.s(0.02)))
    d.polygon(pts, outline=GOLD, width=round(b.s(0.04)))
    d.ellipse(ellipse_box(*c, b.s(0.06)), fill=GOLD)


EMBLEMS: Mapping[str, Callable[[ImageDraw.ImageDraw, Box], None]] = MappingProxyType({
    "knight": draw_knight,
    "victory_point": draw_victory_point,
    "road_building": draw_road_building,
    "year_of_plenty": draw_year_of_plenty,
    "monopoly": draw_monopoly,
    "longest_road": draw_longest_road,
    "largest_army": draw_largest_army,
    "island": draw_island,
})
