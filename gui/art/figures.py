"""Standing figures: the robber pawn and the players' roads, settlements and cities."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFilter

from gui.art.canvas import (
    Box, Point, Size, drop_shadow, fill_mask, finish, horizontal_gradient, new_canvas, shade,
)
from gui.art.palette import PLAYER

PIECES = ("road", "settlement", "city")


def _bezier(p0: Point, p1: Point, p2: Point, n: int = 16) -> list[Point]:
    """Points on a quadratic Bezier curve."""
    pts = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        pts.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return pts


def render_robber(size: Size) -> Image.Image:
    """The robber: a dark grey pawn, lit from the upper left."""
    img = new_canvas(size)
    W, H = img.size
    b = Box(W * 0.1, H * 0.03, W * 0.8, H * 0.94)
    right = _bezier(b.p(0.6, 0.33), b.p(0.98, 0.5), b.p(0.9, 0.87))
    left = [(2 * b.p(0.5, 0)[0] - x, y) for x, y in right]
    silhouette = Image.new("L", img.size, 0)
    sd = ImageDraw.Draw(silhouette)
    sd.polygon(left[::-1] + right + [b.p(0.92, 0.93), b.p(0.08, 0.93)], fill=255)
    sd.ellipse(b.ell(0.5, 0.92, 0.46, 0.065), fill=255)
    sd.ellipse(b.ell(0.5, 0.36, 0.24, 0.045), fill=255)
    sd.ellipse(b.ell(0.5, 0.19, 0.27, 0.17), fill=255)
    shadow_mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(shadow_mask).ellipse(b.ell(0.56, 0.95, 0.5, 0.05), fill=255)
    drop_shadow(img, shadow_mask, (0, 0), W * 0.03, 150)
    outline = silhouette.filter(ImageFilter.MaxFilter(max(3, round(W * 0.015) * 2 + 1)))
    fill_mask(img, Image.new("RGBA", img.size, (22, 20, 24, 255)), outline)
    fill_mask(img, horizontal_gradient(img.size, (120, 118, 128), (42, 40, 46)), silhouette)
    d = ImageDraw.Draw(img)
    rim = (30, 28, 34)
    d.arc(b.ell(0.5, 0.36, 0.24, 0.045), 0, 180, fill=rim, width=max(1, round(W * 0.012)))
    d.arc(b.ell(0.5, 0.88, 0.42, 0.05), 0, 180, fill=rim, width=max(1, round(W * 0.012)))
    d.ellipse(b.ell(0.4, 0.12, 0.07, 0.05), fill=(168, 166, 176))
    return finish(img, size)


def _outline_color(color: tuple[int, int, int]) -> tuple[int, int, int]:
    """A dark edge colour for a piece (grey for the white player)."""
    return (84, 84, 88) if sum(color) > 600 else shade(color, 0.45)


def _faces(d: ImageDraw.ImageDraw, polys: list[tuple[list[Point], float]], color: tuple[int, int, int],
           ow: float) -> None:
    """Draw outlined polygons shaded by a factor each."""
    edge = _outline_color(color)
    for pts, _ in polys:
        d.polygon(pts, fill=edge, outline=edge, width=max(1, round(ow * 2)))
    for pts, f in polys:
        d.polygon(pts, fill=shade(color, f))


def render_piece(name: str, size: Size) -> Image.Image:
    """A player's piece, named like "settlement_red", "city_blue" or "road_white"."""
    piece, color_name = name.split("_", 1)
    color = PLAYER[color_name]
    img = new_canvas(size)
    W, H = img.size
    ow = min(W, H) * 0.025
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    if piece == "road":
        b = Box(W * 0.04, H * 0.1, W * 0.9, H * 0.75)
        _faces(d, [
            (b.pts((0.0, 0.3), (0.04, 0.0), (1.0, 0.0), (0.96, 0.3)), 1.3),
            (b.pts((0.0, 0.3), (0.96, 0.3), (0.96, 1.0), (0.0, 1.0)), 1.0),
            (b.pts((0.96, 0.3), (1.0, 0.0), (1.0, 0.7), (0.96, 1.0)), 0.72),
        ], color, ow)
    elif piece == "settlement":
        b = Box(W * 0.08, H * 0.08, W * 0.84, H * 0.84)
        _faces(d, [
            (b.pts((0.0, 0.5), (0.3, 0.12), (0.6, 0.5), (0.6, 1.0), (0.0, 1.0)), 1.0),
            (b.pts((0.3, 0.12), (0.72, 0.0), (1.0, 0.38), (0.6, 0.5)), 1.28),
            (b.pts((0.6, 0.5), (1.0, 0.38), (1.0, 0.88), (0.6, 1.0)), 0.72),
        ], color, ow)
    else:
        b = Box(W * 0.05, H * 0.06, W * 0.9, H * 0.88)
        _faces(d, [
            (b.pts((0.4, 0.3), (0.56, 0.25), (0.56, 0.95), (0.4, 1.0)), 0.72),
            (b.pts((0.4, 0.58), (0.48, 0.44), (0.92, 0.44), (0.84, 0.58)), 1.28),
            (b.pts((0.4, 0.58), (0.84, 0.58), (0.84, 1.0), (0.4, 1.0)), 0.9),
            (b.pts((0.84, 0.58), (0.92, 0.44), (1.0, 0.55), (1.0, 0.95), (0.84, 1.0)), 0.72),
            (b.pts((0.0, 0.3), (0.2, 0.06), (0.4, 0.3), (0.4, 1.0), (0.0, 1.0)), 1.0),
            (b.pts((0.2, 0.06), (0.36, 0.01), (0.56, 0.25), (0.4, 0.3)), 1.28),
        ], color, ow)
        # Windows make the city read as a town rather than a block.
        win = _outline_color(color)
        d.rectangle(b.r(0.15, 0.42, 0.25, 0.56), fill=win)
        for u in (0.52, 0.7):
            d.rectangle(b.r(u - 0.045, 0.7, u + 0.045, 0.82), fill=win)
    drop_shadow(img, layer.getchannel("A"), (W * 0.03, H * 0.04), min(W, H) * 0.03, 110)
    img.alpha_composite(layer)
    return finish(img, size)


def piece_names() -> tuple[str, ...]:
    """Every piece art name: each piece in each player colour."""
    return tuple(f"{p}_{c}" for p in PIECES for c in PLAYER)
