"""Buildings for the Rivals pictures: houses, halls, towers, churches, barns, windmills, bridges, a crane."""

from __future__ import annotations

import math

from PIL import ImageDraw

from gui.art.canvas import Box, shade
from gui.art.icons import OUTLINE
from gui.art.rivals_props import PROPS, WOODEN, rounded

STONE = (226, 214, 188)
PLASTER = (240, 228, 200)
ROOF_RED = (170, 64, 44)
ROOF_BLUE = (70, 88, 120)
ROOF_BROWN = (120, 76, 44)
WINDOW = (60, 54, 70)
LIT = (250, 214, 110)


def _ow(b: Box) -> int:
    return max(1, round(b.s(0.018)))


def house(d: ImageDraw.ImageDraw, b: Box, u: float, v: float, w: float, h: float, wall: tuple[int, int, int] = PLASTER,
          roof: tuple[int, int, int] = ROOF_RED, door: bool = True, timber: bool = False) -> None:
    """A house whose front's bottom-left corner is at (u, v), w wide and h tall, with a pitched roof."""
    ow = _ow(b)
    d.rectangle(b.r(u, v - h, u + w, v), fill=wall, outline=OUTLINE, width=ow)
    if timber:
        for k in (0.25, 0.75):
            d.line([b.p(u + w * k, v - h), b.p(u + w * k, v)], fill=(92, 60, 36), width=ow)
        d.line([b.p(u, v - h * 0.5), b.p(u + w, v - h * 0.5)], fill=(92, 60, 36), width=ow)
    d.polygon(b.pts((u - w * 0.1, v - h), (u + w / 2, v - h - w * 0.55), (u + w * 1.1, v - h)), fill=roof,
              outline=OUTLINE, width=ow)
    d.line([b.p(u + w * 0.1, v - h - w * 0.08), b.p(u + w / 2, v - h - w * 0.47)], fill=shade(roof, 1.3), width=ow)
    if door:
        d.rectangle(b.r(u + w * 0.4, v - h * 0.48, u + w * 0.6, v), fill=(96, 60, 36), outline=OUTLINE, width=ow)
    for k in (0.12, 0.7):
        d.rectangle(b.r(u + w * k, v - h * 0.78, u + w * (k + 0.18), v - h * 0.56), fill=LIT, outline=OUTLINE,
                    width=ow)


def tower(d: ImageDraw.ImageDraw, b: Box, u: float, v: float, w: float, h: float, wall: tuple[int, int, int] = STONE,
          top: str = "battlements", roof: tuple[int, int, int] = ROOF_BLUE) -> None:
    """A tower standing at (u, v): battlements, a pointed roof ('spire') or a cross on a spire ('cross')."""
    ow = _ow(b)
    d.rectangle(b.r(u, v - h, u + w, v), fill=wall, outline=OUTLINE, width=ow)
    if top == "battlements":
        step = w / 5
        for i in (0, 2, 4):
            d.rectangle(b.r(u + i * step, v - h - w * 0.22, u + (i + 1) * step, v - h), fill=wall, outline=OUTLINE,
                        width=ow)
    else:
        d.polygon(b.pts((u - w * 0.12, v - h), (u + w / 2, v - h - w * 1.3), (u + w * 1.12, v - h)), fill=roof,
                  outline=OUTLINE, width=ow)
        if top == "cross":
            tip = v - h - w * 1.3
            d.line([b.p(u + w / 2, tip), b.p(u + w / 2, tip - 0.08)], fill=(214, 168, 58), width=ow * 2)
            d.line([b.p(u + w * 0.3, tip - 0.055), b.p(u + w * 0.7, tip - 0.055)], fill=(214, 168, 58), width=ow * 2)
    d.rectangle(b.r(u + w * 0.36, v - h * 0.72, u + w * 0.64, v - h * 0.56), fill=WINDOW)


