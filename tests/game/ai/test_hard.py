"""The Hard bot's search: budgets, forced decisions, cancellation, determinism and what it may read."""

from __future__ import annotations

import random
import threading

from game.ai.registry import make_bot
from game.ai.search import MAX_CANDIDATES, HardBot, pick_candidates
from game.catan import actions as A
from game.core.registry import get_variant
from game.core.saves import state_digest


def midgame(seed: int = 3, actions: int = 150):  # type: ignore[no-untyped-def]
    """A catan-base game played by Normal bots to a main-phase decision with several kinds of action."""
    variant = get_variant("catan-base")
    game = variant.new_game(variant.default_seats(4), seed, {"board": "variable"})
    bots = [make_bot("normal", "catan") for _ in range(4)]
    rng = random.Random(seed)
    for _ in range(actions):
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
    while True:
        p = game.active_players()[0]
        legal = game.legal_actions(p)
        if game.state.phase == "main" and len({a.kind for a in legal}) > 1:
            return game, p, legal
        game.apply(bots[p].choose(game.view(p), legal, rng))


def test_same_seed_same_decision_with_an_iteration_budget() -> None:
    game, p, legal = midgame()
    first = HardBot("catan", think_seconds=120, iterations=12).choose(game.view(p), legal, random.Random(5))
    again = HardBot("catan", think_seconds=120, iterations=12).choose(game.view(p), legal, random.Random(5))
    assert first == again and first in legal


def test_search_runs_on_copies_and_leaves_the_game_untouched() -> None:
    game, p, legal = midgame()
    before = state_digest(game)
    log_length = len(game.log)
    bot = HardBot("catan", think_seconds=120, iterations=10)
    bot.choose(game.view(p), legal, random.Random(1))
    assert 0 < bot.last_iterations <= 10
    assert state_digest(game) == before and len(game.log) == log_length


def test_forced_and_trivial_decisions_take_no_search() -> None:
    variant = get_variant("catan-base")
    game = variant.new_game(variant.default_seats(4), 1)  # beginner board: the first player must roll
    p = game.active_players()[0]
    bot = HardBot("catan", think_seconds=120, iterations=50)
    legal = game.legal_actions(p)
    assert bot.choose(game.view(p), legal, random.Random(1)) in legal
    assert bot.last_iterations == 0
    assert bot.choose(game.view(p), [A.Roll(p)], random.Random(1)) == A.Roll(p)


def test_cancel_stops_the_search_at_once_and_answers() -> None:
    game, p, legal = midgame()
    before = state_digest(game)
    bot = HardBot("catan", think_seconds=600, iterations=10_000)
    answer: list[object] = []
    worker = threading.Thread(target=lambda: answer.append(bot.choose(game.view(p), legal, random.Random(2))))
    worker.start()
    while bot.last_iterations < 2 and worker.is_alive():
        worker.join(0.01)
    bot.cancel()
    worker.join(30)
    assert not worker.is_alive() and answer and answer[0] in legal
    assert bot.last_iterations < 10_000
    assert state_digest(game) == before


def test_candidates_keep_normals_choice_first_and_cover_kinds() -> None:
    game, p, legal = midgame()
    prior = legal[-1]
    chosen = pick_candidates(legal, prior, random.Random(0))
    assert chosen[0] == prior and len(chosen) == len(set(chosen)) <= MAX_CANDIDATES
    assert {a.kind for a in chosen} == {a.kind for a in legal} or len(chosen) == MAX_CANDIDATES


def test_only_a_clear_paired_advantage_overrides_normal() -> None:
    """Luck-sized differences keep Normal's choice; a steady advantage over enough rounds wins the decision."""
    from game.ai.search import MIN_ROUNDS, _clearly_worse, _paired_best

    noisy = [0.2, -0.1, 0.15, -0.05, 0.1, -0.1]  # mean 0.033, about one standard error
    steady = [0.05, 0.06, 0.04, 0.05, 0.07, 0.05]
    assert _paired_best({1: noisy}, 0) == 0
    assert _paired_best({1: noisy, 2: steady}, 0) == 2
    assert _paired_best({1: steady[:MIN_ROUNDS - 1]}, 0) == 0  # too few rounds to judge
    assert _clearly_worse([-0.1, -0.12, -0.08, -0.1]) and not _clearly_worse(noisy)


