"""Round things on the board: number tokens, harbor badges, and dice faces."""

from __future__ import annotations

from types import MappingProxyType

from PIL import Image, ImageDraw

from gui.art.canvas import (
    Box, Size, ellipse_box, drop_shadow, fill_mask, finish, new_canvas, radial_gradient, rounded_mask, shade,
    vertical_gradient,
)
from gui.art.icons import paint_icon
from gui.art.palette import CREAM, INK, TOKEN_RED
from gui.art.text import FontBook, draw_centered

TOKEN_NUMBERS = ("2", "3", "4", "5", "6", "8", "9", "10", "11", "12")


def pips_for(number: int) -> int:
    """Probability pips printed under a number: how many of 36 rolls make it."""
    return 6 - abs(7 - number)


def _disc(img: Image.Image, box: list[float], inner: tuple[int, int, int], outer: tuple[int, int, int],
          rim: tuple[int, int, int], rim_w: float) -> None:
    """A shaded disc with a rim and a soft drop shadow."""
    W = img.size[0]
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).ellipse(box, fill=255)
    drop_shadow(img, mask, (W * 0.012, W * 0.025), W * 0.02, 120)
    fill_mask(img, radial_gradient(img.size, inner, outer), mask)
    ImageDraw.Draw(img).ellipse(box, outline=rim, width=max(1, round(rim_w)))


def render_token(name: str, size: Size, fonts: FontBook) -> Image.Image:
    """A cream number token with its number and probability pips (6 and 8 in red)."""
    img = new_canvas(size)
    W, H = img.size
    s = min(W, H)
    cx, cy, r = W / 2, H / 2, s * 0.45
    _disc(img, ellipse_box(cx, cy - s * 0.01, r), shade(CREAM, 1.06), shade(CREAM, 0.9), (150, 124, 86), s * 0.03)
    d = ImageDraw.Draw(img)
    d.ellipse(ellipse_box(cx, cy - s * 0.01, r * 0.86), outline=(214, 196, 156), width=max(1, round(s * 0.01)))
    number = int(name)
    pips = pips_for(number)
    color = TOKEN_RED if pips == 5 else INK
    # Likelier numbers are printed larger, as on the physical tokens.
    px = s * (0.30 + 0.045 * pips)
    font = fonts.get("bold", px)
    draw_centered(d, (cx, cy - s * 0.07), name, font, color)
    pr, gap = s * 0.028, s * 0.078
    y = cy + s * 0.22
    x0 = cx - gap * (pips - 1) / 2
    for i in range(pips):
        d.ellipse(ellipse_box(x0 + i * gap, y, pr), fill=color)
    return finish(img, size)


def render_harbor(name: str, size: Size, fonts: FontBook) -> Image.Image:
    """A round harbor badge: "3:1" with an anchor, or "2:1" with the resource icon."""
    img = new_canvas(size)
    W, H = img.size
    s = min(W, H)
    cx, cy, r = W / 2, H / 2, s * 0.45
    navy = (30, 74, 116)
    _disc(img, ellipse_box(cx, cy - s * 0.01, r), shade(navy, 1.15), shade(navy, 0.85), shade(navy, 0.6), s * 0.02)
    d = ImageDraw.Draw(img)
    inner = r * 0.8
    d.ellipse(ellipse_box(cx, cy - s * 0.01, inner), fill=shade(CREAM, 1.03), outline=(120, 96, 64),
              width=max(1, round(s * 0.012)))
    # A dashed rope ring around the face.
    rope = ellipse_box(cx, cy - s * 0.01, (r + inner) / 2)
    for i in range(24):
        d.arc(rope, start=i * 15, end=i * 15 + 9, fill=(226, 206, 160), width=max(1, round(s * 0.022)))
    generic = name == "generic"
    icon_box = Box(cx - inner * 0.62, cy - inner * 0.86, inner * 1.24, inner * 1.0)
    if generic:
        paint_icon(img, "anchor", icon_box.inner(0.18, 0.12, 0.82, 0.92))
    else:
        paint_icon(img, name, icon_box.inner(0.02, 0.0, 0.98, 1.0))
    font = fonts.get("bold", s * 0.2)
    draw_centered(d, (cx, cy + inner * 0.5), "3:1" if generic else "2:1", font, INK)
    return finish(img, size)


DIE_PIPS = MappingProxyType({
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
})


def render_die(name: str, size: Size) -> Image.Image:
    """A white die face with rounded corners and recessed pips."""
    img = new_canvas(size)
    W, H = img.size
    s = min(W, H)
    m = s * 0.06
    box = [m, m, W - m * 1.3, H - m * 1.3]
    mask = rounded_mask(img.size, box, s * 0.17)
    drop_shadow(img, mask, (s * 0.02, s * 0.035), s * 0.025, 130)
    fill_mask(img, vertical_gradient(img.size, (255, 255, 252), (226, 224, 216)), mask)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(box, radius=s * 0.17, outline=(150, 146, 138), width=max(1, round(s * 0.018)))
    face = Box(box[0], box[1], box[2] - box[0], box[3] - box[1])
    pr = face.s(0.085 if name != "1" else 0.11)
    for u, v in DIE_PIPS[int(name)]:
        x, y = face.p(u, v)
        d.ellipse(ellipse_box(x, y, pr), fill=(28, 26, 30))
        d.ellipse(ellipse_box(x + pr * 0.25, y + pr * 0.3, pr * 0.45), fill=(70, 68, 74))
    return finish(img, size)
