"""The robber of the Catan rules: the discards after a seven, moving the robber, stealing, and the discard memos."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.catan import actions as A
from game.catan import events as E
from game.catan.action_table import _action_table
from game.catan.geometry import Topology
from game.catan.state import DISCARD, MAIN, MOVE_ROBBER, NOBODY, ROLL, CatanState
from game.catan.trade import _cards_ok
from game.core.actions import Action, Event
from game.core.chance import Chance
from game.core.errors import IllegalAction


class RobberMixin:
    """Discarding after a seven, moving the robber and stealing.

    Mixed into CatanGame (game.catan.rules), which supplies the state and the helpers shared by all concerns.
    """

    state: CatanState
    topo: Topology
    options: dict[str, Any]
    chance: Chance

    def discard_owed(self, cards: int) -> int:
        """How many of `cards` resource cards a hand gives up when a seven is rolled (none within the limit)."""
        return cards // 2 if cards > self.options["discard_limit"] else 0

    def robber_victims(self, player: int, hex_index: int) -> list[int]:
        """Opponents with a building on the hex and at least one resource card."""
        s = self.state
        victims = []
        for node in self.topo.hex_nodes[hex_index]:
            owner = s.node_owner[node]
            if (owner != NOBODY and owner != player and owner < s.num_players and owner not in victims
                    and sum(s.hands[owner]) > 0):
                victims.append(owner)
        return sorted(victims)

    def _check_move_robber(self, a: A.MoveRobber) -> None:
        self._need_phase(MOVE_ROBBER)
        s = self.state
        if not isinstance(a.hex, int) or not 0 <= a.hex < 19:
            raise IllegalAction(f"no hex {a.hex}")
        if a.hex == s.robber:
            raise IllegalAction("the robber must move to another hex")
        victims = self.robber_victims(a.player, a.hex)
        if victims:
            # After a knight the steal is optional (seeds 002 l.401, 003 l.822); after a seven it is not.
            if a.victim not in victims and not (a.victim is None and s.robber_cause == "knight"):
                raise IllegalAction(f"the victim must be one of {victims}")
        elif a.victim is not None:
            raise IllegalAction("nobody on that hex can be robbed")

    def _check_discard(self, a: A.Discard) -> None:
        self._need_phase(DISCARD)
        s = self.state
        if not _cards_ok(a.cards) or sum(a.cards) == 0:
            raise IllegalAction("discard at least one card, as five non-negative counts")
        if sum(a.cards) > s.owed[a.player]:
            raise IllegalAction(f"player {a.player} owes only {s.owed[a.player]} cards")
        if any(c > h for c, h in zip(a.cards, s.hands[a.player])):
            raise IllegalAction("cannot discard cards one does not hold")

    def _do_discard(self, a: A.Discard) -> list[Event]:
        s = self.state
        self._pay(a.player, a.cards)
        s.owed[a.player] -= sum(a.cards)
        if not any(s.owed):
            s.phase = MOVE_ROBBER
        return [E.CardsDiscarded(a.player, a.cards)]

    def _do_move_robber(self, a: A.MoveRobber) -> list[Event]:
        s = self.state
        s.robber = a.hex
        events: list[Event] = [E.robber_moved(a.player, a.hex)]
        if a.victim is not None:
            events.append(self._steal(a.player, a.victim))
        s.robber_cause = None
        s.phase = MAIN if s.has_rolled else ROLL
        return events

    def _steal(self, thief: int, victim: int) -> Event:
        s = self.state
        hand = s.hands[victim]
        pick = self.chance.index(sum(hand))
        for r in range(5):
            if pick < hand[r]:
                break
            pick -= hand[r]
        hand[r] -= 1
        s.hands[thief][r] += 1
        return E.card_stolen(thief, victim, r)

    def _legal_robber_moves(self, player: int) -> list[Action]:
        s = self.state
        hands = s.hands
        robbable = 0  # a bit per opponent holding a card
        for owner in range(s.num_players):
            if owner != player and any(hands[owner]):
                robbable |= 1 << owner
        occupied = self._hex_occupants()
        table = _action_table(player)
        moves = table.robber_by_victims
        out: list[Action] = []
        robber = s.robber
        optional = s.robber_cause == "knight"  # a knight's steal may be declined: the victim None stays legal
        for h in range(19):
            if h != robber:
                victims = occupied[h] & robbable
                out.extend(moves[h][victims])
                if optional and victims:
                    out.append(table.robber[h][None])
        return out


# Bounded: hands recur within a game, but thousands of simulated games would otherwise keep every hand ever seen.
DISCARD_CACHE_SIZE = 1024

# Only discards of at most this many cards are memoised: they have at most C(5 + 4, 4) = 126 choices, so the two
# caches together hold a few MB at most. A larger discard (a hoarding bot's 20 cards give thousands of choices,
# hundreds of KB an entry) is worked out anew: such hands seldom recur, and an entry would weigh as much as
# hundreds of small ones (issue 37: a long run's memory grew with them).
DISCARD_CACHED_OWED = 5


def discard_actions(player: int, hand: tuple[int, ...], owed: int) -> tuple[A.Discard, ...]:
    """The whole-discard actions of a player with this hand (small discards cached: the same hands recur)."""
    if owed <= DISCARD_CACHED_OWED:
        return _small_discard_actions(player, hand, owed)
    return tuple([A.Discard(player, cards) for cards in _discard_choices(hand, owed)])


@lru_cache(maxsize=DISCARD_CACHE_SIZE)
def _small_discard_actions(player: int, hand: tuple[int, ...], owed: int) -> tuple[A.Discard, ...]:
    return tuple([A.Discard(player, cards) for cards in _small_discard_choices(hand, owed)])


def discard_choices(hand: tuple[int, ...], owed: int) -> tuple[tuple[int, ...], ...]:
    """Every way to give back exactly `owed` cards from the hand (the discard after a seven, as one decision),
    the most lumber first, then the most wool, and so on (small discards cached)."""
    if owed <= DISCARD_CACHED_OWED:
        return _small_discard_choices(hand, owed)
    return _discard_choices(hand, owed)


@lru_cache(maxsize=DISCARD_CACHE_SIZE)
def _small_discard_choices(hand: tuple[int, ...], owed: int) -> tuple[tuple[int, ...], ...]:
    return _discard_choices(hand, owed)


def _discard_choices(hand: tuple[int, ...], owed: int) -> tuple[tuple[int, ...], ...]:
    h0, h1, h2, h3, h4 = hand
    room1, room2, room3 = h1 + h2 + h3 + h4, h2 + h3 + h4, h3 + h4  # what the later resources can still give
    choices: list[tuple[int, ...]] = []
    # Each count runs from the most down to none, so what is left for the rest only grows: once it exceeds
    # what the rest can give, no smaller count can work either.
    for k0 in range(min(h0, owed), -1, -1):
        left0 = owed - k0
        if left0 > room1:
            break
        for k1 in range(min(h1, left0), -1, -1):
            left1 = left0 - k1
            if left1 > room2:
                break
            for k2 in range(min(h2, left1), -1, -1):
                left2 = left1 - k2
                if left2 > room3:
                    break
                for k3 in range(min(h3, left2), -1, -1):
                    left3 = left2 - k3
                    if left3 > h4:
                        break
                    choices.append((k0, k1, k2, k3, left3))
    return tuple(choices)
