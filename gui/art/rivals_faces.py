"""Rivals card faces: name banner, picture, cost and point icons, the "1x" mark, the coloured text box."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from PIL import Image, ImageDraw

from game.rivals.catalogue import Card, catalogue
from gui.art.canvas import SCALE, Box, Size, mix, new_canvas, rounded_mask, shade
from gui.art.context import RenderContext
from gui.art.icons import OUTLINE
from gui.art.palette import INK, PARCHMENT
from gui.art.rivals_icons import RIVALS_RESOURCES, paint_rivals_icon
from gui.art.rivals_motifs import paint_picture
from gui.art.rivals_props import cut_corners, downsample, rounded
from gui.art.rivals_text import (
    MIN_TEXT_PX, SMALLEST_WIDTH, TextLayout, TextOverflow, card_name, card_text, kind_label, layout_text,
)
from gui.art.text import Font, FontBook, draw_centered, draw_lines, wrap

FRAME = (54, 40, 30)
FRAME_CENTRE = (92, 88, 80)
LIGHT = (252, 246, 228)
GOLDEN = (226, 184, 90)
# Text box colour by card class (the physical cards' colour code).
BOX_COLORS = MappingProxyType({
    "action": (242, 206, 86), "settlement": (150, 192, 104), "city": (226, 128, 104), "region": (190, 146, 98),
    "event": (128, 172, 222), "centre": (216, 208, 186),
})
CLASS_OF_TYPE = MappingProxyType({
    "action_neutral": "action", "action_attack": "action", "sc_building": "settlement", "sc_hero": "settlement",
    "sc_trade_ship": "settlement", "sc_unit": "settlement", "city_building": "city", "region_expansion": "region",
    "event": "event", "road": "centre", "settlement": "centre", "city": "centre",
})
TEXT_MAX = 0.082  # largest effect-text size, in card widths
COMPACT_W = 100   # faces narrower than this (final pixels) get a name and costs sized to be read, not to scale
NAME_MAX_PX = 14.0  # the largest name on a compact face, in final pixels
LINE_WEIGHT = (1.0, 0.84, 0.7)  # a name on more lines must be that much larger to be chosen
VOWELS = frozenset("aeiouyáéíóúůýě")
SUFFIXES = ("ment", "ling", "tion", "place", "smith", "lender", "house", "ství")  # a word breaks before these
SOFT = "\u00ad "  # a place where a word may break (a hyphen at the end of a line, nothing inside one)
COMPACT_ICON = 0.23  # cost and point icons of a compact face, in card widths (0.19 on a larger face)
COMPACT_TEXT_PX = 3.0  # a compact face's effect text is a texture (the zoom reads it), as on a scaled-down face


def card_names() -> tuple[str, ...]:
    """Every distinct card id of the catalogue except the region cards (those have their own square faces)."""
    return tuple(c.id for c in catalogue().cards.values() if c.type != "region")


def box_color(card: Card) -> tuple[int, int, int]:
    """The text box colour of a card."""
    return BOX_COLORS[CLASS_OF_TYPE[card.type]]


@dataclass(frozen=True)
class FaceGeometry:
    """Where the parts of a face go, in canvas pixels (the canvas is SCALE times the final size)."""

    width: float
    height: float
    name: Box
    picture: Box
    tab: Box
    text: Box | None

    @property
    def text_inner(self) -> Box | None:
        """The area the effect text is wrapped into."""
        if self.text is None:
            return None
        t = self.text
        pad_x, top, bottom = self.width * 0.045, self.width * 0.065, self.width * 0.03
        return Box(t.x0 + pad_x, t.y0 + top, t.w - 2 * pad_x, t.h - top - bottom)


def geometry(size: Size, has_text: bool, name_h: float | None = None) -> FaceGeometry:
    """The layout of a face of size (final pixels) with or without an effect text; name_h (canvas pixels) makes
    the name banner taller than usual (compact faces)."""
    W, H = size[0] * SCALE, size[1] * SCALE
    m = W * 0.045
    name = Box(m, m, W - 2 * m, max(W * 0.16, name_h or 0.0))
    pic_top = name.y0 + name.h + W * 0.012
    if has_text:
        pic_bottom = pic_top + (H - pic_top) * 0.5
        text = Box(m, pic_bottom + W * 0.055, W - 2 * m, H - m - pic_bottom - W * 0.055)
        tab = Box(W * 0.2, text.y0 - W * 0.055, W * 0.6, W * 0.1)
    else:
        pic_bottom = H - m - W * 0.14
        text = None
        tab = Box(m, pic_bottom + W * 0.02, W - 2 * m, H - m - pic_bottom - W * 0.02)
    return FaceGeometry(W, H, name, Box(m, pic_top, W - 2 * m, pic_bottom - pic_top), tab, text)


def effect_layout(fonts: FontBook, text: str, size: Size, g: FaceGeometry | None = None) -> TextLayout:
    """The effect text of a face of size laid out in its box (of g, else of the usual layout); TextOverflow when
    it cannot fit legibly (on a compact face, where it is read only when zoomed, when it cannot fit at all)."""
    g = g or geometry(size, True)
    inner = g.text_inner
    assert inner is not None
    low = COMPACT_TEXT_PX if size[0] < COMPACT_W else MIN_TEXT_PX
    return layout_text(fonts, text, "condensed", inner.w, inner.h, g.width * TEXT_MAX, low * SCALE)


@dataclass(frozen=True)
class CompactName:
    """The name of a compact face: its lines, their font and the banner height they need (canvas pixels)."""

    lines: tuple[str, ...]
    font: Font
    height: float


def _largest_wrap(fonts: FontBook, text: str, max_w: float, lines: int, high: float) -> CompactName:
    """The largest font (high downwards) at which text wraps into at most `lines` lines that all fit max_w."""
    px = high
    while True:
        font = fonts.get("condensed-bold", px)
        wrapped = wrap(text, font, max_w)
        shown = _unbroken(wrapped)
        if len(shown) <= lines and all(font.getlength(x) <= max_w for x in shown) or px <= 2 * SCALE:
            return CompactName(shown, font, font.size * (len(shown) * 1.04 + 0.42))
        px = px * 0.94


def hyphenated(word: str) -> str:
    """A word with one place near its middle where it may break (SOFT): at its own hyphen, else between two
    consonants near the middle (never inside the Czech "ch"), else after a vowel; short words stay whole."""
    if "-" in word:
        return word.replace("-", "-" + SOFT[1:], 1)
    if len(word) < 9:
        return word
    mid = len(word) / 2
    low = word.lower()
    for suffix in SUFFIXES:
        if low.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[:-len(suffix)] + SOFT + word[-len(suffix):]
    places = [i for i in range(3, len(word) - 2) if low[i - 1:i + 1] != "ch" and low[i - 1].isalpha()
              and not (low[i] in "lr" and low[i - 1] not in VOWELS | {"l", "r"})]  # "gr", "bl" begin a syllable
    double = [i for i in places if low[i - 1] not in VOWELS and low[i] not in VOWELS]
    after_vowel = [i for i in places if low[i - 1] in VOWELS and low[i] not in VOWELS]
    near = [i for i in double if abs(i - mid) <= len(word) * 0.2] or after_vowel or double
    if not near:
        return word
    i = min(near, key=lambda k: abs(k - mid))
    return word[:i] + SOFT + word[i:]


def _unbroken(lines: list[str]) -> tuple[str, ...]:
    """Wrapped lines with the unused break places taken out and the used ones shown as hyphens."""
    return tuple(line.replace(SOFT, "").replace(SOFT[0], "-") for line in lines)


def compact_name(fonts: FontBook, text: str, size: Size) -> CompactName:
    """The name of a face of size (final pixels) as large as it fits on one, two or three lines (more lines only
    when they make it clearly larger); a long word is broken with a hyphen when that helps."""
    W = size[0] * SCALE
    inner_w = (W - 2 * W * 0.045) * 0.92
    high = min(NAME_MAX_PX * SCALE, W * 0.24)
    options = [_largest_wrap(fonts, text, inner_w, n, high * (1.0, 0.92, 0.8)[n - 1]) for n in (1, 2, 3)]
    broken = " ".join(hyphenated(word) for word in text.split())
    if broken != text:
        options += [_largest_wrap(fonts, broken, inner_w, n, high * (0.92, 0.8)[n - 2]) for n in (2, 3)]
    chosen = max(options, key=lambda o: (o.font.size * LINE_WEIGHT[len(o.lines) - 1], -len(o.lines)))
    return CompactName(chosen.lines, chosen.font, max(W * 0.24, chosen.height))


def _compact_banner(img: Image.Image, box: Box, name: CompactName, color: tuple[int, int, int]) -> None:
    """The banner of a compact face: the name in lines chosen by compact_name()."""
    d = ImageDraw.Draw(img)
    W = img.size[0]
    rounded(d, [box.x0, box.y0, box.x0 + box.w, box.y0 + box.h], radius=min(box.h, W * 0.16) * 0.28,
            fill=mix(PARCHMENT, (255, 255, 255), 0.45), outline=shade(color, 0.55), width=max(1, round(W * 0.012)))
    step = name.font.size * 1.04
    cx, cy = box.x0 + box.w / 2, box.y0 + box.h / 2
    for i, line in enumerate(name.lines):
        draw_centered(d, (cx, cy + (i - (len(name.lines) - 1) / 2) * step), line, name.font, INK)


def _name_banner(img: Image.Image, fonts: FontBook, box: Box, text: str, color: tuple[int, int, int]) -> None:
    """A parchment banner with the card name on one or two lines."""
    d = ImageDraw.Draw(img)
    W = img.size[0]
    r = box.h * 0.28
    rect = [box.x0, box.y0, box.x0 + box.w, box.y0 + box.h]
    rounded(d, rect, radius=r, fill=mix(PARCHMENT, (255, 255, 255), 0.25), outline=shade(color, 0.55),
                        width=max(1, round(W * 0.008)))
    inner_w, inner_h = box.w * 0.92, box.h * 0.9
    font = fonts.fit(text, "condensed-bold", inner_w, box.h * 0.62)
    lines = [text]
    if " " in text and font.size < box.h * 0.5:
        two = fonts.get("condensed-bold", box.h * 0.44)
        split = wrap(text, fonts.get("condensed-bold", box.h * 0.44), inner_w)
        if len(split) == 2:
            lines, font = split, two
        else:
            words = text.split()
            pairs = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
            best = min(pairs, key=lambda p: max(two.getlength(p[0]), two.getlength(p[1])))
            fitted = fonts.fit(max(best, key=two.getlength), "condensed-bold", inner_w, inner_h * 0.46)
            if fitted.size > font.size:
                lines, font = list(best), fitted
    step = font.size * 1.02
    cx, cy = box.x0 + box.w / 2, box.y0 + box.h / 2
    for i, line in enumerate(lines):
        draw_centered(d, (cx, cy + (i - (len(lines) - 1) / 2) * step), line, font, INK)


def _icon_column(img: Image.Image, names: list[str], x: float, top: float, bottom: float, size: float) -> None:
    """Icons stacked downwards from top, overlapping when there are too many to fit."""
    if not names:
        return
    d = ImageDraw.Draw(img)
    s = min(size, (bottom - top) / (0.72 * len(names) + 0.28))
    step = min(s * 1.02, (bottom - top - s) / max(1, len(names) - 1)) if len(names) > 1 else 0
    for i, name in enumerate(names):
        paint_rivals_icon(d, name, Box(x, top + i * step, s, s))


def _action_badge(img: Image.Image, fonts: FontBook, x: float, y: float, s: float, attack: bool) -> None:
    """The "A" mark of action cards: a gold disc, or a red shield for attacks."""
    d = ImageDraw.Draw(img)
    b = Box(x, y, s, s)
    ow = max(1, round(s * 0.06))
    if attack:
        d.polygon(b.pts((0.1, 0.06), (0.9, 0.06), (0.9, 0.5), (0.5, 0.96), (0.1, 0.5)), fill=(184, 40, 40),
                  outline=OUTLINE, width=ow)
    else:
        d.ellipse(b.ell(0.5, 0.5, 0.46), fill=(236, 186, 60), outline=OUTLINE, width=ow)
    draw_centered(d, b.p(0.5, 0.44 if attack else 0.5), "A", fonts.get("bold", s * 0.56), LIGHT if attack else INK)


def _one_x(img: Image.Image, fonts: FontBook, pic: Box, W: float) -> None:
    """The "1×" mark in the picture's bottom-right corner."""
    d = ImageDraw.Draw(img)
    w, h = W * 0.17, W * 0.1
    x1, y1 = pic.x0 + pic.w - W * 0.02, pic.y0 + pic.h - W * 0.02
    rounded(d, [x1 - w, y1 - h, x1, y1], radius=h * 0.3, fill=(40, 30, 24), outline=(230, 200, 120),
                        width=max(1, round(W * 0.006)))
    draw_centered(d, (x1 - w / 2, y1 - h / 2), "1×", fonts.get("bold", h * 0.68), (250, 230, 170))


