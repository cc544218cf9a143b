"""Rivals icons: the six resources (gold as nuggets) and the point emblems (VP, strength, skill, commerce, progress)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from types import MappingProxyType

from PIL import ImageDraw

from gui.art.canvas import Box, ellipse_box, mix, shade
from gui.art.icons import ICON_PAINTERS, OUTLINE, rotated_ellipse

RIVALS_RESOURCES = ("brick", "grain", "lumber", "wool", "ore", "gold")  # the order of game.rivals costs
STATS = ("vp", "str", "skl", "com", "prog")  # the Card fields, in the order the face shows them
GOLD_METAL = (240, 196, 52)
CREAM_DISC = (250, 242, 220)

Painter = Callable[[ImageDraw.ImageDraw, Box], None]


def draw_gold(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A heap of gold nuggets with a sparkle."""
    ow = round(b.s(0.03))
    nuggets = ((0.30, 0.66, 0.20, 0.15, -0.3), (0.66, 0.68, 0.21, 0.15, 0.25), (0.48, 0.45, 0.2, 0.16, 0.1),
               (0.5, 0.8, 0.17, 0.1, 0.0))
    for u, v, ru, rv, ang in nuggets:
        x, y = b.p(u, v)
        d.polygon(rotated_ellipse(x, y, b.w * ru + ow, b.h * rv + ow, ang, 9), fill=OUTLINE)
    for u, v, ru, rv, ang in nuggets:
        x, y = b.p(u, v)
        d.polygon(rotated_ellipse(x, y, b.w * ru, b.h * rv, ang, 9), fill=shade(GOLD_METAL, 0.78))
        d.polygon(rotated_ellipse(x - b.w * ru * 0.18, y - b.h * rv * 0.25, b.w * ru * 0.72, b.h * rv * 0.6, ang, 8),
                  fill=GOLD_METAL)
        d.ellipse(ellipse_box(x - b.w * ru * 0.35, y - b.h * rv * 0.4, b.s(0.035)), fill=(255, 246, 196))
    cx, cy = b.p(0.78, 0.26)
    r = b.s(0.13)
    star = [(cx + math.cos(a * math.pi / 4) * (r if a % 2 == 0 else r * 0.28),
             cy + math.sin(a * math.pi / 4) * (r if a % 2 == 0 else r * 0.28)) for a in range(8)]
    d.polygon(star, fill=(255, 250, 220))


def _disc(d: ImageDraw.ImageDraw, b: Box, ring: tuple[int, int, int], face: tuple[int, int, int] = CREAM_DISC) -> None:
    """The round token every point emblem sits on."""
    cx, cy = b.p(0.5, 0.5)
    r = b.s(0.48)
    d.ellipse(ellipse_box(cx, cy, r), fill=shade(ring, 0.6))
    d.ellipse(ellipse_box(cx, cy, r * 0.9), fill=ring)
    d.ellipse(ellipse_box(cx, cy, r * 0.76), fill=face)


