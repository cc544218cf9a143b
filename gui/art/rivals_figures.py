"""Figures for the Rivals pictures: people (heroes, actors), ships, a cannon and a cart."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from gui.art.canvas import Box, mix, shade
from gui.art.icons import OUTLINE
from gui.art.rivals_icons import PAINTERS as ICONS
from gui.art.rivals_props import PROPS, STEEL, WOODEN

SKIN = (236, 196, 160)


@dataclass(frozen=True)
class Person:
    """How one person looks: clothes, hair and headgear ('', helmet, hood, hat, crown, cap, veil), what they hold."""

    tunic: tuple[int, int, int]
    cloak: tuple[int, int, int] | None = None
    hair: tuple[int, int, int] = (96, 62, 34)
    headgear: str = ""
    prop: str = ""
    dress: bool = False
    beard: bool = False
    skin: tuple[int, int, int] = SKIN


def draw_person(d: ImageDraw.ImageDraw, b: Box, p: Person) -> None:
    """A standing person filling the square box b, holding p.prop in the hand on the right."""
    ow = max(1, round(b.s(0.018)))
    if p.cloak is not None:
        d.polygon(b.pts((0.34, 0.36), (0.66, 0.36), (0.76, 0.96), (0.24, 0.96)), fill=p.cloak, outline=OUTLINE,
                  width=ow)
    hem = 0.97 if p.dress else 0.78
    if not p.dress:
        for u in (0.43, 0.57):
            d.rectangle(b.r(u - 0.045, 0.74, u + 0.045, 0.96), fill=shade(p.tunic, 0.45), outline=OUTLINE, width=ow)
            d.rectangle(b.r(u - 0.055, 0.94, u + 0.06, 0.99), fill=(60, 40, 28), outline=OUTLINE, width=ow)
    d.polygon(b.pts((0.38, 0.37), (0.62, 0.37), (0.68 if p.dress else 0.64, hem), (0.32 if p.dress else 0.36, hem)),
              fill=p.tunic, outline=OUTLINE, width=ow)
    d.polygon(b.pts((0.5, 0.37), (0.62, 0.37), (0.68 if p.dress else 0.64, hem), (0.5, hem)),
              fill=shade(p.tunic, 0.85))
    d.rectangle(b.r(0.37, 0.56, 0.63, 0.6), fill=(70, 46, 28))
    d.rectangle(b.r(0.47, 0.555, 0.53, 0.605), fill=(214, 176, 80))
    # Arms: the left one hangs, the right one holds the prop out.
    sleeve = shade(p.tunic, 0.92)
    d.line([b.p(0.39, 0.4), b.p(0.33, 0.62)], fill=OUTLINE, width=round(b.s(0.085)))
    d.line([b.p(0.39, 0.4), b.p(0.33, 0.62)], fill=sleeve, width=round(b.s(0.06)))
    d.ellipse(b.ell(0.33, 0.64, 0.035), fill=p.skin, outline=OUTLINE, width=ow)
    hand = (0.71, 0.56)
    d.line([b.p(0.61, 0.4), b.p(*hand)], fill=OUTLINE, width=round(b.s(0.085)))
    d.line([b.p(0.61, 0.4), b.p(*hand)], fill=sleeve, width=round(b.s(0.06)))
    # Head.
    d.rectangle(b.r(0.47, 0.3, 0.53, 0.38), fill=shade(p.skin, 0.9))
    if p.dress or p.headgear == "veil":
        d.polygon(b.pts((0.4, 0.2), (0.6, 0.2), (0.64, 0.44), (0.36, 0.44)), fill=p.hair, outline=OUTLINE, width=ow)
    d.ellipse(b.ell(0.5, 0.23, 0.085), fill=p.skin, outline=OUTLINE, width=ow)
    for u in (0.47, 0.53):
        d.ellipse(b.ell(u, 0.235, 0.01), fill=(40, 30, 24))
    if p.beard:
        d.chord(b.r(0.42, 0.18, 0.58, 0.36), 0, 180, fill=p.hair, outline=OUTLINE, width=ow)
    _headgear(d, b, p, ow)
    if p.prop:
        PROPS[p.prop](d, _prop_box(b, p.prop, hand))
    d.ellipse(b.ell(hand[0], hand[1], 0.035), fill=p.skin, outline=OUTLINE, width=ow)


LONG_PROPS = frozenset({"axe", "sword", "staff", "cross", "torch", "pitchfork", "club", "hammer", "pick"})


def _prop_box(b: Box, prop: str, hand: tuple[float, float]) -> Box:
    """Where a held prop is drawn: long tools stand in the hand, small things are held up beside it."""
    u, v = hand
    if prop in LONG_PROPS:
        return Box(*b.p(u - 0.2, 0.06), b.w * 0.4, b.h * 0.82)
    if prop == "bow":
        return Box(*b.p(u - 0.16, 0.2), b.w * 0.34, b.h * 0.66)
    if prop == "trumpet":
        return Box(*b.p(u - 0.2, 0.1), b.w * 0.46, b.h * 0.46)
    return Box(*b.p(u - 0.13, v - 0.3), b.w * 0.32, b.h * 0.32)


def _headgear(d: ImageDraw.ImageDraw, b: Box, p: Person, ow: int) -> None:
    kind = p.headgear
    if kind == "helmet":
        d.chord(b.r(0.405, 0.115, 0.595, 0.275), 180, 360, fill=STEEL, outline=OUTLINE, width=ow)
        d.rectangle(b.r(0.395, 0.18, 0.605, 0.205), fill=shade(STEEL, 0.8), outline=OUTLINE, width=ow)
        d.line([b.p(0.5, 0.2), b.p(0.5, 0.25)], fill=shade(STEEL, 0.7), width=ow * 2)
    elif kind == "hood":
        hood = p.cloak or shade(p.tunic, 0.7)
        d.polygon(b.pts((0.5, 0.1), (0.62, 0.18), (0.63, 0.34), (0.58, 0.34), (0.58, 0.2), (0.42, 0.2),
                        (0.42, 0.34), (0.37, 0.34), (0.38, 0.18)), fill=hood, outline=OUTLINE, width=ow)
    elif kind == "hat":
        d.ellipse(b.r(0.36, 0.15, 0.64, 0.2), fill=(60, 44, 40), outline=OUTLINE, width=ow)
        d.rectangle(b.r(0.43, 0.08, 0.57, 0.17), fill=(60, 44, 40), outline=OUTLINE, width=ow)
        d.line([b.p(0.56, 0.1), b.p(0.66, 0.02)], fill=(200, 60, 50), width=ow * 2)
    elif kind == "crown":
        d.chord(b.r(0.42, 0.14, 0.58, 0.26), 180, 360, fill=p.hair)
        d.polygon(b.pts((0.42, 0.17), (0.42, 0.08), (0.46, 0.12), (0.5, 0.06), (0.54, 0.12), (0.58, 0.08),
                        (0.58, 0.17)), fill=(226, 178, 52), outline=OUTLINE, width=ow)
    elif kind == "cap":
        d.chord(b.r(0.41, 0.13, 0.59, 0.27), 180, 360, fill=(120, 40, 48), outline=OUTLINE, width=ow)
    elif kind != "veil":
        d.chord(b.r(0.41, 0.135, 0.59, 0.27), 180, 360, fill=p.hair, outline=OUTLINE, width=ow)


def draw_ship(d: ImageDraw.ImageDraw, b: Box, sail: tuple[int, int, int] = (244, 236, 214), masts: int = 1,
              emblem: str = "", black: bool = False) -> None:
    """A sailing ship in the square box b, with an optional resource icon on its sail."""
    ow = max(1, round(b.s(0.02)))
    hull = (60, 40, 30) if black else (132, 84, 44)
    d.polygon(b.pts((0.06, 0.62), (0.94, 0.62), (0.8, 0.84), (0.2, 0.84)), fill=hull, outline=OUTLINE, width=ow)
    d.line([b.p(0.1, 0.68), b.p(0.9, 0.68)], fill=shade(hull, 1.3), width=ow)
    d.polygon(b.pts((0.06, 0.62), (0.0, 0.5), (0.14, 0.62)), fill=hull, outline=OUTLINE, width=ow)
    xs = [0.5] if masts == 1 else [0.34, 0.66]
    for x in xs:
        d.line([b.p(x, 0.64), b.p(x, 0.06)], fill=OUTLINE, width=round(b.s(0.035)))
        half = 0.2 if masts == 1 else 0.14
        sail_box = b.r(x - half, 0.12, x + half, 0.52)
        d.polygon([(sail_box[0], sail_box[1]), (sail_box[2], sail_box[1]),
                   (sail_box[2] + b.w * 0.03, sail_box[3]), (sail_box[0] - b.w * 0.03, sail_box[3])],
                  fill=sail, outline=OUTLINE, width=ow)
        d.line([b.p(x - half, 0.12), b.p(x + half, 0.12)], fill=WOODEN, width=round(b.s(0.03)))
        if emblem:
            size = half * 1.5
            icon = Box(*b.p(x - size / 2, 0.32 - size / 2), b.w * size, b.h * size)
            if emblem in PROPS:
                PROPS[emblem](d, icon)
            else:
                ICONS[emblem](d, icon)
    flag_x = xs[-1]
    d.polygon(b.pts((flag_x, 0.04), (flag_x + 0.12, 0.07), (flag_x, 0.1)),
              fill=(24, 22, 26) if black else (200, 48, 44))


def draw_cannon(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A bronze cannon on a wooden carriage."""
    ow = max(1, round(b.s(0.02)))
    bronze = (176, 128, 60)
    d.polygon(b.pts((0.16, 0.56), (0.8, 0.32), (0.86, 0.44), (0.24, 0.72)), fill=bronze, outline=OUTLINE, width=ow)
    d.ellipse(b.ell(0.83, 0.38, 0.05, 0.07), fill=(30, 26, 24), outline=OUTLINE, width=ow)
    d.ellipse(b.ell(0.18, 0.64, 0.08), fill=bronze, outline=OUTLINE, width=ow)
    d.polygon(b.pts((0.2, 0.74), (0.62, 0.58), (0.7, 0.8), (0.3, 0.86)), fill=WOODEN, outline=OUTLINE, width=ow)
    for u in (0.32, 0.6):
        d.ellipse(b.ell(u, 0.84, 0.12), fill=(110, 72, 40), outline=OUTLINE, width=ow)
        d.ellipse(b.ell(u, 0.84, 0.03), fill=OUTLINE)
    for u, v in ((0.82, 0.9), (0.9, 0.9), (0.86, 0.83)):
        d.ellipse(b.ell(u, v, 0.04), fill=(50, 50, 56), outline=OUTLINE, width=ow)


