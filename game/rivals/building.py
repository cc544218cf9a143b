"""Building: roads, settlements (with their regions, Scout), cities and expansions, their sites and checks."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.constants import CENTER_ROW
from game.rivals.economy import check_cost, check_payment, cost_payments, greedy_payment, number_table, pay
from game.rivals.events import CardBuilt, CardPlayed, RegionsPlaced
from game.rivals.pending import offered_now, queue
from game.rivals.principality import (cell, expansion_cell, is_city, open_road_columns, open_settlement_columns,
                                      outer_region_column, region_cells, settlement_columns, site_cells)
from game.rivals.scoring import owned_ids

if TYPE_CHECKING:
    from game.rivals.card_rules import CardRules
    from game.rivals.catalogue import Card
    from game.rivals.effects.base import DiscountRule
    from game.rivals.rules import RivalsGame
    from game.rivals.state import Grid


@cache
def center_cost(kind: str) -> tuple[int, ...]:
    """The printed cost of a road, settlement or city."""
    from game.rivals.catalogue import catalogue

    return catalogue().cards[kind].cost


def free_sites(g: RivalsGame, p: int, placement: str | None) -> list[int]:
    """Empty sites where a card of this placement class may go."""
    return list(_free_site_tuple(g.state.grid[p], placement))


def _free_site_tuple(grid: Grid, placement: str | None) -> tuple[int, ...]:
    """free_sites as a tuple, cached with the grid."""
    key = f"free_sites.{placement}"
    hit = grid.memo.get(key)
    if hit is None or hit[0] != grid.version:
        hit = grid.memo[key] = (grid.version, tuple(_free_sites(grid[:], placement)))  # plain list: faster reads
    return hit[1]  # type: ignore[no-any-return]


def _free_sites(grid: list[int], placement: str | None) -> list[int]:
    out: list[int] = []
    if placement in ("settlement_site", "city_site"):
        for x in settlement_columns(grid):
            city = is_city(grid, x)
            if placement == "city_site" and not city:
                continue
            out.extend(c for c in site_cells(x, city) if grid[c] < 0)
    elif placement == "region_site":
        out.extend(expansion_cell(r) for r in region_cells(grid) if grid[expansion_cell(r)] < 0)
    elif placement == "on_parish_hall":
        cards = card_of()
        for x in settlement_columns(grid):
            if is_city(grid, x):
                out.extend(c for c in site_cells(x, True) if grid[c] >= 0 and cards[grid[c]].id == "parish_hall")
    return out


def all_sites(g: RivalsGame, p: int, placement: str | None) -> list[int]:
    """Every site (free or taken) of a placement class."""
    grid = g.state.grid[p]
    if placement in ("settlement_site", "city_site"):
        return [c for x in settlement_columns(grid) if placement == "settlement_site" or is_city(grid, x)
                for c in site_cells(x, is_city(grid, x))]
    if placement == "region_site":
        return [expansion_cell(r) for r in region_cells(grid)]
    return []


def site_blocked(g: RivalsGame, p: int, placement: str | None) -> bool:
    """Whether the class has sites and every one of them is taken (removing a card would make room)."""
    grid = g.state.grid[p]
    key = f"site_blocked.{placement}"
    hit = grid.memo.get(key)
    if hit is None or hit[0] != grid.version:
        sites = all_sites(g, p, placement)
        hit = grid.memo[key] = (grid.version, bool(sites) and all(grid[c] >= 0 for c in sites))
    return hit[1]  # type: ignore[no-any-return]


def playable_from_hand(g: RivalsGame, p: int, card: int) -> bool:
    """Whether a hand card may be used now: in the hand and not taken this turn, unless offered for use at once."""
    s = g.state
    return card in s.hands[p] and (card not in s.fresh[p] or offered_now(s, p, card))


def _check_site(g: RivalsGame, p: int, card: int, c: int) -> None:
    info = card_of()[card]
    if c not in free_sites(g, p, info.placement):
        raise IllegalAction(f"{info.id} cannot be built on cell {c}")


def expansion_refusal(g: RivalsGame, p: int, card: int) -> str | None:
    """Why an expansion card may not be built now (1x, prerequisites), or None. A refusal that reads only the
    player's own principality is kept with it, by card id, until the principality changes."""
    info = card_of()[card]
    if not info.one_x and not info.requires:
        return None
    s = g.state
    grid = s.grid[p]
    key = (grid.version, len(s.under[p]))  # as owned_ids: cards beneath change only together with the grid
    hit = grid.memo.get("refusals")
    if hit is None or hit[0] != key:
        hit = grid.memo["refusals"] = (key, {})
    known: dict[str, str | None] = hit[1]
    if info.id in known:
        return known[info.id]
    why = _refusal(g, p, info)
    if _refusal_kept(g.card_rules, info.id):
        known[info.id] = why
    return why


