"""Translated names for the lab: terrains, harbors, resources, legality problems and analysis checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.catan.constants import HARBOR_RESOURCE, RESOURCES
from game.lab.layout import Problem

Translate = Callable[..., str]


def terrain_name(t: Translate, terrain: str) -> str:
    """The translated name of a terrain id ("forest" -> "les")."""
    return t(f"terrain.{terrain}")


def resource_name(t: Translate, resource: int | str) -> str:
    """The translated name of a resource (index or id)."""
    name = RESOURCES[resource] if isinstance(resource, int) else resource
    return t(f"resource.{name}")


def harbor_name(t: Translate, kind: str) -> str:
    """The translated label of a harbor type ("3:1", "2:1 ruda")."""
    res = HARBOR_RESOURCE.get(kind)
    if res is None:
        return t("harbor.generic")
    return t("harbor.specific", resource=resource_name(t, res))


def problem_text(t: Translate, problem: Problem) -> str:
    """One legality problem as a sentence, its parameters turned into translated names."""
    params: dict[str, Any] = problem.params_dict()
    if "terrain" in params:
        params["terrain"] = terrain_name(t, str(params["terrain"]))
    if "harbor" in params:
        params["harbor"] = harbor_name(t, str(params["harbor"]))
    return t(problem.key, **params)


def hexes_text(hexes: tuple[int, ...] | list[int]) -> str:
    """Hex indices as the 1-based numbers shown to the player ("3, 4, 9")."""
    return ", ".join(str(h + 1) for h in hexes)
