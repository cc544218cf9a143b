"""Card faces of the quick card game in the Rivals cards' manner (framed pictures from the Rivals motifs, text
of at least MIN_TEXT_PX): roads and knights (A/B), settlements, cities, developments, and the fate card."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from gui.art.canvas import SCALE, Box, Size, apply_mask, ellipse_box, finish, mix, shade, vertical_gradient
from gui.art.cards import _frame, _panel, _plaque
from gui.art.context import RenderContext
from gui.art.palette import GOLD, INK, PARCHMENT
from gui.art.rivals_motifs import MOTIFS, paint_backdrop, paint_picture
from gui.art.text import draw_centered, draw_lines, shortened, wrap

DEVELOPMENT_KINDS = ("library", "merchant_guild", "church", "citadel", "town_hall", "university")
CITY_EVENTS = ("robber_raid", "market_day")
QUICK_CARDS: tuple[str, ...] = (
    ("road.A", "road.B", "knight.A", "knight.B", "settlement")
    + tuple(f"city.{e}" for e in CITY_EVENTS)
    + tuple(f"development.{k}" for k in DEVELOPMENT_KINDS)
)
FRAME = {
    "road": (120, 84, 48), "knight": (70, 84, 112), "settlement": (58, 112, 60), "city": (150, 58, 44),
    "development": (104, 60, 122),
}
DEV_VP = {"town_hall": 4}
FATE_SIDES = ("white", "black")
KIND_MOTIF = {"road": "road", "knight": "harald", "settlement": "settlement", "city": "city"}
DEV_MOTIF = {"library": "library", "merchant_guild": "merchant_guild", "church": "abbey", "citadel": "lookout_tower",
             "town_hall": "town_hall", "university": "university"}
MIN_TEXT_PX = 11  # the least text size on a face, in screen pixels (smaller faces leave the text to the zoom)
LEADING = 1.16


def card_vp(name: str) -> int:
    """The victory points printed on a face (0 for the A sides)."""
    kind, _, sub = name.partition(".")
    if kind in ("road", "knight"):
        return 1 if sub == "B" else 0
    if kind == "settlement":
        return 1
    if kind == "city":
        return 2
    return DEV_VP.get(sub, 3)


def title_key(name: str) -> str:
    """The translation key of the face's title."""
    kind, _, sub = name.partition(".")
    return f"cards.card.{sub}" if kind == "development" else f"cards.card.{kind}"


def desc_key(name: str) -> str:
    """The translation key of the face's text."""
    return f"cards.card.{name}.desc"


def motif_of(name: str) -> str:
    """The Rivals picture a quick-card face borrows (the same village, city, road, knight and buildings)."""
    kind, _, sub = name.partition(".")
    if kind == "development":
        return DEV_MOTIF[sub]
    return KIND_MOTIF[kind]


def _vp_badge(img: Image.Image, ctx: RenderContext, cx: float, cy: float, r: float, vp: int) -> None:
    """A gold coin with the victory points."""
    d = ImageDraw.Draw(img)
    d.ellipse(ellipse_box(cx, cy + r * 0.12, r), fill=(60, 40, 10))
    d.ellipse(ellipse_box(cx, cy, r), fill=GOLD, outline=shade(GOLD, 0.5), width=max(1, round(r * 0.1)))
    font = ctx.fonts.get("bold", r * 1.25)
    draw_centered(d, (cx, cy), str(vp), font, INK)


def text_layout(ctx: RenderContext, text: str, width: float, card_w: float) -> tuple[Any, list[str]]:
    """The font of a face's text (its usual share of the card's width, never under MIN_TEXT_PX on screen) and the
    text wrapped to width; both in canvas pixels."""
    font = ctx.fonts.get("condensed", max(card_w * 0.085, MIN_TEXT_PX * SCALE))
    return font, wrap(text, font, width)


def event_name_lines(ctx: RenderContext, name: str, max_w: float, max_px: float, min_px: float) -> tuple[Any, list[str]]:
    """The font and lines of a city card's event name: one line at the largest size that fits, else two lines."""
    font = ctx.fonts.fit(name, "condensed-bold", max_w, max_px, min_px=min_px)
    if font.getlength(name) <= max_w:
        return font, [name]
    return ctx.fonts.fit_wrapped(name, "condensed-bold", max_w, max_px * 2.3, max_px, min_px=min_px, leading=1.1)


