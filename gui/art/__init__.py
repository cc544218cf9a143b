"""Procedural Pillow art for the table (tiles, tokens, cards, pieces) and its PNG cache.

This package imports Pillow only; gui.art.surfaces converts images to pygame surfaces.
"""

from __future__ import annotations

from gui.art.cache import RENDERER_VERSION, ArtCache, default_cache_dir, rivals_sizes, table_sizes
from gui.art.registry import KINDS, ArtKind, natural_size, render, split_variant

__all__ = (
    "RENDERER_VERSION",
    "ArtCache",
    "ArtKind",
    "KINDS",
    "default_cache_dir",
    "natural_size",
    "render",
    "rivals_sizes",
    "split_variant",
    "table_sizes",
)
