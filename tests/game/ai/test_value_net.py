"""The learned win-chance network: chances are a distribution over the seats, the gradient is right, training
learns a planted rule, calibration is measured, the weights file refuses damage, and `game train` resumes."""

from __future__ import annotations

import json
import os
from typing import Any
from pathlib import Path

import numpy as np
import pytest

from game.ai.train import TrainPlan, collect, fit_shards, play_shard
from game.ai.value_features import CATAN_NAMES, catan_features, feature_reader
from game.ai.value_net import (
    ValueNet, _gradients, calibration, load_net, log_loss, new_net, save_net, softmax, train,
)
from game.catan.constants import VICTORY_POINT
from game.core.errors import GameError
from game.core.registry import get_variant


def planted(n: int, seats: int, facts: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Positions in which the seat with the largest first fact wins."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, seats, facts))
    return x, x[:, :, 0].argmax(axis=1)


def test_chances_are_a_distribution_over_the_seats() -> None:
    net = new_net(("a", "b", "c"), 8, 1)
    x, _ = planted(50, 4, 3, 2)
    p = net.chances(x)
    assert p.shape == (50, 4) and np.allclose(p.sum(axis=1), 1) and (p > 0).all()
    assert np.allclose(softmax(np.array([[1000.0, 1000.0]])), 0.5)  # stable for large scores


def test_the_gradient_matches_finite_differences() -> None:
    net = new_net(("a", "b"), 5, 3)
    x, winners = planted(20, 3, 2, 4)
    params = [net.w1.copy(), net.b1.copy(), net.w2.copy()]
    grads = _gradients(params, x, winners, 0.0)
    eps = 1e-6
    for k in range(3):
        flat = params[k].reshape(-1)
        for i in range(0, flat.size, 3):
            old = flat[i]
            flat[i] = old + eps
            up = log_loss(ValueNet(net.names, *params), x, winners)
            flat[i] = old - eps
            down = log_loss(ValueNet(net.names, *params), x, winners)
            flat[i] = old
            assert grads[k].reshape(-1)[i] == pytest.approx((up - down) / (2 * eps), abs=1e-6)


def test_training_learns_a_planted_rule_and_is_calibrated() -> None:
    x, winners = planted(3000, 4, 3, 5)
    test_x, test_w = planted(1000, 4, 3, 6)
    net = new_net(("a", "b", "c"), 16, 7)
    before = log_loss(net, test_x, test_w)
    trained = train(net, x, winners, epochs=40, seed=8)
    after = log_loss(trained, test_x, test_w)
    assert after < 0.6 * before and after < 0.6 * np.log(4)
    error, bins = calibration(trained, test_x, test_w)
    assert error < 0.05 and sum(count for _, _, count in bins) == 4000


def test_the_weights_file_round_trips_and_refuses_damage(tmp_path: Path) -> None:
    net = new_net(("a", "b"), 4, 9)
    path = tmp_path / "w.json"
    save_net(net, path, {"seed": 9})
    if os.name == "posix":
        assert path.stat().st_mode & 0o777 == 0o644, "a weights file is made to be shipped: readable by all"
    loaded, meta = load_net(path)
    assert meta == {"seed": 9} and loaded.names == ("a", "b") and np.allclose(loaded.w1, net.w1)
    data = json.loads(path.read_text())
    data["payload"]["w2"][0] += 1.0
    path.write_text(json.dumps(data))
    with pytest.raises(GameError, match="checksum"):
        load_net(path)
    for text, problem in (("{}", "not a"), ("[1, 2", "JSON|json|cannot"),
                          (json.dumps({"format": "catan-table-value-net", "version": 99}), "version")):
        path.write_text(text)
        with pytest.raises(GameError, match=problem):
            load_net(path)
    with pytest.raises(GameError):
        load_net(tmp_path / "missing.json")


def test_catan_features_read_only_what_every_seat_may_know() -> None:
    variant = get_variant("catan-base")
    game = variant.new_game(variant.default_seats(4), 3)
    rows = catan_features(game)
    assert len(rows) == 4 and all(len(r) == len(CATAN_NAMES) for r in rows)
    hidden = game.clone()
    hidden.state.dev_hand[1][VICTORY_POINT] += 1   # a hidden victory point card: the public points stay
    assert catan_features(hidden)[1][0] == rows[1][0] and hidden.total_vp(1) == game.total_vp(1) + 1
    assert feature_reader("rivals-gold", 2)[0]
    names, read = feature_reader("catan-cards", 4)
    cards = get_variant("catan-cards").new_game(get_variant("catan-cards").default_seats(4), 3)
    assert all(len(row) == len(names) for row in read(cards)) and len(read(cards)) == 4


def test_the_two_player_network_also_reads_each_seats_trade_cards() -> None:
    from game.ai.value_features import TWO_PLAYER_NAMES

    variant = get_variant("catan-2p")
    game = variant.new_game(variant.default_seats(2), 3)
    names, read = feature_reader("catan-2p", 2)
    assert names == TWO_PLAYER_NAMES and names[:len(CATAN_NAMES)] == CATAN_NAMES and names[-1] == "trade cards"
    rows = read(game)
    assert [row[:-1] for row in rows] == list(catan_features(game))
    assert [row[-1] for row in rows] == [4 / 7, 4 / 7]  # four trade cards each at the start, seven at most
    richer = game.clone()
    richer.state.extra["trade_cards"] = (6, 1)
    assert [row[-1] for row in read(richer)] == [6 / 7, 1 / 7]


def test_shards_resume_and_the_fit_reports_against_coin_and_today(tmp_path: Path) -> None:
    plan = TrainPlan("catan-base", 3, 30, 500, hidden=8, epochs=3)
    shards = collect(plan, tmp_path, resume=False, workers=1)
    assert [s["first_seed"] for s in shards] == [500, 525] and all(s["games"] for s in shards)
    folder = plan.folder(tmp_path)
    first = folder / "shard-500.json"
    stamp = first.stat().st_mtime_ns
    (folder / "shard-525.json").write_text("damaged")
    again = collect(plan, tmp_path, resume=True, workers=1)
    assert first.stat().st_mtime_ns == stamp           # kept, not played again
    assert again[1]["winners"] == shards[1]["winners"]  # the damaged one is played again, the same way
    net, report = fit_shards(plan, again)
    assert report.positions == len(again[0]["winners"]) + len(again[1]["winners"])
    assert report.coin == pytest.approx(np.log(3)) and report.network > 0 and report.evaluation > 0
    assert net.names == CATAN_NAMES
    assert play_shard("catan-base", 3, 500, 2)["game_seeds"][:1] == shards[0]["game_seeds"][:1]


def test_a_tiny_training_run_is_deterministic_for_a_seed_and_lowers_the_loss(tmp_path: Path) -> None:
    plan = TrainPlan("catan-base", 4, 20, 700, hidden=6, epochs=4)
    shards = collect(plan, tmp_path / "a", resume=False, workers=1)
    again = collect(plan, tmp_path / "b", resume=False, workers=1)
    assert shards == again
    net, report = fit_shards(plan, shards)
    net2, report2 = fit_shards(plan, again)
    assert np.array_equal(net.w1, net2.w1) and report == report2
    untrained = new_net(CATAN_NAMES, 6, 700)
    features = np.asarray([f for s in shards for f in s["features"]], dtype=float)
    winners = np.asarray([w for s in shards for w in s["winners"]], dtype=int)
    assert log_loss(net, features, winners) < log_loss(untrained, features, winners)


def test_soft_targets_train_towards_the_given_chances() -> None:
    x, _ = planted(400, 3, 2, 12)
    targets = np.tile([0.6, 0.3, 0.1], (400, 1))
    x[:, :, 1] = [1.0, 0.0, -1.0]  # the second fact tells the seats apart
    trained = train(new_net(("a", "b"), 4, 13), x, targets, epochs=60, seed=14)
    assert np.allclose(trained.chances(x).mean(axis=0), [0.6, 0.3, 0.1], atol=0.05)


def test_the_variants_options_make_a_plan_of_their_own(tmp_path: Path) -> None:
    plain = TrainPlan("catan-base", 4, 25, 800)
    variable = TrainPlan("catan-base", 4, 25, 800, options=(("board", "variable"),))
    assert plain.folder(tmp_path) != variable.folder(tmp_path)
    shard = play_shard("catan-base", 4, 800, 2, (("board", "variable"),))
    assert shard["options"] == [["board", "variable"]]
    plain_shard = play_shard("catan-base", 4, 800, 2)
    assert shard["features"] != plain_shard["features"]  # another board


def test_a_round_of_expert_iteration_plays_the_search_and_mixes_its_chances_in(tmp_path: Path, monkeypatch: Any) -> None:
    import game.ai.expectimax as X
    from game.ai.train import SEARCH_SHARE, iterate

    small = X.ExpectimaxSettings(worlds=1, candidates=2, ranked=6, line_actions=20)
    monkeypatch.setattr(X, "ExpectimaxSettings", lambda: small)
    plan = TrainPlan("catan-base", 3, 25, 900, hidden=6, epochs=2, iterations=1, iteration_games=1)
    assert plan.iteration_plan(1).seed == 925 and 925 % 5 == 0  # the round's one game is held out
    shards = collect(plan, tmp_path, resume=False, workers=1)
    net, _ = fit_shards(plan, shards)
    seen: list[Any] = []
    after, report = iterate(plan, net, tmp_path, shards, resume=False, workers=1,
                            report=lambda r, found: seen.append((r, found)))
    assert report is not None and [r for r, _ in seen] == [1] and report.held_out_positions > 0
    round_shard = json.loads(next((plan.folder(tmp_path) / "round-1" / "shards").glob("shard-*.json")).read_text())
    targets = np.asarray(round_shard["targets"])
    assert np.allclose(targets.sum(axis=1), 1)
    winners = np.asarray(round_shard["winners"])
    won = targets[np.arange(len(winners)), winners]
    assert (won >= 1 - SEARCH_SHARE - 1e-9).all() and (won < 1).any()  # the outcome, with the search mixed in
    assert not np.array_equal(after.w1, net.w1)
