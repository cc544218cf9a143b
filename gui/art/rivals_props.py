"""Small things held by figures or hung on buildings in the Rivals pictures (tools, weapons, books, coins, dice),
and the drawing helpers the Rivals art shares (safe rounded boxes, fast downsampling, gradients)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from gui.art.canvas import SCALE, Box, Size, ellipse_box, finish, mix, shade
from gui.art.icons import OUTLINE
from gui.art.palette import GOLD

STEEL = (186, 194, 206)
WOODEN = (126, 84, 46)
PAPER = (244, 236, 214)
FLAME = (248, 156, 36)

Prop = Callable[[ImageDraw.ImageDraw, Box], None]


def rounded(d: ImageDraw.ImageDraw, xy: Sequence[float], radius: float, **kw: Any) -> None:
    """A rounded rectangle on whole pixels with a whole radius that fits (Pillow 13 rejects some fractional ones)."""
    x0, y0, x1, y1 = (round(v) for v in xy)
    x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)
    d.rounded_rectangle([x0, y0, x1, y1], radius=max(0, min(round(radius), (x1 - x0) // 2, (y1 - y0) // 2)), **kw)


def cut_corners(img: Image.Image, mask: Image.Image) -> None:
    """Make img transparent outside mask, in place (its colours stay, so averaging keeps the edges clean)."""
    img.putalpha(ImageChops.multiply(img.getchannel("A"), mask))


def downsample(img: Image.Image, size: Size) -> Image.Image:
    """The 2x canvas averaged down to size in 2x2 boxes: much cheaper than LANCZOS and as smooth.

    The faces keep their frame colour under transparent corners (cut_corners), so plain averaging of
    RGBA needs no premultiplying.
    """
    if img.size == (size[0] * SCALE, size[1] * SCALE) and SCALE == 2:
        return img.reduce(2)
    return finish(img, size)


def gradient(size: Size, top: Sequence[int], bottom: Sequence[int]) -> Image.Image:
    """An opaque RGBA vertical gradient (one column, stretched sideways)."""
    w, h = max(1, size[0]), max(1, size[1])
    column = Image.new("RGBA", (1, h))
    column.putdata([(*mix(top, bottom, y / max(1, h - 1)), 255) for y in range(h)])
    return column.resize((w, h), Image.Resampling.NEAREST)


def _ow(b: Box) -> int:
    return max(1, round(b.s(0.045)))


def prop_axe(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A long-handled battle axe, its blade up and turned inwards (to the left)."""
    ow = _ow(b)
    d.line([b.p(0.62, 0.98), b.p(0.62, 0.05)], fill=OUTLINE, width=round(b.s(0.12)))
    d.line([b.p(0.62, 0.97), b.p(0.62, 0.06)], fill=WOODEN, width=round(b.s(0.07)))
    blade = b.pts((0.62, 0.1), (0.22, 0.0), (0.08, 0.2), (0.22, 0.42), (0.62, 0.32))
    d.polygon(blade, fill=STEEL, outline=OUTLINE, width=ow)
    d.line([b.p(0.14, 0.08), b.p(0.12, 0.34)], fill=shade(STEEL, 1.3), width=ow)


