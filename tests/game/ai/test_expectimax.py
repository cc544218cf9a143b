"""Hard's expectimax in Catan: the chance outcomes are exact and sum to one, forcing an outcome gives it, the
leaves read the shipped network (or fall back, with one warning line, when it is damaged), the search never reads
what its view hides and leaves the game untouched."""

from __future__ import annotations

import json
import random
import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.ai.catan_expectimax import catan_expectimax, line_over, offer_candidates
from game.ai.expectimax import ExpectimaxSettings
from game.ai.registry import make_bot
from game.ai.search import HardBot
from game.ai.value_features import CATAN_NAMES, catan_features
from game.ai.value_net import new_net, save_net
from game.ai.value_store import WEIGHTS_FOLDER, leaf_values, shipped_net, weights_name, weights_path
from game.catan import actions as A
from game.catan.constants import DEV_CARD_COST
from game.catan.determinize import evaluate
from game.catan.outcomes import outcomes, roll_outcomes
from game.catan.state import MAIN, MOVE_ROBBER, ROLL
from game.core.actions import Action
from game.core.game import Game
from game.core.registry import get_variant
from tests.game.ai.test_easy import _hide_differently, _plain


def _played(seed: int, actions: int, options: dict[str, Any] | None = None) -> Game:
    """A 4-player game after `actions` actions of Normal bots."""
    v = get_variant("catan-base")
    game = v.new_game(v.default_seats(4), seed, options or {})
    bots = [make_bot("normal", "catan") for _ in range(4)]
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over():
            break
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
    return game


def _until(game: Game, test: Any, limit: int = 2000) -> Game:
    bots = [make_bot("normal", "catan") for _ in range(game.num_players)]
    rng = random.Random(3)
    for _ in range(limit):
        if test(game):
            return game
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
    raise AssertionError("the position never came")


def test_the_eleven_sums_are_the_dice_and_sum_to_one() -> None:
    sums = roll_outcomes()
    assert sum(p for p, _ in sums) == 1
    assert [a + b for _, (a, b) in sums] == list(range(2, 13))
    assert dict((a + b, p) for p, (a, b) in sums)[7] == Fraction(6, 36)
    assert dict((a + b, p) for p, (a, b) in sums)[12] == Fraction(1, 36)


def test_forcing_a_roll_outcome_rolls_that_sum() -> None:
    game = _until(_played(4, 0), lambda g: g.state.phase == ROLL and g.state.turn_number > 2)
    action = A.Roll(game.state.current)
    got = []
    for p, prepare in outcomes(game, action):
        copy = game.clone()
        prepare(copy)
        copy.apply(action)
        got.append((p, sum(copy.state.last_roll)))
    assert abs(sum(p for p, _ in got) - 1) < 1e-12
    assert [total for _, total in got] == list(range(2, 13))


def test_a_purchase_draws_each_kind_left_with_its_share() -> None:
    game = _until(_played(6, 0), lambda g: g.state.phase == MAIN and g.state.turn_number > 2)
    s = game.state
    me = s.current
    s.hands[me] = list(DEV_CARD_COST)
    action = A.BuyDevCard(me)
    found = outcomes(game, action)
    deck = list(s.dev_deck)
    assert abs(sum(p for p, _ in found) - 1) < 1e-12
    for p, prepare in found:
        copy = game.clone()
        prepare(copy)
        before = list(copy.state.dev_hand[me])
        copy.apply(action)
        drawn = [k for k in range(5) if copy.state.dev_hand[me][k] > before[k]]
        assert len(drawn) == 1 and p == deck.count(drawn[0]) / len(deck)
    assert game.state.dev_deck == deck  # the outcomes were prepared on copies


def test_a_steal_takes_each_resource_with_its_share() -> None:
    game = _until(_played(8, 0), lambda g: g.state.phase == MOVE_ROBBER)
    thief = game.active_players()[0]
    moves = [a for a in game.legal_actions(thief) if a.victim is not None]
    if not moves:
        pytest.skip("nobody to rob in this position")
    move = moves[0]
    game.state.hands[move.victim] = [2, 0, 1, 0, 1]
    found = outcomes(game, move)
    assert [round(p, 6) for p, _ in found] == [0.5, 0.25, 0.25]
    taken = []
    for _, prepare in found:
        copy = game.clone()
        prepare(copy)
        before = list(copy.state.hands[thief])
        copy.apply(move)
        taken.append([k for k in range(5) if copy.state.hands[thief][k] > before[k]])
    assert taken == [[0], [2], [4]]


