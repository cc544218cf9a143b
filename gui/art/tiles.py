"""Terrain hex tiles and sea textures, drawn procedurally from a per-tile seed."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from types import MappingProxyType

from PIL import Image, ImageDraw, ImageFilter

from gui.art.canvas import (
    SCALE, Box, Point, Size, alpha, apply_mask, ellipse_box, finish, hex_points, inside_polygon, mix,
    mottled, overlay, polygon_mask, seed_for, shade,
)
from gui.art.icons import ICON_PAINTERS
from gui.art.palette import TERRAIN

Painter = Callable[[Image.Image, random.Random, list[Point]], None]


def scatter(rng: random.Random, poly: list[Point], spacing: float, jitter: float = 0.45) -> list[Point]:
    """Jittered-grid points inside poly, about spacing apart, sorted back to front."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    pts = []
    row = 0
    y = min(ys) + spacing * 0.5
    while y < max(ys):
        x = min(xs) + spacing * (0.25 + 0.5 * (row % 2))
        while x < max(xs):
            px = x + rng.uniform(-jitter, jitter) * spacing
            py = y + rng.uniform(-jitter, jitter) * spacing * 0.8
            if inside_polygon(px, py, poly):
                pts.append((px, py))
            x += spacing
        y += spacing * 0.8
        row += 1
    return sorted(pts, key=lambda p: p[1])


def icon_sprite(name: str, px: int, flip: bool = False) -> Image.Image:
    """A resource icon rendered on its own px x px transparent image."""
    img = Image.new("RGBA", (max(1, px), max(1, px)), (0, 0, 0, 0))
    ICON_PAINTERS[name](ImageDraw.Draw(img), Box(0, 0, px, px))
    return img.transpose(Image.Transpose.FLIP_LEFT_RIGHT) if flip else img


def _ground_shadows(img: Image.Image, spots: list[tuple[float, float, float, float]], strength: int) -> None:
    """Soft elliptical shadows (cx, cy, rx, ry) under objects standing on the ground."""
    def paint(d: ImageDraw.ImageDraw) -> None:
        for cx, cy, rx, ry in spots:
            d.ellipse(ellipse_box(cx, cy, rx, ry), fill=(10, 20, 10, strength))
    overlay(img, paint, blur=img.size[0] * 0.006)


def _tufts(d: ImageDraw.ImageDraw, rng: random.Random, pts: list[Point], size: float,
           colors: list[tuple[int, int, int]]) -> None:
    """Little grass tufts: three blades fanning up from each point."""
    width = max(1, round(size * 0.18))
    for x, y in pts:
        c = rng.choice(colors)
        for k in (-1, 0, 1):
            h = size * rng.uniform(0.7, 1.1) * (1.0 if k == 0 else 0.8)
            d.line([(x + k * size * 0.12, y), (x + k * size * 0.45, y - h)], fill=c, width=width)


def paint_forest(img: Image.Image, rng: random.Random, poly: list[Point]) -> None:
    """Dense conifers with shadows on a dark mossy floor."""
    W = img.size[0]
    d = ImageDraw.Draw(img)
    base, light, dark = TERRAIN["forest"]
    trees = scatter(rng, poly, W * 0.085, 0.5)
    sizes = [W * rng.uniform(0.11, 0.16) for _ in trees]
    _ground_shadows(img, [(x + s * 0.12, y, s * 0.3, s * 0.1) for (x, y), s in zip(trees, sizes)], 120)
    outline = shade(dark, 0.6)
    ow = max(1, round(W * 0.003))
    for (x, y), h in zip(trees, sizes):
        green = mix(base, rng.choice([light, dark, base, (70, 118, 58)]), rng.uniform(0.2, 0.7))
        hw = h * 0.32
        trunk = h * 0.14
        d.rectangle([x - h * 0.04, y - trunk, x + h * 0.04, y], fill=(92, 60, 36))
        for k in range(3):
            bottom = y - trunk * 0.6 - k * h * 0.25
            top = bottom - h * (0.46 - k * 0.06)
            half = hw * (1 - k * 0.27)
            tier = [(x, top), (x + half, bottom), (x - half, bottom)]
            d.polygon(tier, fill=outline, outline=outline, width=ow * 2)
            d.polygon([(x, top), (x, bottom), (x - half, bottom)], fill=shade(green, 1.22))
            d.polygon([(x, top), (x + half, bottom), (x, bottom)], fill=shade(green, 0.8))


