"""Determinization for the Hard bot: sampled worlds match the seat's view, keep the rules' invariants, play to the
end, vary what is hidden, and a search decides from the view alone."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from game.ai.registry import make_bot
from game.ai.search import HardBot, family_search
from game.core.game import Game
from game.core.registry import new_game
from game.rivals.catalogue import catalogue as rivals_catalogue
from game.rivals.economy import store_cells
from tests.game.cards.invariants import check_invariants as check_cards
from tests.game.rivals.helpers import conserved

# (family, variant, players, options, game seed)
CASES: list[tuple[str, str, int, dict[str, Any], int]] = [
    ("catan", "catan-base", 4, {"board": "variable"}, 11),
    ("catan", "catan-2p", 2, {}, 12),
    ("rivals", "rivals-intro", 2, {}, 13),
    ("rivals", "rivals-gold", 2, {}, 14),
    ("rivals", "rivals-turmoil", 2, {}, 15),
    ("rivals", "rivals-progress", 2, {}, 16),
    ("rivals", "rivals-duel", 2, {}, 17),
    ("cards", "catan-cards", 2, {}, 18),
    ("cards", "catan-cards", 4, {}, 19),
]
CASE_IDS = [f"{variant}-{players}p" for _, variant, players, _, _ in CASES]
WORLD_SEEDS = range(6)
MAX_ACTIONS = 4000


# --- canonical views, invariants and hidden parts per family ----------------------------------------------

def _plain(value: Any) -> Any:
    """JSON-ready form of a view field (states by their to_json(), dataclasses field by field)."""
    if hasattr(value, "to_json"):
        return _plain(value.to_json())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return sorted((str(k), _plain(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def canonical(view: Any) -> str:
    """A canonical JSON text of a whole view (Catan: the redacted state's to_json() plus every count field)."""
    return json.dumps(_plain(view), sort_keys=True, default=repr)


def without_memory(view: Any) -> Any:
    """The view without what the seat remembers of past card moves (Catan's `known_hands`): a sampled world plays
    forward without following cards, so only this part of its view differs from the real one."""
    if hasattr(view, "known_hands"):
        return dataclasses.replace(view, known_hands=())
    return view


def check_rivals(game: Any) -> None:
    """Rivals invariants: every card in one place, storage in range, new hand cards in the hand, someone to act."""
    s = game.state
    assert conserved(game) and len(s.all_places()) == len(rivals_catalogue().instances)
    for p in (0, 1):
        assert all(0 <= s.store[p][c] <= 3 for c in store_cells(s, p))
        assert set(s.fresh[p]) <= set(s.hands[p])
    if not game.is_over():
        assert game.legal_actions(game.active_players()[0])


def check_catan(game: Any) -> None:
    """Catan invariants (game.catan.invariants)."""
    from game.catan.invariants import check_invariants

    check_invariants(game)


CHECKS: dict[str, Callable[[Any], None]] = {"catan": check_catan, "rivals": check_rivals, "cards": check_cards}


def hidden_part(family: str, game: Any, seat: int) -> str:
    """What the seat cannot see: others' hands and the order of face-down stacks."""
    s = game.state
    others = [q for q in range(game.num_players) if q != seat]
    if family == "catan":
        parts: Any = [[s.hands[q], s.dev_hand[q]] for q in others] + [s.dev_deck]
    elif family == "rivals":
        parts = [s.hands[1 - seat], s.stacks, s.events, s.center["region"], s.discard]
    else:
        parts = [[s.hands[q] for q in others], s.draw, s.discard, s.settlements, s.settlement_supply]
    return json.dumps(parts)


def comparable_legal(family: str, actions: list[Any]) -> set[Any]:
    """The legal actions that do not depend on hidden information (the quick card game's open take from a
    player with a Library depends on which resources the victim holds)."""
    if family == "cards":
        return {a for a in actions if a.kind != "take_openly" and type(a).__name__ != "TakeOpenly"}
    return set(actions)


# --- games -------------------------------------------------------------------------------------------------

def played_game(case: tuple[str, str, int, dict[str, Any], int]) -> list[Game]:
    """A whole game played by Normal bots: a copy of the game before every action."""
    family, variant, players, options, seed = case
    game = new_game(variant, players, seed=seed, options=dict(options))
    bots = [make_bot("normal", family) for _ in range(players)]
    rng = random.Random(seed)
    history: list[Game] = []
    while not game.is_over() and len(history) < MAX_ACTIONS:
        history.append(game.clone())
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
    assert game.is_over()
    return history


def checkpoints(history: list[Game]) -> list[Game]:
    """The start, the middle and late in the game."""
    n = len(history)
    return [history[min(n - 1, 2)], history[n // 2], history[(9 * n) // 10]]


@pytest.fixture(scope="module", params=CASES, ids=CASE_IDS)
def case_history(request: pytest.FixtureRequest) -> tuple[tuple[str, str, int, dict[str, Any], int], list[Game]]:
    """Each case with its played game (played once per module)."""
    return request.param, played_game(request.param)


def play_out(family: str, game: Game, rng: random.Random) -> None:
    """Play a game to its end with Normal bots."""
    bots = [make_bot("normal", family) for _ in range(game.num_players)]
    for _ in range(MAX_ACTIONS):
        if game.is_over():
            return
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
    raise AssertionError("the determinized world did not end")


# --- 1-4: views, invariants, legal actions, play-outs, variety ---------------------------------------------

def test_worlds_match_the_view_and_the_rules(case_history: Any) -> None:
    (family, *_), history = case_history
    determinize = family_search(family).determinize
    check = CHECKS[family]
    varied = False
    for real in checkpoints(history):
        seat = real.active_players()[0]
        view = real.view(seat)
        want = canonical(without_memory(view))
        real_legal = comparable_legal(family, real.legal_actions(seat))
        hidden: set[str] = set()
        for k in WORLD_SEEDS:
            world = determinize(view, random.Random(k))
            assert canonical(without_memory(world.view(seat))) == want
            if family == "catan":  # every card the seat knows of is where it knows it to be
                for q, known in enumerate(view.known_hands):
                    assert all(h >= k for h, k in zip(world.state.hands[q], known))
            check(world)
            assert world.active_players() == real.active_players()
            assert comparable_legal(family, world.legal_actions(seat)) == real_legal
            hidden.add(hidden_part(family, world, seat))
            if k == 0:
                play_out(family, world, random.Random(k))
                assert world.is_over()
        varied = varied or len(hidden) > 1
        assert canonical(without_memory(real.view(seat))) == want, "determinizing must leave the real game alone"
    assert varied, "the hidden information never varied across seeds"


def test_determinize_never_touches_the_view(case_history: Any) -> None:
    (family, *_), history = case_history
    real = history[len(history) // 2]
    seat = real.active_players()[0]
    view = real.view(seat)
    before = canonical(view)
    world = family_search(family).determinize(view, random.Random(1))
    play_out(family, world, random.Random(1))
    assert canonical(view) == before


# --- 5: the view decides everything ------------------------------------------------------------------------

def perturbed(family: str, real: Game, seat: int, rng: random.Random) -> Game:
    """A copy of the game whose hidden information differs while every count and the seat's view stay the same."""
    game = real.clone()
    s = game.state
    others = [q for q in range(game.num_players) if q != seat]
    if family == "catan":
        pool = [r for q in others for r in range(5) for _ in range(s.hands[q][r])]
        rng.shuffle(pool)
        at = 0
        for q in others:
            size = sum(s.hands[q])
            s.hands[q] = [pool[at:at + size].count(r) for r in range(5)]
            at += size
        rng.shuffle(s.dev_deck)
        s.derived = {}
    elif family == "rivals":
        view = real.view(seat)
        searched = view.decision[1][0] if "stack" in view.revealed and view.decision else -1
        opp = 1 - seat
        back = rivals_catalogue().instances
        if "opponent_hand" not in view.revealed:
            for i, card in enumerate(list(s.hands[opp])):
                for k, stack in enumerate(s.stacks):
                    if k != searched and stack and back[stack[-1]].back == back[card].back:
                        other = stack[-1]
                        stack[-1], s.hands[opp][i] = card, other
                        s.fresh[opp] = [other if c == card else c for c in s.fresh[opp]]
                        break
        for k, stack in enumerate(s.stacks):
            if k != searched:
                rng.shuffle(stack)
        rng.shuffle(s.events)
        if "region_stack" not in view.revealed:
            rng.shuffle(s.center["region"])
    else:
        for q in others:
            for r in range(5):
                if s.hands[q][r] and s.draw:
                    i = next((i for i, d in enumerate(s.draw) if d != r), -1)
                    if i >= 0:
                        s.hands[q][r] -= 1
                        s.hands[q][s.draw[i]] += 1
                        s.draw[i] = r
        rng.shuffle(s.draw)
        rng.shuffle(s.discard)
        hidden = [c for row in s.settlements for c in row] + s.settlement_supply
        rng.shuffle(hidden)
        at = 0
        for q in range(game.num_players):
            size = len(s.settlements[q])
            s.settlements[q] = hidden[at:at + size]
            at += size
        s.settlement_supply = hidden[at:]
    return game


def test_the_search_decides_from_the_view_alone(case_history: Any) -> None:
    (family, *_), history = case_history
    tried = 0
    for real in history[(9 * len(history)) // 10:]:
        seat = real.active_players()[0]
        legal = real.legal_actions(seat)
        if len(legal) < 3:
            continue
        twin = perturbed(family, real, seat, random.Random(len(real.log)))
        if twin.legal_actions(seat) != legal:
            continue  # the rules list a choice that depends on hidden cards (cards: an open take)
        view, twin_view = real.view(seat), twin.view(seat)
        assert canonical(twin_view) == canonical(view)
        assert hidden_part(family, twin, seat) != hidden_part(family, real, seat)
        for k in (0, 1):
            first = HardBot(family, think_seconds=60, iterations=24).choose(view, legal, random.Random(k))
            second = HardBot(family, think_seconds=60, iterations=24).choose(twin_view, legal, random.Random(k))
            assert first == second and first in legal
        tried += 1
        if tried == 1:
            return
    raise AssertionError("no late decision with a choice to search")


def test_catan_evaluation_weighs_a_position_by_the_player_counts_weights() -> None:
    """The search's Catan evaluation: a softmax over the seats' scores that adds up to one; a game of two players
    is weighed by its own (hand-set) weights, three and four by the fitted ones; cards in hand count up to seven,
    at the weights' rate, and a development card held at its worth."""
    import math

    from game.catan.determinize import (MULTI_PLAYER_EVALUATION, TWO_PLAYER_EVALUATION, evaluate,
                                        evaluation_for, position_score)

    assert evaluation_for(2) is TWO_PLAYER_EVALUATION
    assert evaluation_for(3) is evaluation_for(4) is MULTI_PLAYER_EVALUATION
    assert TWO_PLAYER_EVALUATION != MULTI_PLAYER_EVALUATION
    for variant, players in (("catan-base", 4), ("catan-base", 3), ("catan-2p", 2)):
        game = new_game(variant, players, 5)
        bots = [make_bot("normal", "catan") for _ in range(players)]
        rng = random.Random(5)
        for _ in range(150):
            p = game.active_players()[0]
            game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
        weighing = evaluation_for(players)
        s = game.state
        s.hands[0] = [0, 0, 0, 0, 0]
        s.dev_hand[0] = [0] * len(s.dev_hand[0])
        empty = position_score(game, 0)
        s.hands[0] = [1, 1, 1, 1, 1]
        assert position_score(game, 0) - empty == pytest.approx(5 / weighing.cards_per_point)
        s.hands[0] = [3, 3, 3, 3, 3]  # fifteen cards count as seven
        assert position_score(game, 0) - empty == pytest.approx(7 / weighing.cards_per_point)
        s.dev_hand[0][0] = 1
        assert position_score(game, 0) - empty == pytest.approx(7 / weighing.cards_per_point
                                                                + weighing.dev_card_points)
        scores = [position_score(game, q) for q in range(players)]
        shares = [math.exp(x / weighing.softmax_points) for x in scores]
        for q in range(players):
            assert evaluate(game, q) == pytest.approx(shares[q] / sum(shares))
        assert sum(evaluate(game, q) for q in range(players)) == pytest.approx(1.0)