def _refusal(g: RivalsGame, p: int, info: Card) -> str | None:
    if info.one_x and info.id in owned_ids(g.state, p):
        return "one_x"
    if info.requires:
        for req in info.requires:
            why = g.card_rules.requirement_refusal(g, p, req)
            if why:
                return why
    return None


@cache
def _refusal_kept(rules: CardRules, card_id: str) -> bool:
    """Whether the card's refusal reads only its builder's principality (1x and such prerequisites)."""
    from game.rivals.catalogue import catalogue

    return all(rules.reads_own_principality_only(req) for req in catalogue().cards[card_id].requires)


def buildable_cards(g: RivalsGame, p: int) -> list[int]:
    """The expansion cards of the hand (not taken this turn) and the face-up stack that the player may build by
    the 1x rule and their prerequisites (sites and payment aside), in hand then face-up order."""
    s = g.state
    expansions, fresh = expansion_table(), s.fresh[p]
    return [card for card in (*s.hands[p], *s.face_up)
            if expansions[card] and card not in fresh and expansion_refusal(g, p, card) is None]


@cache
def expansion_table() -> tuple[bool, ...]:
    """Whether each physical card is an expansion (Card.is_expansion as a table)."""
    return tuple(card.is_expansion for card in card_of())


def cost_discount(g: RivalsGame, p: int, card: int) -> int:
    """How many resources of the card's printed cost the player may leave out (of their choice): the sum of
    the discounts the player's own cards grant to it (Drill Ground for heroes, Building Crane, ...)."""
    rules = _owned_discounts(g, p)
    return sum(rule(g, p, card) for rule in rules) if rules else 0


def _owned_discounts(g: RivalsGame, p: int) -> tuple[DiscountRule, ...]:
    """The discount rules of the cards the player owns (cached with the owned cards)."""
    s = g.state
    grid = s.grid[p]
    key = (grid.version, len(s.under[p]))  # as owned_ids: cards beneath change only together with the grid
    hit = grid.memo.get("discounts")
    if hit is None or hit[0] != key:
        owned = set(owned_ids(s, p))
        hit = grid.memo["discounts"] = (key, tuple(rule for owner, rule in g.card_rules.discounts.items()
                                                   if owner in owned))
    return hit[1]  # type: ignore[no-any-return]


def check_build_expansion(g: RivalsGame, a: A.BuildExpansion) -> None:
    """Refuse unless the card is usable, its conditions hold, the site fits and the payment matches."""
    s, p = g.state, a.player
    from_face_up = a.card in s.face_up
    if not from_face_up and not playable_from_hand(g, p, a.card):
        raise IllegalAction("that card is not playable from your hand")
    if not 0 <= a.card < len(card_of()) or not card_of()[a.card].is_expansion:
        raise IllegalAction("that card is not an expansion")
    why = expansion_refusal(g, p, a.card)
    if why:
        raise IllegalAction(f"cannot build {card_of()[a.card].id}: {why}")
    _check_site(g, p, a.card, a.cell)
    check_cost(s, p, a.payment, card_of()[a.card].cost, cost_discount(g, p, a.card))


