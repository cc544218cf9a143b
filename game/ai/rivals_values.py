"""Worth of Rivals principalities and cards for the heuristic bot, in resource units, from static card facts.

Everything here is a pure function of a principality grid (the public cards one player has laid out), the
opponent's public points and the catalogue: victory points (advantage tokens included), strength and
commerce toward the advantages, production of regions and boosters, lasting abilities and free sites.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType

from game.rivals.catalogue import Card, card_of
from game.rivals.constants import CENTER_ROW, GOLD, RESOURCES, WIDTH
from game.rivals.economy import resource_table
from game.rivals.principality import (expansion_cell, open_road_columns, open_settlement_columns,
                                      region_sites, site_cells, site_regions)
from game.rivals.scoring import advantage_holder

W_VP = 8.0            # one victory point
WIN = 1000.0          # reaching the target
OPP_TOKEN = 0.7 * W_VP  # the opponent holding an advantage token
PROD = 1.5            # what one region produces over the rest of a game
BOOST = 1.2           # what a booster adds to one matching neighbouring region
# Weight of each resource (brick, grain, lumber, wool, ore, gold): ore and grain build cities, gold only trades.
RES_WEIGHT: tuple[float, ...] = (1.0, 1.05, 1.0, 0.95, 1.1, 0.85)
SITE_WORTH: Mapping[str, float] = MappingProxyType({"settlement_site": 0.3, "city_site": 0.5, "region_site": 0.05})
PAIR_SITE = 0.4       # a free site between two regions of the same kind
NEW_REGIONS = 2 * PROD * 1.0 + 0.3  # two regions of a settlement not yet drawn
BASE = CENTER_ROW * WIDTH

# Lasting abilities beyond the printed points (unknown cards get DEFAULT_ABILITY).
ABILITY: dict[str, float] = {
    "marketplace": 1.5, "parish_hall": 1.0, "storehouse": 0.5, "toll_bridge": 0.8, "large_trade_ship": 1.0,
    "pirate_ship": 0.5, "gold_cache": 0.8, "moneylender": 1.0, "mint": 1.2, "merchant_guild": 1.2,
    "town_hall": 1.2, "abbey": 0.2, "harbor": 0.4, "trading_base": 0.4, "salt_silo": 0.4, "staple_house": 0.2,
    "hedge_tavern": 0.8, "university": 1.0, "building_crane": 0.6, "drill_ground": 0.6, "lookout_tower": 0.4,
    "heinrich": 0.4, "irmgard": 0.6, "fire_brigade": 0.3, "chapel_1_3": 0.3, "chapel_4_6": 0.3,
    "bath_house": 0.3, "pharmacy": 0.3, "library": 0.3,
}
DEFAULT_ABILITY = 0.2
# One-off effects when built (added to the build, not to the principality).
ON_BUILD: dict[str, float] = {"staple_house": 1.8, "library": 1.5, "fairgrounds": 1.0, "tithe_barn": 0.8}
PIRATE_HIT = 2.5      # a Pirate Ship built while the opponent has a trade ship
# Worth of keeping an action card in the hand (conditions are checked in hand_value).
ACTION_WORTH: dict[str, float] = {
    "brigitta": 1.5, "goldsmith": 1.0, "merchant_caravan": 1.2, "scout": 1.0, "relocation": 0.5,
    "gudrun": 1.5, "trade_master": 1.5, "merchant": 1.5, "brigands": 1.2, "reiner": 1.2,
}
DEFAULT_ACTION = 1.0


@dataclass(frozen=True, slots=True)
class RivalsStyle:
    """The weights a heuristic Rivals bot values by, where bots of one family may differ (Normal's are the defaults)."""

    vp: float = W_VP            # one victory point (the opponent's advantage tokens keep OPP_TOKEN)
    boost: float = BOOST        # a booster's worth per matching neighbouring region
    alpha: float = 0.25         # share of an aim's worth credited for the resources gathered toward it
    ready: float = 0.6          # share of an aim's worth credited when its whole cost is at hand
    exchange_margin: float = 0.3  # a swap of cards must beat keeping the card by this much
    # What drawing from a stack holding a larger share of given-away cards than another of its back costs (0:
    # nothing; Normal's draws prefer the largest stack, often the one they are put under, so it draws them back).
    given_away: float = 0.0


NORMAL_STYLE = RivalsStyle()

_OUTER = tuple(r * WIDTH + x for r in (0, 1, 3, 4) for x in range(WIDTH))
_CENTRE_XS = tuple(range(1, WIDTH, 2))  # the centre-row columns of settlements and cities
# Each region cell with the expansion cell beyond it.
_BEYOND: Mapping[int, int] = MappingProxyType({row * WIDTH + x: expansion_cell(row * WIDTH + x)
                                               for row in (1, 3) for x in range(0, WIDTH, 2)})
# The building sites of a settlement and of a city at each centre column.
_SETTLEMENT_SITES = {x: site_cells(x, False) for x in range(1, WIDTH, 2)}
_CITY_SITES = {x: site_cells(x, True) for x in range(1, WIDTH, 2)}


@dataclass(frozen=True, slots=True)
class Structure:
    """The lasting facts of one principality grid and its worth (storage aside)."""

    score: float
    vp: int
    stats: tuple[int, int, int, int]
    ids: tuple[str, ...]
    stores: tuple[tuple[int, int, bool], ...]  # (cell, resource, is a region) of every storing card
    protected: frozenset[int]                   # regions beside a Storehouse (not counted by a Brigand Attack)
    rates: tuple[int, ...]                      # trade rate per resource
    free: dict[str, tuple[int, ...]]            # free sites per placement class
    settlements: tuple[int, ...]                # columns of settlements that are not cities
    cities: int
    road_columns: tuple[int, ...]
    settlement_columns: tuple[int, ...]
    region_count: tuple[int, ...]
    # A memo for the bot's valuer: the gain of building a card on this grid by (card index, opponent's points),
    # one-off effects aside, None where it cannot be built; it depends only on the grid and the cache's key.
    gains: dict[tuple[int, int], float | None] = field(default_factory=dict, compare=False, repr=False)


def race(mine: int, other: int) -> float:
    """Worth of strength or commerce points short of and beyond what takes the advantage from the other."""
    need = max(3, other + 1)
    return 0.8 * min(mine, need) + 0.3 * min(max(0, mine - need), 2)


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the analysis of a grid reads of one physical card, worked out once per card instead of per grid."""

    card: Card
    region: bool      # a region (it produces); any other card on the outer rows is built
    stores: int       # the resource it stores (regions and the Gold Cache), -1 for none
    ability: float    # its lasting ability beyond the printed points (ABILITY, else DEFAULT_ABILITY)
    ship: int         # the resource its trade ship trades 2:1, -1 for none


@cache
def card_facts() -> tuple[CardFacts, ...]:
    """The facts of each physical card, by index."""
    table = resource_table()
    return tuple(CardFacts(card, card.type == "region", table[k], ABILITY.get(card.id, DEFAULT_ABILITY),
                           RESOURCES.index(card.ship) if card.ship in RESOURCES else -1)
                 for k, card in enumerate(card_of()))


def structure(grid: tuple[int, ...], opp: tuple[int, int, int, int], target: int,
              style: RivalsStyle = NORMAL_STYLE) -> Structure:
    """Analyse and value a principality grid against the opponent's points (strength, skill, commerce, progress)."""
    facts = card_facts()
    as_list = list(grid)
    cols = [x for x in _CENTRE_XS if grid[BASE + x] >= 0]
    vp = 0
    city_cols = []
    for x in cols:
        centre = facts[grid[BASE + x]].card
        vp += centre.vp
        if centre.type == "city":
            city_cols.append(x)
    built: list[tuple[int, CardFacts]] = []
    stores: list[tuple[int, int, bool]] = []
    region_count = [0] * 6
    st = sk = co = pr = ships = 0
    for c in [c for c in _OUTER if grid[c] >= 0]:
        f = facts[grid[c]]
        if f.stores >= 0:
            stores.append((c, f.stores, f.region))
        if f.region:
            region_count[f.stores] += 1
        else:
            card = f.card
            built.append((c, f))
            st += card.str
            sk += card.skl
            co += card.com
            pr += card.prog
            ships += card.type == "sc_trade_ship"
    ids = tuple(f.card.id for _, f in built)
    if "trading_base" in ids:
        co += ("marketplace" in ids) + ids.count("harbor")
    if "salt_silo" in ids:
        co += ships
    for _, f in built:
        card = f.card
        if card.vp and (card.vp_condition != "trade_ships3" or ships >= 3):
            vp += card.vp
    holds_str = advantage_holder((st, opp[0]))
    holds_com = advantage_holder((co, opp[2]))
    vp += (holds_str == 0) + (holds_com == 0)
    score = style.vp * vp - OPP_TOKEN * ((holds_str == 1) + (holds_com == 1))
    if vp >= target:
        score += WIN
    score += race(st, opp[0]) + race(co, opp[2]) + 0.4 * min(sk, opp[1] + 1) + 1.2 * pr
    ship_of = {f.ship for _, f in built}
    rates = tuple(2 if r in ship_of else 3 for r in range(6))
    protected: set[int] = set()
    boosters = False
    for c, f in built:
        score += f.ability
        if f.ship >= 0:
            score += 0.5 * region_count[f.ship]
        card_id = f.card.id
        if card_id in ("storehouse", "abbey"):
            near = [r for r in site_regions(c) if grid[r] >= 0]
            score += 0.3 * len(near)
            if card_id == "storehouse":
                protected.update(near)
        boosters = boosters or f.card.booster is not None
    for c, res, is_region in stores:
        if not is_region:
            continue
        boost = 0
        if boosters:  # without a booster built, no region is boosted
            region = facts[grid[c]].card.id
            for site in region_sites(c):
                if grid[site] >= 0 and facts[grid[site]].card.booster == region:
                    boost += 1
        score += RES_WEIGHT[res] * (PROD + style.boost * boost)
    free = _free_sites(grid, cols, city_cols, stores)
    score += sum(SITE_WORTH.get(k, 0.0) * len(v) for k, v in free.items())
    # A free site between two regions of one kind is where a booster would pay twice.
    for site in free["settlement_site"]:
        a, b = site_regions(site)
        if grid[a] >= 0 and grid[b] >= 0 and facts[grid[a]].card.id == facts[grid[b]].card.id:
            score += PAIR_SITE
    return Structure(score, vp, (st, sk, co, pr), ids, tuple(stores), frozenset(protected), rates, free,
                     tuple(x for x in cols if x not in city_cols), len(city_cols),
                     tuple(open_road_columns(as_list)), tuple(open_settlement_columns(as_list)),
                     tuple(region_count))


def _free_sites(grid: tuple[int, ...], cols: list[int], city_cols: list[int],
                stores: list[tuple[int, int, bool]]) -> dict[str, tuple[int, ...]]:
    facts = card_facts()
    settlement = []
    city = []
    parish = []
    for x in cols:
        if x in city_cols:
            sites = _CITY_SITES[x]
            settlement += [c for c in sites if grid[c] < 0]
            city += [c for c in sites if grid[c] < 0]
            parish += [c for c in sites if grid[c] >= 0 and facts[grid[c]].card.id == "parish_hall"]
        else:
            settlement += [c for c in _SETTLEMENT_SITES[x] if grid[c] < 0]
    # The stores list holds the regions, in the order of _REGION_CELLS.
    region = [_BEYOND[c] for c, _, is_region in stores if is_region and c in _BEYOND and grid[_BEYOND[c]] < 0]
    return {"settlement_site": tuple(settlement), "city_site": tuple(city), "region_site": tuple(region),
            "on_parish_hall": tuple(parish)}


def requirement_met(req: str, s: Structure, opp_stats: tuple[int, int, int, int], opp_vp: int) -> bool:
    """Whether a printed requirement (alternatives joined by '|') holds for the principality, as far as it shows."""
    for part in req.split("|"):
        if part == "city" and s.cities:
            return True
        if part == "com3" and s.stats[2] >= 3:
            return True
        if part == "prog2" and s.stats[3] >= 2:
            return True
        if part == "strength_advantage" and advantage_holder((s.stats[0], opp_stats[0])) == 0:
            return True
        if part == "fewer_vp" and s.vp < opp_vp:
            return True
        if part == "hero_str" and _has_strong_hero(s):
            return True
        if part == "parish_hall_in_city" and s.free["on_parish_hall"]:
            return True
        if part in s.ids:
            return True
    return False


def _has_strong_hero(s: Structure) -> bool:
    from game.rivals.catalogue import catalogue

    cards = catalogue().cards
    return any(cards[i].type == "sc_hero" and cards[i].str > 0 for i in s.ids)


def generic_worth(card: Card, style: RivalsStyle = NORMAL_STYLE) -> float:
    """A card's worth without a site: points, stats, ability, booster or ship."""
    if card.is_action:
        return ACTION_WORTH.get(card.id, DEFAULT_ACTION)
    worth = style.vp * card.vp + 0.8 * (card.str + card.com) + 0.4 * card.skl + 1.2 * card.prog
    worth += ABILITY.get(card.id, DEFAULT_ABILITY) + ON_BUILD.get(card.id, 0.0)
    if card.booster:
        worth += style.boost * 1.2
    if card.ship:
        worth += 0.8
    return worth


def gold_share(s: Structure) -> int:
    """How many gold fields (and Gold Caches) the principality has."""
    return sum(1 for _, r, _ in s.stores if r == GOLD)
