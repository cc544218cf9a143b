"""Seeded random full games of catan-cards for 2-6 players, with invariant checks along the way."""

from __future__ import annotations

import json
import random

import pytest

from game.ai.random_bot import RandomBot
from game.cards import actions as A
from game.cards.catalogue import CARDS
from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.registry import new_game
from game.core.saves import game_from_json, game_to_json, state_digest
from tests.game.playout_checks import assert_save_resumes_identically
from tests.game.cards.invariants import check_invariants

GAMES_PER_COUNT = 100
CHECK_EVERY = 3  # full checks on every third action keep the package well under a minute
_DEV_IDS = sorted(c for c in CARDS if CARDS[c].type == "development")
_CITY_IDS = sorted(c for c in CARDS if CARDS[c].type == "settlement")


def random_action(game, rng: random.Random) -> Action:
    """A random action, legal or not, of a random kind, by a random player."""
    n = game.num_players
    p = rng.randrange(n)
    cards = tuple(rng.randrange(3) for _ in range(5))
    other = tuple(rng.randrange(3) for _ in range(5))
    return rng.choice([
        A.ExchangeWithPile(p, cards), A.ExchangeWithMarket(p, cards, other),
        A.TakeFromPlayer(p, rng.randrange(-1, n + 1), rng.randrange(-1, 4)),
        A.LookAtHand(p, rng.randrange(n)),
        A.TakeOpenly(p, rng.randrange(n), rng.randrange(-1, 6)), A.GiveBack(p, cards),
        A.GuildTake(p, rng.randrange(n)), A.EndTrade(p), A.BuildSettlement(p, cards, rng.random() < 0.5),
        A.BuildCity(p, rng.randrange(-1, 4), cards),
        A.BuildDevelopment(p, rng.choice(_CITY_IDS), rng.choice(_DEV_IDS), cards),
        A.BuildRoad(p, cards), A.BuildKnight(p, cards), A.EndTurn(p), A.Discard(p, cards),
    ])


def play_checked(seed: int, players: int, every: int = CHECK_EVERY, deep: bool = False) -> None:
    """Play one random game to its end, checking invariants, refusals and a save round trip."""
    game = new_game("catan-cards", players, seed=seed)
    bot = RandomBot()
    rng = random.Random(seed)
    steps = 0
    while not game.is_over():
        assert steps < 20_000, "a random game did not end"
        player = game.active_players()[0]
        legal = game.legal_actions(player)
        assert legal
        if steps % every == 0:
            check_invariants(game)
            probe = random_action(game, rng)
            before = state_digest(game)
            if not game.is_legal(probe):
                with pytest.raises(IllegalAction):
                    game.apply(probe)
                assert state_digest(game) == before, f"refused {probe} changed the state"
            if deep:
                for action in legal:
                    game.clone().apply(action)
        game.apply(bot.choose(None, legal, rng))
        steps += 1
    check_invariants(game)
    again = game_from_json(json.loads(json.dumps(game_to_json(game))))
    assert again.state_json() == game.state_json()
    assert again.winner() == game.winner()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_invariants(players: int) -> None:
    """100 random games per player count end with a winner and keep every invariant."""
    for i in range(GAMES_PER_COUNT):
        play_checked(1000 * players + i, players, deep=i < 2)


def test_every_action_checked_in_some_games() -> None:
    """A few games checked after every single action."""
    for players in (2, 4, 6):
        play_checked(7 + players, players, every=1)


def test_save_round_trip_mid_game_and_continue() -> None:
    """A save mid-game replays to the same state and play continues identically."""
    assert_save_resumes_identically(new_game("catan-cards", 4, seed=77), before=200, after=150)


def test_clone_is_independent() -> None:
    """Changing a clone leaves the original untouched."""
    game = new_game("catan-cards", 3, seed=1)
    before = state_digest(game)
    other = game.clone()
    other.apply(A.EndTurn(0))
    assert state_digest(game) == before
    assert state_digest(other) != before