def do_build_expansion(g: RivalsGame, a: A.BuildExpansion) -> list:
    """Pay, place the card, and run its on-build effect."""
    s, p = g.state, a.player
    events: list = []
    pay(s, p, a.payment, card_of()[a.card].id, events)
    if a.card in s.face_up:
        s.face_up.remove(a.card)
    else:
        s.hands[p].remove(a.card)
    grid = s.grid[p]
    if grid[a.cell] >= 0:  # the Town Hall goes on top of the Parish Hall
        s.under[p][a.cell] = grid[a.cell]
    grid[a.cell] = a.card
    cid = card_of()[a.card].id
    events.append(CardBuilt(p, cid, a.cell))
    hook = g.card_rules.on_build.get(cid)
    if hook:
        hook(g, p, a.cell, events)
    return events


def expansion_options(g: RivalsGame, p: int, buildable: list[int] | None = None) -> list[A.Action]:
    """One greedy payment per card and free site (buildable: buildable_cards(g, p) when already known)."""
    out: list[A.Action] = []
    for card in buildable_cards(g, p) if buildable is None else buildable:
        out.extend(build_options(g, p, card))
    return out


def build_options(g: RivalsGame, p: int, card: int) -> list[A.Action]:
    """Builds of one expansion card: one greedy payment per discount choice and free site (no usability check)."""
    info = card_of()[card]
    sites = _free_site_tuple(g.state.grid[p], info.placement)
    if not sites:
        return []
    return [A.build_expansion(p, card, c, payment)
            for payment in cost_payments(g.state, p, info.cost, cost_discount(g, p, card))
            for c in sites]


def check_build_road(g: RivalsGame, a: A.BuildRoad) -> None:
    """A road goes next to the leftmost or rightmost settlement."""
    s = g.state
    if not s.center["road"]:
        raise IllegalAction("no roads are left")
    if a.x not in open_road_columns(s.grid[a.player]):
        raise IllegalAction(f"no road can go at column {a.x}")
    check_payment(s, a.player, a.payment, center_cost("road"))


def do_build_road(g: RivalsGame, a: A.BuildRoad) -> list:
    """Pay and place the top road."""
    s = g.state
    events: list = []
    pay(s, a.player, a.payment, "road", events)
    c = cell(CENTER_ROW, a.x)
    s.grid[a.player][c] = s.center["road"].pop(0)
    events.append(CardBuilt(a.player, "road", c))
    return events


def check_build_settlement(g: RivalsGame, a: A.BuildSettlement) -> None:
    """A settlement goes at a road's free end; with a Scout, two distinct region-stack positions are picked."""
    s, p = g.state, a.player
    if not s.center["settlement"]:
        raise IllegalAction("no settlements are left")
    if a.x not in open_settlement_columns(s.grid[p]):
        raise IllegalAction(f"no settlement can go at column {a.x}")
    regions = s.center["region"]
    if a.scout >= 0:
        if not playable_from_hand(g, p, a.scout) or card_of()[a.scout].id != "scout":
            raise IllegalAction("no playable Scout with that id in your hand")
        want = min(2, len(regions))
        if len(a.picks) != want or len(set(a.picks)) != want or not all(0 <= i < len(regions) for i in a.picks):
            raise IllegalAction("a Scout picks two different positions of the region stack")
    elif a.picks:
        raise IllegalAction("only a Scout picks regions")
    check_payment(s, p, a.payment, center_cost("settlement"))


def do_build_settlement(g: RivalsGame, a: A.BuildSettlement) -> list:
    """Pay, place the settlement and its two regions (top two, or the Scout's picks, then reshuffle)."""
    s, p = g.state, a.player
    events: list = []
    pay(s, p, a.payment, "settlement", events)
    grid = s.grid[p]
    grid[cell(CENTER_ROW, a.x)] = s.center["settlement"].pop(0)
    events.append(CardBuilt(p, "settlement", cell(CENTER_ROW, a.x)))
    rx = outer_region_column(grid, a.x)
    regions = s.center["region"]
    if a.scout >= 0:
        s.hands[p].remove(a.scout)
        s.discard.append(a.scout)
        events.append(CardPlayed(p, "scout"))
        drawn = [regions[i] for i in a.picks]
        rest = [r for i, r in enumerate(regions) if i not in a.picks]
        s.center["region"] = g.chance.shuffled(rest)
    else:
        drawn = regions[:2]
        del regions[:2]
    targets = (cell(1, rx), cell(3, rx))[: len(drawn)]
    for c, r in zip(targets, drawn):
        grid[c] = r
        s.store[p][c] = 0
    events.append(RegionsPlaced(p, targets, tuple(card_of()[r].id for r in drawn)))
    if a.scout < 0 and len(drawn) == 2 and drawn_differ(drawn):
        queue(s, [(p, "place_regions", targets)], events, front=True)
    return events


