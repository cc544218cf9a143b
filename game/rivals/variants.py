"""Variant classes of Rivals for Catan (registered by id)."""

from __future__ import annotations

from game.core.variant import Variant

VARIANTS: tuple[type[Variant], ...] = ()
