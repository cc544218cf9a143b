"""Building-card faces of the quick card game: roads and knights (A/B), settlements, cities, developments."""

from __future__ import annotations

from PIL import Image, ImageDraw

from gui.art.canvas import Box, Size, apply_mask, ellipse_box, finish, mix, shade, vertical_gradient
from gui.art.cards import _frame, _medallion, _panel, _plaque
from gui.art.context import RenderContext
from gui.art.emblems import EMBLEMS
from gui.art.palette import GOLD, INK, PARCHMENT
from gui.art.text import draw_centered, draw_lines

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
OUTLINE = (40, 30, 22)
STONE = (232, 222, 198)
ROOF = (172, 62, 42)


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


def _house(d: ImageDraw.ImageDraw, b: Box, u: float, v: float, w: float, h: float, wall: tuple[int, int, int],
           ow: int) -> None:
    """A little house with a pitched roof; (u, v) is its bottom-left corner in unit coordinates."""
    d.rectangle(b.r(u, v - h, u + w, v), fill=wall, outline=OUTLINE, width=ow)
    d.polygon(b.pts((u - w * 0.12, v - h), (u + w / 2, v - h - w * 0.6), (u + w * 1.12, v - h)), fill=ROOF,
              outline=OUTLINE, width=ow)
    d.rectangle(b.r(u + w * 0.38, v - h * 0.55, u + w * 0.62, v), fill=shade(wall, 0.55), outline=OUTLINE, width=ow)


def _tower(d: ImageDraw.ImageDraw, b: Box, u: float, v: float, w: float, h: float, ow: int,
           cross: bool = False) -> None:
    """A tower with battlements (or a spire with a cross)."""
    d.rectangle(b.r(u, v - h, u + w, v), fill=STONE, outline=OUTLINE, width=ow)
    if cross:
        top = v - h
        d.polygon(b.pts((u - 0.02, top), (u + w / 2, top - 0.22), (u + w + 0.02, top)), fill=ROOF, outline=OUTLINE,
                  width=ow)
        cx = u + w / 2
        d.line([b.p(cx, top - 0.22), b.p(cx, top - 0.33)], fill=GOLD, width=ow * 2)
        d.line([b.p(cx - 0.04, top - 0.29), b.p(cx + 0.04, top - 0.29)], fill=GOLD, width=ow * 2)
    else:
        step = w / 5
        for i in (0, 2, 4):
            d.rectangle(b.r(u + i * step, v - h - 0.05, u + (i + 1) * step, v - h), fill=STONE, outline=OUTLINE,
                        width=ow)
    d.rectangle(b.r(u + w * 0.35, v - h * 0.7, u + w * 0.65, v - h * 0.5), fill=shade(STONE, 0.5))


