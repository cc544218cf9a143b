"""The island backdrop behind the menus (composed from the tile art, blurred, kept on disk), the title drawn over
it, and whether the start-up art is ready."""

from __future__ import annotations

import io
import math
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from PIL import Image, ImageDraw, ImageFilter

from game.core.errors import GameError
from game.core.files import read_file_bytes
from gui.art import RENDERER_VERSION, ArtCache, rivals_sizes, table_sizes
from gui.art.cache import MAX_CACHED_PNG_BYTES, RIVALS_MASTER_WIDTH
from gui.dialogs import GOLD, GOLD_DARK, blit_text, fit_text, make_background, px

if TYPE_CHECKING:
    from gui.app import App

BACKDROP_SIZE = (1920, 1080)
BACKDROP_VERSION = "b4"
BACKDROP_HEX = 184
CREAM = (246, 236, 210)


def island() -> dict[tuple[int, int], tuple[str, int]]:
    """The beginner board (a legal layout: no 6 beside an 8, no equal numbers side by side) as terrain and number
    by axial hex coordinate, the middle hex at (0, 0)."""
    from game.catan.board import Board, shared_beginner_layout
    from game.catan.geometry import topology

    board = Board.from_json(shared_beginner_layout()["board"])
    return {c: (board.terrains[h], board.numbers[h]) for h, c in enumerate(topology().hex_coords)}


def backdrop_path(app: App) -> Path:
    """Where the composed title backdrop PNG is cached."""
    return app.cache_dir / "backdrop" / f"menu-{RENDERER_VERSION}-{BACKDROP_VERSION}.png"


def startup_art_sizes(size: tuple[int, int]) -> dict[str, Any]:
    """The art worth having on disk before the menu shows: the Catan table's art for a table whose hexes are about
    a sixth of the window height."""
    sizes = table_sizes(max(48, round(min(size[0] * 0.62 / 5.6, size[1] * 0.9 / 6.6))))
    sizes.update(rivals_sizes(RIVALS_MASTER_WIDTH))
    return sizes


def _art_jobs(sizes: dict[str, Any]) -> list[tuple[str, str, Any]]:
    from gui.art import KINDS

    jobs = []
    for kind, spec in sizes.items():
        for size in (spec if isinstance(spec, list) else [spec]):
            jobs.extend((kind, name, size) for name in KINDS[kind].names)
    return jobs


def startup_art_ready(app: App) -> bool:
    """Whether the backdrop and the table art are already cached (then the menu comes up at once)."""
    if not backdrop_path(app).is_file():
        return False
    return all(app.art.path_for(k, n, s).is_file() for k, n, s in _art_jobs(startup_art_sizes(app.size)))


def _hex_cells() -> list[tuple[int, int]]:
    """Axial coordinates of a radius-3 hexagon of hexes (rings 0 to 3), ring by ring."""
    cells = [(0, 0)]
    directions = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    for radius in (1, 2, 3):
        q, r = -radius, radius
        for dq, dr in directions:
            for _ in range(radius):
                cells.append((q, r))
                q, r = q + dq, r + dr
    return cells


def _hex_centers(width: float) -> list[tuple[float, float]]:
    """Centres of the cells of _hex_cells() for pointy-top hexes of the width, relative to the middle."""
    height = width * 2 / math.sqrt(3)
    return [(width * (q + r / 2), height * 0.75 * r) for q, r in _hex_cells()]