def _draw_event_name(d: ImageDraw.ImageDraw, ctx: RenderContext, name: str, cx: float, top: float, max_w: float,
                     max_px: float, min_px: float, fill: tuple[int, int, int]) -> float:
    """A city card's event name under its title: one line where it fits, else two (a small card never cuts it to
    "Přepade…"); returns the y below it."""
    font, lines = event_name_lines(ctx, name, max_w, max_px, min_px)
    for i, line in enumerate(lines):
        draw_centered(d, (cx, top + font.size * (0.55 + 1.1 * i)), shortened(line, font, max_w), font, fill)
    return top + font.size * (1.1 * len(lines) + 0.1)


def render_quick_card(name: str, size: Size, ctx: RenderContext) -> Image.Image:
    """One face like a Rivals card: title plaque and VP coin in the top strip (visible when overlapped), a framed
    picture, and the text in a box under it when it can be printed at MIN_TEXT_PX or more (else the picture takes
    its room and the hover zoom shows the text)."""
    t = ctx.translator.t
    kind, _, sub = name.partition(".")
    color = FRAME[kind]
    img, p, mask = _frame(size, color)
    W, H = img.size
    _panel(img, p, vertical_gradient((round(p.w), round(p.h)), shade(PARCHMENT, 1.05), shade(PARCHMENT, 0.9)))
    vp = card_vp(name)
    strip = p.h * 0.17
    coin_r = strip * 0.42
    right = p.x0 + p.w - W * 0.025 - (2 * coin_r + W * 0.02 if vp else 0)
    title = t(title_key(name))
    if kind in ("road", "knight"):
        title = f"{title} {sub}"
    _plaque(img, ctx, [p.x0 + W * 0.025, p.y0 + W * 0.025, right, p.y0 + strip], title, color)
    if vp:
        _vp_badge(img, ctx, p.x0 + p.w - W * 0.025 - coin_r, p.y0 + W * 0.025 + (strip - W * 0.025) / 2, coin_r, vp)
    d = ImageDraw.Draw(img)
    cx = p.x0 + p.w / 2
    least = MIN_TEXT_PX * SCALE
    top = p.y0 + strip + W * 0.025
    if kind == "city":
        top = _draw_event_name(d, ctx, t(f"cards.event.{sub}"), cx, top, p.w * 0.92, max(W * 0.085, least),
                               least * 0.8, shade(color, 0.75))
    bottom = p.y0 + p.h - W * 0.03
    inner_w = p.w - W * 0.1
    font, lines = text_layout(ctx, t(desc_key(name)), inner_w, W)
    block = len(lines) * font.size * LEADING
    pad = W * 0.025
    text_top = bottom - block - 2 * pad
    with_text = all(font.getlength(x) <= inner_w for x in lines) and text_top - top >= (bottom - top) * 0.34
    pic_bottom = text_top - W * 0.025 if with_text else bottom
    pic = Box(p.x0 + W * 0.03, top, p.w - W * 0.06, pic_bottom - top)
    paint_picture(img, pic, motif_of(name), ctx.memo)
    d = ImageDraw.Draw(img)
    d.rectangle([pic.x0, pic.y0, pic.x0 + pic.w, pic.y0 + pic.h], outline=shade(color, 0.6),
                width=max(1, round(W * 0.01)))
    if with_text:
        box = [p.x0 + W * 0.03, text_top, p.x0 + p.w - W * 0.03, bottom]
        d.rounded_rectangle(box, radius=W * 0.035, fill=mix(color, (255, 255, 255), 0.8), outline=shade(color, 0.7),
                            width=max(1, round(W * 0.008)))
        draw_lines(d, cx, text_top + pad, lines, font, INK, LEADING)
    return finish(apply_mask(img, mask), size)


