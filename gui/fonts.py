"""The shipped DejaVu fonts, loaded once per size and weight, and text-fitting helpers."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.core.resources import fonts_dir

FONT_DIR = fonts_dir()
FONT_FILES = {
    ("regular", False): "DejaVuSans.ttf",
    ("regular", True): "DejaVuSans-Bold.ttf",
    ("condensed", False): "DejaVuSansCondensed.ttf",
    ("condensed", True): "DejaVuSansCondensed-Bold.ttf",
}


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False, family: str = "regular") -> pygame.font.Font:
    """A DejaVu font of the given pixel size (covers Czech diacritics)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(FONT_DIR / FONT_FILES[(family, bold)]), max(6, int(size)))


@lru_cache(maxsize=2048)
def render_text(text: str, size: int, color: tuple[int, int, int], bold: bool = False,
                family: str = "regular") -> pygame.Surface:
    """Rendered, antialiased text (cached: the same label is drawn every frame)."""
    return font(size, bold, family).render(text, True, color)


def wrap_text(text: str, size: int, width: int, bold: bool = False, family: str = "regular") -> list[str]:
    """Split text into lines that fit the width in pixels."""
    f = font(size, bold, family)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}".strip()
            if f.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