def hall(d: ImageDraw.ImageDraw, b: Box, u: float, v: float, w: float, h: float, wall: tuple[int, int, int] = STONE,
         roof: tuple[int, int, int] = ROOF_RED, columns: bool = False) -> None:
    """A wide hall with arched windows (or a columned front)."""
    ow = _ow(b)
    d.rectangle(b.r(u, v - h, u + w, v), fill=wall, outline=OUTLINE, width=ow)
    if columns:
        d.polygon(b.pts((u - 0.02, v - h), (u + w / 2, v - h - h * 0.45), (u + w + 0.02, v - h)), fill=wall,
                  outline=OUTLINE, width=ow)
        n = 5
        for i in range(n):
            x = u + w * (0.1 + 0.8 * i / (n - 1))
            d.rectangle(b.r(x - 0.018, v - h * 0.9, x + 0.018, v), fill=shade(wall, 1.05), outline=OUTLINE, width=ow)
        d.rectangle(b.r(u - 0.02, v - 0.03, u + w + 0.02, v), fill=shade(wall, 0.9), outline=OUTLINE, width=ow)
        return
    d.polygon(b.pts((u - 0.03, v - h), (u + 0.05, v - h - h * 0.55), (u + w - 0.05, v - h - h * 0.55),
                    (u + w + 0.03, v - h)), fill=roof, outline=OUTLINE, width=ow)
    n = max(2, round(w / 0.12))
    for i in range(n):
        x = u + w * (i + 0.5) / n
        rounded(d, b.r(x - 0.025, v - h * 0.75, x + 0.025, v - h * 0.4), radius=b.s(0.02), fill=LIT,
                            outline=OUTLINE, width=ow)
    rounded(d, b.r(u + w / 2 - 0.05, v - h * 0.32, u + w / 2 + 0.05, v), radius=b.s(0.03),
                        fill=(96, 60, 36), outline=OUTLINE, width=ow)


def church(d: ImageDraw.ImageDraw, b: Box, u: float, v: float, scale: float = 1.0) -> None:
    """A church nave with a spired bell tower."""
    hall(d, b, u, v, 0.36 * scale, 0.24 * scale, STONE, ROOF_RED)
    tower(d, b, u + 0.34 * scale, v, 0.14 * scale, 0.42 * scale, STONE, "cross", ROOF_BLUE)


def barn(d: ImageDraw.ImageDraw, b: Box, u: float, v: float, w: float, h: float,
         wall: tuple[int, int, int] = (150, 60, 44)) -> None:
    """A big barn with a hipped roof and a wide door."""
    ow = _ow(b)
    d.rectangle(b.r(u, v - h, u + w, v), fill=wall, outline=OUTLINE, width=ow)
    d.polygon(b.pts((u - 0.03, v - h), (u + w * 0.2, v - h * 1.6), (u + w * 0.8, v - h * 1.6), (u + w + 0.03, v - h)),
              fill=ROOF_BROWN, outline=OUTLINE, width=ow)
    d.rectangle(b.r(u + w * 0.3, v - h * 0.75, u + w * 0.7, v), fill=shade(wall, 0.7), outline=OUTLINE, width=ow)
    d.line([b.p(u + w * 0.3, v - h * 0.75), b.p(u + w * 0.7, v)], fill=PLASTER, width=ow)
    d.line([b.p(u + w * 0.7, v - h * 0.75), b.p(u + w * 0.3, v)], fill=PLASTER, width=ow)


def windmill(d: ImageDraw.ImageDraw, b: Box, u: float, v: float, h: float) -> None:
    """A windmill with four sails; (u, v) is the middle of its base."""
    ow = _ow(b)
    d.polygon(b.pts((u - 0.1, v), (u - 0.06, v - h), (u + 0.06, v - h), (u + 0.1, v)), fill=PLASTER, outline=OUTLINE,
              width=ow)
    d.polygon(b.pts((u - 0.08, v - h), (u, v - h - 0.08), (u + 0.08, v - h)), fill=ROOF_BROWN, outline=OUTLINE,
              width=ow)
    cx, cy = b.p(u, v - h + 0.02)
    r = b.s(h * 0.75)
    for k in range(4):
        a = math.pi / 4 + k * math.pi / 2
        ex, ey = cx + math.cos(a) * r, cy + math.sin(a) * r
        px, py = -math.sin(a) * r * 0.16, math.cos(a) * r * 0.16
        d.line([(cx, cy), (ex, ey)], fill=WOODEN, width=ow * 2)
        d.polygon([(cx + (ex - cx) * 0.3, cy + (ey - cy) * 0.3), (ex, ey), (ex + px, ey + py),
                   (cx + (ex - cx) * 0.3 + px, cy + (ey - cy) * 0.3 + py)], fill=(236, 228, 210), outline=OUTLINE,
                  width=ow)
    d.ellipse(b.ell(u, v - h + 0.02, 0.025), fill=OUTLINE)
    d.rectangle(b.r(u - 0.025, v - 0.1, u + 0.025, v), fill=(96, 60, 36), outline=OUTLINE, width=ow)