def test_an_action_without_chance_has_one_sure_outcome() -> None:
    game = _until(_played(4, 0), lambda g: g.state.phase == MAIN)
    assert outcomes(game, A.EndTurn(game.state.current)) == [(1.0, None)]


def test_the_numpy_leaves_equal_a_plain_python_reference() -> None:
    net = new_net(CATAN_NAMES, 6, 11)
    games = [_played(seed, 150) for seed in (1, 2, 3)]
    batch = np.asarray([catan_features(g) for g in games], dtype=float)
    got = net.chances(batch)
    for g, row in zip(games, got):
        scores = []
        for facts in catan_features(g):
            hidden = [np.tanh(sum(f * net.w1[i][h] for i, f in enumerate(facts)) + net.b1[h]) for h in range(6)]
            scores.append(sum(x * w for x, w in zip(hidden, net.w2)))
        top = max(scores)
        e = [np.exp(x - top) for x in scores]
        assert np.allclose(row, [x / sum(e) for x in e])


def test_the_shipped_networks_load_and_read_this_programs_facts(capsys: Any) -> None:
    from game.ai.value_features import feature_reader
    from game.ai.value_store import SHIPPED

    games = {"catan-2p": ("catan-2p", 2, {}), "catan-3p": ("catan-base", 3, {}), "catan-4p": ("catan-base", 4, {}),
             "catan-4p-variable": ("catan-base", 4, {"board": "variable"}),
             **{f"cards-{n}p": ("catan-cards", n, {}) for n in range(2, 7)}}
    assert set(games) == SHIPPED
    shipped_net.cache_clear()
    for name, (variant, players, options) in games.items():
        assert weights_name(variant, players, options) == name
        leaves = leaf_values(variant, players, evaluate, options=options)
        assert leaves.source == "network" and leaves.net is not None, (variant, players)
        assert leaves.net.names == feature_reader(variant, players)[0]
        game = _played(5, 200) if (variant, players) == ("catan-base", 4) else None
        if game is not None:
            values = leaves.values([game], 0) + leaves.values([game], 1)
            assert all(0 < v < 1 for v in values)
    assert "warning" not in capsys.readouterr().err
    assert weights_path("catan", 4).stat().st_size <= 5_000_000
    assert (WEIGHTS_FOLDER / "catan-4p-variable.json").stat().st_size <= 5_000_000


def test_a_board_with_a_network_of_its_own_is_scored_by_it() -> None:
    """Four players on a variable board read catan-4p-variable; the beginner board, another player count or a
    game without a board option read the player count's network; the search's leaves follow the world's board."""
    assert weights_name("catan-base", 4, {"board": "variable"}) == "catan-4p-variable"
    assert weights_name("catan-base", 4, {"board": "beginner"}) == weights_name("catan-base", 4) == "catan-4p"
    assert weights_name("catan-base", 3, {"board": "variable"}) == "catan-3p"
    assert weights_name("catan-cards", 4, {"board": "variable"}) == "cards-4p"
    variable = _played(5, 200, {"board": "variable"})
    beginner = _played(5, 200)
    hard = HardBot("catan", iterations=20)
    by_board = leaf_values("catan-base", 4, evaluate, options={"board": "variable"})
    by_count = leaf_values("catan-base", 4, evaluate)
    assert by_board.net is not by_count.net and by_board.source == by_count.source == "network"
    assert hard.leaf_scores([variable], 1) == by_board.values([variable], 1) != by_count.values([variable], 1)
    assert hard.leaf_scores([beginner], 1) == by_count.values([beginner], 1)


def test_a_damaged_weights_file_falls_back_with_one_warning_line(tmp_path: Path, capsys: Any) -> None:
    shutil.copy(weights_path("catan", 4), tmp_path / "catan-4p.json")
    data = json.loads((tmp_path / "catan-4p.json").read_text())
    data["payload"]["w2"][0] += 1.0  # one weight changed: the checksum no longer matches
    (tmp_path / "catan-4p.json").write_text(json.dumps(data))
    shipped_net.cache_clear()
    first = leaf_values("catan-base", 4, evaluate, tmp_path)
    again = leaf_values("catan-base", 4, evaluate, tmp_path)
    err = capsys.readouterr().err
    assert first.source == again.source == "fitted" and first.net is None
    assert err.count("\n") == 1 and "checksum" in err and "fitted evaluation" in err
    game = _played(5, 200)
    assert first.values([game], 2) == [evaluate(game, 2)]
    missing = leaf_values("catan-base", 4, evaluate, tmp_path / "nowhere")
    assert missing.source == "fitted" and "warning" in capsys.readouterr().err
    shipped_net.cache_clear()
    assert leaf_values("catan-base", 4, evaluate, WEIGHTS_FOLDER).source == "network"


