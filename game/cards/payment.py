"""Paying a build: exact payments with three identical resources standing for one, and the university's free unit."""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import TypeVar

Cards = tuple[int, ...]
T = TypeVar("T", bound=tuple)  # type: ignore[type-arg]


def covers(payment: Cards, cost: Cards, free: int = 0) -> bool:
    """Whether the payment pays the cost exactly, with `free` (0 or 1) units of the cost left unpaid.

    Each required unit is paid by itself or by three identical cards of another type."""
    return _covers(tuple(payment), tuple(cost), free)


# Memoised like build_payments below: every build applied asks it again whether its payment used the free unit.
@lru_cache(maxsize=1 << 12)
def _covers(payment: Cards, cost: Cards, free: int) -> bool:
    if len(payment) != 5 or any(p < 0 for p in payment):
        return False
    choices = []
    for r in range(5):
        direct = [d for d in range(min(cost[r], payment[r]) + 1) if (payment[r] - d) % 3 == 0]
        if not direct:
            return False
        choices.append(direct)
    for direct in product(*choices):
        triples = [(payment[r] - direct[r]) // 3 for r in range(5)]
        missing = [cost[r] - direct[r] for r in range(5)]
        total = sum(missing)
        if total != sum(triples) + free:
            continue
        # Supply/demand (Gale): with equal totals, each triple type must find enough missing units of other types.
        if all(triples[r] <= total - missing[r] for r in range(5)):
            return True
    return False


def find_payment(hand: Cards | list[int], cost: Cards, free: int = 0) -> Cards | None:
    """A representative payment of the cost from the hand (direct first, then triples), or None."""
    return _find_payment(tuple(hand), tuple(cost), free)


# A pure function of three small tuples that listing the build actions asks again and again for the same hands;
# the bounded memo keeps it from being worked out anew each time.
@lru_cache(maxsize=1 << 12)
def build_payments(hand: Cards, cost: Cards, free_unit: bool) -> tuple[Cards, ...]:
    """The build payments listed for a hand: the plain one, and with the university's free unit a cheaper one
    when it differs."""
    out: list[Cards] = []
    plain = _find_payment(hand, cost, 0)
    if plain is not None:
        out.append(plain)
    if free_unit:
        cheap = _find_payment(hand, cost, 1)
        if cheap is not None and cheap not in out:
            out.append(cheap)
    return shared(tuple(out))


def _find_payment(hand: Cards, cost: Cards, free: int) -> Cards | None:
    pay = [h if h < c else c for h, c in zip(hand, cost)]  # every unit the hand holds is paid by itself
    missing = [c - p for c, p in zip(cost, pay)]
    short = sum(missing)
    if free:  # the first unit still missing is waived, or else the first one paid by itself
        if short:
            missing[next(r for r in range(5) if missing[r])] -= 1
            short -= 1
        else:
            pay[next(r for r in range(5) if pay[r])] -= 1
    if not short:
        return shared(tuple(pay))
    spare = [h - p for h, p in zip(hand, pay)]
    if sum([n // 3 for n in spare]) < short:
        return None  # not even enough triples of any kind
    # Each missing unit, in resource order, takes a triple from the other type with the most spare cards (the
    # first such type on a tie).
    for t in range(5):
        for _ in range(missing[t]):
            best = -1
            for r in range(5):
                if r != t and spare[r] >= 3 and (best < 0 or spare[r] > spare[best]):
                    best = r
            if best < 0:
                return None
            spare[best] -= 3
            pay[best] += 3
    # This always covers the cost: the direct units plus one triple of another type per missing unit (less the
    # free one) is a split that covers() accepts (tests/game/cards/test_cards_payment.py checks every small hand).
    return shared(tuple(pay))


# Payments are few (a few hundred distinct ones) but the hands that pay them are many: the memos of build listings
# hold one tuple per distinct payment (and per distinct list of them) instead of one per hand, which keeps long
# runs from growing (bench --longrun).
@lru_cache(maxsize=1 << 12)
def shared(value: T) -> T:
    """The one object kept for tuples equal to this one (a payment, or the payments of a build)."""
    return value
