"""Resources on regions: amounts, room, gaining, paying (with payment checks and greedy payments)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from game.core.errors import IllegalAction
from game.rivals.catalogue import card_of, catalogue
from game.rivals.constants import CELLS, GOLD, MAX_STORE, RESOURCES, WIDTH
from game.rivals.events import ResourceLost, resource_changed
from game.rivals.state import RivalsState

Payment = tuple[tuple[int, int], ...]


@cache
def resource_table() -> tuple[int, ...]:
    """The resource each physical card stores (regions and the Gold Cache), -1 for others."""
    return tuple(c.resource if c.type == "region" else (GOLD if c.id == "gold_cache" else -1) for c in card_of())


@cache
def number_table() -> tuple[int, ...]:
    """The production number of each physical card (0 when it is not a region)."""
    return tuple(i.number for i in catalogue().instances)


def store_cells(s: RivalsState, p: int) -> tuple[int, ...]:
    """Cells of the player's cards that store resources (regions and Gold Caches)."""
    grid = s.grid[p]
    hit = grid.memo.get("stores")
    if hit is not None and hit[0] == grid.version:
        return hit[1]  # type: ignore[no-any-return]
    table, plain = resource_table(), grid[:]  # a plain list reads faster than the Grid (a list subclass)
    cells = tuple([c for c in _EVEN_CELLS if plain[c] >= 0 and table[plain[c]] >= 0])
    grid.memo["stores"] = (grid.version, cells)
    return cells


_EVEN_CELLS = tuple(row * WIDTH + x for row in (0, 1, 3, 4) for x in range(0, WIDTH, 2))


def stored_kinds(s: RivalsState, p: int) -> tuple[tuple[int, int], ...]:
    """(cell, resource) of the player's storing cards, by cell (cached with the grid): what the amounts in the
    store are amounts of, so totals and room need not look each card up again."""
    grid = s.grid[p]
    hit = grid.memo.get("stored_kinds")
    if hit is not None and hit[0] == grid.version:
        return hit[1]  # type: ignore[no-any-return]
    table = resource_table()
    value = tuple([(c, table[grid[c]]) for c in store_cells(s, p)])
    grid.memo["stored_kinds"] = (grid.version, value)
    return value


def cell_resource(s: RivalsState, p: int, c: int) -> int:
    """The resource stored on a cell, or -1 when it stores none."""
    if not 0 <= c < CELLS:
        return -1
    card = s.grid[p][c]
    return resource_table()[card] if card >= 0 else -1


def is_region(s: RivalsState, p: int, c: int) -> bool:
    """Whether the cell holds a region card (not a Gold Cache)."""
    card = s.grid[p][c] if 0 <= c < CELLS else -1
    return card >= 0 and card_of()[card].type == "region"


def totals(s: RivalsState, p: int) -> list[int]:
    """The player's amount of each resource."""
    out = [0] * 6
    store = s.store[p]
    for c, r in stored_kinds(s, p):
        out[r] += store[c]
    return out


def total(s: RivalsState, p: int) -> int:
    """The player's total of all resources."""
    return sum(totals(s, p))


def room_cells(s: RivalsState, p: int, mask: int = 63) -> list[int]:
    """Cells with room for one more unit, of a resource in the bit mask."""
    store = s.store[p]
    return [c for c, r in stored_kinds(s, p) if store[c] < MAX_STORE and (mask >> r) & 1]


def add(s: RivalsState, p: int, c: int, n: int, source: str, events: list) -> int:
    """Store up to n units on a cell; the excess is lost; return how many were stored."""
    store = s.store[p]
    res = resource_table()[s.grid[p][c]]
    put = min(n, MAX_STORE - store[c])
    if put > 0:
        store[c] += put
        events.append(resource_changed(p, c, res, put, source))
    if n > put:
        events.append(ResourceLost(p, res, source))
    return put


def remove(s: RivalsState, p: int, c: int, n: int, source: str, events: list) -> None:
    """Take n units off a cell (already checked)."""
    s.store[p][c] -= n
    events.append(resource_changed(p, c, resource_table()[s.grid[p][c]], -n, source))


def auto_gain(s: RivalsState, p: int, res: int, n: int, source: str, events: list) -> int:
    """Gain n units of a resource without a choice: fill the emptiest matching cells first; excess is lost."""
    got = 0
    for _ in range(n):
        cells = room_cells(s, p, 1 << res)
        if not cells:
            events.append(ResourceLost(p, res, source))
            continue
        best = min(cells, key=lambda c: s.store[p][c])
        got += add(s, p, best, 1, source, events)
    return got


