"""Hard's set-up in Catan: the facts of a finished set-up, the planner that plays the rest of the set-up out and
scores it with the set-up network, its shipped weights and their fallback, and the training run that makes them."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.ai.catan_heuristic import CatanHeuristicBot
from game.ai.catan_hard_policy import CatanHardPolicy
from game.ai.catan_setup import (
    SETUP_NAMES, SETUP_SHIPPED, PlannedSetupPolicy, SetupPlanner, _spots_in_reach, planned, play_out_setup,
    setup_features, setup_over, setup_planner, setup_weights_path,
)
from game.ai.registry import make_bot
from game.ai.search import HardBot
from game.ai.setup_train import fit_setup
from game.ai.train import TrainPlan, collect
from game.ai.value_net import ValueNet, load_net, log_loss, new_net
from game.ai.value_store import WEIGHTS_FOLDER, shipped_net
from game.ai.variety import Variety
from game.catan import actions as A
from game.catan.constants import HARBOR_RESOURCE, PIPS, TERRAIN_RESOURCE
from game.catan.state import NOBODY, SETUP_ROAD, SETUP_SETTLEMENT
from game.core.errors import GameError
from game.core.registry import get_variant
from game.core.saves import state_digest


def setup_game(seed: int = 3, players: int = 4, placements: int = 0,  # type: ignore[no-untyped-def]
               variant_id: str = "catan-base"):
    """A game (catan-base: on a variable board) with `placements` set-up actions made by Normal bots."""
    variant = get_variant(variant_id)
    options = {"board": "variable"} if variant_id == "catan-base" else {}
    game = variant.new_game(variant.default_seats(players), seed, options)
    normal = CatanHeuristicBot()
    rng = random.Random(seed)
    for _ in range(placements):
        p = game.active_players()[0]
        game.apply(normal.choose(game.view(p), game.legal_actions(p), rng))
    return game


def finished_setup(seed: int = 3):  # type: ignore[no-untyped-def]
    game = setup_game(seed)
    play_out_setup(game, [CatanHeuristicBot()] * 4, random.Random(seed))
    return game


def test_a_finished_setup_reads_each_seats_production_harbours_order_and_hand() -> None:
    game = finished_setup()
    assert setup_over(game) and game.state.phase == "roll"
    rows = setup_features(game)
    s, topo = game.state, game.topo
    assert len(rows) == 4 and all(len(r) == len(SETUP_NAMES) for r in rows)
    at = {name: i for i, name in enumerate(SETUP_NAMES)}
    for p, row in enumerate(rows):
        pips = [0] * 5
        for node in range(topo.num_nodes):
            if s.node_owner[node] != p:
                continue
            for h in topo.node_hexes[node]:
                res = TERRAIN_RESOURCE[s.board.terrains[h]]
                if res is not None and s.board.numbers[h] and h != s.robber:
                    pips[res] += PIPS[s.board.numbers[h]]
        assert [row[at[f"pips of resource {r}"]] * 10 for r in range(5)] == pytest.approx(pips)
        assert row[at["pips"]] * 30 == pytest.approx(sum(pips))
        assert row[at["cards in hand"]] * 5 == pytest.approx(sum(s.hands[p]))
        place = (p - s.start_player) % 4
        assert [row[at[f"place {k + 1} in turn order"]] for k in range(4)] == [float(k == place) for k in range(4)]
        harbours = {game.harbor_at(n) for n in range(topo.num_nodes) if s.node_owner[n] == p} - {None}
        assert row[at["3:1 harbour"]] == float(any(HARBOR_RESOURCE[k] is None for k in harbours))
        special = {HARBOR_RESOURCE[k] for k in harbours} - {None}
        assert row[at["any 2:1 harbour"]] == float(bool(special))
        for r in range(5):
            assert (row[at[f"2:1 harbour of resource {r}, weighted by its pips"]] > 0) == (r in special)


def test_spots_in_reach_are_free_settleable_and_at_most_two_free_paths_from_the_seats_network() -> None:
    game = finished_setup(7)
    s, topo = game.state, game.topo
    for p in range(4):
        network = set(game.buildings_of(p)) | {n for e in game.roads_of(p) for n in topo.edges[e]}
        reach = _spots_in_reach(game, p)
        assert reach and all(game.can_settle(z) for z in reach)
        # Independently: spots one or two free (or own) paths from the network, not through another's building.
        expected = set()
        for v in network:
            for e1 in topo.node_edges[v]:
                if s.edge_owner[e1] not in (NOBODY, p):
                    continue
                w = next(n for n in topo.edges[e1] if n != v)
                if w in network:
                    continue
                expected.add(w)
                if s.node_owner[w] not in (NOBODY, p):
                    continue
                for e2 in topo.node_edges[w]:
                    z = next(n for n in topo.edges[e2] if n != w)
                    if s.edge_owner[e2] in (NOBODY, p) and z not in network:
                        expected.add(z)
        assert reach == {z for z in expected if game.can_settle(z)}


def pips_only_net() -> ValueNet:
    """A network whose score grows with a seat's total pips and reads nothing else."""
    w1 = np.zeros((len(SETUP_NAMES), 1))
    w1[SETUP_NAMES.index("pips"), 0] = 1.0
    return ValueNet(SETUP_NAMES, w1, np.zeros(1), np.array([5.0]))


