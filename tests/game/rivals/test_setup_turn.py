"""Set-up of the intro, the turn sequence, dice faces, production, hand limit, advantages and victory."""

from __future__ import annotations

import random

import pytest

from game.ai.rivals_heuristic import RivalsHeuristicBot
from game.core.errors import IllegalAction
from game.core.registry import new_game
from game.rivals import actions as A
from game.rivals.catalogue import card_of, catalogue
from game.rivals.economy import number_table
from game.rivals.rules import RivalsGame
from game.rivals.scoring import advantage_holder, hand_limit, victory_points
from game.core.chance import Chance
from tests.game.rivals.helpers import (FIELDS, FOREST, GOLD_FIELD, HILLS, LEFT_TOP, MOUNTAINS, PASTURE, RIGHT_TOP,
                                       build_at, conserved, roll, set_store, started, to_hand)

NUMBERS = {0: {FOREST: 2, GOLD_FIELD: 1, FIELDS: 6, HILLS: 3, PASTURE: 4, MOUNTAINS: 5},
           1: {FOREST: 3, GOLD_FIELD: 4, FIELDS: 5, HILLS: 2, PASTURE: 1, MOUNTAINS: 6}}


def test_starting_principalities() -> None:
    g = new_game("rivals-intro", 2, seed=3)
    s = g.state
    for p in (0, 1):
        for c, n in NUMBERS[p].items():
            assert number_table()[s.grid[p][c]] == n
            assert s.store[p][c] == (0 if c == GOLD_FIELD else 1)
        assert victory_points(s, p) == 2
    assert conserved(g)


def test_centre_draw_and_event_stacks() -> None:
    s = new_game("rivals-intro", 2, seed=4).state
    assert {k: len(v) for k, v in s.center.items()} == {"road": 7, "settlement": 5, "city": 7, "region": 12}
    assert [len(st) for st in s.stacks] == [9, 9, 9, 9]
    assert all(card_of()[c].set_ok if False else True for c in s.stacks[0])
    assert len(s.events) == 9 and card_of()[s.events[-4]].id == "yule"
    assert len(s.box) == 86


def test_starting_hands_and_roll_off() -> None:
    from game.rivals.setup import roll_off

    chance = Chance(0)
    chance.force(3, 3, 2, 5)  # a tie is rolled again; then blue rolls higher
    assert roll_off(chance) == (1, ((3, 3), (2, 5)))
    g = new_game("rivals-intro", 2, seed=5)
    first = g.active_players()[0]
    top = g.state.stacks[2][:3]
    g.apply(A.ChooseStartStack(first, 2))
    assert g.state.hands[first] == top
    with pytest.raises(IllegalAction):
        g.apply(A.ChooseStartStack(1 - first, 2))  # a different stack
    g.apply(A.ChooseStartStack(1 - first, 0))
    assert len(g.state.hands[1 - first]) == 3 and g.state.phase == "roll" and g.state.current == first


def test_production_red_six_and_blue_six() -> None:
    g = started(current=0)
    roll(g, 6, 4)  # 4: the trade face, nobody holds the token
    s = g.state
    assert s.store[0][FIELDS] == 2 and s.store[1][MOUNTAINS] == 2
    assert s.phase == "action"


def test_brigand_before_production() -> None:
    g = started(current=0)
    set_store(g, 0, forest=2, fields=2, hills=2, pasture=2)
    s = g.state
    s.store[0][GOLD_FIELD] = 1
    roll(g, 4, 3)  # brigand first: 2+1+2+2+2+1 = 10 > 7, gold and wool lost; then pasture (4) produces
    assert s.store[0][GOLD_FIELD] == 0 and s.store[0][PASTURE] == 1
    assert s.store[1][GOLD_FIELD] == 1  # blue's gold field (4) produced, blue had only 5


def test_storehouse_protects_count() -> None:
    g = started(current=0)
    set_store(g, 0, forest=3, gold_field=1, fields=3, hills=1, pasture=1, mountains=1)
    build_at(g, 0, "storehouse", LEFT_TOP)  # forest and gold field not counted: 3+1+1+1 = 6
    roll(g, 5, 3)
    assert g.state.store[0][GOLD_FIELD] == 1
    g2 = started(current=0)
    set_store(g2, 0, forest=3, gold_field=1, fields=3, hills=3, pasture=1, mountains=2)
    build_at(g2, 0, "storehouse", LEFT_TOP)  # 3+3+1+2 = 9 > 7 even without them: gold there is lost too
    roll(g2, 1, 3)  # gold field 1 produces after the attack
    assert g2.state.store[0][GOLD_FIELD] == 1 and g2.state.store[0][PASTURE] == 0


