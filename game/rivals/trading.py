"""Trading with the supply: 3:1, 2:1 with a trade ship of the type, 2:1 from a Large Trade Ship's neighbour."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.constants import MAX_STORE, RESOURCES
from game.rivals.economy import add, cell_resource, check_payment, pay, room_cells, store_cells, totals
from game.rivals.events import Traded
from game.rivals.principality import site_regions
from game.rivals.scoring import expansion_cells

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame


def rate(g: RivalsGame, p: int, res: int) -> int:
    """2 with a trade ship of that resource, else 3."""
    cards = card_of()
    s = g.state
    name = RESOURCES[res]
    return 2 if any(cards[s.grid[p][c]].ship == name for c in expansion_cells(s, p)) else 3


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
    have = totals(s, p)
    targets: dict[int, int] = {}
    for c in room_cells(s, p):
        r = cell_resource(s, p, c)
        if r not in targets or s.store[p][c] < s.store[p][targets[r]]:
            targets[r] = c
    if not targets:
        return []
    out: list[A.Action] = []
    cells = store_cells(s, p)
    for give in range(6):
        need = rate(g, p, give)
        if have[give] < need:
            continue
        payment = []
        left = need
        for c in sorted((c for c in cells if cell_resource(s, p, c) == give and s.store[p][c]),
                        key=lambda c: -s.store[p][c]):
            take = min(left, s.store[p][c])
            payment.append((c, take))
            left -= take
            if not left:
                break
        out.extend(A.Trade(p, tuple(payment), tc, -1) for r, tc in targets.items() if r != give)
    cards = card_of()
    for c in expansion_cells(s, p):
        if cards[s.grid[p][c]].ship == "adjacent":
            for region in site_regions(c):
                give = cell_resource(s, p, region)
                if give >= 0 and s.store[p][region] >= 2:
                    out.extend(A.Trade(p, ((region, 2),), tc, c) for r, tc in targets.items() if r != give)
    return out
