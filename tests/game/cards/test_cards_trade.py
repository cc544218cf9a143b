"""The exchange phase: draw pile, market, opponents' hands, the library and the merchant guild."""

from __future__ import annotations

import pytest

from game.cards import actions as A
from game.cards.state import BUILD, NOBODY, TRADE
from game.core.errors import IllegalAction
from game.core.saves import state_digest
from tests.game.cards.helpers import add_development, add_roads, cards, in_build, make, set_hand, set_market
from tests.game.cards.invariants import check_invariants

ORE, WOOL, GRAIN = cards(ore=1), cards(wool=1), cards(grain=1)


def refused(game, action) -> None:
    """The action raises IllegalAction and changes nothing."""
    before = state_digest(game)
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert state_digest(game) == before


def test_without_a_side_road_one_draw_pile_exchange_only() -> None:
    """No A-side road: exactly one card may be exchanged, with the draw pile only."""
    game = make(3)
    game.state.road_supply.append(game.state.roads[0].pop())
    set_hand(game, 0, cards(ore=2, wool=1))
    set_market(game, [4, 4, 4, 4, 4])
    assert game.trade_limit(0) == 1
    refused(game, A.ExchangeWithMarket(0, GRAIN, ORE))
    refused(game, A.TakeFromPlayer(0, 1, 1))
    assert {a.kind for a in game.legal_actions(0)} >= {"exchange_pile"}
    assert not any(a.kind in ("exchange_market", "take_from_player") for a in game.legal_actions(0))
    game.chance.force(0)
    game.apply(A.ExchangeWithPile(0, ORE))
    assert sum(game.state.hands[0]) == 3
    refused(game, A.ExchangeWithPile(0, ORE))
    assert not any(a.kind == "exchange_pile" for a in game.legal_actions(0))
    check_invariants(game)


def test_one_exchange_per_a_side_road_mixing_kinds() -> None:
    """Three roads A, B, A give two exchanges, each by its own option; a third is refused."""
    game = make(3)
    add_roads(game, 0, 2)
    assert game.trade_limit(0) == 2
    set_hand(game, 0, cards(ore=2, wool=2))
    set_hand(game, 1, cards(brick=1))
    set_market(game, [4, 4, 4, 4, 4])
    game.apply(A.ExchangeWithMarket(0, GRAIN, ORE))
    assert game.state.hands[0] == [0, 0, 1, 2, 1] and sorted(game.state.market) == [2, 4, 4, 4, 4]
    game.apply(A.TakeFromPlayer(0, 1, 1))
    assert game.state.hands[0][0] == 1 and game.active_players() == (0,)
    game.apply(A.GiveBack(0, WOOL))
    assert game.state.hands[1] == [0, 0, 0, 1, 0]
    assert game.trades_left() == 0
    refused(game, A.ExchangeWithPile(0, ORE))
    refused(game, A.ExchangeWithMarket(0, GRAIN, ORE))
    check_invariants(game)


def test_pile_exchange_of_several_cards() -> None:
    """Discard up to N cards at once, then draw as many."""
    game = make(3)
    add_roads(game, 0, 2)
    set_hand(game, 0, cards(ore=3))
    top = game.state.draw[-2:]
    game.apply(A.ExchangeWithPile(0, cards(ore=2)))
    assert game.state.discard[-2:] == [2, 2]
    assert sum(game.state.hands[0]) == 3 and game.state.hands[0][2] == 1 + top.count(2)
    refused(game, A.ExchangeWithPile(0, ORE))
    check_invariants(game)


def test_pile_exchange_refusals() -> None:
    """Too many cards, cards not held, nothing at all."""
    game = make(3)
    set_hand(game, 0, cards(ore=2))
    refused(game, A.ExchangeWithPile(0, cards(ore=2)))
    refused(game, A.ExchangeWithPile(0, WOOL))
    refused(game, A.ExchangeWithPile(0, (0, 0, 0, 0, 0)))
    refused(game, A.ExchangeWithPile(0, (0, 0, -1, 0, 2)))


def test_market_exchange_rules() -> None:
    """Take up to N, put back exactly as many; the market keeps five cards; the taken card may go back."""
    game = make(3)
    add_roads(game, 0, 2)
    set_hand(game, 0, cards(ore=1))
    set_market(game, [4, 4, 3, 3, 0])
    refused(game, A.ExchangeWithMarket(0, cards(grain=1), cards(ore=1, grain=1)))  # give more than taken
    refused(game, A.ExchangeWithMarket(0, cards(lumber=1), ORE))                  # not in the market
    refused(game, A.ExchangeWithMarket(0, GRAIN, WOOL))                           # wool not held
    refused(game, A.ExchangeWithMarket(0, cards(grain=2, wool=1), cards(ore=1, grain=2)))  # three > two trades
    game.apply(A.ExchangeWithMarket(0, cards(grain=2), cards(ore=1, grain=1)))
    assert game.state.hands[0] == [0, 0, 0, 0, 1]
    assert sorted(game.state.market) == [0, 2, 3, 3, 4]
    check_invariants(game)


