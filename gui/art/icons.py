"""Resource icons (logs, sheep, sheaf, bricks, ore lump) and a harbor anchor, drawn in a box."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from PIL import Image, ImageDraw

from gui.art.canvas import Box, Point, drop_shadow, ellipse_box, shade

OUTLINE = (52, 38, 28)


def rotated_ellipse(cx: float, cy: float, rx: float, ry: float, angle: float, n: int = 24) -> list[Point]:
    """Polygon points of an ellipse rotated by angle (radians)."""
    ca, sa = math.cos(angle), math.sin(angle)
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return pts


def _log(d: ImageDraw.ImageDraw, c: Point, r: float, back: Point, ow: float) -> None:
    """One log seen end-on: bark body extruded towards back, cut face at c."""
    bark, face = (118, 74, 40), (226, 178, 116)
    dx, dy = back
    length = math.hypot(dx, dy)
    nx, ny = -dy / length * r, dx / length * r
    if ny > 0:  # n points to the upper side of the body, where the light falls
        nx, ny = -nx, -ny
    cx, cy = c

    def strip(k0: float, k1: float) -> list[Point]:
        return [(cx + nx * k0, cy + ny * k0), (cx + nx * k0 + dx, cy + ny * k0 + dy),
                (cx + nx * k1 + dx, cy + ny * k1 + dy), (cx + nx * k1, cy + ny * k1)]

    d.ellipse(ellipse_box(cx + dx, cy + dy, r + ow), fill=OUTLINE)
    d.polygon(strip(1, -1), fill=OUTLINE, outline=OUTLINE, width=round(ow * 2))
    d.ellipse(ellipse_box(cx + dx, cy + dy, r), fill=shade(bark, 0.8))
    d.polygon(strip(0.98, -0.98), fill=bark)
    d.polygon(strip(0.9, 0.35), fill=shade(bark, 1.2))
    d.polygon(strip(-0.5, -0.62), fill=shade(bark, 0.78))
    d.ellipse(ellipse_box(cx, cy, r + ow), fill=OUTLINE)
    d.ellipse(ellipse_box(cx, cy, r), fill=face)
    for k in (0.7, 0.42):
        d.ellipse(ellipse_box(cx, cy, r * k), outline=shade(face, 0.78), width=max(1, round(ow * 0.6)))
    d.ellipse(ellipse_box(cx, cy, r * 0.12), fill=shade(face, 0.7))


def draw_lumber(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A pyramid of three logs."""
    r = b.s(0.16)
    ow = b.s(0.025)
    back = (-b.w * 0.17, -b.h * 0.12)
    for c in (b.p(0.47, 0.74), b.p(0.79, 0.74)):
        _log(d, c, r, back, ow)
    _log(d, b.p(0.63, 0.47), r, back, ow)


