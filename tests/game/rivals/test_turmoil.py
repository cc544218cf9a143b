"""A scenario per Era of Turmoil card and event: its effect, its condition and its refusal; the theme set-up."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.errors import IllegalAction
from game.core.registry import new_game
from game.core.saves import state_digest
from game.rivals import actions as A
from game.rivals.building import cost_discount
from game.rivals.catalogue import card_of, catalogue
from game.rivals.constants import GOLD, ORE, STRENGTH
from game.rivals.economy import totals
from game.rivals.effects.registry import CARD_RULES
from game.rivals.effects.common import lose_from_principality
from game.rivals.principality import cell
from game.rivals.scoring import stats, update_advantages, victory_points
from tests.game.rivals.helpers import (FIELDS, FOREST, GOLD_FIELD, HILLS, LEFT_BOTTOM, LEFT_TOP, MOUNTAINS, PASTURE,
                                       RIGHT_BOTTOM, RIGHT_TOP, build_at, conserved, face_up_copy, make_city, roll,
                                       set_store, to_hand, turmoil_started)

OUT_L_TOP, OUT_L_BOTTOM, OUT_R_TOP, OUT_R_BOTTOM = cell(0, 13), cell(4, 13), cell(0, 15), cell(4, 15)
BASIC_STACKS = {0, 1, 2}
CACHE = cell(0, 12)  # the region expansion site above the forest


def action_phase(current: int = 0):
    g = turmoil_started(current=current)
    roll(g, 1, 4)  # production 1 (red gold field, blue pasture); trade face without a holder
    return g


def refused(g, action) -> None:
    """The action raises a typed error and leaves the game exactly as it was."""
    before = state_digest(g)
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert state_digest(g) == before


def play(g, card: int, p: int = 0) -> list:
    return g.apply(A.PlayCard(p, card, (), ()))


def settle(g) -> None:
    """Answer the remaining decisions with the first option."""
    while g.state.pending:
        p = g.active_players()[0]
        g.apply(g.legal_actions(p)[0])


def tavern(g, p: int = 0, x: int = 13) -> int:
    """Make a city at column x and put a face-up Hedge Tavern on its outer top site."""
    make_city(g, p, x)
    k = face_up_copy(g, "hedge_tavern")
    g.state.face_up.remove(k)
    g.state.grid[p][cell(0, x)] = k
    return k


def strength_to(g, p: int, hero: str = "candamir", site: int = LEFT_BOTTOM) -> None:
    build_at(g, p, hero, site)
    update_advantages(g.state, [])
    assert g.state.tokens[STRENGTH] == p


def event_on_top(g, card_id: str) -> None:
    s = g.state
    k = next(c for c in s.events if card_of()[c].id == card_id)
    s.events.remove(k)
    s.events.insert(0, k)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# --- set-up ----------------------------------------------------------------------------------------

def test_turmoil_stacks_face_up_box_and_rules() -> None:
    g = new_game("katan-duel-turmoil", 2, seed=3)
    s = g.state
    assert g.mode.target_vp == 12 and g.variant.id == "rivals-turmoil"
    assert [len(st) for st in s.stacks] == [12, 12, 12, 11, 11]
    assert s.stack_backs == ("basic", "basic", "basic", "turmoil", "turmoil")
    inst = catalogue().instances
    for st, back in zip(s.stacks, s.stack_backs):
        assert all(inst[c].set == back and card_of()[c].type != "event" for c in st)
    assert Counter(card_of()[c].id for c in s.face_up) == Counter({"hedge_tavern": 2})
    assert not any(card_of()[c].id == "hedge_tavern" for st in s.stacks for c in st)
    assert {inst[c].set for c in s.box} == {"gold", "progress"} and len(s.box) == 27 + 31
    assert conserved(g)
    for i in catalogue().of_set("turmoil"):
        if i.card.is_action:
            assert i.card.id in CARD_RULES.actions
        if i.card.type == "event":
            assert i.card.id in CARD_RULES.events


def test_turmoil_event_deck_thirteen_with_yule_fourth_from_bottom() -> None:
    for seed in range(5):
        s = new_game("rivals-turmoil", 2, seed=seed).state
        assert len(s.events) == 13 and card_of()[s.events[-4]].id == "yule"
        assert Counter(card_of()[c].id for c in s.events) == Counter(
            {"yule": 1, "invention": 1, "year_of_plenty": 2, "traveling_merchant": 2, "trade_ships_race": 1,
             "feud": 2, "fraternal_feuds": 2, "riots": 2})


# --- Voyage of Plunder -----------------------------------------------------------------------------------

def test_voyage_of_plunder_needs_strength_and_takes_one() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "voyage_of_plunder")
    refused(g, A.PlayCard(0, card, (), ()))  # no strength advantage
    strength_to(g, 0)
    set_store(g, 0, mountains=1)
    s.store[1][MOUNTAINS] = 2
    assert victory_points(s, 1) <= victory_points(s, 0)
    play(g, card)
    assert s.pending[0][1:] == (0, "seize", (1, 63, "voyage_of_plunder", 0))
    assert A.Pass(0) not in g.legal_actions(0)
    g.apply(A.Take(0, ORE, MOUNTAINS))
    assert (s.store[0][MOUNTAINS], s.store[1][MOUNTAINS]) == (2, 1) and not s.pending
    assert s.discard[-1] == card and conserved(g)


def test_voyage_of_plunder_takes_two_from_a_richer_opponent() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "voyage_of_plunder")
    strength_to(g, 0)
    make_city(g, 1, 13)
    make_city(g, 1, 15)
    assert victory_points(s, 1) > victory_points(s, 0)
    set_store(g, 0, mountains=0, hills=0)
    s.store[1][MOUNTAINS], s.store[1][HILLS] = 1, 1
    play(g, card)
    g.apply(A.Take(0, ORE, MOUNTAINS))
    g.apply(A.Take(0, 0, HILLS))
    assert (s.store[0][MOUNTAINS], s.store[0][HILLS], s.store[1][MOUNTAINS], s.store[1][HILLS]) == (1, 1, 0, 0)
    assert not s.pending


def test_voyage_of_plunder_refused_when_nothing_fits() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "voyage_of_plunder")
    strength_to(g, 0)
    s.store[1] = [0] * len(s.store[1])
    s.store[1][MOUNTAINS] = 2
    set_store(g, 0, mountains=3)  # the opponent has only ore, and there is no room for ore
    refused(g, A.PlayCard(0, card, (), ()))
    set_store(g, 0, mountains=2)
    assert g.is_legal(A.PlayCard(0, card, (), ()))


# --- Archer, with Lookout Tower and Heinrich ---------------------------------------------------------------

def test_archer_needs_tavern_and_a_strong_unit_then_owner_picks() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "archer")
    build_at(g, 1, "brick_ship", LEFT_BOTTOM)  # a unit without strength
    refused(g, A.PlayCard(0, card, (), ()))  # no Hedge Tavern
    tavern(g)
    refused(g, A.PlayCard(0, card, (), ()))  # the opponent has no unit with strength
    harald = build_at(g, 1, "harald", LEFT_TOP)
    build_at(g, 1, "austin", RIGHT_TOP)
    events = play(g, card)
    assert "protection_rolled" not in kinds(events) and g.log[-1].outcomes == ()  # no guard, no roll
    assert g.active_players() == (1,) and s.pending[0][2] == "archer_remove"
    options = g.legal_actions(1)
    assert {a.cell for a in options} == {LEFT_TOP, RIGHT_TOP} and {a.stack for a in options} == BASIC_STACKS
    refused(g, A.RemoveNamed(1, LEFT_BOTTOM, 0))  # the ship has no strength
    refused(g, A.RemoveNamed(1, LEFT_TOP, 3))  # a basic card goes under a basic stack
    g.apply(A.RemoveNamed(1, LEFT_TOP, 1))
    assert s.grid[1][LEFT_TOP] < 0 and s.stacks[1][-1] == harald and s.discard[-1] == card
    assert s.grid[1][RIGHT_TOP] >= 0 and not s.pending and conserved(g)


@pytest.mark.parametrize(("guards", "die", "stopped"), [
    (("lookout_tower",), 1, True), (("lookout_tower",), 2, True), (("lookout_tower",), 3, False),
    (("heinrich",), 2, False), (("heinrich",), 3, True), (("heinrich",), 5, True), (("heinrich",), 6, False),
    (("lookout_tower", "heinrich"), 1, True), (("lookout_tower", "heinrich"), 5, True),
    (("lookout_tower", "heinrich"), 6, False),
])
def test_guard_roll_against_archer(guards: tuple[str, ...], die: int, stopped: bool) -> None:
    g = action_phase()
    s = g.state
    tavern(g)
    card = to_hand(g, 0, "archer")
    build_at(g, 1, "candamir", RIGHT_BOTTOM)
    for cid, site in zip(guards, (LEFT_TOP, RIGHT_TOP)):
        build_at(g, 1, cid, site)
    g.chance.force(die)
    events = play(g, card)
    assert g.log[-1].outcomes == (die,)  # one recorded roll of the production die, even with both guards
    rolled = [e for e in events if e.kind == "protection_rolled"]
    assert [(e.player, e.source, e.roll, e.protected) for e in rolled] == [(1, "archer", die, stopped)]
    assert s.discard[-1] == card and s.dice[0] == 1  # the roll changes nothing else
    assert bool(s.pending) != stopped
    if not stopped:
        assert s.pending[0][1:3] == (1, "archer_remove")


def test_lookout_tower_heinrich_and_carl_are_strong() -> None:
    g = action_phase()
    s = g.state
    set_store(g, 0, forest=1, fields=3, pasture=3, mountains=2)
    tower, heinrich, carl = (to_hand(g, 0, cid) for cid in ("lookout_tower", "heinrich", "carl_forkbeard"))
    g.apply(A.BuildExpansion(0, tower, LEFT_TOP, ((FOREST, 1), (FIELDS, 1))))
    g.apply(A.BuildExpansion(0, heinrich, LEFT_BOTTOM, ((FIELDS, 1), (PASTURE, 1), (MOUNTAINS, 1))))
    refused(g, A.BuildExpansion(0, carl, RIGHT_TOP, ((PASTURE, 1), (FIELDS, 1), (MOUNTAINS, 1))))  # 2 wool
    g.apply(A.BuildExpansion(0, carl, RIGHT_TOP, ((PASTURE, 2), (FIELDS, 1), (MOUNTAINS, 1))))
    assert stats(s, 0)[:2] == (1 + 2 + 5, 0) and s.tokens[STRENGTH] == 0


# --- Arsonist and Fire Brigade ----------------------------------------------------------------------------

def test_arsonist_fire_brigade_protects_its_whole_city() -> None:
    g = action_phase()
    s = g.state
    tavern(g)
    card = to_hand(g, 0, "arsonist")
    make_city(g, 1, 13)
    build_at(g, 1, "fire_brigade", OUT_L_TOP)
    build_at(g, 1, "storehouse", LEFT_TOP)
    build_at(g, 1, "large_festival_hall", OUT_L_BOTTOM)
    build_at(g, 1, "candamir", LEFT_BOTTOM)  # a unit is no building
    refused(g, A.PlayCard(0, card, (), ()))  # every building stands in the Fire Brigade's city
    make_city(g, 1, 15)
    hall = build_at(g, 1, "parish_hall", RIGHT_TOP)
    build_at(g, 1, "chapel_1_3", OUT_R_TOP)  # a red city building can burn too
    play(g, card)
    assert s.pending[0][1:] == (0, "arson_name", ())
    assert {a.cells for a in g.legal_actions(0)} == {(RIGHT_TOP,), (OUT_R_TOP,)}
    refused(g, A.NameBuildings(0, (OUT_L_TOP,)))  # the Fire Brigade itself is safe
    refused(g, A.NameBuildings(0, (RIGHT_TOP, OUT_R_TOP)))
    g.apply(A.NameBuildings(0, (RIGHT_TOP,)))
    assert g.active_players() == (1,) and {a.stack for a in g.legal_actions(1)} == BASIC_STACKS
    g.apply(A.RemoveNamed(1, RIGHT_TOP, 0))
    assert s.grid[1][RIGHT_TOP] < 0 and s.stacks[0][-1] == hall and s.discard[-1] == card
    assert not s.pending and conserved(g)


def test_arsonist_needs_tavern_and_single_target_is_named_at_once() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "arsonist")
    build_at(g, 1, "storehouse", LEFT_TOP)
    refused(g, A.PlayCard(0, card, (), ()))  # no Hedge Tavern
    tavern(g)
    play(g, card)
    assert s.pending[0][1:] == (1, "arson_remove", (LEFT_TOP,))


def test_arsonist_burnt_hedge_tavern_goes_back_face_up() -> None:
    g = action_phase()
    s = g.state
    tavern(g)
    theirs = tavern(g, 1)
    play(g, to_hand(g, 0, "arsonist"))
    assert s.pending[0][1:] == (1, "arson_remove", (OUT_L_TOP,))
    g.apply(A.RemoveNamed(1, OUT_L_TOP, 3))
    assert theirs in s.face_up and theirs not in s.stacks[3] and conserved(g)


def test_arsonist_target_named_after_the_guard_roll() -> None:
    g = action_phase()
    s = g.state
    tavern(g)
    build_at(g, 1, "heinrich", LEFT_TOP)
    build_at(g, 1, "storehouse", LEFT_BOTTOM)
    build_at(g, 1, "marketplace", RIGHT_TOP)
    g.chance.force(4)
    play(g, to_hand(g, 0, "arsonist"))
    assert not s.pending and s.grid[1][LEFT_BOTTOM] >= 0  # Heinrich stopped it before any target was named
    g.chance.force(6)
    events = play(g, to_hand(g, 0, "arsonist"))
    assert kinds(events).index("protection_rolled") < kinds(events).index("decision_required")
    assert s.pending[0][1:] == (0, "arson_name", ())


# --- Traitor ----------------------------------------------------------------------------------------------

def test_traitor_takes_a_card_that_may_be_built_at_once() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "traitor")
    refused(g, A.PlayCard(0, card, (), ()))  # no Hedge Tavern
    tavern(g)
    refused(g, A.PlayCard(0, card, (), ()))  # the opponent's hand is empty
    store = to_hand(g, 1, "storehouse")
    other = to_hand(g, 1, "austin")
    s.fresh[1].append(store)
    play(g, card)
    assert s.pending[0][1:] == (0, "traitor_pick", ())
    assert g.view(0).revealed["opponent_hand"] == (store, other)
    assert "opponent_hand" not in g.view(1).revealed
    refused(g, A.PickHandCards(0, (card,), ()))  # not in the opponent's hand
    g.apply(A.PickHandCards(0, (store,), ()))
    assert s.hands[1] == [other] and store in s.hands[0] and store not in s.fresh[1]
    assert s.pending[0][1:] == (0, "use_now", (store, "traitor"))
    set_store(g, 0, forest=1, pasture=1)
    g.apply(A.BuildExpansion(0, store, LEFT_TOP, ((FOREST, 1), (PASTURE, 1))))
    assert s.grid[0][LEFT_TOP] == store and store not in s.hands[0] and s.discard[-1] == card
    assert conserved(g)


def test_traitor_card_kept_waits_and_taking_nothing_is_allowed() -> None:
    g = action_phase()
    s = g.state
    tavern(g)
    store = to_hand(g, 1, "storehouse")
    play(g, to_hand(g, 0, "traitor"))
    g.apply(A.PickHandCards(0, (store,), ()))
    g.apply(A.Pass(0))  # keep it for later
    set_store(g, 0, forest=1, pasture=1)
    refused(g, A.BuildExpansion(0, store, LEFT_TOP, ((FOREST, 1), (PASTURE, 1))))  # usable next turn
    austin = to_hand(g, 1, "austin")
    card = to_hand(g, 0, "traitor")
    play(g, card)
    events = g.apply(A.Pass(0))  # the Traitor is discarded all the same
    assert s.hands[1] == [austin] and s.discard[-1] == card and not s.pending
    assert any(e.kind == "no_effect" and e.source == "traitor" for e in events)


def test_traitor_stopped_by_lookout_tower() -> None:
    g = action_phase()
    s = g.state
    tavern(g)
    build_at(g, 1, "lookout_tower", LEFT_TOP)
    store = to_hand(g, 1, "storehouse")
    g.chance.force(2)
    play(g, to_hand(g, 0, "traitor"))
    assert s.hands[1] == [store] and not s.pending


# --- Brigands (the Era of Gold's card) -----------------------------------------------------------------------

def test_brigands_in_turmoil() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "brigands")
    assert catalogue().instances[card].set == "turmoil"
    refused(g, A.PlayCard(0, card, (), (PASTURE,)))  # no strength advantage
    strength_to(g, 0)
    set_store(g, 0, pasture=0)
    s.store[1][PASTURE] = 3
    g.apply(A.PlayCard(0, card, (), (PASTURE,)))
    assert (s.store[0][PASTURE], s.store[1][PASTURE]) == (3, 0)


# --- Drill Ground -----------------------------------------------------------------------------------------

def test_drill_ground_hero_costs_one_less_of_choice() -> None:
    g = action_phase()
    s = g.state
    build_at(g, 0, "drill_ground", LEFT_TOP)
    siglind = to_hand(g, 0, "siglind")  # 2 wool, grain, ore
    set_store(g, 0, pasture=2, fields=1, mountains=1)
    full = ((PASTURE, 2), (FIELDS, 1), (MOUNTAINS, 1))
    refused(g, A.BuildExpansion(0, siglind, LEFT_BOTTOM, full))  # the discount is part of the price
    refused(g, A.BuildExpansion(0, siglind, LEFT_BOTTOM, ((PASTURE, 1), (FIELDS, 1))))  # two less
    refused(g, A.BuildExpansion(0, siglind, LEFT_BOTTOM, ((PASTURE, 2), (FIELDS, 1), (FOREST, 1))))
    payments = {frozenset(a.payment) for a in g.legal_actions(0)
                if isinstance(a, A.BuildExpansion) and a.card == siglind}
    assert payments == {frozenset({(PASTURE, 1), (FIELDS, 1), (MOUNTAINS, 1)}),
                        frozenset({(PASTURE, 2), (MOUNTAINS, 1)}), frozenset({(PASTURE, 2), (FIELDS, 1)})}
    g.apply(A.BuildExpansion(0, siglind, LEFT_BOTTOM, ((PASTURE, 2), (MOUNTAINS, 1))))
    assert s.grid[0][LEFT_BOTTOM] == siglind and s.store[0][FIELDS] == 1


def test_drill_ground_no_discount_for_other_cards() -> None:
    g = action_phase()
    tower = to_hand(g, 0, "lookout_tower")
    cannoneer = build_at(g, 1, "chief_cannoneer", RIGHT_BOTTOM)  # a unit, not a hero
    assert cost_discount(g, 0, tower) == 0
    build_at(g, 0, "drill_ground", LEFT_TOP)
    assert cost_discount(g, 0, tower) == 0 and cost_discount(g, 0, cannoneer) == 0
    assert cost_discount(g, 0, to_hand(g, 0, "heinrich")) == 1 and cost_discount(g, 1, cannoneer) == 0
    set_store(g, 0, forest=1, fields=0)
    refused(g, A.BuildExpansion(0, tower, LEFT_BOTTOM, ((FOREST, 1),)))


# --- Irmgard ------------------------------------------------------------------------------------------------

def test_irmgard_consoles_for_an_archer_loss() -> None:
    g = action_phase()
    s = g.state
    tavern(g)
    build_at(g, 1, "irmgard", LEFT_TOP)
    build_at(g, 1, "harald", LEFT_BOTTOM)
    s.store[1][FIELDS] = 0
    play(g, to_hand(g, 0, "archer"))
    g.apply(A.RemoveNamed(1, LEFT_BOTTOM, 0))
    assert s.pending[0][1:] == (1, "gain", (1, 63, "irmgard"))
    g.apply(A.Gain(1, FIELDS))
    assert s.store[1][FIELDS] == 1 and not s.pending


def test_irmgard_nothing_for_own_removal_or_her_own_loss() -> None:
    g = action_phase()
    s = g.state
    build_at(g, 0, "irmgard", LEFT_TOP)
    build_at(g, 0, "storehouse", LEFT_BOTTOM)
    g.apply(A.RemoveCard(0, LEFT_BOTTOM))  # removing one's own card is no loss to an opponent or event
    assert not s.pending
    events: list = []
    lose_from_principality(g, 0, LEFT_TOP, 0, events)
    assert not s.pending and s.grid[0][LEFT_TOP] < 0


# --- city expansions -----------------------------------------------------------------------------------------

def test_hedge_tavern_face_up_one_x_city_only_and_back_to_face_up() -> None:
    g = action_phase()
    s = g.state
    k = face_up_copy(g, "hedge_tavern")
    set_store(g, 0, gold_field=2, fields=1, pasture=1)
    pay = ((GOLD_FIELD, 2), (FIELDS, 1), (PASTURE, 1))
    refused(g, A.BuildExpansion(0, k, LEFT_TOP, pay))  # city sites only (ruling Q8)
    make_city(g, 0, 13)
    vp = victory_points(s, 0)
    g.apply(A.BuildExpansion(0, k, OUT_L_TOP, pay))
    assert victory_points(s, 0) == vp + 1 and k not in s.face_up and len(s.face_up) == 1
    set_store(g, 0, gold_field=2, fields=1, pasture=1)
    refused(g, A.BuildExpansion(0, s.face_up[0], OUT_L_BOTTOM, pay))  # 1x
    g.apply(A.RemoveCard(0, OUT_L_TOP))
    assert k in s.face_up and k not in s.discard


def test_hedge_tavern_as_a_hand_card() -> None:
    g = action_phase()
    s = g.state
    k = face_up_copy(g, "hedge_tavern")
    s.face_up.remove(k)
    s.hands[0].append(k)  # as in the Duel, where it is an ordinary draw card
    make_city(g, 0, 13)
    set_store(g, 0, gold_field=2, fields=1, pasture=1)
    g.apply(A.BuildExpansion(0, k, OUT_L_TOP, ((GOLD_FIELD, 2), (FIELDS, 1), (PASTURE, 1))))
    assert s.grid[0][OUT_L_TOP] == k and k not in s.hands[0]


def test_fairgrounds_two_with_more_skill_else_nothing() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    pay = ((FOREST, 2), (FIELDS, 1), (PASTURE, 1))
    card = to_hand(g, 0, "fairgrounds")
    set_store(g, 0, forest=2, fields=1, pasture=1)
    refused(g, A.BuildExpansion(0, card, RIGHT_TOP, pay))  # a site of a settlement, not of a city
    events = g.apply(A.BuildExpansion(0, card, OUT_L_TOP, pay))  # equal skill: nothing
    assert not s.pending and any(e.kind == "no_effect" and e.source == "fairgrounds" for e in events)
    g.apply(A.RemoveCard(0, OUT_L_TOP))
    build_at(g, 0, "inga", LEFT_TOP)
    card = s.discard.pop()
    s.hands[0].append(card)
    set_store(g, 0, forest=2, fields=1, pasture=1)
    g.apply(A.BuildExpansion(0, card, OUT_L_BOTTOM, pay))
    assert s.pending[0][1:] == (0, "gain", (2, 63, "fairgrounds"))
    assert (s.store[0][FOREST], s.store[0][FIELDS], s.store[0][PASTURE]) == (0, 0, 0)  # paid in full first
    before = sum(totals(s, 0))
    settle(g)
    assert sum(totals(s, 0)) == before + 2 and conserved(g)


def test_tithe_barn_grain_or_wool_per_hero() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    pay = ((FOREST, 2), (HILLS, 1), (MOUNTAINS, 1))
    build_at(g, 0, "austin", LEFT_TOP)
    build_at(g, 0, "harald", LEFT_BOTTOM)
    build_at(g, 0, "brick_ship", RIGHT_TOP)  # not a hero
    card = to_hand(g, 0, "tithe_barn")
    set_store(g, 0, forest=2, hills=1, mountains=1, fields=0, pasture=2)
    g.apply(A.BuildExpansion(0, card, OUT_L_TOP, pay))
    assert s.pending[0][1:] == (0, "tithe_barn", (2,))
    assert {a.cell for a in g.legal_actions(0)} == {FIELDS, PASTURE}
    refused(g, A.Gain(0, FOREST))
    g.apply(A.Gain(0, PASTURE))  # wool: 1 stored, the second is lost
    assert s.store[0][PASTURE] == 3 and s.store[0][FIELDS] == 0 and not s.pending


def test_tithe_barn_without_heroes() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    card = to_hand(g, 0, "tithe_barn")
    set_store(g, 0, forest=2, hills=1, mountains=1)
    events = g.apply(A.BuildExpansion(0, card, OUT_L_TOP, ((FOREST, 2), (HILLS, 1), (MOUNTAINS, 1))))
    assert not s.pending and any(e.kind == "no_effect" and e.source == "tithe_barn" for e in events)


def test_large_festival_hall_two_points_and_chapels_one() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    vp = victory_points(s, 0)
    hall = to_hand(g, 0, "large_festival_hall")
    set_store(g, 0, fields=3, mountains=3, hills=2)
    refused(g, A.BuildExpansion(0, hall, OUT_L_TOP, ((FIELDS, 3), (MOUNTAINS, 3), (HILLS, 1))))
    g.apply(A.BuildExpansion(0, hall, OUT_L_TOP, ((FIELDS, 3), (MOUNTAINS, 3), (HILLS, 2))))
    assert victory_points(s, 0) == vp + 2
    chapel = to_hand(g, 0, "chapel_4_6")
    set_store(g, 0, mountains=2, hills=1, fields=1)
    refused(g, A.BuildExpansion(0, chapel, RIGHT_TOP, ((MOUNTAINS, 2), (HILLS, 1), (FIELDS, 1))))  # city only
    g.apply(A.BuildExpansion(0, chapel, OUT_L_BOTTOM, ((MOUNTAINS, 2), (HILLS, 1), (FIELDS, 1))))
    assert victory_points(s, 0) == vp + 3


# --- Riots, Chapels and Sebastian ----------------------------------------------------------------------------

def riots_game():
    """Red (current) with 2 units that count, Blue with 3; production 3 will give no gold."""
    g = turmoil_started()
    build_at(g, 0, "austin", LEFT_TOP)  # strength
    build_at(g, 0, "brick_ship", LEFT_BOTTOM)  # commerce
    build_at(g, 0, "irmgard", RIGHT_TOP)  # skill only: does not count
    for cid, site in (("harald", LEFT_TOP), ("osmund", LEFT_BOTTOM), ("ore_ship", RIGHT_TOP)):
        build_at(g, 1, cid, site)
    event_on_top(g, "riots")
    return g


def test_riots_one_or_two_gold_paid_in_one_batch() -> None:
    g = riots_game()
    s = g.state
    build_at(g, 1, "gold_cache", CACHE)
    s.store[0][GOLD_FIELD], s.store[1][GOLD_FIELD], s.store[1][CACHE] = 1, 2, 1
    roll(g, 3, 1)
    assert [item[1:] for item in s.pending] == [(0, "riots", (1, 0)), (1, "riots", (2, 0))]
    assert g.active_players() == (0, 1)
    g.apply(A.GiveFrom(1, GOLD_FIELD))
    assert s.pending[-1][1:] == (1, "riots", (2, 1))
    assert set(g.legal_actions(1)) == {A.GiveFrom(1, GOLD_FIELD), A.GiveFrom(1, CACHE)}  # the rest must follow
    refused(g, A.RemoveNamed(1, LEFT_TOP, 0))
    g.apply(A.GiveFrom(1, CACHE))
    g.apply(A.GiveFrom(0, GOLD_FIELD))
    assert (s.store[0][GOLD_FIELD], s.store[1][GOLD_FIELD], s.store[1][CACHE]) == (0, 1, 0) and not s.pending
    assert all(s.grid[p][c] >= 0 for p in (0, 1) for c in (LEFT_TOP, LEFT_BOTTOM, RIGHT_TOP))


def test_riots_cannot_or_will_not_pay_gives_up_a_unit() -> None:
    g = riots_game()
    s = g.state
    s.store[0][GOLD_FIELD], s.store[1][GOLD_FIELD] = 1, 1
    s.store[0][FIELDS] = 0
    roll(g, 3, 1)
    blue = g.legal_actions(1)
    assert blue and all(isinstance(a, A.RemoveNamed) for a in blue)  # 1 gold is not enough for 2 due
    assert {a.cell for a in blue} == {LEFT_TOP, LEFT_BOTTOM, RIGHT_TOP}
    refused(g, A.GiveFrom(1, GOLD_FIELD))
    refused(g, A.RemoveNamed(0, RIGHT_TOP, 0))  # Irmgard has neither strength nor commerce
    ship = s.grid[0][LEFT_BOTTOM]
    g.apply(A.RemoveNamed(0, LEFT_BOTTOM, 2))  # Red could pay but gives up the ship
    assert s.stacks[2][-1] == ship and s.store[0][GOLD_FIELD] == 1
    assert s.pending[0][1:] == (0, "gain", (1, 63, "irmgard"))  # Irmgard consoles for the loss to an event
    g.apply(A.Gain(0, FIELDS))
    g.apply(A.RemoveNamed(1, RIGHT_TOP, 1))
    assert s.grid[1][RIGHT_TOP] < 0 and not s.pending and conserved(g)


@pytest.mark.parametrize(("chapels", "die", "protected"), [
    (("chapel_1_3",), 3, True), (("chapel_1_3",), 4, False), (("chapel_4_6",), 4, True),
    (("chapel_4_6",), 2, False), (("chapel_1_3", "chapel_4_6"), 6, True), (("chapel_1_3", "chapel_4_6"), 1, True),
])
def test_chapel_by_current_production_die(chapels: tuple[str, ...], die: int, protected: bool) -> None:
    g = riots_game()
    s = g.state
    make_city(g, 1, 15)
    for cid, site in zip(chapels, (OUT_R_TOP, OUT_R_BOTTOM)):
        build_at(g, 1, cid, site)
    s.store[0][GOLD_FIELD] = 1
    events = roll(g, die, 1)
    assert g.log[-1].outcomes == (die, 1)  # no re-roll for the Chapel
    blue = [item for item in s.pending if item[1] == 1 and item[2] == "riots"]
    assert (not blue) == protected
    assert any(e.kind == "protected" and e.player == 1 and e.by in chapels for e in events) == protected


def test_riots_counts_units_with_strength_or_commerce_only() -> None:
    g = turmoil_started()
    s = g.state
    build_at(g, 0, "irmgard", LEFT_TOP)
    build_at(g, 0, "pirate_ship", LEFT_BOTTOM)  # no strength, no commerce
    event_on_top(g, "riots")
    events = roll(g, 3, 1)
    assert not s.pending and any(e.kind == "no_effect" and e.source == "riots" for e in events)
    build_at(g, 1, "chief_cannoneer", LEFT_TOP)
    build_at(g, 1, "chief_cannoneer", LEFT_BOTTOM)
    build_at(g, 1, "gold_ship", RIGHT_TOP)
    event_on_top(g, "riots")
    s.phase = "roll"
    roll(g, 3, 1)
    assert [item[1:] for item in s.pending] == [(1, "riots", (2, 0))]  # 3 units: 2 gold
    # Without a stack of the Era of Progress's back, a Chief Cannoneer has nowhere to go.
    assert {(a.cell, a.stack) for a in g.legal_actions(1)} == {(RIGHT_TOP, i) for i in BASIC_STACKS}


def test_sebastian_against_riots_instead_of_gold() -> None:
    g = riots_game()
    s = g.state
    seb = to_hand(g, 1, "sebastian")
    s.store[1][GOLD_FIELD] = 3
    roll(g, 3, 1)
    assert A.PlayCard(1, seb, (), ()) in g.legal_actions(1) and A.GiveFrom(1, GOLD_FIELD) in g.legal_actions(1)
    events = g.apply(A.PlayCard(1, seb, (), ()))
    assert any(e.kind == "protected" and e.player == 1 and e.by == "sebastian" for e in events)
    assert s.discard[-1] == seb and s.store[1][GOLD_FIELD] == 3 and [i[1] for i in s.pending] == [0]


def test_sebastian_not_against_riots_under_a_chapel_nor_when_fresh() -> None:
    g = riots_game()
    s = g.state
    seb = to_hand(g, 1, "sebastian")
    make_city(g, 1, 15)
    build_at(g, 1, "chapel_1_3", OUT_R_TOP)
    roll(g, 3, 1)
    assert [i[1] for i in s.pending] == [0] and seb in s.hands[1]  # the Chapel already protects Blue
    g2 = riots_game()
    seb2 = to_hand(g2, 1, "sebastian")
    g2.state.fresh[1].append(seb2)  # taken at the end of Blue's turn: not playable before Blue's next turn
    roll(g2, 3, 1)
    assert A.PlayCard(1, seb2, (), ()) not in g2.legal_actions(1)
    refused(g2, A.PlayCard(1, seb2, (), ()))


def test_sebastian_only_as_an_event_is_revealed() -> None:
    g = action_phase()
    seb = to_hand(g, 0, "sebastian")
    refused(g, A.PlayCard(0, seb, (), ()))
    assert not any(isinstance(a, A.PlayCard) for a in g.legal_actions(0))


def feud_game():
    """Red holds the strength advantage; Blue has two buildings."""
    g = turmoil_started()
    strength_to(g, 0)
    build_at(g, 1, "storehouse", LEFT_TOP)
    build_at(g, 1, "marketplace", LEFT_BOTTOM)
    return g


def test_sebastian_cancels_feud_for_the_hit_player() -> None:
    g = feud_game()
    s = g.state
    seb = to_hand(g, 1, "sebastian")
    event_on_top(g, "feud")
    roll(g, 3, 1)
    assert s.pending[0][1:] == (1, "sebastian", ("feud",))
    assert set(g.legal_actions(1)) == {A.Pass(1), A.PlayCard(1, seb, (), ())}
    events = g.apply(A.PlayCard(1, seb, (), ()))
    assert any(e.kind == "protected" and e.source == "feud" for e in events)
    assert not s.pending and s.grid[1][LEFT_TOP] >= 0 and s.grid[1][LEFT_BOTTOM] >= 0 and s.discard[-1] == seb


def test_feud_goes_on_when_sebastian_is_kept_and_irmgard_consoles() -> None:
    g = feud_game()
    s = g.state
    seb = to_hand(g, 1, "sebastian")
    build_at(g, 1, "irmgard", RIGHT_TOP)
    event_on_top(g, "feud")
    roll(g, 3, 1)
    g.apply(A.Pass(1))
    assert s.pending[0][1:] == (1, "feud_remove", (LEFT_TOP, LEFT_BOTTOM))
    g.apply(A.RemoveNamed(1, LEFT_TOP, 0))
    assert s.pending[0][1:] == (1, "gain", (1, 63, "irmgard")) and seb in s.hands[1]


def test_sebastian_not_offered_to_the_strength_holder() -> None:
    g = feud_game()
    s = g.state
    to_hand(g, 0, "sebastian")
    event_on_top(g, "feud")
    roll(g, 3, 1)
    assert s.pending[0][1:3] == (1, "feud_remove")


def test_sebastian_against_fraternal_feuds() -> None:
    g = feud_game()
    s = g.state
    seb = to_hand(g, 1, "sebastian")
    other = to_hand(g, 1, "austin")
    event_on_top(g, "fraternal_feuds")
    roll(g, 3, 1)
    assert s.pending[0][1:] == (1, "sebastian", ("fraternal_feuds",))
    g.apply(A.PlayCard(1, seb, (), ()))
    assert s.hands[1] == [other] and not s.pending
    event_on_top(g, "fraternal_feuds")
    s.phase = "roll"
    roll(g, 3, 1)
    assert s.pending[0][1:] == (0, "feuds_pick", ())  # without Sebastian the event goes ahead


def test_riots_without_units_costs_nothing() -> None:
    g = turmoil_started()
    s = g.state
    s.store[0][GOLD_FIELD] = 2
    event_on_top(g, "riots")
    roll(g, 3, 1)
    assert totals(s, 0)[GOLD] == 2 and not s.pending and s.phase == "action"
