"""Bots by id: 'random' and 'heuristic' for every family that has them."""

from __future__ import annotations

from typing import Any

from game.core.errors import GameError

BOT_IDS: tuple[str, ...] = ("random", "heuristic")


def make_bot(bot_id: str, family: str) -> Any:
    """A new bot of the given id for a game family; GameError if there is none."""
    if bot_id == "random":
        from game.ai.random_bot import RandomBot

        return RandomBot()
    if bot_id == "heuristic" and family == "catan":
        from game.ai.catan_heuristic import CatanHeuristicBot

        return CatanHeuristicBot()
    if bot_id == "heuristic" and family == "cards":
        from game.ai.cards_heuristic import CardsHeuristicBot

        return CardsHeuristicBot()
    if bot_id == "heuristic" and family == "rivals":
        from game.ai.rivals_heuristic import RivalsHeuristicBot

        return RivalsHeuristicBot()
    raise GameError(f"no bot {bot_id!r} for {family} games; bots: {', '.join(BOT_IDS)}")