def draw_wool(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A fluffy sheep facing right."""
    ow = b.s(0.03)
    leg = (48, 40, 38)
    for u in (0.30, 0.40, 0.58, 0.68):
        d.rounded_rectangle(b.r(u - 0.035, 0.58, u + 0.035, 0.88), radius=b.s(0.03), fill=leg)
    puffs = [(0.26, 0.52, 0.14), (0.40, 0.40, 0.16), (0.57, 0.40, 0.15), (0.70, 0.50, 0.14),
             (0.34, 0.64, 0.13), (0.50, 0.66, 0.14), (0.64, 0.63, 0.13), (0.48, 0.52, 0.18)]
    for u, v, r in puffs:
        d.ellipse(b.ell(u, v, r + 0.03), fill=OUTLINE)
    for u, v, r in puffs:
        d.ellipse(b.ell(u, v, r), fill=(236, 232, 222))
    for u, v, r in puffs:
        d.ellipse(b.ell(u - r * 0.2, v - r * 0.25, r * 0.6), fill=(252, 250, 244))
    head = rotated_ellipse(*b.p(0.80, 0.46), b.w * 0.11, b.h * 0.085, 0.5)
    d.polygon(head, fill=leg, outline=OUTLINE, width=round(ow))
    d.polygon(rotated_ellipse(*b.p(0.74, 0.38), b.w * 0.06, b.h * 0.03, -0.5), fill=shade(leg, 1.3))
    d.ellipse(b.ell(0.74, 0.36, 0.06), fill=(252, 250, 244))
    d.ellipse(b.ell(0.82, 0.44, 0.018), fill=(250, 250, 250))


def draw_grain(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A sheaf of wheat tied in the middle."""
    stalk, ear, dark = (214, 170, 62), (236, 196, 84), (150, 104, 30)
    ow = b.s(0.02)
    tie = b.p(0.5, 0.60)
    n = 9
    tops, bottoms = [], []
    for i in range(n):
        t = i / (n - 1) - 0.5
        tops.append((b.p(0.5 + t * 0.62, 0.26 + abs(t) * 0.16), t))
        bottoms.append(b.p(0.5 + t * 0.34, 0.93 - abs(t) * 0.04))
    for (top, t), bottom in zip(tops, bottoms):
        d.line([top, tie, bottom], fill=dark, width=round(b.s(0.045)), joint="curve")
    for (top, t), bottom in zip(tops, bottoms):
        d.line([top, tie, bottom], fill=stalk, width=round(b.s(0.022)), joint="curve")
    for top, t in sorted(tops, key=lambda tt: abs(tt[1]), reverse=True):
        ang = math.atan2(top[1] - tie[1], top[0] - tie[0])
        ex = top[0] + math.cos(ang) * b.w * 0.06
        ey = top[1] + math.sin(ang) * b.h * 0.06
        d.polygon(rotated_ellipse(ex, ey, b.w * 0.11, b.h * 0.05, ang), fill=dark)
        d.polygon(rotated_ellipse(ex, ey, b.w * 0.095, b.h * 0.037, ang), fill=ear)
        # Kernels: short strokes across the ear.
        for k in (-0.5, 0.0, 0.5):
            kx = ex + math.cos(ang) * b.w * 0.06 * k
            ky = ey + math.sin(ang) * b.h * 0.06 * k
            px, py = -math.sin(ang) * b.w * 0.03, math.cos(ang) * b.h * 0.03
            d.line([(kx - px, ky - py), (kx + px, ky + py)], fill=shade(ear, 0.8), width=max(1, round(ow * 0.7)))
    d.rounded_rectangle(b.r(0.36, 0.56, 0.64, 0.66), radius=b.s(0.03), fill=(150, 58, 40), outline=OUTLINE,
                        width=round(ow))
    d.line([b.p(0.39, 0.585), b.p(0.61, 0.585)], fill=(196, 96, 70), width=max(1, round(ow)))


def _brick(d: ImageDraw.ImageDraw, b: Box, u: float, v: float, w: float, h: float, ow: float) -> None:
    """One brick in three-quarter view with its front face at (u, v) of size w x h."""
    base = (182, 72, 44)
    dx, dy = 0.09, -0.07
    front = b.pts((u, v), (u + w, v), (u + w, v + h), (u, v + h))
    top = b.pts((u, v), (u + dx, v + dy), (u + w + dx, v + dy), (u + w, v))
    side = b.pts((u + w, v), (u + w + dx, v + dy), (u + w + dx, v + h + dy), (u + w, v + h))
    outline = b.pts((u, v + h), (u, v), (u + dx, v + dy), (u + w + dx, v + dy), (u + w + dx, v + h + dy),
                    (u + w, v + h))
    d.polygon(outline, fill=OUTLINE, outline=OUTLINE, width=round(ow * 2))
    d.polygon(front, fill=base)
    d.polygon(top, fill=shade(base, 1.25))
    d.polygon(side, fill=shade(base, 0.72))
    # A few darker pores make it read as fired clay.
    for pu, pv in ((0.25, 0.35), (0.6, 0.6), (0.8, 0.3), (0.42, 0.72)):
        d.ellipse(b.ell(u + w * pu, v + h * pv, 0.012), fill=shade(base, 0.75))


def draw_brick(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Three bricks: two below, one on top."""
    ow = b.s(0.02)
    _brick(d, b, 0.06, 0.62, 0.40, 0.20, ow)
    _brick(d, b, 0.48, 0.62, 0.40, 0.20, ow)
    _brick(d, b, 0.27, 0.36, 0.40, 0.20, ow)


def draw_ore(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A faceted lump of ore with metallic glints."""
    base = (112, 122, 140)
    ow = b.s(0.03)
    outer = b.pts((0.10, 0.68), (0.18, 0.40), (0.38, 0.22), (0.62, 0.18), (0.84, 0.34), (0.92, 0.60),
                  (0.80, 0.82), (0.50, 0.88), (0.22, 0.84))
    d.polygon(outer, fill=OUTLINE, outline=OUTLINE, width=round(ow * 2))
    ridge = b.p(0.54, 0.50)
    top = [outer[1], outer[2], outer[3], outer[4], ridge, b.p(0.30, 0.54)]
    left = [outer[0], outer[1], b.p(0.30, 0.54), ridge, outer[7], outer[8]]
    right = [ridge, outer[4], outer[5], outer[6], outer[7]]
    d.polygon(left, fill=base)
    d.polygon(top, fill=shade(base, 1.35))
    d.polygon(right, fill=shade(base, 0.7))
    d.line([b.p(0.30, 0.54), ridge, outer[4]], fill=shade(base, 1.6), width=max(1, round(ow * 0.6)))
    d.line([ridge, outer[7]], fill=shade(base, 0.55), width=max(1, round(ow * 0.6)))
    glint = (226, 234, 246)
    for u, v, r in ((0.45, 0.36, 0.035), (0.64, 0.30, 0.025), (0.30, 0.68, 0.03), (0.72, 0.62, 0.022)):
        d.polygon(b.pts((u, v - r * 1.6), (u + r, v), (u, v + r * 1.6), (u - r, v)), fill=glint)


def draw_anchor(d: ImageDraw.ImageDraw, b: Box, color: Sequence[int] = (40, 60, 92)) -> None:
    """A ship's anchor (the generic harbor symbol)."""
    c = tuple(color)
    w = round(b.s(0.09))
    d.ellipse(b.ell(0.5, 0.16, 0.09), outline=c, width=round(w * 0.8))
    d.line([b.p(0.5, 0.25), b.p(0.5, 0.88)], fill=c, width=w)
    d.line([b.p(0.28, 0.38), b.p(0.72, 0.38)], fill=c, width=round(w * 0.9))
    d.arc(b.r(0.14, 0.36, 0.86, 0.90), start=20, end=160, fill=c, width=w)
    for u, s in ((0.16, -1), (0.84, 1)):
        d.polygon(b.pts((u - 0.08 * s, 0.50), (u + 0.07 * s, 0.64), (u - 0.1 * s, 0.68)), fill=c)


ICON_PAINTERS: Mapping[str, Callable[[ImageDraw.ImageDraw, Box], None]] = MappingProxyType({
    "lumber": draw_lumber,
    "wool": draw_wool,
    "grain": draw_grain,
    "brick": draw_brick,
    "ore": draw_ore,
    "anchor": draw_anchor,
})


def paint_icon(img: Image.Image, name: str, box: Box, shadow: float = 0.0) -> None:
    """Draw icon name into box on img, with an optional soft drop shadow (in box units)."""
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    ICON_PAINTERS[name](ImageDraw.Draw(layer), box)
    if shadow > 0:
        off = box.s(shadow)
        drop_shadow(img, layer.getchannel("A"), (off * 0.6, off), off, 110)
    img.alpha_composite(layer)
