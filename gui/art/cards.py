"""Card faces (resource, development, special) and card backs, with translated text."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from gui.art.canvas import (
    Box, Size, apply_mask, drop_shadow, ellipse_box, fill_mask, finish, mix, new_canvas, overlay, polygon_mask,
    radial_gradient, rounded_mask, shade, vertical_gradient,
)
from gui.art.context import RenderContext
from gui.art.emblems import EMBLEMS
from gui.art.icons import paint_icon
from gui.art.palette import DEV_FRAME, GOLD, INK, PARCHMENT, RESOURCE_FRAME, SPECIAL_FRAME, TERRAIN_OF
from gui.art.text import FontBook, draw_centered, draw_lines
from gui.art.tiles import terrain_scene

DEV_CARDS = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
SPECIAL_CARDS = ("longest_road", "largest_army")
CARD_BACKS = ("resource", "development")
PROGRESS = ("road_building", "year_of_plenty", "monopoly")
LIGHT_TEXT = (252, 244, 222)
MIN_TEXT_PX = 7  # below this (at the final size) card descriptions are left out


def _frame(size: Size, color: tuple[int, int, int]) -> tuple[Image.Image, Box, Image.Image]:
    """A rounded card in its frame colour; returns the canvas, the inner panel box and the card mask."""
    img = new_canvas(size)
    W, H = img.size
    radius = W * 0.075
    mask = rounded_mask(img.size, [0, 0, W - 1, H - 1], radius)
    fill_mask(img, vertical_gradient(img.size, shade(color, 1.12), shade(color, 0.78)), mask)
    d = ImageDraw.Draw(img)
    edge = W * 0.028
    d.rounded_rectangle([edge, edge, W - 1 - edge, H - 1 - edge], radius=radius * 0.7,
                        outline=mix(color, LIGHT_TEXT, 0.55), width=max(1, round(W * 0.008)))
    m = W * 0.06
    return img, Box(m, m, W - 2 * m, H - 2 * m), mask


def _panel(img: Image.Image, p: Box, fill: Image.Image) -> None:
    """Fill the inner panel with fill (sized to the panel) and give it an inset shadow."""
    W = img.size[0]
    radius = W * 0.045
    box = [p.x0, p.y0, p.x0 + p.w, p.y0 + p.h]
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    layer.paste(fill, (round(p.x0), round(p.y0)))
    img.alpha_composite(apply_mask(layer, rounded_mask(img.size, box, radius)))

    def inset(d: ImageDraw.ImageDraw) -> None:
        d.rounded_rectangle(box, radius=radius, outline=(0, 0, 0, 110), width=round(W * 0.02))
    overlay(img, inset, blur=W * 0.01)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=radius, outline=(0, 0, 0, 255), width=max(1, round(W * 0.004)))


def _medallion(img: Image.Image, cx: float, cy: float, r: float, face: tuple[int, int, int],
               ring: tuple[int, int, int]) -> Box:
    """A round medallion with a soft shadow; returns the square box inside it."""
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).ellipse(ellipse_box(cx, cy, r), fill=255)
    drop_shadow(img, mask, (r * 0.04, r * 0.08), r * 0.08, 120)
    fill_mask(img, radial_gradient(img.size, shade(face, 1.08), shade(face, 0.9)), mask)
    d = ImageDraw.Draw(img)
    d.ellipse(ellipse_box(cx, cy, r), outline=ring, width=max(1, round(r * 0.07)))
    d.ellipse(ellipse_box(cx, cy, r * 0.9), outline=mix(ring, face, 0.6), width=max(1, round(r * 0.02)))
    side = r * 1.45
    return Box(cx - side / 2, cy - side / 2, side, side)


def _plaque(img: Image.Image, ctx: RenderContext, box: list[float], text: str, color: tuple[int, int, int]) -> None:
    """A rounded title plaque with text fitted to its width."""
    W = img.size[0]
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(box, radius=(box[3] - box[1]) * 0.3, fill=shade(color, 0.55))
    inner = [box[0], box[1], box[2], box[3] - W * 0.008]
    d.rounded_rectangle(inner, radius=(box[3] - box[1]) * 0.3, fill=color,
                        outline=mix(color, LIGHT_TEXT, 0.5), width=max(1, round(W * 0.006)))
    height, width = box[3] - box[1], (box[2] - box[0]) * 0.9
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    font = ctx.fonts.fit(text, "condensed-bold", width, height * 0.62)
    lines = [text]
    if " " in text and font.size < height * 0.42:
        # A long title reads better on two larger lines than on one tiny one.
        probe = ctx.fonts.get("condensed-bold", height)
        words = text.split()
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        wrapped = min(splits, key=lambda pair: max(probe.getlength(pair[0]), probe.getlength(pair[1])))
        widest = max(wrapped, key=probe.getlength)
        two = ctx.fonts.fit(widest, "condensed-bold", width, height * 0.44)
        if two.size > font.size:
            font, lines = two, list(wrapped)
    step = font.size * 1.05
    for i, line in enumerate(lines):
        y = cy + (i - (len(lines) - 1) / 2) * step
        draw_centered(d, (cx, y), line, font, LIGHT_TEXT, stroke=max(1, round(font.size * 0.05)),
                      stroke_fill=shade(color, 0.45))


def capitalize(text: str) -> str:
    """Upper-case the first letter only (keeps "obilí" -> "Obilí", "Stavba silnic" as is)."""
    return text[:1].upper() + text[1:]


def render_resource_card(name: str, size: Size, ctx: RenderContext) -> Image.Image:
    """A resource card: its landscape, a medallion with the big icon, and its name."""
    color = RESOURCE_FRAME[name]
    img, p, mask = _frame(size, color)
    W = img.size[0]
    scene = terrain_scene(TERRAIN_OF[name], (round(p.w), round(p.h)))
    scene = Image.blend(scene, Image.new("RGBA", scene.size, (*PARCHMENT, 255)), 0.25)
    _panel(img, p, scene)
    cx = p.x0 + p.w / 2
    icon_box = _medallion(img, cx, p.y0 + p.h * 0.42, p.w * 0.4, PARCHMENT, shade(color, 0.85))
    paint_icon(img, name, icon_box, shadow=0.03)
    top = p.y0 + p.h * 0.79
    _plaque(img, ctx, [p.x0 + W * 0.03, top, p.x0 + p.w - W * 0.03, top + p.h * 0.15], capitalize(
        ctx.translator.t(f"resource.{name}")), shade(color, 0.9))
    return finish(apply_mask(img, mask), size)


def _text_card(size: Size, ctx: RenderContext, color: tuple[int, int, int], emblem: str, title: str,
               subtitle: str, description: str) -> Image.Image:
    """The shared layout of development and special cards."""
    img, p, mask = _frame(size, color)
    W, H = img.size
    _panel(img, p, vertical_gradient((round(p.w), round(p.h)), shade(PARCHMENT, 1.05), shade(PARCHMENT, 0.92)))
    d = ImageDraw.Draw(img)
    cx = p.x0 + p.w / 2
    _plaque(img, ctx, [p.x0 + W * 0.03, p.y0 + W * 0.03, p.x0 + p.w - W * 0.03, p.y0 + p.h * 0.15], title, color)
    if subtitle:
        font = ctx.fonts.fit(subtitle, "condensed-bold", p.w * 0.9, W * 0.07)
        draw_centered(d, (cx, p.y0 + p.h * 0.195), subtitle, font, shade(color, 0.8))
    box = _medallion(img, cx, p.y0 + p.h * 0.45, p.w * 0.33, mix(color, (255, 255, 255), 0.82), color)
    EMBLEMS[emblem](ImageDraw.Draw(img), box)
    top, bottom = p.y0 + p.h * 0.695, p.y0 + p.h - W * 0.035
    d = ImageDraw.Draw(img)
    line_y = top - W * 0.02
    d.line([(cx - p.w * 0.3, line_y), (cx + p.w * 0.3, line_y)], fill=mix(color, PARCHMENT, 0.4),
           width=max(1, round(W * 0.006)))
    d.polygon([(cx, line_y - W * 0.018), (cx + W * 0.018, line_y), (cx, line_y + W * 0.018),
               (cx - W * 0.018, line_y)], fill=color)
    width = p.w - W * 0.08
    font, lines = ctx.fonts.fit_wrapped(description, "condensed", width, bottom - top, W * 0.075, min_px=4)
    fits = len(lines) * font.size * 1.18 <= bottom - top + 1
    if font.size / 2 >= MIN_TEXT_PX and fits:
        block = len(lines) * font.size * 1.18
        draw_lines(d, cx, top + (bottom - top - block) / 2, lines, font, INK)
    return finish(apply_mask(img, mask), size)


def render_dev_card(name: str, size: Size, ctx: RenderContext) -> Image.Image:
    """A development card face: title, emblem and a short description of its effect."""
    t = ctx.translator.t
    if name in PROGRESS:
        subtitle = t("art.progress")
    elif name == "victory_point":
        subtitle = t("victory_points.count", count=1)
    else:
        subtitle = ""
    return _text_card(size, ctx, DEV_FRAME[name], name, t(f"dev.{name}"), subtitle, t(f"dev.{name}.desc"))


def render_special_card(name: str, size: Size, ctx: RenderContext) -> Image.Image:
    """The Longest Road or Largest Army card, worth 2 victory points."""
    t = ctx.translator.t
    return _text_card(size, ctx, SPECIAL_FRAME[name], name, t(f"special.{name}"),
                      t("victory_points.count", count=2), t(f"special.{name}.desc"))


def _lattice(size: Size, base: tuple[int, int, int], line: tuple[int, int, int], cell: float) -> Image.Image:
    """A field of hexagon outlines (the card back pattern)."""
    img = Image.new("RGBA", size, (*base, 255))
    d = ImageDraw.Draw(img)
    w, h = cell, cell * 2 / math.sqrt(3)
    width = max(1, round(cell * 0.05))
    row = 0
    y = -h / 2
    while y < size[1] + h:
        x = -w + (w / 2 if row % 2 else 0)
        while x < size[0] + w:
            pts = [(x + w / 2, y), (x + w, y + h / 4), (x + w, y + 3 * h / 4), (x + w / 2, y + h), (x, y + 3 * h / 4),
                   (x, y + h / 4)]
            d.polygon(pts, outline=line, width=width)
            x += w
        y += h * 0.75
        row += 1
    return img


def render_card_back(name: str, size: Size, fonts: FontBook) -> Image.Image:
    """The back of a resource card (terrain hexagon) or development card (question mark)."""
    color = (36, 78, 104) if name == "resource" else (88, 44, 92)
    img, p, mask = _frame(size, color)
    W = img.size[0]
    pattern = _lattice((round(p.w), round(p.h)), shade(color, 0.8), shade(color, 1.0), W * 0.14)
    glow = radial_gradient(pattern.size, shade(color, 1.25), shade(color, 0.7))
    _panel(img, p, Image.blend(pattern, glow, 0.45))
    cx, cy = p.x0 + p.w / 2, p.y0 + p.h / 2
    r = p.w * 0.38
    if name == "resource":
        hexbox = Box(cx - r, cy - r * 2 / math.sqrt(3), 2 * r, 4 * r / math.sqrt(3))
        hex_mask = polygon_mask(img.size, [hexbox.p(u, v) for u, v in ((0.5, 0.0), (1.0, 0.25), (1.0, 0.75),
                                                                       (0.5, 1.0), (0.0, 0.75), (0.0, 0.25))])
        drop_shadow(img, hex_mask, (r * 0.05, r * 0.1), r * 0.08, 140)
        EMBLEMS["island"](ImageDraw.Draw(img), hexbox)
    else:
        _medallion(img, cx, cy, r, shade(color, 0.75), GOLD)
        font = fonts.get("bold", r * 1.3)
        d = ImageDraw.Draw(img)
        draw_centered(d, (cx, cy), "?", font, GOLD, stroke=max(1, round(r * 0.04)), stroke_fill=shade(GOLD, 0.45))
    return finish(apply_mask(img, mask), size)
