"""A scenario per Era of Progress card and event: its effect, its condition and its refusal; the set-up."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.errors import IllegalAction
from game.core.registry import get_variant, new_game
from game.core.saves import state_digest
from game.rivals import actions as A
from game.rivals.catalogue import card_of, catalogue
from game.rivals.constants import GRAIN, ORE, STRENGTH
from game.rivals.economy import number_table, totals
from game.rivals.effects.registry import CARD_RULES
from game.rivals.handcards import search_price
from game.rivals.mode import PROGRESS
from game.rivals.principality import cell, is_city, x_of
from game.rivals.rules import RivalsGame
from game.rivals.scoring import hand_limit, stats, update_advantages, victory_points
from tests.game.rivals.helpers import (FIELDS, FOREST, GOLD_FIELD, HILLS, LEFT_BOTTOM, LEFT_TOP, MOUNTAINS, PASTURE,
                                       RIGHT_TOP, build_at, conserved, face_up_copy, locate,
                                       make_city, roll, set_store, to_hand)

LEFT_OUT_TOP, LEFT_OUT_BOTTOM = cell(0, 13), cell(4, 13)  # outer city sites of the left settlement
RIGHT_OUT_TOP, RIGHT_OUT_BOTTOM = cell(0, 15), cell(4, 15)


# --- helpers ---------------------------------------------------------------------------------------

def progress_started(seed: int = 0, current: int = 0) -> RivalsGame:
    """An Era of Progress game after the searched starting hands and arranging; hands emptied into stacks."""
    g = new_game("rivals-progress", 2, seed=seed)
    assert isinstance(g, RivalsGame)
    first = g.active_players()[0]
    for p, stack in ((first, 0), (1 - first, 1)):
        g.apply(A.ChooseStartStack(p, stack))
        for _ in range(3):
            g.apply(A.PickFromStack(p, 0))
    g.apply(A.DoneArranging(first))
    g.apply(A.DoneArranging(1 - first))
    s = g.state
    s.current = current
    for p in (0, 1):
        for c in s.hands[p]:
            s.stacks[s.stack_backs.index(catalogue().instances[c].back)].append(c)
        s.hands[p].clear()
    return g


def action_phase() -> RivalsGame:
    g = progress_started()
    roll(g, 1, 4)  # production 1: red gold field, blue pasture; trade face without a holder
    return g


def refused(g: RivalsGame, action: A.Action) -> None:
    """The action raises a typed error and leaves the game untouched."""
    before = state_digest(g)
    assert not g.is_legal(action)
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert state_digest(g) == before


def settle(g: RivalsGame) -> None:
    """Answer the remaining decisions with the first option."""
    while g.state.pending:
        p = g.active_players()[0]
        g.apply(g.legal_actions(p)[0])


def progress_copy(g: RivalsGame, p: int, card_id: str) -> int:
    """Move the Era of Progress copy of a card into a hand."""
    inst = catalogue().instances
    k = next(c for c in catalogue().find(card_id) if inst[c].set == "progress")
    locate(g, k).remove(k)
    g.state.hands[p].append(k)
    return k


def university(g: RivalsGame, p: int = 0, c: int = LEFT_OUT_TOP) -> int:
    """Put a face-up University straight into a city of the player (the city is made when missing)."""
    if not is_city(g.state.grid[p], x_of(c)):
        make_city(g, p, x_of(c))
    k = face_up_copy(g, "university")
    g.state.face_up.remove(k)
    g.state.grid[p][c] = k
    return k


def put_on_discard(g: RivalsGame, card_id: str) -> int:
    """Move a copy of the card from a stack or the box onto the discard pile (it becomes the top)."""
    s = g.state
    k = next(c for lst in [*s.stacks, s.box] for c in lst if card_of()[c].id == card_id)
    locate(g, k).remove(k)
    s.discard.append(k)
    return k


def town_hall_over_parish(g: RivalsGame, p: int, c: int) -> int:
    """Put a Parish Hall and a Town Hall on top of it straight onto a city site."""
    s = g.state
    parish = build_at(g, p, "parish_hall", c)
    town = next(k for lst in [*s.stacks, s.box] for k in lst if card_of()[k].id == "town_hall")
    locate(g, town).remove(town)
    s.under[p][c], s.grid[p][c] = parish, town
    return town


def stack_holding(g: RivalsGame, *card_ids: str) -> tuple[int, int]:
    """A draw stack holding one of the cards, and that card."""
    for i, st in enumerate(g.state.stacks):
        for c in st:
            if card_of()[c].id in card_ids:
                return i, c
    raise AssertionError(f"no stack holds any of {card_ids}")


def region_copy(g: RivalsGame, region_id: str, number: int) -> int:
    """A region card of the region stack with that number, taken out of the stack."""
    s = g.state
    k = next(c for c in s.center["region"] if card_of()[c].id == region_id and number_table()[c] == number)
    s.center["region"].remove(k)
    return k


def _ids(cards) -> Counter:
    return Counter(card_of()[c].id for c in cards)


def _event_on_top(g: RivalsGame, card_id: str) -> None:
    s = g.state
    k = next(c for c in s.events if card_of()[c].id == card_id)
    s.events.remove(k)
    s.events.insert(0, k)


def _play_options(g: RivalsGame, card: int) -> list:
    return [a for a in g.legal_actions(0) if isinstance(a, A.PlayCard) and a.card == card]


# --- set-up ------------------------------------------------------------------------------------------

def test_every_progress_card_has_rules() -> None:
    for inst in catalogue().of_set("progress"):
        card = inst.card
        if card.is_action:
            assert card.id in CARD_RULES.actions
        if card.type == "event":
            assert card.id in CARD_RULES.events
    assert len(catalogue().of_set("progress")) == 31


def test_progress_variant_and_mode() -> None:
    assert get_variant("katan-duel-progress").id == "rivals-progress"
    assert get_variant("rivals-progress").name_key == "variant.rivals-progress"
    assert (PROGRESS.target_vp, PROGRESS.basic_stacks, PROGRESS.theme_stacks_per_set, PROGRESS.face_up) == (
        12, 3, 2, True)
    assert PROGRESS.theme_sets == ("progress",) and PROGRESS.win_at_start and PROGRESS.allow_remove


def test_progress_stacks_face_up_and_box() -> None:
    s = new_game("rivals-progress", 2, seed=1).state
    assert [len(st) for st in s.stacks] == [12, 12, 12, 12, 12]
    assert s.stack_backs == ("basic", "basic", "basic", "progress", "progress")
    inst = catalogue().instances
    for st, back in zip(s.stacks, s.stack_backs):
        assert all(inst[c].set == back and card_of()[c].type != "event" for c in st)
    assert _ids(s.face_up) == Counter({"university": 2})
    assert not any(card_of()[c].id == "university" for st in s.stacks for c in st)
    assert {inst[c].set for c in s.box} == {"gold", "turmoil"} and len(s.box) == 27 + 28
    assert sorted(s.all_places()) == list(range(180))


def test_progress_event_deck_fourteen_with_yule_fourth_from_bottom() -> None:
    for seed in range(5):
        s = new_game("rivals-progress", 2, seed=seed).state
        assert len(s.events) == 14
        assert card_of()[s.events[-4]].id == "yule"
        assert _ids(s.events) == Counter({"yule": 1, "invention": 3, "year_of_plenty": 2, "traveling_merchant": 2,
                                          "trade_ships_race": 1, "feud": 1, "fraternal_feuds": 1, "plague": 3})


def test_progress_starting_hand_from_a_basic_stack_only() -> None:
    g = new_game("rivals-progress", 2, seed=4)
    first = g.active_players()[0]
    assert {a.stack for a in g.legal_actions(first)} == {0, 1, 2}
    refused(g, A.ChooseStartStack(first, 3))


# --- hand limit --------------------------------------------------------------------------------------

def test_hand_limit_grows_with_progress_points() -> None:
    g = action_phase()
    s = g.state
    assert hand_limit(s, 0) == 3
    build_at(g, 0, "abbey", LEFT_TOP)
    assert hand_limit(s, 0) == 4
    university(g)
    assert stats(s, 0)[3] == 2 and hand_limit(s, 0) == 5
    build_at(g, 0, "library", LEFT_OUT_BOTTOM)  # a Library has no progress point (ruling Q7)
    assert hand_limit(s, 0) == 5
    g.apply(A.EndActions(0))
    while s.phase == "replenish":
        g.apply(g.legal_actions(0)[0])
    assert len(s.hands[0]) == 5


def test_hand_over_the_limit_after_losing_the_university() -> None:
    g = action_phase()
    s = g.state
    uni = university(g)
    build_at(g, 0, "abbey", LEFT_TOP)
    for cid in ("benjamin", "doctor", "guido", "gustav", "library"):
        to_hand(g, 0, cid)
    g.apply(A.RemoveCard(0, LEFT_OUT_TOP))  # back to the face-up stack: the limit drops to 4
    assert uni in s.face_up and hand_limit(s, 0) == 4
    g.apply(A.EndActions(0))
    assert s.phase == "replenish" and all(isinstance(a, A.ReturnCard) for a in g.legal_actions(0))
    g.apply(g.legal_actions(0)[0])
    assert len(s.hands[0]) == 4 and s.phase == "exchange"


# --- action cards ----------------------------------------------------------------------------------

def test_benjamin_matching_regions_produce_again_without_boosters() -> None:
    g = progress_started()
    s = g.state
    set_store(g, 0, hills=0)
    build_at(g, 0, "brick_factory", LEFT_BOTTOM)  # booster next to the hills
    card = to_hand(g, 0, "benjamin")
    refused(g, A.PlayCard(0, card, (), ()))  # not before the roll
    roll(g, 3, 4)  # red hills 3 (+1 booster), blue forest 3
    assert s.store[0][HILLS] == 2
    new_fields = region_copy(g, "fields", 3)  # a region with the number gained after the roll
    s.grid[0][cell(1, 10)] = new_fields
    blue_forest = s.store[1][FOREST]
    g.apply(A.PlayCard(0, card, (), ()))
    assert s.store[0][HILLS] == 3 and s.store[0][cell(1, 10)] == 1  # +1 each, the booster does not apply
    assert s.store[1][FOREST] == blue_forest and s.discard[-1] == card
    refused(g, A.PlayCard(0, card, (), ()))  # no longer in the hand
    assert conserved(g)


def test_benjamin_full_regions_lose_the_excess() -> None:
    g = progress_started()
    s = g.state
    card = progress_copy(g, 0, "brigitta")  # the progress Brigitta fixes the roll
    g.chance.force(4)  # the event die: trade
    g.apply(A.PlayCard(0, card, (), (5,)))
    assert s.dice[0] == 5 and s.store[0][MOUNTAINS] == 2
    s.store[0][MOUNTAINS] = 3
    events = g.apply(A.PlayCard(0, to_hand(g, 0, "benjamin"), (), ()))
    assert s.store[0][MOUNTAINS] == 3 and any(e.kind == "resource_lost" for e in events)


@pytest.mark.parametrize("card_id,region,res", [("three_field_system", FIELDS, GRAIN),
                                                ("mineral_mining", MOUNTAINS, ORE)])
def test_harvest_cards_need_university_and_spread_two(card_id: str, region: int, res: int) -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, card_id)
    refused(g, A.PlayCard(0, card, (), ()))  # no University
    university(g)
    second = cell(1, 18) if region == FIELDS else cell(3, 18)
    s.grid[0][second] = region_copy(g, card_of()[s.grid[0][region]].id, 1 if region == FIELDS else 2)
    s.store[0][region], s.store[0][second] = 1, 0
    g.apply(A.PlayCard(0, card, (), ()))
    assert s.pending[0][1:] == (0, "gain", (2, 1 << res, card_id))
    assert {a.cell for a in g.legal_actions(0)} == {region, second}  # only own regions of that kind
    g.apply(A.Gain(0, region))
    g.apply(A.Gain(0, second))
    assert (s.store[0][region], s.store[0][second]) == (2, 1) and not s.pending
    assert totals(s, 0)[res] == 3
    assert conserved(g)


def test_harvest_excess_is_lost() -> None:
    g = action_phase()
    s = g.state
    university(g)
    set_store(g, 0, fields=2)
    events = g.apply(A.PlayCard(0, to_hand(g, 0, "three_field_system"), (), ()))
    assert s.store[0][FIELDS] == 3 and not s.pending  # one field: no choice, 1 stored, 1 lost
    assert any(e.kind == "resource_lost" for e in events)


def _caravan_on_discard(g: RivalsGame) -> int:
    return put_on_discard(g, "merchant_caravan")


def test_guido_needs_town_hall_or_fewer_points() -> None:
    g = action_phase()
    s = g.state
    _caravan_on_discard(g)
    card = to_hand(g, 0, "guido")
    assert victory_points(s, 0) == victory_points(s, 1)
    refused(g, A.PlayCard(0, card, (), ()))  # equal points and no Town Hall
    make_city(g, 1, 13)
    assert g.is_legal(A.PlayCard(0, card, (), ()))  # fewer points
    make_city(g, 0, 13)
    make_city(g, 0, 15)
    refused(g, A.PlayCard(0, card, (), ()))  # more points again
    town_hall_over_parish(g, 0, LEFT_TOP)
    assert g.is_legal(A.PlayCard(0, card, (), ()))  # with a Town Hall
    assert conserved(g)


def test_guido_takes_a_card_of_choice_and_plays_it_at_once() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 1, 13)  # the opponent leads
    caravan = _caravan_on_discard(g)
    scout = put_on_discard(g, "scout")  # the face-up top
    card = to_hand(g, 0, "guido")
    g.apply(A.PlayCard(0, card, (), ()))
    assert s.discard[-1] == card and s.pending[0][2] == "discard_pick"
    assert g.view(0).revealed["discard"] == tuple(s.discard) and "discard" not in g.view(1).revealed
    options = g.legal_actions(0)
    assert {s.discard[a.index] for a in options} == {caravan, scout}  # never Guido himself
    refused(g, A.PickFromStack(0, s.discard.index(card)))
    g.apply(A.PickFromStack(0, s.discard.index(caravan)))
    assert caravan in s.hands[0] and caravan in s.fresh[0] and s.pending[0][2] == "use_now"
    assert A.Pass(0) in g.legal_actions(0)
    set_store(g, 0, forest=1, hills=1)
    g.apply(A.PlayCard(0, caravan, ((FOREST, 1), (HILLS, 1)), ()))  # at once, although taken this turn
    assert s.discard[-1] == caravan and s.pending[0][1:3] == (0, "gain")
    settle(g)
    assert not s.pending and conserved(g)


def test_guido_taken_card_kept_waits_for_the_next_turn() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 1, 13)
    caravan = _caravan_on_discard(g)
    other = to_hand(g, 0, "benjamin")
    g.apply(A.PlayCard(0, to_hand(g, 0, "guido"), (), ()))
    assert s.pending[0][2] == "use_now"  # one card to take: taken without a choice
    set_store(g, 0, forest=1, hills=1)
    refused(g, A.PlayCard(0, other, (), ()))  # only the taken card may be used at once
    g.apply(A.Pass(0))
    assert caravan in s.hands[0] and caravan in s.fresh[0] and not s.pending
    refused(g, A.PlayCard(0, caravan, ((FOREST, 1), (HILLS, 1)), ()))
    assert not _play_options(g, caravan)


def test_guido_refused_on_an_empty_discard_pile() -> None:
    g = action_phase()
    make_city(g, 1, 13)
    refused(g, A.PlayCard(0, to_hand(g, 0, "guido"), (), ()))


def test_gustav_needs_library_or_fewer_points_and_builds_at_once() -> None:
    g = action_phase()
    s = g.state
    shed = put_on_discard(g, "storehouse")
    card = to_hand(g, 0, "gustav")
    refused(g, A.PlayCard(0, card, (), ()))  # equal points, no Library
    make_city(g, 0, 13)
    build_at(g, 0, "library", LEFT_OUT_TOP)
    assert victory_points(s, 0) > victory_points(s, 1)
    g.apply(A.PlayCard(0, card, (), ()))
    assert shed in s.hands[0] and s.pending[0][2] == "use_now"  # the only other card: taken at once
    set_store(g, 0, forest=1, pasture=1)
    assert A.BuildExpansion(0, shed, LEFT_TOP, ((FOREST, 1), (PASTURE, 1))) in g.legal_actions(0)
    g.apply(A.BuildExpansion(0, shed, LEFT_TOP, ((FOREST, 1), (PASTURE, 1))))
    assert s.grid[0][LEFT_TOP] == shed and shed not in s.fresh[0] and not s.pending
    assert conserved(g)


def test_gustav_unusable_card_simply_stays_in_hand() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 1, 13)
    brigitta = put_on_discard(g, "brigitta")  # played before the roll only: not now
    g.apply(A.PlayCard(0, to_hand(g, 0, "gustav"), (), ()))
    assert brigitta in s.hands[0] and brigitta in s.fresh[0] and not s.pending


def test_doctor_needs_bath_house_and_one_city_counts() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "doctor")
    make_city(g, 0, 13)
    make_city(g, 0, 15)
    refused(g, A.PlayCard(0, card, (), (cell(2, 13),)))  # no Bath House
    build_at(g, 0, "bath_house", LEFT_OUT_TOP)
    build_at(g, 0, "bath_house", RIGHT_OUT_TOP)
    assert {a.targets for a in _play_options(g, card)} == {(cell(2, 13),), (cell(2, 15),)}
    refused(g, A.PlayCard(0, card, (), (cell(2, 13), cell(2, 15))))  # only one of them counts
    refused(g, A.PlayCard(0, card, (), (HILLS,)))
    before = s.store[0][:]
    set_store(g, 0, forest=3)
    g.apply(A.PlayCard(0, card, (), (cell(2, 13),)))
    for c in (GOLD_FIELD, HILLS, PASTURE):
        assert s.store[0][c] == before[c] + 1
    assert s.store[0][FOREST] == 3 and s.store[0][FIELDS] == before[FIELDS]
    assert s.store[0][MOUNTAINS] == before[MOUNTAINS]
    assert conserved(g)


def test_relocation_progress_copy_moves_town_hall_with_parish_hall() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    make_city(g, 0, 15)
    parish = build_at(g, 0, "parish_hall", LEFT_OUT_TOP)
    town = to_hand(g, 0, "town_hall")
    set_store(g, 0, pasture=2, mountains=2, hills=1)
    g.apply(A.BuildExpansion(0, town, LEFT_OUT_TOP, ((PASTURE, 2), (MOUNTAINS, 2), (HILLS, 1))))
    bath = build_at(g, 0, "bath_house", RIGHT_OUT_TOP)
    card = progress_copy(g, 0, "relocation")
    g.apply(A.PlayCard(0, card, (), (LEFT_OUT_TOP, RIGHT_OUT_TOP)))
    assert s.grid[0][RIGHT_OUT_TOP] == town and s.under[0][RIGHT_OUT_TOP] == parish
    assert s.grid[0][LEFT_OUT_TOP] == bath and LEFT_OUT_TOP not in s.under[0]
    s.grid[0][cell(2, 17)] = s.center["settlement"].pop(0)  # a plain settlement: no site for a Town Hall
    s.grid[0][cell(2, 16)] = s.center["road"].pop(0)
    build_at(g, 0, "storehouse", cell(1, 17))
    second = to_hand(g, 0, "relocation")  # the basic copy
    refused(g, A.PlayCard(0, second, (), (RIGHT_OUT_TOP, cell(1, 17))))
    assert conserved(g)


# --- settlement/city expansions ---------------------------------------------------------------------

def test_chief_cannoneer_needs_university_two_allowed_not_a_hero() -> None:
    g = action_phase()
    s = g.state
    first = to_hand(g, 0, "chief_cannoneer")
    second = to_hand(g, 0, "chief_cannoneer")
    set_store(g, 0, forest=2, mountains=2)
    refused(g, A.BuildExpansion(0, first, LEFT_TOP, ((FOREST, 1), (MOUNTAINS, 1))))  # no University
    university(g)
    g.apply(A.BuildExpansion(0, first, LEFT_TOP, ((FOREST, 1), (MOUNTAINS, 1))))
    g.apply(A.BuildExpansion(0, second, LEFT_BOTTOM, ((FOREST, 1), (MOUNTAINS, 1))))  # no 1x limit
    assert stats(s, 0)[0] == 8 and s.tokens[STRENGTH] == 0
    cache = to_hand(g, 0, "gold_cache")  # needs a hero with strength: a cannoneer is none
    refused(g, A.BuildExpansion(0, cache, cell(0, 12), ()))
    assert conserved(g)


def test_chief_cannoneer_counts_as_unit_for_gift_for_the_prince() -> None:
    from game.rivals.effects.gold_cards import gift_for_the_prince

    g = action_phase()
    s = g.state
    build_at(g, 0, "chief_cannoneer", LEFT_TOP)
    s.store[0][GOLD_FIELD] = 0
    events: list = []
    gift_for_the_prince(g, events)
    settle(g)
    assert s.store[0][GOLD_FIELD] == 1


# --- city expansions -------------------------------------------------------------------------------

@pytest.mark.parametrize("enabler", ["abbey", "library"])
def test_university_face_up_one_x_needs_abbey_or_library(enabler: str) -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    k = face_up_copy(g, "university")
    set_store(g, 0, forest=2, fields=2, hills=1)
    pay = ((FOREST, 2), (FIELDS, 2), (HILLS, 1))
    refused(g, A.BuildExpansion(0, k, LEFT_OUT_TOP, pay))  # neither Abbey nor Library
    refused(g, A.BuildExpansion(0, k, RIGHT_TOP, pay))
    build_at(g, 0, enabler, LEFT_OUT_BOTTOM if enabler == "library" else LEFT_TOP)
    refused(g, A.BuildExpansion(0, k, RIGHT_TOP, pay))  # a city site only
    vp = victory_points(s, 0)
    g.apply(A.BuildExpansion(0, k, LEFT_OUT_TOP, pay))
    assert k not in s.face_up and k not in s.hands[0] and s.grid[0][LEFT_OUT_TOP] == k
    assert victory_points(s, 0) == vp + 1 and stats(s, 0)[3] == 1 + (enabler == "abbey")
    other = face_up_copy(g, "university")
    set_store(g, 0, forest=2, fields=2, hills=1)
    free = LEFT_BOTTOM if enabler == "library" else LEFT_OUT_BOTTOM
    refused(g, A.BuildExpansion(0, other, free, pay))  # 1x
    assert conserved(g)


def test_university_removed_keeps_cards_built_with_it() -> None:
    g = action_phase()
    s = g.state
    uni = university(g)
    cannoneer = build_at(g, 0, "chief_cannoneer", LEFT_TOP)
    crane = build_at(g, 0, "building_crane", LEFT_OUT_BOTTOM)
    g.apply(A.RemoveCard(0, LEFT_OUT_TOP))
    assert uni in s.face_up and s.grid[0][LEFT_TOP] == cannoneer and s.grid[0][LEFT_OUT_BOTTOM] == crane
    second = to_hand(g, 0, "chief_cannoneer")
    set_store(g, 0, forest=1, mountains=1)
    refused(g, A.BuildExpansion(0, second, LEFT_BOTTOM, ((FOREST, 1), (MOUNTAINS, 1))))
    assert conserved(g)


def test_building_crane_needs_university_and_discounts_big_city_expansions() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    make_city(g, 0, 15)
    crane = to_hand(g, 0, "building_crane")
    set_store(g, 0, forest=3)
    refused(g, A.BuildExpansion(0, crane, LEFT_OUT_TOP, ((FOREST, 1),)))  # no University
    build_at(g, 0, "abbey", LEFT_TOP)
    university(g, 0, LEFT_OUT_BOTTOM)
    g.apply(A.BuildExpansion(0, crane, LEFT_OUT_TOP, ((FOREST, 1),)))
    # Parliament: 3 lumber, 2 brick, 2 wool printed; 1 left out of the player's choice.
    parliament = to_hand(g, 0, "parliament")
    set_store(g, 0, forest=3, hills=2, pasture=2)
    full = ((FOREST, 3), (HILLS, 2), (PASTURE, 2))
    refused(g, A.BuildExpansion(0, parliament, RIGHT_OUT_TOP, full))  # the discount is applied, not optional
    builds = [a for a in g.legal_actions(0) if isinstance(a, A.BuildExpansion) and a.card == parliament]
    paid = {tuple(sorted(dict(a.payment).items())) for a in builds}
    assert paid == {((FOREST, 2), (HILLS, 2), (PASTURE, 2)), ((FOREST, 3), (HILLS, 1), (PASTURE, 2)),
                    ((FOREST, 3), (HILLS, 2), (PASTURE, 1))}
    refused(g, A.BuildExpansion(0, parliament, RIGHT_OUT_TOP, ((FOREST, 3), (HILLS, 2))))  # 2 left out
    g.apply(A.BuildExpansion(0, parliament, RIGHT_OUT_TOP, ((FOREST, 3), (HILLS, 1), (PASTURE, 2))))
    assert (s.store[0][FOREST], s.store[0][HILLS], s.store[0][PASTURE]) == (0, 1, 0)
    # A Bath House's 4 printed resources are not more than 4: no discount.
    bath = to_hand(g, 0, "bath_house")
    s.store[0][HILLS], s.store[0][PASTURE], s.store[0][MOUNTAINS] = 2, 1, 1
    refused(g, A.BuildExpansion(0, bath, RIGHT_OUT_BOTTOM, ((HILLS, 2), (PASTURE, 1))))
    g.apply(A.BuildExpansion(0, bath, RIGHT_OUT_BOTTOM, ((HILLS, 2), (PASTURE, 1), (MOUNTAINS, 1))))
    assert conserved(g)


def test_building_crane_spares_green_cards_and_centre_cards() -> None:
    from game.rivals.building import cost_discount

    g = action_phase()
    university(g)
    build_at(g, 0, "building_crane", LEFT_OUT_BOTTOM)
    for cid, expected in (("town_hall", 1), ("parliament", 1), ("pharmacy", 0), ("library", 0),
                          ("candamir", 0), ("abbey", 0)):
        assert cost_discount(g, 0, catalogue().find(cid)[0]) == expected, cid
    assert cost_discount(g, 1, catalogue().find("parliament")[0]) == 0  # only the owner's builds


def test_library_search_and_build_at_once() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    lib = to_hand(g, 0, "library")
    set_store(g, 0, forest=2, hills=1, mountains=1)
    vp = victory_points(s, 0)
    g.apply(A.BuildExpansion(0, lib, LEFT_OUT_TOP, ((FOREST, 2), (HILLS, 1), (MOUNTAINS, 1))))
    assert victory_points(s, 0) == vp + 1 and stats(s, 0)[3] == 0  # no progress point (Q7)
    assert s.pending[0][1:] == (0, "library_search", ())
    assert A.Pass(0) in g.legal_actions(0)
    refused(g, A.PickFromStack(0, 0))
    stack, target = stack_holding(g, "bath_house", "pharmacy")
    g.apply(A.ChooseStartStack(0, stack))
    assert g.view(0).revealed["stack"] == tuple(s.stacks[stack]) and "stack" not in g.view(1).revealed
    refused(g, A.Pass(0))  # once looked through, a card must be taken
    order = [c for c in s.stacks[stack] if c != target]
    for name in ("hills", "pasture", "mountains", "gold_field"):
        set_store(g, 0, **{name: 2})
    g.apply(A.PickFromStack(0, s.stacks[stack].index(target)))
    assert s.stacks[stack] == order and target in s.hands[0] and s.pending[0][2] == "use_now"
    builds = [a for a in g.legal_actions(0) if isinstance(a, A.BuildExpansion)]
    assert builds and {a.card for a in builds} == {target}
    assert {a.cell for a in builds} == {LEFT_TOP, LEFT_BOTTOM, LEFT_OUT_BOTTOM}
    g.apply(builds[0])
    assert s.grid[0][builds[0].cell] == target and target not in s.hands[0] and not s.pending
    assert conserved(g)


def test_library_taken_card_unaffordable_stays_in_hand() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    build_at(g, 0, "library", LEFT_OUT_TOP)
    from game.rivals.effects.progress_cards import library_built

    library_built(g, 0, LEFT_OUT_TOP, [])
    s.store[0][:] = [0] * len(s.store[0])
    stack, target = stack_holding(g, "parliament", "town_hall", "bath_house")
    g.apply(A.ChooseStartStack(0, stack))
    g.apply(A.PickFromStack(0, s.stacks[stack].index(target)))
    assert not s.pending and target in s.fresh[0]
    assert not any(isinstance(a, A.BuildExpansion) and a.card == target for a in g.legal_actions(0))


def test_library_search_declined_and_counts_for_university() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    lib = to_hand(g, 0, "library")
    set_store(g, 0, forest=2, hills=1, mountains=1)
    stacks = [st[:] for st in s.stacks]
    g.apply(A.BuildExpansion(0, lib, LEFT_OUT_TOP, ((FOREST, 2), (HILLS, 1), (MOUNTAINS, 1))))
    g.apply(A.Pass(0))
    assert not s.pending and s.stacks == stacks
    k = face_up_copy(g, "university")
    set_store(g, 0, forest=2, fields=2, hills=1)
    assert g.is_legal(A.BuildExpansion(0, k, LEFT_OUT_BOTTOM, ((FOREST, 2), (FIELDS, 2), (HILLS, 1))))


def test_library_taken_action_card_played_at_once() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    university(g, 0, LEFT_OUT_BOTTOM)
    build_at(g, 0, "library", LEFT_OUT_TOP)
    from game.rivals.effects.progress_cards import library_built

    library_built(g, 0, LEFT_OUT_TOP, [])
    stack, target = stack_holding(g, "mineral_mining")
    g.apply(A.ChooseStartStack(0, stack))
    g.apply(A.PickFromStack(0, s.stacks[stack].index(target)))
    set_store(g, 0, mountains=0)
    g.apply(A.PlayCard(0, target, (), ()))
    assert s.store[0][MOUNTAINS] == 2 and s.discard[-1] == target and not s.pending


def test_parliament_needs_two_progress_points() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    make_city(g, 0, 15)
    card = to_hand(g, 0, "parliament")
    set_store(g, 0, forest=3, hills=2, pasture=2)
    pay = ((FOREST, 3), (HILLS, 2), (PASTURE, 2))
    build_at(g, 0, "abbey", LEFT_TOP)
    refused(g, A.BuildExpansion(0, card, RIGHT_OUT_TOP, pay))  # 1 progress point
    build_at(g, 0, "library", LEFT_OUT_BOTTOM)
    refused(g, A.BuildExpansion(0, card, RIGHT_OUT_TOP, pay))  # a Library gives none (Q7)
    university(g, 0, LEFT_OUT_TOP)
    vp = victory_points(s, 0)
    g.apply(A.BuildExpansion(0, card, RIGHT_OUT_TOP, pay))
    assert victory_points(s, 0) == vp + 2
    assert conserved(g)


def test_town_hall_on_parish_hall_in_a_city_free_search() -> None:
    g = action_phase()
    s = g.state
    parish = build_at(g, 0, "parish_hall", LEFT_TOP)
    town = to_hand(g, 0, "town_hall")
    set_store(g, 0, pasture=2, mountains=2, hills=1)
    pay = ((PASTURE, 2), (MOUNTAINS, 2), (HILLS, 1))
    refused(g, A.BuildExpansion(0, town, LEFT_TOP, pay))  # the Parish Hall is not in a city
    make_city(g, 0, 13)
    refused(g, A.BuildExpansion(0, town, LEFT_OUT_TOP, pay))  # only on top of the Parish Hall
    assert search_price(g, 0) == 1
    vp = victory_points(s, 0)
    g.apply(A.BuildExpansion(0, town, LEFT_TOP, pay))
    assert s.grid[0][LEFT_TOP] == town and s.under[0][LEFT_TOP] == parish
    assert victory_points(s, 0) == vp + 1 and search_price(g, 0) == 0
    second = to_hand(g, 0, "parish_hall")
    set_store(g, 0, hills=1, fields=1)
    refused(g, A.BuildExpansion(0, second, LEFT_BOTTOM, ((HILLS, 1), (FIELDS, 1))))  # still 1x
    s.hands[0].remove(second)
    s.box.append(second)
    assert conserved(g)
    # The exchange search is free now.
    keep = to_hand(g, 0, "doctor")
    g.apply(A.EndActions(0))
    while s.phase == "replenish":
        g.apply(g.legal_actions(0)[0])
    g.apply(A.ExchangeSearch(0, keep, s.stack_backs.index("progress"), 0, ()))
    assert s.pending[0][2] == "search_pick"


def test_town_hall_removed_parish_hall_remains() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    parish = build_at(g, 0, "parish_hall", LEFT_TOP)
    town = to_hand(g, 0, "town_hall")
    set_store(g, 0, pasture=2, mountains=2, hills=1)
    g.apply(A.BuildExpansion(0, town, LEFT_TOP, ((PASTURE, 2), (MOUNTAINS, 2), (HILLS, 1))))
    g.apply(A.RemoveCard(0, LEFT_TOP))
    assert s.grid[0][LEFT_TOP] == parish and s.discard[-1] == town and LEFT_TOP not in s.under[0]
    assert search_price(g, 0) == 1
    assert conserved(g)


def test_pharmacy_and_bath_house_points() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    vp = victory_points(s, 0)
    pharmacy = to_hand(g, 0, "pharmacy")
    set_store(g, 0, pasture=2, hills=1, gold_field=1)
    refused(g, A.BuildExpansion(0, pharmacy, RIGHT_TOP, ((PASTURE, 2), (HILLS, 1), (GOLD_FIELD, 1))))  # no city
    g.apply(A.BuildExpansion(0, pharmacy, LEFT_OUT_TOP, ((PASTURE, 2), (HILLS, 1), (GOLD_FIELD, 1))))
    bath = to_hand(g, 0, "bath_house")
    set_store(g, 0, hills=2, pasture=1, mountains=1)
    g.apply(A.BuildExpansion(0, bath, LEFT_OUT_BOTTOM, ((HILLS, 2), (PASTURE, 1), (MOUNTAINS, 1))))
    assert victory_points(s, 0) == vp + 2


# --- events ------------------------------------------------------------------------------------------

def _plague_setup() -> RivalsGame:
    g = progress_started()
    s = g.state
    for p in (0, 1):
        s.store[p][:] = [0] * len(s.store[p])
        for name in ("forest", "gold_field", "fields", "hills", "pasture", "mountains"):
            set_store(g, p, **{name: 2})
    _event_on_top(g, "plague")
    return g


def test_plague_regions_next_to_cities_lose_one_even_between_two_cities() -> None:
    g = _plague_setup()
    s = g.state
    make_city(g, 0, 13)
    make_city(g, 0, 15)  # red: every starting region borders a city; the middle ones border two
    make_city(g, 1, 15)  # blue: only the right city
    build_at(g, 0, "gold_cache", cell(0, 12))
    s.store[0][cell(0, 12)] = 2
    roll(g, 3, 1)  # production 3: red hills, blue forest; then the event card
    assert s.events[-1] in catalogue().find("plague")
    assert s.store[0][HILLS] == 2  # produced 3, lost 1
    for c in (FOREST, GOLD_FIELD, FIELDS, PASTURE, MOUNTAINS):
        assert s.store[0][c] == 1, c  # only 1 each, also for the regions between the two cities
    assert s.store[0][cell(0, 12)] == 2  # a region expansion is spared
    assert (s.store[1][FOREST], s.store[1][HILLS]) == (3, 2)  # next to the settlement only
    for c in (GOLD_FIELD, FIELDS, PASTURE, MOUNTAINS):
        assert s.store[1][c] == 1, c
    assert not s.pending


def test_plague_bath_house_protects_its_city_and_pharmacy_compensates() -> None:
    g = _plague_setup()
    s = g.state
    make_city(g, 0, 13)
    make_city(g, 0, 15)
    build_at(g, 0, "bath_house", LEFT_OUT_TOP)  # protects forest, gold field, hills, pasture
    build_at(g, 0, "pharmacy", RIGHT_OUT_TOP)
    build_at(g, 0, "pharmacy", RIGHT_OUT_BOTTOM)
    s.store[0][FIELDS] = 0
    roll(g, 2, 1)  # production 2: red forest (2 -> 3), blue hills (2 -> 3)
    assert (s.store[0][FOREST], s.store[0][GOLD_FIELD], s.store[0][HILLS], s.store[0][PASTURE]) == (3, 2, 2, 2)
    assert (s.store[0][FIELDS], s.store[0][MOUNTAINS]) == (0, 1)  # nothing to lose on the empty fields
    assert [item[1:] for item in s.pending] == [(0, "gain", (2, 63, "pharmacy"))]
    red = sum(totals(s, 0))
    g.apply(A.Gain(0, FIELDS))
    g.apply(A.Gain(0, FIELDS))
    assert sum(totals(s, 0)) == red + 2 and s.store[0][FIELDS] == 2 and not s.pending


def test_plague_pharmacy_gives_one_without_any_loss() -> None:
    g = _plague_setup()
    s = g.state
    make_city(g, 0, 13)
    build_at(g, 1, "pharmacy", LEFT_TOP)  # blue has no city: loses nothing, gains 1 all the same
    roll(g, 2, 1)
    assert [item[1:] for item in s.pending] == [(1, "gain", (1, 63, "pharmacy"))]
    assert g.active_players() == (1,)
    blue = sum(totals(s, 1))
    g.apply(A.Gain(1, FOREST))
    assert sum(totals(s, 1)) == blue + 1 and s.store[1][FOREST] == 3 and not s.pending


def test_plague_nothing_without_cities() -> None:
    g = _plague_setup()
    s = g.state
    before = [st[:] for st in s.store]
    roll(g, 2, 1)
    after = [st[:] for st in s.store]
    after[0][FOREST] -= 1
    after[1][HILLS] -= 1
    assert after == before and not s.pending


def test_invention_progress_copy_counts_university_and_abbey() -> None:
    g = progress_started()
    s = g.state
    university(g)
    build_at(g, 0, "abbey", LEFT_TOP)
    inst = catalogue().instances
    k = next(c for c in s.events if card_of()[c].id == "invention" and inst[c].set == "progress")
    s.events.remove(k)
    s.events.insert(0, k)
    roll(g, 3, 2)
    assert s.pending[0][1:] == (0, "gain", (2, 63, "invention")) and len(s.pending) == 1


def test_fraternal_feuds_with_mixed_backs() -> None:
    g = progress_started()
    s = g.state
    build_at(g, 0, "candamir", LEFT_TOP)
    update_advantages(s, [])
    basic = to_hand(g, 1, "storehouse")
    prog = to_hand(g, 1, "doctor")
    _event_on_top(g, "fraternal_feuds")
    roll(g, 3, 1)
    options = g.legal_actions(0)
    assert options and all(set(a.cards) == {basic, prog} for a in options)
    g.apply(options[0])
    assert not s.hands[1] and basic in s.stacks[options[0].stacks[0]] and prog in s.stacks[options[0].stacks[1]]
    assert {s.stack_backs[i] for i in options[0].stacks} == {"basic", "progress"}
    assert conserved(g)


def test_feud_sends_a_university_back_to_the_face_up_stack() -> None:
    g = progress_started()
    s = g.state
    uni = university(g)  # red's only building
    build_at(g, 1, "candamir", LEFT_TOP)
    update_advantages(s, [])
    assert s.tokens[STRENGTH] == 1
    _event_on_top(g, "feud")
    roll(g, 3, 1)
    assert s.pending[0][1:3] == (0, "feud_remove")
    g.apply(A.RemoveNamed(0, LEFT_OUT_TOP, s.stack_backs.index("progress")))
    assert uni in s.face_up and s.grid[0][LEFT_OUT_TOP] < 0 and uni not in s.discard
    assert not any(uni in st for st in s.stacks) and conserved(g)


def test_gustav_taken_by_guido_waits_for_the_next_turn() -> None:
    """Ruling: no endless Guido-Gustav loop in one turn; the taken one is not offered at once."""
    g = action_phase()
    s = g.state
    make_city(g, 1, 13)  # the opponent leads, so both may be played
    gustav = put_on_discard(g, "gustav")
    g.apply(A.PlayCard(0, to_hand(g, 0, "guido"), (), ()))
    assert gustav in s.hands[0] and gustav in s.fresh[0]  # the only other card: taken without a choice
    assert not s.pending  # no "use it now" offer for Gustav
    refused(g, A.PlayCard(0, gustav, (), ()))
    assert conserved(g)
