"""Optional reference run of catanatron's random playouts, for `bench --compare-catanatron` (not a dependency)."""

from __future__ import annotations

import random
import time
from typing import Any

from game.core.errors import GameError


def catanatron_random_games(games: int, seed: int) -> dict[str, Any]:
    """Play random 4-player catanatron games; return games/s and actions per game."""
    try:
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]
    except ImportError as exc:
        raise GameError("catanatron is not installed (python -m pip install catanatron==3.2.1)") from exc
    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    actions = 0
    started = time.perf_counter()
    for i in range(games):
        random.seed(seed + i)
        game = Game([RandomPlayer(c) for c in colors], seed=seed + i)
        game.play()
        records = getattr(game.state, "action_records", None) or getattr(game.state, "actions", [])
        actions += len(records)
    elapsed = time.perf_counter() - started
    return {"games_per_second": games / elapsed, "actions_per_game": actions / games,
            "actions_per_second": actions / elapsed}