def _points(card: Card) -> list[str]:
    """One point icon per point: VP flags first, then strength, skill, commerce, progress."""
    return [stat for stat in ("vp", "str", "skl", "com", "prog") for _ in range(getattr(card, stat))]


def _costs(card: Card) -> list[str]:
    return [name for name, n in zip(RIVALS_RESOURCES, card.cost) for _ in range(n)]


def render_rivals_card(name: str, size: Size, ctx: RenderContext) -> Image.Image:
    """The face of one Rivals card in the context's language."""
    card = catalogue().cards[name]
    text = card_text(ctx.translator, name)
    compact = compact_name(ctx.fonts, card_name(card, ctx.lang), size) if size[0] < COMPACT_W else None
    g = geometry(size, bool(text), compact.height if compact else None)
    img = new_canvas(size)
    W, H = img.size
    centre = card.type in ("road", "settlement", "city")
    frame = FRAME_CENTRE if centre else FRAME
    color = box_color(card)
    mask = rounded_mask(img.size, [0, 0, W - 1, H - 1], W * 0.06)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, H], fill=frame)
    edge = W * 0.018
    rounded(d, [edge, edge, W - 1 - edge, H - 1 - edge], radius=W * 0.045, outline=mix(frame, GOLDEN, 0.6),
                        width=max(1, round(W * 0.006)))
    paint_picture(img, g.picture, name, ctx.memo)
    d = ImageDraw.Draw(img)
    p = g.picture
    d.rectangle([p.x0, p.y0, p.x0 + p.w, p.y0 + p.h], outline=shade(frame, 0.6), width=max(1, round(W * 0.008)))
    if compact is not None:
        _compact_banner(img, g.name, compact, color)
    else:
        _name_banner(img, ctx.fonts, g.name, card_name(card, ctx.lang), color)
    icon = W * (COMPACT_ICON if compact is not None else 0.19)
    inset = W * 0.02
    if card.is_action:
        _action_badge(img, ctx.fonts, p.x0 + inset, p.y0 + inset, icon, card.type == "action_attack")
    else:
        _icon_column(img, _costs(card), p.x0 + inset, p.y0 + inset, p.y0 + p.h - inset, icon)
    right_bottom = p.y0 + p.h - inset - (W * 0.12 if card.one_x else 0)
    _icon_column(img, _points(card), p.x0 + p.w - inset - icon, p.y0 + inset, right_bottom, icon)
    if card.one_x:
        _one_x(img, ctx.fonts, p, W)
    if g.text is not None:
        _text_box(img, ctx, g, color, text, size)
    _tab(img, ctx.fonts, g.tab, color, kind_label(ctx.translator, card), W)
    cut_corners(img, mask)
    return downsample(img, size)