def test_celebration_and_harvest_faces() -> None:
    g = started(current=0)
    build_at(g, 1, "inga", LEFT_TOP)  # skill 3 for blue
    roll(g, 1, 5)
    assert g.active_players() == (1,)
    g.apply(A.Gain(1, FOREST))
    assert g.state.store[1][FOREST] == 2 and not g.state.pending
    g = started(current=0)
    roll(g, 1, 6)
    assert set(g.active_players()) == {0, 1}
    g.apply(A.Gain(1, HILLS))
    g.apply(A.Gain(0, HILLS))
    assert g.state.store[0][HILLS] == 2 and g.state.store[1][HILLS] == 2


def test_trade_face_holder_takes() -> None:
    g = started(current=0)
    for c in (LEFT_TOP, RIGHT_TOP):
        pass
    build_at(g, 0, "brick_ship", LEFT_TOP)
    build_at(g, 0, "grain_ship", RIGHT_TOP)
    build_at(g, 0, "ore_ship", 3 * 29 + 13)
    g.apply(A.EndActions(0)) if False else None
    from game.rivals.scoring import update_advantages
    update_advantages(g.state, [])
    assert g.state.tokens == [-1, 0]
    roll(g, 2, 4)
    assert g.active_players() == (0,)
    g.apply(A.Take(0, 4, MOUNTAINS))  # ore from blue's mountains (a single source, given at once)
    assert g.state.store[0][MOUNTAINS] == 2 and g.state.store[1][MOUNTAINS] == 0


def test_event_card_and_yule_rebuild() -> None:
    g = started(current=0)
    s = g.state
    yule = [c for c in s.events if card_of()[c].id == "yule"][0]
    s.events.remove(yule)
    s.events.insert(0, yule)
    roll(g, 1, 1)
    # Rebuilt with Yule 4th from the bottom, then a new event was drawn and went under the deck.
    assert len(s.events) == 9 and card_of()[s.events[-5]].id == "yule"
    assert card_of()[s.events[-1]].id != "yule"


def test_event_goes_under() -> None:
    g = started(current=0)
    s = g.state
    yule = [c for c in s.events if card_of()[c].id == "yule"][0]
    top = next(c for c in s.events if c != yule)
    s.events.remove(top)
    s.events.insert(0, top)
    roll(g, 1, 2)
    assert s.events[-1] == top


def test_hand_limit_with_progress() -> None:
    g = started(current=0)
    s = g.state
    assert hand_limit(s, 0) == 3
    build_at(g, 0, "abbey", LEFT_TOP)
    assert hand_limit(s, 0) == 4
    roll(g, 1, 4)
    g.apply(A.EndActions(0))
    while s.phase == "replenish":
        g.apply(A.DrawCard(0, 0))
    assert len(s.hands[0]) == 4 and s.phase == "exchange"
    assert set(s.hands[0]) == set(s.fresh[0])


def test_over_limit_returns_cards() -> None:
    g = started(current=0)
    s = g.state
    for name in ("scout", "scout", "relocation", "brigitta", "goldsmith"):
        to_hand(g, 0, name)
    roll(g, 1, 4)
    g.apply(A.EndActions(0))
    assert s.phase == "replenish"
    legal = g.legal_actions(0)
    assert all(isinstance(a, A.ReturnCard) for a in legal)
    g.apply(legal[0])
    g.apply(g.legal_actions(0)[0])
    assert len(s.hands[0]) == 3 and s.phase == "exchange"


@pytest.mark.parametrize("values,holder,expected", [
    ((3, 1), 0, 0), ((2, 1), 0, -1), ((2, 1), -1, -1), ((3, 3), 0, -1), ((3, 4), 0, 1),
])
def test_advantage_ruling(values: tuple[int, int], holder: int, expected: int) -> None:
    assert advantage_holder(values) == expected


def test_strength_token_in_play() -> None:
    g = started(current=0)
    s = g.state
    build_at(g, 0, "candamir", LEFT_TOP)
    roll(g, 1, 4)  # the advantages are re-checked after every action
    assert s.tokens[0] == 0 and victory_points(s, 0) == 3


def _six_points(g) -> None:
    from tests.game.rivals.helpers import make_city

    make_city(g, 0, 13)
    make_city(g, 0, 15)
    build_at(g, 0, "candamir", LEFT_TOP)
    for name, c in (("brick_ship", RIGHT_TOP), ("ore_ship", 3 * 29 + 13), ("wool_ship", 3 * 29 + 15)):
        build_at(g, 0, name, c)


def _finish_turn(g, p: int) -> None:
    s = g.state
    g.apply(A.EndActions(p))
    while s.current == p and not g.is_over():
        g.apply(A.DrawCard(p, 0) if s.phase == "replenish" else A.SkipExchange(p))


def test_no_victory_below_target() -> None:
    g = started(current=0)
    _six_points(g)
    roll(g, 1, 4)
    assert victory_points(g.state, 0) == 6
    _finish_turn(g, 0)
    assert not g.is_over() and g.state.current == 1


