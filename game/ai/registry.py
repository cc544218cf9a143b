"""Bots by id: 'random' for tests and the lab, and three levels for players: 'easy', 'normal' and 'hard'.

Hard is, per family and player count, whichever of its searches measures stronger there (game/ai/hard.py,
game/ai/search.py); 'hard-rollout' (the rollout search over Normal's continuation, its cut-off rollouts scored by the
fitted evaluation), 'hard-network' (the same search, its rollouts scored by the shipped learned evaluation where
the game has one) and 'hard-expectimax' (the expectimax over the dice with the learned evaluation at its leaves,
Catan only) name each one, for the arena; 'hard-setup' is Hard's Catan search with its set-up placed by the set-up
planner (game/ai/catan_setup.py), measured and no stronger; 'hard-dice' is Hard's Catan search with each cut-off
rollout played on to the next roll and scored over that roll's eleven sums, measured and no stronger.

The old ids 'heuristic' and 'skilled' name the Normal level (saves and scripts that use them keep working).
"""

from __future__ import annotations

from typing import Any

from game.core.errors import GameError

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
SEARCHES: tuple[str, ...] = ("hard-rollout", "hard-network", "hard-expectimax", "hard-setup", "hard-dice")
BOT_IDS: tuple[str, ...] = ("random", *LEVELS, *SEARCHES)
ALIASES: dict[str, str] = {"heuristic": "normal", "skilled": "normal"}
# "normal~1": the Normal bot with variety 1 (game.ai.variety), in the arena and the lab's --bots.
VARIETY_MARK = "~"
FAMILIES: tuple[str, ...] = ("catan", "rivals", "cards")
# Hard's default think budget per decision, in seconds (Settings can change it).
DEFAULT_THINK_SECONDS = 1.0


def canonical_bot_id(bot_id: str) -> str:
    """The registry id a bot id or alias names, with its variety if it gives one ("normal~1"); GameError if none."""
    base, mark, temperature = bot_id.partition(VARIETY_MARK)
    canonical = ALIASES.get(base, base)
    if canonical not in BOT_IDS:
        raise GameError(f"no bot {bot_id!r}; bots: {', '.join(BOT_IDS)} (aliases: {', '.join(ALIASES)}), "
                        f"each may name a variety as ID{VARIETY_MARK}T (e.g. normal{VARIETY_MARK}1)")
    if not mark:
        return canonical
    return f"{canonical}{VARIETY_MARK}{_temperature(bot_id, temperature):g}"


def _temperature(bot_id: str, text: str) -> float:
    from game.ai.variety import Variety

    try:
        return Variety(float(text)).temperature
    except ValueError:
        raise GameError(f"bot {bot_id!r}: the variety after {VARIETY_MARK} is a number of at least 0") from None


def make_bot(bot_id: str, family: str, think_seconds: float | None = None, rollouts: int | None = None,
             variety: float = 0.0) -> Any:
    """A new bot of the given id (or alias) for a game family; GameError if there is none.

    think_seconds sets the Hard bot's time per decision, and its budget in rollouts unless `rollouts` gives
    that (other levels do not search). `variety` is the softmax temperature with which the bot samples among
    near-equal options (game.ai.variety; 0, the default, always takes the best); an id of the form ID~T
    gives its own.
    """
    from game.ai.variety import Variety, with_variety

    base, mark, temperature = canonical_bot_id(bot_id).partition(VARIETY_MARK)
    try:
        setting = Variety(float(temperature) if mark else variety)
    except (TypeError, ValueError) as exc:
        raise GameError(str(exc)) from None
    return with_variety(_make(base, family, think_seconds, rollouts), setting)


def _make(canonical: str, family: str, think_seconds: float | None, rollouts: int | None) -> Any:
    if family not in FAMILIES:
        raise GameError(f"no bots for {family!r} games")
    if canonical == "random":
        from game.ai.random_bot import RandomBot

        return RandomBot()
    if canonical == "normal":
        return _normal(family)
    if canonical == "easy":
        from game.ai.easy import EasyBot

        return EasyBot(_normal(family), family)
    seconds = think_seconds if think_seconds is not None else DEFAULT_THINK_SECONDS
    if canonical == "hard-expectimax":
        if family != "catan":
            raise GameError(f"no expectimax search for {family!r} games yet (use hard-rollout)")
        from game.ai.catan_expectimax import catan_expectimax

        # Its size is fixed; the think time is only a cap, well above what it needs.
        return catan_expectimax(max(seconds, 4.0))
    if canonical == "hard-setup":
        if family != "catan":
            raise GameError(f"no set-up planner for {family!r} games (it plans Catan's set-up)")
        from game.ai.catan_setup import setup_search
        from game.ai.search import HardBot

        return HardBot(family, seconds, rollouts, hooks=setup_search())
    if canonical == "hard-dice":
        if family != "catan":
            raise GameError(f"no weighing of the dice at the leaves for {family!r} games (Catan's rolls only)")
        from dataclasses import replace

        from game.ai.search import HardBot, family_search

        return HardBot(family, seconds, rollouts, hooks=replace(family_search(family), weigh_leaf_chance=True))
    if canonical == "hard" and rollouts is None and family == "catan":
        from game.ai.hard import HardLevel

        return HardLevel(family, seconds)
    from game.ai.search import HardBot

    leaf = {"hard-rollout": "fitted", "hard-network": "network"}.get(canonical)
    return HardBot(family, seconds, rollouts, leaf)


def _normal(family: str) -> Any:
    if family == "catan":
        from game.ai.catan_heuristic import CatanHeuristicBot

        return CatanHeuristicBot()
    if family == "cards":
        from game.ai.cards_heuristic import CardsHeuristicBot

        return CardsHeuristicBot()
    from game.ai.rivals_heuristic import RivalsHeuristicBot

    return RivalsHeuristicBot()
