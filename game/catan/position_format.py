"""The catan-position format's names, versions and fields, and the small conversions export and import share."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.catan.constants import DEV_CARDS, RESOURCES
from game.catan.geometry import Topology
from game.catan.rules import CatanGame
from game.catan.state import (
    DISCARD, GAME_OVER, MAIN, MOVE_ROBBER, NOBODY, ROAD_BUILDING as PH_ROAD_BUILDING, ROLL, SETUP_ROAD,
    SETUP_SETTLEMENT, TRADE_CONFIRM, TRADE_RESPONSE,
)


POSITION_FORMAT = "catan-neutral-position"
POSITION_VERSION = 1
ENGINE_NAME = "catan-table"
PHASES: tuple[str, ...] = (
    SETUP_SETTLEMENT, SETUP_ROAD, ROLL, MAIN, PH_ROAD_BUILDING, DISCARD, MOVE_ROBBER, TRADE_RESPONSE,
    TRADE_CONFIRM, GAME_OVER,
)
SETUP_PHASES: tuple[str, ...] = (SETUP_SETTLEMENT, SETUP_ROAD)
TRADE_PHASES: tuple[str, ...] = (TRADE_RESPONSE, TRADE_CONFIRM)
PLAYED_KINDS: tuple[str, ...] = ("knight", "road_building", "year_of_plenty", "monopoly")
BUILDING_KINDS: tuple[str, ...] = ("settlement", "city")  # node level 1 and 2
ROBBER_CAUSES: tuple[str, ...] = ("seven", "knight")
# Our option names whose format name differs; every other option is exported under its own name.
RULE_NAMES: Mapping[str, str] = MappingProxyType({"vp_target": "vps_to_win"})
# Format piece names and our PIECES keys.
PIECE_NAMES: tuple[tuple[str, str], ...] = (("roads", "road"), ("settlements", "settlement"), ("cities", "city"))

TOP_FIELDS: tuple[str, ...] = (
    "format", "version", "rules", "seats", "board", "buildings", "roads", "players", "longest_road",
    "largest_army", "bank", "turn",
)
PLAYER_FIELDS: tuple[str, ...] = (
    "color", "seat", "resources", "dev_cards", "dev_cards_new", "dev_cards_played", "vp_public", "vp_actual",
    "longest_road_length", "pieces_left",
)
TURN_FIELDS: tuple[str, ...] = (
    "phase", "turn_of", "to_act", "has_rolled", "dev_card_played", "last_roll", "setup_round", "setup_road_from",
    "pending_discards", "robber_cause", "free_roads", "trade", "winner",
)
# Our extra turn fields, exported only with the separate_phases option (a harbor built this turn waits).
TURN_EXTRAS: tuple[str, ...] = ("built_this_turn", "new_settlements")
TRADE_FIELDS: tuple[str, ...] = ("offerer", "offered", "asked", "accepted_by")
TRADE_EXTRAS: tuple[str, ...] = ("to", "declined_by", "counters")


def seat_order(game: CatanGame) -> tuple[int, ...]:
    """Our players in the position's seat order: the player who placed (or moved) first comes first."""
    n = game.num_players
    start = game.state.start_player
    return tuple((start + i) % n for i in range(n))


def _color(game: CatanGame, player: int | None) -> str | None:
    return None if player is None or player == NOBODY else game.seats[player].color


def _hand(counts: Sequence[int]) -> dict[str, int]:
    return {name: int(counts[r]) for r, name in enumerate(RESOURCES)}


def _cards(counts: Sequence[int]) -> dict[str, int]:
    return {name: int(counts[r]) for r, name in enumerate(RESOURCES) if counts[r]}


def _devs(counts: Sequence[int]) -> dict[str, int]:
    return {name: int(counts[k]) for k, name in enumerate(DEV_CARDS)}


def _json_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def _node_order_names(topo: Topology, nodes: Sequence[int]) -> list[str]:
    return [topo.node_names[n] for n in sorted(nodes)]


def _edge_text(topo: Topology, edge: int) -> str:
    a, b = topo.edge_name(edge)
    return f"[{a}, {b}]"


@cache
def engine_version() -> str:
    """This program's version (the installed package, else pyproject.toml, else 'unknown')."""
    from importlib import metadata

    try:
        return metadata.version(ENGINE_NAME)
    except metadata.PackageNotFoundError:
        pass
    import tomllib

    try:
        with open(Path(__file__).resolve().parents[2] / "pyproject.toml", "rb") as handle:
            return str(tomllib.load(handle)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"
