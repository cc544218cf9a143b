"""Points of a principality: Str/Skl/Com/Prog, victory points, the two advantage tokens, the hand limit."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.rivals.catalogue import card_of
from game.rivals.constants import CENTER_ROW, STRENGTH, TOKENS, TRADE, WIDTH
from game.rivals.events import AdvantageChanged
from game.rivals.state import RivalsState


def expansion_cells(s: RivalsState, p: int) -> tuple[int, ...]:
    """Cells holding the player's expansion cards (sites and region expansions)."""
    grid = s.grid[p]
    hit = grid.memo.get("expansions")
    if hit is not None and hit[0] == grid.version:
        return hit[1]  # type: ignore[no-any-return]
    regions, plain = region_table(), grid[:]  # a plain list reads faster than the Grid (a list subclass)
    cells = tuple([c for c in _OUTER_CELLS if plain[c] >= 0 and not regions[plain[c]]])
    grid.memo["expansions"] = (grid.version, cells)
    return cells


@cache
def region_table() -> tuple[bool, ...]:
    """Whether each physical card is a region."""
    return tuple(card.type == "region" for card in card_of())


_OUTER_CELLS = tuple(c for row in (0, 1, 3, 4) for c in range(row * WIDTH, (row + 1) * WIDTH))


def owned_ids(s: RivalsState, p: int) -> tuple[str, ...]:
    """Ids of every expansion the player has built (cards beneath others included)."""
    grid = s.grid[p]
    key = (grid.version, len(s.under[p]))  # cards beneath others change only together with the grid
    hit = grid.memo.get("owned")
    if hit is not None and hit[0] == key:
        return hit[1]  # type: ignore[no-any-return]
    value = tuple(_owned_ids(s, p))
    grid.memo["owned"] = (key, value)
    return value


def _owned_ids(s: RivalsState, p: int) -> list[str]:
    cards = card_of()
    out = [cards[s.grid[p][c]].id for c in expansion_cells(s, p)]
    out.extend(cards[k].id for c, k in s.under[p].items() if (c // WIDTH) != CENTER_ROW)
    return out


def stats(s: RivalsState, p: int) -> tuple[int, int, int, int]:
    """Strength, skill, commerce and progress of a principality."""
    grid = s.grid[p]
    key = (grid.version, len(s.under[p]))  # cards beneath others change only together with the grid
    hit = grid.memo.get("stats")
    if hit is not None and hit[0] == key:
        return hit[1]  # type: ignore[no-any-return]
    value = _stats(s, p)
    grid.memo["stats"] = (key, value)
    return value


def _stats(s: RivalsState, p: int) -> tuple[int, int, int, int]:
    cards = card_of()
    st = sk = co = pr = 0
    ships = 0
    ids = []
    for c in expansion_cells(s, p):
        card = cards[s.grid[p][c]]
        st += card.str
        sk += card.skl
        co += card.com
        pr += card.prog
        ships += card.type == "sc_trade_ship"
        ids.append(card.id)
    for c, k in s.under[p].items():
        if c // WIDTH != CENTER_ROW:
            pr += cards[k].prog
    if "trading_base" in ids:
        co += ("marketplace" in ids) + ids.count("harbor")
    if "salt_silo" in ids:
        co += ships
    return st, sk, co, pr


def trade_ships(s: RivalsState, p: int) -> int:
    """How many trade ships the player owns (the Large Trade Ship included)."""
    cards = card_of()
    return sum(cards[s.grid[p][c]].type == "sc_trade_ship" for c in expansion_cells(s, p))


def victory_points(s: RivalsState, p: int) -> int:
    """Settlements 1, cities 2, each advantage token 1, and the VP flags of expansions."""
    return principality_points(s, p) + (s.tokens[STRENGTH] == p) + (s.tokens[TRADE] == p)


def principality_points(s: RivalsState, p: int) -> int:
    """The victory points of the cards in the principality, tokens aside (cached with the grid)."""
    grid = s.grid[p]
    hit = grid.memo.get("points")
    if hit is not None and hit[0] == grid.version:
        return hit[1]  # type: ignore[no-any-return]
    cards = card_of()
    vp = 0
    base = CENTER_ROW * WIDTH
    for k in grid[base + 1:base + WIDTH:2]:  # the settlement columns
        if k >= 0:
            vp += cards[k].vp
    ships = None
    for c in expansion_cells(s, p):
        card = cards[grid[c]]
        if card.vp:
            if card.vp_condition == "trade_ships3":
                ships = trade_ships(s, p) if ships is None else ships
                if ships < 3:
                    continue
            vp += card.vp
    grid.memo["points"] = (grid.version, vp)
    return vp


@dataclass(frozen=True)
class PointsBySource:
    """A player's victory points split by where they came from; the parts add up to victory_points()."""

    settlements: int
    cities: int
    expansions: int
    strength: int   # the strength advantage token
    trade: int      # the trade advantage token

    @property
    def parts(self) -> tuple[int, int, int, int, int]:
        """The points in the order of SOURCES."""
        return self.settlements, self.cities, self.expansions, self.strength, self.trade

    @property
    def total(self) -> int:
        """All the points."""
        return sum(self.parts)


SOURCES: tuple[str, ...] = ("settlements", "cities", "expansions", "strength", "trade")


def points_by_source(s: RivalsState, p: int) -> PointsBySource:
    """Where a player's victory points come from: settlements and cities of the centre row, the VP flags of
    expansions (a flag with an unmet condition counts nothing) and each advantage token held."""
    cards = card_of()
    grid = s.grid[p]
    base = CENTER_ROW * WIDTH
    settlements = cities = 0
    for k in grid[base + 1:base + WIDTH:2]:  # the settlement columns
        if k >= 0:
            if cards[k].type == "city":
                cities += cards[k].vp
            else:
                settlements += cards[k].vp
    expansions = 0
    for c in expansion_cells(s, p):
        card = cards[grid[c]]
        if card.vp and (card.vp_condition != "trade_ships3" or trade_ships(s, p) >= 3):
            expansions += card.vp
    return PointsBySource(settlements, cities, expansions, int(s.tokens[STRENGTH] == p), int(s.tokens[TRADE] == p))


def hand_limit(s: RivalsState, p: int) -> int:
    """3 plus one per progress point."""
    return 3 + stats(s, p)[3]


def advantage_holder(values: tuple[int, int]) -> int:
    """Who holds a token for these points: at least 3 and strictly more than the other (ruling), else nobody."""
    a, b = values
    if a >= 3 and a > b:
        return 0
    if b >= 3 and b > a:
        return 1
    return -1


def update_advantages(s: RivalsState, events: list) -> None:
    """Move the tokens to whoever meets the condition now."""
    holders = token_holders(s)
    for token in (STRENGTH, TRADE):
        holder = holders[token]
        if holder != s.tokens[token]:
            s.tokens[token] = holder
            events.append(AdvantageChanged(TOKENS[token], holder))


def token_holders(s: RivalsState) -> tuple[int, int]:
    """Who should hold the strength and the trade advantage now (cached with both principalities)."""
    first, second = s.grid
    key = (first.version, len(s.under[0]), second.version, len(s.under[1]))  # as stats()
    hit = first.memo.get("token_holders")
    if hit is None or hit[0] != key:
        s0, s1 = stats(s, 0), stats(s, 1)
        hit = first.memo["token_holders"] = (key, (advantage_holder((s0[0], s1[0])), advantage_holder((s0[2], s1[2]))))
    return hit[1]  # type: ignore[no-any-return]
