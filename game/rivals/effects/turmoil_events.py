"""Era of Turmoil events: Riots (gold or a unit; Chapel and Sebastian protect) and the Sebastian offer that comes
before Feud and Fraternal Feuds hit a player who holds him."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.constants import GOLD, STRENGTH
from game.rivals.economy import cell_resource, remove, store_cells, totals
from game.rivals.effects import basic_events
from game.rivals.effects.base import DecisionRule, EventRule
from game.rivals.effects.common import buildings, discard_played, lose_from_principality, units
from game.rivals.effects.turmoil_actions import sebastian_card
from game.rivals.effects.turmoil_cards import chapel_against_riots
from game.rivals.events import NoEffect, Protected
from game.rivals.handcards import back_of
from game.rivals.pending import done, queue, replace

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

Data = tuple[Any, ...]


# --- Riots: units with strength or commerce cost 1 gold (1-2 of them) or 2 gold (more), or one of them -------

def riot_units(g: RivalsGame, p: int) -> list[int]:
    """Cells of the player's units with strength or commerce (heroes, trade ships, Chief Cannoneers...)."""
    s = g.state
    cards = card_of()
    return [c for c in units(g, p) if cards[s.grid[p][c]].str > 0 or cards[s.grid[p][c]].com > 0]


def riots(g: RivalsGame, events: list) -> None:
    """Each player with such units pays or gives one up, unless a Chapel protects them at the current die."""
    s = g.state
    items = []
    for p in (s.current, 1 - s.current):
        n = len(riot_units(g, p))
        if not n:
            continue
        chapel = chapel_against_riots(g, p)
        if chapel:
            events.append(Protected(p, "riots", chapel))
            continue
        items.append((p, "riots", (1 if n <= 2 else 2, 0)))
    if not items:
        events.append(NoEffect("riots", "nobody_affected"))
    queue(s, items, events)


def _gold_cells(g: RivalsGame, p: int) -> list[int]:
    s = g.state
    return [c for c in store_cells(s, p) if cell_resource(s, p, c) == GOLD and s.store[p][c]]


def _matching(g: RivalsGame, card: int) -> list[int]:
    s = g.state
    return [i for i in range(len(s.stacks)) if s.stack_backs[i] == back_of(card)]


# riots: (gold due, gold paid so far) -- once paying has begun, only the rest of the gold may follow.

def _riots_options(g: RivalsGame, p: int, data: Data) -> list:
    due, paid = data
    out: list = []
    seb = sebastian_card(g, p)
    if seb >= 0 and not paid:
        out.append(A.PlayCard(p, seb, (), ()))
    if totals(g.state, p)[GOLD] >= due - paid:
        out.extend(A.GiveFrom(p, c) for c in _gold_cells(g, p))
    if not paid:
        grid = g.state.grid[p]
        out.extend(A.RemoveNamed(p, c, i) for c in riot_units(g, p) for i in _matching(g, grid[c]))
    return out


def _riots_check(g: RivalsGame, a: Any, data: Data) -> None:
    if a not in _riots_options(g, a.player, data):
        raise IllegalAction("Riots: pay the gold due, give up a unit with strength or commerce, or play Sebastian")


def _riots_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s, p = g.state, a.player
    due, paid = data
    if isinstance(a, A.GiveFrom):
        if paid + 1 < due:
            replace(s, index, (due, paid + 1))
        else:
            done(s, index)
        remove(s, p, a.cell, 1, "riots", events)
        return
    done(s, index)
    if isinstance(a, A.PlayCard):
        discard_played(g, p, a.card, events)
        events.append(Protected(p, "riots", "sebastian"))
    else:
        lose_from_principality(g, p, a.cell, a.stack, events)


def _riots_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    """No way to answer (no gold, no stack for any unit): nothing happens; a single way: it is taken."""
    options = _riots_options(g, p, data)
    if len(options) > 1:
        return False
    if options:
        _riots_resolve(g, options[0], index, data, events)
    else:
        done(g.state, index)
        events.append(NoEffect("riots", "nothing_to_give"))
    return True


# --- Sebastian against Feud and Fraternal Feuds: the hit player holding him decides first --------------------

def _feud_victim(g: RivalsGame) -> int:
    s = g.state
    holder = s.tokens[STRENGTH]
    return 1 - holder if holder >= 0 and buildings(g, 1 - holder) else -1


def _feuds_victim(g: RivalsGame) -> int:
    s = g.state
    holder = s.tokens[STRENGTH]
    return 1 - holder if holder >= 0 and s.hands[1 - holder] else -1


# event id -> (the player it would hit or -1, the event itself)
_GUARDED: Mapping[str, tuple[Any, EventRule]] = MappingProxyType({
    "feud": (_feud_victim, basic_events.feud),
    "fraternal_feuds": (_feuds_victim, basic_events.fraternal_feuds),
})


def _guarded(event_id: str) -> EventRule:
    victim, event = _GUARDED[event_id]

    def rule(g: RivalsGame, events: list) -> None:
        p = victim(g)
        if p >= 0 and sebastian_card(g, p) >= 0:
            queue(g.state, [(p, "sebastian", (event_id,))], events)
        else:
            event(g, events)
    return rule


def _sebastian_options(g: RivalsGame, p: int, data: Data) -> list:
    seb = sebastian_card(g, p)
    return [A.Pass(p)] + ([A.PlayCard(p, seb, (), ())] if seb >= 0 else [])


def _sebastian_check(g: RivalsGame, a: Any, data: Data) -> None:
    if a not in _sebastian_options(g, a.player, data):
        raise IllegalAction("play Sebastian from your hand against the event, or pass")


def _sebastian_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    done(g.state, index)
    if isinstance(a, A.PlayCard):
        discard_played(g, a.player, a.card, events)
        events.append(Protected(a.player, data[0], "sebastian"))
    else:
        _GUARDED[data[0]][1](g, events)


EVENTS: dict[str, EventRule] = {"riots": riots, "feud": _guarded("feud"),
                                "fraternal_feuds": _guarded("fraternal_feuds")}
DECISIONS: dict[str, DecisionRule] = {
    "riots": DecisionRule((A.GiveFrom, A.RemoveNamed, A.PlayCard), _riots_options, _riots_check, _riots_resolve,
                          _riots_auto),
    "sebastian": DecisionRule((A.PlayCard, A.Pass), _sebastian_options, _sebastian_check, _sebastian_resolve),
}
