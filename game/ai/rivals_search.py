"""What the Hard level's search uses in Rivals: the policy it starts from (Normal's rules in Hard's own style), its
ranking of the candidates, and an evaluation at the end of a rollout fitted to who wins: Normal's own valuation of
both principalities and a few plain facts of them."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from game.ai.rivals_heuristic import RivalsHeuristicBot, Scorer
from game.ai.rivals_plan import Plan, StructureCache, Valuer
from game.ai.rivals_values import RivalsStyle
from game.core.actions import Action
from game.core.game import Game

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame

# Hard's own play values victory points and boosters at half of Normal's worth and credits half as much for the
# resources gathered toward a build (Normal's rules otherwise). Found by halving and doubling each of 22 of Normal's
# weights against Normal in the intro game (600 seeds, each played from both seats): only these three helped (52.7,
# 52.8 and 52.4 % alone), the rest stayed within 49-51.4 % or lost. Together, on other seeds, against Normal: intro
# 1119/2000 = 56.0 %, gold 964/1600 = 60.2 %, turmoil 350/600 = 58.3 %, progress 353/600 = 58.8 %, Duel
# 391/600 = 65.2 %. The leaf keeps Normal's worth (its weights were fitted to it), and so do the rollouts: with the
# searching seat's own rollouts in this style, Hard won 79 of the first 120 intro games below where it won 83.
# Within the search the gain is small: Hard won 147 of 200 intro games against Normal (seat-rotated from seed 7)
# where it won 144 of the same games from Normal's own play (34 won only this way, 31 only that way; p = 0.80).
# It also draws, and takes in an exchange, from another stack than the one exchanged cards go under (the first of
# their back), while one of that back is left: Normal prefers the largest stack, often that one, and so draws back
# the cards players gave away. Hard's style alone against Normal, intro (seed 9, 2000 games): 57.1 % -> 67.6 %;
# gold (seed 9, 1200 games): 61.9 % -> 61.2 %, no gain there. Within the search, intro (seat-rotated from seed 7):
# 161/200 = 80.5 % [74.5-85.4], where the style without it won 147 of the same games (38 won only this way, 24
# only that way; sign test p = 0.098) and the search from Normal's play 144 (44 and 27; p = 0.057).
# With the exchange under any stack of its back (Normal's choices unchanged), gold: 157/200 = 78.5 % [72.3-83.6]
# where the style without it won 149 of the same games (38 and 30; p = 0.40): within noise, as its prior was.
# Which stacks hold given-away cards is read from the table's public count of cards put under each stack (a person
# may put them under any stack of their back): a stack whose share of them is above another's of its back is avoided.
# Against Normal, who puts them under the first, the style alone won 66.9 % of the same intro games (seed 9, 2000)
# and 59.8 % of the gold ones (seed 9, 1200) where avoiding the first stack from the start won 67.6 and 61.2 %.
HARD_STYLE = RivalsStyle(vp=4.0, boost=0.6, alpha=0.125, given_away=1.0)

# A player's share of the winning chances is a logistic function of the differences between the two
# principalities in Normal's worth (a victory point counts 8 resource units; the difference is capped at four
# points, since a build that would win, one card away, is worth hundreds of units to Normal's plans but is not a won
# game) and in a few plain facts Normal's worth weighs differently from how they decide games: the regions, cities,
# stored resources and the four kinds of points. Fitted per mode by maximum likelihood to who won seeded games of
# Normal bots (positions sampled at 5 % of the actions; a fifth of the games held out).
WORTH_CAP = 32.0


@dataclass(frozen=True, slots=True)
class Weighing:
    """Logistic weights of the differences between the two principalities (the player's minus the other's)."""

    worth: float       # per unit of Normal's worth (the difference capped at WORTH_CAP)
    points: float      # victory points
    strength: float
    skill: float
    commerce: float
    progress: float
    regions: float
    stored: float      # resources stored on the regions and cards
    hand: float        # cards in hand
    cities: float
    free_sites: float  # free settlement and city sites
    settlements: float  # settlement columns (with their roads)
    to_move: float     # the player whose turn it is (+1), or the other (-1)


# The weights before the plain facts were added: the capped worth alone, two and a half points wide (held-out
# log-loss of the winner 0.589 / 0.529 / 0.632 in intro, gold and turmoil; 0.693 for a coin).
WORTH_ONLY = Weighing(1 / 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
# Held-out log-loss of the winner with the capped worth alone -> with the facts: intro 0.587 -> 0.537 (10,435
# positions of 1,500 games), gold 0.564 -> 0.513 (36,776 of 3,000), turmoil 0.651 -> 0.570 (42,682 of 3,000),
# progress 0.593 -> 0.555 (13,943 of 1,200), duel 0.600 -> 0.531 (15,993 of 1,200).
FITTED: Mapping[str, Weighing] = MappingProxyType({
    "rivals-intro": Weighing(worth=0.0618, points=-0.3290, strength=0.1969, skill=0.0888, commerce=0.4645,
                             progress=0.1464, regions=0.6380, stored=0.1701, hand=0.0238, cities=1.1705,
                             free_sites=-0.1005, settlements=-0.0055, to_move=0.0593),
    "rivals-gold": Weighing(worth=0.0382, points=0.0563, strength=0.1007, skill=0.0830, commerce=0.1864,
                            progress=0.1478, regions=0.3914, stored=0.1060, hand=-0.0303, cities=0.6666,
                            free_sites=-0.1390, settlements=0.0008, to_move=0.0497),
    "rivals-turmoil": Weighing(worth=0.0170, points=0.0331, strength=0.0262, skill=0.1687, commerce=0.4108,
                               progress=0.1936, regions=0.4366, stored=0.0739, hand=-0.0512, cities=0.6781,
                               free_sites=-0.0968, settlements=0.4410, to_move=0.0073),
    "rivals-progress": Weighing(worth=0.0262, points=0.6028, strength=-0.0708, skill=0.2262, commerce=0.4963,
                                progress=0.4952, regions=0.1955, stored=0.1022, hand=0.0895, cities=-0.0243,
                                free_sites=-0.0542, settlements=0.1858, to_move=0.0629),
    "rivals-duel": Weighing(worth=0.0256, points=0.0249, strength=0.0576, skill=0.2908, commerce=0.6368,
                            progress=0.1807, regions=0.5165, stored=0.0574, hand=0.0073, cities=1.1708,
                            free_sites=-0.2125, settlements=-0.0349, to_move=0.0245),
})


def hard_policy() -> RivalsHeuristicBot:
    """The policy Hard's search starts from in Rivals: Normal's rules, valued in Hard's style."""
    return RivalsHeuristicBot(style=HARD_STYLE)