def test_rollout_views_decide_as_blanked_views_do() -> None:
    """The rollouts hand Normal a sampled world's state unblanked: Normal (2 or 4 players) must choose exactly
    as it does from a blanked view, since it reads nothing of the others' hidden cards."""
    from game.ai.catan_heuristic import CatanHeuristicBot
    from game.catan.determinize import rollout_view

    for variant_id, players in (("catan-base", 4), ("catan-2p", 2)):
        variant = get_variant(variant_id)
        game = variant.new_game(variant.default_seats(players), 5, {"board": "variable"})
        blanked = [CatanHeuristicBot() for _ in range(players)]
        shared = [bot.fresh() for bot in blanked]
        rng = random.Random(5)
        compared = 0
        while not game.is_over() and compared < 600:
            p = game.active_players()[0]
            legal = game.legal_actions(p)
            seed = rng.getrandbits(32)
            choice = blanked[p].choose(game.view(p), legal, random.Random(seed))
            assert shared[p].choose(rollout_view(game, p), legal, random.Random(seed)) == choice
            game.apply(choice)
            compared += 1
        assert compared >= 150


def test_hard_offers_a_domestic_trade_at_most_once_a_turn() -> None:
    """No spam: once Hard has offered in a turn, it does not offer again in that turn, even where Normal
    (whose choice Hard keeps without a budget to search) would; in its next turn it may offer again."""
    from game.ai.catan_heuristic import CatanHeuristicBot

    variant = get_variant("catan-base")
    game = variant.new_game(variant.default_seats(4), 2, {"board": "variable"})
    bots = [make_bot("normal", "catan") for _ in range(4)]
    rng = random.Random(2)
    while True:
        p = game.active_players()[0]
        legal = game.legal_actions(p)
        choice = bots[p].choose(game.view(p), legal, rng)
        if isinstance(choice, A.OfferTrade) and CatanHeuristicBot().choose(
                game.view(p), legal, random.Random(0)) == choice:
            break
        game.apply(choice)
    offers = [a for a in legal if isinstance(a, A.OfferTrade)]
    earlier = next(a for a in offers if a != choice)
    hard = HardBot("catan", think_seconds=120, iterations=1)  # too small a budget to search: Normal's choice
    assert hard.choose(game.view(p), [earlier], random.Random(0)) == earlier
    second = hard.choose(game.view(p), legal, random.Random(0))
    assert second in legal and not isinstance(second, A.OfferTrade)
    assert HardBot("catan", think_seconds=120, iterations=1).choose(game.view(p), legal, random.Random(0)) == choice
    assert hard.choose(game.view(p), [earlier], random.Random(0)) == earlier  # nothing else left: it may


def test_hard_ranks_trade_offers_by_what_they_would_do_for_its_goal() -> None:
    """An offer moves no cards, so the one-step evaluation scores every offer alike: the candidates among them
    are the ones that would bring Hard's goal closer (a card it lacks for one it can spare), not the first listed."""
    from game.ai.catan_heuristic import trade_merit
    from game.ai.catan_situation import Situation

    game, p, legal = midgame(seed=2)  # a position where the listing order puts a useless offer first
    view = game.view(p)
    sit = Situation(view)
    _, cost = sit.goal()
    hand, want = sit.hand, sit.wanted()
    offers = [a for a in legal if isinstance(a, A.OfferTrade)]
    helpful = [a for a in offers if cost[a.get.index(1)] > hand[a.get.index(1)]
               and hand[a.give.index(1)] > want[a.give.index(1)]]
    useless = [a for a in offers if cost[a.get.index(1)] <= hand[a.get.index(1)]]
    assert helpful and useless
    merit = trade_merit(view)
    assert min(map(merit, helpful)) == 1.0 and max(map(merit, useless)) <= 0.0
    assert merit(A.EndTurn(p)) == 0.0
    ranked = HardBot("catan", think_seconds=120, iterations=12)._greedy_rank(view, legal, random.Random(1))
    assert ranked is not None
    assert max(ranked.index(a) for a in helpful) < min(ranked.index(a) for a in useless)


