"""Facts cached with a principality (cells, kinds, totals, points, sites, ...) equal a fresh computation in random
games, on clones that go their own ways, and after direct writes to the grid and the store."""

from __future__ import annotations

import random

import pytest

from game.ai.registry import make_bot
from game.core.registry import get_variant
from game.rivals import building, dice, economy, scoring, trading
from game.rivals.constants import CELLS, MAX_STORE
from game.rivals.rules import RivalsGame
from game.rivals.state import RivalsState

PLACEMENTS = ("settlement_site", "city_site", "region_site", "on_parish_hall")


def _facts(g: RivalsGame, p: int) -> dict[str, object]:
    """Every cached fact of the player's principality, as the rules model reads it."""
    s = g.state
    return {
        "store_cells": economy.store_cells(s, p),
        "stored_kinds": economy.stored_kinds(s, p),
        "totals": economy.totals(s, p),
        "room": economy.room_cells(s, p),
        "expansions": scoring.expansion_cells(s, p),
        "owned": scoring.owned_ids(s, p),
        "stats": scoring.stats(s, p),
        "points": scoring.principality_points(s, p),
        "vp": scoring.victory_points(s, p),
        "centre": building.centre_columns(s.grid[p]),
        "sites": [building.free_sites(g, p, placement) for placement in PLACEMENTS],
        "producers": dice.producers(s, p),
        "ships": trading.ship_kinds(s, p),
        "payments": [economy.greedy_payment(s, p, building.center_cost(k)) for k in ("road", "settlement", "city")],
        "trades": trading.trade_options(g, p),
        "holders": scoring.token_holders(s),
    }


def _uncached(g: RivalsGame) -> RivalsGame:
    """A copy of the game whose principalities have no cached facts."""
    other = g.clone()
    assert isinstance(other, RivalsGame)
    for grid in other.state.grid:
        grid.memo = {}
    return other


def _by_hand(s: RivalsState, p: int) -> tuple[list[int], list[int]]:
    """Totals and cells with room computed straight from the cards and amounts, without the rules model's tables."""
    table = economy.resource_table()
    have, room = [0] * 6, []
    for c in range(CELLS):
        card = s.grid[p][c]
        if card >= 0 and table[card] >= 0:
            have[table[card]] += s.store[p][c]
            if s.store[p][c] < MAX_STORE:
                room.append(c)
    return have, room


def _check(g: RivalsGame) -> None:
    fresh = _uncached(g)
    for p in (0, 1):
        assert _facts(g, p) == _facts(fresh, p)
        have, room = _by_hand(g.state, p)
        assert economy.totals(g.state, p) == have
        assert economy.room_cells(g.state, p) == room


def _step(g: RivalsGame, rng: random.Random) -> None:
    bot = make_bot("random", "rivals")
    player = g.active_players()[0]
    g.apply(bot.choose(None, g.legal_actions(player), rng))


@pytest.mark.parametrize("variant_id,seed", [("rivals-intro", 3), ("rivals-gold", 5), ("rivals-turmoil", 8),
                                             ("rivals-progress", 13), ("rivals-duel", 21)])
def test_cached_facts_match_fresh_ones_on_diverging_clones(variant_id: str, seed: int) -> None:
    variant = get_variant(variant_id)
    game = variant.new_game(variant.default_seats(2), seed, {})
    assert isinstance(game, RivalsGame)
    rng = random.Random(seed)
    for _ in range(60):  # into the game, past the set-up
        _step(game, rng)
    twin = game.clone()
    assert isinstance(twin, RivalsGame)
    rngs = (random.Random(seed + 1), random.Random(seed + 2))  # the two copies take their own ways
    checked = 0
    for _ in range(250):
        for g, r in zip((game, twin), rngs):
            if not g.is_over():
                _step(g, r)
                _check(g)
                checked += 1
    assert checked > 250
    assert game.state.to_json() != twin.state.to_json()


def test_direct_writes_to_grid_and_store_are_seen() -> None:
    variant = get_variant("rivals-gold")
    game = variant.new_game(variant.default_seats(2), 4, {})
    assert isinstance(game, RivalsGame)
    rng = random.Random(4)
    for _ in range(120):
        _step(game, rng)
    s = game.state
    _facts(game, 0)  # fill the caches
    c = economy.store_cells(s, 0)[0]
    s.store[0][c] = MAX_STORE - s.store[0][c]  # an amount changes
    _check(game)
    region = economy.store_cells(s, 0)[-1]
    s.grid[0][region], s.grid[1][region] = s.grid[1][region], s.grid[0][region]  # a card changes
    _check(game)
    s.store[0] = [0] * CELLS  # a new list altogether
    _check(game)
    assert economy.totals(s, 0) == [0] * 6
