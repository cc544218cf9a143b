"""Square Rivals region faces: terrain, die number, name, and 0-3 stock marks on the four edges.

Edge k (0 bottom, 1 left, 2 top, 3 right) carries k resource marks, drawn so that rotating the face by
90*k degrees counter-clockwise (pygame.transform.rotate(face, 90 * k)) brings them upright to the bottom.
"""

from __future__ import annotations

import math
import random

from PIL import Image, ImageDraw

from game.rivals.catalogue import catalogue
from gui.art.canvas import (
    Box, Size, ellipse_box, mix, mottled, new_canvas, rounded_mask, seed_for, shade,
)
from gui.art.context import RenderContext
from gui.art.icons import OUTLINE
from gui.art.palette import INK, PARCHMENT
from gui.art.rivals_icons import RIVALS_RESOURCES, resource_token
from gui.art.rivals_props import cut_corners, downsample, prop_chest, rounded
from gui.art.rivals_text import card_name
from gui.art.text import draw_centered
from gui.art.tiles import terrain_scene

GOLD_CACHE = "gold_cache.0"  # the Gold Cache stores gold like a region; number 0 means no die number
BAND = 0.25  # depth of an edge band, in face widths
FRAME = (54, 40, 30)


def region_names() -> tuple[str, ...]:
    """"<region id>.<die number>" of every region card in the catalogue, then the Gold Cache."""
    names = [f"{i.card.id}.{i.number}" for i in catalogue().instances if i.card.type == "region"]
    return tuple(dict.fromkeys(names)) + (GOLD_CACHE,)


def split_region(name: str) -> tuple[str, int]:
    """("forest", 4) from "forest.4"."""
    region, _, number = name.partition(".")
    return region, int(number)


def _gold_river(size: Size, seed: int) -> Image.Image:
    """A green valley with a river whose bed glitters with gold."""
    rng = random.Random(seed)
    W, H = size
    img = mottled(size, (120, 150, 80), (150, 170, 96), rng, cells=6, fine=(100, 130, 70))
    d = ImageDraw.Draw(img)
    phase = rng.uniform(0, 6.3)
    path = [(W * (0.5 + 0.22 * math.sin(t * 5.0 + phase) - 0.15 + 0.3 * t), H * (-0.05 + 1.1 * t))
            for t in (k / 30 for k in range(31))]
    d.line(path, fill=(126, 110, 70), width=round(W * 0.3), joint="curve")
    d.line(path, fill=(60, 118, 176), width=round(W * 0.22), joint="curve")
    d.line([(x - W * 0.03, y) for x, y in path], fill=(110, 164, 214), width=round(W * 0.05), joint="curve")
    for x, y in path[1::2]:
        for _ in range(2):
            gx, gy = x + rng.uniform(-1, 1) * W * 0.08, y + rng.uniform(-1, 1) * H * 0.02
            r = W * rng.uniform(0.008, 0.016)
            d.ellipse(ellipse_box(gx, gy, r), fill=(246, 206, 60), outline=(150, 110, 20))
    for _ in range(7):
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        r = W * rng.uniform(0.02, 0.04)
        d.ellipse(ellipse_box(x, y, r, r * 0.7), fill=(140, 136, 126), outline=(90, 86, 80))
    return img


def _cache_scene(size: Size) -> Image.Image:
    """A rocky hideout with a chest of gold (the Gold Cache)."""
    W, H = size
    img = mottled(size, (110, 100, 90), (140, 128, 112), random.Random(seed_for("gold_cache")), cells=5)
    d = ImageDraw.Draw(img)
    d.chord([W * 0.18, H * 0.3, W * 0.82, H * 1.1], 180, 360, fill=(44, 36, 30))
    prop_chest(d, Box(W * 0.3, H * 0.36, W * 0.4, H * 0.34))
    return img


def _scene(region: str, size: Size) -> Image.Image:
    if region == "gold_field":
        return _gold_river(size, seed_for("rivals-region", region))
    if region == "gold_cache":
        return _cache_scene(size)
    return terrain_scene(region, size)  # forest, hills, pasture, fields and mountains share the board's painters


