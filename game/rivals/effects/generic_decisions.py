"""Generic pending decisions: starting hands, arranging, gains of choice, taking and giving, region order, search."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.constants import MAX_STORE
from game.rivals.economy import add, cell_resource, remove, room_cells, store_cells, stored_kinds, totals
from game.rivals.effects.base import DecisionRule
from game.rivals.events import RegionsSwapped, ResourceLost, StartingHandTaken
from game.rivals.handcards import take_card
from game.rivals.pending import done, queue, replace

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

Data = tuple[Any, ...]


# --- start_stack: (excluded stack,) -------------------------------------------------------------

def _start_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.ChooseStartStack(p, i) for i, st in enumerate(g.state.stacks) if i != data[0] and len(st) >= 3]


def _start_check(g: RivalsGame, a: Any, data: Data) -> None:
    if not 0 <= a.stack < len(g.state.stacks) or a.stack == data[0] or len(g.state.stacks[a.stack]) < 3:
        raise IllegalAction("choose a stack with 3 cards, other than the one the opponent took")


def _start_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    for _ in range(3):
        card = s.take_from_stack(a.stack, 0)
        s.hands[a.player].append(card)
    events.append(StartingHandTaken(a.player, a.stack, 3))
    done(s, index)
    if data[0] < 0:
        queue(s, [(1 - a.player, "start_stack", (a.stack,))], events)
    else:
        s.phase = "roll"
        s.current = s.started
        s.turn_number = 1


# --- gain: (count, resource mask, source) -------------------------------------------------------

def _gain_options(g: RivalsGame, p: int, data: Data) -> list:
    cells = room_cells(g.state, p, data[1])
    return [A.gain(p, c) for c in cells] if cells else [A.gain(p, -1)]


def _gain_check(g: RivalsGame, a: Any, data: Data) -> None:
    cells = room_cells(g.state, a.player, data[1])
    if a.cell == -1 and not cells:
        return
    if a.cell not in cells:
        raise IllegalAction("choose an own region of an allowed kind with room")


def _gain_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    count, mask, source = data
    if a.cell >= 0:
        add(s, a.player, a.cell, 1, source, events)
    else:
        events.append(ResourceLost(a.player, -1, source))
    if count > 1:
        replace(s, index, (count - 1, mask, source))
    else:
        done(s, index)


def _gain_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    """With no room, or room on one cell only, there is nothing to choose."""
    s = g.state
    cells = room_cells(s, p, data[1])
    if len(cells) > 1:
        return False
    count, _, source = data
    if cells:
        add(s, p, cells[0], count, source, events)
    else:
        events.append(ResourceLost(p, -1, source))
    done(s, index)
    return True


# --- take: (count, source): take a kind the opponent has, storing it on an own cell -------------

def _take_targets(g: RivalsGame, p: int) -> list[tuple[int, int]]:
    s = g.state
    have, store = totals(s, 1 - p), s.store[p]
    return [(r, c) for c, r in stored_kinds(s, p) if store[c] < MAX_STORE and have[r]]


def _take_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.take(p, r, c) for r, c in _take_targets(g, p)]


def _take_check(g: RivalsGame, a: Any, data: Data) -> None:
    if (a.resource, a.cell) not in _take_targets(g, a.player):
        raise IllegalAction("take a kind the opponent has onto an own region of that kind with room")


def _take_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    count, source = data
    if count > 1:
        replace(s, index, (count - 1, source))
    else:
        done(s, index)
    queue(s, [(1 - a.player, "give", (a.resource, a.player, a.cell, source))], events, front=True)


def _take_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    if _take_targets(g, p):
        return False
    events.append(ResourceLost(p, -1, data[1]))
    done(g.state, index)
    return True


# --- give: (resource, to player, to cell, source): the giver picks the source region ------------

def _give_sources(g: RivalsGame, p: int, res: int) -> list[int]:
    s = g.state
    return [c for c in store_cells(s, p) if cell_resource(s, p, c) == res and s.store[p][c]]


def _give_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.GiveFrom(p, c) for c in _give_sources(g, p, data[0])]


def _give_check(g: RivalsGame, a: Any, data: Data) -> None:
    if a.cell not in _give_sources(g, a.player, data[0]):
        raise IllegalAction("give from an own region holding that resource")


def _give_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    res, to, to_cell, source = data
    done(s, index)
    remove(s, a.player, a.cell, 1, source, events)
    if s.store[to][to_cell] < MAX_STORE and cell_resource(s, to, to_cell) == res:
        add(s, to, to_cell, 1, source, events)
    else:
        events.append(ResourceLost(to, res, source))


def _give_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    sources = _give_sources(g, p, data[0])
    if len(sources) > 1:
        return False
    if sources:
        _give_resolve(g, A.GiveFrom(p, sources[0]), index, data, events)
    else:
        done(g.state, index)
    return True


# --- place_regions: (top cell, bottom cell) -----------------------------------------------------

def _place_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.PlaceRegions(p, False), A.PlaceRegions(p, True)]


def _place_check(g: RivalsGame, a: Any, data: Data) -> None:
    return None


def _place_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    top, bottom = data
    if a.swap:
        grid = s.grid[a.player]
        grid[top], grid[bottom] = grid[bottom], grid[top]
    done(s, index)


# --- search_pick: (stack,) or (stack, source card) -------------------------------------------------

def _search_options(g: RivalsGame, p: int, data: Data) -> list:
    stack = g.state.stacks[data[0]]
    # One option per distinct card, the first copy of it.
    seen: set[str] = set()
    out = []
    for i, c in enumerate(stack):
        cid = card_of()[c].id
        if cid not in seen:
            seen.add(cid)
            out.append(A.pick_from_stack(p, i))
    return out


def _search_check(g: RivalsGame, a: Any, data: Data) -> None:
    if not 0 <= a.index < len(g.state.stacks[data[0]]):
        raise IllegalAction("pick a card of the searched stack")


def _search_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    done(g.state, index)
    take_card(g, a.player, data[0], a.index, events)
    if len(data) > 1:  # a card's search (data[1] names it, e.g. the Library): the card may be used at once
        from game.rivals.effects.use_now import offer_use_now

        offer_use_now(g, a.player, g.state.hands[a.player][-1], data[1], events)


# --- start_search: () -- theme games: pick a basic stack to look through ---------------------------

def _basic_stacks(g: RivalsGame) -> list[int]:
    s = g.state
    return [i for i, st in enumerate(s.stacks) if s.stack_backs[i] == "basic" and len(st) >= 3]


def _start_search_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.ChooseStartStack(p, i) for i in _basic_stacks(g)]


def _start_search_check(g: RivalsGame, a: Any, data: Data) -> None:
    if a.stack not in _basic_stacks(g):
        raise IllegalAction("choose a basic-set stack with at least 3 cards")


def _start_search_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    done(g.state, index)
    queue(g.state, [(a.player, "start_pick", (a.stack, 3))], events, front=True)


# --- start_pick: (stack, left) -- keep cards of the searched stack, the rest keeps its order --------

def _start_pick_check(g: RivalsGame, a: Any, data: Data) -> None:
    if not 0 <= a.index < len(g.state.stacks[data[0]]):
        raise IllegalAction("pick a card of the searched stack")


def _start_pick_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    stack, left = data
    s.hands[a.player].append(s.take_from_stack(stack, a.index))  # a starting hand is playable at once
    if left > 1:
        replace(s, index, (stack, left - 1))
        return
    done(s, index)
    events.append(StartingHandTaken(a.player, stack, 3))
    other = 1 - a.player
    if not s.hands[other]:
        queue(s, [(other, "start_search", ())], events)
    else:
        queue(s, [(s.started, "arrange", ())], events)


# --- arrange: () -- theme games: swap own regions until done ----------------------------------------

def _arrange_pairs(g: RivalsGame, p: int) -> list[tuple[int, int]]:
    from game.rivals.economy import number_table
    from game.rivals.principality import region_cells

    s = g.state
    grid, store, cards, numbers = s.grid[p][:], s.store[p], card_of(), number_table()  # plain list: faster reads
    regions = region_cells(grid)
    key = {c: (cards[grid[c]].id, numbers[grid[c]], store[c]) for c in regions}
    return [(a, b) for i, a in enumerate(regions) for b in regions[i + 1:] if key[a] != key[b]]


def _arrange_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.DoneArranging(p), *(A.swap_regions(p, a, b) for a, b in _arrange_pairs(g, p))]


def _arrange_check(g: RivalsGame, a: Any, data: Data) -> None:
    if isinstance(a, A.SwapRegions) and (a.a, a.b) not in _arrange_pairs(g, a.player) \
            and (a.b, a.a) not in _arrange_pairs(g, a.player):
        raise IllegalAction("swap two different own regions")


def _arrange_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    p = a.player
    if isinstance(a, A.SwapRegions):
        grid, store = s.grid[p], s.store[p]
        grid[a.a], grid[a.b] = grid[a.b], grid[a.a]
        store[a.a], store[a.b] = store[a.b], store[a.a]
        events.append(RegionsSwapped(p, a.a, a.b))
        return
    done(s, index)
    if p == s.started:
        queue(s, [(1 - p, "arrange", ())], events)
    else:
        s.phase = "roll"
        s.current = s.started
        s.turn_number = 1


GENERIC_DECISIONS: dict[str, DecisionRule] = {
    "start_stack": DecisionRule((A.ChooseStartStack,), _start_options, _start_check, _start_resolve),
    "gain": DecisionRule((A.Gain,), _gain_options, _gain_check, _gain_resolve, _gain_auto),
    "take": DecisionRule((A.Take,), _take_options, _take_check, _take_resolve, _take_auto),
    "give": DecisionRule((A.GiveFrom,), _give_options, _give_check, _give_resolve, _give_auto),
    "place_regions": DecisionRule((A.PlaceRegions,), _place_options, _place_check, _place_resolve),
    "search_pick": DecisionRule((A.PickFromStack,), _search_options, _search_check, _search_resolve),
    "start_search": DecisionRule((A.ChooseStartStack,), _start_search_options, _start_search_check,
                                 _start_search_resolve),
    "start_pick": DecisionRule((A.PickFromStack,), _search_options, _start_pick_check, _start_pick_resolve),
    "arrange": DecisionRule((A.SwapRegions, A.DoneArranging), _arrange_options, _arrange_check, _arrange_resolve),
}