def render_fate_card(side: str, size: Size, ctx: RenderContext) -> Image.Image:
    """The fate card: on a dawn (white side) or night (black side) sky, a village in the middle and a broad arrow
    turning around it, clockwise on the white side and counter-clockwise on the black one; its name on a plaque and
    the direction in words under the picture when that can be printed at MIN_TEXT_PX or more."""
    t = ctx.translator.t
    white = side == "white"
    color = (206, 200, 186) if white else (44, 44, 52)
    img, p, mask = _frame(size, color)
    W, H = img.size
    _panel(img, p, vertical_gradient((round(p.w), round(p.h)), shade(PARCHMENT, 1.05), shade(PARCHMENT, 0.9)))
    strip = p.h * 0.17
    _plaque(img, ctx, [p.x0 + W * 0.025, p.y0 + W * 0.025, p.x0 + p.w - W * 0.025, p.y0 + strip], t("cards.fate"),
            (120, 110, 96) if white else (60, 60, 74))
    top = p.y0 + strip + W * 0.025
    bottom = p.y0 + p.h - W * 0.03
    least = MIN_TEXT_PX * SCALE
    font = ctx.fonts.get("condensed-bold", max(W * 0.085, least))
    words = wrap(t(f"cards.log.fate.{side}"), font, p.w - W * 0.1)
    block = len(words) * font.size * LEADING + W * 0.05
    with_text = bottom - block - top >= (bottom - top) * 0.5
    pic = Box(p.x0 + W * 0.03, top, p.w - W * 0.06, (bottom - block - W * 0.02 if with_text else bottom) - top)
    layer = Image.new("RGBA", (max(1, round(pic.w)), max(1, round(pic.h))), (0, 0, 0, 0))
    paint_backdrop(layer, Box(0, 0, layer.width, layer.height), "dawn" if white else "night")
    local = Box(0, 0, layer.width, layer.height)
    side_len = min(local.w, local.h)
    village = Box((local.w - side_len * 0.5) / 2, local.h * 0.42 - side_len * 0.1, side_len * 0.5, side_len * 0.5)
    MOTIFS["settlement"][1](ImageDraw.Draw(layer), village)
    _turning_arrow(layer, local, clockwise=white, fill=(246, 242, 232) if white else (28, 28, 34))
    img.alpha_composite(layer, (round(pic.x0), round(pic.y0)))
    d = ImageDraw.Draw(img)
    d.rectangle([pic.x0, pic.y0, pic.x0 + pic.w, pic.y0 + pic.h], outline=shade(color, 0.6),
                width=max(1, round(W * 0.01)))
    if with_text:
        draw_lines(d, p.x0 + p.w / 2, bottom - block + W * 0.03, words, font, INK, LEADING)
    return finish(apply_mask(img, mask), size)


def _turning_arrow(layer: Image.Image, box: Box, clockwise: bool, fill: tuple[int, int, int]) -> None:
    """A broad arrow (a ribbon with a gold edge and a head) sweeping three quarters round the middle of box."""
    d = ImageDraw.Draw(layer)
    cx, cy = box.x0 + box.w / 2, box.y0 + box.h * 0.52
    r = min(box.w, box.h) * 0.36
    width = r * 0.26
    start, end = math.radians(-200), math.radians(60)
    steps = 40
    outer, inner = [], []
    for i in range(steps + 1):
        a = start + (end - start) * i / steps
        if not clockwise:
            a = math.pi - a
        outer.append((cx + (r + width / 2) * math.cos(a), cy + (r + width / 2) * math.sin(a)))
        inner.append((cx + (r - width / 2) * math.cos(a), cy + (r - width / 2) * math.sin(a)))
    a = end if clockwise else math.pi - end
    turn = 1 if clockwise else -1
    tangent = (-math.sin(a) * turn, math.cos(a) * turn)
    base = (cx + r * math.cos(a), cy + r * math.sin(a))
    normal = (math.cos(a), math.sin(a))
    head = [(base[0] + normal[0] * width * 1.1, base[1] + normal[1] * width * 1.1),
            (base[0] + tangent[0] * width * 1.6, base[1] + tangent[1] * width * 1.6),
            (base[0] - normal[0] * width * 1.1, base[1] - normal[1] * width * 1.1)]
    ribbon = outer + inner[::-1]
    edge = max(1, round(width * 0.16))
    d.polygon(ribbon, fill=fill, outline=GOLD, width=edge)
    d.polygon(head, fill=fill, outline=GOLD, width=edge)
