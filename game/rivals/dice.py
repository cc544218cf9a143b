"""The roll: Brigand Attack before production, production with boosters and the Marketplace, the other faces after."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rivals.catalogue import card_of
from game.rivals.constants import EVENT_FACES, GOLD, MAX_STORE, TRADE, WOOL
from game.rivals.economy import add, auto_gain, number_table, remove, resource_table, store_cells
from game.rivals.events import DiceRolled, EventCardDrawn, EventDeckRebuilt, NoEffect
from game.rivals.pending import queue
from game.rivals.principality import region_sites, site_regions
from game.rivals.scoring import expansion_cells, owned_ids, stats
from game.rivals.setup import build_event_deck

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame
    from game.rivals.state import RivalsState

ALL = 63


def resolve_roll(g: RivalsGame, production: int, face: str, fixed: bool) -> list:
    """Resolve both dice in the normal order and open the action phase."""
    s = g.state
    s.dice = (production, face)
    events: list = [DiceRolled(s.current, production, face, fixed)]
    if face == "brigand_attack":
        brigand_attack(g, events)
    produce(g, production, events)
    if face != "brigand_attack":
        resolve_face(g, face, events)
    s.phase = "action"
    return events


def event_face(value: int) -> str:
    """The event-die face of a die value 1-6 (faces 1 and 2 show the event card)."""
    return EVENT_FACES[value - 1]


def brigand_attack(g: RivalsGame, events: list) -> None:
    """Anyone with more than 7 counted resources loses all gold and wool on regions (Storehouse, Gold Cache spared)."""
    s = g.state
    cards = card_of()
    table = resource_table()
    for p in (s.current, 1 - s.current):
        grid, store = s.grid[p], s.store[p]
        protected = set()
        for c in expansion_cells(s, p):
            if cards[grid[c]].id == "storehouse":
                protected.update(site_regions(c))
        counted = sum(store[c] for c in store_cells(s, p)
                      if c not in protected and cards[grid[c]].type == "region")
        if counted <= 7:
            continue
        for c in store_cells(s, p):
            if cards[grid[c]].type == "region" and table[grid[c]] in (GOLD, WOOL) and store[c]:
                remove(s, p, c, store[c], "brigand_attack", events)


def produce(g: RivalsGame, number: int, events: list) -> None:
    """Every region with the number produces 1, plus 1 per neighbouring booster of its kind; then the Marketplace."""
    s = g.state
    table = resource_table()
    matching: list[tuple[tuple[int, int], ...]] = [(), ()]
    for p in (s.current, 1 - s.current):
        matching[p] = producers(s, p).get(number, ())
        for c, boost in matching[p]:
            add(s, p, c, 1, "production", events)
            if boost:
                add(s, p, c, boost, "booster", events)
    for p in (s.current, 1 - s.current):
        if len(matching[1 - p]) > len(matching[p]) and "marketplace" in built_ids(s, p):
            mask = 0
            for c, _ in matching[1 - p]:
                mask |= 1 << table[s.grid[1 - p][c]]
            queue(s, [(p, "gain", (1, mask, "marketplace"))], events)


def producers(s: RivalsState, p: int) -> dict[int, tuple[tuple[int, int], ...]]:
    """Production number -> (region cell, neighbouring boosters of its kind) in cell order (cached with the grid)."""
    grid = s.grid[p]
    hit = grid.memo.get("producers")
    if hit is None or hit[0] != grid.version:
        cards, numbers = card_of(), number_table()
        plain = grid[:]  # a plain list reads faster than the Grid (a list subclass)
        value: dict[int, list[tuple[int, int]]] = {}
        for c in store_cells(s, p):
            k = plain[c]
            if cards[k].type != "region":
                continue
            region_id = cards[k].id
            boost = sum(1 for site in region_sites(c) if plain[site] >= 0 and cards[plain[site]].booster == region_id)
            value.setdefault(numbers[k], []).append((c, boost))
        hit = grid.memo["producers"] = (grid.version, {n: tuple(cells) for n, cells in value.items()})
    return hit[1]  # type: ignore[no-any-return]


def built_ids(s: RivalsState, p: int) -> frozenset[str]:
    """Ids of the expansions lying face up in the principality (not those beneath others), cached with the grid."""
    grid = s.grid[p]
    hit = grid.memo.get("built_ids")
    if hit is None or hit[0] != grid.version:
        cards = card_of()
        hit = grid.memo["built_ids"] = (grid.version, frozenset(cards[grid[c]].id for c in expansion_cells(s, p)))
    return hit[1]  # type: ignore[no-any-return]


def resolve_face(g: RivalsGame, face: str, events: list) -> None:
    """Resolve a black event-die face."""
    s = g.state
    me, other = s.current, 1 - s.current
    if face == "event_card":
        draw_event(g, events)
    elif face == "trade":
        holder = s.tokens[TRADE]
        if holder < 0:
            events.append(NoEffect("trade", "no_holder"))
        else:
            count = 2 if "moneylender" in owned_ids(s, holder) else 1  # Moneylender: 2 instead of 1 (Q9)
            queue(s, [(holder, "take", (count, "trade"))], events)
    elif face == "celebration":
        skl = (stats(s, 0)[1], stats(s, 1)[1])
        if skl[me] != skl[other]:
            winner = me if skl[me] > skl[other] else other
            queue(s, [(winner, "gain", (1, ALL, "celebration"))], events)
        else:
            queue(s, [(me, "gain", (1, ALL, "celebration")), (other, "gain", (1, ALL, "celebration"))], events)
    elif face == "plentiful_harvest":
        queue(s, [(me, "gain", (1, ALL, "plentiful_harvest")), (other, "gain", (1, ALL, "plentiful_harvest"))],
              events)
        cards = card_of()
        for p in (me, other):
            for c in expansion_cells(s, p):
                cid = cards[s.grid[p][c]].id
                if cid == "toll_bridge":
                    auto_gain(s, p, GOLD, 2, "toll_bridge", events)
                elif cid == "pirate_ship":
                    auto_gain(s, p, GOLD, 1, "pirate_ship", events)


def draw_event(g: RivalsGame, events: list) -> None:
    """Draw the top event card; Yule rebuilds the deck and draws again; others go under the deck and resolve."""
    s = g.state
    cards = card_of()
    for _ in range(4):  # Yule is never on top right after a rebuild, so this loop ends at once
        if not s.events:
            events.append(NoEffect("event_card", "empty_deck"))
            return
        top = s.events.pop(0)
        cid = cards[top].id
        events.append(EventCardDrawn(s.current, cid))
        if cid == "yule":
            s.events = build_event_deck(s.events + [top], g.chance)
            events.append(EventDeckRebuilt(len(s.events)))
            continue
        s.events.append(top)
        g.card_rules.events[cid](g, events)  # set-up refuses a deck with an event that has no rule
        return


def room(g: RivalsGame, p: int, c: int) -> int:
    """Free space on a cell."""
    return MAX_STORE - g.state.store[p][c]
