"""A contact sheet of every Rivals face and back, and the cold-build benchmark of the Rivals art."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from gui.art.cache import ArtCache, rivals_sizes
from gui.art.context import RenderContext
from gui.art.registry import KINDS, natural_size, render
from gui.i18n import Translator

RIVALS_KINDS = ("rivals_card", "rivals_region", "rivals_back")
GAP = 10
BACKGROUND = (30, 34, 42, 255)


def make_rivals_sheet(lang: str, width: int = 180, columns: int = 10,
                      names: Sequence[tuple[str, str]] | None = None) -> Image.Image:
    """Every Rivals card face, region face and back (or the given (kind, name) pairs) at width, in rows."""
    ctx = RenderContext(Translator(lang))
    items = list(names) if names is not None else [(k, n) for k in RIVALS_KINDS for n in KINDS[k].names]
    images = [render(kind, name, width, ctx) for kind, name in items]
    cols = max(1, min(columns, len(images)))
    rows: list[list[Image.Image]] = [images[i:i + cols] for i in range(0, len(images), cols)]
    heights = [max(img.height for img in row) for row in rows]
    sheet = Image.new("RGBA", (GAP + cols * (width + GAP), GAP + sum(h + GAP for h in heights)), BACKGROUND)
    y = GAP
    for row, h in zip(rows, heights):
        for i, img in enumerate(row):
            sheet.alpha_composite(img, (GAP + i * (width + GAP), y + h - img.height))
        y += h + GAP
    return sheet


@dataclass(frozen=True)
class BenchResult:
    """How long the cold build took and how much it drew."""

    seconds: float
    renders: int
    width: int
    langs: tuple[str, ...]


def bench_rivals(width: int = 120, langs: Sequence[str] = ("cs", "en"), cache_dir: Path | None = None) -> BenchResult:
    """Render every Rivals face at the table's sizes for a card width into an empty cache, in each language."""
    sizes = rivals_sizes(width)
    with tempfile.TemporaryDirectory(prefix="rivals-bench-") as tmp:
        root = Path(cache_dir) if cache_dir is not None else Path(tmp)
        start = time.perf_counter()
        renders = 0
        for lang in langs:
            renders += ArtCache(root, lang).warm(sizes)
        seconds = time.perf_counter() - start
    return BenchResult(seconds, renders, width, tuple(langs))


def sheet_size(width: int) -> tuple[int, int]:
    """The size of one card face at width (for the command's report)."""
    return natural_size("rivals_card", KINDS["rivals_card"].names[0], width)
