"""The quick card game's heuristic bot: only legal actions, and it beats the random bot clearly."""

from __future__ import annotations

import random

from game.ai.cards_heuristic import CardsHeuristicBot
from game.ai.registry import make_bot
from game.core.registry import get_variant

WIN_GAMES = 40


def test_registry_gives_the_heuristic_bot() -> None:
    bot = make_bot("heuristic", "cards")
    assert isinstance(bot, CardsHeuristicBot) and bot.needs_view


def test_only_legal_actions_over_30_games() -> None:
    variant = get_variant("catan-cards")
    for g in range(30):
        players = 2 + g % 5
        game = variant.new_game(variant.default_seats(players), 500 + g, {})
        bot = CardsHeuristicBot()
        rng = random.Random(g)
        steps = 0
        while not game.is_over() and steps < 20_000:
            player = game.active_players()[0]
            legal = game.legal_actions(player)
            action = bot.choose(game.view(player), legal, rng)
            assert action in legal
            game.apply(action)
            steps += 1
        assert game.is_over(), f"game {g} did not end"


def test_beats_random_bots() -> None:
    """One heuristic bot against three random bots, seats rotated, wins more than half of 40 games."""
    variant = get_variant("catan-cards")
    wins = 0
    for g in range(WIN_GAMES):
        seat = g % 4
        bots = [make_bot("random", "cards") for _ in range(4)]
        bots[seat] = CardsHeuristicBot()
        game = variant.new_game(variant.default_seats(4), 1000 + g, {})
        rng = random.Random(g)
        while not game.is_over():
            player = game.active_players()[0]
            bot = bots[player]
            game.apply(bot.choose(game.view(player), game.legal_actions(player), rng))
        wins += game.winner() == seat
    print(f"heuristic win rate vs 3 random: {wins}/{WIN_GAMES}")
    assert wins / WIN_GAMES > 0.5
