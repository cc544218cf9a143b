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


def holm_adjusted(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: a test is significant at family-wise level α
    exactly when its adjusted p-value is below α, whatever the dependence between the tests."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def chi_square_critical(df: int, alpha: float) -> float:
    """The value a chi-square statistic with df degrees of freedom exceeds with chance alpha."""
    if not 0 < alpha < 1:
        raise ValueError("alpha is between 0 and 1")
    low, high = 0.0, max(1.0, 2.0 * df)
    while chi_square_survival(high, df) > alpha:
        high *= 2
    for _ in range(200):
        mid = (low + high) / 2
        if chi_square_survival(mid, df) > alpha:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def noncentral_chi_square_survival(x: float, df: int, noncentrality: float) -> float:
    """P(X >= x) for a noncentral chi-square variable: a Poisson(λ/2) mixture of central ones with df + 2j."""
    if noncentrality <= 0:
        return chi_square_survival(x, df)
    half = noncentrality / 2.0
    centre = int(half)
    total = 0.0
    # Sum outward from the Poisson mode until the weights no longer matter.
    for direction in (1, -1):
        j = centre if direction == 1 else centre - 1
        while j >= 0:
            weight = math.exp(-half + j * math.log(half) - math.lgamma(j + 1))
            total += weight * chi_square_survival(x, df + 2 * j)
            if weight < 1e-12 and abs(j - centre) > 10:
                break
            j += direction
    return min(1.0, total)


def power(noncentrality: float, df: int, alpha: float) -> float:
    """The chance that a chi-square test at level alpha rejects when the noncentrality is as given."""
    return noncentral_chi_square_survival(chi_square_critical(df, alpha), df, noncentrality)


def required_noncentrality(df: int, alpha: float, target_power: float = 0.8) -> float:
    """The noncentrality at which a chi-square test with df degrees of freedom at level alpha has the power asked."""
    critical = chi_square_critical(df, alpha)
    low, high = 0.0, 1.0
    while noncentral_chi_square_survival(critical, df, high) < target_power:
        high *= 2
    for _ in range(100):
        mid = (low + high) / 2
        if noncentral_chi_square_survival(critical, df, mid) < target_power:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def edge_noncentrality_per_game(seats: int) -> float:
    """λ per game and per squared edge when one seat wins `edge` more than parity and the others share the loss:
    Σ (p_i − 1/n)² / (1/n) = edge² · n² / (n − 1)."""
    return seats * seats / (seats - 1)


def detectable_edge(games: int, seats: int, alpha: float, target_power: float = 0.8) -> float:
    """The smallest edge (a share, e.g. 0.03 for 3 points) of one seat over parity that the equal-shares test at
    level alpha detects with the power asked in `games` decided games (inf for no games)."""
    if games <= 0:
        return math.inf
    needed = required_noncentrality(seats - 1, alpha, target_power)
    return math.sqrt(needed / (games * edge_noncentrality_per_game(seats)))


def games_needed(edge: float, seats: int, alpha: float, target_power: float = 0.8) -> int:
    """How many decided games the equal-shares test at level alpha needs to detect `edge` with the power asked."""
    needed = required_noncentrality(seats - 1, alpha, target_power)
    return math.ceil(needed / (edge * edge * edge_noncentrality_per_game(seats)))


def difference_interval(successes: int, trials: int, parity: float, z: float = Z_95) -> tuple[float, float]:
    """The interval of a win rate less a fixed parity (the Wilson interval, shifted)."""
    low, high = wilson_interval(successes, trials, z)
    return low - parity, high - parity


@dataclass(frozen=True, slots=True)
class SequentialPlan:
    """A group-sequential test: looks after the given numbers of games, each at level alpha / looks (Bonferroni
    over the looks), so the chance of any false alarm over all the looks stays at most alpha."""

    looks: tuple[int, ...]
    alpha: float

    @property
    def level_per_look(self) -> float:
        """The level each look tests at."""
        return self.alpha / len(self.looks)

    def decision(self, p_value: float, detectable: float | None, target_edge: float) -> str | None:
        """What a look decides: "bias" when the test rejects at the look's level, "no_edge" when it does not but
        the run could already detect `target_edge`, else None (go on). Stopping for "no_edge" never adds false
        alarms, so the chance of any over the whole procedure stays at most alpha."""
        if p_value < self.level_per_look:
            return "bias"
        if detectable is not None and detectable <= target_edge:
            return "no_edge"
        return None

    def to_json(self) -> dict[str, object]:
        """The procedure as plain JSON, for the report."""
        return {"procedure": "bonferroni-looks", "looks": list(self.looks), "alpha": self.alpha,
                "level_per_look": self.level_per_look}


def doubling_looks(first: int, budget: int, block: int = 1) -> tuple[int, ...]:
    """Look points that double from `first` games up to `budget` (the last look spends it), each a whole number
    of blocks (a block is one rotation of the seats)."""
    if first < 1 or budget < first:
        raise ValueError("looks need 1 <= first <= budget")
    looks: list[int] = []
    n = first
    while n < budget:
        looks.append(-(-n // block) * block)
        n *= 2
    looks.append(budget)
    return tuple(sorted(set(min(x, budget) for x in looks)))
