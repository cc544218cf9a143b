"""Era of Progress expansions and events with effects: Library, Building Crane, Plague (Bath House, Pharmacy)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.economy import remove
from game.rivals.effects.base import BuildHook, DecisionRule, DiscountRule, EventRule
from game.rivals.effects.progress_actions import bath_house_columns, city_regions
from game.rivals.events import NoEffect
from game.rivals.pending import done, queue
from game.rivals.principality import is_city, settlement_columns
from game.rivals.scoring import owned_ids

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

ALL = 63
Data = tuple[Any, ...]
CRANE_MIN_COST = 5  # "more than 4 resources"


# --- Library: on building, the player may search a draw stack and take 1 card, usable at once -----------

def library_built(g: RivalsGame, p: int, c: int, events: list) -> None:
    """Offer the search of a draw stack of choice (declining is allowed)."""
    if not any(g.state.stacks):
        events.append(NoEffect("library", "empty_stacks"))
        return
    queue(g.state, [(p, "library_search", ())], events, front=True)


def _library_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.Pass(p), *(A.ChooseStartStack(p, i) for i, st in enumerate(g.state.stacks) if st)]


def _library_check(g: RivalsGame, a: Any, data: Data) -> None:
    if isinstance(a, A.ChooseStartStack) and not (0 <= a.stack < len(g.state.stacks) and g.state.stacks[a.stack]):
        raise IllegalAction("search a draw stack that has cards")


def _library_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    done(g.state, index)
    if isinstance(a, A.ChooseStartStack):  # once looked through, a card must be taken (FAQ)
        queue(g.state, [(a.player, "search_pick", (a.stack, "library"))], events, front=True)


# --- Building Crane: a city expansion of more than 4 printed resources costs 1 less --------------------

def crane_discount(g: RivalsGame, p: int, card: int) -> int:
    """1 for a city expansion whose printed cost has more than 4 resources, else 0."""
    info = card_of()[card]
    return 1 if info.type == "city_building" and info.cost_size >= CRANE_MIN_COST else 0


# --- Plague: regions next to cities lose 1 (Bath House protects), then 1 of choice per Pharmacy --------

def plague_regions(g: RivalsGame, p: int) -> list[int]:
    """The player's regions next to a city and not next to a city with a Bath House (each counted once)."""
    grid = g.state.grid[p]
    bathed = {r for x in bath_house_columns(g, p) for r in city_regions(g, p, x)}
    hit = {r for x in settlement_columns(grid) if is_city(grid, x) for r in city_regions(g, p, x)}
    return sorted(hit - bathed)


def plague(g: RivalsGame, events: list) -> None:
    """Each loses 1 on every region bordering a city (Bath House cities spared); each Pharmacy gives 1 of choice."""
    s = g.state
    items = []
    for p in (s.current, 1 - s.current):
        for r in plague_regions(g, p):
            if s.store[p][r]:
                remove(s, p, r, 1, "plague", events)
        pharmacies = owned_ids(s, p).count("pharmacy")
        if pharmacies:
            items.append((p, "gain", (pharmacies, ALL, "pharmacy")))
    queue(s, items, events)


ON_BUILD: dict[str, BuildHook] = {"library": library_built}
DISCOUNTS: dict[str, DiscountRule] = {"building_crane": crane_discount}
EVENTS: dict[str, EventRule] = {"plague": plague}
DECISIONS: dict[str, DecisionRule] = {
    "library_search": DecisionRule((A.ChooseStartStack, A.Pass), _library_options, _library_check,
                                   _library_resolve),
}
