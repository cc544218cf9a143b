"""Statistics of simulated games: Wilson intervals for win rates and the chi-square test of equal win shares."""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Sequence

Z_95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when there are no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class ChiSquare:
    """A chi-square goodness-of-fit test: statistic, degrees of freedom, p-value."""

    statistic: float
    df: int
    p_value: float


def chi_square_equal(observed: Sequence[int], expected_shares: Sequence[float] | None = None) -> ChiSquare:
    """Test that the counts come from the given shares (equal shares by default).

    With no counts at all the test says nothing: statistic 0 and p-value 1.
    """
    total = sum(observed)
    k = len(observed)
    shares = list(expected_shares) if expected_shares is not None else [1.0 / k] * k
    if total == 0 or k < 2:
        return ChiSquare(0.0, max(0, k - 1), 1.0)
    statistic = 0.0
    for count, share in zip(observed, shares):
        expected = total * share
        if expected > 0:
            statistic += (count - expected) ** 2 / expected
    df = k - 1
    return ChiSquare(statistic, df, chi_square_survival(statistic, df))


def chi_square_survival(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with df degrees of freedom."""
    if x <= 0:
        return 1.0
    return regularized_gamma_q(df / 2.0, x / 2.0)


def regularized_gamma_q(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a): a series below a + 1, a continued fraction above."""
    if x < 0 or a <= 0:
        raise ValueError("Q(a, x) needs a > 0 and x >= 0")
    if x == 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        denom = a
        for _ in range(10_000):
            denom += 1
            term *= x / denom
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Lentz's method for the continued fraction of Γ(a, x).
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)
