"""A set-up planner for Catan (the arena's hard-setup): each candidate settlement or road is played, the rest of the
set-up is played out by the Normal policy for every seat, and the position at the first roll is scored by a network
trained on set-ups only. Measured, it lifts a policy but Hard with it won no more (SETUP_SHIPPED), so Hard keeps its
search.

The set-up hides nothing and throws no dice, so this needs no sampled worlds and no rollouts: against Normal bots
the played-out rest of the set-up is what they will do. The network reads per seat what a finished set-up gives
(production per resource, variety of resources and numbers, harbours, turn order, the starting hand and the spots
within reach) and is fitted to who won games whose set-ups were varied (game/ai/setup_train.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from game.ai.catan_hard_policy import CatanHardPolicy
from game.ai.value_net import ValueNet
from game.ai.value_store import WEIGHTS_FOLDER, shipped_net
from game.ai.variety import NO_VARIETY, Variety
from game.catan import actions as A
from game.catan.constants import HARBOR_RESOURCE, PIPS, TERRAIN_RESOURCE
from game.catan.state import NOBODY, SETUP_ROAD, SETUP_SETTLEMENT
from game.core.actions import Action
from game.core.errors import GameError
from game.core.game import Game

if TYPE_CHECKING:
    from game.ai.search import FamilySearch
    from game.catan.geometry import Topology
    from game.catan.rules import CatanGame
    from game.catan.view import CatanView

Features = tuple[tuple[float, ...], ...]
RESOURCE_COUNT = 5
MAX_ORDER = 4  # turn-order places read one-hot (a fifth or sixth seat reads as the fourth)

SETUP_NAMES: tuple[str, ...] = (
    *(f"pips of resource {r}" for r in range(RESOURCE_COUNT)), "pips", "share of the board's pips",
    "resources produced", "numbers produced", "pips on 6 and 8",
    *(f"2:1 harbour of resource {r}, weighted by its pips" for r in range(RESOURCE_COUNT)),
    "any 2:1 harbour", "3:1 harbour", *(f"place {k + 1} in turn order" for k in range(MAX_ORDER)),
    "cards in hand", "spots two paths away", "pips of the best spot two paths away",
    "pips of the two best spots two paths away", "new resources at the best spot two paths away",
)


def setup_over(game: Game) -> bool:
    """Whether the set-up's placements are all made."""
    return game.state.phase not in (SETUP_SETTLEMENT, SETUP_ROAD)  # type: ignore[attr-defined]


def setup_features(game: Game) -> Features:
    """Every seat's facts about its finished set-up (read at any time; meant for the first roll), about 0..1."""
    g: CatanGame = game  # type: ignore[assignment]
    s = g.state
    n = g.num_players
    board_total = sum(PIPS.get(number, 0) for terrain, number in zip(s.board.terrains, s.board.numbers)
                      if TERRAIN_RESOURCE[terrain] is not None) or 1.0
    rows = []
    for p in range(n):
        pips = [0.0] * RESOURCE_COUNT
        numbers: set[int] = set()
        hot = 0.0
        buildings = g.buildings_of(p)
        for node in buildings:
            level = s.node_level[node]
            for h, res, count in g.node_yield[node]:
                if h == s.robber:
                    continue
                pips[res] += count * level
                numbers.add(s.board.numbers[h])
                if s.board.numbers[h] in (6, 8):
                    hot += count * level
        harbour = [0.0] * RESOURCE_COUNT
        generic = 0.0
        for node in buildings:
            kind = g.harbor_at(node)
            if kind is None:
                continue
            res = HARBOR_RESOURCE[kind]
            if res is None:
                generic = 1.0
            else:
                harbour[res] = max(harbour[res], 0.1 + pips[res] / 10)
        order = [0.0] * MAX_ORDER
        order[min((p - s.start_player) % n, MAX_ORDER - 1)] = 1.0
        spots = _spots_in_reach(g, p)
        ranked = sorted((g.node_pips[z] for z in spots), reverse=True)
        best_new = 0.0
        if spots:
            best = max(spots, key=lambda z: g.node_pips[z])
            best_new = len({res for h, res, _ in g.node_yield[best] if not pips[res]}) / 3
        rows.append((
            *(x / 10 for x in pips), sum(pips) / 30, sum(pips) / board_total,
            sum(1 for x in pips if x) / RESOURCE_COUNT, len(numbers) / 6, hot / 20,
            *harbour, float(any(harbour)), generic, *order,
            sum(s.hands[p]) / 5, min(len(spots), 6) / 6, (ranked[0] if ranked else 0) / 13,
            sum(ranked[:2]) / 26, best_new,
        ))
    return tuple(rows)


