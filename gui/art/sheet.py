"""A contact sheet of every piece of art, with a sample board, for reviewing the look."""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import MappingProxyType

from PIL import Image, ImageDraw

from gui.art.canvas import Size
from gui.art.context import RenderContext
from gui.art.registry import HEX_ASPECT, KINDS, natural_size, render
from gui.art.tiles import render_sea_background
from gui.i18n import Translator

SHEET_WIDTH = 2000
MARGIN = 24
GAP = 14
CAPTION = 20

# Width at which each kind is shown (sea background gets an explicit size).
SHEET_WIDTHS = MappingProxyType({
    "terrain": 150, "sea": 150, "token": 72, "harbor": 84, "icon": 72, "resource_card": 150, "dev_card": 150,
    "special_card": 150, "card_back": 150, "robber": 60, "die": 64, "piece": 64, "quick_card": 150,
})

# The beginner board (hex rows 3-4-5-4-3): terrain and number per hex, and harbors as (hex, side, kind).
SAMPLE_ROWS = (
    (("mountains", 10), ("pasture", 2), ("forest", 9)),
    (("fields", 12), ("hills", 6), ("pasture", 4), ("hills", 10)),
    (("fields", 9), ("forest", 11), ("desert", 0), ("forest", 3), ("mountains", 8)),
    (("forest", 8), ("mountains", 3), ("fields", 4), ("pasture", 5)),
    (("hills", 5), ("fields", 6), ("pasture", 11)),
)
SAMPLE_HARBORS = ((0, "NW", "generic"), (1, "NE", "grain"), (6, "NE", "ore"), (11, "E", "generic"),
                  (15, "SE", "wool"), (17, "SE", "generic"), (16, "SW", "generic"), (12, "W", "brick"),
                  (3, "W", "lumber"))
SIDE_ANGLE = MappingProxyType({"E": 0, "NE": -60, "NW": -120, "W": 180, "SW": 120, "SE": 60})


def _sample_board(ctx: RenderContext, hex_w: int) -> Image.Image:
    """The beginner board on the sea, with tokens, harbors, the robber and a few pieces."""
    hex_h = round(hex_w * HEX_ASPECT)
    cols = 5
    width = round(hex_w * (cols + 2.2))
    height = round(hex_h * 0.75 * 4 + hex_h + hex_w * 1.6)
    board = render_sea_background((width, height))
    cx0, cy0 = width / 2, height / 2
    centres = []
    for r, row in enumerate(SAMPLE_ROWS):
        for i, (terrain, number) in enumerate(row):
            x = cx0 + (i - (len(row) - 1) / 2) * hex_w
            y = cy0 + (r - 2) * hex_h * 0.75
            centres.append((x, y, terrain, number))
    counts: dict[str, int] = {}
    token_w = round(hex_w * 0.4)
    for x, y, terrain, number in centres:
        variant = counts.get(terrain, 0)
        counts[terrain] = variant + 1
        name = terrain if terrain == "desert" or variant == 0 else f"{terrain}.{variant % 3}"
        tile = render("terrain", name if name in KINDS["terrain"].names else terrain, (hex_w, hex_h), ctx)
        board.alpha_composite(tile, (round(x - hex_w / 2), round(y - hex_h / 2)))
        if number:
            token = render("token", str(number), token_w, ctx)
            board.alpha_composite(token, (round(x - token_w / 2), round(y - token_w / 2)))
        else:
            robber = render("robber", "robber", round(hex_w * 0.3), ctx)
            board.alpha_composite(robber, (round(x - robber.width / 2), round(y - robber.height * 0.7)))
    badge = round(hex_w * 0.36)
    for index, side, kind in SAMPLE_HARBORS:
        x, y = centres[index][:2]
        a = math.radians(SIDE_ANGLE[side])
        dist = hex_w / 2 + badge * 0.62
        img = render("harbor", kind, badge, ctx)
        board.alpha_composite(img, (round(x + math.cos(a) * dist - badge / 2), round(y + math.sin(a) * dist - badge / 2)))
    # A few pieces on corners and edges show how they read on the tiles.
    def corner(index: int, k: int) -> tuple[float, float]:
        a = math.radians(-90 + 60 * k)
        return centres[index][0] + math.cos(a) * hex_h / 2, centres[index][1] + math.sin(a) * hex_h / 2

    road_w = round(hex_w * 0.5)
    for index, k, color in ((4, 0, "red"), (4, 5, "red"), (14, 2, "orange"), (8, 3, "blue")):
        (x1, y1), (x2, y2) = corner(index, k), corner(index, (k + 1) % 6)
        road = render("piece", f"road_{color}", road_w, ctx)
        angle = -math.degrees(math.atan2(y2 - y1, x2 - x1))
        road = road.rotate(angle, expand=True, resample=Image.Resampling.BICUBIC)
        board.alpha_composite(road, (round((x1 + x2 - road.width) / 2), round((y1 + y2 - road.height) / 2)))
    piece = round(hex_w * 0.26)
    for index, k, kind in ((4, 0, "settlement_red"), (8, 4, "city_blue"), (14, 3, "settlement_orange"),
                           (10, 1, "settlement_white"), (17, 5, "city_white")):
        px, py = corner(index, k)
        board.alpha_composite(render("piece", kind, piece, ctx), (round(px - piece / 2), round(py - piece * 0.6)))
    return board


