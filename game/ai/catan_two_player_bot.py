"""Catan for two (catan-2p) for the heuristic bot: the free neutral builds, the trade-card actions and the
give-back of a forced trade. (A knight before either roll when the robber blocks it is the main bot's rule.)

Like the rest of the bot it reads only its view (the trade cards are public in view.state.extra) and only
scores the legal actions it is given. The neutral colours are owners 2 and 3; the opponent is 1 - me.
"""

from __future__ import annotations

from functools import cache

from game.ai.catan_situation import Situation, effective_missing, missing
from game.catan import actions as A
from game.catan.constants import KNIGHT, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN
from game.catan.geometry import Topology
from game.catan.longest_road import longest_road
from game.catan.state import NOBODY
from game.catan.two_player import (
    GIVE_BACK, NEUTRAL_BUILD, TRADE_CARDS, TRADE_CARDS_MAX, BuildNeutral, ForcedTrade, GiveBack, RemoveKnight,
    RobberToDesert,
)
from game.core.actions import Action

OWN_PHASES = (NEUTRAL_BUILD, GIVE_BACK)

REACH_DEPTH = 3             # roads ahead a player's expansion is looked at
ROAD_STEP = 2.5             # worth of a site lost per road still needed to reach it
TOP_SITES = (1.0, 0.5, 0.25)  # weights of a player's best, second and third reachable site
VP_VALUE = 8.0              # one victory point, in site-value units
ROAD_LENGTH_VALUE = 0.8     # one road of longest-trail length
THREAT_VALUE = 0.4          # a site a neutral road end makes available to the next neutral settlement
NEAR_VALUE = 0.3            # per intersection the build is nearer the opponent's network than its own
SELF_HARM = 1.1             # its own losses weigh a little more than the opponent's

GOOD_HEX_PIPS = 5           # pips blocked by the robber that always justify a trade card
FORCED_TRADE_MIN_CARDS = 5  # the opponent's hand needed before a forced trade
FORCED_TRADE_SHARE = 0.2    # expected share of the needed resources in the opponent's hand


def opponent(sit: Situation) -> int:
    """The other player."""
    return 1 - sit.me


def choose_own_phase(sit: Situation, legal: list[Action]) -> Action | None:
    """The phases only the two-player game has."""
    if sit.s.phase == NEUTRAL_BUILD:
        return neutral_build(sit, legal)
    return give_back(sit, legal)


# ------------------------------------------------------------------ neutral builds


def reach(topo: Topology, node_owner: list[int], edge_owner: list[int], player: int,
          depth: int = REACH_DEPTH) -> dict[int, int]:
    """Roads the player needs to each intersection within `depth` (0: on its network), on a given board."""
    # Its buildings, and the ends of its roads that no other colour's building blocks.
    start = {n for n, holder in enumerate(node_owner) if holder == player}
    start.update(n for e, owner in enumerate(edge_owner) if owner == player
                 for n in topo.edges[e] if node_owner[n] == NOBODY)
    frontier = sorted(start)
    dist = dict.fromkeys(frontier, 0)
    for d in range(1, depth + 1):
        nxt = []
        for u in frontier:
            for e in topo.node_edges[u]:
                if edge_owner[e] != NOBODY:
                    continue
                a, b = topo.edges[e]
                v = b if a == u else a
                if v not in dist:
                    dist[v] = d
                    if node_owner[v] == NOBODY:  # nobody passes another colour's building
                        nxt.append(v)
        frontier = nxt
    return dist


def _graph_distances(topo: Topology) -> tuple[tuple[int, ...], ...]:
    """Intersections apart, ignoring pieces (worked out once per board graph)."""
    return _distances(topo.node_neighbors)


