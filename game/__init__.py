"""Catan Table rules model: pure Python, no pygame, no prose (keys and parameters only)."""

from game.core.registry import available_variants, get_variant, new_game

__all__ = ["available_variants", "get_variant", "new_game"]