def compose_backdrop(art: ArtCache) -> Image.Image:
    """The title backdrop: an island of terrain tiles with number tokens on the sea, blurred and darkened."""
    W, H = BACKDROP_SIZE
    sea = art.get("sea", "background", (W // 2, H // 2)).resize((W, H), Image.Resampling.BICUBIC)
    img = sea.convert("RGBA")
    hw = BACKDROP_HEX
    hh = round(hw * 2 / math.sqrt(3))
    cx, cy = W * 0.685, H * 0.5
    rng = random.Random(7)
    centers = _hex_centers(hw - 2)
    land = island()
    for cell, (dx, dy) in zip(_hex_cells(), centers):
        x, y = round(cx + dx - hw / 2), round(cy + dy - hh / 2)
        if cell in land:
            terrain, number = land[cell]
            name = terrain if terrain == "desert" else f"{terrain}.{rng.randrange(3)}".replace(".0", "")
            img.alpha_composite(art.get("terrain", name, hw), (x, y))
            if number:
                token = art.get("token", str(number), round(hw * 0.36))
                img.alpha_composite(token, (round(cx + dx - token.width / 2), round(cy + dy - token.height / 2)))
        else:
            img.alpha_composite(art.get("sea", "hex", hw), (x, y))
    img = img.filter(ImageFilter.GaussianBlur(4.0))
    shade = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(shade)
    # Darker on the left, where the menu sits, and toward the edges.
    for x in range(0, W, 4):
        t = x / W
        a = int(225 - 105 * min(1.0, t / 0.6))
        d.rectangle([x, 0, x + 4, H], fill=(10, 13, 20, a))
    img.alpha_composite(shade)
    vignette = Image.new("L", (W, H), 0)
    ImageDraw.Draw(vignette).ellipse([-W * 0.15, -H * 0.25, W * 1.15, H * 1.25], fill=255)
    vignette = vignette.filter(ImageFilter.GaussianBlur(120))
    dark = Image.new("RGBA", (W, H), (8, 10, 16, 255))
    dark.putalpha(vignette.point(lambda v: int((255 - v) * 0.8)))
    img.alpha_composite(dark)
    return img.convert("RGB")


def build_backdrop(app: App) -> Path:
    """Compose the backdrop and store it as PNG in the cache (atomic replace)."""
    path = backdrop_path(app)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.png")
    compose_backdrop(app.art).save(tmp, format="PNG", compress_level=1)
    tmp.replace(path)
    return path


def load_backdrop(app: App) -> pygame.Surface | None:
    """The cached backdrop as a surface (composing it first when it is missing); None if that fails."""
    path = backdrop_path(app)
    try:
        if not path.is_file():
            build_backdrop(app)
        raw = read_file_bytes(path, GameError, MAX_CACHED_PNG_BYTES)  # the guarded reader: regular files, a limit
        return pygame.image.load(io.BytesIO(raw), path.name).convert()
    except (OSError, pygame.error, ValueError, GameError):
        return None


def cover(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Scale the image to cover size (cropping the overflow, centred)."""
    w, h = size
    iw, ih = image.get_size()
    k = max(w / iw, h / ih)
    scaled = pygame.transform.smoothscale(image, (max(1, math.ceil(iw * k)), max(1, math.ceil(ih * k))))
    out = pygame.Surface((w, h))
    out.blit(scaled, ((w - scaled.get_width()) // 2, (h - scaled.get_height()) // 2))
    return out


class Backdrop:
    """The title backdrop scaled to the window (shared by the menu screens); plain slate as fallback."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.image = load_backdrop(app)
        self._scaled: pygame.Surface | None = None

    def surface(self, size: tuple[int, int]) -> pygame.Surface:
        """The backdrop at this size (rescaled only when the size changes)."""
        if self._scaled is None or self._scaled.get_size() != size:
            self._scaled = cover(self.image, size) if self.image is not None else make_background(size)
        return self._scaled


def backdrop_for(app: App) -> Backdrop:
    """The app's one Backdrop (created on first use and kept on the app)."""
    backdrop = app.shared.get("menu.backdrop")
    if not isinstance(backdrop, Backdrop):
        backdrop = app.shared["menu.backdrop"] = Backdrop(app)
    return backdrop


def draw_title(surface: pygame.Surface, app: App, x: int, top: int, scale: float, max_width: int,
               centered: bool = False) -> pygame.Rect:
    """The "Catan Table" title in gold with a dark outline, the translated subtitle and a gold rule."""
    from gui.fonts import render_text

    title = app.t("app.title")
    subtitle = app.t("menu.subtitle")
    size = fit_text(title, px(92, scale), max_width, True)
    anchor = "midtop" if centered else "topleft"
    outline = render_text(title, size, (20, 14, 8), True)
    face = render_text(title, size, GOLD, True)
    rect = face.get_rect(**{anchor: (x, top)})
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (3, 4)):
        surface.blit(outline, rect.move(dx, dy))
    surface.blit(face, rect)
    shine = render_text(title, size, (255, 226, 150), True)
    shine.set_alpha(70)
    surface.blit(shine, rect.move(-1, -1))
    sub_size = fit_text(subtitle, px(22, scale), max_width)
    sub_pos = (rect.centerx if centered else rect.x + px(4, scale), rect.bottom + px(4, scale))
    sub = blit_text(surface, subtitle, sub_size, CREAM, sub_pos, anchor, shadow=True)
    y = sub.bottom + px(16, scale)
    length = min(max_width, px(320, scale))
    x0 = rect.centerx - length // 2 if centered else sub.x
    pygame.draw.line(surface, GOLD_DARK, (x0, y), (x0 + length, y), 2)
    pygame.draw.circle(surface, GOLD, (x0 + length // 2 if centered else x0, y), px(4, scale))
    return pygame.Rect(rect.x, rect.y, max(rect.width, sub.width), y - rect.y)
