"""Cards for the heuristic Rivals bot: worth of a hand card, of a draw from a stack, and of playing an action card."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from statistics import fmean
from typing import Any

from game.ai.rivals_plan import Plan, Valuer, swap
from game.ai.rivals_values import ACTION_WORTH, DEFAULT_ACTION, RivalsStyle, Structure, generic_worth, gold_share
from game.rivals.catalogue import DRAW_TYPES, card_of, catalogue
from game.rivals.constants import CENTER_ROW, GOLD, GRAIN, MAX_STORE, ORE, STRENGTH, WIDTH
from game.rivals.economy import number_table, resource_table
from game.rivals.principality import region_sites
from game.rivals.view import RivalsView

HOLD = 0.3            # what an action card is worth unplayed (a later chance to use it)
OPP_UNIT = 0.5        # a resource the opponent gains
OPP_LOSS = 0.8        # share of a card's worth that its loss costs the opponent, as seen from our side
CHOSEN_CARD = 2.0     # a card picked from a shown pile (Traitor, Guido, Gustav)


def opponent_totals(view: RivalsView) -> list[int]:
    """The opponent's amount of each resource (storage is public)."""
    o = 1 - view.player
    table = resource_table()
    out = [0] * 6
    for c, k in enumerate(view.grid[o]):
        if k >= 0 and table[k] >= 0:
            out[table[k]] += view.store[o][c]
    return out


def action_worth(v: Valuer, s: Structure, card_id: str) -> float:
    """Worth of keeping an action card, lowered when its condition is far from met."""
    worth = ACTION_WORTH.get(card_id, DEFAULT_ACTION)
    if card_id == "goldsmith" and not gold_share(s):
        return 0.3
    if card_id == "gudrun" and "pirate_ship" not in s.ids:
        return 0.3
    if card_id == "trade_master" and "merchant_guild" not in s.ids:
        return 0.5
    if card_id == "merchant" and not s.cities and s.stats[2] < 3:
        return 0.8
    if card_id == "brigands" and v.view.tokens[STRENGTH] != v.view.player:
        return 0.6
    return worth


def hand_value(v: Valuer, plan: Plan, s: Structure, k: int) -> float:
    """Worth of holding card k: what building or playing it would bring, less for cards that cannot be used soon."""
    info = card_of()[k]
    if info.is_action:
        return action_worth(v, s, info.id)
    gain = v.card_gain(plan.grid, s, k)
    if gain <= 0:
        if info.one_x and info.id in s.ids:
            return 0.0
        base = generic_worth(info, v.style)
        if info.placement == "city_site" and not s.cities:
            gain = base * (0.5 if s.settlements else 0.25)
        else:
            gain = base * 0.3
    return gain - 0.15 * info.cost_size


def stack_cards(view: RivalsView, i: int) -> tuple[int, ...]:
    """One physical card of each distinct draw card a stack may hold, by its public back (its set), with repeats
    for copies: the composition of the set, since the order and the whereabouts of the cards are hidden."""
    backs = view.stack_backs
    return draw_cards(backs[i] if i < len(backs) else "basic")


@cache
def draw_cards(back: str) -> tuple[int, ...]:
    """The physical draw cards of a set that go into its stacks (cards laid out face up stay out)."""
    return tuple(inst.index for inst in catalogue().of_set(back)
                 if inst.card.type in DRAW_TYPES and inst.card.face_up != back)


def stack_worth(hand_worth: Callable[[int], float], cards: tuple[int, ...]) -> tuple[float, float]:
    """Mean worth of a stack's top card, and the worth of the best card found by searching it."""
    if not cards:
        return 0.0, 0.0
    worths = [hand_worth(k) for k in cards]
    return fmean(worths), max(worths)

def produce(v: Valuer, plan: Plan, number: int, boost: bool = True) -> Plan:
    """The plan after its regions with the number produce (with boosters unless told otherwise)."""
    p = plan.copy()
    cards, numbers = card_of(), number_table()
    s = v.structure(p.grid)
    for c, _, is_region in s.stores:
        k = p.grid[c]
        if not is_region or numbers[k] != number:
            continue
        extra = 0
        if boost:
            region = cards[k].id
            extra = sum(1 for site in region_sites(c) if p.grid[site] >= 0 and cards[p.grid[site]].booster == region)
        p.add(c, 1 + extra)
    return p