def _text_box(img: Image.Image, ctx: RenderContext, g: FaceGeometry, color: tuple[int, int, int], text: str,
              size: Size) -> None:
    """The coloured box with the effect text, fitted by shrinking the font (never cut)."""
    assert g.text is not None
    d = ImageDraw.Draw(img)
    t = g.text
    W = g.width
    rounded(d, [t.x0, t.y0, t.x0 + t.w, t.y0 + t.h], radius=W * 0.04, fill=mix(color, (255, 255, 255), 0.35),
                        outline=shade(color, 0.55), width=max(1, round(W * 0.01)))
    try:
        layout = effect_layout(ctx.fonts, text, size, g)
    except TextOverflow:
        if size[0] >= SMALLEST_WIDTH and abs(size[1] - size[0] * 1.5) <= 1:
            raise  # a card of table size in its own proportions must always fit (the tests check every text)
        return  # a thumbnail, or a face squeezed out of shape, shows no effect text rather than a cut one
    inner = g.text_inner
    assert inner is not None
    top = inner.y0 + (inner.h - layout.height) / 2
    draw_lines(d, inner.x0 + inner.w / 2, top, list(layout.lines), layout.font, INK, layout.leading)


def _tab(img: Image.Image, fonts: FontBook, tab: Box, color: tuple[int, int, int], label: str, W: float) -> None:
    """The kind label on a darker tab in the card's colour."""
    d = ImageDraw.Draw(img)
    fill = shade(color, 0.62)
    rounded(d, [tab.x0, tab.y0, tab.x0 + tab.w, tab.y0 + tab.h], radius=tab.h * 0.35, fill=fill,
                        outline=shade(color, 0.4), width=max(1, round(W * 0.006)))
    font = fonts.fit(label, "condensed-bold", tab.w * 0.9, min(tab.h * 0.7, W * 0.075))
    draw_centered(d, (tab.x0 + tab.w / 2, tab.y0 + tab.h / 2), label, font, LIGHT)
