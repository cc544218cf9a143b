"""The heuristic Rivals bot's scratch plan of its own principality, its valuation, and predicted action effects.

A Plan is copied from the bot's own view (grid, storage, hand, face-up stack); `after` applies the visible,
certain part of an action to a copy (payments, placed cards, gained units); the Valuer scores a plan:
the principality's lasting worth, storage (flexibility, full regions, Brigand risk) and progress toward the
builds in reach ("aims"), so that saving for a city or trading toward it shows as a gain.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from game.ai.rivals_values import (BASE, NEW_REGIONS, NORMAL_STYLE, ON_BUILD, PIRATE_HIT, PROD, RES_WEIGHT,
                                   SITE_WORTH, RivalsStyle, Structure, generic_worth, requirement_met, structure)
from game.core.actions import Action
from game.rivals.catalogue import card_of, catalogue
from game.rivals.constants import GOLD, MAX_STORE, WOOL
from game.rivals.principality import site_regions
from game.rivals.view import RivalsView

TRADE_CREDIT = 0.6    # a missing resource that surplus could be traded for counts this much
FLEX = 0.1            # any stored resource
FULL_REGION = 0.25    # a region at 3 wastes its next production
BRIGAND_RISK = 0.25   # chance-weighted loss of each gold and wool while over 7 counted resources
SITE_DEPENDENT = frozenset({"storehouse", "abbey"})


class Plan:
    """A scratch copy of the bot's principality grid, storage, hand and the face-up stack."""

    __slots__ = ("grid", "store", "hand", "face_up", "extra")

    def __init__(self, grid: list[int], store: list[int], hand: list[int], face_up: list[int],
                 extra: float = 0.0) -> None:
        self.grid, self.store, self.hand, self.face_up, self.extra = grid, store, hand, face_up, extra

    @staticmethod
    def of(view: RivalsView) -> Plan:
        """The plan of the view's own seat."""
        me = view.player
        return Plan(list(view.grid[me]), list(view.store[me]), list(view.hand), list(view.face_up))

    def copy(self) -> Plan:
        """An independent copy."""
        return Plan(self.grid[:], self.store[:], self.hand[:], self.face_up[:], self.extra)

    def add(self, c: int, n: int = 1) -> None:
        """Store n more units on a cell (the excess is lost)."""
        if 0 <= c < len(self.store):
            self.store[c] = min(MAX_STORE, self.store[c] + n)

    def pay(self, payment: Any) -> None:
        """Take a payment ((cell, amount) pairs) off the cells."""
        for c, n in payment or ():
            self.store[c] = max(0, self.store[c] - n)

    def remove_card(self, c: int) -> None:
        """A card leaves the principality (with what it stores)."""
        if 0 <= c < len(self.grid):
            self.grid[c] = -1
            self.store[c] = 0


class StructureCache:
    """The analyses of grids a bot has met, valued in its style, kept across its decisions (a grid changes rarely
    between them).

    Bounded: when it holds MAX_CACHED analyses it starts again, so a long series of games cannot grow it.
    """

    MAX_CACHED = 4096

    def __init__(self, style: RivalsStyle = NORMAL_STYLE) -> None:
        self.style = style
        # By the opponent's stats and the points target, then by grid (a grid is hashed once a look-up).
        self._found: dict[tuple[Any, ...], dict[tuple[int, ...], Structure]] = {}
        self._count = 0

    def get(self, grid: tuple[int, ...], opp: tuple[int, int, int, int], target: int) -> Structure:
        """The analysis of grid against the opponent's stats and the points target."""
        s = self.table(opp, target).get(grid)
        return s if s is not None else self.add(grid, opp, target)

    def table(self, opp: tuple[int, int, int, int], target: int) -> dict[tuple[int, ...], Structure]:
        """The analyses against the opponent's stats and the points target, by grid (read only: add with add)."""
        found = self._found.get((opp, target))
        if found is None:
            found = self._found[(opp, target)] = {}
        return found

    def add(self, grid: tuple[int, ...], opp: tuple[int, int, int, int], target: int) -> Structure:
        """Analyse a grid not met yet and keep the analysis."""
        if self._count >= self.MAX_CACHED:
            self._found.clear()
            self._count = 0
        s = self.table(opp, target)[grid] = structure(grid, opp, target, self.style)
        self._count += 1
        return s


