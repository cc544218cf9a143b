"""What the Hard level's search uses in Rivals: Normal's ranking of the candidates and Normal's own valuation
of both principalities at the end of a rollout (far richer than points and stock alone)."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from game.ai.rivals_heuristic import RivalsHeuristicBot, Scorer
from game.ai.rivals_plan import Plan, StructureCache, Valuer
from game.core.actions import Action
from game.core.game import Game

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

# The Normal valuation counts a victory point as 8 resource units. A player's share of the winning chances is a
# logistic function of the difference of the two worths, capped at four points (a build that would win, one card
# away, is worth hundreds of units to Normal's plans, but it is not a won game), with a temperature of two and a
# half points. Fitted to who won seeded games of Normal bots (positions sampled from 400 games in each of intro,
# gold and turmoil): the mean log-loss of the winner falls from 0.634 / 0.559 / 0.979 (the former uncapped
# softmax, 1.5 points wide) to 0.589 / 0.529 / 0.632 (0.693 for a coin).
WORTH_CAP = 32.0
WORTH_SCALE = 20.0


def rank(view: Any, legal: list[Action], rng: random.Random, normal: Any = None) -> list[Action] | None:
    """The legal actions from Normal's favourite down (None where Normal decides by another rule); given the
    Normal bot that has just scored this view, its caches serve the ranking."""
    if view.decision is not None and view.decision[0] == "arrange":
        return None
    scorer = normal.scorer(view) if isinstance(normal, RivalsHeuristicBot) else Scorer(view)
    scored = sorted(((scorer.score(a) + 1e-6 * rng.random(), i) for i, a in enumerate(legal)), reverse=True)
    return [legal[i] for _, i in scored]


class RivalsEvaluator:
    """Scores a position for one seat from both principalities as Normal values them (analyses cached)."""

    def __init__(self) -> None:
        self.structures = StructureCache()

    def __call__(self, game: Game, player: int) -> float:
        """The player's share of the winning chances, from the difference of both players' Normal worths."""
        rivals: RivalsGame = game  # type: ignore[assignment]
        worths = []
        for p in (0, 1):
            view = rivals.view(p)
            worths.append(Valuer(view, self.structures).value(Plan.of(view)))
        return winning_share(worths[player] - worths[1 - player])


def winning_share(lead: float) -> float:
    """The share of the winning chances of a player whose Normal worth leads the other's by `lead` units."""
    capped = max(-WORTH_CAP, min(WORTH_CAP, lead))
    return 1.0 / (1.0 + math.exp(-capped / WORTH_SCALE))
