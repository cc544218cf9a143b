"""Catan for the searching bot: a full game consistent with one seat's view, and a value of a position.

A seat knows the board, every piece, the bank, its own hand and cards, the played development cards and how
many cards everyone holds. What it does not know (which resources and development cards the others hold, the
order of the development deck, the future dice) is sampled: the resources missing from the bank and its own hand
are dealt at random to the others in their known counts, the unplayed development cards likewise to the others
and the deck, and the world gets fresh dice.

The cards a seat has followed (the view's `known_hands`, game/catan/card_memory.py) are dealt as it knows them, and
only the rest of each hand at random. In the two-player game that is the whole hand: every card that moves is seen
by both, and the cards out of the bank and out of its own hand are the other's anyway. In games of four, a seat
following the cards knows about three quarters of the others' cards (0.76 over six games of Normal bots on the
beginner board) and a whole hand in 44 % of looks. One Hard against three Normal bots on the beginner board (300
seat-rotated games from seed 3900) won 143 (47.7 % [42.1-53.3]) dealing the known cards, where dealing every hand at
random won 128; dealt the true hands (a bound no seat could reach), it had won 30 of the first 56. On a variable
board with trade (the same seeds) it won 146 (48.7 % [43.1-54.3]) where dealing at random won 128.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.catan.constants import BANK_PER_RESOURCE, DEV_DECK_COUNTS, PIPS, TERRAIN_RESOURCE
from game.catan.geometry import topology
from game.core.errors import GameError
from game.core.game import Game
from game.core.registry import get_variant

if TYPE_CHECKING:
    from game.catan.rules import CatanGame
    from game.catan.view import CatanView


@dataclass(frozen=True, slots=True)
class Evaluation:
    """How a position's score is made (victory points plus point equivalents of production, the hand and the
    development cards held) and turned into shares of the winning chances (a softmax with this temperature)."""

    pips_per_point: float
    cards_per_point: float   # cards in hand (up to seven count)
    dev_card_points: float   # each development card held
    softmax_points: float


# Two players: set by hand (Hard's measured lines in catan-2p use these).
TWO_PLAYER_EVALUATION = Evaluation(pips_per_point=14.0, cards_per_point=10.0, dev_card_points=0.3,
                                   softmax_points=1.2)
# Three and four players: fitted by maximum likelihood (a softmax over the seats, the winner as outcome) to 93,522
# positions sampled from 3,000 seeded 4-player games of Normal bots on the beginner board; it predicts the winner
# of held-out games better than the hand-set weights (mean log-loss 1.194 against 1.222; 1.386 for a coin).
MULTI_PLAYER_EVALUATION = Evaluation(pips_per_point=18.9, cards_per_point=6.76, dev_card_points=0.54,
                                     softmax_points=1.545)


def evaluation_for(players: int) -> Evaluation:
    """The evaluation of a game with this many players."""
    return TWO_PLAYER_EVALUATION if players == 2 else MULTI_PLAYER_EVALUATION


def determinize(view: CatanView, rng: random.Random) -> CatanGame:
    """A full game in which everything the view shows is true and everything it hides is drawn at random."""
    s = view.state.clone()
    me = view.player
    n = s.num_players
    others = [q for q in range(n) if q != me]
    _deal_resources(view, s.hands, others, rng)
    unseen = list(DEV_DECK_COUNTS)
    unseen[0] -= int(s.extra.get("removed_knights", 0))
    for q in range(n):
        for card in range(5):
            unseen[card] -= s.dev_played[q][card] + (s.dev_hand[q][card] if q == me else 0)
    if any(count < 0 for count in unseen):
        raise GameError("the view's development cards do not add up")
    cards = [card for card, count in enumerate(unseen) for _ in range(count)]
    rng.shuffle(cards)
    _deal(cards, others, view.dev_counts, s.dev_hand)
    s.dev_deck = cards[sum(view.dev_counts[q] for q in others):]
    for q in others:
        s.dev_new[q] = [0] * 5
    s.derived = {}
    variant = get_variant(view.variant_id)
    game = variant.game_class()  # type: ignore[attr-defined]
    game._init_common(variant, view.seats, rng.getrandbits(31), dict(view.options))
    game.topo = topology()
    game.state = s
    game._build_caches()
    for name, value in view.game_attrs:
        setattr(game, name, value)
    return game


def rollout_view(game: CatanGame, player: int) -> CatanView:
    """A seat's view of a sampled world for playing it forward: the world's own state, not a blanked copy (it
    was drawn from the searching bot's view, so it hides nothing, and Normal reads only its own hand)."""
    from game.catan.view import CatanView

    return CatanView.of(game, player, blank=False)


def turn_of(view: CatanView) -> tuple[int, int]:
    """Which turn a seat's view is in, for the bots' once-a-turn limits (the seat and the turn's number)."""
    return view.player, view.state.turn_number


def _deal_resources(view: CatanView, hands: list[list[int]], others: list[int], rng: random.Random) -> None:
    """Give the others the resource cards the view knows they hold, and the rest of their counts at random from the
    cards unaccounted for (out of the bank, its own hand and the known cards)."""
    s, me, n = view.state, view.player, view.state.num_players
    known = view.known_hands or ((0,) * 5,) * n
    out = [BANK_PER_RESOURCE - s.bank[r] - s.hands[me][r] for r in range(5)]
    unaccounted = [out[r] - sum(known[q][r] for q in others) for r in range(5)]
    unknown = [count - sum(cards) for count, cards in zip(view.resource_counts, known)]
    if min(unaccounted) < 0 or any(unknown[q] < 0 for q in others):
        # Only a state edited by hand (a test's, a designer's) can disagree with its memory: deal as if unknown.
        known, unaccounted, unknown = ((0,) * 5,) * n, out, list(view.resource_counts)
    pool = [r for r in range(5) for _ in range(unaccounted[r])]
    rng.shuffle(pool)
    _deal(pool, others, tuple(unknown), hands)
    for q in others:
        hands[q] = [h + k for h, k in zip(hands[q], known[q])]


def _deal(cards: list[int], others: list[int], counts: tuple[int, ...], hands: list[list[int]]) -> None:
    """Give each of the others as many of the shuffled cards as they are known to hold."""
    at = 0
    for q in others:
        hand = [0] * 5
        for card in cards[at:at + counts[q]]:
            hand[card] += 1
        at += counts[q]
        hands[q] = hand
    if at > len(cards):
        raise GameError("the view's card counts exceed the cards unaccounted for")


def evaluate(game: Game, player: int) -> float:
    """The player's share of the winning chances in a position: a softmax over everyone's score, where a score
    is the victory points plus production, cards in hand and development cards in point equivalents."""
    catan: CatanGame = game  # type: ignore[assignment]
    weighing = evaluation_for(catan.num_players)
    scores = [position_score(catan, p, weighing) for p in range(catan.num_players)]
    top = max(scores)
    weights = [math.exp((x - top) / weighing.softmax_points) for x in scores]
    return weights[player] / sum(weights)


def position_score(game: CatanGame, player: int, weighing: Evaluation | None = None) -> float:
    """Victory points plus what production, hand and development cards promise, in points."""
    weighing = weighing or evaluation_for(game.num_players)
    vp, pips, cards, dev = position_facts(game, player)
    return vp + pips / weighing.pips_per_point + cards / weighing.cards_per_point + weighing.dev_card_points * dev


def position_facts(game: CatanGame, player: int) -> tuple[int, int, int, int]:
    """What the evaluation weighs of a seat: victory points, pips of production (robber aside; a city counts
    twice), cards in hand up to seven, development cards held."""
    s = game.state
    board = s.board
    topo = game.topo
    pips = 0
    for node, owner in enumerate(s.node_owner):
        if owner == player:
            for h in topo.node_hexes[node]:
                if h != s.robber and TERRAIN_RESOURCE[board.terrains[h]] is not None:
                    pips += PIPS.get(board.numbers[h], 0) * s.node_level[node]
    return game.total_vp(player), pips, min(sum(s.hands[player]), 7), sum(s.dev_hand[player])