def drawn_differ(drawn: list[int]) -> bool:
    """Whether swapping two drawn regions makes a difference (kind or number)."""
    cards, numbers = card_of(), number_table()
    return (cards[drawn[0]].id, numbers[drawn[0]]) != (cards[drawn[1]].id, numbers[drawn[1]])


def check_build_city(g: RivalsGame, a: A.BuildCity) -> None:
    """A city goes on an own settlement."""
    s = g.state
    grid = s.grid[a.player]
    if not s.center["city"]:
        raise IllegalAction("no cities are left")
    if a.x not in settlement_columns(grid) or is_city(grid, a.x):
        raise IllegalAction(f"no settlement to upgrade at column {a.x}")
    check_payment(s, a.player, a.payment, center_cost("city"))


def do_build_city(g: RivalsGame, a: A.BuildCity) -> list:
    """Pay and put a city on the settlement, which stays beneath."""
    s = g.state
    events: list = []
    pay(s, a.player, a.payment, "city", events)
    c = cell(CENTER_ROW, a.x)
    s.under[a.player][c] = s.grid[a.player][c]
    s.grid[a.player][c] = s.center["city"].pop(0)
    events.append(CardBuilt(a.player, "city", c))
    return events


def center_options(g: RivalsGame, p: int) -> list[A.Action]:
    """Road, settlement and city builds with greedy payments (Scout variants for settlements)."""
    s = g.state
    roads, settlements, cities = centre_columns(s.grid[p])
    out: list[A.Action] = []
    if roads and s.center["road"]:
        payment = greedy_payment(s, p, center_cost("road"))
        if payment is not None:
            out.extend([A.build_road(p, x, payment) for x in roads])
    if settlements and s.center["settlement"]:
        payment = greedy_payment(s, p, center_cost("settlement"))
        if payment is not None:
            scouts = [c for c in s.hands[p] if card_of()[c].id == "scout" and c not in s.fresh[p]]
            picks = scout_picks(g) if scouts else []
            for x in settlements:
                out.append(A.build_settlement(p, x, payment, -1, ()))
                if scouts:
                    out.extend([A.build_settlement(p, x, payment, scouts[0], chosen) for chosen in picks])
    if cities and s.center["city"]:
        payment = greedy_payment(s, p, center_cost("city"))
        if payment is not None:
            out.extend([A.build_city(p, x, payment) for x in cities])
    return out


def centre_columns(grid: Grid) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Columns open for a road, for a settlement, and settlements a city may replace (cached with the grid)."""
    hit = grid.memo.get("centre")
    if hit is None or hit[0] != grid.version:
        plain = grid[:]  # a plain list reads faster than the Grid (a list subclass)
        value = (tuple(open_road_columns(plain)), tuple(open_settlement_columns(plain)),
                 tuple(x for x in settlement_columns(plain) if not is_city(plain, x)))
        hit = grid.memo["centre"] = (grid.version, value)
    return hit[1]  # type: ignore[no-any-return]


def scout_picks(g: RivalsGame) -> list[tuple[int, ...]]:
    """Representative Scout picks: pairs of the first copies of distinct regions in the stack."""
    regions = g.state.center["region"]
    if len(regions) < 2:
        return [tuple(range(len(regions)))]
    firsts: dict[str, int] = {}
    for i, r in enumerate(regions):
        firsts.setdefault(card_of()[r].id, i)
    idx = sorted(firsts.values())
    if len(idx) == 1:
        return [(0, 1)]
    return [(a, b) for i, a in enumerate(idx) for b in idx[i + 1:]]
