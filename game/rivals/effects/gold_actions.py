"""Action cards of the Era of Gold: Gudrun, Trade Master, Merchant, Brigands, Reiner (Goldsmith is basic)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import catalogue
from game.rivals.constants import GOLD, MAX_STORE
from game.rivals.economy import cell_resource, is_region, remove, room_cells, store_cells, totals
from game.rivals.effects.base import ActionCardRule, DecisionRule
from game.rivals.effects.common import discard_played
from game.rivals.events import NoEffect
from game.rivals.pending import done, queue, replace
from game.rivals.scoring import owned_ids

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

ALL = 63
Data = tuple[Any, ...]


def requires(g: RivalsGame, p: int, card_id: str) -> str | None:
    """The first unmet printed requirement of a card, or None."""
    for req in catalogue().cards[card_id].requires:
        why = g.card_rules.requirement_refusal(g, p, req)
        if why:
            return why
    return None


def take_targets(g: RivalsGame, p: int, mask: int) -> list[tuple[int, int]]:
    """(resource, own cell with room) pairs of the kinds in mask that the opponent has."""
    s = g.state
    have = totals(s, 1 - p)
    out = []
    for c in room_cells(s, p, mask):
        r = cell_resource(s, p, c)
        if have[r]:
            out.append((r, c))
    return out


def _plain(a: A.PlayCard) -> None:
    if a.payment or a.targets:
        raise IllegalAction("this card takes no payment and no targets")


# --- Gudrun: up to 2 gold per own Pirate Ship ------------------------------------------------------

def _gudrun_count(g: RivalsGame, p: int) -> int:
    s = g.state
    ships = owned_ids(s, p).count("pirate_ship")
    room = sum(MAX_STORE - s.store[p][c] for c in room_cells(s, p, 1 << GOLD))
    return min(2 * ships, totals(s, 1 - p)[GOLD], room)


def _gudrun_refusal(g: RivalsGame, p: int) -> str | None:
    return requires(g, p, "gudrun") or (None if _gudrun_count(g, p) else "no_gold_room")


def _gudrun_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    n = _gudrun_count(g, a.player)
    discard_played(g, a.player, a.card, events)
    queue(g.state, [(a.player, "seize", (n, 1 << GOLD, "gudrun", 0))], events, front=True)


# --- Trade Master and Merchant: take 1 or 2 of choice (Merchant then gives 1 back) ------------------

def _taker_refusal(card_id: str) -> Any:
    def refusal(g: RivalsGame, p: int) -> str | None:
        return requires(g, p, card_id) or (None if take_targets(g, p, ALL) else "nothing_to_take")
    return refusal


def _trade_master_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    discard_played(g, a.player, a.card, events)
    queue(g.state, [(a.player, "seize", (2, ALL, "trade_master", 1))], events, front=True)


def _merchant_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    discard_played(g, a.player, a.card, events)
    queue(g.state, [(a.player, "give_back", ("merchant",))], events, front=True)
    queue(g.state, [(a.player, "seize", (2, ALL, "merchant", 1))], events, front=True)


# --- Brigands: fill one own region from the opponent ---------------------------------------------

def _brigands_count(g: RivalsGame, p: int, c: int) -> int:
    s = g.state
    if not is_region(s, p, c):
        return 0
    return min(MAX_STORE - s.store[p][c], totals(s, 1 - p)[cell_resource(s, p, c)])


def _brigands_cells(g: RivalsGame, p: int) -> list[int]:
    return [c for c in store_cells(g.state, p) if _brigands_count(g, p, c) > 0]


def _brigands_refusal(g: RivalsGame, p: int) -> str | None:
    return requires(g, p, "brigands") or (None if _brigands_cells(g, p) else "nothing_to_take")


def _brigands_options(g: RivalsGame, p: int, card: int) -> list:
    return [A.PlayCard(p, card, (), (c,)) for c in _brigands_cells(g, p)]


def _brigands_check(g: RivalsGame, a: A.PlayCard) -> None:
    if a.payment or len(a.targets) != 1 or a.targets[0] not in _brigands_cells(g, a.player):
        raise IllegalAction("Brigands names one own region with room whose resource the opponent has")


def _brigands_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    s, p = g.state, a.player
    c = a.targets[0]
    n, res = _brigands_count(g, p, c), cell_resource(s, p, c)
    discard_played(g, p, a.card, events)
    queue(s, [(1 - p, "give", (res, p, c, "brigands"))] * n, events, front=True)


# --- Reiner: the event die shows Celebration, +1 resource for the player ---------------------------

def _reiner_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    from game.rivals.dice import resolve_roll

    discard_played(g, a.player, a.card, events)
    events.extend(resolve_roll(g, g.chance.die(), "celebration", False))
    queue(g.state, [(a.player, "gain", (1, ALL, "reiner"))], events)


def _one_option(g: RivalsGame, p: int, card: int) -> list:
    return [A.PlayCard(p, card, (), ())]


# --- seize: (count, mask, source, stop: 0 never, 1 after a take, 2 now) -- the opponent picks regions --

def _seize_options(g: RivalsGame, p: int, data: Data) -> list:
    out: list = [A.Take(p, r, c) for r, c in take_targets(g, p, data[1])]
    if data[3] == 2:
        out.append(A.Pass(p))
    return out


def _seize_check(g: RivalsGame, a: Any, data: Data) -> None:
    if isinstance(a, A.Pass):
        if data[3] != 2:
            raise IllegalAction("take at least one resource")
        return
    if (a.resource, a.cell) not in take_targets(g, a.player, data[1]):
        raise IllegalAction("take a kind the opponent has onto an own cell of that kind with room")


def _seize_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    count, mask, source, optional = data
    if isinstance(a, A.Pass) or count <= 1:
        done(s, index)
    else:
        replace(s, index, (count - 1, mask, source, 2 if optional else 0))
    if isinstance(a, A.Take):
        queue(s, [(1 - a.player, "give", (a.resource, a.player, a.cell, source))], events, front=True)


def _seize_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    if take_targets(g, p, data[1]):
        return False
    events.append(NoEffect(data[2], "nothing_to_take"))
    done(g.state, index)
    return True


# --- give_back: (source,) -- Merchant: give the opponent 1 resource of choice ----------------------

def _give_back_cells(g: RivalsGame, p: int) -> list[int]:
    s = g.state
    return [c for c in store_cells(s, p) if s.store[p][c]]


def _give_back_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.GiveFrom(p, c) for c in _give_back_cells(g, p)]


def _give_back_check(g: RivalsGame, a: Any, data: Data) -> None:
    if a.cell not in _give_back_cells(g, a.player):
        raise IllegalAction("give from an own cell holding a resource")


def _give_back_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    res = cell_resource(s, a.player, a.cell)
    done(s, index)
    remove(s, a.player, a.cell, 1, data[0], events)
    queue(s, [(1 - a.player, "gain", (1, 1 << res, data[0]))], events, front=True)


def _give_back_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    if _give_back_cells(g, p):
        return False
    done(g.state, index)
    return True


RULES: dict[str, ActionCardRule] = {
    "gudrun": ActionCardRule("action", _gudrun_refusal, _one_option, lambda g, a: _plain(a), _gudrun_resolve),
    "trade_master": ActionCardRule("action", _taker_refusal("trade_master"), _one_option, lambda g, a: _plain(a),
                                   _trade_master_resolve),
    "merchant": ActionCardRule("action", _taker_refusal("merchant"), _one_option, lambda g, a: _plain(a),
                               _merchant_resolve),
    "brigands": ActionCardRule("action", _brigands_refusal, _brigands_options, _brigands_check, _brigands_resolve),
    "reiner": ActionCardRule("roll", lambda g, p: None, _one_option, lambda g, a: _plain(a), _reiner_resolve),
}

DECISIONS: dict[str, DecisionRule] = {
    "seize": DecisionRule((A.Take, A.Pass), _seize_options, _seize_check, _seize_resolve, _seize_auto),
    "give_back": DecisionRule((A.GiveFrom,), _give_back_options, _give_back_check, _give_back_resolve,
                              _give_back_auto),
}
