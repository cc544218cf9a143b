"""Continue and Load list a save's turn as its own game counts it (a Rivals game at turn 9 is not "turn 1")."""

from __future__ import annotations

import random
from pathlib import Path

from game.ai.registry import make_bot
from game.core.registry import get_variant
from game.core.saves import save_game
from gui.save_files import read_save_info


def test_a_rivals_save_lists_its_own_turn(tmp_path: Path) -> None:
    variant = get_variant("rivals-gold")
    game = variant.new_game(variant.default_seats(2), 2)
    bot = make_bot("random", "rivals")
    rng = random.Random(2)
    while game.state.turn_number < 9:
        player = game.active_players()[0]
        game.apply(bot.choose(game.view(player), game.legal_actions(player), rng))
    save_game(game, tmp_path / "rivals.json")
    info = read_save_info(tmp_path / "rivals.json")
    assert info["ok"] and info["turn"] == 9
