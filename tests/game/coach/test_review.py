"""The coach: win chances from a seat's view read nothing the view hides, a review is the same for a seed, its
luck and decision terms add up to each seat's swing, labels follow the thresholds, and `game review` runs on saves
of every family."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.ai.registry import make_bot
from game.cli import main
from game.coach.chances import from_game, from_view
from game.coach.review import THRESHOLDS, label_of, review_game
from game.core.errors import GameError
from game.core.game import Game
from game.core.registry import get_variant
from game.core.saves import save_game
from game.core.seats import Seat
from tests.game.ai.test_easy import _hide_differently, _plain

FAMILIES = [("catan-base", 4), ("catan-2p", 2), ("rivals-intro", 2), ("rivals-duel", 2), ("catan-cards", 3)]


def _recorded(variant_id: str, players: int, seed: int, actions: int, options: dict[str, Any] | None = None) -> Game:
    """A game whose first seat is a person, after `actions` actions of Normal bots."""
    v = get_variant(variant_id)
    seats = tuple(Seat(s.name, s.color, "human" if i == 0 else "normal") for i, s in enumerate(v.default_seats(players)))
    game = v.new_game(seats, seed, dict(options or {}))
    bots = [make_bot("normal", v.family) for _ in range(players)]
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over():
            break
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
    return game


@pytest.mark.parametrize("variant,players", FAMILIES)
def test_the_live_estimate_reads_only_the_seats_view(variant: str, players: int) -> None:
    game = _recorded(variant, players, 11, 90)
    checked = 0
    for seat in range(players):
        twin = _hide_differently(game, seat)
        if _plain(twin.view(seat)) != _plain(game.view(seat)):
            continue
        ours = from_view(game.view(seat), random.Random(3), worlds=4)
        theirs = from_view(twin.view(seat), random.Random(3), worlds=4)
        assert ours == theirs and not ours.reads_hidden
        assert abs(sum(ours.chances) - 1) < 1e-9 and all(s >= 0 for s in ours.spread)
        checked += 1
    assert checked
    assert from_game(game).reads_hidden


@pytest.mark.parametrize("variant,players", FAMILIES)
def test_luck_and_decisions_add_up_to_each_seats_swing(variant: str, players: int) -> None:
    review = review_game(_recorded(variant, players, 12, 70), worlds=1)
    assert len(review.steps) == 70 or review.winner is not None
    for split in review.splits:
        assert split.decisions + split.others + split.luck == pytest.approx(split.total, abs=1e-9)
    series = review.series()
    assert all(abs(sum(row) - 1) < 1e-6 for row in series)
    assert all(j.seat == 0 for j in review.judgements) and review.judgements
    assert all(j.label == label_of(j.lost) and j.lost >= 0 for j in review.judgements)


def test_a_review_is_the_same_for_a_seed_and_can_be_cancelled() -> None:
    game = _recorded("catan-base", 4, 13, 120)
    first = review_game(game, worlds=1, seed=4)
    again = review_game(game, worlds=1, seed=4)
    assert first.to_json() == again.to_json()
    with pytest.raises(GameError, match="cancelled"):
        review_game(game, worlds=1, progress=lambda done, total: done < 10)


def test_labels_follow_the_thresholds() -> None:
    assert [name for name, _ in THRESHOLDS] == ["good", "inaccuracy", "mistake"]
    assert label_of(0.0) == "good" and label_of(0.0199) == "good" and label_of(0.02) == "inaccuracy"
    assert label_of(0.05) == "mistake" and label_of(0.0999) == "mistake" and label_of(0.10) == "blunder"


@pytest.mark.parametrize("variant,players", FAMILIES)
def test_the_review_command_runs_on_saves_of_every_family(variant: str, players: int, tmp_path: Path,
                                                          capsys: Any) -> None:
    path = tmp_path / "game.json"
    save_game(_recorded(variant, players, 14, 60), path)
    before = path.read_bytes()
    assert main(["review", str(path), "--json", "--rollouts", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == variant and len(out["steps"]) == 60 and out["reads_hidden"] is True
    assert out["reviewed_seats"] == [0] and set(out["thresholds"]) == {"good", "inaccuracy", "mistake", "blunder"}
    assert main(["review", str(path), "--lang", "cs", "--rollouts", "1"]) == 0
    text = capsys.readouterr().out
    assert "Šance na výhru" in text and "náhoda" in text
    assert path.read_bytes() == before  # the save itself is never touched


def test_a_kept_review_is_reused_a_damaged_one_rebuilt_and_a_cancelled_one_never_kept(tmp_path: Path) -> None:
    from game.coach.cache import cache_path, cached_review, review_save

    path = tmp_path / "game.json"
    save_game(_recorded("rivals-intro", 2, 15, 40), path)
    saved = path.read_bytes()
    with pytest.raises(GameError, match="cancelled"):
        review_save(path, progress=lambda done, total: done < 5)
    assert not cache_path(path).exists()  # no partial cache
    first, kept = review_save(path)
    assert not kept and cache_path(path).exists() and path.read_bytes() == saved
    again, kept = review_save(path)
    assert kept and again.to_json() == first.to_json() and cached_review(path) is not None
    cache_path(path).write_text("{ damaged")
    rebuilt, kept = review_save(path)
    assert not kept and rebuilt.to_json() == first.to_json()
    save_game(_recorded("rivals-intro", 2, 15, 50), path)  # the save changed: the kept review is stale
    assert cached_review(path) is None
    assert path.name == "game.json" and cache_path(path).name.startswith(".")  # Load's list skips hidden files


def test_the_estimates_quality_is_measured_against_a_coin_and_the_fitted_evaluation(capsys: Any) -> None:
    from game.coach.quality import measure

    quality = measure("catan-base", 3, 6, 700100, worlds=2)
    assert quality.positions > 20 and quality.games == 6 and quality.method == "network"
    assert quality.coin == pytest.approx(np.log(3))
    assert 0 < quality.estimate < 5 and 0 < quality.fitted < 5 and 0 <= quality.calibration_error <= 1
    assert sum(count for _, _, count in quality.bins) == 3 * quality.positions
    assert main(["coach-quality", "--variant", "rivals-intro", "--games", "3", "--seed", "700200", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["method"] == "fitted-lookahead" and out["estimate"] != pytest.approx(out["fitted"])  # a turn on


def test_rivals_positions_are_scored_now_and_a_turn_on() -> None:
    """Rivals' estimate combines its fitted evaluation now and after Normal played one more turn (the position
    itself is not touched); the same batch scores the same twice; a judge compares candidates with the plain
    evaluation; a finished game is its result."""
    from game.ai.rivals_search import RivalsEvaluator
    from game.coach.hooks import RIVALS_LOOKAHEAD, RIVALS_STACK, _by_seat, _play_on, coach_hooks

    game = _recorded("rivals-intro", 2, 21, 40)
    hooks = coach_hooks("rivals", "rivals-intro", 2)
    digest, turn = json.dumps(game.state_json(), sort_keys=True), game.turn_number()
    first = hooks.chances([game, game])
    assert json.dumps(game.state_json(), sort_keys=True) == digest
    assert np.array_equal(first, hooks.chances([game, game]))
    later = _play_on(game, "rivals", RIVALS_LOOKAHEAD, 0)
    assert later.turn_number() == turn + RIVALS_LOOKAHEAD or later.is_over()
    plain = _by_seat(RivalsEvaluator())
    a, b, c = RIVALS_STACK
    logit = lambda p: np.log(p / (1 - p))  # noqa: E731
    z = a * logit(plain([later])[0][0]) + b * logit(plain([game])[0][0]) + c * (1 if game.state.current == 0 else -1)
    assert first[0][0] == pytest.approx(1 / (1 + np.exp(-z))) and first[0].sum() == pytest.approx(1.0)
    judging = hooks.for_judging()
    assert judging.quick is None and np.allclose(judging.chances([game]), plain([game]))
    assert hooks.live_worlds == 1
    done = _recorded("rivals-intro", 2, 21, 5000)
    assert done.is_over() and hooks.chances([done])[0][done.winner()] == 1.0


def test_the_review_holds_the_luck_meter_where_the_game_has_dice() -> None:
    catan = review_game(_recorded("catan-base", 4, 16, 80), worlds=1).to_json()
    assert catan["luck"] is not None
    cards = review_game(_recorded("catan-cards", 3, 16, 40), worlds=1).to_json()
    assert cards["luck"] is None


def test_blunders_are_checked_by_paired_playouts() -> None:
    from game.coach.quality import check_blunders

    check = check_blunders("catan-cards", 3, 710100, count=1, playouts=2, max_games=2)
    assert check.games_reviewed >= 1 and check.playouts == 2
    assert 0 <= check.confirmed <= check.blunders <= 1 and -1 <= check.mean_gain <= 1


def test_the_help_a_game_was_played_with_is_saved_and_shown_by_the_review(tmp_path: Path, capsys: Any) -> None:
    from game.core.assists import hints_used, note_hint, note_win_bar
    from game.core.saves import load_game

    game = _recorded("catan-base", 4, 17, 50)
    copy = game.clone()
    note_hint(game, 0)
    note_hint(game, 0)
    note_win_bar(game)
    assert hints_used(game, 0) == 2 and hints_used(copy, 0) == 0  # copies never share the count
    path = tmp_path / "helped.json"
    save_game(game, path)
    loaded = load_game(path)
    assert hints_used(loaded, 0) == 2 and loaded.assists["win_bar"] is True
    assert main(["review", str(path), "--rollouts", "1", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "win-chance bar on" in text and "2 times" in text
    data = json.loads(path.read_text())
    data["assists"] = {"hints": {"9": 1}}
    path.write_text(json.dumps(data))
    with pytest.raises(GameError, match="assists"):
        load_game(path)


def test_a_blunder_is_a_loss_the_playouts_are_sure_of() -> None:
    from game.coach.chances import hooks_for
    from game.coach.review import verified_loss

    game = _recorded("catan-base", 4, 18, 120)
    seat = game.active_players()[0]
    legal = game.legal_actions(seat)
    hooks = hooks_for(game)
    assert verified_loss(game, seat, legal[0], legal[0], hooks, random.Random(1), playouts=4) == 0.0
    for other in legal[1:3]:
        assert 0.0 <= verified_loss(game, seat, legal[0], other, hooks, random.Random(1), playouts=4) <= 1.0


def test_a_game_of_ais_only_has_every_seat_judged() -> None:
    """With nobody at the table the review judges every seat (a watched match, a designer's game); with people,
    their seats."""
    from game.coach.review import default_seats

    v = get_variant("catan-cards")
    game = v.new_game(v.default_seats(3, ["normal"] * 3), 4, {})
    assert default_seats(game) == (0, 1, 2)
    bots = [make_bot("normal", v.family) for _ in range(3)]
    rng = random.Random(4)
    for _ in range(40):
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
    review = review_game(game, worlds=1)
    assert review.reviewed == (0, 1, 2) and {j.seat for j in review.judgements} == {0, 1, 2}
    assert default_seats(_recorded("catan-cards", 3, 4, 0)) == (0,)


def test_every_scoring_method_has_its_words() -> None:
    """The review names how its chances were scored, in both languages, for every method a family's hooks give."""
    from game.coach.hooks import coach_hooks, method_key
    from game.core.i18n import Translator

    methods = {coach_hooks(f, v, n).method for f, v, n in (("catan", "catan-base", 4), ("rivals", "rivals-intro", 2),
                                                           ("cards", "catan-cards", 4))}
    assert methods == {"network", "fitted-lookahead"}
    for lang in ("cs", "en"):
        t = Translator(lang)
        for method in methods | {"fitted"}:
            for prefix in ("review.cli.method.", "review.screen.method."):
                assert t.has(method_key(prefix, method))
    assert method_key("x.", "fitted-lookahead") == "x.lookahead" and method_key("x.", "fitted") == "x.fitted"


def test_the_coach_scores_a_variable_board_by_its_own_network() -> None:
    """Four players on a variable board: the coach's chances come from catan-4p-variable, as Hard's leaves do; from
    the game and from a seat's view alike."""
    from game.ai.value_store import leaf_values
    from game.catan.determinize import evaluate
    from game.coach.chances import hooks_for

    game = _recorded("catan-base", 4, 18, 120, {"board": "variable"})
    board = leaf_values("catan-base", 4, evaluate, options={"board": "variable"})
    count = leaf_values("catan-base", 4, evaluate)
    assert np.allclose(hooks_for(game).chances([game]), board.chances([game]))
    assert np.allclose(hooks_for(game.view(0)).chances([game]), board.chances([game]))
    assert not np.allclose(board.chances([game]), count.chances([game]))
