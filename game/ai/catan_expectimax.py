"""Catan's hooks for Hard's expectimax: the chance of rolls, purchases and steals (game/catan/outcomes.py), lines
that end at the next seat's roll (whose eleven sums a leaf weighs), the shipped network at the leaves, Hard's own
policy as the prior and Normal playing every seat along a line; domestic offers join the candidates."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from game.ai.catan_hard_policy import CatanHardPolicy
from game.ai.catan_heuristic import CatanHeuristicBot, trade_merit
from game.ai.expectimax import ChanceSearch, ExpectimaxBot, ExpectimaxSettings
from game.ai.value_store import WEIGHTS_FOLDER, LeafValues, leaf_values, weights_name
from game.catan import actions as A
from game.catan.determinize import determinize, evaluate, rollout_view, turn_of
from game.catan.outcomes import leaf_roll, outcomes
from game.catan.state import ROLL, SETUP_ROAD, SETUP_SETTLEMENT
from game.core.actions import Action
from game.core.game import Game

if TYPE_CHECKING:
    from game.catan.view import CatanView

OFFERS_SEARCHED = 2  # the domestic offers that most help the seat's goal, searched beside the other candidates


def line_over(game: Game, start: Hashable, setup: bool) -> bool:
    """A line ends where a roll of a later turn than the decision's is next (from the set-up: the first roll)."""
    s = game.state  # type: ignore[attr-defined]
    return s.phase == ROLL and (setup or s.turn_number != start)


def turn_number(view: CatanView | Game) -> int:
    """The turn a view or a world is in (a line's end is a roll of a later one)."""
    return int(view.state.turn_number)  # type: ignore[union-attr]


def in_setup(view: CatanView) -> bool:
    """Whether the view is of the set-up's placements."""
    return view.state.phase in (SETUP_SETTLEMENT, SETUP_ROAD)


def offer_candidates(view: CatanView, legal: list[Action]) -> list[Action]:
    """The open one-for-one offers that would most help the seat's goal if taken (none that would not)."""
    merit = trade_merit(view)
    offers = [a for a in legal if isinstance(a, A.OfferTrade) and not a.to and sum(a.give) == 1 and sum(a.get) == 1]
    scored = sorted(((merit(a), i) for i, a in enumerate(offers)), reverse=True)
    return [offers[i] for m, i in scored[:OFFERS_SEARCHED] if m > 0]


def catan_chance_search(weights: Path = WEIGHTS_FOLDER) -> ChanceSearch:
    """The hooks for Catan games (the leaves scored by the network of the game's variant and player count in the
    weights folder, where there is one: the shipped ones unless training names its own)."""
    by_game: dict[str, LeafValues] = {}  # by weights name

    def chances(games: Sequence[Game]) -> np.ndarray:
        if not games:
            return np.zeros((0, 0))
        game = games[0]
        key = weights_name(game.variant.id, game.num_players, game.options)
        leaves = by_game.get(key)
        if leaves is None:
            leaves = by_game[key] = leaf_values(game.variant.id, game.num_players, evaluate, weights, game.options)
        return leaves.chances(games)

    return ChanceSearch(determinize, outcomes, line_over, turn_number, in_setup, leaf_roll, chances, CatanHardPolicy,
                        CatanHeuristicBot, rollout_view, frozenset({"roll", "discard"}), offer_candidates,
                        frozenset({"offer_trade"}), turn_of)


def catan_expectimax(think_seconds: float = 4.0, settings: ExpectimaxSettings = ExpectimaxSettings(),
                     weights: Path = WEIGHTS_FOLDER) -> ExpectimaxBot:
    """Hard's expectimax for Catan games (with the networks of the weights folder)."""
    return ExpectimaxBot(catan_chance_search(weights), settings, think_seconds)
