"""The evaluation fit: recovers known weights, measures log-loss, reads the same facts the live evaluation weighs,
samples reproducibly, and `python -m game fit-evaluation` reports it."""

from __future__ import annotations

import json
import math
import random

import pytest

from game.ai.fit_models import evaluation_model
from game.ai.fitting import Position, fit, fit_report, held_out, log_loss, sample_positions
from game.ai.registry import make_bot
from game.cli import main
from game.core.errors import GameError
from game.core.registry import new_game


def _synthetic(weights: tuple[float, ...], seats: int, count: int, seed: int) -> list[Position]:
    """Positions whose winners are drawn from the softmax of the given weights."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        facts = tuple(tuple(rng.gauss(0, 1) for _ in weights) for _ in range(seats))
        scores = [math.exp(sum(w * x for w, x in zip(weights, seat))) for seat in facts]
        winner = rng.choices(range(seats), weights=scores)[0]
        out.append(Position(k, facts, winner))
    return out


@pytest.mark.parametrize("seats", [2, 4])
def test_the_fit_recovers_the_weights_that_drew_the_winners(seats: int) -> None:
    """Maximum likelihood finds the weights of the softmax the winners came from, and predicts them better than
    no weights (a coin) or the true weights halved."""
    truth = (1.2, -0.5, 0.3)
    positions = _synthetic(truth, seats, 3000, seats)
    fitted = fit(positions)
    assert all(abs(f - t) < 0.15 for f, t in zip(fitted, truth)), fitted
    assert log_loss(positions, (0.0, 0.0, 0.0)) == pytest.approx(math.log(seats))
    assert log_loss(positions, fitted) < log_loss(positions, [t / 2 for t in truth]) < math.log(seats)


def test_log_loss_is_the_mean_negative_log_likelihood_of_the_winners() -> None:
    """Two positions worked by hand."""
    positions = [Position(1, ((1.0,), (0.0,)), 0), Position(2, ((0.0,), (2.0,), (0.0,)), 2)]
    first = -math.log(math.e / (math.e + 1))
    second = -math.log(1 / (2 + math.exp(2)))
    assert log_loss(positions, (1.0,)) == pytest.approx((first + second) / 2)
    with pytest.raises(GameError):
        log_loss([], (1.0,))


@pytest.mark.parametrize("variant,players", [("catan-base", 4), ("catan-base", 3), ("catan-2p", 2),
                                             ("rivals-intro", 2), ("rivals-gold", 2), ("rivals-turmoil", 2),
                                             ("rivals-progress", 2), ("rivals-duel", 2)])
def test_the_models_facts_and_weights_give_the_live_evaluation(variant: str, players: int) -> None:
    """The softmax of the weights in use over the facts the fit reads is what the Hard search's evaluation says,
    in every kind of position along a Normal game: the fit measures the evaluation that is played."""
    from game.ai.search import family_search

    game = new_game(variant, players, 11)
    model = evaluation_model(variant, players)
    evaluate = family_search(game.variant.family).evaluate
    bots = [make_bot("normal", game.variant.family) for _ in range(players)]
    rng = random.Random(11)
    checked = 0
    for step in range(240):
        if game.is_over():
            break
        if step % 20 == 0:
            scores = [sum(w * x for w, x in zip(model.weights_in_use, seat)) for seat in model.facts(game)]
            shares = [math.exp(x - max(scores)) for x in scores]
            for p in range(players):
                assert evaluate(game, p) == pytest.approx(shares[p] / sum(shares), abs=1e-9)
            checked += 1
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
    assert checked >= 5
    assert len(model.names) == len(model.weights_in_use) == len(model.facts(game)[0])


def test_sampling_is_reproducible_and_holds_out_every_fifth_seed() -> None:
    """The same seeds give the same positions; the held-out games are those whose seed is a multiple of five;
    positions are sampled at the model's share and name the winner of their game."""
    model = evaluation_model("rivals-intro", 2)
    first = sample_positions("rivals-intro", 2, 6, 40, model)
    again = sample_positions("rivals-intro", 2, 6, 40, model)
    assert first == again and first
    assert {p.game_seed for p in first} <= set(range(40, 46))
    assert [held_out(p) for p in first] == [p.game_seed % 5 == 0 for p in first]
    for seed in {p.game_seed for p in first}:
        winners = {p.winner for p in first if p.game_seed == seed}
        assert len(winners) == 1
    report = fit_report(first, model)
    assert report.positions == len(first) and report.games == len({p.game_seed for p in first})
    assert report.coin == pytest.approx(math.log(2))
    with pytest.raises(GameError, match="too few games"):
        fit_report([p for p in first if not held_out(p)], model)


def test_fit_evaluation_command_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    """The command's JSON holds sizes, the held-out log-loss of the weights in use and fitted, and the constants as
    the code writes them; a family without a fitted evaluation is refused with a clear error."""
    assert main(["fit-evaluation", "--variant", "rivals-intro", "--games", "6", "--seed", "40", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] >= 1 and out["positions"] >= out["held_out_positions"] > 0
    assert len(out["weights"]) == len(out["names"]) == len(out["weights_in_use"]) == 13
    assert out["constants"].startswith("Weighing(worth=")
    assert main(["fit-evaluation", "--variant", "rivals-intro", "--games", "6", "--seed", "40"]) == 0
    text = capsys.readouterr().out
    assert "held-out log-loss" in text and "as the code writes it: Weighing(" in text
    assert main(["fit-evaluation", "--variant", "catan-cards", "--players", "3", "--games", "6"]) == 0
    assert "SOFTMAX_POINTS = " in capsys.readouterr().out
