"""Variant classes of the Catan quick card game (registered by id)."""

from __future__ import annotations

from game.core.variant import Variant

VARIANTS: tuple[type[Variant], ...] = ()
