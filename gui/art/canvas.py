"""Drawing helpers shared by the art renderers: supersampling, colour, hexes, noise."""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw, ImageFilter

SCALE = 2  # everything is drawn at 2x and downsampled for antialiasing

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Point = tuple[float, float]
Size = tuple[int, int]


def seed_for(*parts: object) -> int:
    """A stable seed from the given parts (Python's hash() is salted per run)."""
    return zlib.crc32("|".join(map(str, parts)).encode("utf-8"))


def new_canvas(size: Size, fill: RGBA = (0, 0, 0, 0)) -> Image.Image:
    """A transparent RGBA canvas SCALE times the requested size."""
    return Image.new("RGBA", (max(1, size[0] * SCALE), max(1, size[1] * SCALE)), fill)


def finish(img: Image.Image, size: Size) -> Image.Image:
    """Downsample a supersampled canvas to the requested size (RGBA, LANCZOS)."""
    out = img.convert("RGBA")
    if out.size != size:
        out = out.resize(size, Image.Resampling.LANCZOS)
    return out


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """Linear mix of two colours; t=0 gives a, t=1 gives b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def shade(c: Sequence[int], f: float) -> RGB:
    """Darken (f < 1) or lighten towards white (f > 1) a colour."""
    if f <= 1:
        return mix((0, 0, 0), c, f)
    return mix(c, (255, 255, 255), min(1.0, f - 1))


def alpha(c: Sequence[int], a: int) -> RGBA:
    """The colour c with alpha a."""
    return (c[0], c[1], c[2], a)


def hex_points(w: float, h: float, inset: float = 0.0, ox: float = 0.0, oy: float = 0.0) -> list[Point]:
    """Corners of a pointy-top hexagon filling a w x h box, shrunk by inset pixels."""
    cx, cy = ox + w / 2, oy + h / 2
    # Shrinking each corner towards the centre keeps the edges parallel.
    kx = (w / 2 - inset) / (w / 2) if w else 0
    ky = (h / 2 - inset * 2 / math.sqrt(3)) / (h / 2) if h else 0
    corners = [(0.5, 0.0), (1.0, 0.25), (1.0, 0.75), (0.5, 1.0), (0.0, 0.75), (0.0, 0.25)]
    return [(cx + (u * w - w / 2) * kx, cy + (v * h - h / 2) * ky) for u, v in corners]


def inside_polygon(x: float, y: float, poly: Sequence[Point]) -> bool:
    """Even-odd point in polygon test."""
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def smooth_noise(rng: random.Random, size: Size, cells: int) -> Image.Image:
    """Soft value noise (mode L) made from a cells x cells random grid, upscaled."""
    cw = max(2, cells)
    ch = max(2, round(cells * size[1] / max(1, size[0])))
    data = bytes(rng.randrange(256) for _ in range(cw * ch))
    return Image.frombytes("L", (cw, ch), data).resize(size, Image.Resampling.BICUBIC)


def mottled(size: Size, base: Sequence[int], other: Sequence[int], rng: random.Random,
            cells: int = 8, fine: Sequence[int] | None = None) -> Image.Image:
    """An opaque RGBA fill of base blotched with other (and optionally a fine grain)."""
    img = Image.new("RGBA", size, alpha(base, 255))
    img.paste(Image.new("RGBA", size, alpha(other, 255)), (0, 0), smooth_noise(rng, size, cells))
    if fine is not None:
        grain = smooth_noise(rng, size, cells * 6).point(lambda v: max(0, v - 160))
        img.paste(Image.new("RGBA", size, alpha(fine, 255)), (0, 0), grain)
    return img


def overlay(img: Image.Image, paint: Callable[[ImageDraw.ImageDraw], None], blur: float = 0.0) -> None:
    """Paint on a transparent layer (optionally blurred) and composite it onto img."""
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    paint(ImageDraw.Draw(layer))
    if blur > 0:
        layer = layer.filter(ImageFilter.GaussianBlur(blur))
    img.alpha_composite(layer)


def polygon_mask(size: Size, poly: Sequence[Point]) -> Image.Image:
    """A mode L mask that is 255 inside poly."""
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).polygon(list(poly), fill=255)
    return mask


def rounded_mask(size: Size, box: Sequence[float], radius: float) -> Image.Image:
    """A mode L mask that is 255 inside a rounded rectangle."""
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(list(box), radius=radius, fill=255)
    return mask


def apply_mask(img: Image.Image, mask: Image.Image) -> Image.Image:
    """Multiply img's alpha by mask."""
    out = img.copy()
    a = out.getchannel("A")
    out.putalpha(Image.composite(a, Image.new("L", a.size, 0), mask))
    return out