def bridge(d: ImageDraw.ImageDraw, b: Box, v: float) -> None:
    """A stone arch bridge over a river, with a toll barrier."""
    ow = _ow(b)
    d.rectangle(b.r(0.0, v, 1.0, 1.0), fill=(74, 132, 188))
    for u in (0.2, 0.55, 0.85):
        d.line([b.p(u - 0.08, v + 0.12), b.p(u + 0.04, v + 0.12)], fill=(160, 200, 236), width=ow)
    d.rectangle(b.r(0.04, v - 0.12, 0.96, v), fill=STONE, outline=OUTLINE, width=ow)
    for u0, u1 in ((0.1, 0.45), (0.55, 0.9)):
        d.chord(b.r(u0, v - 0.06, u1, v + 0.26), 180, 360, fill=(74, 132, 188), outline=OUTLINE, width=ow)
    d.rectangle(b.r(0.66, v - 0.3, 0.7, v - 0.12), fill=WOODEN, outline=OUTLINE, width=ow)
    d.line([b.p(0.3, v - 0.22), b.p(0.7, v - 0.22)], fill=(200, 48, 44), width=ow * 3)
    d.line([b.p(0.3, v - 0.22), b.p(0.7, v - 0.22)], fill=(244, 240, 230), width=ow)


def crane(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A wooden treadwheel crane lifting a stone block."""
    ow = _ow(b)
    d.polygon(b.pts((0.2, 0.9), (0.34, 0.2), (0.4, 0.2), (0.3, 0.9)), fill=WOODEN, outline=OUTLINE, width=ow)
    d.line([b.p(0.36, 0.22), b.p(0.82, 0.1)], fill=OUTLINE, width=round(b.s(0.05)))
    d.line([b.p(0.36, 0.22), b.p(0.82, 0.1)], fill=WOODEN, width=round(b.s(0.03)))
    d.line([b.p(0.8, 0.12), b.p(0.8, 0.56)], fill=(60, 50, 40), width=ow)
    d.rectangle(b.r(0.72, 0.56, 0.88, 0.7), fill=STONE, outline=OUTLINE, width=ow)
    d.ellipse(b.r(0.1, 0.56, 0.42, 0.9), outline=WOODEN, width=round(b.s(0.035)))
    d.ellipse(b.r(0.1, 0.56, 0.42, 0.9), outline=OUTLINE, width=ow)
    d.ellipse(b.ell(0.26, 0.73, 0.03), fill=OUTLINE)


def stalls(d: ImageDraw.ImageDraw, b: Box, v: float) -> None:
    """Market stalls with striped awnings."""
    ow = _ow(b)
    for u, color in ((0.08, (200, 60, 50)), (0.4, (60, 110, 180)), (0.7, (220, 170, 50))):
        d.rectangle(b.r(u, v - 0.2, u + 0.24, v), fill=(150, 100, 54), outline=OUTLINE, width=ow)
        d.polygon(b.pts((u - 0.03, v - 0.2), (u + 0.27, v - 0.2), (u + 0.24, v - 0.32), (u, v - 0.32)), fill=color,
                  outline=OUTLINE, width=ow)
        for k in range(3):
            x = u + 0.04 + k * 0.08
            d.line([b.p(x, v - 0.32), b.p(x - 0.01, v - 0.2)], fill=(246, 240, 226), width=ow * 2)
        d.rectangle(b.r(u + 0.02, v - 0.09, u + 0.22, v - 0.06), fill=(236, 196, 84))


def sign(d: ImageDraw.ImageDraw, b: Box, u: float, v: float, size: float, prop: str) -> None:
    """A hanging sign at (u, v) (its top centre) showing a prop."""
    ow = _ow(b)
    d.line([b.p(u - size * 0.6, v), b.p(u + size * 0.6, v)], fill=WOODEN, width=ow * 2)
    box = Box(*b.p(u - size / 2, v + 0.02), b.w * size, b.h * size)
    rounded(d, [box.x0, box.y0, box.x0 + box.w, box.y0 + box.h], radius=box.s(0.12), fill=(246, 236, 210),
                        outline=OUTLINE, width=ow)
    PROPS[prop](d, box.inner(0.12, 0.12, 0.88, 0.88))
