"""Static analysis of boards against figures worked out by hand, and the statistics the reports use."""

from __future__ import annotations

import math

import pytest

from game.catan.geometry import topology
from game.lab.analysis import analyse, compare
from game.lab.layout import beginner_lab_layout, variable_lab_layout
from game.lab.search import Constraints, generate_candidates
from game.stats.inference import chi_square_equal, chi_square_survival, wilson_interval


def test_beginner_board_pips_by_hand() -> None:
    # Beginner board (saves/layouts/beginner.json), pips per token 2:1 3:2 4:3 5:4 6:5 8:5 9:4 10:3 11:2 12:1.
    layout = beginner_lab_layout()
    by_hand = [0] * 5
    order = ("forest", "pasture", "fields", "hills", "mountains")
    pips = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
    for terrain, number in zip(layout.terrains, layout.numbers):
        if terrain != "desert":
            by_hand[order.index(terrain)] += pips[number]
    a = analyse(layout)
    assert a.resource_pips == tuple(by_hand) == (13, 10, 13, 12, 10)
    assert a.total_pips == 58
    assert a.hex_pips[layout.terrains.index("desert")] == 0
    assert a.hex_pips[0] == 3  # mountains 10
    assert a.resource_hexes == (4, 4, 4, 3, 3)


def test_spot_quality_by_hand() -> None:
    layout = beginner_lab_layout()
    a = analyse(layout)
    topo = topology()
    node = topo.node("h10.SE")  # the best spot of the beginner board
    hexes = topo.node_hexes[node]
    pips = sum(a.hex_pips[h] for h in hexes)
    spot = a.spots[node]
    assert spot.pips == pips
    resources = {layout.terrains[h] for h in hexes if layout.terrains[h] != "desert"}
    assert spot.variety == len(resources)
    assert spot.quality == pytest.approx(pips + (len(resources) - 1))
    assert a.best_spots[0] in range(topo.num_nodes) and len(a.best_spots) == 10
    qualities = [a.spots[n].quality for n in a.best_spots]
    assert qualities == sorted(qualities, reverse=True)
    assert all(a.spots[n].quality <= qualities[-1] for n in range(topo.num_nodes) if n not in a.best_spots)


def test_harbor_bonus_on_a_spot() -> None:
    layout = beginner_lab_layout()
    edge, kind = next((e, k) for e, k in layout.harbors if k == "generic_3_1")
    a = analyse(layout)
    node = topology().edges[edge][0]
    spot = a.spots[node]
    assert spot.harbor == kind
    assert spot.quality == pytest.approx(spot.pips + max(0, spot.variety - 1) + 1.0)


def test_checks_find_what_was_planted() -> None:
    layout = beginner_lab_layout()
    topo = topology()
    six = layout.numbers.index(6)
    neighbour = next(h for h in topo.hex_neighbors[six] if layout.terrains[h] != "desert")
    planted = layout.with_swapped_numbers(neighbour, layout.numbers.index(8))  # an 8 beside the 6
    a = analyse(planted)
    assert (min(six, neighbour), max(six, neighbour)) in a.adjacent_red
    base = analyse(layout)
    assert base.adjacent_red == ()
    assert a.penalties()["A"] == 1 and base.penalties()["A"] == 0
    # equal numbers on neighbours
    equal = layout.with_number(neighbour, 6)
    assert any(n == 6 and {x, y} == {six, neighbour} for x, y, n in analyse(equal).equal_neighbours)
    # a resource holding one number twice
    forest = [h for h in range(19) if layout.terrains[h] == "forest"]
    twice = layout.with_number(forest[1], layout.numbers[forest[0]])
    assert any(r == 0 and set(forest[:2]) <= set(hexes) for r, _, hexes in analyse(twice).repeated_numbers)


def test_cluster_and_starved_resource() -> None:
    layout = beginner_lab_layout()
    topo = topology()
    # paint hex 4 and its neighbours mountains: one cluster of at least 3
    painted = layout
    for h in (4,) + topo.hex_neighbors[4][:2]:
        painted = painted.with_terrain(h, "mountains")
    a = analyse(painted)
    assert any(t == "mountains" and len(hexes) >= 3 for t, hexes in a.clusters)
    assert a.penalties()["C"] >= 1
    # starve ore: every ore token becomes a 2
    ore = [h for h in range(19) if layout.terrains[h] == "mountains"]
    starved = layout
    for h in ore:
        starved = starved.with_number(h, 2)
    assert 4 in analyse(starved).starved


def test_score_follows_its_formula() -> None:
    for seed in range(6):
        a = analyse(variable_lab_layout(seed))
        t = a.penalties()
        expected = 100 - 12 * t["A"] - 5 * t["E"] - 4 * t["S"] - 3 * t["C"] - 40 * a.resource_spread - 30 * a.spot_spread
        assert a.score == pytest.approx(max(0.0, expected))


def test_compare_side_by_side() -> None:
    rows = compare([beginner_lab_layout(), variable_lab_layout(2)])
    assert [r["name"] for r in rows] == ["beginner", "variable-2"]
    assert all(set(r) >= {"score", "terms", "resource_pips", "legal"} for r in rows)


def test_search_respects_constraints() -> None:
    constraints = Constraints(no_adjacent_red=True, no_equal_neighbours=True, max_cluster=2)
    found, tries = generate_candidates(constraints, 5, seed=3)
    assert len(found) == 5 and tries >= 5
    for candidate in found:
        a = analyse(candidate.layout)
        assert candidate.layout.is_legal() and not a.adjacent_red and not a.equal_neighbours
        assert all(len(h) <= 2 for _, h in a.clusters)
    assert [c.score for c in found] == sorted((c.score for c in found), reverse=True)
    assert generate_candidates(constraints, 5, seed=3)[0] == found


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_chi_square_known_values() -> None:
    assert chi_square_survival(7.814728, 3) == pytest.approx(0.05, abs=1e-6)
    assert chi_square_survival(3.841459, 1) == pytest.approx(0.05, abs=1e-6)
    assert chi_square_survival(2.0, 3) == pytest.approx(0.5724067, abs=1e-6)
    assert chi_square_survival(40.0, 3) == pytest.approx(1.0659e-08, rel=1e-3)
    test = chi_square_equal([30, 20, 25, 25])
    assert test.statistic == pytest.approx(2.0) and test.df == 3
    assert test.p_value == pytest.approx(0.5724067, abs=1e-6)
    assert chi_square_equal([0, 0, 0]).p_value == 1.0
    assert math.isclose(chi_square_equal([10, 10]).p_value, 1.0)
