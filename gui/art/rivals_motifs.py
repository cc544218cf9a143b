"""The picture of every Rivals card: a backdrop per card group and a motif per card, drawn into the picture box."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from PIL import Image, ImageDraw

from gui.art.canvas import Box, Size, shade
from gui.art.icons import OUTLINE
from gui.art.memo import ArtMemo
from gui.art.rivals_buildings import (
    PLASTER, ROOF_BLUE, ROOF_BROWN, ROOF_RED, STONE, barn, bridge, church, crane, hall, house, sign, stalls, tower,
    windmill,
)
from gui.art.rivals_figures import Person, draw_cannon, draw_cart, draw_person, draw_ship
from gui.art.rivals_icons import PAINTERS as ICONS
from gui.art.rivals_props import PROPS, gradient, prop_die

Draw = ImageDraw.ImageDraw
Motif = Callable[[Draw, Box], None]

# Sky top, sky bottom, ground (None: no ground) for each backdrop.
BACKDROPS: Mapping[str, tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int] | None]] = (
    MappingProxyType({
        "meadow": ((132, 184, 226), (222, 236, 240), (110, 160, 74)),
        "sea": ((140, 188, 228), (226, 238, 244), (52, 112, 170)),
        "dusk": ((84, 70, 120), (236, 150, 96), (70, 84, 52)),
        "hall": ((120, 84, 60), (176, 132, 92), (96, 70, 50)),
        "night": ((30, 40, 78), (96, 108, 150), (44, 60, 50)),
        "dawn": ((168, 196, 226), (250, 222, 180), (128, 156, 80)),
        "storm": ((70, 76, 90), (150, 150, 150), (84, 96, 64)),
    }))
HORIZON = 0.7


def paint_backdrop(img: Image.Image, pic: Box, name: str) -> None:
    """Fill the picture box with a sky gradient and a ground or sea band."""
    top, bottom, ground = BACKDROPS[name]
    w, h = max(1, round(pic.w)), max(1, round(pic.h))
    img.alpha_composite(gradient((w, h), top, bottom), (round(pic.x0), round(pic.y0)))
    if ground is not None:
        d = ImageDraw.Draw(img)
        y = pic.y0 + pic.h * HORIZON
        # A gentle hill line rather than a ruler-straight horizon.
        pts = [(pic.x0 + pic.w * t / 8, y - pic.h * 0.03 * (1 + ((t * 5) % 3 - 1) * 0.6)) for t in range(9)]
        d.polygon(pts + [(pic.x0 + pic.w, pic.y0 + pic.h), (pic.x0, pic.y0 + pic.h)], fill=ground)
        d.line(pts, fill=shade(ground, 1.25), width=max(1, round(pic.h * 0.012)))


def stage(pic: Box, u: float = 0.5, size: float = 1.0, v: float = 0.0) -> Box:
    """A square of side size * (the picture's shorter side) centred at u across the picture, v from its top.

    In a picture taller than wide (faces without a text box) the square moves down so that figures keep
    standing on the ground.
    """
    side = min(pic.h, pic.w) * size
    y0 = pic.y0 + pic.h * v + max(0.0, pic.h - pic.w) * 0.9
    return Box(pic.x0 + pic.w * u - side / 2, y0, side, side)


def _person(**kw: object) -> Callable[[Draw, Box], None]:
    person = Person(**kw)  # type: ignore[arg-type]
    return lambda d, pic: draw_person(d, stage(pic, 0.47, 0.96, 0.04), person)


def _hero(tunic: tuple[int, int, int], prop: str, headgear: str = "", dress: bool = False,
          beard: bool = False, cloak: tuple[int, int, int] | None = None,
          hair: tuple[int, int, int] = (96, 62, 34)) -> Motif:
    return _person(tunic=tunic, prop=prop, headgear=headgear, dress=dress, beard=beard, cloak=cloak, hair=hair)


def _with(*parts: Motif) -> Motif:
    def paint(d: Draw, pic: Box) -> None:
        for part in parts:
            part(d, pic)
    return paint


def _prop(name: str, u: float, v: float, size: float) -> Motif:
    """A prop drawn in a square of size*pic.h centred at (u, v) of the picture."""
    def paint(d: Draw, pic: Box) -> None:
        side = pic.h * size
        box = Box(pic.x0 + pic.w * u - side / 2, pic.y0 + pic.h * v - side / 2, side, side)
        (PROPS.get(name) or ICONS[name])(d, box)
    return paint


def _die(pips: int, u: float, v: float, size: float) -> Motif:
    def paint(d: Draw, pic: Box) -> None:
        side = pic.h * size
        prop_die(d, Box(pic.x0 + pic.w * u - side / 2, pic.y0 + pic.h * v - side / 2, side, side), pips)
    return paint


def _ship(resource: str = "", masts: int = 1, u: float = 0.5, size: float = 0.92, black: bool = False,
          sail: tuple[int, int, int] = (244, 236, 214)) -> Motif:
    return lambda d, pic: draw_ship(d, stage(pic, u, size, 0.02), sail, masts, resource, black)


def _booster(resource: str, kind: str) -> Motif:
    """A workshop of a booster with the resource it doubles."""
    def paint(d: Draw, pic: Box) -> None:
        s = stage(pic, 0.42, 1.0)
        if kind == "mill":
            windmill(d, s, 0.5, 0.92, 0.5)
        elif kind == "forge":
            d.rectangle(s.r(0.62, 0.28, 0.72, 0.6), fill=(150, 70, 50), outline=OUTLINE, width=2)
            house(d, s, 0.2, 0.92, 0.5, 0.34, STONE, ROOF_BLUE)
            PROPS["steam"](d, s.inner(0.56, 0.02, 0.8, 0.3))
        elif kind == "kiln":
            house(d, s, 0.16, 0.92, 0.5, 0.3, (196, 120, 80), ROOF_BROWN)
            d.polygon(s.pts((0.68, 0.92), (0.72, 0.46), (0.82, 0.46), (0.86, 0.92)), fill=(170, 80, 50),
                      outline=OUTLINE, width=2)
            PROPS["flame"](d, s.inner(0.7, 0.3, 0.84, 0.48))
        elif kind == "saw":
            house(d, s, 0.2, 0.92, 0.52, 0.3, (180, 130, 80), ROOF_BROWN, timber=True)
        else:
            house(d, s, 0.2, 0.92, 0.52, 0.34, PLASTER, ROOF_RED, timber=True)
        side = pic.h * 0.44
        ICONS[resource](d, Box(pic.x0 + pic.w * 0.8 - side / 2, pic.y0 + pic.h * 0.62 - side / 2, side, side))
    return paint


def _city_building(builder: Callable[[Draw, Box], None], prop: str = "", u: float = 0.78, v: float = 0.1,
                   size: float = 0.3) -> Motif:
    def paint(d: Draw, pic: Box) -> None:
        builder(d, stage(pic, 0.42, 1.0) if pic.w > pic.h * 1.2 else stage(pic, 0.5, 0.94))
        if prop:
            sign(d, stage(pic, 0.5, 1.0), u, v, size, prop)
    return paint


def _hall(columns: bool = False, wall: tuple[int, int, int] = STONE, roof: tuple[int, int, int] = ROOF_RED) -> Callable[
        [Draw, Box], None]:
    return lambda d, s: hall(d, s, 0.06, 0.94, 0.78, 0.36, wall, roof, columns)


def _town_hall(d: Draw, s: Box) -> None:
    hall(d, s, 0.02, 0.94, 0.56, 0.32, STONE, ROOF_RED)
    tower(d, s, 0.58, 0.94, 0.2, 0.66, STONE, "spire", ROOF_BLUE)
    cx, cy = s.p(0.68, 0.42)
    d.ellipse([cx - s.w * 0.06, cy - s.w * 0.06, cx + s.w * 0.06, cy + s.w * 0.06], fill=(250, 244, 220),
              outline=OUTLINE, width=2)
    d.line([(cx, cy), (cx, cy - s.w * 0.045)], fill=OUTLINE, width=2)
    d.line([(cx, cy), (cx + s.w * 0.035, cy)], fill=OUTLINE, width=2)


def _castle(d: Draw, s: Box) -> None:
    d.rectangle(s.r(0.12, 0.56, 0.88, 0.94), fill=STONE, outline=OUTLINE, width=2)
    for i in range(8):
        u = 0.12 + i * 0.095
        if i % 2 == 0:
            d.rectangle(s.r(u, 0.5, u + 0.095, 0.56), fill=STONE, outline=OUTLINE, width=2)
    tower(d, s, 0.04, 0.94, 0.18, 0.6, STONE, "spire", ROOF_RED)
    tower(d, s, 0.78, 0.94, 0.18, 0.6, STONE, "spire", ROOF_RED)
    d.chord(s.r(0.4, 0.7, 0.6, 1.1), 180, 360, fill=(70, 50, 40), outline=OUTLINE, width=2)


def _village(d: Draw, pic: Box) -> None:
    s = stage(pic, 0.5, 1.0)
    house(d, s, 0.1, 0.9, 0.34, 0.24, PLASTER, ROOF_RED, timber=True)
    house(d, s, 0.54, 0.94, 0.36, 0.3, STONE, ROOF_BROWN)


def _city(d: Draw, pic: Box) -> None:
    s = stage(pic, 0.5, 1.0)
    d.rectangle(s.r(-0.2, 0.7, 1.2, 0.96), fill=STONE, outline=OUTLINE, width=2)
    for i in range(15):
        u = -0.2 + i * 0.1
        if i % 2 == 0:
            d.rectangle(s.r(u, 0.65, u + 0.1, 0.7), fill=STONE, outline=OUTLINE, width=2)
    house(d, s, 0.02, 0.66, 0.26, 0.18, PLASTER, ROOF_RED)
    tower(d, s, 0.36, 0.72, 0.18, 0.5, STONE, "spire", ROOF_BLUE)
    house(d, s, 0.62, 0.66, 0.3, 0.22, PLASTER, ROOF_RED, timber=True)
    d.chord(s.r(0.38, 0.8, 0.52, 1.06), 180, 360, fill=(70, 50, 40), outline=OUTLINE, width=2)


def _road(d: Draw, pic: Box) -> None:
    road = (196, 168, 120)
    w = pic.h * 0.2
    pts = [pic.p(0.0, 0.95), pic.p(0.3, 0.8), pic.p(0.55, 0.78), pic.p(0.8, 0.72), pic.p(1.0, 0.7)]
    d.line(pts, fill=shade(road, 0.6), width=round(w * 1.2), joint="curve")
    d.line(pts, fill=road, width=round(w), joint="curve")
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        for t in (0.3, 0.7):
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            d.ellipse([x - w * 0.12, y - w * 0.08, x + w * 0.12, y + w * 0.08], fill=shade(road, 0.8))
    s = stage(pic, 0.5, 1.0)
    d.line([s.p(0.78, 0.72), s.p(0.78, 0.34)], fill=OUTLINE, width=3)
    d.polygon(s.pts((0.66, 0.36), (0.98, 0.36), (1.04, 0.42), (0.98, 0.48), (0.66, 0.48)), fill=(236, 226, 200),
              outline=OUTLINE, width=2)


def _three_fields(d: Draw, pic: Box) -> None:
    colors = ((222, 186, 70), (120, 168, 70), (150, 104, 64))
    for i, c in enumerate(colors):
        y0 = pic.y0 + pic.h * (0.62 + i * 0.12)
        d.polygon([(pic.x0, y0), (pic.x0 + pic.w, y0 - pic.h * 0.04), (pic.x0 + pic.w, y0 + pic.h * 0.1),
                   (pic.x0, y0 + pic.h * 0.14)], fill=c, outline=shade(c, 0.7))
    side = pic.h * 0.5
    ICONS["grain"](d, Box(pic.x0 + pic.w * 0.5 - side / 2, pic.y0 + pic.h * 0.08, side, side))


def _mine(d: Draw, pic: Box) -> None:
    rock = (128, 132, 142)
    d.polygon([pic.p(0.0, 0.9), pic.p(0.3, 0.1), pic.p(0.55, 0.4), pic.p(0.75, 0.15), pic.p(1.0, 0.9)], fill=rock,
              outline=OUTLINE, width=2)
    d.chord(pic.r(0.36, 0.56, 0.6, 1.06), 180, 360, fill=(40, 34, 30), outline=OUTLINE, width=2)
    side = pic.h * 0.34
    ICONS["ore"](d, Box(pic.x0 + pic.w * 0.78 - side / 2, pic.y0 + pic.h * 0.66 - side / 2, side, side))
    PROPS["pick"](d, Box(pic.x0 + pic.w * 0.14, pic.y0 + pic.h * 0.46, side, side))


def _crowd(props: tuple[str, ...]) -> Motif:
    """Raised hands with tools above a crowd of heads (riots)."""
    def paint(d: Draw, pic: Box) -> None:
        n = len(props)
        for i, name in enumerate(props):
            u = (i + 0.5) / n
            side = pic.h * 0.62
            PROPS[name](d, Box(pic.x0 + pic.w * u - side / 2, pic.y0 + pic.h * 0.04, side, side))
        for i in range(7):
            u = (i + 0.5) / 7
            x, y = pic.p(u, 0.84 + 0.04 * (i % 2))
            r = pic.h * 0.09
            d.rectangle([x - r * 1.2, y + r * 0.7, x + r * 1.2, pic.y0 + pic.h], fill=(90 + 12 * (i % 3), 70, 58),
                        outline=OUTLINE)
            d.ellipse([x - r, y - r, x + r, y + r], fill=(226, 186, 150), outline=OUTLINE)
            d.chord([x - r * 1.05, y - r * 1.1, x + r * 1.05, y + r * 0.5], 180, 360, fill=(70 + 20 * (i % 3), 50, 36))
    return paint


def _duo(left: Person, right: Person) -> Motif:
    def paint(d: Draw, pic: Box) -> None:
        draw_person(d, stage(pic, 0.3, 0.96, 0.04), left)
        draw_person(d, stage(pic, 0.72, 0.96, 0.04), right)
    return paint


def _ships_race(d: Draw, pic: Box) -> None:
    draw_ship(d, stage(pic, 0.3, 0.8, 0.1), (244, 236, 214), 1, "scales")
    draw_ship(d, stage(pic, 0.72, 0.7, 0.18), (236, 210, 200), 1, "coin")


def _plague(d: Draw, pic: Box) -> None:
    s = stage(pic, 0.42, 1.0)
    house(d, s, 0.16, 0.94, 0.5, 0.34, shade(PLASTER, 0.8), shade(ROOF_RED, 0.7))
    d.line([s.p(0.33, 0.66), s.p(0.49, 0.88)], fill=(220, 40, 40), width=3)
    d.line([s.p(0.49, 0.66), s.p(0.33, 0.88)], fill=(220, 40, 40), width=3)
    for u, v in ((0.2, 0.14), (0.52, 0.06), (0.82, 0.2)):
        side = pic.h * 0.2
        PROPS["crow"](d, Box(pic.x0 + pic.w * u - side / 2, pic.y0 + pic.h * v, side, side * 0.6))


def _gold_cache(d: Draw, pic: Box) -> None:
    rock = (120, 110, 100)
    d.polygon([pic.p(0.0, 1.0), pic.p(0.1, 0.3), pic.p(0.4, 0.05), pic.p(0.7, 0.1), pic.p(0.95, 0.35),
               pic.p(1.0, 1.0)], fill=rock, outline=OUTLINE, width=2)
    d.chord(pic.r(0.2, 0.3, 0.8, 1.3), 180, 360, fill=(44, 36, 30))
    PROPS["chest"](d, stage(pic, 0.5, 0.6, 0.38))


def _festival_hall(d: Draw, s: Box) -> None:
    hall(d, s, 0.0, 0.94, 0.9, 0.4, STONE, ROOF_RED)
    for u in (0.14, 0.44, 0.74):
        d.polygon(s.pts((u, 0.56), (u + 0.1, 0.56), (u + 0.1, 0.74), (u + 0.05, 0.68), (u, 0.74)),
                  fill=(40, 80, 170), outline=OUTLINE, width=2)


def _bath(d: Draw, s: Box) -> None:
    hall(d, s, 0.04, 0.8, 0.7, 0.3, STONE, ROOF_BLUE, columns=True)
    d.ellipse(s.r(0.0, 0.82, 0.9, 1.0), fill=(110, 170, 220), outline=OUTLINE, width=2)
    PROPS["steam"](d, s.inner(0.2, 0.52, 0.7, 0.84))


def _silo(d: Draw, s: Box) -> None:
    tower(d, s, 0.2, 0.94, 0.3, 0.56, STONE, "spire", ROOF_BROWN)
    d.chord(s.r(0.52, 0.72, 0.98, 1.1), 180, 360, fill=(250, 250, 250), outline=OUTLINE, width=2)


def _harbor(d: Draw, pic: Box) -> None:
    d.rectangle(pic.r(0.0, 0.78, 0.46, 0.86), fill=(150, 100, 54), outline=OUTLINE, width=2)
    for u in (0.06, 0.22, 0.38):
        d.rectangle(pic.r(u, 0.86, u + 0.03, 1.0), fill=(110, 72, 40))
    crane(d, stage(pic, 0.2, 0.8, 0.0))
    draw_ship(d, stage(pic, 0.72, 0.8, 0.14), (244, 236, 214), 1, "crate")


MOTIFS: Mapping[str, tuple[str, Motif]] = MappingProxyType({
    # centre cards
    "road": ("meadow", _road),
    "settlement": ("meadow", _village),
    "city": ("meadow", _city),
    # basic actions
    "brigitta": ("dawn", _with(_hero((70, 110, 150), "", dress=True, hair=(180, 180, 176), cloak=(60, 80, 110)),
                               _die(6, 0.72, 0.5, 0.34))),
    "goldsmith": ("hall", _with(_hero((130, 90, 60), "hammer", beard=True, headgear="cap"),
                                _prop("ingot", 0.2, 0.82, 0.3))),
    "merchant_caravan": ("meadow", lambda d, pic: draw_cart(d, stage(pic, 0.5, 1.0, 0.0))),
    "scout": ("meadow", _with(_hero((90, 120, 70), "spyglass", headgear="hood", cloak=(70, 90, 50)),
                              _prop("map", 0.2, 0.84, 0.3))),
    "relocation": ("meadow", _prop("swap", 0.56, 0.52, 0.86)),
    # basic buildings
    "brick_factory": ("meadow", _booster("brick", "kiln")),
    "grain_mill": ("meadow", _booster("grain", "mill")),
    "iron_foundry": ("meadow", _booster("ore", "forge")),
    "lumber_camp": ("meadow", _booster("lumber", "saw")),
    "weavers_shop": ("meadow", _booster("wool", "weave")),
    "abbey": ("meadow", lambda d, pic: church(d, stage(pic, 0.5, 1.0), 0.16, 0.94, 1.2)),
    "parish_hall": ("meadow", _city_building(_hall(False, PLASTER, ROOF_BROWN), "bell")),
    "storehouse": ("meadow", _with(lambda d, pic: barn(d, stage(pic, 0.4, 1.0), 0.1, 0.94, 0.6, 0.34),
                                   _prop("crate", 0.8, 0.8, 0.28), _prop("barrel", 0.9, 0.78, 0.26))),
    "marketplace": ("meadow", lambda d, pic: stalls(d, stage(pic, 0.5, 1.0), 0.92)),
    "toll_bridge": ("meadow", lambda d, pic: bridge(d, stage(pic, 0.5, 1.0), 0.72)),
    # trade ships
    "brick_ship": ("sea", _ship("brick")),
    "grain_ship": ("sea", _ship("grain")),
    "ore_ship": ("sea", _ship("ore")),
    "wool_ship": ("sea", _ship("wool")),
    "lumber_ship": ("sea", _ship("lumber")),
    "gold_ship": ("sea", _ship("gold")),
    "large_trade_ship": ("sea", _ship("scales", masts=2, size=1.0)),
    # basic heroes: strong ones carry an axe, skilled ones a harp
    "austin": ("dawn", _hero((60, 110, 70), "harp", hair=(150, 96, 40))),
    "harald": ("dawn", _hero((60, 80, 140), "axe", headgear="helmet", beard=True)),
    "inga": ("dawn", _hero((150, 70, 110), "harp", dress=True, hair=(220, 180, 90))),
    "osmund": ("dawn", _hero((120, 90, 50), "sword", headgear="helmet", beard=True, cloak=(90, 40, 40))),
    "candamir": ("dawn", _hero((70, 70, 90), "axe", headgear="helmet", beard=True, cloak=(130, 40, 40))),
    "siglind": ("dawn", _hero((80, 120, 150), "sword", dress=True, hair=(200, 120, 60), cloak=(60, 60, 90))),
    # basic events
    "yule": ("night", _prop("fir", 0.5, 0.5, 0.96)),
    "invention": ("dawn", _with(_prop("gear", 0.36, 0.46, 0.66), _prop("gear", 0.68, 0.64, 0.44),
                                _prop("open_book", 0.8, 0.3, 0.4))),
    "year_of_plenty": ("meadow", _with(_prop("grain", 0.26, 0.6, 0.5), _prop("wool", 0.5, 0.62, 0.5),
                                       _prop("lumber", 0.74, 0.6, 0.5))),
    "traveling_merchant": ("meadow", _with(_hero((140, 100, 50), "coin_bag", headgear="hat", cloak=(90, 60, 40)),
                                           _prop("gold", 0.18, 0.82, 0.28))),
    "trade_ships_race": ("sea", _ships_race),
    "feud": ("storm", _with(_prop("sword", 0.4, 0.5, 0.9), _prop("axe", 0.6, 0.5, 0.9))),
    "fraternal_feuds": ("storm", _duo(Person((140, 60, 50), headgear="helmet", prop="sword", beard=True),
                                      Person((60, 80, 140), headgear="helmet", prop="axe", beard=True))),
    # gold
    "gudrun": ("sea", _with(_ship(black=True, u=0.22, size=0.6, sail=(40, 36, 40)),
                            _hero((120, 40, 50), "sword", dress=True, hair=(30, 24, 20), cloak=(40, 40, 50)))),
    "trade_master": ("hall", _hero((110, 40, 60), "scales", headgear="hat", cloak=(60, 40, 80))),
    "merchant": ("hall", _hero((60, 90, 110), "coin_bag", headgear="cap", beard=True)),
    "brigands": ("dusk", _duo(Person((80, 70, 60), headgear="hood", prop="club"),
                              Person((60, 60, 50), headgear="hood", prop="dagger"))),
    "reiner": ("dawn", _hero((40, 80, 170), "trumpet", headgear="hat", cloak=(200, 170, 60))),
    "gold_cache": ("dusk", _gold_cache),
    "pirate_ship": ("sea", _ship("skull_flag", black=True, sail=(40, 36, 40))),
    "merchant_guild": ("meadow", _city_building(_hall(False, PLASTER, ROOF_RED), "scales")),
    "moneylender": ("meadow", _city_building(lambda d, s: house(d, s, 0.14, 0.94, 0.5, 0.4, STONE, ROOF_BLUE),
                                             "coin_bag")),
    "harbor": ("sea", _harbor),
    "trading_base": ("meadow", _city_building(_hall(False, STONE, ROOF_BLUE), "scroll")),
    "mint": ("meadow", _city_building(_hall(True, STONE), "coin")),
    "salt_silo": ("meadow", _city_building(_silo)),
    "staple_house": ("meadow", _with(_city_building(lambda d, s: barn(d, s, 0.04, 0.94, 0.62, 0.36, (120, 90, 60))),
                                     _prop("barrel", 0.84, 0.8, 0.28))),
    "gift_for_the_prince": ("hall", _with(_prop("crown", 0.5, 0.3, 0.46), _prop("chest", 0.5, 0.72, 0.5))),
    # turmoil
    "voyage_of_plunder": ("dusk", _ship("chest", black=True, sail=(120, 40, 40))),
    "archer": ("dusk", _hero((70, 100, 60), "bow", headgear="hood", cloak=(60, 80, 40))),
    "arsonist": ("dusk", _with(_prop("flame", 0.16, 0.62, 0.5), _hero((90, 60, 50), "torch", headgear="hood"))),
    "sebastian": ("dawn", _hero((120, 100, 80), "cross", headgear="hood", cloak=(90, 70, 60), beard=True)),
    "traitor": ("night", _hero((50, 50, 60), "dagger", headgear="hood", cloak=(30, 30, 40))),
    "lookout_tower": ("meadow", lambda d, pic: tower(d, stage(pic, 0.5, 1.0), 0.36, 0.96, 0.28, 0.72)),
    "drill_ground": ("meadow", _with(_prop("dummy", 0.24, 0.52, 0.86),
                                     lambda d, pic: draw_person(d, stage(pic, 0.62, 0.9, 0.1),
                                                                Person((80, 80, 100), headgear="helmet",
                                                                       prop="sword")))),
    "carl_forkbeard": ("dawn", _hero((90, 60, 40), "axe", headgear="helmet", beard=True, cloak=(40, 60, 40),
                                     hair=(170, 90, 40))),
    "heinrich": ("dawn", _with(lambda d, pic: tower(d, stage(pic, 0.16, 1.0), 0.2, 0.96, 0.6, 0.6),
                               _hero((60, 60, 100), "sword", headgear="helmet", cloak=(120, 30, 30)))),
    "irmgard": ("night", _hero((220, 220, 230), "lantern", dress=True, hair=(236, 220, 170))),
    "chapel_1_3": ("meadow", _with(lambda d, pic: church(d, stage(pic, 0.4, 1.0), 0.1, 0.94, 1.1),
                                   _die(3, 0.76, 0.7, 0.3))),
    "chapel_4_6": ("meadow", _with(lambda d, pic: church(d, stage(pic, 0.4, 1.0), 0.1, 0.94, 1.1),
                                   _die(6, 0.76, 0.7, 0.3))),
    "fairgrounds": ("meadow", _with(_prop("tent", 0.3, 0.55, 0.8), _prop("tent", 0.72, 0.64, 0.64))),
    "fire_brigade": ("meadow", _with(lambda d, pic: tower(d, stage(pic, 0.4, 1.0), 0.3, 0.96, 0.3, 0.62),
                                     _prop("bucket", 0.76, 0.78, 0.3), _prop("bucket", 0.9, 0.8, 0.26))),
    "hedge_tavern": ("dusk", _city_building(lambda d, s: house(d, s, 0.1, 0.94, 0.56, 0.38, PLASTER, ROOF_BROWN,
                                                               timber=True), "mug")),
    "tithe_barn": ("meadow", _with(lambda d, pic: barn(d, stage(pic, 0.4, 1.0), 0.06, 0.94, 0.66, 0.36),
                                   _prop("grain", 0.84, 0.74, 0.4))),
    "large_festival_hall": ("meadow", _city_building(_festival_hall)),
    "riots": ("dusk", _crowd(("torch", "pitchfork", "torch", "pitchfork"))),
    # progress
    "benjamin": ("hall", _with(_hero((70, 60, 110), "open_book", headgear="cap", beard=True,
                                     hair=(200, 200, 196)),
                               _prop("scroll", 0.18, 0.76, 0.32))),
    "three_field_system": ("dawn", _three_fields),
    "mineral_mining": ("dawn", _mine),
    "guido": ("hall", _hero((120, 30, 50), "scroll", headgear="hat", cloak=(40, 60, 120))),
    "gustav": ("hall", _with(_prop("books", 0.2, 0.7, 0.5), _hero((60, 80, 60), "book", beard=True,
                                                                  hair=(170, 170, 170)))),
    "doctor": ("hall", _hero((40, 40, 48), "flask", headgear="hat", cloak=(30, 30, 36))),
    "chief_cannoneer": ("meadow", lambda d, pic: draw_cannon(d, stage(pic, 0.5, 1.0))),
    "pharmacy": ("meadow", _city_building(lambda d, s: house(d, s, 0.1, 0.94, 0.56, 0.4, PLASTER, ROOF_RED),
                                          "flask")),
    "bath_house": ("meadow", _city_building(_bath)),
    "building_crane": ("meadow", lambda d, pic: crane(d, stage(pic, 0.5, 1.0))),
    "library": ("meadow", _city_building(_hall(False, STONE, ROOF_BLUE), "books")),
    "parliament": ("meadow", _city_building(_hall(True, (236, 230, 214)))),
    "town_hall": ("meadow", _city_building(_town_hall)),
    "university": ("meadow", _city_building(_castle, "mortarboard", 0.5, 0.02, 0.28)),
    "plague": ("storm", _plague),
})


def _backdrop_layer(name: str, size: Size) -> Image.Image:
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    paint_backdrop(layer, Box(0, 0, size[0], size[1]), name)
    return layer


def paint_picture(img: Image.Image, pic: Box, card_id: str, memo: ArtMemo | None = None) -> None:
    """Paint the card's backdrop and motif into the picture box of img (nothing spills outside it).

    With a memo, each backdrop is drawn once per size and copied for the other cards of the build.
    """
    backdrop, motif = MOTIFS[card_id]
    w, h = max(1, round(pic.w)), max(1, round(pic.h))
    if memo is None:
        layer = _backdrop_layer(backdrop, (w, h))
    else:
        layer = memo.get(("rivals-backdrop", backdrop, w, h), lambda: _backdrop_layer(backdrop, (w, h))).copy()
    local = Box(0, 0, w, h)
    motif(ImageDraw.Draw(layer), local)
    img.alpha_composite(layer, (round(pic.x0), round(pic.y0)))