def paint_pasture(img: Image.Image, rng: random.Random, poly: list[Point]) -> None:
    """Rolling meadow with grass tufts, flowers and grazing sheep."""
    W = img.size[0]
    d = ImageDraw.Draw(img)
    base, light, dark = TERRAIN["pasture"]
    _tufts(d, rng, scatter(rng, poly, W * 0.06, 0.5), W * 0.022, [dark, shade(dark, 0.85), light])
    for x, y in scatter(rng, poly, W * 0.09, 0.5):
        c = rng.choice([(250, 248, 236), (252, 226, 96), (240, 240, 250)])
        d.ellipse(ellipse_box(x, y, W * 0.006), fill=c)
    spots = scatter(rng, hex_points(*img.size, inset=W * 0.16), W * 0.2, 0.35)
    rng.shuffle(spots)
    sheep = sorted(spots[:5], key=lambda p: p[1])
    px = round(W * 0.17)
    _ground_shadows(img, [(x + px * 0.05, y + px * 0.36, px * 0.32, px * 0.08) for x, y in sheep], 110)
    for x, y in sheep:
        sprite = icon_sprite("wool", px, flip=rng.random() < 0.5)
        img.alpha_composite(sprite, (round(x - px / 2), round(y - px / 2)))


def _wheat_rows(size: Size, rng: random.Random, slope: float, tone: float) -> Image.Image:
    """A field of sloped crop rows with wheat stalks."""
    W, H = size
    base, light, dark = TERRAIN["fields"]
    img = mottled(size, mix(base, light, tone), light, rng, cells=6)
    d = ImageDraw.Draw(img)
    row_h = H * 0.075
    span = abs(slope) * W
    y = -span - row_h
    i = 0
    while y < H + span:
        c = shade(base, 0.9) if i % 2 else mix(base, light, 0.5)
        d.polygon([(0, y), (W, y + slope * W), (W, y + slope * W + row_h), (0, y + row_h)], fill=c)
        d.line([(0, y + row_h), (W, y + slope * W + row_h)], fill=shade(dark, 0.95), width=max(1, round(W * 0.004)))
        step = W * 0.022
        x = rng.uniform(0, step)
        while x < W:
            by = y + slope * x + row_h * 0.9
            h = row_h * rng.uniform(0.75, 1.05)
            lean = rng.uniform(-0.15, 0.15) * h
            d.line([(x, by), (x + lean, by - h)], fill=shade(dark, 1.05), width=max(1, round(W * 0.004)))
            d.ellipse(ellipse_box(x + lean, by - h, W * 0.006, W * 0.011),
                      fill=rng.choice([light, (248, 222, 140), shade(base, 1.1)]))
            x += step * rng.uniform(0.7, 1.2)
        y += row_h
        i += 1
    return img


def paint_fields(img: Image.Image, rng: random.Random, poly: list[Point]) -> None:
    """Two golden wheat fields with rows at different angles, split by a winding track."""
    W, H = img.size
    img.paste(_wheat_rows(img.size, rng, 0.16, 0.0))
    other = _wheat_rows(img.size, rng, -0.28, 0.45)
    a, wiggle, phase = rng.uniform(0.58, 0.68), rng.uniform(0.04, 0.07), rng.uniform(0, 6.3)
    path = [(W * (a - 0.3 * t + wiggle * math.sin(t * 5 + phase)), H * (-0.05 + 1.1 * t))
            for t in (k / 24 for k in range(25))]
    img.paste(other, (0, 0), polygon_mask(img.size, path + [(W * 1.1, H * 1.05), (W * 1.1, -H * 0.05)]))
    d = ImageDraw.Draw(img)
    d.line(path, fill=(150, 112, 62), width=round(W * 0.05), joint="curve")
    d.line(path, fill=(200, 164, 106), width=round(W * 0.036), joint="curve")
    for x, y in path[1::2]:
        d.ellipse(ellipse_box(x + rng.uniform(-1, 1) * W * 0.006, y, W * 0.004), fill=(168, 130, 84))


