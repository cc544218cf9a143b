"""The representative build payment: whenever one is found it pays the cost exactly (checked for every small hand)."""

from __future__ import annotations

from itertools import product

from game.cards.catalogue import COSTS
from game.cards.payment import covers, find_payment


def test_every_found_payment_covers_its_cost() -> None:
    """Hands of 0-4 cards per type, every printed cost, with and without the university's free unit."""
    found = 0
    for hand in product(range(5), repeat=5):
        for cost in COSTS.values():
            for free in (0, 1):
                payment = find_payment(hand, cost, free)
                if payment is None:
                    continue
                found += 1
                assert all(0 <= p <= h for p, h in zip(payment, hand)), (hand, cost, free, payment)
                assert covers(payment, cost, free), (hand, cost, free, payment)
    assert found > 10_000  # the loop really met payments of every kind


def test_no_payment_when_the_hand_is_too_small() -> None:
    assert find_payment((0, 0, 2, 0, 2), COSTS["city"]) is None
    assert find_payment((0, 0, 2, 0, 2), COSTS["city"], 1) == (0, 0, 2, 0, 2)
    assert find_payment((3, 0, 0, 1, 1), COSTS["knight"]) == (3, 0, 0, 1, 1)  # three bricks stand for the lumber
