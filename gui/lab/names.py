"""Translated names for the lab: terrains, harbors, resources, legality problems and analysis checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.catan.constants import HARBOR_RESOURCE, RESOURCES
from game.catan.geometry import topology
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
    """One legality problem as a sentence, its parameters turned into translated names.

    A hex number is shown as the problem carries it, the number `lab analyse` prints for the same problem.
    """
    params: dict[str, Any] = problem.params_dict()
    if "terrain" in params:
        params["terrain"] = terrain_name(t, str(params["terrain"]))
    if "harbor" in params:
        params["harbor"] = harbor_name(t, str(params["harbor"]))
    for name in ("colour", "other"):
        if name in params:
            params[name] = t(f"color.{params[name]}")
    return t(problem.key, **params)


def hex_label(h: int) -> str:
    """A hex as the lab shows it: its number 0-18, the same as in layout files, the CLI and the charts."""
    return topology().hex_name(h)


def spot_label(node: int) -> str:
    """An intersection as the lab shows it: its canonical name "h9.S" (corner S of hex 9), as the CLI prints it."""
    return topology().node_name(node)


def path_label(edge: int) -> str:
    """A path by its two intersections, "h0.N-h0.NW", as `lab analyse` prints a harbor's path."""
    return "-".join(topology().edge_name(edge))


def hexes_text(hexes: tuple[int, ...] | list[int]) -> str:
    """Hex indices as the numbers shown to the player ("3, 4, 9"), the same 0-18 numbers as everywhere else."""
    return ", ".join(hex_label(h) for h in hexes)