@pytest.mark.parametrize("placements", [0, 1, 5, 6])
def test_the_planner_takes_the_placement_whose_played_out_setup_the_network_values_most(placements: int) -> None:
    game = setup_game(11, placements=placements)
    p = game.active_players()[0]
    legal = game.legal_actions(p)
    before = state_digest(game)
    planner = SetupPlanner(pips_only_net(), candidates=6)
    values = planner.values(game.view(p), legal, random.Random(1))
    assert state_digest(game) == before
    assert values and set(values) <= set(legal)
    kind = A.BuildSettlement if game.state.phase == SETUP_SETTLEMENT else A.BuildRoad
    assert all(isinstance(a, kind) for a in values)
    for action, value in values.items():  # every value is the pips-only chance of the played-out set-up
        copy = game.clone()
        copy.apply(action)
        play_out_setup(copy, [CatanHeuristicBot()] * 4, random.Random(0))
        assert value == pytest.approx(float(pips_only_net().chances(np.asarray([setup_features(copy)]))[0, p]))
    best = max(values, key=lambda a: values[a])
    assert planner.choose(game.view(p), legal, random.Random(1)) == best


def test_settlement_candidates_are_the_spots_normal_values_most() -> None:
    game = setup_game(11)
    p = game.active_players()[0]
    legal = game.legal_actions(p)
    values = SetupPlanner(pips_only_net(), candidates=5).values(game.view(p), legal, random.Random(1))
    from game.ai.catan_situation import Situation

    sit = Situation(game.view(p), {}, 0.0)
    ranked = sorted((a for a in legal if isinstance(a, A.BuildSettlement)),
                    key=lambda a: (-sit.site_value(a.node, setup=True), a.node))
    assert list(values) == ranked[:5]


def test_a_varied_planner_keeps_near_the_best_spot() -> None:
    game = setup_game(12)
    p = game.active_players()[0]
    legal = game.legal_actions(p)
    planner = SetupPlanner(pips_only_net())
    values = planner.values(game.view(p), legal, random.Random(1))
    best = max(values.values())
    picks = {planner.choose(game.view(p), legal, random.Random(k), Variety(0.5)) for k in range(30)}
    assert all(100 * (best - values[a]) <= 1.5 + 1e-9 for a in picks)
    assert planner.choose(game.view(p), legal, random.Random(3)) == max(values, key=lambda a: values[a])


@pytest.mark.parametrize(("variant_id", "players", "placements"),
                         [("catan-2p", 2, 0), ("catan-2p", 2, 1), ("catan-2p", 2, 2), ("catan-base", 4, 2)])
