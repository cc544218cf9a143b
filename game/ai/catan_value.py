"""What a Catan position is worth to one seat, as a player weighs a build: points first, then production, room
to expand, the hand's progress toward the next build, roads, knights and harbors (a sum of weighted terms).

Hard's own play in games of three and four players uses it to choose where its roads go (game/ai/catan_hard_policy.py):
comparing the positions after each legal action shows which road opens the best site, lengthens the road most or
is worth building at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.ai.catan_situation import GENERIC_HARBOR, board_info, effective_missing
from game.ai.catan_two_player_bot import reach
from game.catan.constants import CITY_COST, DEV_CARD_COST, KNIGHT, SETTLEMENT_COST

if TYPE_CHECKING:
    from game.catan.rules import CatanGame
    from game.catan.state import CatanState

EXPANSION_DEPTH = 2  # roads beyond the network looked at for the best site still to reach
SITES_COUNTED = 2  # open sites beyond this many add nothing: one builds them one at a time


@dataclass(frozen=True, slots=True)
class SeatWeights:
    """The weight of each term of a seat's value.

    Measured in seat-rotated games of 1 such player against 3 Normal bots (the two expansion weights were picked
    among a few by those games; the others were set by hand)."""

    points: float = 1000.0            # per public victory point: a point outweighs every other term
    pips: float = 10.0                # per pip of own production (robber hex aside; a city counts twice)
    rival_pips: float = -3.0          # per pip the others produce
    kinds: float = 8.0                # per kind of resource produced
    open_sites: float = 6.0           # per site the network reaches now (up to SITES_COUNTED)
    open_site_pips: float = 0.5       # per pip of the best of them
    reach: tuple[float, ...] = (1.5, 3.0)  # per pip of the best site one road, two roads beyond the network
    cards: float = 1.0                # per card in hand up to seven
    cards_over_seven: float = -4.0    # per card beyond seven (half the hand is lost to a seven)
    progress: float = 40.0            # the best goal's worth times `decay` per card it still lacks
    goal_worth: tuple[float, float, float] = (1.0, 1.0, 0.5)  # city, settlement, development card
    decay: float = 0.5
    road_length: float = 2.0          # per road of its longest road
    development_cards: float = 12.0   # per development card held
    knights: float = 4.0              # per knight played
    harbor: float = 4.0               # per harbor: a generic one counts 1, a special one by its resource's pips / 4


DEFAULT_WEIGHTS = SeatWeights()


def seat_value(game: CatanGame, player: int, weights: SeatWeights = DEFAULT_WEIGHTS) -> float:
    """The worth of the position to the player (greater is better; only differences between positions mean
    anything)."""
    s = game.state
    info = board_info(s.board)
    w = weights
    production = [_production(s, info.node_yields, p) for p in range(s.num_players)]
    mine = production[player]
    value = w.points * game.public_vp(player)
    value += w.pips * sum(mine) + w.kinds * sum(1 for x in mine if x > 0)
    value += w.rival_pips * sum(sum(production[q]) for q in range(s.num_players) if q != player)
    sites, beyond = _expansion(game, player)
    value += w.open_sites * min(len(sites), SITES_COUNTED)
    value += w.open_site_pips * max((_site_pips(info.node_yields, s.robber, n) for n in sites), default=0)
    value += sum(weight * best for weight, best in zip(w.reach, beyond))
    hand = s.hands[player]
    held = sum(hand)
    value += w.cards * min(held, 7) + w.cards_over_seven * max(0, held - 7)
    value += w.progress * _progress(game, player, bool(sites), w)
    value += w.road_length * s.road_length[player]
    value += w.development_cards * sum(s.dev_hand[player]) + w.knights * s.dev_played[player][KNIGHT]
    value += w.harbor * _harbors(s, info.node_harbor, player, mine)
    return value


def _production(s: CatanState, node_yields: tuple, player: int) -> list[float]:
    """Pips per resource the player's buildings collect, the robber's hex aside."""
    out = [0.0] * 5
    for node, owner in enumerate(s.node_owner):
        if owner == player:
            level = s.node_level[node]
            for h, r, pips in node_yields[node]:
                if h != s.robber:
                    out[r] += pips * level
    return out


def _site_pips(node_yields: tuple, robber: int, node: int) -> int:
    """Pips a settlement at the intersection would collect, the robber's hex aside."""
    return sum(pips for h, _, pips in node_yields[node] if h != robber)


def _expansion(game: CatanGame, player: int) -> tuple[list[int], list[int]]:
    """The sites its roads reach now, and the pips of the best site one, two ... roads further (0 for none)."""
    s = game.state
    yields = board_info(s.board).node_yields
    roads_to = reach(game.topo, s.node_owner, s.edge_owner, player, EXPANSION_DEPTH)
    sites = sorted(n for n, roads in roads_to.items() if roads == 0 and game.can_settle(n))
    best = [0] * EXPANSION_DEPTH
    for node, roads in roads_to.items():
        if roads and game.can_settle(node):
            best[roads - 1] = max(best[roads - 1], _site_pips(yields, s.robber, node))
    return sites, best


def _progress(game: CatanGame, player: int, has_site: bool, w: SeatWeights) -> float:
    """The best of its possible next builds, discounted per card still lacking after trading the surplus to
    the bank: how far the hand has come."""
    s = game.state
    hand, rates = s.hands[player], s.rates[player]
    goals = []
    if s.cities_left[player] > 0 and any(owner == player and level == 1
                                         for owner, level in zip(s.node_owner, s.node_level)):
        goals.append((w.goal_worth[0], CITY_COST))
    if has_site and s.settlements_left[player] > 0:
        goals.append((w.goal_worth[1], SETTLEMENT_COST))
    goals.append((w.goal_worth[2], DEV_CARD_COST))
    return max(worth * w.decay ** effective_missing(hand, cost, rates, s.bank) for worth, cost in goals)


def _harbors(s: CatanState, node_harbor: tuple, player: int, production: list[float]) -> float:
    """Its harbors: a generic one counts 1, a special one by its resource's pips / 4 (at most 2)."""
    total = 0.0
    for node, owner in enumerate(s.node_owner):
        harbor = node_harbor[node]
        if owner == player and harbor is not None:
            total += 1.0 if harbor == GENERIC_HARBOR else min(production[harbor], 8.0) / 4
    return total
