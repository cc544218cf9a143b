"""The save summary reports each game family's own turn (Continue and Load show it without replaying the save)."""

from __future__ import annotations

import random

import pytest

from game.ai.registry import make_bot
from game.core.registry import get_variant
from game.core.saves import game_to_json, saved_turn


def played(variant_id: str, players: int, turns: int, seed: int = 4):
    """A game played by random bots until its own turn counter reaches turns."""
    variant = get_variant(variant_id)
    game = variant.new_game(variant.default_seats(players), seed)
    bots = [make_bot("random", variant.family) for _ in range(players)]
    rng = random.Random(seed)
    while game.turn_number() < turns and not game.is_over():
        player = game.active_players()[0]
        game.apply(bots[player].choose(game.view(player), game.legal_actions(player), rng))
    assert game.turn_number() == turns
    return game


@pytest.mark.parametrize(("variant_id", "players"), [("rivals-intro", 2), ("rivals-duel", 2), ("catan-base", 4),
                                                      ("catan-2p", 2), ("catan-cards", 3)])
def test_the_summary_shows_the_games_own_turn(variant_id: str, players: int) -> None:
    game = played(variant_id, players, 9)
    data = game_to_json(game)
    assert data["turn"] == 9
    assert saved_turn(data) == 9


def test_an_old_rivals_save_counts_its_rolls_not_catan_end_turns() -> None:
    game = played("rivals-intro", 2, 9)
    data = game_to_json(game)
    del data["turn"]
    rolled = game.state.phase != "roll"  # the ninth turn's roll may not have happened yet
    assert saved_turn(data) == (9 if rolled else 8)
    assert saved_turn(data) > 1  # the Catan reading (no end_turn actions in Rivals) said 1


def test_an_old_catan_save_counts_ended_turns() -> None:
    game = played("catan-base", 4, 6)
    data = game_to_json(game)
    del data["turn"]
    assert saved_turn(data) == 6


def test_a_broken_turn_field_falls_back_to_the_log() -> None:
    game = played("catan-cards", 3, 5)
    data = game_to_json(game)
    data["turn"] = "five"
    assert saved_turn(data) == 5
    data["variant"] = "no-such-game"
    assert saved_turn(data) == 0
