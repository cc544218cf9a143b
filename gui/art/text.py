"""Font loading and text layout (fit, wrap, centre) with the shipped DejaVu fonts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType

from PIL import ImageDraw, ImageFont

from game.core.resources import fonts_dir

FONT_DIR = fonts_dir()
FACES = MappingProxyType({
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
})

Font = ImageFont.FreeTypeFont


class FontBook:
    """Loads DejaVu faces by name and pixel size, keeping them per instance."""

    def __init__(self, font_dir: Path = FONT_DIR) -> None:
        self._dir = font_dir
        self._fonts: dict[tuple[str, int], Font] = {}

    def get(self, face: str, px: float) -> Font:
        """The font face ("regular", "bold", "condensed", "condensed-bold") at px pixels."""
        key = (face, max(1, round(px)))
        font = self._fonts.get(key)
        if font is None:
            font = ImageFont.truetype(str(self._dir / FACES[face]), key[1])
            self._fonts[key] = font
        return font

    def fit(self, text: str, face: str, max_w: float, max_px: float, min_px: float = 4) -> Font:
        """The largest font (max_px downwards) in which text fits on one line of max_w."""
        px = max_px
        while px > min_px:
            font = self.get(face, px)
            if font.getlength(text) <= max_w:
                return font
            px *= 0.92
        return self.get(face, min_px)

    def fit_wrapped(self, text: str, face: str, max_w: float, max_h: float,
                    max_px: float, min_px: float = 4, leading: float = 1.18) -> tuple[Font, list[str]]:
        """The largest font and its wrapped lines that fit in a max_w x max_h box."""
        px = max_px
        while True:
            font = self.get(face, px)
            lines = wrap(text, font, max_w)
            fits = len(lines) * px * leading <= max_h and all(font.getlength(x) <= max_w for x in lines)
            if fits or px <= min_px:
                return font, lines
            px = max(min_px, px * 0.93)


def shortened(text: str, font: Font, max_w: float) -> str:
    """The text, cut short with an ellipsis where it is wider than max_w in this font (never clipped mid-glyph)."""
    if font.getlength(text) <= max_w:
        return text
    while text and font.getlength(text.rstrip() + "…") > max_w:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def wrap(text: str, font: Font, max_w: float) -> list[str]:
    """Greedy word wrap of text into lines no wider than max_w (long words stay whole)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and font.getlength(candidate) > max_w:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def draw_centered(draw: ImageDraw.ImageDraw, center: tuple[float, float], text: str, font: Font,
                  fill: Sequence[int], stroke: int = 0, stroke_fill: Sequence[int] | None = None) -> None:
    """Draw one line of text centred on a point (by its ink, not its baseline)."""
    draw.text(center, text, font=font, fill=tuple(fill), anchor="mm",
              stroke_width=stroke, stroke_fill=tuple(stroke_fill) if stroke_fill else None)


def draw_lines(draw: ImageDraw.ImageDraw, cx: float, top: float, lines: Sequence[str], font: Font,
               fill: Sequence[int], leading: float = 1.18) -> None:
    """Draw centred lines of text starting at top."""
    step = font.size * leading
    for i, line in enumerate(lines):
        draw.text((cx, top + i * step), line, font=font, fill=tuple(fill), anchor="ma")
