"""Action cards of the basic set: Brigitta, Goldsmith, Merchant Caravan, Scout, Relocation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.constants import GOLD
from game.rivals.economy import any_payment, check_payment, greedy_payment, is_region, pay, total, totals
from game.rivals.effects.base import ActionCardRule
from game.rivals.effects.common import discard_played
from game.rivals.pending import queue
from game.rivals.principality import is_city, is_region_cell, region_cells, row_of, settlement_of_site, x_of
from game.rivals.scoring import expansion_cells

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

ALL = 63
GOLD3 = (0, 0, 0, 0, 0, 3)


def _never(g: RivalsGame, p: int) -> str | None:
    return None


def _no_targets(a: A.PlayCard) -> None:
    if a.targets:
        raise IllegalAction("this card takes no targets")


# --- Brigitta: set the production die, roll only the event die -----------------------------------

def _brigitta_options(g: RivalsGame, p: int, card: int) -> list:
    return [A.PlayCard(p, card, (), (n,)) for n in range(1, 7)]


def _brigitta_check(g: RivalsGame, a: A.PlayCard) -> None:
    if a.payment or len(a.targets) != 1 or not 1 <= a.targets[0] <= 6:
        raise IllegalAction("Brigitta names one production number 1-6")


def _brigitta_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    from game.rivals.dice import event_face, resolve_roll

    discard_played(g, a.player, a.card, events)
    events.extend(resolve_roll(g, a.targets[0], event_face(g.chance.die()), True))


# --- Goldsmith: 3 gold for any 2 ------------------------------------------------------------------

def _goldsmith_refusal(g: RivalsGame, p: int) -> str | None:
    return None if totals(g.state, p)[GOLD] >= 3 else "gold3"


def _goldsmith_options(g: RivalsGame, p: int, card: int) -> list:
    payment = greedy_payment(g.state, p, GOLD3)
    return [] if payment is None else [A.PlayCard(p, card, payment, ())]


def _goldsmith_check(g: RivalsGame, a: A.PlayCard) -> None:
    _no_targets(a)
    check_payment(g.state, a.player, a.payment, GOLD3)


def _gain_two(g: RivalsGame, a: A.PlayCard, events: list, source: str) -> None:
    pay(g.state, a.player, a.payment, source, events)
    discard_played(g, a.player, a.card, events)
    queue(g.state, [(a.player, "gain", (2, ALL, source))], events, front=True)


# --- Merchant Caravan: any 2 for any 2 ------------------------------------------------------------

def _caravan_refusal(g: RivalsGame, p: int) -> str | None:
    return None if total(g.state, p) >= 2 else "resources2"


def _caravan_options(g: RivalsGame, p: int, card: int) -> list:
    out = []
    for exclude in (-1, *range(6)):
        payment = any_payment(g.state, p, 2, exclude)
        if payment is not None:
            action = A.PlayCard(p, card, payment, ())
            if action not in out:
                out.append(action)
    return out[:3]


def _caravan_check(g: RivalsGame, a: A.PlayCard) -> None:
    _no_targets(a)
    check_payment(g.state, a.player, a.payment, None, 2)


# --- Scout: only inside a settlement build --------------------------------------------------------

def _scout_refusal(g: RivalsGame, p: int) -> str | None:
    return "building_settlement"


def _scout_check(g: RivalsGame, a: A.PlayCard) -> None:
    raise IllegalAction("the Scout is played only while building a settlement")


# --- Relocation: swap two regions or two expansions -----------------------------------------------

def _swap_ok(g: RivalsGame, p: int, a: int, b: int) -> bool:
    s = g.state
    grid = s.grid[p]
    if a == b or min(a, b) < 0 or max(a, b) >= len(grid) or grid[a] < 0 or grid[b] < 0:
        return False
    if is_region(s, p, a) and is_region(s, p, b):
        return True
    cards = card_of()
    ca, cb = cards[grid[a]], cards[grid[b]]
    if not (ca.is_expansion and cb.is_expansion) or is_region_cell(a) or is_region_cell(b):
        return False
    return _fits(g, p, ca.placement, b) and _fits(g, p, cb.placement, a)


def _fits(g: RivalsGame, p: int, placement: str | None, c: int) -> bool:
    grid = g.state.grid[p]
    if placement == "region_site":
        return row_of(c) in (0, 4) and x_of(c) % 2 == 0
    if x_of(c) % 2 == 0:
        return False
    if placement in ("city_site", "on_parish_hall"):
        return is_city(grid, settlement_of_site(c))
    return True


def _relocation_pairs(g: RivalsGame, p: int) -> list[tuple[int, int]]:
    s = g.state
    grid = s.grid[p]
    cards = card_of()
    regions = region_cells(grid)
    out = []
    for i, a in enumerate(regions):
        for b in regions[i + 1:]:
            if (cards[grid[a]].id, s.store[p][a]) != (cards[grid[b]].id, s.store[p][b]):
                out.append((a, b))
    exp = expansion_cells(s, p)
    for i, a in enumerate(exp):
        for b in exp[i + 1:]:
            if cards[grid[a]].id != cards[grid[b]].id and _swap_ok(g, p, a, b):
                out.append((a, b))
    return out


def _relocation_refusal(g: RivalsGame, p: int) -> str | None:
    return None if _relocation_pairs(g, p) else "nothing_to_swap"


def _relocation_options(g: RivalsGame, p: int, card: int) -> list:
    return [A.PlayCard(p, card, (), pair) for pair in _relocation_pairs(g, p)]


def _relocation_check(g: RivalsGame, a: A.PlayCard) -> None:
    if a.payment or len(a.targets) != 2 or not _swap_ok(g, a.player, *a.targets):
        raise IllegalAction("Relocation swaps two own regions or two own expansions that fit each other's sites")


def _relocation_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    s, p = g.state, a.player
    x, y = a.targets
    grid, store, under = s.grid[p], s.store[p], s.under[p]
    grid[x], grid[y] = grid[y], grid[x]
    store[x], store[y] = store[y], store[x]
    ux, uy = under.pop(x, None), under.pop(y, None)  # a Parish Hall moves with its Town Hall
    if ux is not None:
        under[y] = ux
    if uy is not None:
        under[x] = uy
    discard_played(g, p, a.card, events)


RULES: dict[str, ActionCardRule] = {
    "brigitta": ActionCardRule("roll", _never, _brigitta_options, _brigitta_check, _brigitta_resolve),
    "goldsmith": ActionCardRule("action", _goldsmith_refusal, _goldsmith_options, _goldsmith_check,
                                lambda g, a, ev: _gain_two(g, a, ev, "goldsmith")),
    "merchant_caravan": ActionCardRule("action", _caravan_refusal, _caravan_options, _caravan_check,
                                       lambda g, a, ev: _gain_two(g, a, ev, "merchant_caravan")),
    "scout": ActionCardRule("never", _scout_refusal, lambda g, p, c: [], _scout_check, lambda g, a, ev: None),
    "relocation": ActionCardRule("action", _relocation_refusal, _relocation_options, _relocation_check,
                                 _relocation_resolve),
}
