"""Shared loop of the random-game tests: random bot moves with invariant checks and illegal-action probes."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from game.ai.random_bot import RandomBot
from game.core.errors import IllegalAction
from game.core.saves import game_from_json, game_to_json, state_digest


def play_checked(game: Any, rng: random.Random, check: Callable[[Any], None],
                 probe: Callable[[Any, random.Random], Any] | None = None, probe_every: int = 1,
                 check_every: int = 1, max_steps: int = 20_000) -> int:
    """Play random moves until the game ends (or max_steps), checking invariants and that a random
    illegal action is refused without changing anything; return the number of moves."""
    bot = RandomBot()
    steps = 0
    while not game.is_over() and steps < max_steps:
        if steps % check_every == 0:
            check(game)
        if probe is not None and steps % probe_every == 0:
            action = probe(game, rng)
            if not game.is_legal(action):
                before = state_digest(game)
                with pytest.raises(IllegalAction):
                    game.apply(action)
                assert state_digest(game) == before, f"refused {action} changed the state"
        game.apply(bot.choose(None, game.legal_actions(game.active_players()[0]), rng))
        steps += 1
    check(game)
    return steps


def assert_save_round_trip(game: Any) -> None:
    """A save of the game loads back to an equal state."""
    again = game_from_json(json.loads(json.dumps(game_to_json(game))))
    assert again.state_json() == game.state_json()


def assert_save_resumes_identically(game: Any, before: int, after: int) -> None:
    """Play `before` random moves, save and load, then play `after` more moves on both copies:
    the same choices must be legal in both and lead to equal states."""
    bot, rng = RandomBot(), random.Random(5)
    for _ in range(before):
        if game.is_over():
            break
        game.apply(bot.choose(None, game.legal_actions(game.active_players()[0]), rng))
    copy = game_from_json(json.loads(json.dumps(game_to_json(game))))
    assert copy.state_json() == game.state_json()
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(after):
        if game.is_over():
            break
        a = bot.choose(None, game.legal_actions(game.active_players()[0]), rng_a)
        b = bot.choose(None, copy.legal_actions(copy.active_players()[0]), rng_b)
        assert a == b
        game.apply(a)
        copy.apply(b)
    assert copy.state_json() == game.state_json()