def _ridge(W: float, y: float, amp: float, rng: random.Random) -> list[Point]:
    """A smooth bumpy skyline across the canvas at height y."""
    f1, f2 = rng.uniform(1.0, 1.8), rng.uniform(2.4, 3.6)
    p1, p2 = rng.uniform(0, 6.3), rng.uniform(0, 6.3)
    pts = []
    for k in range(33):
        x = W * (k / 32 * 1.1 - 0.05)
        t = x / W * 2 * math.pi
        pts.append((x, y - amp * (0.65 * math.sin(f1 * t + p1) + 0.35 * math.sin(f2 * t + p2))))
    return pts


def paint_hills(img: Image.Image, rng: random.Random, poly: list[Point]) -> None:
    """Rolling terracotta ridges with clay pits and stacks of fresh bricks."""
    W, H = img.size
    base, light, dark = TERRAIN["hills"]
    tones = [mix(base, light, 0.55), mix(base, dark, 0.1), mix(base, light, 0.25), mix(base, dark, 0.25),
             mix(base, light, 0.1), mix(base, dark, 0.35)]
    ridges = []
    for i, tone in enumerate(tones):
        top = _ridge(W, H * (0.12 + i * 0.165), H * rng.uniform(0.035, 0.055), rng)
        ridges.append((top, tone))
    d = ImageDraw.Draw(img)
    for top, tone in ridges:
        overlay(img, lambda od, top=top: od.line(top, fill=(60, 20, 10, 90), width=round(H * 0.03)), blur=H * 0.012)
        d.polygon(top + [(W * 1.1, H * 1.1), (-W * 0.1, H * 1.1)], fill=tone)
        d.line(top, fill=shade(tone, 1.18), width=max(1, round(H * 0.008)))
        # Rows of tiny shadows suggest furrows dug into the clay.
        for x, y in top[2:-2:3]:
            if rng.random() < 0.5:
                d.line([(x, y + H * 0.03), (x + W * 0.04, y + H * 0.035)], fill=shade(tone, 0.88),
                       width=max(1, round(H * 0.005)))
    _tufts(d, rng, scatter(rng, poly, W * 0.13, 0.5), W * 0.018, [(122, 120, 58), (146, 134, 70)])
    inner = hex_points(W, H, inset=W * 0.15)
    spots = scatter(rng, inner, W * 0.24, 0.35)
    rng.shuffle(spots)
    for x, y in spots[:2]:
        rx, ry = W * 0.085, H * 0.035
        d.ellipse(ellipse_box(x, y, rx * 1.18, ry * 1.35), fill=shade(light, 1.08))
        d.ellipse(ellipse_box(x, y + ry * 0.1, rx, ry), fill=(104, 50, 32))
        d.ellipse(ellipse_box(x + rx * 0.12, y + ry * 0.3, rx * 0.62, ry * 0.42), fill=(136, 70, 46))
    stacks = spots[2:4] if len(spots) >= 4 else [(W * 0.35, H * 0.62), (W * 0.66, H * 0.45)]
    px = round(W * 0.21)
    _ground_shadows(img, [(x + px * 0.05, y + px * 0.3, px * 0.42, px * 0.08) for x, y in stacks], 110)
    for x, y in sorted(stacks, key=lambda p: p[1]):
        img.alpha_composite(icon_sprite("brick", px), (round(x - px / 2), round(y - px / 2)))