@cache
def center_facts() -> tuple[Mapping[str, tuple[int, ...]], Mapping[str, int]]:
    """The costs of road, settlement and city, and the first physical card of each in the centre stacks."""
    cards = catalogue().cards
    names = ("road", "settlement", "city")
    return (MappingProxyType({k: cards[k].cost for k in names}),
            MappingProxyType({k: catalogue().find(k, k)[0] for k in names}))


class Valuer:
    """Values plans of one seat during one decision, in the style of the cache it is given (Normal's without one);
    caches the analysis of each grid it meets."""

    def __init__(self, view: RivalsView, shared: StructureCache | None = None) -> None:
        self.view = view
        self.shared = shared
        me = view.player
        self.opp_stats = view.stats[1 - me]
        self.opp_vp = view.vp[1 - me]
        self.target = view.target_vp
        self.supply = view.center_sizes
        # The analyses by grid: the shared cache's table for this opponent and target, else one of its own.
        self._structures = StructureCache() if shared is None else shared
        self.style = self._structures.style
        self._found = self._structures.table(self.opp_stats, self.target)
        self._aims: dict[tuple[Any, ...], list[tuple[float, tuple[int, ...]]]] = {}
        self.costs, self.center_card = center_facts()
        self._now = tuple(view.grid[me])  # the principality as it stands (the grid every plan starts from)

    # ------------------------------------------------------------------ analysis

    def structure(self, grid: list[int] | tuple[int, ...]) -> Structure:
        """The (cached) analysis of a grid."""
        key = tuple(grid)
        s = self._found.get(key)
        if s is None:
            s = self._structures.add(key, self.opp_stats, self.target)
            self._found = self._structures.table(self.opp_stats, self.target)  # new after a restart
        return s

    def value(self, plan: Plan) -> float:
        """The worth of a plan."""
        s = self.structure(plan.grid)
        store = plan.store
        v = s.score + plan.extra
        tot = [0] * 6
        counted = exposed = 0
        for c, r, is_region in s.stores:
            n = store[c]
            tot[r] += n
            if not is_region:
                continue
            if n >= MAX_STORE:
                v -= FULL_REGION
            if c not in s.protected:
                counted += n
            if r == GOLD or r == WOOL:
                exposed += n
        v += FLEX * sum(tot)
        if counted > 7:
            v -= BRIGAND_RISK * exposed
        return v + self.potential(tot, self.aims(plan, s), s.rates)

    def potential(self, tot: list[int], aims: list[tuple[float, tuple[int, ...]]], rates: tuple[int, ...]) -> float:
        """Credit for progress toward the best aim: resources it needs, and surplus that could be traded for them;
        an aim paid for in full counts almost as built, so trading to complete one pays off at once."""
        best = 0.0
        alpha, ready = self.style.alpha, self.style.ready
        for worth, cost in aims:
            n = sum(cost)
            matched = conv = 0
            for have, need, rate in zip(tot, cost, rates):
                if have > need:
                    matched += need
                    conv += (have - need) // rate
                else:
                    matched += have
            if matched == n:
                credit = ready * worth
            else:
                credit = alpha * worth * (matched + TRADE_CREDIT * min(n - matched, conv)) / n
            if credit > best:
                best = credit
        return best

    # ------------------------------------------------------------------ aims

    def aims(self, plan: Plan, s: Structure) -> list[tuple[float, tuple[int, ...]]]:
        """Builds in reach of the plan as (worth, cost): city, settlement (with its road), hand and face-up cards."""
        key = (tuple(plan.grid), tuple(plan.hand), tuple(plan.face_up))
        out = self._aims.get(key)
        if out is not None:
            return out
        out = []
        sup = self.supply
        cards = card_of()
        offered = list(dict.fromkeys(plan.hand + plan.face_up))
        if s.settlements and sup.get("city", 0) > 0:
            worth = self.style.vp + 2 * SITE_WORTH["city_site"]
            if not s.free["city_site"]:
                wanted = [generic_worth(cards[k], self.style) for k in offered if cards[k].placement == "city_site"]
                worth += 0.4 * max(wanted, default=0.0)
            out.append((worth, self.costs["city"]))
        if sup.get("settlement", 0) > 0:
            worth = self.style.vp + NEW_REGIONS + 2 * SITE_WORTH["settlement_site"]
            if s.settlement_columns:
                out.append((worth, self.costs["settlement"]))
            elif s.road_columns and sup.get("road", 0) > 0:
                cost = tuple(a + b for a, b in zip(self.costs["road"], self.costs["settlement"]))
                out.append((0.9 * worth, cost))
        seen: set[str] = set()
        for k in offered:
            info = cards[k]
            if not info.is_expansion or info.id in seen:
                continue
            seen.add(info.id)
            gain = self.aim_gain(key[0], s, k)
            if gain > 0:
                out.append((gain, info.cost))
        self._aims[key] = out
        return out

    def aim_gain(self, grid: tuple[int, ...], s: Structure, k: int) -> float:
        """What building card k would add to a plan's grid, as an aim: measured on that grid when it is the
        principality as it stands or when the plan is what lets the card be built there; else (it can be built on
        both) the card's gain on the principality as it stands.

        One card more or moved seldom changes what another adds, and measuring every card in reach on every grid
        an action would make was most of a decision's time (hundreds of analyses where a Relocation or a booster
        can go to many places).
        """
        if grid == self._now or not self.buildable(s, k):
            return self.card_gain(grid, s, k)
        now = self.structure(self._now)
        if not self.buildable(now, k):
            return self.card_gain(grid, s, k)
        return self.card_gain(self._now, now, k)

    def buildable(self, s: Structure, k: int) -> bool:
        """Whether the card could be built on this principality now, resources aside (as far as the view shows)."""
        info = card_of()[k]
        if info.one_x and info.id in s.ids:
            return False
        if not s.free.get(info.placement or "", ()):
            return False
        return all(requirement_met(req, s, self.opp_stats, self.opp_vp) for req in info.requires)

    def card_gain(self, grid: list[int], s: Structure, k: int) -> float:
        """What building card k adds at its best free site (0 when it cannot be built), one-off effects included."""
        key = (k, self.opp_vp)
        gains = s.gains  # s is the analysis of this grid against this valuer's opponent and target
        if key in gains:
            best = gains[key]
        else:
            best = gains[key] = self._placed_gain(grid, s, k)
        return 0.0 if best is None else best + self.on_build(card_of()[k].id)

    def _placed_gain(self, grid: list[int], s: Structure, k: int) -> float | None:
        """What card k adds to the principality at its best free site; None when it cannot be built."""
        if not self.buildable(s, k):
            return None
        info = card_of()[k]
        sites = s.free[info.placement or ""]
        if not (info.booster or info.id in SITE_DEPENDENT):
            sites = sites[:1]
        else:
            sites = distinct_sites(grid, s, sites)
        return max(self.placed(grid, k, c).score for c in sites) - s.score

    def placed(self, grid: list[int], k: int, c: int) -> Structure:
        """The structure of the grid with card k put on cell c."""
        g = list(grid)
        g[c] = k
        return self.structure(g)

    def on_build(self, card_id: str) -> float:
        """One-off worth of building a card (Pirate Ship against trade ships, Staple House, ...)."""
        if card_id == "pirate_ship":
            opp = self.view.grid[1 - self.view.player]
            cards = card_of()
            return PIRATE_HIT if any(k >= 0 and cards[k].type == "sc_trade_ship" for k in opp) else 0.0
        return ON_BUILD.get(card_id, 0.0)

    def region_worth(self, k: int, s: Structure) -> float:
        """Worth of a region card about to join the principality (kinds one has few of are worth more)."""
        r = card_of()[k].resource
        return RES_WEIGHT[r] * PROD + 0.3 / (1 + s.region_count[r])

    # ------------------------------------------------------------------ gains of choice

    def best_gains(self, plan: Plan, count: int, mask: int = 63) -> Plan:
        """The plan after gaining `count` resources of choice (kinds in the mask), each where it is worth most."""
        p = plan
        for _ in range(count):
            s = self.structure(p.grid)
            options = []
            for c, r, _ in s.stores:
                if (mask >> r) & 1 and p.store[c] < MAX_STORE:
                    q = p.copy()
                    q.add(c)
                    options.append(q)
            if not options:
                break
            p = max(options, key=self.value)
        return p


