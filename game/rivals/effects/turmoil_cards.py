"""Era of Turmoil expansions: Lookout Tower and Heinrich (protection roll), Fire Brigade, Drill Ground, Irmgard,
the Chapels, Fairgrounds and Tithe Barn (Carl Forkbeard, Hedge Tavern and the Festival Hall are data only)."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.constants import GRAIN, WOOL
from game.rivals.economy import add, cell_resource, room_cells
from game.rivals.effects.base import BuildHook, DecisionRule, DiscountRule, LossHook
from game.rivals.effects.common import buildings, units
from game.rivals.events import NoEffect, ProtectionRolled, ResourceLost
from game.rivals.pending import done, queue
from game.rivals.principality import is_city, settlement_columns, site_cells
from game.rivals.scoring import owned_ids, stats

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

ALL = 63
Data = tuple[Any, ...]

# The production-die results on which each card stops an Archer, Arsonist or Traitor (together: 1-5).
GUARD_ROLLS: Mapping[str, frozenset[int]] = MappingProxyType({"lookout_tower": frozenset({1, 2}),
                                                              "heinrich": frozenset({3, 4, 5})})
# The production-die results on which each Chapel keeps Riots away.
CHAPEL_ROLLS: Mapping[str, frozenset[int]] = MappingProxyType({"chapel_1_3": frozenset({1, 2, 3}),
                                                               "chapel_4_6": frozenset({4, 5, 6})})
TITHE_MASK = (1 << GRAIN) | (1 << WOOL)


# --- Lookout Tower and Heinrich: one roll of the production die against an attack (ruling Q12) ---------

def guard_rolls(g: RivalsGame, p: int) -> frozenset[int]:
    """The die results that protect the player (empty when they own neither card)."""
    owned = set(owned_ids(g.state, p))
    out: frozenset[int] = frozenset()
    for cid, rolls in GUARD_ROLLS.items():
        if cid in owned:
            out |= rolls
    return out


def stopped_by_guard(g: RivalsGame, p: int, source: str, events: list) -> bool:
    """The attacked player, if guarded, rolls the production die once; whether the attack has no effect."""
    rolls = guard_rolls(g, p)
    if not rolls:
        return False
    roll = g.chance.die()
    stopped = roll in rolls
    events.append(ProtectionRolled(p, source, roll, stopped))
    return stopped


# --- Fire Brigade: every building in its city is safe from the Arsonist ------------------------------------

def fireproof_cells(g: RivalsGame, p: int) -> set[int]:
    """The sites of the player's cities that have a Fire Brigade."""
    grid = g.state.grid[p]
    cards = card_of()
    out: set[int] = set()
    for x in settlement_columns(grid):
        if is_city(grid, x):
            sites = site_cells(x, True)
            if any(grid[c] >= 0 and cards[grid[c]].id == "fire_brigade" for c in sites):
                out.update(sites)
    return out


def arson_targets(g: RivalsGame, p: int) -> list[int]:
    """Cells of the player's buildings an Arsonist may name (not in a city with a Fire Brigade)."""
    safe = fireproof_cells(g, p)
    return [c for c in buildings(g, p) if c not in safe]


# --- Chapels: Riots does not apply while the current production die is in the Chapel's range ----------------

def chapel_against_riots(g: RivalsGame, p: int) -> str | None:
    """The Chapel that protects the player from Riots at the current production die, or None."""
    die = g.state.dice[0]
    for cid in owned_ids(g.state, p):
        if die in CHAPEL_ROLLS.get(cid, ()):
            return cid
    return None


# --- Drill Ground: each hero costs 1 resource of choice less ----------------------------------------------

def drill_ground_discount(g: RivalsGame, p: int, card: int) -> int:
    """1 for a hero, 0 for every other card (units that are no heroes get nothing)."""
    return 1 if card_of()[card].type == "sc_hero" else 0


# --- Irmgard: a card lost to an event or an opponent's action card gives 1 resource of choice ---------------

def irmgard_consoles(g: RivalsGame, p: int, lost: int, events: list) -> None:
    """Gain 1 resource of choice (Irmgard is still in the principality, so she was not the card lost)."""
    queue(g.state, [(p, "gain", (1, ALL, "irmgard"))], events, front=True)


# --- Fairgrounds: after paying, 2 of choice with more skill than the opponent ---------------------------------

def fairgrounds_built(g: RivalsGame, p: int, c: int, events: list) -> None:
    """Gain 2 resources of choice if the player's skill beats the opponent's; otherwise nothing."""
    s = g.state
    if stats(s, p)[1] > stats(s, 1 - p)[1]:
        queue(s, [(p, "gain", (2, ALL, "fairgrounds"))], events, front=True)
    else:
        events.append(NoEffect("fairgrounds", "no_skill_lead"))


# --- Tithe Barn: 1 grain or 1 wool (one kind, chosen) per own hero ----------------------------------------

def heroes(g: RivalsGame, p: int) -> int:
    """How many heroes the player has in the principality."""
    s = g.state
    cards = card_of()
    return sum(1 for c in units(g, p) if cards[s.grid[p][c]].type == "sc_hero")


def tithe_barn_built(g: RivalsGame, p: int, c: int, events: list) -> None:
    """Open the choice of grain or wool, one per hero (none: nothing happens)."""
    n = heroes(g, p)
    if not n:
        events.append(NoEffect("tithe_barn", "no_heroes"))
        return
    queue(g.state, [(p, "tithe_barn", (n,))], events, front=True)


def _tithe_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.Gain(p, c) for c in room_cells(g.state, p, TITHE_MASK)]


def _tithe_check(g: RivalsGame, a: Any, data: Data) -> None:
    if a.cell not in room_cells(g.state, a.player, TITHE_MASK):
        raise IllegalAction("choose an own fields or pasture with room: its kind is the one gained")


def _tithe_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    done(s, index)
    add(s, a.player, a.cell, 1, "tithe_barn", events)
    if data[0] > 1:
        queue(s, [(a.player, "gain", (data[0] - 1, 1 << cell_resource(s, a.player, a.cell), "tithe_barn"))],
              events, front=True)


def _tithe_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    """No room for either kind: all is lost; room on one cell only: it takes what fits."""
    s = g.state
    cells = room_cells(s, p, TITHE_MASK)
    if len(cells) > 1:
        return False
    done(s, index)
    if cells:
        add(s, p, cells[0], data[0], "tithe_barn", events)
    else:
        events.append(ResourceLost(p, -1, "tithe_barn"))
    return True


ON_BUILD: dict[str, BuildHook] = {"fairgrounds": fairgrounds_built, "tithe_barn": tithe_barn_built}
DISCOUNTS: dict[str, DiscountRule] = {"drill_ground": drill_ground_discount}
ON_LOSS: dict[str, LossHook] = {"irmgard": irmgard_consoles}
DECISIONS: dict[str, DecisionRule] = {
    "tithe_barn": DecisionRule((A.Gain,), _tithe_options, _tithe_check, _tithe_resolve, _tithe_auto),
}
