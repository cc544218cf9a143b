"""A rule-of-thumb bot for the Catan quick card game: it builds the most valuable thing it can and trades toward it.

It sees only its own CardsView and picks among the legal actions it is given (it never checks legality itself):
it aims at one build (the best value for the fewest missing cards), exchanges spare cards toward it, takes
free cards when a development allows, pays directly rather than three-for-one, and answers give-backs and
robber-raid discards by keeping the cards its aim needs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.variety import NO_VARIETY, Variety
from game.cards import actions as A
from game.cards.catalogue import COSTS, DEVELOPMENTS_VP, card
from game.cards.view import CardsView
from game.core.actions import Action

Cards = tuple[int, ...]

# What one more build is worth (city > settlement > development > road/knight); the B side of a road or
# knight completes a victory point, the A side gives an exchange or a draw.
BUILD_VALUE: dict[str, float] = {"city": 10.0, "settlement": 9.0, "development": 8.0, "road": 5.0, "knight": 4.5}
PAIR_BONUS = 2.0        # a road/knight laid B side up is worth a point
WIN_BONUS = 1000.0


def _shortage(hand: Sequence[int], cost: Sequence[int]) -> int:
    """Cards missing from the hand to pay the cost directly."""
    return sum(max(0, c - h) for h, c in zip(hand, cost))


def _development_cost(dev_id: str) -> Cards:
    kind = card(dev_id).development or ""
    return COSTS["town_hall"] if kind == "town_hall" else COSTS["development"]


class CardsHeuristicBot:
    """Builds city > settlement > development > road/knight, exchanging toward its next build."""

    id = "heuristic"
    needs_view = True

    def __init__(self, variety: Variety = NO_VARIETY) -> None:
        self.variety = variety  # sampling among near-equal builds (none by default)

    def fresh(self) -> CardsHeuristicBot:
        """A bot for a new line of play (this one keeps no memory of past decisions)."""
        return CardsHeuristicBot(self.variety)

    # ------------------------------------------------------------------ aims

    def _aims(self, view: CardsView) -> list[tuple[float, str, Cards]]:
        """Possible builds this turn as (value, kind, cost)."""
        me = view.player
        table = view.tables[me]
        built = set(view.built)
        aims: list[tuple[float, str, Cards]] = []
        if "city" not in built and table.settlements:
            aims.append((BUILD_VALUE["city"], "city", COSTS["city"]))
        if "settlement" not in built and view.settlement_supply:
            aims.append((BUILD_VALUE["settlement"], "settlement", COSTS["settlement"]))
        uncovered = [c for c, d in table.cities if d is None]
        if "development" not in built and uncovered:
            owned = {card(d).development for _, d in table.cities if d is not None}
            for dev in view.development_supply:
                kind = card(dev).development
                if kind not in owned:
                    bonus = DEVELOPMENTS_VP.get(kind or "", 3) - 3
                    aims.append((BUILD_VALUE["development"] + bonus, "development", _development_cost(dev)))
        for kind, pile in (("road", table.roads), ("knight", table.knights)):
            if kind not in built:
                value = BUILD_VALUE[kind] + (PAIR_BONUS if len(pile) % 2 == 1 else 0.0)
                aims.append((value, kind, COSTS[kind]))
        return aims

    def _plan(self, view: CardsView, hand: Sequence[int]) -> Cards | None:
        """The cards to work toward: the best aim, plus a second aim when the first is already paid for."""
        aims = self._aims(view)
        if not aims:
            return None
        first = max(aims, key=lambda a: a[0] - 3.0 * _shortage(hand, a[2]))
        if _shortage(hand, first[2]):
            return first[2]
        rest = tuple(h - c for h, c in zip(hand, first[2]))
        others = [a for a in aims if a[1] != first[1]]
        if not others:
            return first[2]
        second = max(others, key=lambda a: a[0] - 3.0 * _shortage(rest, a[2]))
        return tuple(a + b for a, b in zip(first[2], second[2]))

    def _keep_score(self, view: CardsView, hand: Sequence[int]) -> float:
        """How good a hand is for the builds in reach (lower shortage is better)."""
        aims = self._aims(view)
        if not aims:
            return float(sum(hand))
        return max(a[0] - 3.0 * _shortage(hand, a[2]) for a in aims) + 0.01 * sum(hand)

    # ------------------------------------------------------------------ choosing

    def choose(self, view: CardsView, legal_actions: list[Action], rng: random.Random) -> Action:
        """Pick one of the legal actions."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        hand = tuple(view.hand or (0, 0, 0, 0, 0))
        kinds = {a.kind for a in legal_actions}
        if kinds <= {"discard", "give_back"}:
            return self._keep_best(view, hand, legal_actions)
        if view.give_back is not None:  # after a take: no further blind takes, give back what hurts least
            return self._keep_best(view, hand, [a for a in legal_actions if a.kind == "give_back"])
        if kinds == {"take_openly"}:  # Library: the hand looked into is in view.shown_hand
            return self._open_pick(view, hand, legal_actions)
        guild = [a for a in legal_actions if isinstance(a, A.GuildTake)]
        if guild:
            return max(guild, key=lambda a: view.tables[a.opponent].hand_size)
        build = self._best_build(view, legal_actions, rng)
        if view.phase == "trade":
            plan = self._plan(view, hand)
            trade = self._best_trade(view, hand, plan, legal_actions, rng)
            if trade is not None:
                return trade
        if build is not None:
            return build
        for kind in ("end_trade", "end_turn"):
            if view.phase == "trade" and kind == "end_trade":
                continue  # nothing to build: end the turn at once and draw
            for a in legal_actions:
                if a.kind == kind:
                    return a
        return legal_actions[0]

    def _open_pick(self, view: CardsView, hand: Cards, options: list[Action]) -> Action:
        """Library: a card of the shown hand that the aim lacks, else the one that helps the hand most."""
        target = self._plan(view, hand)
        need = [max(0, c - h) for h, c in zip(hand, target)] if target is not None else [0] * 5

        def after(a: Action) -> tuple[int, float]:
            r = getattr(a, "resource")
            return need[r], self._keep_score(view, tuple(h + (i == r) for i, h in enumerate(hand)))
        return max(options, key=after)

    def _keep_best(self, view: CardsView, hand: Cards, options: list[Action]) -> Action:
        """Discard or give back the cards whose loss hurts the aim least."""
        def after(a: Action) -> float:
            cards = getattr(a, "cards")
            rest = tuple(h - c for h, c in zip(hand, cards))
            return self._keep_score(view, rest)
        return max(options, key=after)

    def _value_of(self, view: CardsView, a: Action) -> float:
        """The worth of a build action (a winning build is worth everything)."""
        me = view.tables[view.player]
        if isinstance(a, A.BuildCity):
            value, gain = BUILD_VALUE["city"], 1
        elif isinstance(a, A.BuildSettlement):
            value, gain = BUILD_VALUE["settlement"], 1
        elif isinstance(a, A.BuildDevelopment):
            gain = DEVELOPMENTS_VP.get(card(a.development).development or "", 3) - 2
            value = BUILD_VALUE["development"] + gain - 1
        elif isinstance(a, (A.BuildRoad, A.BuildKnight)):
            kind = "road" if isinstance(a, A.BuildRoad) else "knight"
            pile = me.roads if kind == "road" else me.knights
            gain = 1 if len(pile) % 2 == 1 else 0
            value = BUILD_VALUE[kind] + PAIR_BONUS * gain
        else:
            return -1.0
        if me.vp + gain >= view.target_vp:
            value += WIN_BONUS
        # Paying with triples wastes cards: prefer the direct payment.
        return value - 0.2 * sum(getattr(a, "payment", ()))

    def _best_build(self, view: CardsView, legal: list[Action], rng: random.Random) -> Action | None:
        builds = [a for a in legal if a.kind.startswith("build_")]
        if not builds:
            return None
        return self.variety.pick(builds, lambda a: (self._value_of(view, a), not getattr(a, "flip_fate", False)), rng)

    def _best_trade(self, view: CardsView, hand: Cards, target: Cards | None, legal: list[Action],
                    rng: random.Random) -> Action | None:
        """An exchange that brings the aim closer, or None."""
        if target is None or _shortage(hand, target) == 0:
            return None
        need = [max(0, c - h) for h, c in zip(hand, target)]
        spare = [max(0, h - c) for h, c in zip(hand, target)]
        best: tuple[float, Action] | None = None
        for a in legal:
            score = 0.0
            if isinstance(a, A.ExchangeWithMarket):
                take, give = a.take.index(1), a.give.index(1)
                if need[take] and spare[give]:
                    score = 3.0 + spare[give] * 0.1
            elif isinstance(a, A.LookAtHand):
                # Looking first, then choosing, beats a blind take; the fuller the hand, the likelier it holds a need.
                size = view.tables[a.opponent].hand_size
                score = 2.5 + 0.05 * min(size, 8) if size >= 2 else 0.0
            elif isinstance(a, A.ExchangeWithPile):
                r = a.cards.index(1)
                if spare[r]:
                    score = 1.0 + spare[r] * 0.1
            elif isinstance(a, A.TakeFromPlayer) and a.count == 1 and any(spare):
                size = view.tables[a.opponent].hand_size
                score = 1.2 + 0.05 * size if size >= 3 else 0.0
            if score > 0 and (best is None or score > best[0]):
                best = (score + rng.random() * 0.01, a)
        return best[1] if best else None
