"""The variant registry: ids and aliases map to variant classes, collected from the family modules."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from game.core.errors import UnknownVariant
from game.core.game import Game
from game.core.seats import Seat
from game.core.variant import Variant

# Each module exposes VARIANTS, a tuple of Variant subclasses.
FAMILY_MODULES: tuple[str, ...] = ("game.catan.variants", "game.rivals.variants", "game.cards.variants")


@cache
def _variants() -> tuple[Mapping[str, type[Variant]], tuple[type[Variant], ...]]:
    by_name: dict[str, type[Variant]] = {}
    ordered: list[type[Variant]] = []
    for module_name in FAMILY_MODULES:
        module = importlib.import_module(module_name)
        for cls in module.VARIANTS:
            ordered.append(cls)
            for name in (cls.id, *cls.aliases):
                if name in by_name:
                    raise RuntimeError(f"variant name {name!r} registered twice")
                by_name[name] = cls
    return MappingProxyType(by_name), tuple(ordered)


def available_variants() -> tuple[type[Variant], ...]:
    """Every registered variant class, in registration order."""
    return _variants()[1]


def get_variant(name: str) -> type[Variant]:
    """The variant registered under an id or alias; UnknownVariant otherwise."""
    cls = _variants()[0].get(name)
    if cls is None:
        known = ", ".join(v.id for v in available_variants())
        raise UnknownVariant(f"unknown variant {name!r}; known: {known}")
    return cls


def new_game(variant: str, players: int | tuple[Seat, ...], seed: int = 0,
             options: Mapping[str, Any] | None = None) -> Game:
    """Start a game of a variant by name, with default seats when given a player count."""
    cls = get_variant(variant)
    seats = cls.default_seats(players) if isinstance(players, int) else tuple(players)
    return cls.new_game(seats, seed, options)