def _label(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, ctx: RenderContext, px: int,
           anchor: str = "la") -> None:
    """Light caption text with a dark outline, readable on water."""
    font = ctx.fonts.get("condensed-bold", px)
    draw.text(xy, text, font=font, fill=(250, 244, 226), anchor=anchor, stroke_width=max(1, px // 8),
              stroke_fill=(20, 30, 44))


def _block(title: str, items: Sequence[tuple[str, Image.Image]], max_width: int,
           ctx: RenderContext) -> Image.Image:
    """One titled section: its items in rows no wider than max_width, each with a caption."""
    font = ctx.fonts.get("condensed-bold", 14)
    cells = [(name, img, max(img.width, round(font.getlength(name)) + 6)) for name, img in items]
    rows: list[list[tuple[str, Image.Image, int]]] = [[]]
    x = 0
    for cell in cells:
        if rows[-1] and x + cell[2] > max_width:
            rows.append([])
            x = 0
        rows[-1].append(cell)
        x += cell[2] + GAP
    width = max(sum(c[2] for c in row) + GAP * (len(row) - 1) for row in rows)
    heights = [max(c[1].height for c in row) for row in rows]
    block = Image.new("RGBA", (max(width, 120), 34 + sum(h + CAPTION + GAP for h in heights)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(block)
    _label(draw, (0, 0), title, ctx, 24)
    y = 34
    for row, row_h in zip(rows, heights):
        x = 0
        for name, img, cell in row:
            block.alpha_composite(img, (x + (cell - img.width) // 2, y + row_h - img.height))
            _label(draw, (x + cell / 2, y + row_h + 3), name, ctx, 14, anchor="ma")
            x += cell + GAP
        y += row_h + CAPTION + GAP
    return block


def _pack(blocks: Sequence[Image.Image], width: int) -> list[tuple[Image.Image, int, int]]:
    """Shelf packing: place blocks left to right, starting a new shelf when one is full."""
    placed = []
    x = y = shelf = 0
    for block in blocks:
        if x and x + block.width > width:
            x, y, shelf = 0, y + shelf + GAP * 2, 0
        placed.append((block, x, y))
        x += block.width + GAP * 3
        shelf = max(shelf, block.height)
    return placed


def make_sheet(lang: str) -> Image.Image:
    """Render every art kind and name (plus a sample board) onto one image."""
    ctx = RenderContext(Translator(lang))
    inner = SHEET_WIDTH - 2 * MARGIN
    board = _sample_board(ctx, 120)
    blocks = [board]
    for kind, spec in KINDS.items():
        if kind not in SHEET_WIDTHS:
            continue  # the Rivals art has its own sheet (gui.art.rivals_sheet)
        items = []
        for name in spec.names:
            size: int | Size = SHEET_WIDTHS[kind]
            if kind == "sea" and name == "background":
                size = (300, 173)
            elif kind == "piece" and name.startswith("road"):
                size = 90
            items.append((name, render(kind, name, size, ctx)))
        max_width = inner - board.width - GAP * 3 if kind == "terrain" else inner
        if kind in ("resource_card", "dev_card"):
            max_width = inner // 2
        blocks.append(_block(kind, items, max_width, ctx))
    placed = _pack(blocks, inner)
    height = max(y + b.height for b, _, y in placed) + MARGIN * 2 + 50
    sheet = render_sea_background((SHEET_WIDTH, height))
    sheet.alpha_composite(Image.new("RGBA", sheet.size, (14, 30, 48, 130)))
    _label(ImageDraw.Draw(sheet), (MARGIN, MARGIN), f"Catan Table - art sheet ({lang})", ctx, 30)
    for block, x, y in placed:
        sheet.alpha_composite(block, (MARGIN + x, MARGIN + 50 + y))
    return sheet


def sample_sizes() -> dict[str, Size]:
    """The natural size of each kind's first name at its sheet width (for documentation)."""
    return {kind: natural_size(kind, spec.names[0], SHEET_WIDTHS[kind]) for kind, spec in KINDS.items()
            if kind in SHEET_WIDTHS}
