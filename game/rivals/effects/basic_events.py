"""Event cards of the basic set (Yule is handled by the event draw) and the decisions they open."""

from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.constants import GOLD, STRENGTH
from game.rivals.economy import add, cell_resource, remove, room_cells, store_cells
from game.rivals.effects.base import DecisionRule
from game.rivals.effects.common import buildings, lose_from_principality
from game.rivals.events import NoEffect
from game.rivals.handcards import back_of, put_under
from game.rivals.pending import done, queue, replace
from game.rivals.principality import region_cells, region_sites
from game.rivals.scoring import trade_ships

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

ALL = 63
Data = tuple[Any, ...]


def _both(g: RivalsGame) -> tuple[int, int]:
    return g.state.current, 1 - g.state.current


def invention(g: RivalsGame, events: list) -> None:
    """Each gains 1 resource of choice per own building with a progress point, at most 2."""
    s = g.state
    cards = card_of()
    items = []
    for p in _both(g):
        n = min(2, sum(1 for c in buildings(g, p) if cards[s.grid[p][c]].prog > 0))
        if n:
            items.append((p, "gain", (n, ALL, "invention")))
    if not items:
        events.append(NoEffect("invention", "no_progress_buildings"))
    queue(s, items, events)


def year_of_plenty(g: RivalsGame, events: list) -> None:
    """Each region gains 1 per neighbouring Storehouse and Abbey, where there is room."""
    s = g.state
    cards = card_of()
    for p in _both(g):
        grid = s.grid[p]
        for c in region_cells(grid):
            n = sum(1 for site in region_sites(c) if grid[site] >= 0 and cards[grid[site]].id in ("storehouse", "abbey"))
            if n:
                add(s, p, c, n, "year_of_plenty", events)


def traveling_merchant(g: RivalsGame, events: list) -> None:
    """Each may buy up to 2 resources of choice for 1 gold each."""
    queue(g.state, [(p, "merchant", (2,)) for p in _both(g)], events)


def trade_ships_race(g: RivalsGame, events: list) -> None:
    """More trade ships: 1 resource of choice; a tie with ships on both sides: each gains 1."""
    s = g.state
    n = (trade_ships(s, 0), trade_ships(s, 1))
    if n[0] != n[1]:
        queue(s, [(0 if n[0] > n[1] else 1, "gain", (1, ALL, "trade_ships_race"))], events)
    elif n[0] >= 1:
        queue(s, [(p, "gain", (1, ALL, "trade_ships_race")) for p in _both(g)], events)
    else:
        events.append(NoEffect("trade_ships_race", "no_ships"))


def feud(g: RivalsGame, events: list) -> None:
    """The strength-advantage holder names 3 opponent buildings; the opponent removes one of them."""
    s = g.state
    holder = s.tokens[STRENGTH]
    if holder < 0:
        events.append(NoEffect("feud", "no_holder"))
        return
    targets = buildings(g, 1 - holder)
    if not targets:
        events.append(NoEffect("feud", "no_buildings"))
    elif len(targets) <= 3:
        queue(s, [(1 - holder, "feud_remove", tuple(targets))], events)
    else:
        queue(s, [(holder, "feud_name", ())], events)


def fraternal_feuds(g: RivalsGame, events: list) -> None:
    """The strength-advantage holder puts 2 opponent hand cards under draw stacks."""
    s = g.state
    holder = s.tokens[STRENGTH]
    if holder < 0:
        events.append(NoEffect("fraternal_feuds", "no_holder"))
    elif not s.hands[1 - holder]:
        events.append(NoEffect("fraternal_feuds", "empty_hand"))
    else:
        queue(s, [(holder, "feuds_pick", ())], events)


# --- merchant: (remaining,) -----------------------------------------------------------------------

def _gold_cells(g: RivalsGame, p: int) -> list[int]:
    s = g.state
    return [c for c in store_cells(s, p) if cell_resource(s, p, c) == GOLD and s.store[p][c]]


def _merchant_targets(g: RivalsGame, p: int) -> list[int]:
    s = g.state
    return [c for c in room_cells(s, p) if cell_resource(s, p, c) != GOLD]


def _merchant_options(g: RivalsGame, p: int, data: Data) -> list:
    gold = _gold_cells(g, p)
    out: list = [A.Pass(p)]
    if gold:
        out.extend(A.BuyResource(p, gold[0], c) for c in _merchant_targets(g, p))
    return out


def _merchant_check(g: RivalsGame, a: Any, data: Data) -> None:
    if isinstance(a, A.Pass):
        return
    if a.pay_cell not in _gold_cells(g, a.player) or a.gain_cell not in _merchant_targets(g, a.player):
        raise IllegalAction("pay 1 gold from an own gold region for a resource on a region with room")