def paint_mountains(img: Image.Image, rng: random.Random, poly: list[Point]) -> None:
    """A range of blue-grey peaks with snowcaps over scree."""
    W, H = img.size
    d = ImageDraw.Draw(img)
    base, light, dark = TERRAIN["mountains"]
    for x, y in scatter(rng, poly, W * 0.07, 0.5):
        r = W * rng.uniform(0.007, 0.014)
        d.polygon([(x - r, y), (x, y - r * 0.8), (x + r * 1.1, y - r * 0.1), (x + r * 0.3, y + r * 0.6)],
                  fill=rng.choice([dark, shade(base, 0.9), light]))
    layout = ((0.27, 0.40, 0.85), (0.52, 0.34, 1.0), (0.78, 0.42, 0.8), (0.38, 0.60, 1.05),
              (0.68, 0.63, 0.95), (0.22, 0.80, 0.7), (0.52, 0.86, 0.75), (0.80, 0.82, 0.6))
    peaks = [(W * (u + rng.uniform(-0.03, 0.03)), H * (v + rng.uniform(-0.02, 0.02)), s * rng.uniform(0.9, 1.1))
             for u, v, s in layout]
    peaks.sort(key=lambda p: p[1])
    ow = max(1, round(W * 0.004))

    def along(a: Point, b: Point, t: float) -> Point:
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)

    for x, y, s in peaks:
        ph, pw = H * 0.27 * s, W * 0.19 * s
        apex = (x + pw * rng.uniform(-0.15, 0.15), y - ph)
        mid = (x + pw * rng.uniform(0.1, 0.3), y)
        left, right = (x - pw, y), (x + pw, y)
        rock = mix(base, rng.choice([light, dark, base]), rng.uniform(0.0, 0.35))
        d.polygon([apex, right, left], fill=shade(dark, 0.55), outline=shade(dark, 0.55), width=ow * 2)
        d.polygon([apex, mid, left], fill=shade(rock, 1.2))
        d.polygon([apex, right, mid], fill=shade(rock, 0.72))
        for t0 in (0.55, 0.75):
            d.line([along(apex, mid, t0), along(along(apex, left, t0 + 0.15), mid, 0.3)],
                   fill=shade(rock, 1.0), width=ow)
        t = rng.uniform(0.36, 0.44)
        notch = along(along(apex, left, t), along(apex, mid, t), 0.45)
        notch = (notch[0], notch[1] - ph * 0.09)
        snow_l = [apex, along(apex, left, t), along(along(apex, left, t), notch, 0.5), notch,
                  along(apex, mid, t * 0.8), along(apex, mid, t * 1.05)]
        snow_l[2] = (snow_l[2][0], snow_l[2][1] + ph * 0.05)
        snow_r = [apex, along(apex, mid, t * 1.05), along(along(apex, mid, t), along(apex, right, t), 0.5),
                  along(apex, right, t * 0.85)]
        snow_r[2] = (snow_r[2][0], snow_r[2][1] - ph * 0.06)
        d.polygon(snow_l, fill=(248, 250, 253))
        d.polygon(snow_r, fill=(190, 204, 224))


