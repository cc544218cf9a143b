"""Each family's Hard evaluation as the fit sees it: the per-seat facts, the weights in use, the code's constants."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.errors import GameError
from game.core.game import Game
from game.core.registry import get_variant

if TYPE_CHECKING:
    from game.catan.rules import CatanGame
    from game.rivals.rules import RivalsGame


@dataclass(frozen=True, slots=True)
class EvaluationModel:
    """A family's evaluation as the fit sees it: the names of the per-seat facts, how to read them off a game, the
    weights in use (the evaluation is the softmax over the seats of weights . facts), and how to print weights as
    the code's constants."""

    names: tuple[str, ...]
    facts: Callable[[Game], tuple[tuple[float, ...], ...]]
    weights_in_use: tuple[float, ...]
    constants: Callable[[Sequence[float]], str]
    share: float  # the chance that a position before an action is sampled
    first_turn: int = 0  # positions before this turn are not sampled


def evaluation_model(variant_id: str, players: int) -> EvaluationModel:
    """The evaluation model of a variant; GameError for a family whose evaluation is not fitted."""
    family = get_variant(variant_id).family
    if family == "catan":
        return catan_model(players)
    if family == "rivals":
        return rivals_model(variant_id)
    if family == "cards":
        return cards_model()
    raise GameError(f"the evaluation of {family!r} games is not fitted")


def cards_model() -> EvaluationModel:
    """The quick card game: each seat's points plus what its hand and A-side knights promise, in a softmax of the
    evaluation's temperature (positions sampled at 5 % of the actions from the first turn on)."""
    from game.cards.determinize import SOFTMAX_POINTS, position_score

    def facts(game: Game) -> tuple[tuple[float, ...], ...]:
        return tuple((position_score(game, p),) for p in range(game.num_players))  # type: ignore[arg-type]

    def constants(w: Sequence[float]) -> str:
        return f"SOFTMAX_POINTS = {1 / w[0]:.4g}"

    return EvaluationModel(("points and promise",), facts, (1 / SOFTMAX_POINTS,), constants, share=0.05, first_turn=1)


def catan_model(players: int) -> EvaluationModel:
    """Catan: victory points, pips, cards up to seven and development cards per seat, in a softmax whose
    temperature is the evaluation's (positions sampled at 8 % of the actions from the first turn on)."""
    from game.catan.determinize import evaluation_for, position_facts

    weighing = evaluation_for(players)
    t = weighing.softmax_points
    in_use = (1 / t, 1 / (weighing.pips_per_point * t), 1 / (weighing.cards_per_point * t),
              weighing.dev_card_points / t)

    def facts(game: Game) -> tuple[tuple[float, ...], ...]:
        catan: CatanGame = game  # type: ignore[assignment]
        return tuple(position_facts(catan, p) for p in range(catan.num_players))

    def constants(w: Sequence[float]) -> str:
        return (f"Evaluation(pips_per_point={w[0] / w[1]:.4g}, cards_per_point={w[0] / w[2]:.4g}, "
                f"dev_card_points={w[3] / w[0]:.4g}, softmax_points={1 / w[0]:.4g})")

    return EvaluationModel(("victory points", "pips", "cards (up to 7)", "development cards"), facts, in_use,
                           constants, share=0.08, first_turn=1)


def rivals_model(variant_id: str) -> EvaluationModel:
    """Rivals: Normal's worth (half the capped lead per seat, so that the two seats differ by the capped lead), the
    points, the principality's plain facts and whose turn it is (positions sampled at 5 % of the actions)."""
    from dataclasses import astuple, fields

    from game.ai.rivals_search import WORTH_CAP, RivalsEvaluator, Weighing, weighing_for

    evaluator = RivalsEvaluator()

    def facts(game: Game) -> tuple[tuple[float, ...], ...]:
        rivals: RivalsGame = game  # type: ignore[assignment]
        seats = [evaluator.facts(rivals, p) for p in (0, 1)]
        rows = []
        for p in (0, 1):
            lead = max(-WORTH_CAP, min(WORTH_CAP, seats[p][0] - seats[1 - p][0]))
            rows.append((lead / 2, *seats[p][1:], 1.0 if rivals.state.current == p else 0.0))
        return tuple(rows)

    def constants(w: Sequence[float]) -> str:
        named = ", ".join(f"{f.name}={x:.4f}" for f, x in zip(fields(Weighing), w))
        return f"Weighing({named})"

    names = tuple(f.name for f in fields(Weighing))
    return EvaluationModel(names, facts, astuple(weighing_for(variant_id)), constants, share=0.05)
