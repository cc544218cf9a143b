"""The card catalogue: 180 physical cards read from data/cards.json, with per-copy facts."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Mapping

from game.rivals.constants import RESOURCES

SETS: tuple[str, ...] = ("center", "basic", "gold", "turmoil", "progress")
DRAW_TYPES = frozenset({"action_neutral", "action_attack", "sc_building", "sc_hero", "sc_trade_ship",
                        "sc_unit", "city_building", "region_expansion"})
EXPANSION_TYPES = frozenset({"sc_building", "sc_hero", "sc_trade_ship", "sc_unit", "city_building",
                             "region_expansion"})
UNIT_TYPES = frozenset({"sc_hero", "sc_trade_ship", "sc_unit"})
BUILDING_TYPES = frozenset({"sc_building", "city_building"})
ACTION_TYPES = frozenset({"action_neutral", "action_attack"})


@dataclass(frozen=True, slots=True)
class Card:
    """One distinct card: names, type, cost as a 6-tuple, points, markers and set membership."""

    id: str
    en: str
    cs: str
    type: str
    copies: Mapping[str, int]
    crescent: Mapping[str, int]
    cost: tuple[int, ...]
    vp: int = 0
    str: int = 0
    skl: int = 0
    com: int = 0
    prog: int = 0
    one_x: bool = False
    placement: str | None = None
    requires: tuple[str, ...] = ()
    resource: int = -1
    booster: str | None = None
    ship: str | None = None
    face_up: str | None = None
    vp_condition: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_action(self) -> bool:
        """Whether it is played from the hand and discarded."""
        return self.type in ACTION_TYPES

    @property
    def is_expansion(self) -> bool:
        """Whether it is built into a principality."""
        return self.type in EXPANSION_TYPES

    @property
    def cost_size(self) -> int:
        """How many resources its printed cost has."""
        return sum(self.cost)


@dataclass(frozen=True, slots=True)
class Instance:
    """One physical card: which card, its set, whether it carries the crescent, its back and region number."""

    index: int
    card: Card
    set: str
    crescent: bool
    back: str
    number: int = 0


@dataclass(frozen=True, slots=True)
class Catalogue:
    """All cards by id and all 180 physical cards by index."""

    cards: Mapping[str, Card]
    instances: tuple[Instance, ...]
    # Lookups computed once from the instances (bots ask for them in every decision).
    _by_set: Mapping[str, tuple[Instance, ...]] = field(init=False, repr=False, compare=False)
    _by_card: Mapping[str, tuple[Instance, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_set: dict[str, list[Instance]] = {}
        by_card: dict[str, list[Instance]] = {}
        for i in self.instances:
            by_set.setdefault(i.set, []).append(i)
            by_card.setdefault(i.card.id, []).append(i)
        object.__setattr__(self, "_by_set", MappingProxyType({k: tuple(v) for k, v in by_set.items()}))
        object.__setattr__(self, "_by_card", MappingProxyType({k: tuple(v) for k, v in by_card.items()}))

    def of_set(self, set_name: str) -> tuple[Instance, ...]:
        """The physical cards of one set."""
        return self._by_set.get(set_name, ())

    def find(self, card_id: str, back: str | None = None, number: int | None = None) -> tuple[int, ...]:
        """Indices of the physical copies of a card, optionally of one back or region number."""
        return tuple(i.index for i in self._by_card.get(card_id, ())
                     if (back is None or i.back == back) and (number is None or i.number == number))


def _cost(data: Mapping[str, int]) -> tuple[int, ...]:
    unknown = set(data) - set(RESOURCES)
    if unknown:
        raise ValueError(f"unknown resources in a cost: {sorted(unknown)}")
    return tuple(int(data.get(r, 0)) for r in RESOURCES)


def _card(d: Mapping[str, Any]) -> Card:
    known = {"id", "en", "cs", "type", "copies", "crescent", "cost", "vp", "str", "skl", "com", "prog", "one_x",
             "placement", "requires", "resource", "booster", "ship", "face_up", "vp_condition"}
    return Card(
        id=d["id"], en=d["en"], cs=d["cs"], type=d["type"],
        copies=MappingProxyType(dict(d["copies"])), crescent=MappingProxyType(dict(d.get("crescent", {}))),
        cost=_cost(d.get("cost", {})), vp=d.get("vp", 0), str=d.get("str", 0), skl=d.get("skl", 0),
        com=d.get("com", 0), prog=d.get("prog", 0), one_x=d.get("one_x", False), placement=d.get("placement"),
        requires=tuple(d.get("requires", ())),
        resource=RESOURCES.index(d["resource"]) if "resource" in d else -1,
        booster=d.get("booster"), ship=d.get("ship"), face_up=d.get("face_up"), vp_condition=d.get("vp_condition"),
        extra=MappingProxyType({k: v for k, v in d.items() if k not in known}),
    )


def _instances(cards: tuple[Card, ...]) -> tuple[Instance, ...]:
    out: list[Instance] = []
    for card in cards:
        for set_name, count in card.copies.items():
            if set_name == "center":
                out.extend(_center_instances(card, len(out)))
                continue
            marked = card.crescent.get(set_name, 0)
            for k in range(count):
                out.append(Instance(len(out), card, set_name, k < marked, set_name))
    return tuple(out)


def _center_instances(card: Card, start: int) -> list[Instance]:
    out: list[Instance] = []
    if card.type == "region":
        numbers = card.extra["numbers"]
        specs = [(card.type, n) for n in numbers["stack"]] + [("red", numbers["red"]), ("blue", numbers["blue"])]
    else:
        backs = card.extra["backs"]
        specs = [(card.type if b == "stack" else b, 0) for b, n in backs.items() for _ in range(n)]
    for back, number in specs:
        out.append(Instance(start + len(out), card, "center", False, back, number))
    return out


@cache
def catalogue() -> Catalogue:
    """The catalogue, read once from the package data."""
    data = json.loads(resources.files("game.rivals").joinpath("data", "cards.json").read_text(encoding="utf-8"))
    cards = tuple(_card(d) for d in data["cards"])
    by_id = MappingProxyType({c.id: c for c in cards})
    if len(by_id) != len(cards):
        raise ValueError("duplicate card ids in cards.json")
    return Catalogue(by_id, _instances(cards))


@cache
def card_of() -> tuple[Card, ...]:
    """Card of each physical index (a fast lookup table)."""
    return tuple(i.card for i in catalogue().instances)