def after(v: Valuer, plan: Plan, action: Action) -> Plan | None:
    """The plan after the visible, certain part of an action; None when the bot cannot tell."""
    kind = action.kind
    p = plan.copy()
    p.pay(getattr(action, "payment", ()))
    if kind in ("end_actions", "pass", "skip_exchange", "done_arranging", "roll"):
        return p
    if kind in ("build_road", "build_settlement", "build_city"):
        name = kind[len("build_"):]
        p.grid[BASE + action.x] = v.center_card[name]
        if kind == "build_settlement":
            _settle(v, p, action)
        return p
    if kind == "build_expansion":
        p.grid[action.cell] = action.card
        for pile in (p.hand, p.face_up):
            if action.card in pile:
                pile.remove(action.card)
        p.extra += v.on_build(card_of()[action.card].id)
        return p
    if kind == "trade":
        p.add(action.gain_cell)
        return p
    if kind in ("gain", "take"):
        p.add(action.cell)
        return p
    if kind == "give_from":
        p.pay(((action.cell, 1),))
        return p
    if kind == "buy_resource":
        p.pay(((action.pay_cell, 1),))
        p.add(action.gain_cell)
        return p
    if kind == "use_card":
        if action.targets:
            p.add(action.targets[0])
        return p
    if kind in ("remove_named", "discard_unit", "remove_card"):
        p.remove_card(action.cell)
        return p
    if kind == "swap_regions":
        swap(p, action.a, action.b)
        return p
    return None


