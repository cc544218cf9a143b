"""Duel of the Princes set-up: crescent cards boxed, 3 basic + 3 era stacks, 6 standard + 6 random events, 13 VP."""

from __future__ import annotations

from collections import Counter

from game.core.registry import get_variant, new_game
from game.rivals.catalogue import card_of, catalogue

STANDARD_EVENTS = Counter({"yule": 1, "invention": 1, "year_of_plenty": 1, "riots": 1, "traveling_merchant": 1,
                           "plague": 1})


def _ids(cards) -> Counter:
    return Counter(card_of()[c].id for c in cards)


def test_duel_variant_and_target() -> None:
    variant = get_variant("rivals-duel")
    assert variant.mode.target_vp == 13 and variant.mode.win_at_start
    assert not new_game("rivals-duel", 2, seed=0).state.face_up  # no public expansion stack


def test_duel_stacks_hold_no_crescent_card() -> None:
    inst = catalogue().instances
    for seed in range(4):
        s = new_game("rivals-duel", 2, seed=seed).state
        assert s.stack_backs == ("basic", "basic", "basic", "gold", "turmoil", "progress")
        assert [len(st) for st in s.stacks] == [12, 12, 12, 12, 12, 14]
        for st, back in zip(s.stacks, s.stack_backs):
            assert all(inst[c].set == back and not inst[c].crescent and card_of()[c].type != "event" for c in st)
        # Every era card without the crescent is in play, every draw card with it is in the box.
        drawn = {c for st in s.stacks for c in st}
        for i in inst:
            if i.set in ("gold", "turmoil", "progress") and i.card.type != "event":
                assert (i.index in drawn) != i.crescent
                assert (i.index in s.box) == i.crescent
        assert sorted(s.all_places()) == list(range(len(inst)))


def test_duel_event_deck_six_standard_and_six_random_crescent_events() -> None:
    inst = catalogue().instances
    crescent_events = [i.index for i in inst if i.card.type == "event" and i.crescent]
    assert len(crescent_events) == 15
    picks = set()
    for seed in range(8):
        s = new_game("rivals-duel", 2, seed=seed).state
        assert len(s.events) == 12
        assert card_of()[s.events[-4]].id == "yule"
        standard = [e for e in s.events if not inst[e].crescent]
        random_part = [e for e in s.events if inst[e].crescent]
        assert _ids(standard) == STANDARD_EVENTS
        assert len(random_part) == 6
        unused = set(crescent_events) - set(random_part)
        assert unused <= set(s.box) and len(unused) == 9
        picks.add(tuple(sorted(random_part)))
    assert len(picks) > 1  # the crescent events are drawn by chance


def test_duel_starting_hands_are_searched_from_a_basic_stack() -> None:
    g = new_game("rivals-duel", 2, seed=3)
    first = g.active_players()[0]
    kinds = {type(a).__name__ for a in g.legal_actions(first)}
    assert kinds == {"ChooseStartStack"}
    assert {a.stack for a in g.legal_actions(first)} == {0, 1, 2}