def paint_desert(img: Image.Image, rng: random.Random, poly: list[Point]) -> None:
    """Sand dunes with a cactus, pebbles and dry cracks."""
    W, H = img.size
    base, light, dark = TERRAIN["desert"]

    crests = scatter(rng, hex_points(W, H, inset=-W * 0.05), W * 0.24, 0.4)

    def dunes(d: ImageDraw.ImageDraw) -> None:
        for cx, cy in crests:
            length, amp = W * rng.uniform(0.35, 0.6), H * rng.uniform(0.025, 0.05)
            crest = [(cx + length * (k / 16 - 0.5), cy - amp * math.sin(math.pi * k / 16)) for k in range(17)]
            foot = [(x + length * 0.06, y + H * 0.045 * math.sin(math.pi * k / 16) ** 0.6)
                    for k, (x, y) in enumerate(crest)]
            d.polygon(crest + foot[::-1], fill=alpha(dark, 120))
            d.line(crest, fill=alpha(shade(light, 1.08), 230), width=round(W * 0.008), joint="curve")
    overlay(img, dunes, blur=W * 0.004)
    d = ImageDraw.Draw(img)
    for x, y in scatter(rng, poly, W * 0.22, 0.5):
        pts = [(x, y)]
        for _ in range(2):
            x, y = x + rng.uniform(-1, 1) * W * 0.03, y + rng.uniform(-1, 1) * H * 0.02
            pts.append((x, y))
        d.line(pts, fill=shade(dark, 0.85), width=max(1, round(W * 0.003)))
    for x, y in scatter(rng, poly, W * 0.13, 0.5):
        r = W * rng.uniform(0.006, 0.012)
        d.ellipse(ellipse_box(x, y, r, r * 0.7), fill=rng.choice([(176, 150, 112), (150, 128, 100)]))
    _cactus(img, W * rng.uniform(0.62, 0.7), H * rng.uniform(0.62, 0.7), H * 0.26)
    _cactus(img, W * rng.uniform(0.28, 0.34), H * rng.uniform(0.4, 0.46), H * 0.15)


def _cactus(img: Image.Image, x: float, y: float, h: float) -> None:
    """A saguaro cactus standing at (x, y) and h tall, with its shadow."""
    _ground_shadows(img, [(x + h * 0.18, y, h * 0.28, h * 0.06)], 90)
    d = ImageDraw.Draw(img)
    green, outline = (92, 140, 74), (44, 78, 42)
    tw = h * 0.18
    ow = max(1, round(h * 0.025))
    parts = [
        [x - tw / 2, y - h, x + tw / 2, y],
        [x - tw * 1.7, y - h * 0.72, x - tw * 0.95, y - h * 0.32],
        [x + tw * 0.95, y - h * 0.85, x + tw * 1.7, y - h * 0.45],
    ]
    elbows = [[x - tw * 1.7, y - h * 0.42, x, y - h * 0.28], [x, y - h * 0.56, x + tw * 1.7, y - h * 0.42]]
    for box in parts + elbows:
        d.rounded_rectangle([box[0] - ow, box[1] - ow, box[2] + ow, box[3] + ow], radius=tw * 0.5 + ow,
                            fill=outline)
    for box in parts + elbows:
        d.rounded_rectangle(box, radius=tw * 0.5, fill=green)
    for box in parts:
        cx = (box[0] + box[2]) / 2
        d.line([(cx - tw * 0.15, box[1] + tw * 0.4), (cx - tw * 0.15, box[3] - tw * 0.4)],
               fill=shade(green, 1.3), width=max(1, round(tw * 0.18)))


def wave(d: ImageDraw.ImageDraw, x: float, y: float, length: float, color: tuple[int, int, int],
         width: int) -> None:
    """One short wavy stroke, like a ripple on the water."""
    pts = [(x + length * k / 12, y - length * 0.12 * math.sin(math.pi * 3 * k / 12)) for k in range(13)]
    d.line(pts, fill=color, width=width, joint="curve")


def paint_sea(img: Image.Image, rng: random.Random, poly: list[Point]) -> None:
    """Open water: light ripples over deeper blue."""
    W, H = img.size
    base, light, dark = TERRAIN["sea"]
    d = ImageDraw.Draw(img)
    for x, y in scatter(rng, poly, W * 0.11, 0.5):
        col = rng.choice([light, shade(light, 1.12), mix(light, base, 0.4)])
        wave(d, x - W * 0.04, y, W * rng.uniform(0.07, 0.1), col, max(2, round(W * 0.007)))


PAINTERS: Mapping[str, Painter] = MappingProxyType({
    "forest": paint_forest,
    "pasture": paint_pasture,
    "fields": paint_fields,
    "hills": paint_hills,
    "mountains": paint_mountains,
    "desert": paint_desert,
    "sea": paint_sea,
})