def opponent_production(view: RivalsView, number: int) -> int:
    """Units the opponent's regions with the number would store (boosters aside)."""
    o = 1 - view.player
    cards, numbers = card_of(), number_table()
    return sum(1 for c, k in enumerate(view.grid[o])
               if k >= 0 and cards[k].type == "region" and numbers[k] == number and view.store[o][c] < MAX_STORE)


def roll_gain(v: Valuer, plan: Plan, base: float, number: int) -> float:
    """What a production roll of the number brings the bot, less what it brings the opponent."""
    return v.value(produce(v, plan, number)) - base - OPP_UNIT * opponent_production(v.view, number)


def play_score(v: Valuer, plan: Plan, base: float, action: Any) -> float:
    """Worth of playing an action card now (its effect less keeping it)."""
    cards = card_of()
    cid = cards[action.card].id
    view = v.view
    targets = tuple(action.targets)
    p = plan.copy()
    if action.card in p.hand:
        p.hand.remove(action.card)
    p.pay(action.payment)
    if cid == "brigitta" and targets:
        gains = [roll_gain(v, plan, base, n) for n in range(1, 7)]
        return gains[targets[0] - 1] - fmean(gains) - HOLD
    if cid == "reiner":
        return 1.0
    if cid in ("goldsmith", "merchant_caravan"):
        return v.value(v.best_gains(p, 2)) - base - HOLD
    if cid == "relocation" and len(targets) == 2:
        swap(p, *targets)
        return v.value(p) - base - 0.8
    if cid == "brigands" and targets:
        c = targets[0]
        r = resource_table()[p.grid[c]]
        p.add(c, min(MAX_STORE - p.store[c], opponent_totals(view)[r]))
        return v.value(p) - base - HOLD + OPP_UNIT
    if cid in ("trade_master", "voyage_of_plunder", "merchant", "gudrun"):
        have = opponent_totals(view)
        mask = sum(1 << r for r in range(6) if have[r])
        if cid == "gudrun":
            mask &= 1 << GOLD
        count = 1 if cid == "merchant" else 2
        return v.value(v.best_gains(p, count, mask)) - base - HOLD + OPP_UNIT * count
    if cid in ("three_field_system", "mineral_mining"):
        return v.value(v.best_gains(p, 2, 1 << (GRAIN if cid == "three_field_system" else ORE))) - base - HOLD
    if cid == "benjamin":
        return v.value(produce(v, p, view.dice[0], boost=False)) - base - HOLD
    if cid == "doctor" and targets:
        x = targets[0] % WIDTH
        for row in (CENTER_ROW - 1, CENTER_ROW + 1):
            for dx in (-1, 1):
                p.add(row * WIDTH + x + dx)
        return v.value(p) - base - HOLD
    if cid in ("archer", "arsonist"):
        loss = _attack_loss(view, cid, v.style)
        if loss is None:
            return -HOLD
        return v.value(p) - base - HOLD + OPP_LOSS * loss
    if cid == "traitor":
        # A card of our choice from the opponent's hand (shown only once played): about the best of a few draws.
        return v.value(p) - base - HOLD + CHOSEN_CARD if view.hand_sizes[1 - view.player] else -HOLD
    if cid in ("guido", "gustav"):
        # A card of our choice from the discard pile (seen only once played); an empty pile gives nothing.
        return v.value(p) - base - HOLD + CHOSEN_CARD if view.discard_size else -HOLD
    # Any other card: its effect is unknown here, and cards help the one who plays them.
    return v.value(p) - base + 1.0


def _attack_loss(view: RivalsView, cid: str, style: RivalsStyle) -> float | None:
    """What an Archer or Arsonist takes from the opponent, in worth (None: nothing it could hit).

    The Archer's victim chooses which of its units with strength goes, so it loses its least worth; the
    Arsonist's player chooses the building, so the opponent loses about its best one."""
    cards = card_of()
    grid = view.grid[1 - view.player]
    if cid == "archer":
        pool = [generic_worth(cards[k], style) for k in grid
                if k >= 0 and cards[k].type in ("sc_unit", "sc_hero") and cards[k].str >= 1]
        return min(pool) if pool else None
    pool = [generic_worth(cards[k], style) for k in grid if k >= 0 and cards[k].type in ("sc_building", "city_building")]
    return max(pool) if pool else None