def test_a_network_for_other_facts_is_refused(tmp_path: Path, capsys: Any) -> None:
    save_net(new_net(("x", "y"), 3, 1), tmp_path / "catan-4p.json", {})
    shipped_net.cache_clear()
    assert leaf_values("catan-base", 4, evaluate, tmp_path).source == "fitted"
    assert "other facts" in capsys.readouterr().err
    shipped_net.cache_clear()


def test_lines_end_at_the_next_seats_roll() -> None:
    game = _until(_played(4, 0), lambda g: g.state.phase == ROLL and g.state.turn_number > 3)
    turn = game.state.turn_number
    assert line_over(game, turn - 1, False) and not line_over(game, turn, False) and line_over(game, turn, True)
    game.apply(A.Roll(game.state.current))
    assert not line_over(game, turn - 1, False)  # no roll is next


SMALL = ExpectimaxSettings(worlds=2, candidates=3, ranked=12, line_actions=30)


def test_the_search_leaves_the_game_untouched_and_is_deterministic() -> None:
    game = _until(_played(12, 0), lambda g: g.state.phase == MAIN and g.state.turn_number > 8
                  and len(g.legal_actions(g.state.current)) > 3)
    me = game.state.current
    before = json.dumps(_plain(game.view(me)), sort_keys=True, default=str)
    legal = game.legal_actions(me)
    first = catan_expectimax(settings=SMALL).choose(game.view(me), legal, random.Random(5))
    second = catan_expectimax(settings=SMALL).choose(game.view(me), legal, random.Random(5))
    assert first == second and first in legal
    assert json.dumps(_plain(game.view(me)), sort_keys=True, default=str) == before


def test_hidden_information_does_not_change_the_decisions() -> None:
    checked = 0
    game = _played(21, 0)
    bots = [make_bot("normal", "catan") for _ in range(4)]
    rng = random.Random(21)
    for step in range(900):
        if game.is_over():
            break
        p = game.active_players()[0]
        view, legal = game.view(p), game.legal_actions(p)
        if step % 37 == 0 and len(legal) > 2:
            twin = _hide_differently(game, p)
            if _plain(twin.view(p)) == _plain(view) and twin.legal_actions(p) == legal:
                ours = [catan_expectimax(settings=SMALL).choose(view, legal, random.Random(k)) for k in range(2)]
                theirs = [catan_expectimax(settings=SMALL).choose(twin.view(p), legal, random.Random(k))
                          for k in range(2)]
                assert ours == theirs
                checked += 1
        game.apply(bots[p].choose(view, legal, rng))
    assert checked >= 4


def test_offers_searched_help_the_goal_and_are_open_one_for_one() -> None:
    game = _until(_played(14, 0), lambda g: g.state.phase == MAIN and g.state.turn_number > 6
                  and any(isinstance(a, A.OfferTrade) for a in g.legal_actions(g.state.current)))
    me = game.state.current
    found: list[Action] = offer_candidates(game.view(me), game.legal_actions(me))
    assert len(found) <= 2
    assert all(isinstance(a, A.OfferTrade) and sum(a.give) == 1 and sum(a.get) == 1 and not a.to for a in found)


def test_registry_hard_picks_its_search_by_game_and_names_each_on_request(monkeypatch: Any) -> None:
    from game.ai import hard as H
    from game.ai.expectimax import ExpectimaxBot
    from game.ai.search import HardBot

    four, two = _played(3, 10), get_variant("catan-2p")
    duo = two.new_game(two.default_seats(2), 3)
    hard = make_bot("hard", "catan")
    assert isinstance(hard, H.HardLevel)
    expected = ExpectimaxBot if ("catan", 4) in H.EXPECTIMAX_GAMES else HardBot
    assert isinstance(hard.engine(four.view(0)), expected)
    monkeypatch.setattr(H, "EXPECTIMAX_GAMES", frozenset({("catan", 4)}))
    hard = make_bot("hard", "catan")
    assert isinstance(hard.engine(four.view(0)), ExpectimaxBot)
    assert isinstance(hard.engine(duo.view(0)), HardBot)
    assert isinstance(make_bot("hard-expectimax", "catan"), ExpectimaxBot)
    assert isinstance(make_bot("hard-rollout", "catan"), HardBot)
    assert isinstance(make_bot("hard", "rivals"), HardBot)
    assert isinstance(make_bot("hard", "catan", rollouts=10), HardBot)
    hard.think_seconds = 2.0
    assert hard.engine(four.view(0)).think_seconds == 4.0 and hard.engine(duo.view(0)).think_seconds == 2.0