def _spots_in_reach(g: CatanGame, p: int) -> set[int]:
    """Free intersections where the seat could settle after building at most two roads from its network, along
    paths nobody holds."""
    s = g.state
    topo = g.topo
    start = set(g.buildings_of(p))
    for e in g.roads_of(p):
        start.update(topo.edges[e])
    reach: set[int] = set()
    frontier = set(start)
    for _ in range(2):
        nxt: set[int] = set()
        for v in frontier:
            if s.node_owner[v] not in (NOBODY, p):
                continue  # another's building blocks the way on
            for e, w in zip(topo.node_edges[v], _other_ends(topo, v)):
                if s.edge_owner[e] in (NOBODY, p) and w not in start:
                    nxt.add(w)
        reach |= nxt
        frontier = nxt
    return {z for z in reach if g.can_settle(z)}


def _other_ends(topo: Topology, v: int) -> list[int]:
    """The far end of every path from intersection v, in the order of its paths."""
    return [a if b == v else b for a, b in (topo.edges[e] for e in topo.node_edges[v])]


def play_out_setup(game: Game, bots: Sequence[Any], rng: random.Random) -> None:
    """Every seat places as its bot chooses until the set-up is over (the game is changed in place)."""
    from game.catan.determinize import rollout_view

    while not setup_over(game) and not game.is_over():
        seat = game.active_players()[0]
        game.apply(bots[seat].choose(rollout_view(game, seat), game.legal_actions(seat), rng))


# The set-up networks shipped, by player count (game/ai/weights/catan-setup-<players>p.json), for the arena's
# hard-setup (Hard with this planner); made by `python3 -m game train --setup` (the command is in each file's meta).
# The planner makes a policy stronger, but Hard with it measured no stronger:
# - two players (40,000 varied set-ups, held-out log-loss 0.605 against a coin's 0.693): Normal with the planner won
#   569 of 1,000 seat-rotated games against Normal, where Normal won 478 (seed 3900; sign test p < 0.001); on the
#   first 400 of those games a seat whose set-up Hard's search placed, Normal playing on, won 204 where the planner's
#   won 226 (p = 0.11) and Normal's 196; yet Hard with the planner won 132 of 200 games against Normal (seed 7), where
#   Hard won 134 of the same plan (the stop-47 note);
# - four players (60,000 varied set-ups on variable boards, log-loss 1.244 against 1.386): Hard's policy without
#   search won 226 of 800 games against three Normal bots with the planner and 197 without (seed 3900, p = 0.10);
#   Hard with it won 109 of 300 games (variable board, no domestic trade, seed 3900) where Hard won 118 of the same
#   games (58 won by the planner only, 67 by the search only; sign test p = 0.47).
SETUP_SHIPPED: frozenset[int] = frozenset({2, 4})
# A varied Hard samples among spots whose chance is within a few of these points of the best (game.ai.variety).
POINTS_PER_CHANCE = 100.0


def setup_weights_path(players: int, folder: Path = WEIGHTS_FOLDER) -> Path:
    """Where the set-up network of a player count lives."""
    return folder / f"catan-setup-{players}p.json"