def rank(view: Any, legal: list[Action], rng: random.Random, normal: Any = None) -> list[Action] | None:
    """The legal actions from the heuristic's favourite down (None where it decides by another rule); given the
    heuristic bot that has just scored this view (Hard's prior, in its style), its scorer and caches rank them."""
    if view.decision is not None and view.decision[0] == "arrange":
        return None
    scorer = normal.scorer(view) if isinstance(normal, RivalsHeuristicBot) else Scorer(view)
    scored = sorted(((scorer.score(a) + 1e-6 * rng.random(), i) for i, a in enumerate(legal)), reverse=True)
    # Where an exchanged card goes makes no difference in a sampled world (the stacks' hidden orders are dealt
    # anew), so the twins of an exchange that differ only in it would take the places of other candidates.
    return [legal[i] for _, i in scored if not scorer.exchanged_elsewhere(legal[i])]


def weighing_for(mode_id: str) -> Weighing:
    """The fitted weights of a Rivals mode (the capped worth alone for a mode without a fit)."""
    return FITTED.get(mode_id, WORTH_ONLY)


class RivalsEvaluator:
    """Scores a position for one seat from both principalities (Normal's analyses of grids cached)."""

    def __init__(self) -> None:
        self.structures = StructureCache()

    def __call__(self, game: Game, player: int) -> float:
        """The player's share of the winning chances."""
        rivals: RivalsGame = game  # type: ignore[assignment]
        facts = [self.facts(rivals, p) for p in (0, 1)]
        return winning_share(facts[player], facts[1 - player], weighing_for(rivals.mode.id),
                             rivals.state.current == player)

    def facts(self, game: RivalsGame, p: int) -> tuple[float, ...]:
        """What the evaluation weighs of one principality, in the order of Weighing's fields (without the turn)."""
        view = game.view(p)
        valuer = Valuer(view, self.structures)
        plan = Plan.of(view)
        s = valuer.structure(plan.grid)
        stored = sum(n for n in game.state.store[p] if n > 0)
        return (valuer.value(plan), view.vp[p], *view.stats[p], sum(s.region_count), stored, view.hand_sizes[p],
                s.cities, len(s.free["settlement_site"]) + len(s.free["city_site"]), len(s.settlement_columns))


def winning_share(mine: tuple[float, ...], theirs: tuple[float, ...], weighing: Weighing, to_move: bool) -> float:
    """The share of the winning chances of a player with these facts against the other's."""
    weights = (weighing.worth, weighing.points, weighing.strength, weighing.skill, weighing.commerce,
               weighing.progress, weighing.regions, weighing.stored, weighing.hand, weighing.cities,
               weighing.free_sites, weighing.settlements)
    lead = max(-WORTH_CAP, min(WORTH_CAP, mine[0] - theirs[0]))
    z = weights[0] * lead + (weighing.to_move if to_move else -weighing.to_move)
    for w, a, b in zip(weights[1:], mine[1:], theirs[1:]):
        z += w * (a - b)
    return 1.0 / (1.0 + math.exp(-z))
