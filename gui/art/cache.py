"""ArtCache: renders art on demand and keeps it as PNG in the user cache dir and in memory."""

from __future__ import annotations

import io
import logging
import os
import shutil
import struct
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from PIL import Image

from game.core.errors import GameError
from game.core.files import TEMP_SUFFIX, read_file_bytes, remove_stale_temporaries
from gui.art.canvas import Size
from gui.art.context import RenderContext
from gui.art.registry import KINDS, art_kind, normalize_size, render
from gui.i18n import Translator

RENDERER_VERSION = "v4"  # bump whenever any drawing changes, so old PNGs are not reused
COMMON_DIR = "common"  # the folder for art without text, shared by all languages
MEMORY_ITEMS = 600
# Far above any cached PNG (a full-screen backdrop is a few MB); a larger file is a cache miss, never read whole.
MAX_CACHED_PNG_BYTES = 64 * 1024 * 1024

log = logging.getLogger(__name__)

SizeSpec = int | Size
ProgressCallback = Callable[[int, int], None]


def default_cache_dir() -> Path:
    """The art cache folder inside the user's cache dir (platformdirs)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("catan-table")) / "art"


def table_sizes(hex_width: int) -> dict[str, list[SizeSpec]]:
    """Sizes of every kind of art for a table whose hexes are hex_width pixels wide."""
    card_w = max(8, round(hex_width * 0.62))
    return {
        "terrain": [hex_width],
        "sea": [hex_width],
        "token": [max(8, round(hex_width * 0.4))],
        "harbor": [max(8, round(hex_width * 0.36))],
        "icon": [max(8, round(hex_width * 0.24))],
        "resource_card": [card_w],
        "dev_card": [card_w],
        "special_card": [card_w],
        "card_back": [card_w],
        "quick_card": [card_w],
        "quick_fate": [max(8, round(card_w * 0.6))],
        "robber": [max(8, round(hex_width * 0.28))],
        "die": [max(8, round(hex_width * 0.4))],
        "piece": [max(8, round(hex_width * 0.26))],
    }


#: The width every Rivals card face is drawn at once (the table scales each face from it).
RIVALS_MASTER_WIDTH = 300


def rivals_sizes(card_width: int) -> dict[str, list[SizeSpec]]:
    """Sizes of the Rivals art for a table whose cards are card_width pixels wide (regions are square)."""
    width = max(8, card_width)
    return {
        "rivals_card": [width],
        "rivals_region": [width],
        "rivals_back": [width],
        "rivals_icon": [max(8, round(width * 0.2))],
    }


def _size_list(spec: SizeSpec | Iterable[SizeSpec]) -> list[SizeSpec]:
    """One size (a width or a (w, h) tuple) or an iterable of sizes, as a list."""
    if isinstance(spec, int):
        return [spec]
    if isinstance(spec, tuple) and len(spec) == 2 and all(isinstance(v, int) for v in spec):
        return [spec]
    return list(spec)  # type: ignore[arg-type]


class ArtCache:
    """Rendered art by (kind, name, size), from memory, then disk, then the renderer."""

    def __init__(self, cache_dir: Path | None = None, lang: str = "en", *,
                 catalog_dir: Path | None = None, memory_items: int = MEMORY_ITEMS) -> None:
        self.cache_dir = Path(cache_dir) if cache_dir is not None else default_cache_dir()
        self.lang = lang
        self.renders = 0  # how many images were drawn (not loaded); tests and benchmarks read it
        self._ctx = RenderContext(Translator(lang, catalog_dir))
        self._memory: OrderedDict[tuple[str, str, Size], Image.Image] = OrderedDict()
        self._memory_items = memory_items
        self._lock = threading.Lock()
        self._render_lock = threading.Lock()

    @property
    def version_dir(self) -> Path:
        """The folder of this renderer version's PNGs."""
        return self.cache_dir / RENDERER_VERSION

    def path_for(self, kind: str, name: str, size: SizeSpec) -> Path:
        """Where the PNG of this art is stored (language only for art with text)."""
        spec = art_kind(kind, name)
        w, h = normalize_size(kind, name, size)
        folder = self.lang if spec.uses_text else COMMON_DIR
        return self.version_dir / folder / f"{kind}-{name}-{w}x{h}.png"

    def get(self, kind: str, name: str, size: SizeSpec) -> Image.Image:
        """The RGBA image of this art at size (a width, or (width, height)); do not modify it."""
        wh = normalize_size(kind, name, size)
        key = (kind, name, wh)
        with self._lock:
            img = self._memory.get(key)
            if img is not None:
                self._memory.move_to_end(key)
                return img
        path = self.path_for(kind, name, wh)
        img = self._load(path, wh)
        if img is None:
            # The FontBook inside the context is not thread-safe: draw one image at a time.
            with self._render_lock:
                img = render(kind, name, wh, self._ctx)
                self.renders += 1
            self._store(path, img)
        with self._lock:
            self._memory[key] = img
            while len(self._memory) > self._memory_items:
                self._memory.popitem(last=False)
        return img

    def warm(self, sizes: Mapping[str, SizeSpec | Iterable[SizeSpec]],
             progress_callback: ProgressCallback | None = None) -> int:
        """Load or render every name of every kind in sizes; report (done, total); return renders done.

        sizes maps a kind to one size or a list of sizes; a size is a width (int) or a (width, height)
        tuple, so {"token": [40, 64]} warms two sizes and {"sea": (800, 600)} one.
        """
        jobs: list[tuple[str, str, SizeSpec]] = []
        for kind, spec in sizes.items():
            for size in _size_list(spec):
                jobs.extend((kind, name, size) for name in KINDS[kind].names)
        before = self.renders
        total = len(jobs)
        if progress_callback:
            progress_callback(0, total)
        for done, (kind, name, size) in enumerate(jobs, start=1):
            self.get(kind, name, size)
            if progress_callback:
                progress_callback(done, total)
        return self.renders - before

    def clear_memory(self) -> None:
        """Forget the images held in memory (the PNGs stay on disk)."""
        with self._lock:
            self._memory.clear()

    def remove_stale_temporaries(self) -> list[Path]:
        """Delete the temporary PNGs of writes that were killed, in every folder of this renderer version."""
        removed: list[Path] = []
        if self.version_dir.is_dir():
            for folder in sorted(p for p in self.version_dir.iterdir() if p.is_dir()):
                removed += remove_stale_temporaries(folder)
        return removed

    def prune_old_versions(self) -> list[Path]:
        """Delete cache folders of other renderer versions; return what was removed."""
        removed = []
        if not self.cache_dir.is_dir():
            return removed
        for child in self.cache_dir.iterdir():
            if child.is_dir() and child.name != RENDERER_VERSION and child.name.startswith("v"):
                shutil.rmtree(child, ignore_errors=True)
                removed.append(child)
        return removed

    @staticmethod
    def _load(path: Path, size: Size) -> Image.Image | None:
        """Read a cached PNG, or None (a cache miss) if it is missing, not a regular file, too large, unreadable,
        a decompression bomb or the wrong size."""
        try:
            raw = read_file_bytes(path, GameError, MAX_CACHED_PNG_BYTES)
        except GameError:
            return None
        try:
            with Image.open(io.BytesIO(raw), formats=("PNG",)) as f:
                if f.size != size:  # checked before decoding: a huge image is never unpacked
                    return None
                img = f.convert("RGBA")
        except (OSError, ValueError, SyntaxError, EOFError, struct.error, MemoryError,
                Image.DecompressionBombError, Image.DecompressionBombWarning):  # the warning where warnings raise
            return None
        return img if img.size == size else None

    @staticmethod
    def _store(path: Path, img: Image.Image) -> None:
        """Write the PNG atomically; a cache that cannot be written is only logged."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # Our temporary naming (.NAME.*.tmp): a killed writer's leftover is cleared by remove_stale_temporaries.
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
            try:
                with os.fdopen(fd, "wb") as handle:
                    img.save(handle, format="PNG", compress_level=1)
                os.replace(tmp, path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError as exc:
            log.warning("cannot write art cache %s: %s", path, exc)
