"""Action cards of the Era of Turmoil: Voyage of Plunder, Archer, Arsonist, Traitor and Sebastian (Brigands is
the Era of Gold's card), with the decisions their attacks open."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.building import playable_from_hand
from game.rivals.catalogue import card_of
from game.rivals.effects import basic_events
from game.rivals.effects.base import ActionCardRule, DecisionRule
from game.rivals.effects.common import discard_played, units
from game.rivals.effects.gold_actions import requires
from game.rivals.effects.turmoil_cards import arson_targets, stopped_by_guard
from game.rivals.effects.use_now import offer_use_now
from game.rivals.events import HandCardTaken, NoEffect
from game.rivals.pending import done, queue
from game.rivals.scoring import victory_points

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

ALL = 63
Data = tuple[Any, ...]


def _plain(g: RivalsGame, a: A.PlayCard) -> None:
    if a.payment or a.targets:
        raise IllegalAction("this card takes no payment and no targets")


def _one_option(g: RivalsGame, p: int, card: int) -> list:
    return [A.PlayCard(p, card, (), ())]


def _printed(card_id: str) -> Any:
    def refusal(g: RivalsGame, p: int) -> str | None:
        return requires(g, p, card_id)
    return refusal


def strong_units(g: RivalsGame, p: int) -> list[int]:
    """Cells of the player's units with at least 1 strength (what an Archer hits)."""
    s = g.state
    cards = card_of()
    return [c for c in units(g, p) if cards[s.grid[p][c]].str > 0]


def sebastian_card(g: RivalsGame, p: int) -> int:
    """A Sebastian the player may play now from the hand, or -1."""
    return next((c for c in g.state.hands[p] if card_of()[c].id == "sebastian" and playable_from_hand(g, p, c)), -1)


# --- Voyage of Plunder: 2 of choice from an opponent with more points, else 1 ------------------------------

def _voyage_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    s, p = g.state, a.player
    n = 2 if victory_points(s, 1 - p) > victory_points(s, p) else 1
    discard_played(g, p, a.card, events)
    queue(s, [(p, "seize", (n, ALL, "voyage_of_plunder", 0))], events, front=True)


# --- Archer: the opponent puts a unit with strength under a draw stack --------------------------------------

def _archer_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    p = a.player
    discard_played(g, p, a.card, events)
    if not stopped_by_guard(g, 1 - p, "archer", events):
        queue(g.state, [(1 - p, "archer_remove", tuple(strong_units(g, 1 - p)))], events, front=True)


# --- Arsonist: name an unprotected building (after the opponent's roll); its owner puts it under a stack ------

def _arsonist_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    p = a.player
    discard_played(g, p, a.card, events)
    if not stopped_by_guard(g, 1 - p, "arsonist", events):
        queue(g.state, [(p, "arson_name", ())], events, front=True)


def _arson_name_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.NameBuildings(p, (c,)) for c in arson_targets(g, 1 - p)]


def _arson_name_check(g: RivalsGame, a: Any, data: Data) -> None:
    if len(a.cells) != 1 or a.cells[0] not in arson_targets(g, 1 - a.player):
        raise IllegalAction("name one opponent building that no Fire Brigade protects")


def _arson_name_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    done(g.state, index)
    queue(g.state, [(1 - a.player, "arson_remove", tuple(a.cells))], events, front=True)


def _arson_name_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    targets = arson_targets(g, 1 - p)
    if len(targets) > 1:
        return False
    if targets:
        _arson_name_resolve(g, A.NameBuildings(p, (targets[0],)), index, data, events)
    else:
        done(g.state, index)
        events.append(NoEffect("arsonist", "no_buildings"))
    return True


# --- Traitor: look at the opponent's hand and take one card (or none); it is playable at once ----------------

def _traitor_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    p = a.player
    discard_played(g, p, a.card, events)
    if not stopped_by_guard(g, 1 - p, "traitor", events):
        queue(g.state, [(p, "traitor_pick", ())], events, front=True)


def _traitor_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.Pass(p), *(A.PickHandCards(p, (c,), ()) for c in g.state.hands[1 - p])]


def _traitor_check(g: RivalsGame, a: Any, data: Data) -> None:
    if isinstance(a, A.Pass):
        return
    if len(a.cards) != 1 or a.stacks or a.cards[0] not in g.state.hands[1 - a.player]:
        raise IllegalAction("take one card of the opponent's hand, or pass")


def _traitor_resolve_pick(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s = g.state
    done(s, index)
    if isinstance(a, A.Pass):
        events.append(NoEffect("traitor", "nothing_taken"))
        return
    card, o = a.cards[0], 1 - a.player
    s.hands[o].remove(card)
    if card in s.fresh[o]:
        s.fresh[o].remove(card)
    s.hands[a.player].append(card)
    s.fresh[a.player].append(card)  # usable at once through the offer below, otherwise from the next turn on
    events.append(HandCardTaken(a.player, card))
    offer_use_now(g, a.player, card, "traitor", events)


def _traitor_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    if g.state.hands[1 - p]:
        return False
    done(g.state, index)
    events.append(NoEffect("traitor", "empty_hand"))
    return True


# --- Sebastian: played only while Riots, Feud or Fraternal Feuds is revealed (see turmoil_events) -------------

def _sebastian_refusal(g: RivalsGame, p: int) -> str | None:
    return "event_revealed"


def _sebastian_check(g: RivalsGame, a: A.PlayCard) -> None:
    raise IllegalAction("Sebastian is played only as Riots, Feud or Fraternal Feuds is revealed")


RULES: dict[str, ActionCardRule] = {
    "voyage_of_plunder": ActionCardRule("action", _printed("voyage_of_plunder"), _one_option, _plain,
                                        _voyage_resolve),
    "archer": ActionCardRule("action", _printed("archer"), _one_option, _plain, _archer_resolve),
    "arsonist": ActionCardRule("action", _printed("arsonist"), _one_option, _plain, _arsonist_resolve),
    "traitor": ActionCardRule("action", _printed("traitor"), _one_option, _plain, _traitor_resolve),
    "sebastian": ActionCardRule("never", _sebastian_refusal, lambda g, p, c: [], _sebastian_check,
                                lambda g, a, ev: None),
}

# Archer and Arsonist leave the choice of the draw stack (and the Archer's unit) to the owner, as Feud does.
_REMOVE_NAMED = basic_events.DECISIONS["feud_remove"]

DECISIONS: dict[str, DecisionRule] = {
    "archer_remove": _REMOVE_NAMED,
    "arson_remove": _REMOVE_NAMED,
    "arson_name": DecisionRule((A.NameBuildings,), _arson_name_options, _arson_name_check, _arson_name_resolve,
                               _arson_name_auto),
    "traitor_pick": DecisionRule((A.PickHandCards, A.Pass), _traitor_options, _traitor_check,
                                 _traitor_resolve_pick, _traitor_auto),
}
