"""Trading with the supply: 3:1, 2:1 with a trade ship of the type, 2:1 from a Large Trade Ship's neighbour."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.constants import MAX_STORE, RESOURCES
from game.rivals.economy import add, cell_resource, cells_by_resource, check_payment, pay, take_fullest
from game.rivals.events import Traded
from game.rivals.principality import site_regions
from game.rivals.scoring import expansion_cells

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame
    from game.rivals.state import RivalsState


def rate(g: RivalsGame, p: int, res: int) -> int:
    """2 with a trade ship of that resource, else 3."""
    return 2 if RESOURCES[res] in ship_kinds(g.state, p) else 3


def ship_kinds(s: RivalsState, p: int) -> frozenset[str]:
    """The kinds of the player's trade ships ("brick", ..., "adjacent" for the Large Trade Ship)."""
    grid = s.grid[p]
    hit = grid.memo.get("ships")
    if hit is not None and hit[0] == grid.version:
        return hit[1]  # type: ignore[no-any-return]
    cards = card_of()
    value = frozenset(cards[grid[c]].ship for c in expansion_cells(s, p) if cards[grid[c]].ship)
    grid.memo["ships"] = (grid.version, value)
    return value


def check_trade(g: RivalsGame, a: A.Trade) -> None:
    """One resource kind given at the right rate, one other kind gained on a cell with room."""
    s, p = g.state, a.player
    paid = check_payment(s, p, a.payment, None)
    kinds = [r for r in range(6) if paid[r]]
    if len(kinds) != 1:
        raise IllegalAction("a trade gives one kind of resource")
    give = kinds[0]
    get = cell_resource(s, p, a.gain_cell)
    if get < 0 or s.store[p][a.gain_cell] >= MAX_STORE:
        raise IllegalAction("the gained resource needs a cell with room")
    if get == give:
        raise IllegalAction("a trade gains a different kind")
    if a.ship_cell < 0:
        if paid[give] != rate(g, p, give):
            raise IllegalAction(f"the rate for {RESOURCES[give]} is {rate(g, p, give)}:1")
        return
    if not 0 <= a.ship_cell < len(s.grid[p]) or s.grid[p][a.ship_cell] < 0 \
            or card_of()[s.grid[p][a.ship_cell]].ship != "adjacent":
        raise IllegalAction("no Large Trade Ship there")
    if len(a.payment) != 1 or a.payment[0][0] not in site_regions(a.ship_cell) or paid[give] != 2:
        raise IllegalAction("the Large Trade Ship takes 2 from one neighbouring region")


def do_trade(g: RivalsGame, a: A.Trade) -> list:
    """Pay and gain."""
    s, p = g.state, a.player
    events: list = []
    give = cell_resource(s, p, a.payment[0][0])
    amount = sum(n for _, n in a.payment)
    pay(s, p, a.payment, "trade", events)
    add(s, p, a.gain_cell, 1, "trade", events)
    events.append(Traded(p, give, amount, cell_resource(s, p, a.gain_cell)))
    return events


def trade_options(g: RivalsGame, p: int) -> list[A.Action]:
    """For each kind at its rate: one greedy payment and one target cell per other kind."""
    s = g.state
    store = s.store[p]
    by_resource = cells_by_resource(s, p)
    targets: list[tuple[int, int]] = []  # (resource, its emptiest cell with room), by resource
    for r, cells in enumerate(by_resource):
        best = -1
        for c in cells:
            if store[c] < MAX_STORE and (best < 0 or store[c] < store[best]):
                best = c
        if best >= 0:
            targets.append((r, best))
    if not targets:
        return []
    out: list[A.Action] = []
    ships = ship_kinds(s, p)
    for give, cells in enumerate(by_resource):
        need = 2 if RESOURCES[give] in ships else 3
        have = 0
        for c in cells:
            have += store[c]
        if have < need:
            continue
        taken: list[tuple[int, int]] = []
        take_fullest(store, cells, need, taken)
        payment = tuple(taken)
        out.extend([A.trade(p, payment, tc, -1) for r, tc in targets if r != give])
    if "adjacent" not in ships:
        return out
    cards = card_of()
    for c in expansion_cells(s, p):
        if cards[s.grid[p][c]].ship == "adjacent":
            for region in site_regions(c):
                give = cell_resource(s, p, region)
                if give >= 0 and s.store[p][region] >= 2:
                    out.extend(A.trade(p, ((region, 2),), tc, c) for r, tc in targets if r != give)
    return out
