"""Lab simulations: seat rotation, determinism across worker counts and on a Dask cluster, honest counting."""

from __future__ import annotations

import threading

import pytest

import game.lab.simulate as simulate
from game.catan.invariants import InvariantViolation
from game.core.errors import InvalidOptions
from game.lab.layout import beginner_lab_layout, variable_lab_layout
from game.lab.report import build_report
from game.stats.seating import rotated_colours
from game.lab.simulate import SimulationPlan, run_plan


def small_plan(**changes: object) -> SimulationPlan:
    base = dict(layouts=(beginner_lab_layout(), variable_lab_layout(7)), games=8, seed=5)
    base.update(changes)
    return SimulationPlan(**base).validated()  # type: ignore[arg-type]


def test_rotation_puts_every_colour_in_every_seat_equally_often() -> None:
    plan = small_plan(games=8)
    run = run_plan(plan, workers=1)
    report = build_report(plan, run)
    for section in report["layouts"]:
        assert [row["games"] for row in section["seat_positions"]] == [8, 8, 8, 8]
        assert [row["games"] for row in section["colours"]] == [8, 8, 8, 8]
    seats = {}
    for record in run.records:
        for seat, colour in enumerate(record["colours"]):
            seats[(colour, seat)] = seats.get((colour, seat), 0) + 1
    assert set(seats.values()) == {4}  # 2 layouts x 2 rotation blocks
    assert rotated_colours(("a", "b", "c"), 1) == ("b", "c", "a")


def test_first_seat_plays_first_and_figures_add_up() -> None:
    plan = small_plan(games=4, layouts=(variable_lab_layout(9),))
    run = run_plan(plan, workers=1)
    for record in run.records:
        assert record["error"] is None and record["finished"]
        assert record["vp"][record["winner"]] >= 10
        assert all(len(nodes) == 2 for nodes in record["setup_settlements"])
    section = build_report(plan, run)["layouts"][0]
    assert sum(row["wins"] for row in section["seat_positions"]) == section["finished"] == 4
    assert sum(section["first_settlements"]) == 4 * 4 * 2


def test_same_report_for_one_or_two_workers() -> None:
    plan = small_plan()
    one = build_report(plan, run_plan(plan, workers=1))
    two = build_report(plan, run_plan(plan, workers=2, chunk_size=4))
    assert one["figures_digest"] == two["figures_digest"]
    assert one["layouts"] == two["layouts"]
    assert two["run"]["workers"] == 2


def test_same_report_on_a_local_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    plan = small_plan(games=4)
    local = build_report(plan, run_plan(plan, workers=1))
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        clustered = build_report(plan, run_plan(plan, executor=client.get_executor(), chunk_size=4))
    assert clustered["figures_digest"] == local["figures_digest"]


def test_a_game_that_breaks_an_invariant_is_reported_not_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    plan = small_plan(games=4, layouts=(variable_lab_layout(3),))
    bad_seed = plan.game_seed(2)
    real = simulate.check_invariants

    def failing(game: object) -> None:
        if getattr(game, "seed", None) == bad_seed:
            raise InvariantViolation("resource 0 not conserved")
        real(game)  # type: ignore[arg-type]

    monkeypatch.setattr(simulate, "check_invariants", failing)
    section = build_report(plan, run_plan(plan, workers=1))["layouts"][0]
    assert section["broken"] == [{"game": 2, "seed": bad_seed, "rotation": 2,
                                  "error": "InvariantViolation: resource 0 not conserved"}]
    assert section["finished"] == 3 and sum(r["games"] for r in section["seat_positions"]) == 12


def test_unfinished_games_are_counted() -> None:
    plan = small_plan(games=4, layouts=(variable_lab_layout(3),), max_actions=60)
    section = build_report(plan, run_plan(plan, workers=1))["layouts"][0]
    assert section["unfinished"] == 4 and section["finished"] == 0
    assert [g["game"] for g in section["unfinished_games"]] == [0, 1, 2, 3]
    assert section["verdict"]["key"] == "labreport.verdict.no_games"


def test_cancel_keeps_finished_chunks() -> None:
    plan = small_plan(games=8, layouts=(variable_lab_layout(3),))
    cancel = threading.Event()
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        cancel.set()

    run = run_plan(plan, workers=1, progress=progress, cancel=cancel, chunk_size=4)
    assert run.interrupted and len(run.records) == 4 and seen == [4]


@pytest.mark.parametrize("variant,players", [("catan-2p", 2), ("catan-compact", 4), ("catan-base", 3)])
def test_other_variants_simulate(variant: str, players: int) -> None:
    plan = SimulationPlan((beginner_lab_layout(),), variant, players, ("heuristic",), players, 2).validated()
    section = build_report(plan, run_plan(plan, workers=1))["layouts"][0]
    assert section["games"] == players and not section["broken"]
    assert [row["games"] for row in section["seat_positions"]] == [players] * players


def test_bad_plans_are_refused() -> None:
    with pytest.raises(InvalidOptions):
        SimulationPlan((beginner_lab_layout(),), "rivals-intro", 2).validated()
    with pytest.raises(InvalidOptions):
        SimulationPlan((beginner_lab_layout(),), bots=("heuristic", "random")).validated()
    with pytest.raises(Exception, match="experimental"):
        SimulationPlan((beginner_lab_layout().with_terrain(0, "hills"),)).validated()


def test_ctrl_c_keeps_finished_chunks() -> None:
    plan = small_plan(games=8, layouts=(variable_lab_layout(3),))

    def progress(done: int, total: int) -> None:
        if done >= 4:
            raise KeyboardInterrupt

    run = run_plan(plan, workers=1, progress=progress, chunk_size=4)
    assert run.interrupted and [r["game"] for r in run.records] == [0, 1, 2, 3]
    assert build_report(plan, run)["interrupted"] is True
