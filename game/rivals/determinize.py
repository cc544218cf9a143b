"""Rivals for Catan for the searching bot: a full game consistent with one seat's view, and a value of a position.

A seat knows both principalities (with the cards beneath cities), its own hand, the face-up stack, the top of
the discard pile, the open decisions and how many cards lie in every hand and stack. What it does not know is
sampled from the cards unaccounted for: the opponent's hand, the contents and order of the draw stacks (a
stack holds only cards with its back), the discard pile below its top, the order of the region stack and of
the event deck (in the Duel also which crescent events are in it), and the future dice. What the view reveals
for the moment (a searched stack, the region stack under a Scout, the opponent's hand, the discard pile) is
kept exactly. Cards this seat saw earlier but no longer sees (one it put under a stack, one the opponent took
from the discard pile, past events) are treated as unknown.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from game.core.errors import GameError
from game.core.game import Game
from game.core.registry import get_variant
from game.rivals.catalogue import card_of, catalogue
from game.rivals.scoring import victory_points
from game.rivals.setup import draw_piles
from game.rivals.state import Grid, Pending, RivalsState

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame
    from game.rivals.view import RivalsView

# Evaluation, in victory points: what stored resources, hand cards and progress promise, and the softmax
# temperature that turns the scores into shares of the winning chances.
RESOURCE_POINTS = 0.12
HAND_CARD_POINTS = 0.2
REGION_POINTS = 0.15
SOFTMAX_POINTS = 1.5
DUEL_CRESCENT_EVENTS = 6


def determinize(view: RivalsView, rng: random.Random) -> RivalsGame:
    """A full game in which everything the view shows is true and everything it hides is drawn at random."""
    me = view.player
    if me not in (0, 1):
        raise GameError("a spectator's view cannot be determinized")
    opp = 1 - me
    variant = get_variant(view.variant_id)
    game: RivalsGame = variant.game_class()  # type: ignore[attr-defined]
    game._init_common(variant, view.seats, rng.getrandbits(31), dict(view.options or {}))
    for name, value in view.game_attrs:
        setattr(game, name, value)
    mode = game.mode
    cat = catalogue()
    inst = cat.instances

    s = RivalsState(0)
    s.grid = [Grid(list(g)) for g in view.grid]
    s.store = [list(x) for x in view.store]
    s.under = [dict(u) for u in view.under]
    s.stack_backs = tuple(view.stack_backs)
    s.face_up = list(view.face_up)
    hands: list[list[int]] = [[], []]
    hands[me] = list(view.hand)
    known: set[int] = {c for g in view.grid for c in g if c >= 0}
    known.update(c for u in view.under for _, c in u)
    known.update(view.hand)
    known.update(view.face_up)

    for kind in ("road", "settlement", "city"):
        s.center[kind] = [c for c in cat.find(kind, kind) if c not in known]
        _expect(len(s.center[kind]), view.center_sizes[kind], f"{kind} pile")
    revealed = view.revealed
    if "region_stack" in revealed:
        s.center["region"] = list(revealed["region_stack"])
    else:
        regions = [i.index for i in inst if i.back == "region" and i.index not in known]
        rng.shuffle(regions)
        s.center["region"] = regions
    _expect(len(s.center["region"]), view.center_sizes["region"], "region stack")

    basic, theme, events = draw_piles(mode)
    if mode.duel_events:
        crescent = sorted(i.index for i in inst if i.card.type == "event" and i.crescent)
        events = events + rng.sample(crescent, DUEL_CRESCENT_EVENTS)
    events = sorted(events)
    rng.shuffle(events)
    s.events = events
    _expect(len(s.events), view.event_deck_size, "event deck")

    # The draw cards: everything of the draw stacks' sets that is not in sight.
    stacks: list[list[int] | None] = [None] * len(view.stack_sizes)
    if "stack" in revealed and view.decision is not None:
        stacks[view.decision[1][0]] = list(revealed["stack"])
    seen = set(known)
    seen.update(c for st in stacks if st is not None for c in st)
    seen.update(revealed.get("opponent_hand", ()))
    seen.update(revealed.get("discard", ()))
    if view.discard_top >= 0:
        seen.add(view.discard_top)
    face_up_cards = {i.index for i in inst if mode.face_up and i.card.face_up in mode.theme_sets}
    unknown = [c for c in sorted(basic + theme) if c not in seen and c not in face_up_cards]
    free: list[int] = []
    for back in sorted({inst[c].back for c in unknown}):
        pool = [c for c in unknown if inst[c].back == back]
        rng.shuffle(pool)
        targets = [i for i, b in enumerate(s.stack_backs) if b == back and stacks[i] is None]
        extra = len(pool) - sum(view.stack_sizes[i] for i in targets)
        if extra < 0:
            raise GameError(f"the view's {back} stacks hold more cards than are unaccounted for")
        free.extend(pool[:extra])
        at = extra
        for i in targets:
            stacks[i] = pool[at:at + view.stack_sizes[i]]
            at += view.stack_sizes[i]
    for i, st in enumerate(stacks):
        if st is None:  # a stack whose back no unknown card has: it must be empty
            stacks[i] = []
        _expect(len(stacks[i] or []), view.stack_sizes[i], f"stack {i}")
    s.stacks = [st or [] for st in stacks]
    s.returned = list(view.stack_returned) if view.stack_returned else [0] * len(s.stacks)

    # The rest lies in the opponent's hand and in the discard pile below its top.
    rng.shuffle(free)
    if "opponent_hand" in revealed:
        hands[opp] = list(revealed["opponent_hand"])
    else:
        hands[opp] = free[:view.hand_sizes[opp]]
        free = free[view.hand_sizes[opp]:]
    if "discard" in revealed:
        s.discard = list(revealed["discard"])
    else:
        s.discard = free + ([view.discard_top] if view.discard_top >= 0 else [])
    _expect(len(hands[opp]), view.hand_sizes[opp], "opponent's hand")
    _expect(len(s.discard), view.discard_size, "discard pile")
    s.hands = hands
    s.fresh = [[], []]
    s.fresh[me] = list(view.fresh)
    s.fresh[opp] = hands[opp][len(hands[opp]) - view.fresh_sizes[opp]:] if view.fresh_sizes[opp] else []

    placed = set(s.all_places())
    s.box = [i.index for i in inst if i.index not in placed]
    s.current = view.current
    s.phase = view.phase
    s.pending = [_unhide(item, hands) for item in view.pending]
    s.next_batch = max((item[0] for item in s.pending), default=-1) + 1
    s.dice = view.dice
    s.turn_number = view.turn_number
    s.exchanged = view.exchanged
    s.tokens = list(view.tokens)
    s.winner = -1
    s.started = view.started
    s.used = list(view.used)
    game.state = s
    return game


def _expect(got: int, want: int, what: str) -> None:
    if got != want:
        raise GameError(f"the view's {what} does not add up ({got} cards for {want})")


def _unhide(item: Pending, hands: list[list[int]]) -> Pending:
    """A hidden card to be used at once becomes the newest card of its holder's sampled hand."""
    b, p, kind, data = item
    if kind == "use_now" and data[0] < 0 and hands[p]:
        return b, p, kind, (hands[p][-1], *data[1:])
    return item


def evaluate(game: Game, player: int) -> float:
    """The player's share of the winning chances: a softmax over both players' points plus promise."""
    rivals: RivalsGame = game  # type: ignore[assignment]
    scores = [position_score(rivals, p) for p in (0, 1)]
    top = max(scores)
    weights = [math.exp((x - top) / SOFTMAX_POINTS) for x in scores]
    return weights[player] / sum(weights)


def position_score(game: RivalsGame, player: int) -> float:
    """Victory points (relative to the target) plus stored resources, hand cards and regions, in points."""
    s = game.state
    cards = card_of()
    regions = sum(1 for c in s.grid[player] if c >= 0 and cards[c].type == "region")
    points = victory_points(s, player) * 10.0 / max(1, game.mode.target_vp)
    return (points + RESOURCE_POINTS * sum(s.store[player]) + HAND_CARD_POINTS * len(s.hands[player])
            + REGION_POINTS * regions)
