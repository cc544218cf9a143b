"""Era of Gold expansions and events with effects: Pirate Ship, Staple House, Mint, Gift for the Prince."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.constants import GOLD
from game.rivals.economy import add, cell_resource, check_payment, pay, room_cells, store_cells
from game.rivals.effects.base import BuildHook, DecisionRule, EventRule, UseRule
from game.rivals.effects.common import remove_from_principality, units
from game.rivals.events import NoEffect, Traded
from game.rivals.pending import done, queue
from game.rivals.scoring import expansion_cells

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

ALL = 63
Data = tuple[Any, ...]


# --- Pirate Ship: on building, the opponent discards 1 trade ship of their choice ----------------

def _trade_ship_cells(g: RivalsGame, p: int) -> list[int]:
    s = g.state
    cards = card_of()
    return [c for c in expansion_cells(s, p) if cards[s.grid[p][c]].type == "sc_trade_ship"]


def pirate_ship_built(g: RivalsGame, p: int, c: int, events: list) -> None:
    """The opponent moves one of their trade ships to the discard pile (none: nothing happens)."""
    if not _trade_ship_cells(g, 1 - p):
        events.append(NoEffect("pirate_ship", "no_trade_ships"))
        return
    queue(g.state, [(1 - p, "scuttle", ())], events, front=True)


def _scuttle_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.DiscardUnit(p, c) for c in _trade_ship_cells(g, p)]


def _scuttle_check(g: RivalsGame, a: Any, data: Data) -> None:
    if a.cell not in _trade_ship_cells(g, a.player):
        raise IllegalAction("discard one of your trade ships")


def _scuttle_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    done(g.state, index)
    remove_from_principality(g, a.player, a.cell, -1, events)


def _scuttle_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    cells = _trade_ship_cells(g, p)
    if len(cells) > 1:
        return False
    done(g.state, index)
    if cells:
        remove_from_principality(g, p, cells[0], -1, events)
    return True


# --- Staple House: after paying, gain 2 of choice --------------------------------------------------

def staple_house_built(g: RivalsGame, p: int, c: int, events: list) -> None:
    """Gain 2 resources of choice (the cost is already paid)."""
    queue(g.state, [(p, "gain", (2, ALL, "staple_house"))], events, front=True)


# --- Mint: once per turn per Mint, 1 gold for 1 other resource -------------------------------------

def _mint_gold(g: RivalsGame, p: int) -> list[int]:
    s = g.state
    return [c for c in store_cells(s, p) if cell_resource(s, p, c) == GOLD and s.store[p][c]]


def _mint_targets(g: RivalsGame, p: int) -> list[int]:
    s = g.state
    return [c for c in room_cells(s, p) if cell_resource(s, p, c) != GOLD]


def _mint_refusal(g: RivalsGame, p: int, c: int) -> str | None:
    if g.state.grid[p][c] in g.state.used:
        return "used_this_turn"
    if not _mint_gold(g, p):
        return "gold1"
    return None if _mint_targets(g, p) else "no_room"


def _mint_options(g: RivalsGame, p: int, c: int) -> list:
    s = g.state
    gold = max(_mint_gold(g, p), key=lambda k: s.store[p][k])
    best: dict[int, int] = {}
    for t in _mint_targets(g, p):
        r = cell_resource(s, p, t)
        if r not in best or s.store[p][t] < s.store[p][best[r]]:
            best[r] = t
    return [A.UseCard(p, c, ((gold, 1),), (t,)) for t in best.values()]


def _mint_check(g: RivalsGame, a: Any) -> None:
    if len(a.targets) != 1 or a.targets[0] not in _mint_targets(g, a.player):
        raise IllegalAction("the Mint gains 1 non-gold resource on an own region with room")
    check_payment(g.state, a.player, a.payment, (0, 0, 0, 0, 0, 1))


def _mint_resolve(g: RivalsGame, a: Any, events: list) -> None:
    s, p = g.state, a.player
    s.used.append(s.grid[p][a.cell])
    pay(s, p, a.payment, "mint", events)
    add(s, p, a.targets[0], 1, "mint", events)
    events.append(Traded(p, GOLD, 1, cell_resource(s, p, a.targets[0])))


# --- Gift for the Prince: 1 gold per own unit with strength ----------------------------------------

def gift_for_the_prince(g: RivalsGame, events: list) -> None:
    """Each gains 1 gold per own unit with at least 1 strength, stored on gold cells; the excess is lost."""
    s = g.state
    cards = card_of()
    items = []
    for p in (s.current, 1 - s.current):
        n = sum(1 for c in units(g, p) if cards[s.grid[p][c]].str > 0)
        if n:
            items.append((p, "gain", (n, 1 << GOLD, "gift_for_the_prince")))
    if not items:
        events.append(NoEffect("gift_for_the_prince", "no_strong_units"))
    queue(s, items, events)


ON_BUILD: dict[str, BuildHook] = {"pirate_ship": pirate_ship_built, "staple_house": staple_house_built}
USE: dict[str, UseRule] = {"mint": UseRule(_mint_refusal, _mint_options, _mint_check, _mint_resolve)}
EVENTS: dict[str, EventRule] = {"gift_for_the_prince": gift_for_the_prince}
DECISIONS: dict[str, DecisionRule] = {
    "scuttle": DecisionRule((A.DiscardUnit,), _scuttle_options, _scuttle_check, _scuttle_resolve, _scuttle_auto),
}