def _emblem(d: ImageDraw.ImageDraw, name: str, b: Box) -> None:
    """The picture of a face inside its medallion."""
    kind, _, sub = name.partition(".")
    ow = max(1, round(b.s(0.018)))
    if kind == "road":
        EMBLEMS["longest_road"](d, b)
    elif kind == "knight":
        EMBLEMS["knight"](d, b)
    elif kind == "settlement":
        _house(d, b, 0.3, 0.74, 0.4, 0.26, STONE, ow)
    elif kind == "city":
        _house(d, b, 0.16, 0.76, 0.26, 0.2, STONE, ow)
        _tower(d, b, 0.42, 0.76, 0.18, 0.42, ow)
        _house(d, b, 0.62, 0.76, 0.24, 0.24, shade(STONE, 0.92), ow)
    elif sub == "church":
        d.rectangle(b.r(0.22, 0.5, 0.62, 0.76), fill=STONE, outline=OUTLINE, width=ow)
        d.polygon(b.pts((0.18, 0.5), (0.42, 0.34), (0.66, 0.5)), fill=ROOF, outline=OUTLINE, width=ow)
        _tower(d, b, 0.6, 0.76, 0.18, 0.4, ow, cross=True)
    elif sub == "citadel":
        d.rectangle(b.r(0.2, 0.52, 0.8, 0.78), fill=STONE, outline=OUTLINE, width=ow)
        for i in range(6):
            u = 0.2 + i * 0.1
            if i % 2 == 0:
                d.rectangle(b.r(u, 0.47, u + 0.1, 0.52), fill=STONE, outline=OUTLINE, width=ow)
        _tower(d, b, 0.14, 0.78, 0.16, 0.44, ow)
        _tower(d, b, 0.7, 0.78, 0.16, 0.44, ow)
        d.pieslice(b.r(0.42, 0.62, 0.58, 0.9), 180, 360, fill=shade(STONE, 0.45))
    elif sub == "library":
        colors = [(150, 52, 44), (52, 92, 150), (60, 120, 64), (170, 128, 40), (110, 60, 120)]
        for i, c in enumerate(colors):
            u = 0.2 + i * 0.12
            top = 0.3 + (i % 2) * 0.06
            d.rectangle(b.r(u, top, u + 0.1, 0.76), fill=c, outline=OUTLINE, width=ow)
            d.line([b.p(u + 0.02, top + 0.08), b.p(u + 0.08, top + 0.08)], fill=GOLD, width=ow)
        d.rectangle(b.r(0.14, 0.76, 0.86, 0.8), fill=(120, 84, 48), outline=OUTLINE, width=ow)
    elif sub == "merchant_guild":
        EMBLEMS["monopoly"](d, b)
    elif sub == "town_hall":
        EMBLEMS["victory_point"](d, b)
    else:  # university: a mortarboard over an open book
        d.polygon(b.pts((0.2, 0.72), (0.5, 0.64), (0.8, 0.72), (0.8, 0.8), (0.5, 0.72), (0.2, 0.8)),
                  fill=(246, 240, 224), outline=OUTLINE, width=ow)
        d.polygon(b.pts((0.16, 0.4), (0.5, 0.28), (0.84, 0.4), (0.5, 0.52)), fill=(44, 44, 56), outline=OUTLINE,
                  width=ow)
        d.rectangle(b.r(0.34, 0.46, 0.66, 0.58), fill=(44, 44, 56), outline=OUTLINE, width=ow)
        d.line([b.p(0.5, 0.4), b.p(0.78, 0.46), b.p(0.78, 0.6)], fill=GOLD, width=ow * 2)


def _vp_badge(img: Image.Image, ctx: RenderContext, cx: float, cy: float, r: float, vp: int) -> None:
    """A gold coin with the victory points."""
    d = ImageDraw.Draw(img)
    d.ellipse(ellipse_box(cx, cy + r * 0.12, r), fill=(60, 40, 10))
    d.ellipse(ellipse_box(cx, cy, r), fill=GOLD, outline=shade(GOLD, 0.5), width=max(1, round(r * 0.1)))
    font = ctx.fonts.get("bold", r * 1.25)
    draw_centered(d, (cx, cy), str(vp), font, INK)


def render_quick_card(name: str, size: Size, ctx: RenderContext) -> Image.Image:
    """One face: title plaque and VP coin in the top strip (visible when overlapped), emblem, text."""
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
    top = p.y0 + strip + W * 0.02
    if kind == "city":
        sub_title = t(f"cards.event.{sub}")
        font = ctx.fonts.fit(sub_title, "condensed-bold", p.w * 0.92, W * 0.085)
        draw_centered(d, (cx, top + W * 0.05), sub_title, font, shade(color, 0.75))
        top += W * 0.1
    r = p.w * 0.27
    box = _medallion(img, cx, top + r + W * 0.02, r, mix(color, (255, 255, 255), 0.82), color)
    _emblem(ImageDraw.Draw(img), name, box)
    text_top = top + 2 * r + W * 0.07
    bottom = p.y0 + p.h - W * 0.03
    d = ImageDraw.Draw(img)
    d.line([(cx - p.w * 0.3, text_top - W * 0.02), (cx + p.w * 0.3, text_top - W * 0.02)],
           fill=mix(color, PARCHMENT, 0.4), width=max(1, round(W * 0.006)))
    desc = t(desc_key(name))
    font, lines = ctx.fonts.fit_wrapped(desc, "condensed", p.w - W * 0.06, bottom - text_top, W * 0.085, min_px=4)
    if font.size >= 6 and len(lines) * font.size * 1.18 <= bottom - text_top + 1:
        block = len(lines) * font.size * 1.18
        draw_lines(d, cx, text_top + (bottom - text_top - block) / 2, lines, font, INK)
    return finish(apply_mask(img, mask), size)