def draw_vp(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Victory point: a red flag on an orange disc."""
    orange = (236, 142, 36)
    _disc(d, b, shade(orange, 0.9), shade(orange, 1.12))
    ow = max(1, round(b.s(0.04)))
    pole_x = b.p(0.36, 0)[0]
    d.line([(pole_x, b.p(0, 0.2)[1]), (pole_x, b.p(0, 0.8)[1])], fill=(70, 44, 24), width=max(1, round(b.s(0.07))))
    flag = b.pts((0.38, 0.22), (0.74, 0.3), (0.62, 0.4), (0.76, 0.5), (0.38, 0.52))
    d.polygon(flag, fill=(204, 36, 36), outline=(96, 16, 16), width=ow)
    d.ellipse(b.ell(0.36, 0.19, 0.05), fill=(250, 220, 90), outline=(96, 60, 10), width=max(1, ow // 2))


def draw_strength(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Strength: a blue axe."""
    blue = (40, 88, 176)
    _disc(d, b, blue)
    ow = max(1, round(b.s(0.035)))
    d.line([b.p(0.3, 0.8), b.p(0.62, 0.24)], fill=(92, 58, 30), width=max(1, round(b.s(0.08))))
    head = b.pts((0.52, 0.2), (0.78, 0.22), (0.84, 0.36), (0.78, 0.52), (0.6, 0.42))
    d.polygon(head, fill=blue, outline=shade(blue, 0.45), width=ow)
    d.line([b.p(0.8, 0.25), b.p(0.82, 0.48)], fill=mix(blue, (255, 255, 255), 0.6), width=ow)


def draw_skill(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Skill: a green harp."""
    green = (46, 136, 62)
    _disc(d, b, green)
    w = max(1, round(b.s(0.075)))
    d.line(b.pts((0.34, 0.78), (0.32, 0.3), (0.4, 0.2)), fill=green, width=w, joint="curve")
    d.line(b.pts((0.4, 0.2), (0.56, 0.3), (0.7, 0.26), (0.72, 0.36)), fill=green, width=w, joint="curve")
    d.line(b.pts((0.72, 0.36), (0.34, 0.78)), fill=green, width=w)
    for t in (0.25, 0.45, 0.65):
        top = (0.34 + (0.72 - 0.34) * t * 0.9, 0.3 + 0.02 * t)
        bottom_v = 0.78 - (0.78 - 0.36) * t
        bottom_u = 0.34 + (0.72 - 0.34) * t
        d.line([b.p(bottom_u, bottom_v), b.p(top[0], top[1] - 0.02)], fill=shade(green, 0.6),
               width=max(1, round(b.s(0.025))))


def draw_commerce(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Commerce: golden scales."""
    gold = (196, 146, 24)
    _disc(d, b, gold)
    w = max(1, round(b.s(0.06)))
    dark = shade(gold, 0.55)
    d.line([b.p(0.5, 0.22), b.p(0.5, 0.76)], fill=dark, width=w)
    d.line([b.p(0.24, 0.32), b.p(0.76, 0.32)], fill=dark, width=w)
    d.line([b.p(0.36, 0.78), b.p(0.64, 0.78)], fill=dark, width=w)
    for u in (0.27, 0.73):
        d.line([b.p(u, 0.32), b.p(u - 0.1, 0.56)], fill=dark, width=max(1, w // 2))
        d.line([b.p(u, 0.32), b.p(u + 0.1, 0.56)], fill=dark, width=max(1, w // 2))
        d.chord(b.r(u - 0.14, 0.46, u + 0.14, 0.66), 0, 180, fill=gold, outline=dark, width=max(1, w // 2))


def draw_progress(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Progress: a purple book."""
    purple = (112, 56, 148)
    _disc(d, b, purple)
    ow = max(1, round(b.s(0.03)))
    d.polygon(b.pts((0.24, 0.3), (0.5, 0.36), (0.76, 0.3), (0.76, 0.72), (0.5, 0.78), (0.24, 0.72)),
              fill=purple, outline=shade(purple, 0.5), width=ow)
    d.polygon(b.pts((0.28, 0.32), (0.48, 0.37), (0.48, 0.72), (0.28, 0.68)), fill=(246, 240, 226))
    d.polygon(b.pts((0.52, 0.37), (0.72, 0.32), (0.72, 0.68), (0.52, 0.72)), fill=(236, 228, 210))
    for v in (0.45, 0.53, 0.61):
        d.line([b.p(0.32, v), b.p(0.45, v + 0.02)], fill=shade(purple, 0.8), width=ow)
        d.line([b.p(0.55, v + 0.02), b.p(0.68, v)], fill=shade(purple, 0.8), width=ow)


PAINTERS: Mapping[str, Painter] = MappingProxyType({
    "brick": ICON_PAINTERS["brick"], "grain": ICON_PAINTERS["grain"], "lumber": ICON_PAINTERS["lumber"],
    "wool": ICON_PAINTERS["wool"], "ore": ICON_PAINTERS["ore"], "gold": draw_gold,
    "vp": draw_vp, "str": draw_strength, "skl": draw_skill, "com": draw_commerce, "prog": draw_progress,
})
RIVALS_ICONS = tuple(PAINTERS)


def resource_token(d: ImageDraw.ImageDraw, name: str, b: Box) -> None:
    """A resource icon on a cream disc with a dark rim, readable over any picture."""
    if b.w < 3:
        return  # too small to show anything
    cx, cy = b.p(0.5, 0.5)
    r = b.s(0.5)
    d.ellipse(ellipse_box(cx, cy, r), fill=(58, 40, 26))
    d.ellipse(ellipse_box(cx, cy, r * 0.9), fill=CREAM_DISC)
    PAINTERS[name](d, b.inner(0.14, 0.14, 0.86, 0.86))


def paint_rivals_icon(d: ImageDraw.ImageDraw, name: str, b: Box) -> None:
    """Draw a Rivals icon (a resource on its disc, or a point emblem) into box b."""
    if name in RIVALS_RESOURCES:
        resource_token(d, name, b)
    else:
        PAINTERS[name](d, b)