def draw_cart(d: ImageDraw.ImageDraw, b: Box, load: tuple[str, ...] = ("wool", "grain", "lumber")) -> None:
    """A two-wheeled merchant cart with goods."""
    ow = max(1, round(b.s(0.02)))
    for i, name in enumerate(load):
        u = 0.22 + i * 0.2
        icon = Box(*b.p(u - 0.04, 0.26), b.w * 0.26, b.h * 0.3)
        ICONS[name](d, icon)
    d.rectangle(b.r(0.14, 0.52, 0.86, 0.7), fill=(150, 100, 54), outline=OUTLINE, width=ow)
    for u in (0.3, 0.5, 0.7):
        d.line([b.p(u, 0.52), b.p(u, 0.7)], fill=(110, 72, 38), width=ow)
    d.line([b.p(0.86, 0.62), b.p(1.0, 0.7)], fill=OUTLINE, width=round(b.s(0.03)))
    d.ellipse(b.ell(0.36, 0.76, 0.14), fill=(120, 80, 44), outline=OUTLINE, width=ow * 2)
    for k in range(4):
        x0, y0 = b.p(0.36, 0.76)
        a = k * math.pi / 4
        r = b.s(0.13)
        d.line([(x0 - math.cos(a) * r, y0 - math.sin(a) * r), (x0 + math.cos(a) * r, y0 + math.sin(a) * r)],
               fill=OUTLINE, width=ow)
    d.ellipse(b.ell(0.36, 0.76, 0.03), fill=mix((120, 80, 44), (0, 0, 0), 0.5))
