"""Theme-game set-up (Era of Gold): stacks, face-up pair, event deck, searched starting hands, arranging, victory."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.errors import IllegalAction
from game.core.registry import new_game
from game.rivals import actions as A
from game.rivals.catalogue import card_of, catalogue
from game.rivals.constants import CENTER_ROW
from game.rivals.mode import GOLD
from game.rivals.principality import cell
from game.rivals.scoring import victory_points
from tests.game.rivals.helpers import (FOREST, GOLD_FIELD, LEFT_TOP, MOUNTAINS, build_at, conserved, face_up_copy,
                                       gold_started, make_city, roll, set_store, to_hand)


def _ids(cards) -> Counter:
    return Counter(card_of()[c].id for c in cards)


def test_gold_stacks_face_up_and_box() -> None:
    s = new_game("rivals-gold", 2, seed=1).state
    assert [len(st) for st in s.stacks] == [12, 12, 12, 11, 11]
    assert s.stack_backs == ("basic", "basic", "basic", "gold", "gold")
    inst = catalogue().instances
    for st, back in zip(s.stacks, s.stack_backs):
        assert all(inst[c].set == back and not card_of()[c].type == "event" for c in st)
    assert _ids(s.face_up) == Counter({"merchant_guild": 2})
    assert not any(card_of()[c].id == "merchant_guild" for st in s.stacks for c in st)
    assert {inst[c].set for c in s.box} == {"turmoil", "progress"} and len(s.box) == 28 + 31
    assert sorted(s.all_places()) == list(range(len(inst)))


def test_gold_event_deck_twelve_with_yule_fourth_from_bottom() -> None:
    for seed in range(5):
        s = new_game("rivals-gold", 2, seed=seed).state
        assert len(s.events) == 12
        assert card_of()[s.events[-4]].id == "yule"
        assert _ids(s.events) == Counter({"yule": 1, "invention": 1, "year_of_plenty": 2, "traveling_merchant": 3,
                                          "trade_ships_race": 2, "feud": 1, "fraternal_feuds": 1,
                                          "gift_for_the_prince": 1})


def test_starting_hand_search_keeps_order_and_is_revealed() -> None:
    g = new_game("rivals-gold", 2, seed=2)
    s = g.state
    first = g.active_players()[0]
    assert g.state.pending[0][2] == "start_search"
    assert {a.stack for a in g.legal_actions(first)} == {0, 1, 2}
    with pytest.raises(IllegalAction):
        g.apply(A.ChooseStartStack(first, 3))  # a theme stack
    before = s.stacks[2][:]
    g.apply(A.ChooseStartStack(first, 2))
    assert g.view(first).revealed["stack"] == tuple(before)
    assert "stack" not in g.view(1 - first).revealed
    g.apply(A.PickFromStack(first, 7))
    g.apply(A.PickFromStack(first, 2))
    g.apply(A.PickFromStack(first, 0))
    kept = [before[7], before[2], before[0]]
    assert s.hands[first] == kept and not s.fresh[first]
    assert s.stacks[2] == [c for c in before if c not in kept]
    assert g.active_players() == (1 - first,) and s.pending[0][2] == "start_search"
    g.apply(A.ChooseStartStack(1 - first, 2))  # the same basic stack may be searched again (ruling)
    for _ in range(3):
        g.apply(A.PickFromStack(1 - first, 0))
    assert len(s.hands[1 - first]) == 3 and len(s.stacks[2]) == 6
    assert s.pending[0][1:3] == (first, "arrange") and s.phase == "start"
    assert conserved(g)


def test_arranging_regions_swaps_with_storage_then_play_starts() -> None:
    g = new_game("rivals-gold", 2, seed=3)
    s = g.state
    first = g.active_players()[0]
    for p in (first, 1 - first):
        g.apply(A.ChooseStartStack(p, 0))
        for _ in range(3):
            g.apply(A.PickFromStack(p, 0))
    forest, gold = s.grid[first][FOREST], s.grid[first][GOLD_FIELD]
    options = g.legal_actions(first)
    assert A.DoneArranging(first) in options and len(options) == 1 + 15
    g.apply(A.SwapRegions(first, FOREST, GOLD_FIELD))
    assert (s.grid[first][FOREST], s.grid[first][GOLD_FIELD]) == (gold, forest)
    assert (s.store[first][FOREST], s.store[first][GOLD_FIELD]) == (0, 1)
    with pytest.raises(IllegalAction):
        g.apply(A.SwapRegions(first, FOREST, LEFT_TOP))  # not a region
    g.apply(A.DoneArranging(first))
    assert g.active_players() == (1 - first,)
    g.apply(A.DoneArranging(1 - first))
    assert s.phase == "roll" and s.current == first and s.turn_number == 1 and not s.pending
    assert conserved(g)


def _twelve(g, p: int) -> None:
    for x in (13, 15):
        make_city(g, p, x)  # 4 VP
    for c, cid in ((cell(1, 13), "merchant_guild"), (cell(3, 13), "moneylender"), (cell(0, 13), "mint"),
                   (cell(4, 13), "salt_silo"), (cell(1, 15), "trading_base"), (cell(3, 15), "staple_house"),
                   (cell(0, 15), "mint")):
        if cid == "merchant_guild":
            k = face_up_copy(g, cid)
            g.state.face_up.remove(k)
            g.state.grid[p][c] = k
        else:
            build_at(g, p, cid, c)
    assert victory_points(g.state, p) == 11


def test_victory_at_start_of_own_turn_before_rolling() -> None:
    g = gold_started(current=0)
    _twelve(g, 1)
    build_at(g, 1, "staple_house", cell(4, 15))
    assert victory_points(g.state, 1) == 12
    roll(g, 1, 4)
    g.apply(A.EndActions(0))
    while not g.is_over() and g.state.current == 0:
        g.apply(g.legal_actions(0)[0])
    assert g.winner() == 1 and g.state.phase == "over"


def test_victory_at_end_of_own_turn_at_twelve() -> None:
    g = gold_started(current=0)
    _twelve(g, 0)
    roll(g, 1, 4)
    build_at(g, 0, "staple_house", cell(4, 15))
    g.apply(A.EndActions(0))
    while not g.is_over() and g.state.current == 0:
        g.apply(g.legal_actions(0)[0])
    assert g.winner() == 0


def test_remove_own_card_face_up_goes_back() -> None:
    g = gold_started()
    roll(g, 1, 4)
    make_city(g, 0, 13)
    set_store(g, 0, hills=2, pasture=2, fields=1)
    s = g.state
    guild = face_up_copy(g, "merchant_guild")
    g.apply(A.BuildExpansion(0, guild, cell(0, 13), ((cell(3, 12), 2), (cell(3, 14), 2), (cell(1, 16), 1))))
    assert guild not in s.face_up and s.grid[0][cell(0, 13)] == guild
    other = face_up_copy(g, "merchant_guild")
    assert not g.is_legal(A.BuildExpansion(0, other, cell(4, 13), ()))  # 1x
    g.apply(A.RemoveCard(0, cell(0, 13)))
    assert guild in s.face_up and s.grid[0][cell(0, 13)] < 0
    shed = build_at(g, 0, "storehouse", LEFT_TOP)
    g.apply(A.RemoveCard(0, LEFT_TOP))
    assert s.discard[-1] == shed
    with pytest.raises(IllegalAction):
        g.apply(A.RemoveCard(0, MOUNTAINS))  # a region is not removable
    assert conserved(g)


def test_removal_offered_only_when_a_card_has_no_site() -> None:
    g = gold_started()
    roll(g, 1, 4)
    build_at(g, 0, "storehouse", LEFT_TOP)
    assert not any(isinstance(a, A.RemoveCard) for a in g.legal_actions(0))
    assert g.is_legal(A.RemoveCard(0, LEFT_TOP))
    for c in (cell(3, 13), cell(1, 15), cell(3, 15)):
        build_at(g, 0, "pirate_ship", c) if c == cell(3, 13) else build_at(g, 0, "storehouse", c)
    to_hand(g, 0, "toll_bridge")
    assert {a.cell for a in g.legal_actions(0) if isinstance(a, A.RemoveCard)} == {
        LEFT_TOP, cell(3, 13), cell(1, 15), cell(3, 15)}


def test_gold_mode_facts() -> None:
    assert (GOLD.target_vp, GOLD.basic_stacks, GOLD.theme_stacks_per_set, GOLD.face_up) == (12, 3, 2, True)
    assert GOLD.win_at_start and GOLD.allow_remove and GOLD.start_hand == "search"
    assert CENTER_ROW == 2
