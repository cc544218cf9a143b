"""What a Catan bot knows of a position from its view: the board's facts (resources, pips, harbours per spot),
what a hand lacks for a build, and the Situation (goals, rates, the others' threat) that the bots score with."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.catan.board import Board
from game.catan.constants import (
    CITY_COST, DEV_CARD_COST, GRAIN, HARBOR_RESOURCE, KNIGHT, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, ORE, PIPS, ROAD_COST,
    SETTLEMENT_COST, TERRAIN_RESOURCE,
)
from game.catan.geometry import Topology, topology
from game.catan.longest_road import longest_road
from game.catan.state import NOBODY, CatanState
from game.catan.view import CatanView

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
                 missing_card_penalty: float = MISSING_CARD_PENALTY,
                 setup_weights: tuple[float, ...] = SETUP_WEIGHT) -> None:
        self.view = view
        # What one card still lacking costs a goal when the bot picks what to save for.
        self.missing_card_penalty = missing_card_penalty
        # What a pip of each resource is worth where it places its set-up settlements.
        self.setup_weights = setup_weights
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
        weights = self.setup_weights if setup else RESOURCE_WEIGHT
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
