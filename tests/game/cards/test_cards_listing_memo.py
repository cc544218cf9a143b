"""The memoised parts of listing and paying (prebuilt actions, priced builds, give-backs, payment search) give what
working everything out afresh gives."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, product

from game.cards import choices, payment
from game.cards import state as S
from game.cards.catalogue import COSTS
from game.core.registry import get_variant

MEMOS = (choices._priced, choices._exchanges, choices._city_builds, choices._some_development_payable,
         choices._give_backs, choices._takes, payment.build_payments, payment._covers)


def _plain_greedy(hand: tuple[int, ...], cost: tuple[int, ...], free: int) -> tuple[int, ...] | None:
    """The representative payment as the rules describe it, step by step: every unit the hand holds is paid by
    itself; `free` waives the first missing unit (or else the first paid one); each missing unit, in resource
    order, takes three cards of the other type with the most spare cards (the first such type on a tie)."""
    pay = [min(h, c) for h, c in zip(hand, cost)]
    missing = [c - p for c, p in zip(cost, pay)]
    if free:
        short = [r for r in range(5) if missing[r]]
        if short:
            missing[short[0]] -= 1
        else:
            pay[[r for r in range(5) if pay[r]][0]] -= 1
    spare = [h - p for h, p in zip(hand, pay)]
    for t in range(5):
        for _ in range(missing[t]):
            options = [r for r in range(5) if r != t and spare[r] >= 3]
            if not options:
                return None
            best = options[0]
            for r in options:
                if spare[r] > spare[best]:
                    best = r
            spare[best] -= 3
            pay[best] += 3
    return tuple(pay)


def test_payment_search_matches_the_plain_greedy() -> None:
    """Every hand of up to 12 cards, every cost, with and without the free unit."""
    for hand in product(range(13), repeat=5):
        if sum(hand) > 12:
            continue
        for cost in COSTS.values():
            for free in (0, 1):
                assert payment.find_payment(hand, cost, free) == _plain_greedy(hand, cost, free), (hand, cost, free)


def test_give_backs_are_every_multiset_the_hand_allows_in_order() -> None:
    """The give-backs enumerated within the hand equal filtering every multiset of resource types, in order."""
    for hand in product(range(4), repeat=5):
        for count in range(8):
            expected = [cards for cards in (tuple(combo.count(r) for r in range(5))
                                            for combo in combinations_with_replacement(range(5), count))
                        if all(c <= h for c, h in zip(cards, hand))]
            assert choices._combinations(hand, count) == expected, (hand, count)


def test_warm_memos_list_what_cold_ones_list() -> None:
    """Games of 2-6 players share the memos; each listing equals the one made after forgetting every memo (a key
    missing something the listing depends on, such as the seat, the fate card or the university, would show)."""
    variant = get_variant("catan-cards")
    games = [variant.new_game(variant.default_seats(n), 40 + n, None) for n in (2, 3, 4, 5, 6)]
    rng = random.Random(7)
    for step in range(400):
        for game in games:
            if game.is_over():
                continue
            player = game.active_players()[0]
            warm = game.legal_actions(player)
            if step % 3 == 0:
                for memo in MEMOS:
                    memo.cache_clear()
                assert game.legal_actions(player) == warm, f"step {step}, {game.num_players} players"
            game.apply(warm[rng.randrange(len(warm))])
    assert any(g.is_over() for g in games)


def test_prebuilt_actions_are_shared_but_checked_by_value() -> None:
    """A listed action object is reused by later listings of any game; an equal action made anew is accepted the
    same way, and one that is no longer legal is refused by value, not trusted by identity."""
    variant = get_variant("catan-cards")
    first = variant.new_game(variant.default_seats(3), 5, None)
    second = variant.new_game(variant.default_seats(3), 5, None)
    a = first.legal_actions(0)
    b = second.legal_actions(0)
    assert a == b and any(x is y for x, y in zip(a, b))
    end_trade = next(x for x in a if x.kind == "end_trade")
    first.apply(end_trade)
    assert first.state.phase == "build" and second.state.phase == "trade"
    assert not first.is_legal(end_trade)  # the same object, now refused by the check
    assert second.is_legal(type(end_trade)(0))


def test_clone_copies_every_field_as_deep_as_it_nests() -> None:
    """Every state field is named once in clone()'s plan, and a clone mid-game shares no list or dict."""
    plan = S._VALUES + S._FLAT_LISTS + S._PER_PLAYER
    assert sorted(plan) == sorted(S.CardsState.__slots__) and len(set(plan)) == len(plan)
    variant = get_variant("catan-cards")
    game = variant.new_game(variant.default_seats(4), 11, None)
    rng = random.Random(3)
    for _ in range(200):
        legal = game.legal_actions(game.active_players()[0])
        game.apply(legal[rng.randrange(len(legal))])
    copy = game.state.clone()
    assert copy.to_json() == game.state.to_json()
    for name in S.CardsState.__slots__:
        value = getattr(game.state, name)
        if isinstance(value, (list, dict)):
            assert getattr(copy, name) is not value, name
            for inner, copied in zip(value, getattr(copy, name)):
                if isinstance(inner, (list, dict)):
                    assert copied is not inner, name
