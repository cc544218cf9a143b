"""A rule-of-thumb bot for the Catan board game that plays like a decent human and sees only its own view.

It never re-implements legality: it scores the legal actions it is given, using values it computes from
the public board (pips, resource mix, harbors), its own hand and the public counts of the others.
In the two-player game (catan-2p) game.ai.catan_two_player_bot adds the neutral builds and the trade-card actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai import catan_two_player_bot
from game.ai.catan_situation import (
    MAX_OFFERS_PER_TURN, MISSING_CARD_PENALTY, SETUP_WEIGHT, Cards, Situation, covers, effective_missing, missing,
)
from game.ai.variety import NO_VARIETY, Variety
from game.catan import actions as A
from game.catan.constants import DEV_CARD_COST, ROAD_COST
from game.catan.state import (
    DISCARD, MAIN, MOVE_ROBBER, NOBODY, ROAD_BUILDING, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, TRADE_CONFIRM,
    TRADE_RESPONSE,
)
from game.catan.view import CatanView
from game.core.actions import Action


# ------------------------------------------------------------------ the bot


class CatanHeuristicBot:
    """Builds toward a goal (city > settlement > development card / road), trades to finish it, robs the leader."""

    id = "heuristic"
    needs_view = True

    def __init__(self, variety: Variety = NO_VARIETY) -> None:
        self._offers: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self._road_memo: dict[tuple, int] = {}
        # Sampling among near-equal set-up spots, roads toward them, robber targets and builds (none by default).
        self.variety = variety

    def fresh(self) -> CatanHeuristicBot:
        """A bot with no memory of past decisions (offers made) that shares this one's caches and variety."""
        bot = CatanHeuristicBot(self.variety)
        bot._road_memo = self._road_memo
        return bot

    def choose(self, view: CatanView, legal_actions: list[Action], rng: random.Random) -> Action:
        """Return one of legal_actions."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        sit = Situation(view, self._road_memo, self.goal_penalty(view), self.setup_weights(view))
        phase = sit.s.phase
        two = catan_two_player_bot if sit.two_player else None
        if two is not None and phase in two.OWN_PHASES:
            choice = two.choose_own_phase(sit, legal_actions)
        elif phase == SETUP_SETTLEMENT:
            choice = self._setup_settlement(sit, legal_actions, rng)
        elif phase == SETUP_ROAD:
            choice = self._setup_road(sit, legal_actions, rng)
        elif phase == ROLL:
            choice = self._before_roll(sit, legal_actions)
        elif phase == MAIN:
            choice = self._main(sit, legal_actions, rng)
        elif phase == ROAD_BUILDING:
            choice = self._free_road(sit, legal_actions)
        elif phase == DISCARD:
            choice = self._discard(sit, legal_actions)
        elif phase == MOVE_ROBBER:
            choice = self._robber(sit, legal_actions, rng)
        elif phase == TRADE_RESPONSE:
            choice = self._answer(sit, legal_actions)
        elif phase == TRADE_CONFIRM:
            choice = self._confirm(sit, legal_actions)
        else:
            choice = None
        if choice is None or choice not in legal_actions:
            return _fallback(legal_actions)
        return choice

    def goal_penalty(self, view: CatanView) -> float:
        """What one card still lacking costs a goal when it picks what to save for (a stronger style may differ)."""
        return MISSING_CARD_PENALTY

    def setup_weights(self, view: CatanView) -> tuple[float, ...]:
        """What a pip of each resource is worth where it places its set-up settlements (a stronger style may differ)."""
        return SETUP_WEIGHT

    def lacking_to_offer(self, view: CatanView) -> int:
        """The most cards its goal may lack for it to offer a trade for one of them."""
        return 1

    # -- set-up

    def _setup_settlement(self, sit: Situation, legal: list[Action], rng: random.Random) -> Action | None:
        spots = [a for a in legal if isinstance(a, A.BuildSettlement)]
        if not spots:
            return None
        return self.variety.pick(spots, lambda a: (sit.site_value(a.node, setup=True), -a.node), rng)

    def _setup_road(self, sit: Situation, legal: list[Action], rng: random.Random) -> Action | None:
        roads = [a for a in legal if isinstance(a, A.BuildRoad)]
        if not roads:
            return None
        start = sit.s.setup_road_from
        topo = sit.topo

        def toward(a: A.BuildRoad) -> float:
            x, y = topo.edges[a.edge]
            v = y if x == start else x
            best = -10.0
            # Sites two and three roads away through v.
            for e1 in topo.node_edges[v]:
                if sit.s.edge_owner[e1] != NOBODY or e1 == a.edge:
                    continue
                p, q = topo.edges[e1]
                w = q if p == v else p
                if w == start or sit.s.node_owner[w] != NOBODY:
                    continue
                if sit.can_settle(w):
                    best = max(best, sit.site_value(w, setup=True))
                for e2 in topo.node_edges[w]:
                    if e2 == e1 or sit.s.edge_owner[e2] != NOBODY:
                        continue
                    p2, q2 = topo.edges[e2]
                    z = q2 if p2 == w else p2
                    if z != v and sit.can_settle(z) and z not in topo.node_neighbors[start]:
                        best = max(best, sit.site_value(z, setup=True) - 2.5)
            return best

        return self.variety.pick(roads, lambda a: (toward(a), -a.edge), rng)

    # -- the turn

    def _before_roll(self, sit: Situation, legal: list[Action]) -> Action | None:
        if sit.two_player:
            extra = catan_two_player_bot.trade_card_moves(sit, legal)
            if extra is not None:
                return extra
        knight = _find(legal, A.PlayKnight)
        if knight is not None:
            robbed = sit.s.robber
            if sit.hex_production(robbed, sit.me) > 0 or sit.army_within_reach(1) or sit.rival_to_rob():
                return knight
        return _find(legal, A.Roll)

    def _main(self, sit: Situation, legal: list[Action], rng: random.Random) -> Action | None:
        s, me, hand = sit.s, sit.me, sit.hand
        name, cost = sit.goal()

        play = self._dev_play(sit, legal)
        if play is not None:
            return play
        two = catan_two_player_bot if sit.two_player else None
        if two is not None:
            extra = two.trade_card_moves(sit, legal)
            if extra is not None:
                return extra

        cities = [a for a in legal if isinstance(a, A.BuildCity)]
        if cities:
            return self.variety.pick(cities, lambda a: (sit.city_value(a.node), -a.node), rng)
        settlements = [a for a in legal if isinstance(a, A.BuildSettlement)]
        if settlements:
            return self.variety.pick(settlements, lambda a: (sit.site_value(a.node), -a.node), rng)

        roads = {a.edge: a for a in legal if isinstance(a, A.BuildRoad)}
        if roads:
            spare = name in ("road", "longest_road") or covers(hand, ROAD_COST, sit.wanted())
            if spare and s.settlements_left[me] > 0 and not sit.sites():
                target = sit.best_target()
                if target is not None and target[2] in roads:
                    return roads[target[2]]
            if spare and (name == "longest_road" or sit.longest_road_close()):
                road = self._longest_road_road(sit, list(roads.values()))
                if road is not None:
                    return road

        buy = _find(legal, A.BuyDevCard)
        if buy is not None and (name in ("dev_card", "none") or covers(hand, DEV_CARD_COST, cost) or (
                sum(hand) > 7 and effective_missing(hand, cost, sit.rates, s.bank) > 0)):
            return buy

        trade = self._maritime(sit, legal, cost)
        if trade is not None:
            return trade
        if two is not None:
            forced = two.forced_trade(sit, legal, cost)
            if forced is not None:
                return forced

        offer = self._offer(sit, legal, cost)
        if offer is not None:
            return offer
        if sum(hand) > int(sit.view.options.get("discard_limit", 7)):
            trade = self._unload(sit, legal)
            if trade is not None:
                return trade
        return _find(legal, A.EndTurn)

    def _unload(self, sit: Situation, legal: list[Action]) -> Action | None:
        """With too many cards to risk a seven, trade the most plentiful surplus for what it needs most."""
        hand, rates, want = sit.hand, sit.rates, sit.wanted()
        need = [w - h for h, w in zip(hand, want)]
        trades = [a for a in legal if isinstance(a, A.MaritimeTrade) and need[a.give] <= 0]
        if not trades:
            return None
        return max(trades, key=lambda a: (need[a.get] > 0, need[a.get], -sit.prod[a.get],
                                          hand[a.give] - want[a.give] - rates[a.give], -a.give, -a.get))

    def _longest_road_road(self, sit: Situation, roads: list[A.BuildRoad]) -> A.BuildRoad | None:
        now = sit.s.road_length[sit.me]
        best = max(roads, key=lambda a: (sit.road_length_after(a.edge), -a.edge))
        return best if sit.road_length_after(best.edge) > now else None

    def _dev_play(self, sit: Situation, legal: list[Action]) -> Action | None:
        """A development card worth playing now, if any (one per turn; the legal list knows)."""
        s, me, hand = sit.s, sit.me, sit.hand
        name, cost = sit.goal()
        knight = _find(legal, A.PlayKnight)
        if knight is not None and (sit.army_within_reach(1) or sit.hex_production(s.robber, me) > 0):
            return knight
        need = [max(0, c - h) for h, c in zip(hand, cost)]
        years = [a for a in legal if isinstance(a, A.PlayYearOfPlenty)]
        if years and name != "none" and any(need):
            want = sit.wanted()

            def after(a: A.PlayYearOfPlenty) -> tuple[int, int, float]:
                h = list(hand)
                for r in a.resources:
                    h[r] += 1
                return missing(h, cost), missing(h, want), sum(sit.prod[r] for r in a.resources)

            plenty = min(years, key=after)
            if after(plenty)[0] < sum(need):
                return plenty
        monopolies = [a for a in legal if isinstance(a, A.PlayMonopoly)]
        if monopolies:
            estimate = self._monopoly_estimate(sit)
            monopoly = max(monopolies, key=lambda a: (estimate[a.resource] * (1.5 if need[a.resource] else 1.0),
                                                      -a.resource))
            r = monopoly.resource
            if estimate[r] >= 3.5 or (need[r] and estimate[r] >= 2 and sum(need) == need[r]):
                return monopoly
        building = _find(legal, A.PlayRoadBuilding)
        if building is not None and s.roads_left[me] > 0 and s.settlements_left[me] > 0 and not sit.sites():
            if sit.best_target() is not None:
                return building
        if building is not None and sit.longest_road_close() and s.roads_left[me] >= 2:
            return building
        return None

    def _monopoly_estimate(self, sit: Situation) -> list[float]:
        """Cards of each resource it expects to collect: others' hand sizes split by their production."""
        out = [0.0] * 5
        for q in range(sit.n):
            if q == sit.me:
                continue
            count = sit.view.resource_counts[q]
            if not count:
                continue
            prod = sit.production(q, skip_robber=False)
            shares = [p + 1.0 for p in prod]  # trades and steals spread some of everything
            total = sum(shares)
            for r in range(5):
                out[r] += count * shares[r] / total
        return out

    def _maritime(self, sit: Situation, legal: list[Action], cost: tuple[int, ...]) -> Action | None:
        """A bank trade, when trading completes the goal this turn."""
        hand, rates = sit.hand, sit.rates
        lack = missing(hand, cost)
        if not lack or effective_missing(hand, cost, rates, sit.s.bank) > 0:
            return None
        trades = [a for a in legal if isinstance(a, A.MaritimeTrade)
                  and hand[a.get] < cost[a.get] and hand[a.give] - cost[a.give] >= rates[a.give]]
        if not trades:
            return None
        return max(trades, key=lambda a: (cost[a.get] - hand[a.get], -rates[a.give],
                                          hand[a.give] - cost[a.give], -a.give, -a.get))

    def _offer(self, sit: Situation, legal: list[Action], cost: tuple[int, ...]) -> Action | None:
        """A 1-for-1 offer to everyone for a card its goal lacks, when few enough are lacking (at most once a turn)."""
        hand = sit.hand
        if not 1 <= missing(hand, cost) <= self.lacking_to_offer(sit.view):
            return None
        key = (sit.me, sit.s.turn_number)
        made = self._offers.setdefault(key, [])
        if len(made) >= MAX_OFFERS_PER_TURN:
            return None
        if len(self._offers) > 8:
            for old in [k for k in self._offers if k != key]:
                del self._offers[old]
        need = next(r for r in range(5) if hand[r] < cost[r])
        want = sit.wanted()
        offers = [a for a in legal if isinstance(a, A.OfferTrade) and not a.to and sum(a.give) == 1
                  and sum(a.get) == 1 and a.get[need] == 1]
        spare = []
        for a in offers:
            give = a.give.index(1)
            if hand[give] - 1 >= want[give] and (give, need) not in made:
                spare.append((hand[give] - want[give], sit.prod[give], give, a))
        if not spare:
            return None
        spare.sort(key=lambda t: (t[0], t[1], -t[2]), reverse=True)
        choice = spare[0]
        made.append((choice[2], need))
        return choice[3]

    def _free_road(self, sit: Situation, legal: list[Action]) -> Action | None:
        roads = {a.edge: a for a in legal if isinstance(a, A.BuildRoad)}
        if not roads:
            return None
        if sit.s.settlements_left[sit.me] > 0:
            target = sit.best_target()
            if target is not None and target[2] in roads:
                return roads[target[2]]
        road = self._longest_road_road(sit, list(roads.values()))
        if road is not None:
            return road
        return min(roads.values(), key=lambda a: a.edge)

    # -- sevens and knights

    def _discard(self, sit: Situation, legal: list[Action]) -> Action | None:
        discards = [a for a in legal if isinstance(a, A.Discard)]
        if not discards:
            return None
        hand, want = sit.hand, sit.wanted()

        def keep(a: A.Discard) -> tuple[int, float, tuple[int, ...]]:
            # Keep what the next build needs; give away first what it produces most of.
            shortfall = sum(max(0, want[r] - (hand[r] - a.cards[r])) for r in range(5))
            return -shortfall, sum(a.cards[r] * sit.prod[r] for r in range(5)), a.cards

        return max(discards, key=keep)

    def _robber(self, sit: Situation, legal: list[Action], rng: random.Random) -> Action | None:
        moves = [a for a in legal if isinstance(a, A.MoveRobber)]
        if not moves:
            return None
        s, me, topo = sit.s, sit.me, sit.topo
        by_hex: dict[int, tuple[bool, int, int, int]] = {}  # a hex is listed once per victim there

        def hex_score(h: int) -> tuple[bool, int, int, int]:
            own = sit.hex_production(h, me)
            owners = {o for o in (s.node_owner[n] for n in topo.hex_nodes[h]) if 0 <= o < sit.n and o != me}
            # The most threatening player producing here, then how much that player loses.
            hurt = [(sit.view.public_vp[q], sit.hex_production(h, q)) for q in owners]
            lead_vp, lead_prod = max((x for x in hurt if x[1] > 0), default=(-1, 0))
            return own == 0, lead_vp, lead_prod, sum(p for _, p in hurt)

        def score(a: A.MoveRobber) -> tuple:
            found = by_hex.get(a.hex)
            if found is None:
                found = by_hex[a.hex] = hex_score(a.hex)
            victim = (-1, -1) if a.victim is None else sit.leader_key(a.victim)
            return *found, victim, -a.hex

        if not self.variety.on:
            return max(moves, key=score)
        # Varied: a hex that spares itself as the best does and robs the same victim, valued by the pips it takes
        # from the leader there and from everyone.
        scores = {a: score(a) for a in moves}
        best = max(scores.values())
        peers = [a for a, k in scores.items() if k[:2] == best[:2] and k[4] == best[4]]
        return self.variety.pick(peers, lambda a: (scores[a][2] + 0.25 * scores[a][3], *scores[a][4:]), rng)

    # -- domestic trade

    def _answer(self, sit: Situation, legal: list[Action]) -> Action | None:
        trade = sit.s.trade
        decline = _find(legal, A.DeclineTrade)
        accept = _find(legal, A.AcceptTrade)
        if trade is None or sit.dangerous(trade.offerer):
            return decline
        if accept is not None and _helps(sit, received=trade.give, paid=trade.get):
            return accept
        # Counter: keep what it needs, offer a card it can spare for what is on the table.
        counters = [a for a in legal if isinstance(a, A.CounterTrade) and _helps(sit, received=a.get, paid=a.give)]
        if counters:
            return min(counters, key=lambda a: (-sit.hand[a.give.index(1)], a.give))
        return decline

    def _confirm(self, sit: Situation, legal: list[Action]) -> Action | None:
        trade = sit.s.trade
        cancel = _find(legal, A.CancelTrade)
        if trade is None:
            return cancel
        good = []
        for a in legal:
            if isinstance(a, A.ConfirmTrade) and not sit.dangerous(a.partner):
                give, get = trade.terms_with(a.partner)
                if _helps(sit, received=get, paid=give):
                    good.append(a)
        if not good:
            return cancel
        return min(good, key=lambda a: (sit.leader_key(a.partner), a.partner))