def _cards_midgame(seed: int = 4, actions: int = 60):  # type: ignore[no-untyped-def]
    """A four-player quick card game played by Normal bots for a while: several positions to score."""
    variant = get_variant("catan-cards")
    game = variant.new_game(variant.default_seats(4), seed)
    bots = [make_bot("normal", "cards") for _ in range(4)]
    rng = random.Random(seed)
    positions = []
    for _ in range(actions):
        if game.is_over():
            break
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
        positions.append(game.clone())
    return positions


def test_a_network_leaf_scores_cut_off_rollouts_by_the_shipped_network_and_the_fitted_leaf_by_the_evaluation() -> None:
    from game.ai.value_store import leaf_values
    from game.cards.determinize import evaluate

    worlds = _cards_midgame()[::7]
    network = make_bot("hard-network", "cards")
    fitted = make_bot("hard-rollout", "cards")
    assert (network.hooks.leaf, fitted.hooks.leaf) == ("network", "fitted")
    assert make_bot("hard", "cards").hooks.leaf == "network"  # the quick card game's Hard
    assert make_bot("hard", "rivals").hooks.leaf == "fitted"  # Rivals has no network
    shipped = leaf_values("catan-cards", 4, evaluate)
    assert shipped.source == "network"
    for seat in range(4):
        assert network.leaf_scores(worlds, seat) == shipped.values(worlds, seat)
        assert fitted.leaf_scores(worlds, seat) == [evaluate(w, seat) for w in worlds]
    # The two evaluations differ somewhere, so the choice between them is a real one.
    assert network.leaf_scores(worlds, 0) != fitted.leaf_scores(worlds, 0)


def test_a_network_leaf_search_is_deterministic_and_leaves_the_game_untouched() -> None:
    game = _cards_midgame(seed=9, actions=30)[-1]
    p = game.active_players()[0]
    legal = game.legal_actions(p)
    before = state_digest(game)
    first = HardBot("cards", think_seconds=120, iterations=12, leaf="network").choose(game.view(p), legal,
                                                                                       random.Random(5))
    again = HardBot("cards", think_seconds=120, iterations=12, leaf="network").choose(game.view(p), legal,
                                                                                       random.Random(5))
    assert first == again and first in legal
    assert state_digest(game) == before


def test_an_unknown_leaf_evaluation_is_refused() -> None:
    import pytest

    from game.core.errors import GameError

    with pytest.raises(GameError, match="leaf"):
        HardBot("cards", leaf="oracle")


def test_a_family_can_choose_another_leaf_for_some_player_counts_and_a_named_leaf_overrides_that() -> None:
    from dataclasses import replace

    from game.ai.search import family_search

    hooks = replace(family_search("cards"), leaf="fitted", leaf_by_players=((4, "network"), (3, "network")))
    assert [hooks.leaf_for(n) for n in (2, 3, 4, 5)] == ["fitted", "network", "network", "fitted"]
    for forced in ("fitted", "network"):
        bot = HardBot("catan", leaf=forced)
        assert {bot.hooks.leaf_for(n) for n in (2, 3, 4)} == {forced}


def test_catan_hard_scores_its_cut_off_rollouts_by_the_network_with_three_or_four_players_and_fitted_with_two() -> None:
    from game.ai.value_store import leaf_values
    from game.catan.determinize import evaluate

    four, _, _ = midgame(seed=3, actions=120)
    hard = make_bot("hard", "catan").engine(four.view(1))
    assert isinstance(hard, HardBot)
    assert [hard.hooks.leaf_for(n) for n in (2, 3, 4)] == ["fitted", "network", "network"]
    assert make_bot("hard-rollout", "catan").hooks.leaf_for(4) == "fitted"
    shipped = leaf_values("catan-base", 4, evaluate, options=four.options)  # a variable board: its own network
    assert shipped.source == "network" and four.options["board"] == "variable"
    assert hard.leaf_scores([four], 1) == shipped.values([four], 1) != [evaluate(four, 1)]
    variant = get_variant("catan-2p")
    two = variant.new_game(variant.default_seats(2), 5)
    assert hard.leaf_scores([two], 0) == [evaluate(two, 0)]