def test_hard_setup_places_by_the_planner_without_a_search_and_hard_searches(variant_id: str, players: int,
                                                                             placements: int) -> None:
    game = setup_game(13, players, placements, variant_id)
    assert game.state.phase in (SETUP_SETTLEMENT, SETUP_ROAD)
    p = game.active_players()[0]
    view, legal = game.view(p), game.legal_actions(p)
    assert planned(view)
    bot = make_bot("hard-setup", "catan", think_seconds=120, rollouts=40)
    choice = bot.choose(view, legal, random.Random(4))
    assert bot.last_iterations == 0
    planner = setup_planner(players)
    assert planner is not None and choice == planner.choose(view, legal, random.Random(4))
    hard = HardBot("catan", think_seconds=120, iterations=40)  # Hard itself searches its set-up
    hard.choose(view, legal, random.Random(4))
    assert hard.last_iterations > 0
    later = setup_game(13, players, 40, variant_id)  # after the set-up, hard-setup plays Hard's policy
    p = later.active_players()[0]
    assert not planned(later.view(p))
    policy, reference = PlannedSetupPolicy(), CatanHardPolicy()
    for step in range(60):
        p = later.active_players()[0]
        view, legal = later.view(p), later.legal_actions(p)
        choice = policy.choose(view, legal, random.Random(step))
        assert choice == reference.choose(view, legal, random.Random(step))
        later.apply(choice)


def test_no_three_player_setup_network_is_shipped_and_the_planner_is_for_catan_only() -> None:
    game = setup_game(13, players=3)
    assert setup_planner(3) is None and not planned(game.view(game.active_players()[0]))
    with pytest.raises(GameError):
        make_bot("hard-setup", "rivals")


@pytest.mark.parametrize(("players", "variant_id"), [(2, "catan-2p"), (4, "catan-base")])
def test_the_shipped_setup_networks_load_and_read_this_programs_facts(players: int, variant_id: str,
                                                                      capsys: Any) -> None:
    shipped_net.cache_clear()
    net, meta = load_net(setup_weights_path(players))
    assert net.names == SETUP_NAMES and meta["setup"] is True and "--setup" in meta["command"]
    assert meta["variant"] == variant_id and meta["players"] == players
    assert setup_planner(players) is not None and "warning" not in capsys.readouterr().err
    assert setup_weights_path(players).stat().st_size <= 5_000_000
    assert {p.name for p in WEIGHTS_FOLDER.glob("catan-setup-*.json")} == {f"catan-setup-{n}p.json"
                                                                         for n in SETUP_SHIPPED}


def test_a_damaged_setup_network_falls_back_to_normals_setup_with_one_warning(tmp_path: Path, capsys: Any) -> None:
    shutil.copy(setup_weights_path(2), setup_weights_path(2, tmp_path))
    data = json.loads(setup_weights_path(2, tmp_path).read_text())
    data["payload"]["b1"][0] += 1.0
    setup_weights_path(2, tmp_path).write_text(json.dumps(data))
    shipped_net.cache_clear()
    assert setup_planner(2, tmp_path) is None and setup_planner(2, tmp_path) is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "checksum" in err and "Normal's set-up" in err
    shipped_net.cache_clear()
    assert setup_planner(2, WEIGHTS_FOLDER) is not None


def test_a_tiny_setup_training_run_resumes_is_deterministic_and_lowers_the_loss(tmp_path: Path) -> None:
    plan = TrainPlan("catan-base", 4, 30, 900, hidden=4, epochs=30, options=(("board", "variable"),), setup=True)
    shards = collect(plan, tmp_path / "a", resume=False, workers=1)
    assert plan.folder(tmp_path / "a").name.endswith("-setup-seed900")
    assert all(s["setup"] for s in shards) and sum(len(s["winners"]) for s in shards) >= 25
    again = collect(plan, tmp_path / "b", resume=False, workers=1)
    assert shards == again
    net, report = fit_setup(shards, 4, 4, 30, 900)
    net2, report2 = fit_setup(again, 4, 4, 30, 900)
    assert np.array_equal(net.w1, net2.w1) and report == report2
    features = np.asarray([f for s in shards for f in s["features"]], dtype=float)
    winners = np.asarray([w for s in shards for w in s["winners"]], dtype=int)
    assert features.shape[1:] == (4, len(SETUP_NAMES))
    assert log_loss(net, features, winners) < log_loss(new_net(SETUP_NAMES, 4, 900), features, winners)
    # A set-up shard is not taken for a win-chance shard of the same games, nor the other way round.
    plain = TrainPlan("catan-base", 4, 30, 900, options=(("board", "variable"),))
    assert plain.folder(tmp_path) != plan.folder(tmp_path)