def _bevel(img: Image.Image, poly: list[Point], dark: tuple[int, int, int]) -> None:
    """Soft inner vignette, light upper-left and dark lower-right edges, and a rim."""
    W, H = img.size
    bw = W * 0.03
    glow = polygon_mask(img.size, hex_points(W, H, inset=bw * 1.5)).filter(ImageFilter.GaussianBlur(bw * 1.6))
    vignette = Image.new("RGBA", img.size, (0, 0, 0, 0))
    vignette.putalpha(glow.point(lambda v: (255 - v) * 45 // 100))
    img.alpha_composite(vignette)
    inner = hex_points(W, H, inset=bw * 1.2)

    def edges(d: ImageDraw.ImageDraw) -> None:
        lit = [inner[4], inner[5], inner[0], inner[1]]
        shadowed = [inner[1], inner[2], inner[3], inner[4]]
        d.line(lit, fill=(255, 255, 240, 120), width=round(bw * 0.7), joint="curve")
        d.line(shadowed, fill=(0, 0, 0, 90), width=round(bw * 0.7), joint="curve")
    overlay(img, edges, blur=bw * 0.35)
    d = ImageDraw.Draw(img)
    d.line(poly + [poly[0]], fill=shade(dark, 0.75), width=round(bw * 2), joint="curve")
    d.line(hex_points(W, H, inset=bw) + [hex_points(W, H, inset=bw)[0]],
           fill=shade(dark, 1.25), width=max(1, round(bw * 0.25)), joint="curve")


def render_terrain(name: str, size: Size, variant: int = 0) -> Image.Image:
    """A pointy-top hex tile of the terrain name, transparent outside the hexagon."""
    W, H = size[0] * SCALE, size[1] * SCALE
    rng = random.Random(seed_for("terrain", name, variant))
    base, light, dark = TERRAIN[name]
    img = mottled((W, H), base, mix(base, rng.choice([light, dark]), 0.7), rng, cells=7,
                  fine=shade(base, 0.85))
    poly = hex_points(W, H)
    PAINTERS[name](img, rng, hex_points(W, H, inset=W * 0.05))
    _bevel(img, poly, dark)
    return finish(apply_mask(img, polygon_mask((W, H), poly)), size)


def render_sea_background(size: Size, variant: int = 0) -> Image.Image:
    """A rectangular water texture for the table and the frame around the island."""
    W, H = size[0] * SCALE, size[1] * SCALE
    rng = random.Random(seed_for("sea", "background", variant))
    base, light, dark = TERRAIN["sea"]
    img = mottled((W, H), base, mix(base, dark, 0.5), rng, cells=5, fine=shade(base, 1.08))
    rect = [(0.0, 0.0), (float(W), 0.0), (float(W), float(H)), (0.0, float(H))]
    # Ripples keep about the same size as on the hex tiles, whatever the background's size.
    spacing = min(max(Box(0, 0, W, H).s(0.1), 24 * SCALE), 56 * SCALE)
    d = ImageDraw.Draw(img)
    for x, y in scatter(rng, rect, spacing, 0.5):
        col = rng.choice([light, mix(light, base, 0.3), mix(light, base, 0.6)])
        wave(d, x, y, spacing * rng.uniform(0.6, 0.9), col, max(2, round(spacing * 0.05)))
    return finish(img, size)


def terrain_scene(name: str, size: Size, variant: int = 0) -> Image.Image:
    """The terrain's landscape painted on a plain rectangle of size (no hex, no bevel)."""
    rng = random.Random(seed_for("scene", name, variant))
    base, light, dark = TERRAIN[name]
    img = mottled(size, base, mix(base, rng.choice([light, dark]), 0.7), rng, cells=7, fine=shade(base, 0.85))
    W, H = size
    rect = [(0.0, 0.0), (float(W), 0.0), (float(W), float(H)), (0.0, float(H))]
    PAINTERS[name](img, rng, rect)
    return img