def prop_sword(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A sword held point up."""
    ow = _ow(b)
    d.polygon(b.pts((0.45, 0.72), (0.45, 0.12), (0.5, 0.0), (0.55, 0.12), (0.55, 0.72)), fill=STEEL, outline=OUTLINE,
              width=ow)
    d.line([b.p(0.3, 0.74), b.p(0.7, 0.74)], fill=OUTLINE, width=round(b.s(0.09)))
    d.line([b.p(0.32, 0.74), b.p(0.68, 0.74)], fill=GOLD, width=round(b.s(0.05)))
    d.line([b.p(0.5, 0.78), b.p(0.5, 0.95)], fill=(92, 52, 30), width=round(b.s(0.07)))
    d.ellipse(b.ell(0.5, 0.97, 0.05), fill=GOLD, outline=OUTLINE, width=max(1, ow // 2))


def prop_harp(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A small wooden harp."""
    w = round(b.s(0.09))
    wood = (170, 110, 50)
    d.line(b.pts((0.3, 0.95), (0.24, 0.3), (0.36, 0.12)), fill=OUTLINE, width=w + 4, joint="curve")
    d.line(b.pts((0.3, 0.95), (0.24, 0.3), (0.36, 0.12)), fill=wood, width=w, joint="curve")
    d.line(b.pts((0.36, 0.12), (0.6, 0.26), (0.8, 0.2)), fill=OUTLINE, width=w + 4, joint="curve")
    d.line(b.pts((0.36, 0.12), (0.6, 0.26), (0.8, 0.2)), fill=wood, width=w, joint="curve")
    d.line(b.pts((0.8, 0.2), (0.3, 0.95)), fill=OUTLINE, width=w + 4)
    d.line(b.pts((0.8, 0.2), (0.3, 0.95)), fill=wood, width=w)
    for t in (0.2, 0.4, 0.6):
        d.line([b.p(0.28, 0.3 + 0.6 * t), b.p(0.3 + 0.5 * t, 0.2 + 0.04 * t)], fill=(240, 224, 160),
               width=max(1, round(b.s(0.02))))


def prop_staff(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A walking staff with a crook."""
    d.line([b.p(0.5, 1.0), b.p(0.5, 0.12)], fill=OUTLINE, width=round(b.s(0.1)))
    d.line([b.p(0.5, 0.99), b.p(0.5, 0.13)], fill=WOODEN, width=round(b.s(0.06)))
    d.arc(b.r(0.5, 0.0, 0.78, 0.26), 180, 360, fill=WOODEN, width=round(b.s(0.06)))


def prop_cross(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A preacher's standing cross."""
    d.line([b.p(0.5, 1.0), b.p(0.5, 0.05)], fill=OUTLINE, width=round(b.s(0.11)))
    d.line([b.p(0.5, 0.99), b.p(0.5, 0.06)], fill=WOODEN, width=round(b.s(0.07)))
    d.line([b.p(0.3, 0.24), b.p(0.7, 0.24)], fill=OUTLINE, width=round(b.s(0.11)))
    d.line([b.p(0.31, 0.24), b.p(0.69, 0.24)], fill=GOLD, width=round(b.s(0.07)))


def prop_torch(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A burning torch."""
    d.line([b.p(0.5, 1.0), b.p(0.5, 0.3)], fill=OUTLINE, width=round(b.s(0.11)))
    d.line([b.p(0.5, 0.99), b.p(0.5, 0.31)], fill=WOODEN, width=round(b.s(0.07)))
    prop_flame(d, b.inner(0.2, 0.0, 0.8, 0.36))


def prop_flame(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A tongue of fire."""
    outer = b.pts((0.5, 0.0), (0.72, 0.32), (0.9, 0.62), (0.78, 0.92), (0.5, 1.0), (0.22, 0.92), (0.1, 0.62),
                  (0.3, 0.4), (0.36, 0.2))
    d.polygon(outer, fill=(214, 62, 24), outline=(120, 30, 10), width=_ow(b))
    d.polygon(b.pts((0.5, 0.3), (0.7, 0.62), (0.64, 0.9), (0.5, 0.95), (0.34, 0.88), (0.34, 0.6)), fill=FLAME)
    d.polygon(b.pts((0.5, 0.58), (0.6, 0.78), (0.5, 0.92), (0.4, 0.8)), fill=(255, 230, 120))


def prop_bow(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A drawn longbow with an arrow."""
    w = round(b.s(0.08))
    d.arc(b.r(0.1, 0.0, 0.7, 1.0), 290, 70, fill=OUTLINE, width=w + 4)
    d.arc(b.r(0.1, 0.0, 0.7, 1.0), 290, 70, fill=WOODEN, width=w)
    top = (0.4 + 0.3 * math.cos(math.radians(290)), 0.5 + 0.5 * math.sin(math.radians(290)))
    bottom = (0.4 + 0.3 * math.cos(math.radians(70)), 0.5 + 0.5 * math.sin(math.radians(70)))
    d.line([b.p(*top), b.p(0.3, 0.5), b.p(*bottom)], fill=(230, 222, 200), width=max(1, round(b.s(0.02))))
    d.line([b.p(0.26, 0.5), b.p(0.98, 0.5)], fill=(92, 60, 30), width=max(1, round(b.s(0.035))))
    d.polygon(b.pts((0.92, 0.44), (1.02, 0.5), (0.92, 0.56)), fill=STEEL, outline=OUTLINE, width=1)


def prop_flask(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A round glass flask with a green potion."""
    ow = _ow(b)
    d.rectangle(b.r(0.42, 0.06, 0.58, 0.4), fill=(210, 230, 236), outline=OUTLINE, width=ow)
    d.ellipse(b.r(0.16, 0.3, 0.84, 0.98), fill=(210, 230, 236), outline=OUTLINE, width=ow)
    d.chord(b.r(0.2, 0.34, 0.8, 0.94), 10, 170, fill=(72, 176, 96))
    d.rectangle(b.r(0.4, 0.0, 0.6, 0.08), fill=WOODEN, outline=OUTLINE, width=max(1, ow // 2))
    d.ellipse(b.ell(0.36, 0.5, 0.06), fill=(250, 254, 255))


def prop_book(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A thick closed book with a gold clasp."""
    ow = _ow(b)
    d.polygon(b.pts((0.12, 0.3), (0.72, 0.16), (0.9, 0.3), (0.3, 0.46)), fill=PAPER, outline=OUTLINE, width=ow)
    d.polygon(b.pts((0.12, 0.3), (0.3, 0.46), (0.3, 0.86), (0.12, 0.7)), fill=(126, 40, 40), outline=OUTLINE,
              width=ow)
    d.polygon(b.pts((0.3, 0.46), (0.9, 0.3), (0.9, 0.7), (0.3, 0.86)), fill=(160, 52, 48), outline=OUTLINE,
              width=ow)
    d.polygon(b.pts((0.52, 0.42), (0.68, 0.38), (0.68, 0.74), (0.52, 0.78)), fill=GOLD)


def prop_open_book(d: ImageDraw.ImageDraw, b: Box) -> None:
    """An open book with lines of writing."""
    ow = _ow(b)
    cover = (112, 56, 148)
    d.polygon(b.pts((0.04, 0.22), (0.5, 0.3), (0.96, 0.22), (0.96, 0.82), (0.5, 0.9), (0.04, 0.82)), fill=cover,
              outline=OUTLINE, width=ow)
    d.polygon(b.pts((0.1, 0.22), (0.48, 0.3), (0.48, 0.82), (0.1, 0.76)), fill=PAPER, outline=OUTLINE, width=ow)
    d.polygon(b.pts((0.52, 0.3), (0.9, 0.22), (0.9, 0.76), (0.52, 0.82)), fill=shade(PAPER, 0.94), outline=OUTLINE,
              width=ow)
    for v in (0.4, 0.5, 0.6, 0.7):
        d.line([b.p(0.16, v - 0.04), b.p(0.42, v + 0.01)], fill=(120, 100, 80), width=ow)
        d.line([b.p(0.58, v + 0.01), b.p(0.84, v - 0.04)], fill=(120, 100, 80), width=ow)


def prop_books(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A row of books on a shelf."""
    colors = [(150, 52, 44), (52, 92, 150), (60, 120, 64), (170, 128, 40), (110, 60, 120)]
    ow = _ow(b)
    for i, c in enumerate(colors):
        u = 0.06 + i * 0.18
        top = 0.12 + (i % 2) * 0.12
        d.rectangle(b.r(u, top, u + 0.16, 0.86), fill=c, outline=OUTLINE, width=ow)
        d.line([b.p(u + 0.03, top + 0.12), b.p(u + 0.13, top + 0.12)], fill=GOLD, width=ow)
    d.rectangle(b.r(0.0, 0.86, 1.0, 0.98), fill=WOODEN, outline=OUTLINE, width=ow)


def prop_scroll(d: ImageDraw.ImageDraw, b: Box) -> None:
    """An unrolled scroll with a red seal."""
    ow = _ow(b)
    d.rectangle(b.r(0.2, 0.14, 0.8, 0.86), fill=PAPER, outline=OUTLINE, width=ow)
    for v in (0.14, 0.86):
        d.ellipse(b.ell(0.5, v, 0.34, 0.07), fill=shade(PAPER, 0.85), outline=OUTLINE, width=ow)
    for v in (0.32, 0.44, 0.56):
        d.line([b.p(0.3, v), b.p(0.7, v)], fill=(120, 100, 80), width=ow)
    d.ellipse(b.ell(0.58, 0.7, 0.09), fill=(176, 30, 36), outline=OUTLINE, width=ow)


def prop_die(d: ImageDraw.ImageDraw, b: Box, pips: int = 5) -> None:
    """A white die showing pips."""
    ow = _ow(b)
    rounded(d, b.r(0.1, 0.1, 0.9, 0.9), radius=b.s(0.14), fill=(250, 248, 240), outline=OUTLINE, width=ow)
    spots = {1: [(0.5, 0.5)], 2: [(0.3, 0.3), (0.7, 0.7)], 3: [(0.3, 0.3), (0.5, 0.5), (0.7, 0.7)],
             4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)],
             5: [(0.3, 0.3), (0.7, 0.3), (0.5, 0.5), (0.3, 0.7), (0.7, 0.7)],
             6: [(0.3, 0.28), (0.7, 0.28), (0.3, 0.5), (0.7, 0.5), (0.3, 0.72), (0.7, 0.72)]}[pips]
    for u, v in spots:
        d.ellipse(b.ell(u, v, 0.075), fill=(30, 26, 24))


def prop_coin(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A large gold coin with a crown."""
    ow = _ow(b)
    d.ellipse(b.ell(0.52, 0.54, 0.44), fill=shade(GOLD, 0.7), outline=OUTLINE, width=ow)
    d.ellipse(b.ell(0.48, 0.48, 0.44), fill=GOLD, outline=OUTLINE, width=ow)
    d.ellipse(b.ell(0.48, 0.48, 0.33), outline=shade(GOLD, 0.7), width=ow)
    d.polygon(b.pts((0.34, 0.6), (0.3, 0.38), (0.4, 0.48), (0.48, 0.32), (0.56, 0.48), (0.66, 0.38), (0.62, 0.6)),
              fill=shade(GOLD, 1.25), outline=shade(GOLD, 0.5), width=max(1, ow // 2))


def prop_coin_bag(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A tied money bag."""
    ow = _ow(b)
    sack = (176, 140, 90)
    d.ellipse(b.r(0.12, 0.3, 0.88, 0.98), fill=sack, outline=OUTLINE, width=ow)
    d.polygon(b.pts((0.36, 0.36), (0.28, 0.06), (0.5, 0.2), (0.72, 0.06), (0.64, 0.36)), fill=sack, outline=OUTLINE,
              width=ow)
    d.line([b.p(0.34, 0.34), b.p(0.66, 0.34)], fill=(140, 40, 30), width=round(b.s(0.06)))
    d.ellipse(b.ell(0.5, 0.66, 0.16), fill=GOLD, outline=OUTLINE, width=max(1, ow // 2))


def prop_scales(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A merchant's balance."""
    w = round(b.s(0.06))
    dark = (92, 64, 24)
    d.line([b.p(0.5, 0.08), b.p(0.5, 0.9)], fill=dark, width=w)
    d.line([b.p(0.3, 0.92), b.p(0.7, 0.92)], fill=dark, width=w)
    d.line([b.p(0.1, 0.2), b.p(0.9, 0.2)], fill=dark, width=w)
    for u in (0.14, 0.86):
        d.line([b.p(u, 0.2), b.p(u - 0.1, 0.5)], fill=dark, width=max(1, w // 2))
        d.line([b.p(u, 0.2), b.p(u + 0.1, 0.5)], fill=dark, width=max(1, w // 2))
        d.chord(b.r(u - 0.14, 0.4, u + 0.14, 0.62), 0, 180, fill=GOLD, outline=dark, width=max(1, w // 2))


def prop_hammer(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A smith's hammer."""
    d.line([b.p(0.5, 0.98), b.p(0.5, 0.2)], fill=OUTLINE, width=round(b.s(0.11)))
    d.line([b.p(0.5, 0.97), b.p(0.5, 0.21)], fill=WOODEN, width=round(b.s(0.07)))
    d.rectangle(b.r(0.22, 0.04, 0.78, 0.26), fill=(110, 116, 128), outline=OUTLINE, width=_ow(b))


def prop_pick(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A miner's pick."""
    d.line([b.p(0.5, 0.98), b.p(0.5, 0.12)], fill=OUTLINE, width=round(b.s(0.11)))
    d.line([b.p(0.5, 0.97), b.p(0.5, 0.13)], fill=WOODEN, width=round(b.s(0.07)))
    d.polygon(b.pts((0.02, 0.3), (0.5, 0.06), (0.98, 0.3), (0.5, 0.16)), fill=(120, 126, 138), outline=OUTLINE,
              width=_ow(b))


def prop_spyglass(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A brass spyglass, held slanting up."""
    w = round(b.s(0.16))
    d.line([b.p(0.2, 0.8), b.p(0.86, 0.2)], fill=OUTLINE, width=w + 4)
    d.line([b.p(0.2, 0.8), b.p(0.86, 0.2)], fill=(200, 158, 62), width=w)
    d.line([b.p(0.2, 0.8), b.p(0.48, 0.54)], fill=(140, 96, 40), width=round(w * 0.8))
    d.ellipse(ellipse_box(*b.p(0.86, 0.2), b.s(0.09)), fill=(170, 210, 230), outline=OUTLINE, width=_ow(b))


def prop_dagger(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A short dagger."""
    ow = _ow(b)
    d.polygon(b.pts((0.44, 0.56), (0.46, 0.1), (0.5, 0.0), (0.54, 0.1), (0.56, 0.56)), fill=STEEL, outline=OUTLINE,
              width=ow)
    d.line([b.p(0.34, 0.58), b.p(0.66, 0.58)], fill=OUTLINE, width=round(b.s(0.08)))
    d.line([b.p(0.5, 0.6), b.p(0.5, 0.82)], fill=(60, 40, 30), width=round(b.s(0.08)))


def prop_lantern(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A glowing lantern."""
    ow = _ow(b)
    d.ellipse(b.ell(0.5, 0.55, 0.42), fill=(255, 236, 150))
    d.arc(b.r(0.36, 0.0, 0.64, 0.24), 180, 360, fill=OUTLINE, width=ow)
    d.polygon(b.pts((0.3, 0.2), (0.7, 0.2), (0.64, 0.3), (0.36, 0.3)), fill=(60, 56, 52), outline=OUTLINE, width=ow)
    d.rectangle(b.r(0.34, 0.3, 0.66, 0.8), fill=(255, 212, 90), outline=OUTLINE, width=ow)
    d.line([b.p(0.5, 0.3), b.p(0.5, 0.8)], fill=OUTLINE, width=ow)
    d.rectangle(b.r(0.3, 0.8, 0.7, 0.88), fill=(60, 56, 52), outline=OUTLINE, width=ow)


def prop_trumpet(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A herald's long trumpet with a banner."""
    brass = (222, 176, 60)
    d.line([b.p(0.05, 0.62), b.p(0.8, 0.3)], fill=OUTLINE, width=round(b.s(0.09)))
    d.line([b.p(0.05, 0.62), b.p(0.8, 0.3)], fill=brass, width=round(b.s(0.05)))
    d.polygon(b.pts((0.74, 0.26), (0.98, 0.08), (1.0, 0.44), (0.8, 0.36)), fill=brass, outline=OUTLINE, width=_ow(b))
    d.polygon(b.pts((0.3, 0.52), (0.6, 0.4), (0.6, 0.7), (0.46, 0.62), (0.3, 0.8)), fill=(40, 80, 170),
              outline=OUTLINE, width=_ow(b))


def prop_pitchfork(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A raised pitchfork."""
    d.line([b.p(0.5, 1.0), b.p(0.5, 0.22)], fill=OUTLINE, width=round(b.s(0.1)))
    d.line([b.p(0.5, 0.99), b.p(0.5, 0.23)], fill=WOODEN, width=round(b.s(0.06)))
    w = max(1, round(b.s(0.05)))
    d.line([b.p(0.3, 0.26), b.p(0.7, 0.26)], fill=(90, 94, 104), width=w)
    for u in (0.3, 0.5, 0.7):
        d.line([b.p(u, 0.27), b.p(u, 0.02)], fill=(90, 94, 104), width=w)


def prop_club(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A knobbly club: a thin grip swelling into a heavy head."""
    ow = _ow(b)
    d.polygon(b.pts((0.45, 0.98), (0.55, 0.98), (0.64, 0.36), (0.36, 0.36)), fill=(120, 80, 44), outline=OUTLINE,
              width=ow)
    d.ellipse(b.r(0.3, 0.04, 0.7, 0.46), fill=(120, 80, 44), outline=OUTLINE, width=ow)
    for u, v in ((0.42, 0.16), (0.58, 0.26), (0.46, 0.34), (0.6, 0.12)):
        d.ellipse(b.ell(u, v, 0.04), fill=(86, 56, 30))


def prop_dummy(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A straw practice dummy on a post, with a shield."""
    ow = _ow(b)
    d.line([b.p(0.5, 1.0), b.p(0.5, 0.16)], fill=OUTLINE, width=round(b.s(0.1)))
    d.line([b.p(0.5, 0.99), b.p(0.5, 0.17)], fill=WOODEN, width=round(b.s(0.06)))
    d.line([b.p(0.14, 0.38), b.p(0.86, 0.38)], fill=OUTLINE, width=round(b.s(0.1)))
    d.line([b.p(0.15, 0.38), b.p(0.85, 0.38)], fill=WOODEN, width=round(b.s(0.06)))
    d.ellipse(b.ell(0.5, 0.2, 0.13), fill=(222, 190, 110), outline=OUTLINE, width=ow)
    rounded(d, b.r(0.34, 0.3, 0.66, 0.7), radius=b.s(0.06), fill=(214, 180, 100), outline=OUTLINE, width=ow)
    d.polygon(b.pts((0.56, 0.44), (0.84, 0.44), (0.84, 0.62), (0.7, 0.76), (0.56, 0.62)), fill=(170, 50, 44),
              outline=OUTLINE, width=ow)


def prop_crown(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A golden crown with red stones."""
    ow = _ow(b)
    d.polygon(b.pts((0.1, 0.8), (0.06, 0.3), (0.3, 0.52), (0.5, 0.16), (0.7, 0.52), (0.94, 0.3), (0.9, 0.8)),
              fill=GOLD, outline=OUTLINE, width=ow)
    d.rectangle(b.r(0.1, 0.7, 0.9, 0.86), fill=shade(GOLD, 0.85), outline=OUTLINE, width=ow)
    for u, v in ((0.06, 0.3), (0.5, 0.16), (0.94, 0.3)):
        d.ellipse(b.ell(u, v, 0.06), fill=(200, 40, 44), outline=OUTLINE, width=max(1, ow // 2))


def prop_chest(d: ImageDraw.ImageDraw, b: Box) -> None:
    """An open chest full of gold."""
    ow = _ow(b)
    wood = (130, 80, 40)
    d.polygon(b.pts((0.12, 0.34), (0.2, 0.06), (0.8, 0.06), (0.88, 0.34)), fill=shade(wood, 0.8), outline=OUTLINE,
              width=ow)
    d.ellipse(b.r(0.14, 0.28, 0.86, 0.52), fill=GOLD, outline=shade(GOLD, 0.6), width=ow)
    for u in (0.3, 0.5, 0.68):
        d.ellipse(b.ell(u, 0.38, 0.07), fill=shade(GOLD, 1.2), outline=shade(GOLD, 0.6), width=max(1, ow // 2))
    d.rectangle(b.r(0.12, 0.42, 0.88, 0.94), fill=wood, outline=OUTLINE, width=ow)
    for u in (0.2, 0.8):
        d.rectangle(b.r(u - 0.03, 0.42, u + 0.03, 0.94), fill=(90, 90, 96))
    d.rectangle(b.r(0.44, 0.5, 0.56, 0.66), fill=GOLD, outline=OUTLINE, width=max(1, ow // 2))


def prop_mug(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A frothing tankard (the tavern sign)."""
    ow = _ow(b)
    d.arc(b.r(0.56, 0.3, 0.9, 0.7), 270, 90, fill=OUTLINE, width=round(b.s(0.09)))
    d.rectangle(b.r(0.18, 0.26, 0.68, 0.92), fill=(184, 130, 62), outline=OUTLINE, width=ow)
    for u in (0.3, 0.43, 0.56):
        d.line([b.p(u, 0.34), b.p(u, 0.86)], fill=(150, 100, 44), width=ow)
    d.ellipse(b.r(0.12, 0.1, 0.74, 0.38), fill=(252, 248, 236), outline=OUTLINE, width=ow)


def prop_bucket(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A leather fire bucket full of water."""
    ow = _ow(b)
    d.arc(b.r(0.22, 0.0, 0.78, 0.5), 180, 360, fill=OUTLINE, width=ow * 2)
    d.polygon(b.pts((0.18, 0.26), (0.82, 0.26), (0.72, 0.96), (0.28, 0.96)), fill=(160, 46, 36), outline=OUTLINE,
              width=ow)
    d.ellipse(b.r(0.18, 0.18, 0.82, 0.34), fill=(90, 150, 210), outline=OUTLINE, width=ow)


def prop_bell(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A bronze bell."""
    ow = _ow(b)
    bronze = (196, 140, 56)
    d.polygon(b.pts((0.32, 0.2), (0.68, 0.2), (0.74, 0.66), (0.9, 0.82), (0.1, 0.82), (0.26, 0.66)), fill=bronze,
              outline=OUTLINE, width=ow)
    d.ellipse(b.ell(0.5, 0.88, 0.08), fill=shade(bronze, 0.6), outline=OUTLINE, width=ow)
    d.arc(b.r(0.4, 0.04, 0.6, 0.24), 180, 360, fill=OUTLINE, width=ow * 2)


def prop_gear(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A cog wheel."""
    cx, cy = b.p(0.5, 0.5)
    r = b.s(0.36)
    teeth = []
    for i in range(24):
        a = i * math.pi / 12
        rr = r * 1.2 if (i // 2) % 2 == 0 else r  # pairs of points make square teeth
        teeth.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    steel = (150, 140, 120)
    d.polygon(teeth, fill=steel, outline=OUTLINE, width=_ow(b))
    d.ellipse(ellipse_box(cx, cy, r * 0.45), fill=(60, 50, 40), outline=OUTLINE, width=_ow(b))
    d.ellipse(ellipse_box(cx, cy, r * 0.78), outline=shade(steel, 0.7), width=_ow(b))


def prop_mortarboard(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A scholar's cap."""
    ow = _ow(b)
    dark = (44, 44, 60)
    d.rectangle(b.r(0.3, 0.44, 0.7, 0.7), fill=dark, outline=OUTLINE, width=ow)
    d.polygon(b.pts((0.04, 0.38), (0.5, 0.16), (0.96, 0.38), (0.5, 0.6)), fill=dark, outline=OUTLINE, width=ow)
    d.line(b.pts((0.5, 0.38), (0.84, 0.48), (0.84, 0.78)), fill=GOLD, width=round(b.s(0.04)))


def prop_map(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A folded map with a marked route."""
    ow = _ow(b)
    d.polygon(b.pts((0.06, 0.2), (0.36, 0.1), (0.64, 0.2), (0.94, 0.1), (0.94, 0.8), (0.64, 0.9), (0.36, 0.8),
                    (0.06, 0.9)), fill=PAPER, outline=OUTLINE, width=ow)
    for u in (0.36, 0.64):
        d.line([b.p(u, 0.12), b.p(u, 0.86)], fill=shade(PAPER, 0.8), width=ow)
    d.line(b.pts((0.16, 0.7), (0.3, 0.5), (0.5, 0.58), (0.7, 0.36)), fill=(180, 40, 40), width=ow)
    d.line([b.p(0.74, 0.26), b.p(0.84, 0.4)], fill=(180, 40, 40), width=ow * 2)
    d.line([b.p(0.84, 0.26), b.p(0.74, 0.4)], fill=(180, 40, 40), width=ow * 2)


def prop_swap(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Two cards with arrows swapping them (Relocation)."""
    ow = _ow(b)
    rounded(d, b.r(0.04, 0.3, 0.36, 0.94), radius=b.s(0.04), fill=(120, 168, 96), outline=OUTLINE, width=ow)
    rounded(d, b.r(0.64, 0.3, 0.96, 0.94), radius=b.s(0.04), fill=(200, 140, 80), outline=OUTLINE,
                        width=ow)
    w = round(b.s(0.06))
    d.arc(b.r(0.2, 0.02, 0.8, 0.5), 200, 340, fill=(230, 200, 90), width=w)
    d.polygon(b.pts((0.74, 0.16), (0.86, 0.2), (0.76, 0.3)), fill=(230, 200, 90))
    d.arc(b.r(0.2, 0.72, 0.8, 1.12), 20, 160, fill=(230, 200, 90), width=w)
    d.polygon(b.pts((0.26, 0.92), (0.14, 0.88), (0.24, 0.8)), fill=(230, 200, 90))


def prop_crow(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A black bird in flight."""
    d.polygon(b.pts((0.0, 0.3), (0.3, 0.45), (0.5, 0.55), (0.7, 0.45), (1.0, 0.3), (0.72, 0.58), (0.5, 0.7),
                    (0.28, 0.58)), fill=(24, 22, 26))


def prop_fir(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A fir tree decorated with candles and a star."""
    green = (36, 96, 52)
    ow = _ow(b)
    d.rectangle(b.r(0.44, 0.84, 0.56, 1.0), fill=WOODEN, outline=OUTLINE, width=ow)
    for k, (top, bottom, half) in enumerate(((0.1, 0.42, 0.2), (0.26, 0.64, 0.32), (0.44, 0.88, 0.44))):
        d.polygon(b.pts((0.5, top), (0.5 + half, bottom), (0.5 - half, bottom)), fill=shade(green, 1 - 0.08 * k),
                  outline=OUTLINE, width=ow)
    for u, v in ((0.4, 0.38), (0.62, 0.58), (0.32, 0.62), (0.5, 0.8), (0.74, 0.84), (0.22, 0.84)):
        d.rectangle(b.r(u - 0.015, v - 0.06, u + 0.015, v), fill=(250, 244, 220))
        d.ellipse(b.ell(u, v - 0.08, 0.02), fill=(255, 200, 60))
    cx, cy = b.p(0.5, 0.08)
    r = b.s(0.09)
    star = [(cx + math.cos(-math.pi / 2 + i * math.pi / 5) * (r if i % 2 == 0 else r * 0.45),
             cy + math.sin(-math.pi / 2 + i * math.pi / 5) * (r if i % 2 == 0 else r * 0.45)) for i in range(10)]
    d.polygon(star, fill=(255, 214, 60), outline=OUTLINE, width=max(1, ow // 2))


def prop_tent(d: ImageDraw.ImageDraw, b: Box, color: tuple[int, int, int] = (196, 52, 48)) -> None:
    """A striped festival tent with a pennant."""
    ow = _ow(b)
    d.polygon(b.pts((0.5, 0.1), (0.96, 0.9), (0.04, 0.9)), fill=(246, 238, 220), outline=OUTLINE, width=ow)
    for k in (-0.3, 0.0, 0.3):
        d.polygon(b.pts((0.5, 0.1), (0.5 + k + 0.08, 0.9), (0.5 + k - 0.08, 0.9)), fill=color)
    d.polygon(b.pts((0.5, 0.1), (0.96, 0.9), (0.04, 0.9)), outline=OUTLINE, width=ow)
    d.line([b.p(0.5, 0.1), b.p(0.5, 0.0)], fill=OUTLINE, width=ow)
    d.polygon(b.pts((0.5, 0.0), (0.7, 0.04), (0.5, 0.08)), fill=(250, 210, 60))
    d.polygon(b.pts((0.42, 0.9), (0.5, 0.56), (0.58, 0.9)), fill=(60, 40, 30))


def prop_barrel(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A wooden barrel."""
    ow = _ow(b)
    d.ellipse(b.r(0.16, 0.04, 0.84, 0.96), fill=(150, 98, 50), outline=OUTLINE, width=ow)
    for v in (0.25, 0.75):
        d.line([b.p(0.2, v), b.p(0.8, v)], fill=(80, 80, 86), width=ow * 2)
    d.line([b.p(0.5, 0.06), b.p(0.5, 0.94)], fill=(120, 76, 38), width=ow)


def prop_crate(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A wooden crate."""
    ow = _ow(b)
    wood = (178, 128, 70)
    d.rectangle(b.r(0.08, 0.1, 0.92, 0.94), fill=wood, outline=OUTLINE, width=ow)
    d.line([b.p(0.08, 0.1), b.p(0.92, 0.94)], fill=shade(wood, 0.7), width=ow * 2)
    d.line([b.p(0.92, 0.1), b.p(0.08, 0.94)], fill=shade(wood, 0.7), width=ow * 2)
    d.rectangle(b.r(0.08, 0.1, 0.92, 0.94), outline=OUTLINE, width=ow)


def prop_ingot(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A gold ingot (for the Goldsmith and the Gift)."""
    ow = _ow(b)
    d.polygon(b.pts((0.06, 0.8), (0.22, 0.4), (0.78, 0.4), (0.94, 0.8)), fill=shade(GOLD, 0.8), outline=OUTLINE,
              width=ow)
    d.polygon(b.pts((0.22, 0.4), (0.32, 0.24), (0.68, 0.24), (0.78, 0.4)), fill=shade(GOLD, 1.25), outline=OUTLINE,
              width=ow)


def prop_skull_flag(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A black pirate flag with crossed bones."""
    d.rectangle(b.r(0.0, 0.0, 1.0, 0.8), fill=(24, 22, 26))
    cx, cy = b.p(0.5, 0.32)
    d.ellipse(ellipse_box(cx, cy, b.s(0.16)), fill=(240, 236, 226))
    w = max(1, round(b.s(0.07)))
    d.line([b.p(0.24, 0.5), b.p(0.76, 0.72)], fill=(240, 236, 226), width=w)
    d.line([b.p(0.76, 0.5), b.p(0.24, 0.72)], fill=(240, 236, 226), width=w)
    d.ellipse(b.ell(0.44, 0.32, 0.04), fill=(24, 22, 26))
    d.ellipse(b.ell(0.56, 0.32, 0.04), fill=(24, 22, 26))


def prop_steam(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Wisps of steam rising."""
    w = max(1, round(b.s(0.05)))
    for u in (0.25, 0.5, 0.75):
        pts = [b.p(u + 0.08 * math.sin(t * 2.4), 1.0 - t) for t in (i / 10 for i in range(11))]
        d.line(pts, fill=(240, 244, 250), width=w, joint="curve")


PROPS: Mapping[str, Prop] = MappingProxyType({
    "axe": prop_axe, "sword": prop_sword, "harp": prop_harp, "staff": prop_staff, "cross": prop_cross,
    "torch": prop_torch, "flame": prop_flame, "bow": prop_bow, "flask": prop_flask, "book": prop_book,
    "open_book": prop_open_book, "books": prop_books, "scroll": prop_scroll, "die": prop_die, "coin": prop_coin,
    "coin_bag": prop_coin_bag, "scales": prop_scales, "hammer": prop_hammer, "pick": prop_pick,
    "spyglass": prop_spyglass, "dagger": prop_dagger, "lantern": prop_lantern, "trumpet": prop_trumpet,
    "pitchfork": prop_pitchfork, "club": prop_club, "dummy": prop_dummy, "crown": prop_crown, "chest": prop_chest,
    "mug": prop_mug, "bucket": prop_bucket, "bell": prop_bell, "gear": prop_gear, "mortarboard": prop_mortarboard,
    "map": prop_map, "swap": prop_swap, "crow": prop_crow, "fir": prop_fir, "tent": prop_tent,
    "barrel": prop_barrel, "crate": prop_crate, "ingot": prop_ingot, "skull_flag": prop_skull_flag,
    "steam": prop_steam,
})
