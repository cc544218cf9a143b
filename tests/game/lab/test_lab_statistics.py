"""The lab's statistics against known values: Holm, the chi-square critical values, power, and the sequential
procedure's error rate on simulated games."""

from __future__ import annotations

import random

import pytest

from game.stats.inference import (
    SequentialPlan, chi_square_critical, chi_square_equal, detectable_edge, doubling_looks, games_needed,
    holm_adjusted, noncentral_chi_square_survival, power, required_noncentrality,
)


def test_holm_matches_the_step_down_by_hand() -> None:
    # Sorted 0.005, 0.01, 0.03, 0.04 -> 4*0.005, 3*0.01, 2*0.03, max(0.06, 1*0.04): running maxima.
    assert holm_adjusted([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm_adjusted([0.5]) == [0.5]
    assert holm_adjusted([0.6, 0.9]) == [1.0, 1.0]
    assert holm_adjusted([]) == []


@pytest.mark.parametrize("df, alpha, value", [(1, 0.05, 3.8415), (3, 0.05, 7.8147), (3, 0.01, 11.3449),
                                              (2, 0.0125, 8.7641)])
def test_chi_square_critical_values_match_the_tables(df: int, alpha: float, value: float) -> None:
    assert chi_square_critical(df, alpha) == pytest.approx(value, abs=2e-4)


def test_noncentral_power_matches_published_noncentralities() -> None:
    # Cohen's tables: λ for 80 % power at α = 0.05 is 7.85 (df 1), 9.64 (df 2), 10.90 (df 3).
    for df, lam in ((1, 7.849), (2, 9.635), (3, 10.903)):
        assert required_noncentrality(df, 0.05, 0.8) == pytest.approx(lam, abs=0.01)
        assert power(lam, df, 0.05) == pytest.approx(0.8, abs=0.002)
    assert noncentral_chi_square_survival(7.8147, 3, 0.0) == pytest.approx(0.05, abs=1e-4)


def test_detectable_edge_and_games_needed_agree() -> None:
    games = games_needed(0.03, 4, 0.05)
    assert detectable_edge(games, 4, 0.05) <= 0.03 < detectable_edge(games - 50, 4, 0.05)
    assert detectable_edge(400, 4, 0.05) > detectable_edge(1600, 4, 0.05) * 1.9
    assert detectable_edge(0, 4, 0.05) == float("inf")


def _seat_wins(rng: random.Random, games: int, shares: list[float]) -> list[int]:
    wins = [0] * len(shares)
    for _ in range(games):
        wins[rng.choices(range(len(shares)), weights=shares)[0]] += 1
    return wins


def test_the_detectable_edge_is_detected_four_times_in_five() -> None:
    rng = random.Random(7)
    games, seats, alpha = 600, 4, 0.05
    edge = detectable_edge(games, seats, alpha)
    shares = [0.25 + edge] + [0.25 - edge / 3] * 3
    hits = sum(chi_square_equal(_seat_wins(rng, games, shares)).p_value < alpha for _ in range(600))
    assert 0.74 <= hits / 600 <= 0.86


def _sequential_alarms(rng: random.Random, looks: SequentialPlan, runs: int, naive: bool) -> int:
    alarms = 0
    for _ in range(runs):
        wins = [0, 0, 0, 0]
        done = 0
        for look in looks.looks:
            for seat, count in enumerate(_seat_wins(rng, look - done, [0.25] * 4)):
                wins[seat] += count
            done = look
            p = chi_square_equal(wins).p_value
            if p < (looks.alpha if naive else looks.level_per_look):
                alarms += 1
                break
    return alarms


def test_the_sequential_procedure_keeps_its_false_alarm_rate() -> None:
    looks = SequentialPlan(doubling_looks(50, 800, 4), 0.05)
    assert looks.looks == (52, 100, 200, 400, 800)
    runs = 1500
    honest = _sequential_alarms(random.Random(11), looks, runs, naive=False)
    naive = _sequential_alarms(random.Random(11), looks, runs, naive=True)
    assert honest / runs <= 0.05 + 2 * (0.05 * 0.95 / runs) ** 0.5
    assert naive / runs > 0.08  # peeking at every look at 5 % alarms far more often: what the correction is for


def test_a_look_decides_bias_no_edge_or_goes_on() -> None:
    looks = SequentialPlan((100, 200), 0.05)
    assert looks.level_per_look == 0.025
    assert looks.decision(0.02, 0.2, 0.03) == "bias"
    assert looks.decision(0.03, 0.02, 0.03) == "no_edge"
    assert looks.decision(0.03, 0.2, 0.03) is None