def _band(width: int, depth: int, resource: str, count: int) -> Image.Image:
    """The bottom edge band: a parchment strip holding count marks, upright (empty for 0)."""
    band = Image.new("RGBA", (width, depth), (0, 0, 0, 0))
    if not count:
        return band  # the empty edge carries no mark, as on the printed card
    d = ImageDraw.Draw(band)
    span = 0.1 + 0.215 * count
    rounded(d, [width * (0.5 - span / 2), depth * 0.06, width * (0.5 + span / 2), depth * 0.96],
                        radius=depth * 0.3, fill=(*PARCHMENT, 200), outline=(*OUTLINE, 160),
                        width=max(1, round(depth * 0.03)))
    s = depth * 0.84
    for i in range(count):
        cx = width * (0.5 + (i - (count - 1) / 2) * 0.215)
        resource_token(d, resource, Box(cx - s / 2, depth * 0.51 - s / 2, s, s))
    return band


def _medallion(img: Image.Image, ctx: RenderContext, cx: float, cy: float, r: float, number: int,
               resource: str) -> None:
    """The die number in a cream medallion with a ring in the resource's colour."""
    ring = {"brick": (176, 80, 46), "grain": (206, 156, 40), "lumber": (46, 98, 50), "wool": (112, 168, 70),
            "ore": (100, 108, 122), "gold": (214, 168, 40)}[resource]
    d = ImageDraw.Draw(img)
    d.ellipse(ellipse_box(cx, cy + r * 0.08, r * 1.04), fill=(0, 0, 0, 90))
    d.ellipse(ellipse_box(cx, cy, r), fill=ring, outline=OUTLINE, width=max(1, round(r * 0.06)))
    d.ellipse(ellipse_box(cx, cy, r * 0.8), fill=(250, 242, 220))
    draw_centered(d, (cx, cy), str(number), ctx.fonts.get("bold", r * 1.05), INK)


def _name_plaque(img: Image.Image, ctx: RenderContext, cx: float, cy: float, w: float, h: float, text: str) -> None:
    d = ImageDraw.Draw(img)
    font = ctx.fonts.fit(text, "condensed-bold", w * 0.92, h * 0.72)
    tw = min(w, font.getlength(text) + h * 0.8)
    rounded(d, [cx - tw / 2, cy - h / 2, cx + tw / 2, cy + h / 2], radius=h * 0.3,
                        fill=mix(PARCHMENT, (255, 255, 255), 0.3), outline=OUTLINE, width=max(1, round(h * 0.06)))
    draw_centered(d, (cx, cy), text, font, INK)


def render_rivals_region(name: str, size: Size, ctx: RenderContext) -> Image.Image:
    """A region (or the Gold Cache) face with its stock marks: 0 bottom, 1 left, 2 top, 3 right."""
    region, number = split_region(name)
    card = catalogue().cards[region]
    resource = "gold" if region == "gold_cache" else RIVALS_RESOURCES[card.resource]
    img = new_canvas(size)
    W, H = img.size
    m = W * 0.035
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, H], fill=FRAME)
    inner = (round(W - 2 * m), round(H - 2 * m))
    # The four cards of a region type share one landscape; it is painted once per build and size.
    scene = ctx.memo.get(("rivals-region-scene", region, inner), lambda: _scene(region, inner))
    img.paste(scene, (round(m), round(m)))
    d = ImageDraw.Draw(img)
    rounded(d, [m, m, W - m, H - m], radius=W * 0.03, outline=shade(FRAME, 0.5), width=max(1, round(W * 0.01)))
    side = min(W, H)
    depth = round(side * BAND)
    for k in range(4):
        band = _band(round(W if k % 2 == 0 else H), depth, resource, k)
        # Edge k's band is drawn upright at the bottom, then turned clockwise by 90*k degrees into place.
        turned = band.rotate(-90 * k, expand=True)
        x = {0: 0, 1: 0, 2: 0, 3: W - depth}[k]
        y = {0: H - depth, 1: 0, 2: 0, 3: 0}[k]
        img.alpha_composite(turned, (round(x), round(y)))
    cx, cy = W / 2, H / 2
    if number:
        _medallion(img, ctx, cx, cy - H * 0.05, side * 0.12, number, resource)
        _name_plaque(img, ctx, cx, cy + H * 0.13, W * 0.56, side * 0.1, card_name(card, ctx.lang))
    else:
        _name_plaque(img, ctx, cx, cy + H * 0.12, W * 0.56, side * 0.1, card_name(card, ctx.lang))
    mask = rounded_mask(img.size, [0, 0, W - 1, H - 1], W * 0.06)
    cut_corners(img, mask)
    return downsample(img, size)