def drop_shadow(img: Image.Image, mask: Image.Image, offset: Point, blur: float, strength: int) -> None:
    """Composite a soft shadow of mask (shifted by offset) onto img."""
    shadow = Image.new("RGBA", img.size, (0, 0, 0, 0))
    solid = Image.new("RGBA", img.size, (20, 16, 12, strength))
    shadow.paste(solid, (round(offset[0]), round(offset[1])), mask)
    if blur > 0:
        shadow = shadow.filter(ImageFilter.GaussianBlur(blur))
    img.alpha_composite(shadow)


def vertical_gradient(size: Size, top: Sequence[int], bottom: Sequence[int]) -> Image.Image:
    """An opaque RGBA vertical gradient."""
    column = Image.new("RGBA", (1, 256))
    column.putdata([alpha(mix(top, bottom, i / 255), 255) for i in range(256)])
    return column.resize(size, Image.Resampling.BILINEAR)


def radial_gradient(size: Size, inner: Sequence[int], outer: Sequence[int]) -> Image.Image:
    """An opaque RGBA radial gradient from the centre (inner) to the corners (outer)."""
    n = 64
    data = []
    for y in range(n):
        for x in range(n):
            d = math.hypot((x + 0.5) / n - 0.5, (y + 0.5) / n - 0.5) / math.hypot(0.5, 0.5)
            data.append(alpha(mix(inner, outer, min(1.0, d * d * 1.4)), 255))
    small = Image.new("RGBA", (n, n))
    small.putdata(data)
    return small.resize(size, Image.Resampling.BICUBIC)


def ellipse_box(cx: float, cy: float, rx: float, ry: float | None = None) -> list[float]:
    """The bounding box of an ellipse centred at (cx, cy)."""
    ry = rx if ry is None else ry
    return [cx - rx, cy - ry, cx + rx, cy + ry]


class Box:
    """A rectangle in canvas pixels with unit-coordinate helpers (u, v in 0..1)."""

    __slots__ = ("x0", "y0", "w", "h")

    def __init__(self, x0: float, y0: float, w: float, h: float) -> None:
        self.x0, self.y0, self.w, self.h = x0, y0, w, h

    def p(self, u: float, v: float) -> Point:
        """The point at unit coordinates (u, v)."""
        return (self.x0 + u * self.w, self.y0 + v * self.h)

    def pts(self, *uv: Point) -> list[Point]:
        """Several points at unit coordinates."""
        return [self.p(u, v) for u, v in uv]

    def r(self, u0: float, v0: float, u1: float, v1: float) -> list[float]:
        """A rectangle [x0, y0, x1, y1] from unit coordinates."""
        return [self.x0 + u0 * self.w, self.y0 + v0 * self.h, self.x0 + u1 * self.w, self.y0 + v1 * self.h]

    def ell(self, cu: float, cv: float, ru: float, rv: float | None = None) -> list[float]:
        """Ellipse box centred at (cu, cv) with radii in units of width (and height)."""
        rv = ru if rv is None else rv
        return self.r(cu - ru, cv - rv, cu + ru, cv + rv)

    def s(self, u: float) -> float:
        """A length in units of the box's smaller side."""
        return u * min(self.w, self.h)

    def inner(self, u0: float, v0: float, u1: float, v1: float) -> Box:
        """A sub-box in unit coordinates."""
        x0, y0, x1, y1 = self.r(u0, v0, u1, v1)
        return Box(x0, y0, x1 - x0, y1 - y0)


def horizontal_gradient(size: Size, left: Sequence[int], right: Sequence[int]) -> Image.Image:
    """An opaque RGBA horizontal gradient."""
    row = Image.new("RGBA", (256, 1))
    row.putdata([alpha(mix(left, right, i / 255), 255) for i in range(256)])
    return row.resize(size, Image.Resampling.BILINEAR)


def fill_mask(img: Image.Image, fill: Image.Image, mask: Image.Image) -> None:
    """Composite the opaque image fill onto img wherever mask is set."""
    layer = fill.copy()
    layer.putalpha(mask)
    img.alpha_composite(layer)