def setup_planner(players: int, folder: Path = WEIGHTS_FOLDER) -> SetupPlanner | None:
    """The planner of a player count with its shipped network; None where none is shipped, or (after one warning
    line) when the file cannot be read."""
    if players not in SETUP_SHIPPED:
        return None
    net = shipped_net(setup_weights_path(players, folder), SETUP_NAMES, "a search of Normal's set-up")
    return None if net is None else SetupPlanner(net)


def planned(view: CatanView) -> bool:
    """Whether the set-up planner makes this decision (a set-up placement in a game it has a network for)."""
    return view.state.phase in (SETUP_SETTLEMENT, SETUP_ROAD) and setup_planner(view.state.num_players) is not None


class SetupPlanner:
    """Chooses set-up settlements and roads by the set-up network's value of the first roll that follows, the rest
    of the set-up played by Normal for every seat."""

    def __init__(self, net: ValueNet, candidates: int = 12) -> None:
        """Scores with `net`; looks at the `candidates` settlement spots Normal values most."""
        self.net = net
        self.candidates = candidates

    def choose(self, view: CatanView, legal: list[Action], rng: random.Random,
               variety: Variety = NO_VARIETY) -> Action | None:
        """The set-up placement whose finished set-up the network values most for the seat, or with `variety` one
        sampled near it (None outside the set-up or when the view cannot be played out)."""
        values = self.values(view, legal, rng)
        if not values:
            return None
        options = list(values)
        return variety.pick(options, lambda a: POINTS_PER_CHANCE * values[a], rng)

    def values(self, view: CatanView, legal: list[Action], rng: random.Random) -> dict[Action, float]:
        """The seat's chance after each candidate placement and the rest of the set-up (empty outside the set-up
        or when the view cannot be played out), in Normal's order of the candidates."""
        from game.ai.catan_heuristic import CatanHeuristicBot
        from game.ai.catan_situation import Situation
        from game.catan.determinize import determinize

        phase = view.state.phase
        if phase == SETUP_SETTLEMENT:
            sit = Situation(view, {}, 0.0)
            spots = [a for a in legal if isinstance(a, A.BuildSettlement)]
            spots.sort(key=lambda a: (-sit.site_value(a.node, setup=True), a.node))
            options: list[Action] = list(spots[:self.candidates])
        elif phase == SETUP_ROAD:
            options = [a for a in legal if isinstance(a, A.BuildRoad)]
        else:
            return {}
        if not options:
            return {}
        try:
            world = determinize(view, rng)
        except GameError:
            return {}
        normal = CatanHeuristicBot()
        ends = []
        for action in options:
            copy = world.clone()
            try:
                copy.apply(action)
                play_out_setup(copy, [normal] * copy.num_players, rng)
            except GameError:
                return {}
            ends.append(setup_features(copy))
        chances = self.net.chances(np.asarray(ends, dtype=float))[:, view.player]
        return {action: float(c) for action, c in zip(options, chances)}


class PlannedSetupPolicy(CatanHardPolicy):
    """Hard's Catan policy with its set-up placements made by the set-up planner, where one is shipped."""

    id = "hard-setup-policy"

    def choose(self, view: CatanView, legal_actions: list[Action], rng: random.Random) -> Action:
        """The planner's placement in a planned set-up (a varied policy samples near it), else Hard's policy's."""
        if planned(view):
            planner = setup_planner(view.state.num_players)
            choice = planner.choose(view, legal_actions, rng, self.variety) if planner is not None else None
            if choice is not None:
                return choice
        return super().choose(view, legal_actions, rng)


def setup_search() -> FamilySearch:
    """Hard's Catan search with the set-up planner's placements final (no search of them): the arena's hard-setup."""
    from game.ai.search import family_search

    return replace(family_search("catan"), prior=PlannedSetupPolicy, prior_decides=planned)
