"""The quick card game for the searching bot: a full game consistent with one seat's view, and a position's value.

A seat knows the market, its own hand, every face-up building card and how many cards lie in every hand, the
draw pile, the discard pile and the supplies. What it does not know is sampled: the resources missing from its
hand and the market are dealt at random to the others' hands (in their known sizes), the discard pile and the
draw pile (whose order is thus random too); the settlement cards whose city side nobody has seen are dealt at
random to the settlement rows and the settlement supply; the world gets fresh chance for future draws. The
discard pile's contents are treated as unknown (the view gives only its size), like any card this seat saw
earlier but no longer sees (e.g. one it gave back after a take).
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from game.cards.catalogue import KNIGHT, ROAD, SETTLEMENT, building_cards, resource_totals
from game.cards.rules import CardsGame
from game.cards.state import NOBODY, CardsState
from game.core.errors import GameError
from game.core.game import Game
from game.core.registry import get_variant

if TYPE_CHECKING:
    from game.cards.view import CardsView

# Evaluation, in victory points: what a hand card and an A-side knight (one more card each turn) promise, and the
# softmax temperature that turns the scores into shares of the winning chances.
HAND_CARD_POINTS = 0.12
HAND_CARDS_COUNTED = 8
KNIGHT_POINTS = 0.3
SOFTMAX_POINTS = 1.0


def determinize(view: CardsView, rng: random.Random) -> CardsGame:
    """A full game in which everything the view shows is true and everything it hides is drawn at random."""
    me = view.player
    if view.hand is None:
        raise GameError("a spectator's view cannot be determinized")
    n = len(view.tables)
    others = [q for q in range(n) if q != me]
    s = CardsState()
    s.num_players = n
    s.current = view.current
    s.phase = view.phase
    s.turn_number = view.turn_number
    s.winner = NOBODY if view.winner is None else view.winner
    s.market = list(view.market)

    unseen = [total - own - view.market.count(r)
              for r, (total, own) in enumerate(zip(resource_totals(n), view.hand))]
    if any(count < 0 for count in unseen):
        raise GameError("the view's resources do not add up")
    s.hands = [[0] * 5 for _ in range(n)]
    s.hands[me] = list(view.hand)
    if view.shown_hand is not None and view.looking_at is not None:  # Library: that hand is seen, not sampled
        s.hands[view.looking_at] = list(view.shown_hand)
        others.remove(view.looking_at)
        unseen = [u - shown for u, shown in zip(unseen, view.shown_hand)]
        if any(count < 0 for count in unseen):
            raise GameError("the view's shown hand does not add up")
    pool = [r for r, count in enumerate(unseen) for _ in range(count)]
    rng.shuffle(pool)
    at = 0
    for q in others:
        size = view.tables[q].hand_size
        for r in pool[at:at + size]:
            s.hands[q][r] += 1
        at += size
    s.discard = pool[at:at + view.discard_size]
    at += view.discard_size
    s.draw = pool[at:]
    if len(s.draw) != view.draw_size:
        raise GameError("the view's resource counts do not match the cards unaccounted for")

    cards = building_cards(n)
    of_type = lambda t: [c.id for c in cards if c.type == t]  # noqa: E731
    s.road_supply = of_type(ROAD)[::-1][:view.road_supply]
    s.knight_supply = of_type(KNIGHT)[::-1][:view.knight_supply]
    s.development_supply = list(view.development_supply)
    s.cities = [[c for c, _ in t.cities] for t in view.tables]
    s.developed = [{c: d for c, d in t.cities if d is not None} for t in view.tables]
    s.roads = [[c for c, _ in t.roads] for t in view.tables]
    s.knights = [[c for c, _ in t.knights] for t in view.tables]
    shown = {c for row in s.cities for c in row}
    hidden = [c for c in of_type(SETTLEMENT) if c not in shown]
    rng.shuffle(hidden)
    s.settlements = []
    at = 0
    for t in view.tables:
        s.settlements.append(hidden[at:at + t.settlements])
        at += t.settlements
    s.settlement_supply = hidden[at:]
    if len(s.settlement_supply) != view.settlement_supply:
        raise GameError("the view's settlement cards do not add up")

    s.fate = view.fate
    s.library_used = view.library_used
    s.guild_used = view.guild_used
    s.university_used = view.university_used
    s.built = list(view.built)
    s.give_back_to, s.give_back_count = view.give_back if view.give_back is not None else (NOBODY, 0)
    s.owed = list(view.owed)
    s.looking_at = NOBODY if view.looking_at is None else view.looking_at
    variant = get_variant(view.variant_id)
    game = CardsGame()
    game._init_common(variant, view.seats, rng.getrandbits(31), dict(view.options or {}))
    for name, value in view.game_attrs:
        setattr(game, name, value)
    game.state = s
    s.trades_used = game.trade_limit(s.current) - view.trades_left
    return game


def evaluate(game: Game, player: int) -> float:
    """The player's share of the winning chances: a softmax over everyone's points plus promise."""
    cards: CardsGame = game  # type: ignore[assignment]
    scores = [position_score(cards, p) for p in range(cards.num_players)]
    top = max(scores)
    weights = [math.exp((x - top) / SOFTMAX_POINTS) for x in scores]
    return weights[player] / sum(weights)


def position_score(game: CardsGame, player: int) -> float:
    """Victory points plus what the hand and the A-side knights promise, in points."""
    s = game.state
    hand = min(sum(s.hands[player]), HAND_CARDS_COUNTED)
    return game.vp(player) + HAND_CARD_POINTS * hand + KNIGHT_POINTS * game.a_side(s.knights[player])
