"""Seeded random full games of catan-base with invariant checks after every action."""

from __future__ import annotations

import json
import random

import pytest

from game.ai.random_bot import RandomBot
from game.catan import actions as A
from game.core.errors import GameError, IllegalAction
from game.core.registry import new_game
from game.core.saves import game_from_json, game_to_json, state_digest
from tests.game.playout_checks import assert_save_resumes_identically
from tests.game.catan_invariants import check_invariants

GAMES = 200


def _random_illegal(game, rng: random.Random) -> A.Action:
    """A random action, legal or not, of a random kind, by a random player."""
    n = game.num_players
    p = rng.randrange(n)
    cards = tuple(rng.randrange(3) for _ in range(5))
    other = tuple(rng.randrange(3) for _ in range(5))
    return rng.choice([
        A.Roll(p), A.MoveRobber(p, rng.randrange(19), rng.choice([None, rng.randrange(n)])),
        A.Discard(p, cards), A.BuildRoad(p, rng.randrange(72)), A.BuildSettlement(p, rng.randrange(54)),
        A.BuildCity(p, rng.randrange(54)), A.BuyDevCard(p), A.PlayKnight(p), A.PlayRoadBuilding(p),
        A.PlayYearOfPlenty(p, (rng.randrange(5), rng.randrange(5))), A.PlayMonopoly(p, rng.randrange(5)),
        A.MaritimeTrade(p, rng.randrange(5), rng.randrange(5)), A.OfferTrade(p, cards, other, ()),
        A.AcceptTrade(p), A.DeclineTrade(p), A.CounterTrade(p, cards, other), A.ConfirmTrade(p, rng.randrange(n)),
        A.CancelTrade(p), A.EndTurn(p),
    ])


def _play_checked(seed: int, players: int, board: str, deep: bool) -> None:
    game = new_game("catan-base", players, seed=seed, options={"board": board})
    bot = RandomBot()
    rng = random.Random(seed)
    steps = 0
    while not game.is_over() and steps < 20_000:  # a random game can reach a dead end nobody can win from
        check_invariants(game)
        player = game.active_players()[0]
        legal = game.legal_actions(player)
        if deep and steps % 7 == 0:
            for action in legal:  # every legal action applies
                game.clone().apply(action)
        probe = _random_illegal(game, rng)
        before = state_digest(game)
        if not game.is_legal(probe):
            with pytest.raises(IllegalAction):
                game.apply(probe)
            assert state_digest(game) == before, f"refused {probe} changed the state"
        game.apply(bot.choose(None, legal, rng))
        steps += 1
    check_invariants(game)
    text = json.dumps(game_to_json(game))
    again = game_from_json(json.loads(text))
    assert again.state_json() == game.state_json()


@pytest.mark.parametrize("block", range(10))
def test_random_games_keep_invariants(block: int) -> None:
    """200 games (3 and 4 players, both boards), checked after every action."""
    per_block = GAMES // 10
    for i in range(per_block):
        seed = block * per_block + i
        _play_checked(seed, 3 + seed % 2, "variable" if seed % 3 else "beginner", deep=i < 2)


def test_save_round_trip_mid_game() -> None:
    """A save taken mid-game replays to the same state, and play continues identically."""
    assert_save_resumes_identically(new_game("catan-base", 4, seed=77, options={"board": "variable"}),
                                    before=300, after=100)


def test_clone_is_independent() -> None:
    """Changing a clone leaves the original untouched."""
    game = new_game("catan-base", 4, seed=1)
    before = state_digest(game)
    other = game.clone()
    other.apply(A.Roll(0))
    assert state_digest(game) == before
    assert state_digest(other) != before


def test_wrong_player_is_refused() -> None:
    """An action by a player who may not act raises and changes nothing."""
    game = new_game("catan-base", 4, seed=1)
    before = state_digest(game)
    with pytest.raises(GameError):
        game.apply(A.Roll(2))
    assert state_digest(game) == before