def _helps(sit: Situation, received: Cards, paid: Cards) -> bool:
    """Whether a trade brings its goal closer without giving away what the goal needs."""
    name, cost = sit.goal()
    if name == "none":
        return False
    hand = sit.hand
    if any(p > h for p, h in zip(paid, hand)):
        return False
    after = [h + r - p for h, r, p in zip(hand, received, paid)]
    if missing(after, cost) >= missing(hand, cost):
        return False
    return all(not p or after[r] >= cost[r] for r, p in enumerate(paid))


def trade_merit(view: CatanView) -> Callable[[Action], float]:
    """How much a domestic trade (an offer, counter, acceptance or confirmation) would bring the seat's goal closer
    if it went through: the cards lacking before less those lacking after, less half a point per card given that the
    goal wants kept; 0 for any other action. Hard's tiebreak among actions its one-step evaluation cannot tell
    apart, as an offer moves no cards until it is confirmed."""
    sit = Situation(view)
    _, cost = sit.goal()
    hand, want = sit.hand, sit.wanted()
    lacking = missing(hand, cost)
    trade = sit.s.trade

    def merit(action: Action) -> float:
        if isinstance(action, (A.OfferTrade, A.CounterTrade)):
            received, paid = action.get, action.give
        elif isinstance(action, A.AcceptTrade) and trade is not None:
            received, paid = trade.give, trade.get
        elif isinstance(action, A.ConfirmTrade) and trade is not None:
            paid, received = trade.terms_with(action.partner)
        else:
            return 0.0
        after = [h + r - p for h, r, p in zip(hand, received, paid)]
        if min(after) < 0:
            return -10.0
        kept_given = sum(min(p, max(0, want[r] - after[r])) for r, p in enumerate(paid))
        return lacking - missing(after, cost) - 0.5 * kept_given

    return merit


def _find(legal: list[Action], cls: type) -> Action | None:
    for a in legal:
        if type(a) is cls:
            return a
    return None


def _fallback(legal: list[Action]) -> Action:
    """A safe choice when no rule applies: end the turn, decline, cancel, roll, else the first action."""
    for cls in (A.EndTurn, A.DeclineTrade, A.CancelTrade, A.Roll):
        found = _find(legal, cls)
        if found is not None:
            return found
    return legal[0]
