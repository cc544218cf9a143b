"""A scenario per Era of Gold card and event: its effect, its condition and its refusal."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of, catalogue
from game.rivals.constants import GOLD, ORE, STRENGTH, TRADE
from game.rivals.economy import totals
from game.rivals.effects.registry import CARD_RULES
from game.rivals.principality import cell
from game.rivals.scoring import stats, update_advantages, victory_points
from tests.game.rivals.helpers import (FIELDS, FOREST, GOLD_FIELD, HILLS, LEFT_BOTTOM, LEFT_TOP, MOUNTAINS, PASTURE,
                                       RIGHT_BOTTOM, RIGHT_TOP, build_at, conserved, face_up_copy, gold_started,
                                       make_city, roll, set_store, to_hand)

CACHE = cell(0, 12)  # above the forest


def action_phase():
    g = gold_started()
    roll(g, 1, 4)  # production 1: red gold field, blue pasture; trade face without a holder
    return g


def play(g, card: int, targets: tuple[int, ...] = ()) -> None:
    g.apply(A.PlayCard(0, card, (), targets))


def settle(g) -> None:
    """Answer the remaining decisions with the first option."""
    while g.state.pending:
        p = g.active_players()[0]
        g.apply(g.legal_actions(p)[0])


def guild(g, p: int = 0) -> None:
    make_city(g, p, 13)
    k = face_up_copy(g, "merchant_guild")
    g.state.face_up.remove(k)
    g.state.grid[p][cell(0, 13)] = k


def test_every_gold_card_has_rules() -> None:
    for inst in catalogue().of_set("gold"):
        card = inst.card
        if card.is_action:
            assert card.id in CARD_RULES.actions
        if card.type == "event":
            assert card.id in CARD_RULES.events


# --- actions ---------------------------------------------------------------------------------------

def test_gudrun_takes_two_gold_per_pirate_ship() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "gudrun")
    assert not g.is_legal(A.PlayCard(0, card, (), ()))  # no Pirate Ship
    build_at(g, 0, "pirate_ship", LEFT_TOP)
    s.store[1][GOLD_FIELD] = 0
    assert not g.is_legal(A.PlayCard(0, card, (), ()))  # the opponent has no gold
    s.store[1][GOLD_FIELD] = 3
    s.store[0][GOLD_FIELD] = 0
    play(g, card)
    g.apply(A.Take(0, GOLD, GOLD_FIELD))
    assert A.Pass(0) not in g.legal_actions(0)
    g.apply(A.Take(0, GOLD, GOLD_FIELD))
    assert (s.store[0][GOLD_FIELD], s.store[1][GOLD_FIELD]) == (2, 1) and not s.pending
    assert conserved(g)


def test_gudrun_capped_by_room() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "gudrun")
    build_at(g, 0, "pirate_ship", LEFT_TOP)
    build_at(g, 0, "pirate_ship", LEFT_BOTTOM)
    s.store[1][GOLD_FIELD] = 3
    s.store[0][GOLD_FIELD] = 2
    play(g, card)
    g.apply(A.Take(0, GOLD, GOLD_FIELD))
    assert not s.pending and (s.store[0][GOLD_FIELD], s.store[1][GOLD_FIELD]) == (3, 2)
    s.store[0][GOLD_FIELD] = 3
    card2 = to_hand(g, 0, "goldsmith")  # the era's Goldsmith is the basic one
    assert card_of()[card2].id in CARD_RULES.actions


def test_trade_master_needs_guild_and_takes_one_or_two() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "trade_master")
    assert not g.is_legal(A.PlayCard(0, card, (), ()))  # no Merchant Guild
    guild(g)
    saved = s.store[1][:]
    s.store[1] = [0] * len(saved)
    assert not g.is_legal(A.PlayCard(0, card, (), ()))  # the opponent has nothing
    s.store[1] = saved
    s.store[1][MOUNTAINS] = 2
    play(g, card)
    assert A.Pass(0) not in g.legal_actions(0)
    g.apply(A.Take(0, ORE, MOUNTAINS))
    assert A.Pass(0) in g.legal_actions(0)
    g.apply(A.Pass(0))
    assert (s.store[0][MOUNTAINS], s.store[1][MOUNTAINS]) == (2, 1) and not s.pending
    assert conserved(g)


def test_merchant_takes_two_gives_one_back() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "merchant")
    assert not g.is_legal(A.PlayCard(0, card, (), ()))  # neither a city nor 3 commerce
    make_city(g, 0, 13)
    s.store[1][MOUNTAINS] = 2
    set_store(g, 0, mountains=0)
    play(g, card)
    g.apply(A.Take(0, ORE, MOUNTAINS))
    g.apply(A.Take(0, ORE, MOUNTAINS))
    assert s.pending[0][2] == "give_back" and g.active_players() == (0,)
    g.apply(A.GiveFrom(0, MOUNTAINS))
    assert (s.store[0][MOUNTAINS], s.store[1][MOUNTAINS]) == (1, 1) and not s.pending
    assert conserved(g)


def test_merchant_with_three_commerce() -> None:
    g = action_phase()
    card = to_hand(g, 0, "merchant")
    for c, cid in ((LEFT_TOP, "toll_bridge"), (LEFT_BOTTOM, "brick_ship"), (RIGHT_TOP, "ore_ship")):
        build_at(g, 0, cid, c)
    assert stats(g.state, 0)[2] == 3
    assert g.is_legal(A.PlayCard(0, card, (), ()))


def test_brigands_fill_one_region() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "brigands")
    assert not g.is_legal(A.PlayCard(0, card, (), (PASTURE,)))  # no strength advantage
    build_at(g, 0, "candamir", LEFT_TOP)
    update_advantages(s, [])
    assert s.tokens[STRENGTH] == 0
    set_store(g, 0, pasture=1)
    s.store[1][PASTURE] = 3
    assert not g.is_legal(A.PlayCard(0, card, (), (LEFT_TOP,)))  # not a region
    play(g, card, (PASTURE,))
    assert (s.store[0][PASTURE], s.store[1][PASTURE]) == (3, 1) and not s.pending
    assert conserved(g)


def test_brigands_refused_without_anything_to_take() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "brigands")
    build_at(g, 0, "candamir", LEFT_TOP)
    update_advantages(s, [])
    s.store[1] = [0] * len(s.store[1])
    assert not any(isinstance(a, A.PlayCard) and a.card == card for a in g.legal_actions(0))


def test_reiner_celebration_and_extra_resource() -> None:
    g = gold_started()
    s = g.state
    card = to_hand(g, 0, "reiner")
    build_at(g, 1, "inga", LEFT_TOP)  # the opponent has more skill
    set_store(g, 0, forest=0, fields=0)
    g.chance.force(3)  # the production die
    play(g, card)
    assert s.dice == (3, "celebration") and s.phase == "action"
    gainers = [item[1] for item in s.pending]
    assert gainers.count(0) == 1 and gainers.count(1) == 1
    before = sum(totals(s, 0))
    settle(g)
    assert sum(totals(s, 0)) == before + 1
    card2 = to_hand(g, 0, "reiner")
    assert not g.is_legal(A.PlayCard(0, card2, (), ()))  # only before the roll


# --- region expansion ------------------------------------------------------------------------------

def test_gold_cache_needs_hero_and_stores_protected_gold() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "gold_cache")
    assert not g.is_legal(A.BuildExpansion(0, card, CACHE, ()))  # no hero with strength
    build_at(g, 0, "austin", LEFT_TOP)
    assert not g.is_legal(A.BuildExpansion(0, card, LEFT_BOTTOM, ()))  # not a region site
    g.apply(A.BuildExpansion(0, card, CACHE, ()))  # free (ruling Q5)
    s.store[0][CACHE] = 3
    assert totals(s, 0)[GOLD] == 3 + s.store[0][GOLD_FIELD]
    set_store(g, 0, forest=3, fields=3, hills=2, gold_field=1, pasture=2)
    g.state.phase = "roll"
    roll(g, 6, 3)  # Brigand Attack: 11 counted on regions, the cache is not counted and keeps its gold
    assert s.store[0][CACHE] == 3 and s.store[0][GOLD_FIELD] == 0 and s.store[0][PASTURE] == 0
    assert conserved(g)


def test_gold_cache_gold_can_be_demanded() -> None:
    g = action_phase()
    s = g.state
    build_at(g, 1, "gold_cache", CACHE)
    s.store[1][CACHE], s.store[1][GOLD_FIELD] = 2, 0
    build_at(g, 0, "pirate_ship", LEFT_TOP)
    s.store[0][GOLD_FIELD] = 0
    play(g, to_hand(g, 0, "gudrun"))
    settle(g)
    assert s.store[1][CACHE] == 0 and s.store[0][GOLD_FIELD] == 2


# --- settlement/city expansions ---------------------------------------------------------------------

def test_pirate_ship_opponent_discards_a_trade_ship_of_choice() -> None:
    g = action_phase()
    s = g.state
    build_at(g, 1, "brick_ship", LEFT_TOP)
    ship = build_at(g, 1, "gold_ship", RIGHT_TOP)
    card = to_hand(g, 0, "pirate_ship")
    set_store(g, 0, forest=1, pasture=1)
    g.apply(A.BuildExpansion(0, card, LEFT_TOP, ((FOREST, 1), (PASTURE, 1))))
    assert g.active_players() == (1,) and len(g.legal_actions(1)) == 2
    g.apply(A.DiscardUnit(1, RIGHT_TOP))
    assert s.discard[-1] == ship and s.grid[1][RIGHT_TOP] < 0 and not s.pending
    card2 = to_hand(g, 0, "pirate_ship")
    set_store(g, 0, forest=1, pasture=1)
    g.apply(A.BuildExpansion(0, card2, LEFT_BOTTOM, ((FOREST, 1), (PASTURE, 1))))
    assert s.grid[1][LEFT_TOP] < 0 and not s.pending  # the only ship goes without a choice
    card3 = to_hand(g, 1, "brick_ship")
    assert card3 in s.hands[1]
    assert conserved(g)


def test_pirate_ship_without_ships_and_harvest_gold() -> None:
    g = action_phase()
    s = g.state
    card = to_hand(g, 0, "pirate_ship")
    set_store(g, 0, forest=1, pasture=1, gold_field=0)
    events = g.apply(A.BuildExpansion(0, card, LEFT_TOP, ((FOREST, 1), (PASTURE, 1))))
    assert any(e.kind == "no_effect" and e.reason == "no_trade_ships" for e in events)
    s.phase = "roll"
    roll(g, 3, 6)  # Plentiful Harvest: +1 gold for the Pirate Ship
    assert s.store[0][GOLD_FIELD] == 1


def test_merchant_guild_face_up_one_x_points() -> None:
    g = action_phase()
    s = g.state
    k = face_up_copy(g, "merchant_guild")
    set_store(g, 0, hills=2, pasture=2, fields=1)
    assert not g.is_legal(A.BuildExpansion(0, k, LEFT_TOP, ((HILLS, 2), (PASTURE, 2), (FIELDS, 1))))  # city only
    make_city(g, 0, 13)
    vp = victory_points(s, 0)
    g.apply(A.BuildExpansion(0, k, LEFT_TOP, ((HILLS, 2), (PASTURE, 2), (FIELDS, 1))))
    assert victory_points(s, 0) == vp + 1 and stats(s, 0)[2] == 2 and k not in s.face_up
    assert not any(isinstance(a, A.BuildExpansion) and card_of()[a.card].id == "merchant_guild"
                   for a in g.legal_actions(0))


def test_moneylender_takes_two_on_trade() -> None:
    g = action_phase()
    s = g.state
    guild(g)
    build_at(g, 0, "toll_bridge", LEFT_TOP)
    build_at(g, 0, "moneylender", LEFT_BOTTOM)
    update_advantages(s, [])
    assert s.tokens[TRADE] == 0
    s.store[1] = [0] * len(s.store[1])
    s.store[1][MOUNTAINS] = 2
    set_store(g, 0, mountains=0)
    s.phase = "roll"
    roll(g, 5, 4)  # trade face (production 5: red mountains, blue fields)
    g.apply(A.Take(0, ORE, MOUNTAINS))
    g.apply(A.Take(0, ORE, MOUNTAINS))
    assert s.store[1][MOUNTAINS] == 0 and s.store[0][MOUNTAINS] == 3 and not s.pending


def test_moneylender_gets_only_the_one_there_is() -> None:
    g = action_phase()
    s = g.state
    guild(g)
    build_at(g, 0, "toll_bridge", LEFT_TOP)
    build_at(g, 0, "moneylender", LEFT_BOTTOM)
    update_advantages(s, [])
    set_store(g, 0, hills=0)
    s.phase = "roll"
    roll(g, 4, 4)  # trade face
    assert s.pending[0][1:] == (0, "take", (2, "trade"))
    s.store[1] = [0] * len(s.store[1])
    s.store[1][HILLS] = 1
    g.apply(A.Take(0, 0, HILLS))
    assert s.store[0][HILLS] == 1 and s.store[1][HILLS] == 0 and not s.pending


def test_harbor_trading_base_salt_silo_commerce_and_points() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    make_city(g, 0, 15)
    vp = victory_points(s, 0)
    build_at(g, 0, "harbor", cell(0, 13))
    assert victory_points(s, 0) == vp and stats(s, 0)[2] == 1  # fewer than 3 trade ships
    for c, cid in ((LEFT_TOP, "brick_ship"), (LEFT_BOTTOM, "ore_ship"), (RIGHT_TOP, "wool_ship")):
        build_at(g, 0, cid, c)
    assert victory_points(s, 0) == vp + 1 and stats(s, 0)[2] == 4
    build_at(g, 0, "marketplace", RIGHT_BOTTOM)
    build_at(g, 0, "trading_base", cell(4, 13))
    assert stats(s, 0)[2] == 4 + 1 + 1 + 2  # marketplace 1, base 1, +1 each for marketplace and harbor
    build_at(g, 0, "salt_silo", cell(0, 15))
    assert stats(s, 0)[2] == 8 + 3  # each of the 3 trade ships +1
    g.apply(A.RemoveCard(0, LEFT_TOP))
    assert victory_points(s, 0) == vp + 1 + 2  # harbor point lost; base and silo 1 each


def test_mint_once_per_turn_each() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    mint = build_at(g, 0, "mint", cell(0, 13))
    set_store(g, 0, gold_field=2, forest=1)
    with pytest.raises(IllegalAction):
        g.apply(A.UseCard(0, cell(0, 13), ((GOLD_FIELD, 1),), (GOLD_FIELD,)))  # gold for gold
    g.apply(A.UseCard(0, cell(0, 13), ((GOLD_FIELD, 1),), (FOREST,)))
    assert (s.store[0][GOLD_FIELD], s.store[0][FOREST]) == (1, 2) and s.used == [mint]
    assert not g.is_legal(A.UseCard(0, cell(0, 13), ((GOLD_FIELD, 1),), (FOREST,)))
    build_at(g, 0, "mint", cell(4, 13))
    assert g.is_legal(A.UseCard(0, cell(4, 13), ((GOLD_FIELD, 1),), (FOREST,)))
    g.apply(A.EndActions(0))
    while g.state.current == 0:
        g.apply(g.legal_actions(0)[0])
    assert s.used == []


def test_staple_house_needs_guild_and_gains_two() -> None:
    g = action_phase()
    s = g.state
    make_city(g, 0, 13)
    card = to_hand(g, 0, "staple_house")
    set_store(g, 0, hills=2, mountains=2, pasture=1)
    payment = ((HILLS, 2), (MOUNTAINS, 2), (PASTURE, 1))
    assert not g.is_legal(A.BuildExpansion(0, card, cell(0, 13), payment))  # no Merchant Guild
    k = face_up_copy(g, "merchant_guild")
    s.face_up.remove(k)
    s.grid[0][cell(4, 13)] = k
    g.apply(A.BuildExpansion(0, card, cell(0, 13), payment))
    assert s.pending[0][1:] == (0, "gain", (2, 63, "staple_house"))
    before = sum(totals(s, 0))
    settle(g)
    assert sum(totals(s, 0)) == before + 2
    assert conserved(g)


# --- events -------------------------------------------------------------------------------------

def _event_on_top(g, card_id: str) -> None:
    s = g.state
    k = next(c for c in s.events if card_of()[c].id == card_id)
    s.events.remove(k)
    s.events.insert(0, k)


def test_gift_for_the_prince() -> None:
    g = gold_started()
    s = g.state
    build_at(g, 0, "austin", LEFT_TOP)  # Str 1
    build_at(g, 0, "harald", LEFT_BOTTOM)  # Str 2
    build_at(g, 0, "pirate_ship", RIGHT_TOP)  # no strength
    set_store(g, 0, gold_field=2)
    _event_on_top(g, "gift_for_the_prince")
    roll(g, 3, 1)
    settle(g)
    assert s.store[0][GOLD_FIELD] == 3 and s.store[1][GOLD_FIELD] == 0  # 2 gained, 1 lost; blue has no units


def test_gift_for_the_prince_nobody() -> None:
    g = gold_started()
    _event_on_top(g, "gift_for_the_prince")
    events = roll(g, 3, 1)
    assert any(e.kind == "no_effect" and e.source == "gift_for_the_prince" for e in events)


def test_traveling_merchant_may_pay_from_the_gold_cache() -> None:
    g = gold_started()
    s = g.state
    build_at(g, 0, "gold_cache", CACHE)
    s.store[0][CACHE] = 1
    set_store(g, 0, gold_field=0, forest=1)
    _event_on_top(g, "traveling_merchant")
    roll(g, 3, 1)
    g.apply(A.BuyResource(0, CACHE, FOREST))
    assert s.store[0][CACHE] == 0 and s.store[0][FOREST] == 2
