"""A scenario per basic-set card and basic event: its effect, its condition and its refusal; the seed's examples."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of, catalogue
from game.rivals.constants import GOLD, GRAIN, LUMBER, ORE, WOOL
from game.rivals.economy import number_table, totals
from game.rivals.principality import cell
from game.rivals.scoring import hand_limit, stats, update_advantages
from tests.game.rivals.helpers import (FIELDS, FOREST, GOLD_FIELD, HILLS, LEFT_BOTTOM, LEFT_TOP, MOUNTAINS, PASTURE,
                                       RIGHT_BOTTOM, RIGHT_TOP, build_at, conserved, free_copy, make_city,
                                       roll, set_store, started, to_hand)


def action_phase(current: int = 0):
    g = started(current=current)
    roll(g, 1, 4)  # production 1 (red gold field, blue pasture); trade face, no holder
    return g


def _region_copy(g, name: str, number: int) -> int:
    return next(c for c in g.state.center["region"] if card_of()[c].id == name and number_table()[c] == number)


# --- seed examples -----------------------------------------------------------------------------

def test_abbey_payment_example() -> None:
    g = action_phase()
    card = to_hand(g, 0, "abbey")
    g.apply(A.BuildExpansion(0, card, LEFT_TOP, ((FIELDS, 1), (HILLS, 1), (MOUNTAINS, 1))))
    s = g.state
    assert (s.store[0][FIELDS], s.store[0][HILLS], s.store[0][MOUNTAINS]) == (0, 0, 0)
    assert totals(s, 0)[LUMBER] == 1 and totals(s, 0)[WOOL] == 1 and hand_limit(s, 0) == 4
    assert conserved(g)


def test_road_settlement_city_payments_and_regions() -> None:
    g = action_phase()
    s = g.state
    set_store(g, 0, hills=2, forest=2, pasture=1, fields=3, mountains=3)
    g.apply(A.BuildRoad(0, 16, ((FOREST, 1), (HILLS, 2))))
    assert s.store[0][FOREST] == 1 and s.store[0][HILLS] == 0
    set_store(g, 0, hills=1)
    mountains4, gold2 = _region_copy(g, "mountains", 4), _region_copy(g, "gold_field", 2)
    regions = s.center["region"]
    regions.remove(mountains4)
    regions.remove(gold2)
    regions[:0] = [mountains4, gold2]
    g.apply(A.BuildSettlement(0, 17, ((HILLS, 1), (FOREST, 1), (PASTURE, 1), (FIELDS, 1)), -1, ()))
    assert g.active_players() == (0,)  # top or bottom
    g.apply(A.PlaceRegions(0, False))
    assert s.grid[0][cell(1, 18)] == mountains4 and s.grid[0][cell(3, 18)] == gold2
    # A 4 now gives wool and ore, a 2 lumber and gold.
    g.state.phase = "roll"
    before = totals(s, 0)
    roll(g, 4, 4)
    after = totals(s, 0)
    assert after[WOOL] == before[WOOL] + 1 and after[ORE] == before[ORE] + 1
    g.state.phase = "roll"
    before = totals(s, 0)
    roll(g, 2, 4)
    after = totals(s, 0)
    assert after[LUMBER] == before[LUMBER] + 1 and after[GOLD] == before[GOLD] + 1
    set_store(g, 0, fields=2, mountains=3)
    g.apply(A.BuildCity(0, 13, ((FIELDS, 2), (MOUNTAINS, 3))))
    assert card_of()[s.grid[0][cell(2, 13)]].id == "city" and 13 * 0 + s.under[0][cell(2, 13)] >= 0
    assert conserved(g)


def test_trade_three_to_one_from_two_regions() -> None:
    g = action_phase()
    s = g.state
    mountains = _region_copy(g, "mountains", 2)
    s.center["region"].remove(mountains)
    s.grid[0][cell(3, 18)] = mountains
    s.store[0][cell(3, 18)] = 2
    set_store(g, 0, mountains=1, pasture=0)
    g.apply(A.Trade(0, ((MOUNTAINS, 1), (cell(3, 18), 2)), PASTURE, -1))
    assert s.store[0][PASTURE] == 1 and totals(s, 0)[ORE] == 0
    with pytest.raises(IllegalAction):
        g.apply(A.Trade(0, ((FOREST, 1),), PASTURE, -1))


def test_ore_ship_two_to_one() -> None:
    g = action_phase()
    s = g.state
    set_store(g, 0, mountains=2, pasture=0)
    with pytest.raises(IllegalAction):
        g.apply(A.Trade(0, ((MOUNTAINS, 2),), PASTURE, -1))  # no ship yet: 3:1
    build_at(g, 0, "ore_ship", LEFT_BOTTOM)
    g.apply(A.Trade(0, ((MOUNTAINS, 2),), PASTURE, -1))
    assert s.store[0][MOUNTAINS] == 0 and s.store[0][PASTURE] == 1


def test_marketplace_example() -> None:
    g = started(current=1)
    s = g.state
    build_at(g, 0, "marketplace", LEFT_TOP)
    fields3, gold3 = _region_copy(g, "fields", 3), _region_copy(g, "gold_field", 3)
    for c, r in ((cell(1, 18), fields3), (cell(3, 18), gold3)):
        s.center["region"].remove(r)
        s.grid[1][c] = r
    s.grid[1][cell(2, 16)] = s.center["road"].pop(0)
    s.grid[1][cell(2, 17)] = s.center["settlement"].pop(0)
    set_store(g, 1, forest=3)  # blue cannot store its lumber: the Marketplace still offers it
    red_brick = s.store[0][HILLS]
    roll(g, 3, 4)
    assert s.store[0][HILLS] == red_brick + 1
    assert s.store[1][cell(1, 18)] == 1 and s.store[1][cell(3, 18)] == 1
    assert g.active_players() == (0,)
    options = g.legal_actions(0)
    kinds = {totals_kind(g, a.cell) for a in options}
    assert kinds == {LUMBER, GRAIN, GOLD}
    g.apply(A.Gain(0, FOREST))
    assert s.store[0][FOREST] == 2
    with pytest.raises(IllegalAction):
        g.apply(A.Gain(0, HILLS))


def totals_kind(g, c: int) -> int:
    from game.rivals.economy import cell_resource
    return cell_resource(g.state, 0, c)


def test_marketplace_one_x_refused() -> None:
    g = action_phase()
    build_at(g, 0, "marketplace", LEFT_TOP)
    card = to_hand(g, 0, "marketplace")
    set_store(g, 0, fields=1, pasture=1)
    with pytest.raises(IllegalAction):
        g.apply(A.BuildExpansion(0, card, RIGHT_TOP, ((FIELDS, 1), (PASTURE, 1))))


# --- action cards --------------------------------------------------------------------------------

def test_brigitta_sets_production() -> None:
    g = started(current=0)
    card = to_hand(g, 0, "brigitta")
    g.chance.force(4)  # the event die: trade
    g.apply(A.PlayCard(0, card, (), (6,)))
    assert g.state.store[0][FIELDS] == 2 and g.state.dice == (6, "trade")
    assert card in g.state.discard
    other = to_hand(g, 0, "brigitta")
    with pytest.raises(IllegalAction):  # not after the roll
        g.apply(A.PlayCard(0, other, (), (6,)))


def test_goldsmith() -> None:
    g = action_phase()
    card = to_hand(g, 0, "goldsmith")
    g.state.store[0][GOLD_FIELD] = 2
    with pytest.raises(IllegalAction):
        g.apply(A.PlayCard(0, card, ((GOLD_FIELD, 2),), ()))
    g.state.store[0][GOLD_FIELD] = 3
    g.apply(A.PlayCard(0, card, ((GOLD_FIELD, 3),), ()))
    g.apply(A.Gain(0, FOREST))
    g.apply(A.Gain(0, FOREST))
    assert g.state.store[0][FOREST] == 3 and g.state.store[0][GOLD_FIELD] == 0


def test_merchant_caravan() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "merchant_caravan")
    for c in (FOREST, FIELDS, HILLS, PASTURE, MOUNTAINS):
        s.store[0][c] = 0
    s.store[0][GOLD_FIELD] = 1
    assert not any(isinstance(a, A.PlayCard) for a in g.legal_actions(0))
    with pytest.raises(IllegalAction):
        g.apply(A.PlayCard(0, card, ((GOLD_FIELD, 1),), ()))
    s.store[0][FOREST] = 1
    g.apply(A.PlayCard(0, card, ((GOLD_FIELD, 1), (FOREST, 1)), ()))
    g.apply(A.Gain(0, MOUNTAINS))
    g.apply(A.Gain(0, MOUNTAINS))
    assert s.store[0][MOUNTAINS] == 2 and totals(s, 0)[GOLD] == 0


def test_scout_picks_regions() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "scout")
    with pytest.raises(IllegalAction):
        g.apply(A.PlayCard(0, card, (), ()))
    s.grid[0][cell(2, 16)] = s.center["road"].pop(0)
    set_store(g, 0, hills=1, forest=1, pasture=1, fields=1)
    want = [s.center["region"][5], s.center["region"][9]]
    g.apply(A.BuildSettlement(0, 17, ((HILLS, 1), (FOREST, 1), (PASTURE, 1), (FIELDS, 1)), card, (5, 9)))
    assert s.grid[0][cell(1, 18)] == want[0] and s.grid[0][cell(3, 18)] == want[1]
    assert card in s.discard and len(s.center["region"]) == 10 and not s.pending


def test_relocation_swaps_regions_with_storage() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "relocation")
    forest, hills = s.grid[0][FOREST], s.grid[0][HILLS]
    set_store(g, 0, forest=3, hills=0)
    g.apply(A.PlayCard(0, card, (), (FOREST, HILLS)))
    assert s.grid[0][FOREST] == hills and s.grid[0][HILLS] == forest
    assert s.store[0][HILLS] == 3 and s.store[0][FOREST] == 0
    assert card in s.discard


def free_copy_exists(g, card_id: str) -> bool:
    try:
        free_copy(g, card_id)
    except AssertionError:
        return False
    return True


def test_relocation_refuses_region_with_expansion() -> None:
    g = action_phase()
    card = to_hand(g, 0, "relocation")
    build_at(g, 0, "abbey", LEFT_TOP)
    with pytest.raises(IllegalAction):
        g.apply(A.PlayCard(0, card, (), (FOREST, LEFT_TOP)))
    build_at(g, 0, "austin", RIGHT_BOTTOM)
    g.apply(A.PlayCard(0, card, (), (LEFT_TOP, RIGHT_BOTTOM)))
    assert card_of()[g.state.grid[0][RIGHT_BOTTOM]].id == "abbey"


# --- expansions ---------------------------------------------------------------------------------

@pytest.mark.parametrize("booster,region,number", [
    ("brick_factory", HILLS, 3), ("lumber_camp", FOREST, 2), ("grain_mill", FIELDS, 6),
    ("weavers_shop", PASTURE, 4), ("iron_foundry", MOUNTAINS, 5),
])
def test_boosters_double(booster: str, region: int, number: int) -> None:
    g = started(current=0)
    site = LEFT_TOP if region in (FOREST, FIELDS) and region == FOREST else None
    site = {FOREST: LEFT_TOP, HILLS: LEFT_BOTTOM, FIELDS: RIGHT_TOP, PASTURE: LEFT_BOTTOM,
            MOUNTAINS: RIGHT_BOTTOM}[region]
    build_at(g, 0, booster, site)
    roll(g, number, 4)
    assert g.state.store[0][region] == 3
    g2 = started(current=0)
    build_at(g2, 0, booster, site)
    g2.state.store[0][region] = 2
    roll(g2, number, 4)
    assert g2.state.store[0][region] == 3  # the extra unit is lost without room


def test_booster_not_on_events() -> None:
    g = started(current=0)
    build_at(g, 0, "brick_factory", LEFT_BOTTOM)
    roll(g, 1, 6)  # plentiful harvest: a chosen resource, not doubled
    g.apply(A.Gain(0, HILLS))
    assert g.state.store[0][HILLS] == 2


def test_abbey_one_x_and_hand_limit() -> None:
    g = action_phase()
    build_at(g, 0, "abbey", LEFT_TOP)
    assert hand_limit(g.state, 0) == 4
    card = to_hand(g, 0, "abbey")
    set_store(g, 0, hills=1, fields=1, mountains=1)
    assert not any(isinstance(a, A.BuildExpansion) and a.card == card for a in g.legal_actions(0))
    with pytest.raises(IllegalAction):
        g.apply(A.BuildExpansion(0, card, RIGHT_TOP, ((HILLS, 1), (FIELDS, 1), (MOUNTAINS, 1))))


def test_parish_hall_search_costs_one() -> None:
    g = action_phase()
    s = g.state
    build_at(g, 0, "parish_hall", LEFT_TOP)
    for _ in range(3):
        to_hand(g, 0, "scout") if free_copy_exists(g, "scout") else to_hand(g, 0, "goldsmith")
    s.fresh[0].clear()
    g.apply(A.EndActions(0))
    assert s.phase == "exchange"
    card = s.hands[0][0]
    with pytest.raises(IllegalAction):
        g.apply(A.ExchangeSearch(0, card, 0, 1, ((FOREST, 1), (HILLS, 1))))
    g.apply(A.ExchangeSearch(0, card, 0, 1, ((FOREST, 1),)))
    stack = list(s.stacks[1])
    g.apply(A.PickFromStack(0, 2))
    assert s.hands[0][-1] == stack[2] and s.stacks[1] == stack[:2] + stack[3:]
    assert s.current == 1


def test_toll_bridge_harvest_gold() -> None:
    g = started(current=0)
    build_at(g, 0, "toll_bridge", LEFT_TOP)
    roll(g, 2, 6)
    assert g.state.store[0][GOLD_FIELD] == 2


def test_large_trade_ship_one_side() -> None:
    g = action_phase()
    s = g.state
    build_at(g, 0, "large_trade_ship", LEFT_TOP)  # between forest and gold field
    set_store(g, 0, forest=2, gold_field=2, pasture=0)
    with pytest.raises(IllegalAction):
        g.apply(A.Trade(0, ((FOREST, 1), (GOLD_FIELD, 1)), PASTURE, LEFT_TOP))
    with pytest.raises(IllegalAction):
        g.apply(A.Trade(0, ((MOUNTAINS, 1),), PASTURE, LEFT_TOP))
    g.apply(A.Trade(0, ((FOREST, 2),), PASTURE, LEFT_TOP))
    g.apply(A.Trade(0, ((GOLD_FIELD, 2),), PASTURE, LEFT_TOP))
    assert s.store[0][PASTURE] == 2


@pytest.mark.parametrize("ship,res", [("brick_ship", "hills"), ("grain_ship", "fields"), ("wool_ship", "pasture"),
                                      ("lumber_ship", "forest"), ("gold_ship", "gold_field")])
def test_other_ships(ship: str, res: str) -> None:
    from tests.game.rivals.helpers import REGION
    g = action_phase()
    build_at(g, 0, ship, LEFT_TOP)
    g.state.store[0][REGION[res]] = 2
    target = MOUNTAINS
    g.state.store[0][target] = 0
    g.apply(A.Trade(0, ((REGION[res], 2),), target, -1))
    assert g.state.store[0][target] == 1


@pytest.mark.parametrize("hero,strength,skill", [("austin", 1, 2), ("harald", 2, 1), ("inga", 1, 3),
                                                 ("osmund", 2, 2), ("candamir", 4, 1), ("siglind", 2, 3)])
def test_heroes(hero: str, strength: int, skill: int) -> None:
    g = action_phase()
    card = to_hand(g, 0, hero)
    cost = catalogue().cards[hero].cost
    set_store(g, 0, fields=cost[GRAIN], mountains=cost[ORE], pasture=cost[WOOL])
    payment = tuple((c, n) for c, n in ((FIELDS, cost[GRAIN]), (MOUNTAINS, cost[ORE]), (PASTURE, cost[WOOL])) if n)
    g.apply(A.BuildExpansion(0, card, LEFT_TOP, payment))
    assert stats(g.state, 0)[:2] == (strength, skill)
    assert g.state.tokens[0] == (0 if strength >= 3 else -1)


def test_expansion_site_refusals() -> None:
    g = action_phase()
    card = to_hand(g, 0, "austin")
    set_store(g, 0, fields=1, mountains=1)
    with pytest.raises(IllegalAction):  # a region cell
        g.apply(A.BuildExpansion(0, card, FOREST, ((FIELDS, 1), (MOUNTAINS, 1))))
    with pytest.raises(IllegalAction):  # an outer site needs a city
        g.apply(A.BuildExpansion(0, card, cell(0, 13), ((FIELDS, 1), (MOUNTAINS, 1))))
    make_city(g, 0, 13)
    g.apply(A.BuildExpansion(0, card, cell(0, 13), ((FIELDS, 1), (MOUNTAINS, 1))))


# --- events -------------------------------------------------------------------------------------

def _event_on_top(g, card_id: str) -> None:
    s = g.state
    c = next(c for c in s.events if card_of()[c].id == card_id)
    s.events.remove(c)
    s.events.insert(0, c)


def test_invention() -> None:
    g = started(current=0)
    build_at(g, 0, "abbey", LEFT_TOP)
    _event_on_top(g, "invention")
    roll(g, 1, 1)
    assert g.active_players() == (0,)
    g.apply(A.Gain(0, HILLS))
    assert not g.state.pending and g.state.store[0][HILLS] == 2
    g2 = started(current=0)
    _event_on_top(g2, "invention")
    roll(g2, 1, 1)
    assert not g2.state.pending


def test_year_of_plenty() -> None:
    g = started(current=0)
    build_at(g, 0, "storehouse", LEFT_TOP)   # forest, gold field
    build_at(g, 0, "abbey", RIGHT_TOP)       # gold field, fields
    _event_on_top(g, "year_of_plenty")
    roll(g, 3, 1)
    s = g.state
    assert (s.store[0][FOREST], s.store[0][GOLD_FIELD], s.store[0][FIELDS]) == (2, 2, 2)
    assert s.store[1][FOREST] == 2  # blue's forest is numbered 3; nothing from the event


def test_traveling_merchant() -> None:
    g = started(current=0)
    g.state.store[0][GOLD_FIELD] = 2
    _event_on_top(g, "traveling_merchant")
    roll(g, 2, 1)
    assert g.active_players() == (0,)  # blue has no gold: nothing to decide
    g.apply(A.BuyResource(0, GOLD_FIELD, HILLS))
    g.apply(A.BuyResource(0, GOLD_FIELD, HILLS))
    assert g.state.store[0][HILLS] == 3 and g.state.store[0][GOLD_FIELD] == 0 and not g.state.pending
    g2 = started(current=0)
    g2.state.store[0][GOLD_FIELD] = 2
    _event_on_top(g2, "traveling_merchant")
    roll(g2, 2, 1)
    g2.apply(A.Pass(0))
    assert g2.state.store[0][GOLD_FIELD] == 2


@pytest.mark.parametrize("red,blue,gainers", [(1, 0, {0}), (1, 1, {0, 1}), (0, 0, set()), (0, 2, {1})])
def test_trade_ships_race(red: int, blue: int, gainers: set[int]) -> None:
    g = started(current=0)
    ships = ["brick_ship", "grain_ship", "ore_ship"]
    for i in range(red):
        build_at(g, 0, ships.pop(), (LEFT_TOP, RIGHT_TOP)[i])
    for i in range(blue):
        build_at(g, 1, ships.pop(), (LEFT_TOP, RIGHT_TOP)[i])
    _event_on_top(g, "trade_ships_race")
    roll(g, 1, 1)
    assert {p for _, p, kind, _ in g.state.pending if kind == "gain"} == gainers


def test_feud_without_holder_does_nothing() -> None:
    g = started(current=0)
    build_at(g, 1, "abbey", LEFT_TOP)
    _event_on_top(g, "feud")
    roll(g, 1, 1)
    assert not g.state.pending and g.state.grid[1][LEFT_TOP] >= 0


def test_feud_names_three_and_opponent_removes() -> None:
    g = started(current=0)
    s = g.state
    build_at(g, 0, "candamir", LEFT_TOP)
    update_advantages(s, [])
    for name, c in (("abbey", LEFT_TOP), ("storehouse", RIGHT_TOP), ("brick_factory", LEFT_BOTTOM),
                    ("harald", RIGHT_BOTTOM)):
        build_at(g, 1, name, c)
    _event_on_top(g, "feud")
    roll(g, 1, 1)
    assert s.pending[0][2] == "feud_remove"  # only 3 buildings (Harald is a unit): all named
    assert set(s.pending[0][3]) == {LEFT_TOP, RIGHT_TOP, LEFT_BOTTOM}
    with pytest.raises(IllegalAction):
        g.apply(A.RemoveNamed(1, RIGHT_BOTTOM, 0))
    abbey = s.grid[1][LEFT_TOP]
    g.apply(A.RemoveNamed(1, LEFT_TOP, 2))
    assert s.grid[1][LEFT_TOP] == -1 and s.stacks[2][-1] == abbey and conserved(g)


def test_feud_with_four_buildings_needs_naming() -> None:
    g = started(current=0)
    s = g.state
    build_at(g, 0, "candamir", LEFT_TOP)
    update_advantages(s, [])
    make_city(g, 1, 13)
    for name, c in (("abbey", LEFT_TOP), ("storehouse", RIGHT_TOP), ("brick_factory", LEFT_BOTTOM),
                    ("parish_hall", cell(0, 13))):
        build_at(g, 1, name, c)
    _event_on_top(g, "feud")
    roll(g, 1, 1)
    assert g.active_players() == (0,) and s.pending[0][2] == "feud_name"
    with pytest.raises(IllegalAction):
        g.apply(A.NameBuildings(0, (LEFT_TOP, RIGHT_TOP)))
    g.apply(A.NameBuildings(0, (LEFT_TOP, RIGHT_TOP, cell(0, 13))))
    assert g.active_players() == (1,)
    g.apply(A.RemoveNamed(1, cell(0, 13), 0))
    assert s.grid[1][cell(0, 13)] == -1


def test_fraternal_feuds() -> None:
    g = started(current=0)
    s = g.state
    build_at(g, 0, "candamir", LEFT_TOP)
    update_advantages(s, [])
    cards = [to_hand(g, 1, "scout"), to_hand(g, 1, "relocation"), to_hand(g, 1, "goldsmith")]
    _event_on_top(g, "fraternal_feuds")
    roll(g, 1, 1)
    assert g.active_players() == (0,)
    assert g.view(0).revealed["opponent_hand"] == tuple(cards)
    with pytest.raises(IllegalAction):
        g.apply(A.PickHandCards(0, (cards[0],), (0,)))
    g.apply(A.PickHandCards(0, (cards[0], cards[2]), (1, 2)))
    assert s.hands[1] == [cards[1]] and s.stacks[1][-1] == cards[0] and s.stacks[2][-1] == cards[2]
    g2 = started(current=0)
    _event_on_top(g2, "fraternal_feuds")
    roll(g2, 1, 1)
    assert not g2.state.pending  # nobody holds the strength advantage


def test_view_hides_hand_and_stacks() -> None:
    g = started(current=0, empty_hands=False)
    v = g.view(1)
    assert v.hand == tuple(g.state.hands[1]) and v.hand_sizes == (3, 3)
    assert not hasattr(v, "stacks") and v.stack_sizes == tuple(len(st) for st in g.state.stacks)