@cache
def _distances(node_neighbors: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """A breadth-first search from every intersection of a graph given by its neighbour lists."""
    size = len(node_neighbors)
    out = []
    for start in range(size):
        dist = [99] * size
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for u in frontier:
                for v in node_neighbors[u]:
                    if dist[v] == 99:
                        dist[v] = dist[u] + 1
                        nxt.append(v)
            frontier = nxt
        out.append(tuple(dist))
    return tuple(out)


def _free(topo: Topology, node_owner: list[int], node: int) -> bool:
    return node_owner[node] == NOBODY and all(node_owner[m] == NOBODY for m in topo.node_neighbors[node])


def _longest_holder(lengths: list[int], holder: int) -> int:
    """Who holds Longest Road for these lengths (the holder keeps it on a tie), as the rules decide it."""
    best = max(lengths)
    if holder != NOBODY and lengths[holder] >= LONGEST_ROAD_MIN and lengths[holder] == best:
        return holder
    leaders = [q for q, length in enumerate(lengths) if length == best]
    return leaders[0] if best >= LONGEST_ROAD_MIN and len(leaders) == 1 else NOBODY


class NeutralPlanner:
    """Scores a free neutral build by what it takes from the opponent's expansion, less what it takes from its own.

    Expansion is the best few free sites a player reaches within a few roads (each road needed costs some
    value); a neutral settlement takes its site and the neighbouring ones and blocks roads through it, a neutral
    road blocks a path and lets the next neutral settlement go at its end. Longest Road counts too.
    """

    def __init__(self, sit: Situation) -> None:
        s, topo = sit.s, sit.topo
        self.sit, self.s, self.topo = sit, s, topo
        self.me, self.opp = sit.me, opponent(sit)
        self.nodes, self.edges = list(s.node_owner), list(s.edge_owner)
        opp_prod = sit.production(self.opp, skip_robber=False)
        free = [n for n in range(topo.num_nodes) if _free(topo, self.nodes, n)]
        self.value = {self.me: {n: sit.site_value(n) for n in free},
                      self.opp: {n: sit.site_value(n, prod=opp_prod) for n in free}}
        self.dist = {p: reach(topo, self.nodes, self.edges, p) for p in (self.me, self.opp)}
        self.potential = {p: self._potential(p, self.nodes, self.dist[p]) for p in (self.me, self.opp)}
        self.lengths = list(s.road_length)
        apart = _graph_distances(topo)
        self.apart: dict[int, list[int]] = {}
        for p in (self.me, self.opp):
            network = self._network(p)
            self.apart[p] = [min((apart[x][n] for x in network), default=9) for n in range(topo.num_nodes)]

    def _network(self, player: int) -> set[int]:
        edges = self.topo.edges
        nodes = {n for n, o in enumerate(self.nodes) if o == player}
        nodes.update(n for e, o in enumerate(self.edges) if o == player for n in edges[e])
        return nodes

    def _potential(self, player: int, nodes: list[int], dist: dict[int, int]) -> float:
        if self.s.settlements_left[player] <= 0:
            return 0.0
        value = self.value[player]
        scores = sorted((value[n] - ROAD_STEP * d for n, d in dist.items()
                         if n in value and _free(self.topo, nodes, n)), reverse=True)
        return sum(w * max(0.0, v) for w, v in zip(TOP_SITES, scores))

    def _loss(self, player: int, nodes: list[int], edges: list[int]) -> float:
        dist = reach(self.topo, nodes, edges, player)
        return self.potential[player] - self._potential(player, nodes, dist)

    def _closeness(self, player: int, node: int) -> float:
        d = self.dist[player].get(node)
        return 0.0 if d is None else 1.0 / (1 + d)

    def score(self, a: BuildNeutral) -> float:
        """How much better off the build leaves it than the opponent (in site-value units)."""
        topo, me, opp = self.topo, self.me, self.opp
        nodes, edges, lengths = list(self.nodes), list(self.edges), list(self.lengths)
        if a.piece == "settlement":
            nodes[a.where] = a.neutral
            broken = {self.edges[e] for e in topo.node_edges[a.where]} - {NOBODY, a.neutral}
            for q in broken:
                lengths[q] = longest_road(topo, edges, nodes, q)
            spots = [a.where]
        else:
            edges[a.where] = a.neutral
            lengths[a.neutral] = longest_road(topo, edges, nodes, a.neutral)
            spots = list(topo.edges[a.where])
        value = self._loss(opp, nodes, edges) - SELF_HARM * self._loss(me, nodes, edges)

        holder = self.s.longest_holder
        after = _longest_holder(lengths, holder)
        value += VP_VALUE * 2 * (((holder == opp) - (after == opp)) - ((holder == me) - (after == me)))
        value += ROAD_LENGTH_VALUE * ((self.lengths[opp] - lengths[opp]) - (self.lengths[me] - lengths[me]))

        if a.piece == "road":
            # Its far end may take the next neutral settlement: good if the opponent is heading there.
            for v in spots:
                if v in self.value[me] and _free(topo, nodes, v):
                    value += THREAT_VALUE * (self.value[opp][v] * self._closeness(opp, v)
                                             - self.value[me][v] * self._closeness(me, v))
        near = min(self.apart[me][n] for n in spots) - min(self.apart[opp][n] for n in spots)
        return value + NEAR_VALUE * max(-3, min(3, near))


def neutral_build(sit: Situation, legal: list[Action]) -> Action | None:
    """The free neutral settlement or road that hurts the opponent most and itself least."""
    builds = [a for a in legal if isinstance(a, BuildNeutral)]
    if not builds:
        return None
    planner = NeutralPlanner(sit)
    return max(builds, key=lambda a: (round(planner.score(a), 6), a.piece == "settlement", -a.where, -a.neutral))


# ------------------------------------------------------------------ forced trade


def give_back(sit: Situation, legal: list[Action]) -> Action | None:
    """Give back what its next build needs least: cards it produces plenty of, then ones the opponent does."""
    backs = [a for a in legal if isinstance(a, GiveBack)]
    if not backs:
        return None
    hand, want = sit.hand, sit.wanted()
    opp_prod = sit.production(opponent(sit), skip_robber=False)

    def key(a: GiveBack) -> tuple:
        shortfall = sum(max(0, want[r] - (hand[r] - a.cards[r])) for r in range(5))
        spare = sum(min(c, max(0, hand[r] - want[r])) for r, c in enumerate(a.cards))
        return (-shortfall, spare, sum(c * sit.prod[r] for r, c in enumerate(a.cards)),
                sum(c * opp_prod[r] for r, c in enumerate(a.cards)), a.cards)

    return max(backs, key=key)


def forced_trade(sit: Situation, legal: list[Action], cost: tuple[int, ...]) -> Action | None:
    """Draw 2 from a full opponent's hand when 1-2 cards are all its next build lacks (and the bank won't do)."""
    action = _find(legal, ForcedTrade)
    if action is None:
        return None
    hand, opp = sit.hand, opponent(sit)
    lack = missing(hand, cost)
    count = sit.view.resource_counts[opp]
    if not 1 <= lack <= 2 or count < FORCED_TRADE_MIN_CARDS:
        return None
    if effective_missing(hand, cost, sit.rates, sit.s.bank) == 0:
        return None
    # The opponent's hand, guessed from what it produces (trades and steals spread a little of everything).
    shares = [p + 1.0 for p in sit.production(opp, skip_robber=False)]
    needed = sum(shares[r] for r in range(5) if hand[r] < cost[r]) / sum(shares)
    return action if needed >= FORCED_TRADE_SHARE else None


# ------------------------------------------------------------------ robber, knights and trade cards


def robber_on_good_hex(sit: Situation) -> bool:
    """Whether the robber blocks one of its good hexes (its best, or 5+ pips) that it gains from more than the
    opponent."""
    h = sit.s.robber
    mine = sit.hex_production(h, sit.me)
    if mine < 3 or mine <= sit.hex_production(h, opponent(sit)):
        return False
    return mine >= GOOD_HEX_PIPS or mine >= max(sit.hex_production(x, sit.me) for x in range(19))


def remove_knight(sit: Situation, legal: list[Action]) -> Action | None:
    """Trade a played knight for trade cards when that costs no Largest Army: it keeps the card afterwards, or
    the opponent holds it with a lead its knights in hand cannot catch up (it is lost anyway).

    Removing knights while the army is still open lost games in trials (57% against the bot without the
    two-player rules, 64% when it keeps them), so an unclaimed army is not given up for trade cards.
    """
    action = _find(legal, RemoveKnight)
    if action is None:
        return None
    s, me, opp = sit.s, sit.me, opponent(sit)
    cards = s.extra["trade_cards"]
    if cards[me] >= TRADE_CARDS_MAX or sum(cards) >= TRADE_CARDS:
        return None  # nothing to gain (at the cap, or the supply is empty)
    mine, theirs = s.dev_played[me][KNIGHT], s.dev_played[opp][KNIGHT]
    if s.army_holder == me:
        return action if mine - 1 >= LARGEST_ARMY_MIN and mine - 1 > theirs else None
    lost_anyway = s.army_holder == opp and theirs >= mine + s.dev_hand[me][KNIGHT] + 2
    return action if lost_anyway else None


def _robber_to_desert(sit: Situation, legal: list[Action]) -> Action | None:
    action = _find(legal, RobberToDesert)
    if action is None or not robber_on_good_hex(sit):
        return None
    if _find(legal, A.PlayKnight) is not None:
        return None  # a knight moves the robber too, steals, and counts for Largest Army
    return action


def trade_card_moves(sit: Situation, legal: list[Action]) -> Action | None:
    """Before either roll, or in the turn once no development card is worth playing: take trade cards for a
    knight, then clear the robber off its good hex by a trade card when no knight can (a knight is played
    whenever the robber blocks the bot: that rule stays with the main bot)."""
    return remove_knight(sit, legal) or _robber_to_desert(sit, legal)


def _find(legal: list[Action], cls: type) -> Action | None:
    for a in legal:
        if type(a) is cls:
            return a
    return None