def _merchant_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    if isinstance(a, A.Pass):
        done(s, index)
        return
    remove(s, a.player, a.pay_cell, 1, "traveling_merchant", events)
    add(s, a.player, a.gain_cell, 1, "traveling_merchant", events)
    if data[0] > 1:
        replace(s, index, (data[0] - 1,))
    else:
        done(s, index)


def _merchant_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    if _gold_cells(g, p) and _merchant_targets(g, p):
        return False
    done(g.state, index)
    return True


# --- feud_name: () -- the holder names 3 opponent buildings ---------------------------------------

def _feud_name_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.NameBuildings(p, trio) for trio in combinations(buildings(g, 1 - p), 3)]


def _feud_name_check(g: RivalsGame, a: Any, data: Data) -> None:
    targets = buildings(g, 1 - a.player)
    if len(a.cells) != 3 or len(set(a.cells)) != 3 or not set(a.cells) <= set(targets):
        raise IllegalAction("name 3 different buildings of the opponent")


def _feud_name_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    done(g.state, index)
    queue(g.state, [(1 - a.player, "feud_remove", tuple(a.cells))], events, front=True)


# --- feud_remove: (named cells) -- the opponent removes one under a matching stack ----------------

def _matching(g: RivalsGame, card: int) -> list[int]:
    s = g.state
    return [i for i in range(len(s.stacks)) if s.stack_backs[i] == back_of(card)]


def _feud_remove_options(g: RivalsGame, p: int, data: Data) -> list:
    grid = g.state.grid[p]
    return [A.RemoveNamed(p, c, i) for c in data for i in _matching(g, grid[c])]


def _feud_remove_check(g: RivalsGame, a: Any, data: Data) -> None:
    if a.cell not in data or g.state.grid[a.player][a.cell] < 0:
        raise IllegalAction("remove one of the named buildings")
    if a.stack not in _matching(g, g.state.grid[a.player][a.cell]):
        raise IllegalAction("it goes under a draw stack with the same back")


def _feud_remove_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    done(g.state, index)
    lose_from_principality(g, a.player, a.cell, a.stack, events)  # an event or an attack took it


def _feud_remove_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    if _feud_remove_options(g, p, data):
        return False
    done(g.state, index)  # no stack with a matching back: nothing can be removed
    return True


# --- feuds_pick: () -- the holder picks opponent hand cards for the stacks -----------------------

def _feuds_count(g: RivalsGame, p: int) -> int:
    return min(2, len(g.state.hands[1 - p]))


def _feuds_options(g: RivalsGame, p: int, data: Data) -> list:
    hand = g.state.hands[1 - p]
    out = []
    for cards in combinations(hand, _feuds_count(g, p)):
        # Each card goes under a stack of its own back: cards of different backs go to different stacks.
        out.extend(A.PickHandCards(p, tuple(cards), stacks) for stacks in product(*(_matching(g, c) for c in cards)))
    return out


def _feuds_check(g: RivalsGame, a: Any, data: Data) -> None:
    hand = g.state.hands[1 - a.player]
    n = _feuds_count(g, a.player)
    if len(a.cards) != n or len(set(a.cards)) != n or not set(a.cards) <= set(hand) or len(a.stacks) != n:
        raise IllegalAction(f"pick {n} different cards of the opponent's hand, each with a stack")
    for card, stack in zip(a.cards, a.stacks):
        if stack not in _matching(g, card):
            raise IllegalAction("each card goes under a stack with the same back")


def _feuds_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    done(g.state, index)
    for card, stack in zip(a.cards, a.stacks):
        put_under(g, 1 - a.player, card, stack, events)


RULES: dict[str, Any] = {
    "invention": invention,
    "year_of_plenty": year_of_plenty,
    "traveling_merchant": traveling_merchant,
    "trade_ships_race": trade_ships_race,
    "feud": feud,
    "fraternal_feuds": fraternal_feuds,
}

DECISIONS: dict[str, DecisionRule] = {
    "merchant": DecisionRule((A.BuyResource, A.Pass), _merchant_options, _merchant_check, _merchant_resolve,
                             _merchant_auto),
    "feud_name": DecisionRule((A.NameBuildings,), _feud_name_options, _feud_name_check, _feud_name_resolve),
    "feud_remove": DecisionRule((A.RemoveNamed,), _feud_remove_options, _feud_remove_check, _feud_remove_resolve,
                                _feud_remove_auto),
    "feuds_pick": DecisionRule((A.PickHandCards,), _feuds_options, _feuds_check, _feuds_resolve),
}
