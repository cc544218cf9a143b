"""The catalogue of art kinds: their names, natural proportions, and how to render them."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType

from PIL import Image, ImageDraw

from gui.art.canvas import Box, Size, finish, new_canvas
from gui.art.cards import (
    CARD_BACKS, DEV_CARDS, SPECIAL_CARDS, render_card_back, render_dev_card, render_resource_card,
    render_special_card,
)
from gui.art.context import RenderContext
from gui.art.figures import piece_names, render_piece, render_robber
from gui.art.icons import paint_icon
from gui.art.palette import RESOURCES, TERRAINS
from gui.art.quick_cards import FATE_SIDES, QUICK_CARDS, render_fate_card, render_quick_card
from gui.art.rivals_backs import BACKS as RIVALS_BACKS, SQUARE_BACKS, render_rivals_back
from gui.art.rivals_faces import card_names as rivals_card_names, render_rivals_card
from gui.art.rivals_icons import RIVALS_ICONS, paint_rivals_icon
from gui.art.rivals_regions import region_names, render_rivals_region
from gui.art.tiles import render_sea_background, render_terrain
from gui.art.tokens import TOKEN_NUMBERS, render_die, render_harbor, render_token

TERRAIN_VARIANTS = 3  # per terrain except the desert; the board picks one per hex for variety
HEX_ASPECT = 2 / math.sqrt(3)  # height / width of a regular pointy-top hexagon
CARD_ASPECT = 1.5

Renderer = Callable[[str, Size, RenderContext], Image.Image]


@dataclass(frozen=True)
class ArtKind:
    """One kind of art: the names it has, its height/width ratio, and whether it carries text."""

    kind: str
    names: tuple[str, ...]
    render: Renderer
    aspect: Callable[[str], float]
    uses_text: bool = False


def _terrain_names() -> tuple[str, ...]:
    """Terrain names with their variants: "forest", "forest.1", "forest.2", ..."""
    names = []
    for terrain in TERRAINS:
        names.append(terrain)
        if terrain != "desert":
            names.extend(f"{terrain}.{i}" for i in range(1, TERRAIN_VARIANTS))
    return tuple(names)


def split_variant(name: str) -> tuple[str, int]:
    """Split "forest.2" into ("forest", 2); a plain name is variant 0."""
    base, _, variant = name.partition(".")
    return base, int(variant) if variant else 0


def _render_terrain(name: str, size: Size, ctx: RenderContext) -> Image.Image:
    base, variant = split_variant(name)
    return render_terrain(base, size, variant)


def _render_sea(name: str, size: Size, ctx: RenderContext) -> Image.Image:
    return render_terrain("sea", size) if name == "hex" else render_sea_background(size)


def _render_icon(name: str, size: Size, ctx: RenderContext) -> Image.Image:
    img = new_canvas(size)
    W, H = img.size
    s = min(W, H)
    paint_icon(img, name, Box((W - s) / 2, (H - s) / 2, s, s))
    return finish(img, size)


def _render_rivals_icon(name: str, size: Size, ctx: RenderContext) -> Image.Image:
    img = new_canvas(size)
    W, H = img.size
    s = min(W, H)
    paint_rivals_icon(ImageDraw.Draw(img), name, Box((W - s) / 2, (H - s) / 2, s, s))
    return finish(img, size)


def _const(ratio: float) -> Callable[[str], float]:
    return lambda name: ratio


KINDS: MappingProxyType[str, ArtKind] = MappingProxyType({k.kind: k for k in (
    ArtKind("terrain", _terrain_names(), _render_terrain, _const(HEX_ASPECT)),
    ArtKind("sea", ("hex", "background"), _render_sea, lambda n: HEX_ASPECT if n == "hex" else 1.0),
    ArtKind("token", TOKEN_NUMBERS, lambda n, s, c: render_token(n, s, c.fonts), _const(1.0)),
    ArtKind("harbor", ("generic",) + RESOURCES, lambda n, s, c: render_harbor(n, s, c.fonts), _const(1.0)),
    ArtKind("icon", RESOURCES, _render_icon, _const(1.0)),
    ArtKind("resource_card", RESOURCES, render_resource_card, _const(CARD_ASPECT), uses_text=True),
    ArtKind("dev_card", DEV_CARDS, render_dev_card, _const(CARD_ASPECT), uses_text=True),
    ArtKind("special_card", SPECIAL_CARDS, render_special_card, _const(CARD_ASPECT), uses_text=True),
    ArtKind("quick_card", QUICK_CARDS, render_quick_card, _const(CARD_ASPECT), uses_text=True),
    ArtKind("quick_fate", FATE_SIDES, render_fate_card, _const(CARD_ASPECT), uses_text=True),
    ArtKind("card_back", CARD_BACKS, lambda n, s, c: render_card_back(n, s, c.fonts), _const(CARD_ASPECT)),
    ArtKind("robber", ("robber",), lambda n, s, c: render_robber(s), _const(1.5)),
    ArtKind("die", ("1", "2", "3", "4", "5", "6"), lambda n, s, c: render_die(n, s), _const(1.0)),
    ArtKind("piece", piece_names(), lambda n, s, c: render_piece(n, s),
            lambda n: 0.3 if n.startswith("road") else 1.0),
    ArtKind("rivals_card", rivals_card_names(), render_rivals_card, _const(CARD_ASPECT), uses_text=True),
    ArtKind("rivals_region", region_names(), render_rivals_region, _const(1.0), uses_text=True),
    ArtKind("rivals_back", RIVALS_BACKS, lambda n, s, c: render_rivals_back(n, s, c.fonts),
            lambda n: 1.0 if n in SQUARE_BACKS else CARD_ASPECT),
    ArtKind("rivals_icon", RIVALS_ICONS, _render_rivals_icon, _const(1.0)),
)})


def art_kind(kind: str, name: str) -> ArtKind:
    """The ArtKind for kind, checking that name belongs to it (KeyError otherwise)."""
    spec = KINDS.get(kind)
    if spec is None:
        raise KeyError(f"unknown art kind {kind!r}; known: {', '.join(KINDS)}")
    if name not in spec.names:
        raise KeyError(f"unknown {kind} art {name!r}; known: {', '.join(spec.names)}")
    return spec


def natural_size(kind: str, name: str, width: int) -> Size:
    """The (width, height) of the art at this width in its natural proportions."""
    spec = art_kind(kind, name)
    return (width, max(1, round(width * spec.aspect(name))))


def normalize_size(kind: str, name: str, size: int | Size) -> Size:
    """Turn a width or a (width, height) pair into a checked (width, height) pair."""
    if isinstance(size, int):
        w, h = natural_size(kind, name, size)
    else:
        w, h = (int(size[0]), int(size[1]))
    if w < 1 or h < 1:
        raise ValueError(f"art size must be positive, got {size!r}")
    return (w, h)


def render(kind: str, name: str, size: int | Size, ctx: RenderContext) -> Image.Image:
    """Render one piece of art (no caching) as an RGBA image of exactly the requested size."""
    spec = art_kind(kind, name)
    wh = normalize_size(kind, name, size)
    img = spec.render(name, wh, ctx)
    if img.size != wh or img.mode != "RGBA":
        img = img.convert("RGBA").resize(wh, Image.Resampling.LANCZOS)
    return img