def distinct_sites(grid: list[int] | tuple[int, ...], s: Structure, sites: tuple[int, ...]) -> list[int]:
    """The first of each group of free sites where a card would add the same: a site's worth to a booster, a
    Storehouse or an Abbey lies in the regions beside it and in the kinds of site it is (a principality with many
    settlements has many sites, most of them alike)."""
    cards = card_of()
    seen: set[tuple[Any, ...]] = set()
    out = []
    for c in sites:
        near = tuple(cards[grid[r]].id if grid[r] >= 0 else "" for r in site_regions(c))
        key = (near, c in s.free["settlement_site"], c in s.free["city_site"])
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def swap(p: Plan, a: int, b: int) -> None:
    """Swap two cards of the plan with what they store."""
    p.grid[a], p.grid[b] = p.grid[b], p.grid[a]
    p.store[a], p.store[b] = p.store[b], p.store[a]


def _settle(v: Valuer, p: Plan, action: Any) -> None:
    """A new settlement's regions: the Scout's picks or the visible top two, else two unknown ones."""
    s = v.structure(p.grid)
    stack = v.view.revealed.get("region_stack")
    if action.scout >= 0:
        if action.scout in p.hand:
            p.hand.remove(action.scout)
        picks = [stack[i] for i in action.picks] if stack else []
    else:
        picks = list(stack[:2]) if stack else []
    p.extra += sum(v.region_worth(k, s) for k in picks) if len(picks) == 2 else NEW_REGIONS
