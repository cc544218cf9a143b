"""The chance an action brings about in a Catan game, as outcomes with their probabilities: the eleven sums of a
roll, the kind of development card a purchase draws, the resource a robber steals. Each outcome is a way to set a
copy of the game up so that applying the action gives that outcome (forced dice or draws, or the deck's top card),
so a search can weigh them all instead of sampling one."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from game.catan import actions as A
from game.catan.state import ROLL
from game.core.actions import Action
from game.core.outcomes import Outcome, Prepare

if TYPE_CHECKING:
    from game.catan.rules import CatanGame

# One pair of dice for each sum (only the sum counts in Catan) and how many of the 36 throws give it.
DICE_SUMS: tuple[tuple[int, tuple[int, int], int], ...] = tuple(
    (total, (max(1, total - 6), total - max(1, total - 6)), 6 - abs(total - 7)) for total in range(2, 13))


def roll_outcomes() -> list[tuple[Fraction, tuple[int, int]]]:
    """The eleven sums of two dice as (probability, a throw giving that sum)."""
    return [(Fraction(ways, 36), pair) for _, pair, ways in DICE_SUMS]


def outcomes(game: CatanGame, action: Action) -> list[Outcome]:
    """The chance outcomes of applying `action` in `game` with their probabilities (summing to one): for each, how
    to prepare a copy of the game so that the action gives it (None: as the game stands). An action without
    chance has the one outcome (1.0, None)."""
    s = game.state
    if action.kind == "roll":
        return [(float(p), _forcing(*pair)) for p, pair in roll_outcomes()]
    if action.kind == "buy_dev_card" and s.dev_deck:
        deck = s.dev_deck
        return [(deck.count(card) / len(deck), _top_card(card)) for card in sorted(set(deck))]
    victim = getattr(action, "victim", None)
    if action.kind == "move_robber" and victim is not None and sum(s.hands[victim]):
        hand = s.hands[victim]
        total = sum(hand)
        # The steal draws an index into the victim's cards counted resource by resource: the first index of each.
        firsts = [sum(hand[:r]) for r in range(len(hand))]
        return [(hand[r] / total, _forcing(firsts[r])) for r in range(len(hand)) if hand[r]]
    return [(1.0, None)]


def leaf_roll(game: CatanGame) -> Action | None:
    """The roll a position waits for (a search weighs its eleven sums there), or None when no roll is next."""
    s = game.state
    return A.Roll(s.current) if s.phase == ROLL else None


def _forcing(*values: int) -> Prepare:
    def prepare(game: CatanGame) -> None:
        game.chance.clear_forced()
        game.chance.force(*values)
    return prepare


def _top_card(card: int) -> Prepare:
    def prepare(game: CatanGame) -> None:
        deck = game.state.dev_deck
        at = len(deck) - 1 - deck[::-1].index(card)
        deck[at], deck[-1] = deck[-1], deck[at]
    return prepare