def check_payment(s: RivalsState, p: int, payment: Payment, cost: tuple[int, ...] | None, size: int = -1) -> list[int]:
    """Raise IllegalAction unless the payment takes existing units of own cells and matches the cost
    (or, with cost None, any resources of the given size); return the amounts paid per resource."""
    paid = [0] * 6
    seen = set()
    for entry in payment:
        if len(entry) != 2:
            raise IllegalAction("a payment entry is (cell, amount)")
        c, n = entry
        if c in seen:
            raise IllegalAction(f"cell {c} appears twice in the payment")
        seen.add(c)
        res = cell_resource(s, p, c)
        if res < 0:
            raise IllegalAction(f"cell {c} stores no resource")
        if n <= 0 or s.store[p][c] < n:
            raise IllegalAction(f"cell {c} cannot pay {n}")
        paid[res] += n
    if cost is not None and tuple(paid) != tuple(cost):
        raise IllegalAction(f"the payment {paid} does not match the cost {list(cost)}")
    if cost is None and size >= 0 and sum(paid) != size:
        raise IllegalAction(f"the payment must be {size} resources, not {sum(paid)}")
    return paid


def pay(s: RivalsState, p: int, payment: Payment, source: str, events: list) -> None:
    """Take a checked payment off the regions."""
    for c, n in payment:
        remove(s, p, c, n, source, events)


def cells_by_resource(s: RivalsState, p: int) -> tuple[tuple[int, ...], ...]:
    """The player's storing cells grouped by the resource they hold (index = resource)."""
    grid = s.grid[p]
    hit = grid.memo.get("by_resource")
    if hit is not None and hit[0] == grid.version:
        return hit[1]  # type: ignore[no-any-return]
    groups: list[list[int]] = [[] for _ in RESOURCES]
    for c, r in stored_kinds(s, p):
        groups[r].append(c)
    value = tuple(tuple(g) for g in groups)
    grid.memo["by_resource"] = (grid.version, value)
    return value


def greedy_payment(s: RivalsState, p: int, cost: tuple[int, ...]) -> Payment | None:
    """A payment of the cost taking from the fullest cells first, or None when the player cannot pay."""
    if not any(cost):
        return ()
    store = s.store[p]
    by_resource = cells_by_resource(s, p)
    for res, need in enumerate(cost):
        if need:
            have = 0
            for c in by_resource[res]:
                have += store[c]
            if have < need:
                return None
    out: list[tuple[int, int]] = []
    for res, need in enumerate(cost):
        if need:
            take_fullest(store, by_resource[res], need, out)
    return tuple(out)


def fullest_first(store: list[int], cells: Sequence[int]) -> list[int]:
    """Cells given in cell order, sorted by amount, largest first, lower cell on ties (the sort is stable, also
    in reverse)."""
    return sorted(cells, key=store.__getitem__, reverse=True)


def take_fullest(store: list[int], cells: tuple[int, ...], need: int, out: list[tuple[int, int]]) -> None:
    """Append (cell, amount) takes of `need` units from the cells (in cell order, as cells_by_resource gives
    them), fullest first (lower cell on ties); the cells are known to hold enough."""
    if len(cells) > 1:
        cells = fullest_first(store, cells)
    for c in cells:
        n = store[c]
        if n:
            take = need if need < n else n
            out.append((c, take))
            need -= take
            if not need:
                return


def any_payment(s: RivalsState, p: int, size: int, exclude: int = -1) -> Payment | None:
    """A payment of `size` resources of any kinds (fullest cells first), or None."""
    if size == 0:
        return ()
    store = s.store[p]
    cells = fullest_first(store, [c for c, r in stored_kinds(s, p) if store[c] and r != exclude])
    out = []
    need = size
    for c in cells:
        take = min(need, store[c])
        out.append((c, take))
        need -= take
        if not need:
            return tuple(out)
    return None


@cache
def discounted_costs(cost: tuple[int, ...], discount: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct cost left when `discount` resources of the printed cost are left out (payer's choice),
    largest first."""
    out = {tuple(cost)}
    for _ in range(min(discount, sum(cost))):
        out = {c[:r] + (c[r] - 1,) + c[r + 1:] for c in out for r in range(len(c)) if c[r]}
    return tuple(sorted(out, reverse=True))


def check_cost(s: RivalsState, p: int, payment: Payment, cost: tuple[int, ...], discount: int = 0) -> list[int]:
    """check_payment against a printed cost of which `discount` resources of the payer's choice are left out."""
    if not discount:
        return check_payment(s, p, payment, cost)
    paid = check_payment(s, p, payment, None)
    if tuple(paid) not in discounted_costs(cost, discount):
        raise IllegalAction(f"the payment {paid} is not the cost {list(cost)} less {discount} resource(s)")
    return paid


def cost_payments(s: RivalsState, p: int, cost: tuple[int, ...], discount: int = 0) -> list[Payment]:
    """Greedy payments of the cost, one per distinct choice of the resources a discount leaves out."""
    if not discount:
        payment = greedy_payment(s, p, cost)
        return [] if payment is None else [payment]
    out: list[Payment] = []
    for c in discounted_costs(cost, discount):
        payment = greedy_payment(s, p, c)
        if payment is not None and payment not in out:
            out.append(payment)
    return out
