"""A rule-of-thumb bot for the Catan board game that plays like a decent human and sees only its own view.

It never re-implements legality: it scores the legal actions it is given, using values it computes from
the public board (pips, resource mix, harbors), its own hand and the public counts of the others.
In the two-player game (catan-2p) game.ai.catan_two_player_bot adds the neutral builds and the trade-card actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any

from game.ai.variety import NO_VARIETY, Variety
from game.catan import actions as A
from game.catan.board import Board
from game.catan.constants import (
    CITY_COST, DEV_CARD_COST, GRAIN, HARBOR_RESOURCE, KNIGHT, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, ORE, PIPS, ROAD_COST,
    SETTLEMENT_COST, TERRAIN_RESOURCE,
)
from game.catan.geometry import Topology, topology
from game.catan.longest_road import longest_road
from game.catan.state import (
    DISCARD, MAIN, MOVE_ROBBER, NOBODY, ROAD_BUILDING, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, TRADE_CONFIRM,
    TRADE_RESPONSE, CatanState,
)
from game.catan.view import CatanView
from game.core.actions import Action

Cards = Sequence[int]
TRADE_CARDS_KEY = "trade_cards"  # in state.extra only in the two-player game

GOAL_COSTS: dict[str, tuple[int, ...]] = {
    "city": CITY_COST, "settlement": SETTLEMENT_COST, "road": ROAD_COST, "dev_card": DEV_CARD_COST,
    "longest_road": ROAD_COST,
}
# Base worth of one pip of each resource (lumber, wool, grain, brick, ore).
RESOURCE_WEIGHT: tuple[float, ...] = (1.0, 0.85, 1.0, 1.0, 1.0)
SETUP_WEIGHT: tuple[float, ...] = (0.9, 0.9, 1.2, 0.9, 1.25)
MISSING_CARD_PENALTY = 3.0
MAX_OFFERS_PER_TURN = 1  # no spam: one offer per bot per turn
ROAD_SEARCH_DEPTH = 3
ROAD_MEMO_SIZE = 4096  # answers about road networks a bot remembers (longest road, road targets)


# ------------------------------------------------------------------ board facts


@dataclass(frozen=True, slots=True)
class BoardInfo:
    """Per-board lookups: resource and pips of each hex, harbor of each intersection, scarcity of resources."""

    hex_res: tuple[int | None, ...]
    hex_pips: tuple[int, ...]
    node_harbor: tuple[int | None, ...]  # resource index, 5 for a generic 3:1 harbor, None for no harbor
    scarcity: tuple[float, ...]
    # Per intersection, (hex, resource, pips) of each producing hex around it.
    node_yields: tuple[tuple[tuple[int, int, int], ...], ...]


GENERIC_HARBOR = 5


@lru_cache(maxsize=64)
def board_info(board: Board) -> BoardInfo:
    """Compute (once per board) what the bot needs to know of the terrain, numbers and harbors."""
    topo = topology()
    hex_res = tuple(TERRAIN_RESOURCE[t] for t in board.terrains)
    hex_pips = tuple(PIPS.get(n, 0) if r is not None else 0 for r, n in zip(hex_res, board.numbers))
    harbor: list[int | None] = [None] * topo.num_nodes
    for kind, e in zip(board.harbors, board.harbor_edge_list):
        res = HARBOR_RESOURCE[kind]
        for node in topo.edges[e]:
            harbor[node] = GENERIC_HARBOR if res is None else res
    totals = [0.0] * 5
    for r, p in zip(hex_res, hex_pips):
        if r is not None:
            totals[r] += p
    mean = sum(totals) / 5
    scarcity = tuple(min(1.35, max(0.8, (mean / t) ** 0.5)) if t else 1.35 for t in totals)
    node_yields = tuple(tuple((h, r, hex_pips[h]) for h in hexes if (r := hex_res[h]) is not None)
                        for hexes in topo.node_hexes)
    return BoardInfo(hex_res, hex_pips, tuple(harbor), scarcity, node_yields)


def missing(hand: Cards, cost: Cards) -> int:
    """Cards still lacking to pay the cost."""
    return sum(c - h for h, c in zip(hand, cost) if c > h)


def effective_missing(hand: Cards, cost: Cards, rates: Cards, bank: Cards) -> int:
    """Cards lacking once surplus cards are traded to the bank (a missing kind the bank lacks stays missing):
    what is missing less what the surplus beyond the cost buys at the player's rates (one pass: every goal of
    every decision asks this)."""
    lack = unobtainable = bought = 0
    for h, c, rate, b in zip(hand, cost, rates, bank):
        if c > h:
            lack += c - h
            if b < c - h:
                unobtainable += c - h
        elif h - c >= rate:
            bought += (h - c) // rate
    if not lack:
        return 0
    return max(unobtainable, lack - bought)


def covers(hand: Cards, spend: Cards, keep: Cards) -> bool:
    """Whether the hand pays `spend` and still holds `keep` afterwards."""
    return all(h - s >= k for h, s, k in zip(hand, spend, keep))


# ------------------------------------------------------------------ what the bot sees


class Situation:
    """The bot's reading of its view: production, reachable sites, road targets and the current goal."""

    def __init__(self, view: CatanView, road_memo: dict[tuple, int] | None = None,
                 missing_card_penalty: float = MISSING_CARD_PENALTY) -> None:
        self.view = view
        # What one card still lacking costs a goal when the bot picks what to save for.
        self.missing_card_penalty = missing_card_penalty
        # Longest-road answers by road network, kept by the bot across its decisions (the network seldom changes).
        self.road_memo = road_memo
        s: CatanState = view.state
        self.s = s
        self.me = view.player
        self.topo: Topology = topology()
        self.info = board_info(s.board)
        self.hand: list[int] = list(s.hands[self.me])
        self.rates: tuple[int, ...] = tuple(view.maritime_rates)
        self.n = s.num_players
        self.prod = self.production(self.me)
        self.two_player = TRADE_CARDS_KEY in s.extra  # catan-2p: neutral colours and trade cards
        self._goal: tuple[str, tuple[int, ...]] | None = None
        self._sites: tuple[int, ...] | None = None
        self._targets: dict[int, tuple[int, int]] | None = None
        self._network_key: tuple[Any, ...] | None = None
        self._lengthening: int | None = None

    # -- facts

    def production(self, player: int, skip_robber: bool = True) -> list[float]:
        """Pips per resource the player's buildings collect (cities count double)."""
        s = self.s
        out = [0.0] * 5
        robber = s.robber if skip_robber else -1
        yields, level = self.info.node_yields, s.node_level
        # Whole pips summed in floats: exact, so the order of the sum does not matter.
        for node, owner in enumerate(s.node_owner):
            if owner == player:
                for h, r, pips in yields[node]:
                    if h != robber:
                        out[r] += pips * level[node]
        return out

    def hex_production(self, h: int, player: int) -> int:
        """Pips the player collects from one hex."""
        s = self.s
        if self.info.hex_res[h] is None:
            return 0
        level = sum(s.node_level[n] for n in self.topo.hex_nodes[h] if s.node_owner[n] == player)
        return level * self.info.hex_pips[h]

    def can_settle(self, node: int) -> bool:
        """Free intersection whose neighbours are free (the distance rule, read off the public board)."""
        owner = self.s.node_owner
        return owner[node] == NOBODY and all(owner[m] == NOBODY for m in self.topo.node_neighbors[node])

    def dangerous(self, player: int) -> bool:
        """Whether the player is within 2 points of winning (by what is public)."""
        return self.view.public_vp[player] >= self.view.target_vp - 2

    def leader_key(self, player: int) -> tuple[int, int]:
        """Order of threat: public points, then cards in hand."""
        return self.view.public_vp[player], self.view.resource_counts[player]

    # -- values of intersections

    def site_value(self, node: int, setup: bool = False, prod: Sequence[float] | None = None) -> float:
        """How good a settlement here would be for this player (or for one producing `prod`): pips weighted by
        need, variety and harbor."""
        info = self.info
        prod = self.prod if prod is None else prod
        weights = SETUP_WEIGHT if setup else RESOURCE_WEIGHT
        value = 0.0
        kinds: set[int] = set()
        new_pips = [0.0] * 5
        for h in self.topo.node_hexes[node]:
            r = info.hex_res[h]
            if r is None:
                continue
            pips = info.hex_pips[h]
            if h == self.s.robber:
                pips *= 0.4 if setup else 0.6
            kinds.add(r)
            new_pips[r] += pips
            value += pips * weights[r] * info.scarcity[r]
            if prod[r] == 0:
                value += 1.5 if setup else 1.0  # a resource it does not produce yet
        value += 0.8 * len(kinds)
        harbor = info.node_harbor[node]
        if harbor is not None:
            if harbor == GENERIC_HARBOR:
                value += 1.2
            else:
                pips = new_pips[harbor] + prod[harbor]
                value += 3.0 if pips >= 5 else (1.0 if pips >= 3 else 0.3)
        return value

    def city_value(self, node: int) -> float:
        """Extra production a city here would give (pips, robber hex discounted)."""
        info = self.info
        value = 0.0
        for h in self.topo.node_hexes[node]:
            r = info.hex_res[h]
            if r is not None:
                pips = info.hex_pips[h] * (0.5 if h == self.s.robber else 1.0)
                value += pips * (1.15 if r in (ORE, GRAIN) else 1.0)
        return value

    # -- expansion

    def sites(self) -> tuple[int, ...]:
        """Intersections where it could build a settlement now (ignoring cost)."""
        if self._sites is None:
            self._sites = self._remembered("sites", self._find_sites)
        return self._sites

    def _find_sites(self) -> tuple[int, ...]:
        me, edges = self.me, self.topo.edges
        ends = {n for e, owner in enumerate(self.s.edge_owner) if owner == me for n in edges[e]}
        return tuple(sorted(n for n in ends if self.can_settle(n)))

    def network_key(self) -> tuple[Any, ...]:
        """The bot's seat with every road and building on the board: what its road answers depend on."""
        if self._network_key is None:
            self._network_key = (self.me, tuple(self.s.edge_owner), tuple(self.s.node_owner))
        return self._network_key

    def _remembered(self, kind: str, find: Callable[[], Any]) -> Any:
        """An answer about the road network from the bot's memo (found and kept when missing); read only."""
        memo = self.road_memo
        if memo is None:
            return find()
        key = (kind, self.network_key())
        found = memo.get(key)
        if found is None:
            if len(memo) >= ROAD_MEMO_SIZE:
                memo.clear()
            found = memo[key] = find()
        return found

    def road_targets(self) -> dict[int, tuple[int, int]]:
        """Sites not yet reachable, by the number of roads to them and the first road of such a path (shared
        with the memo: read only)."""
        if self._targets is None:
            self._targets = self._remembered("targets", self._find_road_targets)
        return self._targets

    def _find_road_targets(self) -> dict[int, tuple[int, int]]:
        """Breadth-first from its network over free edges, ROAD_SEARCH_DEPTH roads deep."""
        s, me, topo = self.s, self.me, self.topo
        node_owner, edge_owner = s.node_owner, s.edge_owner
        dist: dict[int, int] = {}
        first: dict[int, int] = {}
        frontier: list[int] = []
        for node in range(topo.num_nodes):
            holder = node_owner[node]
            if holder == me or (holder == NOBODY and any(edge_owner[e] == me for e in topo.node_edges[node])):
                dist[node] = 0
                frontier.append(node)
        depth = 0
        while frontier and depth < ROAD_SEARCH_DEPTH:
            depth += 1
            nxt = []
            for u in frontier:
                for e in topo.node_edges[u]:
                    if edge_owner[e] != NOBODY:
                        continue
                    a, b = topo.edges[e]
                    v = b if a == u else a
                    if v in dist:
                        continue
                    dist[v] = depth
                    first[v] = e if depth == 1 else first[u]
                    if node_owner[v] == NOBODY:
                        nxt.append(v)
            frontier = nxt
        return {v: (d, first[v]) for v, d in dist.items() if d >= 1 and self.can_settle(v)}

    def best_target(self) -> tuple[float, int, int] | None:
        """(value, roads needed, first road) of the best site to build roads toward, or None."""
        best: tuple[float, int, int] | None = None
        for node, (d, edge) in self.road_targets().items():
            value = self.site_value(node) - 2.5 * (d - 1)
            if best is None or value > best[0]:
                best = (value, d, edge)
        return best

    def my_settlements(self) -> list[int]:
        """Own settlements (candidates for cities)."""
        s, me = self.s, self.me
        return [n for n in range(self.topo.num_nodes) if s.node_owner[n] == me and s.node_level[n] == 1]

    # -- the goal

    def goal(self) -> tuple[str, tuple[int, ...]]:
        """The next thing to save for: (name, cost). Values a build, less a penalty per card still lacking."""
        if self._goal is None:
            s, me, view = self.s, self.me, self.view
            hand, rates, bank = self.hand, self.rates, s.bank
            options: list[tuple[float, str]] = []
            settlements = self.my_settlements()
            if settlements and s.cities_left[me] > 0:
                options.append((9.0 + 0.35 * max(self.city_value(n) for n in settlements), "city"))
            if s.settlements_left[me] > 0:
                sites = self.sites()
                if sites:
                    options.append((9.0 + 0.3 * max(self.site_value(n) for n in sites), "settlement"))
                elif s.roads_left[me] > 0:
                    target = self.best_target()
                    if target is not None:
                        options.append((6.5 + 0.3 * target[0], "road"))
            if view.dev_deck_size > 0:
                value = 9.0
                if self.army_within_reach(2):
                    value += 1.5
                options.append((value, "dev_card"))
            if s.roads_left[me] > 0 and s.longest_holder != me and (self.longest_road_close() or not options):
                if self.lengthening_road() is not None:
                    options.append((7.5 if self.longest_road_close() else 2.0, "longest_road"))
            if not options:
                self._goal = ("none", (0, 0, 0, 0, 0))
            else:
                best = max(options, key=lambda o: o[0] - self.missing_card_penalty * effective_missing(
                    hand, GOAL_COSTS[o[1]], rates, bank))
                self._goal = (best[1], GOAL_COSTS[best[1]])
        return self._goal

    def army_within_reach(self, knights: int) -> bool:
        """Whether playing this many more knights would give it Largest Army."""
        s, me = self.s, self.me
        if s.army_holder == me:
            return False
        mine = s.dev_played[me][KNIGHT] + knights
        others = max((s.dev_played[q][KNIGHT] for q in range(self.n) if q != me), default=0)
        return mine >= LARGEST_ARMY_MIN and mine > others

    def rival_to_rob(self) -> bool:
        """Whether an opponent at least level with it on points holds cards (a knight is worth playing)."""
        mine = self.view.public_vp[self.me]
        return any(q != self.me and self.view.public_vp[q] >= mine - 1 and self.view.resource_counts[q] > 0
                   for q in range(self.n))

    def road_length_after(self, edge: int) -> int:
        """Its longest road if it built on this path."""
        owners = list(self.s.edge_owner)
        owners[edge] = self.me
        return longest_road(self.topo, owners, self.s.node_owner, self.me)

    def lengthening_road(self) -> int | None:
        """A free path next to its network that makes its longest road longer (the longest such), or None."""
        if self._lengthening is None:
            self._lengthening = self._remembered("lengthening", self._find_lengthening)
        return None if self._lengthening < 0 else self._lengthening

    def _find_lengthening(self) -> int:
        """The free path that lengthens its longest road most (-1 for none)."""
        s, me, topo = self.s, self.me, self.topo
        node_owner, edge_owner = s.node_owner, s.edge_owner
        now = s.road_length[me]
        best, best_len = -1, now
        for node in range(topo.num_nodes):
            holder = node_owner[node]
            if holder != me and (holder != NOBODY or not any(edge_owner[e] == me for e in topo.node_edges[node])):
                continue
            for e in topo.node_edges[node]:
                if edge_owner[e] == NOBODY:
                    length = self.road_length_after(e)
                    if length > best_len:
                        best, best_len = e, length
        return best

    def longest_road_close(self) -> bool:
        """Whether Longest Road is within a road or two (and not already its own)."""
        s, me = self.s, self.me
        if s.longest_holder == me:
            return False
        mine = s.road_length[me]
        # Every colour on the board, neutral ones included (there are none with 3-4 players).
        others = max((length for q, length in enumerate(s.road_length) if q != me), default=0)
        return mine >= 3 and max(LONGEST_ROAD_MIN, others + 1) - mine <= 2

    def wanted(self) -> list[int]:
        """Cards worth keeping: the goal's cost (a settlement's while expanding toward a site)."""
        name, cost = self.goal()
        want = list(cost)
        if name == "settlement" or name == "road":
            want = [max(w, c) for w, c in zip(want, SETTLEMENT_COST)]
        return want


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
        sit = Situation(view, self._road_memo, self.goal_penalty(view))
        phase = sit.s.phase
        two = _two_player_rules() if sit.two_player else None
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
            extra = _two_player_rules().trade_card_moves(sit, legal)
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
        two = _two_player_rules() if sit.two_player else None
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


def _two_player_rules() -> ModuleType:
    """The two-player decisions, game.ai.catan_two_player_bot (imported on first use: it builds on this module)."""
    from game.ai import catan_two_player_bot

    return catan_two_player_bot


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
