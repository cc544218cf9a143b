"""Rivals card backs: the four set backs, the event back, the region back, the red and blue starting
backs, and the road, settlement and city backs that show what those centre cards cost."""

from __future__ import annotations

import math
from types import MappingProxyType

from PIL import Image, ImageDraw

from game.rivals.catalogue import catalogue
from gui.art.canvas import (
    Box, Size, ellipse_box, mix, new_canvas, rounded_mask, shade,
)
from gui.art.emblems import EMBLEMS
from gui.art.icons import OUTLINE
from gui.art.palette import GOLD
from gui.art.rivals_icons import RIVALS_RESOURCES, resource_token
from gui.art.rivals_motifs import paint_picture
from gui.art.rivals_props import PROPS, cut_corners, downsample, rounded
from gui.art.text import FontBook, draw_centered

BACKS = ("basic", "gold", "turmoil", "progress", "event", "region", "red", "blue", "road", "settlement", "city")
SQUARE_BACKS = frozenset({"region"})
BACK_COLOR = MappingProxyType({
    "basic": (70, 104, 60), "gold": (150, 110, 34), "turmoil": (128, 44, 40), "progress": (58, 70, 138),
    "event": (34, 58, 104), "region": (86, 112, 70), "red": (150, 40, 40), "blue": (40, 72, 150),
    "road": (104, 96, 86), "settlement": (104, 96, 86), "city": (104, 96, 86),
})


def _glow(size: Size, inner: tuple[int, int, int], outer: tuple[int, int, int]) -> Image.Image:
    """An opaque radial glow from the centre (inner) to the edges (outer)."""
    mask = Image.radial_gradient("L").resize(size, Image.Resampling.BILINEAR)
    img = Image.new("RGBA", size, (*inner, 255))
    img.paste(Image.new("RGBA", size, (*outer, 255)), (0, 0), mask)
    return img


def _pattern(size: Size, color: tuple[int, int, int], cell: float) -> Image.Image:
    """A diamond lattice over a soft glow, in the back's colour."""
    img = _glow(size, shade(color, 1.25), shade(color, 0.7))
    d = ImageDraw.Draw(img)
    line = shade(color, 0.85)
    w = max(1, round(cell * 0.05))
    W, H = size
    k = -H
    while k < W + H:
        d.line([(k, 0), (k + H, H)], fill=line, width=w)
        d.line([(k + H, 0), (k, H)], fill=line, width=w)
        k += cell
    return img


def _medallion(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, face: tuple[int, int, int]) -> Box:
    """A gold-ringed medallion; returns the box inside it."""
    d.ellipse(ellipse_box(cx, cy + r * 0.06, r * 1.04), fill=(0, 0, 0))
    d.ellipse(ellipse_box(cx, cy, r), fill=GOLD, outline=OUTLINE, width=max(1, round(r * 0.04)))
    d.ellipse(ellipse_box(cx, cy, r * 0.86), fill=face)
    side = r * 1.3
    return Box(cx - side / 2, cy - side / 2, side, side)


def _shield(d: ImageDraw.ImageDraw, b: Box, color: tuple[int, int, int]) -> None:
    """A heraldic shield of the starting colour with a gold rim."""
    right = [b.p(0.86 - 0.36 * t ** 2.2, 0.08 + 0.86 * t) for t in (i / 14 for i in range(15))]
    left = [(2 * b.p(0.5, 0)[0] - x, y) for x, y in right]
    shield = left[::-1] + right
    d.polygon(shield, fill=color, outline=OUTLINE, width=max(1, round(b.s(0.02))))
    d.line(shield + shield[:2], fill=GOLD, width=round(b.s(0.05)), joint="curve")
    d.line([b.p(0.5, 0.14), b.p(0.5, 0.86)], fill=shade(color, 1.3), width=round(b.s(0.05)))


def _set_symbol(d: ImageDraw.ImageDraw, name: str, b: Box) -> None:
    """The symbol of a set (our own): an island, a coin, crossed weapons, a book with a cog."""
    if name == "basic":
        hexbox = b.inner(0.08, 0.04, 0.92, 0.96)
        EMBLEMS["island"](d, hexbox)
    elif name == "gold":
        PROPS["coin"](d, b)
    elif name == "turmoil":
        PROPS["sword"](d, b.inner(0.05, 0.0, 0.65, 1.0))
        PROPS["axe"](d, b.inner(0.35, 0.0, 0.95, 1.0))
    elif name == "progress":
        PROPS["gear"](d, b.inner(0.5, 0.0, 1.0, 0.5))
        PROPS["open_book"](d, b.inner(0.0, 0.28, 0.84, 1.0))


def _cost_row(d: ImageDraw.ImageDraw, card_id: str, cx: float, y: float, s: float) -> None:
    """The card's cost as a row of resource tokens centred at cx."""
    card = catalogue().cards[card_id]
    names = [n for n, k in zip(RIVALS_RESOURCES, card.cost) for _ in range(k)]
    step = s * 1.05
    x0 = cx - step * (len(names) - 1) / 2
    for i, name in enumerate(names):
        resource_token(d, name, Box(x0 + i * step - s / 2, y - s / 2, s, s))


def render_rivals_back(name: str, size: Size, fonts: FontBook) -> Image.Image:
    """The back of a Rivals card (no words)."""
    img = new_canvas(size)
    W, H = img.size
    color = BACK_COLOR[name]
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, H], fill=shade(color, 0.45))
    m = W * 0.05
    inner = (round(W - 2 * m), round(H - 2 * m))
    img.paste(_pattern(inner, color, W * 0.16), (round(m), round(m)))
    d = ImageDraw.Draw(img)
    rounded(d, [m, m, W - m, H - m], radius=W * 0.04, outline=mix(color, GOLD, 0.6),
                        width=max(1, round(W * 0.012)))
    cx, cy = W / 2, H / 2
    r = min(W, H) * 0.34
    if name in ("basic", "gold", "turmoil", "progress"):
        _set_symbol(d, name, _medallion(d, cx, cy, r, shade(color, 0.7)))
    elif name == "event":
        box = _medallion(d, cx, cy, r, (246, 240, 226))
        rounded(d, [box.x0 + box.w * 0.1, box.y0 + box.h * 0.1, box.x0 + box.w * 0.9, box.y0 + box.h * 0.9],
                            radius=box.w * 0.14, fill=(40, 40, 44), outline=OUTLINE, width=max(1, round(W * 0.01)))
        draw_centered(d, box.p(0.5, 0.5), "?", fonts.get("bold", box.h * 0.7), (250, 246, 236))
    elif name == "region":
        hex_w = r * 1.7
        hexbox = Box(cx - hex_w / 2, cy - hex_w / math.sqrt(3), hex_w, hex_w * 2 / math.sqrt(3))
        EMBLEMS["island"](d, hexbox)
    elif name in ("red", "blue"):
        _shield(d, Box(cx - r, cy - r * 1.15, 2 * r, 2.3 * r), BACK_COLOR[name])
    else:
        pic = Box(m * 2.2, H * 0.16, W - m * 4.4, H * 0.42)
        paint_picture(img, pic, name)
        d = ImageDraw.Draw(img)
        d.rectangle([pic.x0, pic.y0, pic.x0 + pic.w, pic.y0 + pic.h], outline=GOLD, width=max(1, round(W * 0.012)))
        _cost_row(d, name, cx, H * 0.74, W * 0.18)
    mask = rounded_mask(img.size, [0, 0, W - 1, H - 1], W * 0.06)
    cut_corners(img, mask)
    return downsample(img, size)
