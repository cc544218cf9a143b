"""Action cards of the Era of Progress: Benjamin, Three-Field System, Mineral Mining, Guido, Gustav, Doctor
(Brigitta and Relocation are the basic ones)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.constants import CENTER_ROW, GRAIN, ORE
from game.rivals.economy import add, is_region, number_table
from game.rivals.effects.base import ActionCardRule, DecisionRule
from game.rivals.effects.common import discard_played
from game.rivals.effects.gold_actions import requires
from game.rivals.effects.use_now import offer_use_now
from game.rivals.events import DiscardCardTaken, NoEffect
from game.rivals.pending import done, queue
from game.rivals.principality import cell, region_cells, x_of
from game.rivals.scoring import expansion_cells

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

Data = tuple[Any, ...]


def _one_option(g: RivalsGame, p: int, card: int) -> list:
    return [A.PlayCard(p, card, (), ())]


def _plain(g: RivalsGame, a: A.PlayCard) -> None:
    if a.payment or a.targets:
        raise IllegalAction("this card takes no payment and no targets")


def _needs(card_id: str) -> Any:
    def refusal(g: RivalsGame, p: int) -> str | None:
        return requires(g, p, card_id)
    return refusal


# --- Benjamin: own regions with this turn's production number produce again, without boosters -------

def _benjamin_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    s, p = g.state, a.player
    discard_played(g, p, a.card, events)
    number, numbers, cards = s.dice[0], number_table(), card_of()
    grid = s.grid[p]
    matching = [c for c in region_cells(grid) if numbers[grid[c]] == number and cards[grid[c]].type == "region"]
    for c in matching:
        add(s, p, c, 1, "benjamin", events)
    if not matching:
        events.append(NoEffect("benjamin", "no_matching_regions"))


# --- Three-Field System and Mineral Mining: 2 grain / 2 ore spread over own fields / mountains ---------

def _harvest(resource: int, source: str) -> Any:
    def resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
        discard_played(g, a.player, a.card, events)
        queue(g.state, [(a.player, "gain", (2, 1 << resource, source))], events, front=True)
    return resolve


# --- Guido and Gustav: take a card of choice from the discard pile, usable at once -------------------

DISCARD_TAKERS = frozenset({"guido", "gustav"})


def _discard_choices(g: RivalsGame, played: int) -> list[int]:
    """Positions in the discard pile of the first copy of each distinct card other than the played one."""
    seen: set[str] = set()
    out = []
    for i, c in enumerate(g.state.discard):
        cid = card_of()[c].id
        if c != played and cid not in seen:
            seen.add(cid)
            out.append(i)
    return out


def _discard_refusal(card_id: str) -> Any:
    def refusal(g: RivalsGame, p: int) -> str | None:
        return requires(g, p, card_id) or (None if g.state.discard else "empty_discard")
    return refusal


def _discard_taker(source: str) -> Any:
    def resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
        discard_played(g, a.player, a.card, events)  # on the pile, but it cannot take itself back
        queue(g.state, [(a.player, "discard_pick", (source, a.card))], events, front=True)
    return resolve


def _discard_pick_options(g: RivalsGame, p: int, data: Data) -> list:
    return [A.PickFromStack(p, i) for i in _discard_choices(g, data[1])]


def _discard_pick_check(g: RivalsGame, a: Any, data: Data) -> None:
    discard = g.state.discard
    if not 0 <= a.index < len(discard) or discard[a.index] == data[1]:
        raise IllegalAction("take a card of the discard pile other than the card just played")


def _discard_pick_resolve(g: RivalsGame, a: Any, index: int, data: Data, events: list) -> None:
    s, p = g.state, a.player
    done(s, index)
    card = s.discard.pop(a.index)
    s.hands[p].append(card)
    s.fresh[p].append(card)
    events.append(DiscardCardTaken(p, card))
    if card_of()[card].id not in DISCARD_TAKERS:
        # Ruling: Guido or Gustav taken back this way waits for the next turn; otherwise the two could
        # fetch each other from the pile without end in one turn, which the rulebook does not foresee.
        offer_use_now(g, p, card, data[0], events)


def _discard_pick_auto(g: RivalsGame, p: int, index: int, data: Data, events: list) -> bool:
    """One distinct card to take: it is taken without a choice (none: nothing happens)."""
    choices = _discard_choices(g, data[1])
    if len(choices) > 1:
        return False
    if choices:
        _discard_pick_resolve(g, A.PickFromStack(p, choices[0]), index, data, events)
    else:
        events.append(NoEffect(data[0], "empty_discard"))
        done(g.state, index)
    return True


# --- Doctor: each region of one city with a Bath House gains 1 -------------------------------------

def bath_house_columns(g: RivalsGame, p: int) -> list[int]:
    """Columns of the player's cities holding a Bath House."""
    s = g.state
    cards = card_of()
    return sorted({x_of(c) for c in expansion_cells(s, p) if cards[s.grid[p][c]].id == "bath_house"})


def city_regions(g: RivalsGame, p: int, x: int) -> list[int]:
    """The (up to 4) region cells around the settlement or city at column x."""
    s = g.state
    return [r for r in (cell(1, x - 1), cell(1, x + 1), cell(3, x - 1), cell(3, x + 1)) if is_region(s, p, r)]


def _bath_cities(g: RivalsGame, p: int) -> list[int]:
    return [cell(CENTER_ROW, x) for x in bath_house_columns(g, p)]


def _doctor_options(g: RivalsGame, p: int, card: int) -> list:
    return [A.PlayCard(p, card, (), (c,)) for c in _bath_cities(g, p)]


def _doctor_check(g: RivalsGame, a: A.PlayCard) -> None:
    if a.payment or len(a.targets) != 1 or a.targets[0] not in _bath_cities(g, a.player):
        raise IllegalAction("the Doctor names one own city (its centre cell) with a Bath House")


def _doctor_resolve(g: RivalsGame, a: A.PlayCard, events: list) -> None:
    s, p = g.state, a.player
    discard_played(g, p, a.card, events)
    for r in city_regions(g, p, x_of(a.targets[0])):
        add(s, p, r, 1, "doctor", events)


RULES: dict[str, ActionCardRule] = {
    "benjamin": ActionCardRule("action", lambda g, p: None, _one_option, _plain, _benjamin_resolve),
    "three_field_system": ActionCardRule("action", _needs("three_field_system"), _one_option, _plain,
                                         _harvest(GRAIN, "three_field_system")),
    "mineral_mining": ActionCardRule("action", _needs("mineral_mining"), _one_option, _plain,
                                     _harvest(ORE, "mineral_mining")),
    "guido": ActionCardRule("action", _discard_refusal("guido"), _one_option, _plain, _discard_taker("guido")),
    "gustav": ActionCardRule("action", _discard_refusal("gustav"), _one_option, _plain, _discard_taker("gustav")),
    "doctor": ActionCardRule("action", _needs("doctor"), _doctor_options, _doctor_check, _doctor_resolve),
}

DECISIONS: dict[str, DecisionRule] = {
    "discard_pick": DecisionRule((A.PickFromStack,), _discard_pick_options, _discard_pick_check,
                                 _discard_pick_resolve, _discard_pick_auto),
}