def test_take_from_player_then_give_back() -> None:
    """Blind take (by chance), then the same number goes back before anything else; taken cards may go back."""
    game = make(3)
    add_roads(game, 0, 2)
    set_hand(game, 0, cards(ore=1))
    set_hand(game, 2, cards(brick=1, wool=2))
    refused(game, A.TakeFromPlayer(0, 2, 3))  # only two trades
    refused(game, A.TakeFromPlayer(0, 0, 1))  # not an opponent
    game.chance.force(0, 1)                  # first card: brick (index 0); then index 1 of wool,wool -> wool
    game.apply(A.TakeFromPlayer(0, 2, 2))
    assert game.state.hands[0] == [1, 0, 1, 1, 0] and game.state.hands[2] == [0, 0, 0, 1, 0]
    assert game.state.give_back_to == 2
    assert all(a.kind == "give_back" for a in game.legal_actions(0))
    refused(game, A.EndTrade(0))
    refused(game, A.GiveBack(0, cards(ore=1)))
    refused(game, A.GiveBack(0, cards(grain=2)))
    game.apply(A.GiveBack(0, cards(brick=1, ore=1)))
    assert game.state.hands[2] == [1, 0, 1, 1, 0] and game.state.give_back_to == NOBODY
    assert game.trades_left() == 0
    check_invariants(game)


def test_library_open_take_once() -> None:
    """A library owner first chooses the opponent and sees that hand only, takes one card from it by sight (once per
    exchange phase), may take more blindly from the same player, and then gives back as many (seed 004 l.80-83)."""
    game = make(3)
    add_roads(game, 0, 4)  # A B A B A: three exchanges
    set_hand(game, 1, cards(ore=1, grain=2))
    set_hand(game, 2, cards(wool=3))
    refused(game, A.LookAtHand(0, 1))
    add_development(game, 0, "library")
    legal = game.legal_actions(0)
    assert A.LookAtHand(0, 1) in legal and A.LookAtHand(0, 2) in legal
    assert not any(isinstance(a, A.TakeOpenly) for a in legal)   # no hand is shown before the choice
    refused(game, A.TakeOpenly(0, 1, 2))
    game.apply(A.LookAtHand(0, 1))
    assert game.view(0).shown_hand == (0, 0, 1, 0, 2) and game.view(0).looking_at == 1
    assert game.view(1).shown_hand is None and game.view(2).shown_hand is None
    assert set(game.legal_actions(0)) == {A.TakeOpenly(0, 1, 2), A.TakeOpenly(0, 1, 4)}
    refused(game, A.TakeOpenly(0, 1, 0))     # not held by the opponent
    refused(game, A.TakeOpenly(0, 2, 1))     # not the hand being looked at
    refused(game, A.TakeFromPlayer(0, 1, 1))
    game.apply(A.TakeOpenly(0, 1, 2))
    assert game.state.hands[1] == [0, 0, 0, 0, 2] and game.view(0).shown_hand is None
    legal = game.legal_actions(0)
    assert A.TakeFromPlayer(0, 1, 1) in legal and A.TakeFromPlayer(0, 2, 1) not in legal
    refused(game, A.TakeFromPlayer(0, 2, 1))  # give back before trading with another player
    refused(game, A.LookAtHand(0, 1))
    game.chance.force(1)                     # the second card from the same opponent is blind again
    game.apply(A.TakeFromPlayer(0, 1, 1))
    assert game.state.hands[1] == [0, 0, 0, 0, 1] and game.state.give_back_count == 2
    refused(game, A.GiveBack(0, cards(ore=1)))
    game.apply(A.GiveBack(0, cards(ore=1, grain=1)))
    assert game.state.hands[1] == [0, 0, 1, 0, 2] and game.state.give_back_to == NOBODY
    assert game.trades_left() == 1
    assert not any(isinstance(a, A.LookAtHand) for a in game.legal_actions(0))
    refused(game, A.LookAtHand(0, 2))
    check_invariants(game)


def test_merchant_guild() -> None:
    """Once per turn, one blind card from a player with at least as many VP, nothing given back."""
    game = make(3)
    set_hand(game, 1, cards(wool=2))
    set_hand(game, 2, cards(ore=2))
    refused(game, A.GuildTake(0, 1))
    add_development(game, 0, "merchant_guild")  # 0 now has 4 VP, the others 1
    refused(game, A.GuildTake(0, 1))
    game.state.settlements[1].extend([game.state.settlement_supply.pop() for _ in range(3)])  # 1 has 4 VP
    assert game.vp(1) == game.vp(0)
    assert A.GuildTake(0, 1) in game.legal_actions(0) and A.GuildTake(0, 2) not in game.legal_actions(0)
    in_build(game)
    before = sum(game.state.hands[0])
    game.apply(A.GuildTake(0, 1))
    assert sum(game.state.hands[0]) == before + 1 and game.state.hands[1] == [0, 0, 0, 1, 0]
    assert game.state.give_back_to == NOBODY
    refused(game, A.GuildTake(0, 1))
    check_invariants(game)


def test_end_trade_and_skipping() -> None:
    """The exchange phase can be ended or skipped by ending the turn at once."""
    game = make(3)
    assert A.EndTrade(0) in game.legal_actions(0) and A.EndTurn(0) in game.legal_actions(0)
    game.apply(A.EndTrade(0))
    assert game.state.phase == BUILD
    refused(game, A.EndTrade(0))
    refused(game, A.ExchangeWithPile(0, tuple(1 if r == game.state.hands[0].index(max(game.state.hands[0])) else 0
                                              for r in range(5))))
    game.apply(A.EndTurn(0))
    assert game.state.current == 1 and game.state.phase == TRADE


def test_wrong_player_refused() -> None:
    """Only the turn player acts."""
    game = make(3)
    before = state_digest(game)
    with pytest.raises(IllegalAction):
        game.apply(A.EndTrade(1))
    assert state_digest(game) == before
