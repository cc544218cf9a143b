"""Every seat's chance to win: from a seat's view (averaged over full games sampled from it, so nothing the view
hides is read; the spread over the samples is the estimate's uncertainty), or from the full game (a review of a
finished game may read everything, and says so)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.coach.hooks import CoachHooks, coach_hooks
from game.core.errors import GameError
from game.core.game import Game
from game.core.outcomes import outcome_games

VIEW_WORLDS = 8
# Where a family does not enumerate an action's chance, its expectation is the mean of this many draws.
CHANCE_SAMPLES = 8


@dataclass(frozen=True)
class WinChances:
    """Each seat's chance to win, its uncertainty (the spread over sampled worlds; 0 read from a full game), what
    scored it and whether the estimate read what the asking seat's view hides."""

    chances: tuple[float, ...]
    spread: tuple[float, ...]
    method: str         # "network", "fitted" or "fitted-lookahead"
    reads_hidden: bool  # True only when read from the full game (a review)
    worlds: int

    def to_json(self) -> dict[str, Any]:
        """The estimate as plain data."""
        return {"chances": list(self.chances), "spread": list(self.spread), "method": self.method,
                "reads_hidden": self.reads_hidden, "worlds": self.worlds}


def hooks_for(game_or_view: Any) -> CoachHooks:
    """The coach's hooks for the variant and player count of a game or a view."""
    from game.core.registry import get_variant

    variant_id = game_or_view.variant.id if isinstance(game_or_view, Game) else game_or_view.variant_id
    variant = get_variant(variant_id)
    return coach_hooks(variant.family, variant.id, _players(game_or_view), getattr(game_or_view, "options", None))


def _players(game_or_view: Any) -> int:
    if isinstance(game_or_view, Game):
        return game_or_view.num_players
    state = getattr(game_or_view, "state", None)
    return int(getattr(state, "num_players", 0) or len(game_or_view.seats))


def from_view(view: Any, rng: random.Random, worlds: int = VIEW_WORLDS, hooks: CoachHooks | None = None) -> WinChances:
    """The chances as the view's seat can know them: the mean over `worlds` full games sampled from its view."""
    hooks = hooks or hooks_for(view)
    games = []
    for _ in range(max(1, worlds)):
        try:
            games.append(hooks.determinize(view, rng))
        except GameError:
            continue
    if not games:
        raise GameError("no full game agrees with this view")
    table = hooks.chances(games)
    return WinChances(tuple(float(x) for x in table.mean(axis=0)), tuple(float(x) for x in table.std(axis=0)),
                      hooks.method, False, len(games))


def from_game(game: Game, hooks: CoachHooks | None = None) -> WinChances:
    """The chances read from the full game, hidden hands and decks included (for reviews of recorded games)."""
    hooks = hooks or hooks_for(game)
    row = hooks.chances([game])[0]
    return WinChances(tuple(float(x) for x in row), (0.0,) * len(row), hooks.method, True, 1)


def expected_after(game: Game, action: Any, hooks: CoachHooks) -> np.ndarray:
    """Every seat's chance after the action, weighed over its chance outcomes where the family enumerates them,
    else the mean over CHANCE_SAMPLES draws (an action that draws nothing is scored once, as the game after it:
    a scorer that plays on would otherwise call its own sampling luck)."""
    if hooks.outcomes is not None:
        outcomes = hooks.outcomes(game, action)
        seeds: list[int | None] = [None] * len(outcomes)
    else:
        once = outcome_games(game, action, [(1.0, None)], [1])
        if once and not once[0][1].log[-1].outcomes:  # it drew nothing: its one result, no luck to weigh
            return hooks.chances([once[0][1]])[0]  # type: ignore[no-any-return]
        outcomes = [(1.0 / CHANCE_SAMPLES, None)] * CHANCE_SAMPLES
        seeds = list(range(1, CHANCE_SAMPLES + 1))
    found = outcome_games(game, action, outcomes, seeds)
    if not found:
        raise GameError("the action cannot be applied")
    table = hooks.chances([g for _, g in found])
    w = np.asarray([p for p, _ in found]) / sum(p for p, _ in found)
    return w @ table  # type: ignore[no-any-return]
