"""Hard's own play in Catan with three or four players: Normal's, with a firmer style and roads chosen by value.

What the search starts from (its prior). Two changes to Normal, each measured in seat-rotated games of one such
player against three Normal bots on the beginner board: it weighs a card still lacking at 4 points rather than 3
when it picks what to save for, and offers a trade when its goal lacks one or two cards (Normal: one); and where
building a road is the best of its next actions by the seat's value of the positions they lead to
(game/ai/catan_value.py), it builds the road that value prefers. In the two-player game it plays as Normal.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.ai.catan_heuristic import MISSING_CARD_PENALTY, TRADE_CARDS_KEY, CatanHeuristicBot
from game.ai.catan_value import seat_value
from game.catan.determinize import determinize
from game.catan.state import MAIN, ROAD_BUILDING
from game.core.actions import Action
from game.core.errors import GameError

if TYPE_CHECKING:
    from game.catan.view import CatanView

FIRM_PENALTY = 4.0
FIRM_LACKING_TO_OFFER = 2
# The actions whose positions the value compares: builds, bank trades and ending the turn (an offer or a
# development card play is not judged by it).
VALUED_KINDS = frozenset({"build_road", "build_settlement", "build_city", "buy_dev_card", "maritime_trade",
                          "end_turn"})


def multi_player(view: CatanView) -> bool:
    """Whether the view is of a game of three or four players (not the two-player game with trade cards)."""
    return view.state.num_players >= 3 and TRADE_CARDS_KEY not in view.state.extra


class CatanHardPolicy(CatanHeuristicBot):
    """Normal's play with a firmer style and value-chosen roads in games of three and four players."""

    id = "hard-policy"

    def fresh(self) -> CatanHardPolicy:
        """A policy with no memory of past decisions (offers made) that shares this one's caches."""
        bot = CatanHardPolicy()
        bot._road_memo = self._road_memo
        return bot

    def goal_penalty(self, view: CatanView) -> float:
        """What one card still lacking costs a goal: more than Normal's in games of three and four."""
        return FIRM_PENALTY if multi_player(view) else MISSING_CARD_PENALTY

    def lacking_to_offer(self, view: CatanView) -> int:
        """Offers for one of up to two lacking cards in games of three and four (Normal: one)."""
        return FIRM_LACKING_TO_OFFER if multi_player(view) else 1

    def choose(self, view: CatanView, legal_actions: list[Action], rng: random.Random) -> Action:
        """Normal's choice, unless a road is the best valued of the next actions: then that road (a development
        card Normal plays stands)."""
        normal = super().choose(view, legal_actions, rng)
        if view.state.phase not in (MAIN, ROAD_BUILDING) or not multi_player(view) or normal.kind.startswith("play_"):
            return normal
        road = self._best_road(view, legal_actions, rng)
        return normal if road is None else road

    def _best_road(self, view: CatanView, legal: list[Action], rng: random.Random) -> Action | None:
        """The road whose position the seat values most, if that beats every other valued action; else None.

        The positions are compared in one world sampled from the view (a road, a building or a bank trade moves
        nothing hidden; a bought development card is valued by its count)."""
        valued = [a for a in legal if a.kind in VALUED_KINDS]
        if not any(a.kind == "build_road" for a in valued):
            return None
        try:
            world = determinize(view, rng)
        except GameError:
            return None
        best, best_value = None, 0.0
        for action in valued:
            after = world.clone()
            try:
                after.apply(action)
            except GameError:
                continue
            value = seat_value(after, view.player)
            if best is None or value > best_value:
                best, best_value = action, value
        return best if best is not None and best.kind == "build_road" else None