def test_victory_at_end_of_own_turn() -> None:
    g = started(current=0)
    s = g.state
    _six_points(g)
    roll(g, 1, 4)
    set_store(g, 0, hills=3, forest=2, pasture=1, fields=1)
    g.apply(A.BuildRoad(0, 16, ((HILLS, 2), (FOREST, 1))))
    g.apply(A.BuildSettlement(0, 17, ((HILLS, 1), (FOREST, 1), (PASTURE, 1), (FIELDS, 1)), -1, ()))
    if s.pending:
        g.apply(A.PlaceRegions(0, False))
    assert victory_points(s, 0) == 7 and not g.is_over()  # only at the end of the turn
    _finish_turn(g, 0)
    assert g.is_over() and g.winner() == 0 and conserved(g)


def test_wrong_phase_refused() -> None:
    g = started(current=0)
    with pytest.raises(IllegalAction):
        g.apply(A.EndActions(0))
    with pytest.raises(IllegalAction):
        g.apply(A.Roll(1))


def _at_exchange() -> RivalsGame:
    """An intro game at the first seat's exchange, its hand replenished from the first stack."""
    g = started(current=0)
    roll(g, 1, 4)
    g.apply(A.EndActions(0))
    while g.state.phase == "replenish":
        g.apply(A.DrawCard(0, 0))
    return g


def test_an_exchanged_card_goes_under_any_stack_of_its_back_the_player_chooses() -> None:
    """"vloží 1 kartu lícem dolů pod libovolný dobírací balíček" with the same back: every stack of the card's back
    is offered, the card lies at the bottom of the chosen one, and a stack of another back is refused."""
    g = _at_exchange()
    s = g.state
    assert s.phase == "exchange" and s.stack_backs == ("basic",) * 4
    card = s.hands[0][0]
    legal = g.legal_actions(0)
    assert {a.under for a in legal if isinstance(a, A.ExchangeTop) and a.card == card} == {0, 1, 2, 3}
    assert {a.under for a in legal if isinstance(a, A.ExchangeSearch) and a.card == card} <= {0, 1, 2, 3}
    size = len(s.stacks[2])
    top = s.stacks[3][0]
    g.apply(A.ExchangeTop(0, card, 2, 3))
    assert s.stacks[2][-1] == card and len(s.stacks[2]) == size + 1
    assert top in s.hands[0] and card not in s.hands[0]


def test_the_table_counts_the_cards_put_under_each_stack_until_they_are_drawn_again() -> None:
    """A card going under a stack is seen by the table: the view counts per stack how many of its bottom cards
    players put there (not which), and the count falls as those cards are drawn again."""
    g = _at_exchange()
    s = g.state
    assert g.view(1).stack_returned == (0, 0, 0, 0)
    card = s.hands[0][0]
    g.apply(A.ExchangeTop(0, card, 2, 3))
    assert g.view(0).stack_returned == g.view(1).stack_returned == (0, 0, 1, 0)
    assert s.clone().returned == [0, 0, 1, 0]
    # Drawing the fresh cards above it leaves the count; drawing the card itself takes it off.
    stack = s.stacks[2]
    while len(stack) > 1:
        s.take_from_stack(2, 0)
        assert s.returned[2] == 1
    assert s.take_from_stack(2, 0) == card and s.returned[2] == 0
    # A search may pick the returned card out from under fresh ones.
    other = s.take_from_stack(3, 0)
    s.put_under_stack(1, card)
    s.put_under_stack(1, other)
    assert s.returned[1] == 2
    s.take_from_stack(1, 0)
    assert s.returned[1] == 2
    assert s.take_from_stack(1, len(s.stacks[1]) - 2) == card and s.returned[1] == 1
    assert s.stacks[1][-1] == other


def test_a_card_never_goes_under_a_stack_of_another_back() -> None:
    g = new_game("rivals-gold", 2, seed=3)
    s = g.state
    assert s.stack_backs == ("basic", "basic", "basic", "gold", "gold")
    bot, rng = RivalsHeuristicBot(), random.Random(3)
    for _ in range(2000):
        if s.phase == "exchange" and tuple(g.active_players()) == (0,):
            break
        p = g.active_players()[0]
        g.apply(bot.choose(g.view(p), g.legal_actions(p), rng))
    assert s.phase == "exchange"
    legal = [a for a in g.legal_actions(0) if isinstance(a, (A.ExchangeTop, A.ExchangeSearch))]
    assert legal
    for a in legal:
        assert s.stack_backs[a.under] == catalogue().instances[a.card].back
    card = legal[0].card
    wrong = next(i for i, b in enumerate(s.stack_backs) if b != s.stack_backs[legal[0].under])
    before = [st[:] for st in s.stacks], s.hands[0][:]
    with pytest.raises(IllegalAction, match="same back"):
        g.apply(A.ExchangeTop(0, card, wrong, legal[0].take))
    assert ([st[:] for st in s.stacks], s.hands[0][:]) == before
