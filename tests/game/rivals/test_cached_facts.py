"""Facts cached with the principalities (production table, face-up expansion ids, centre columns, token holders,
why an expansion may not be built) equal a fresh computation, also in clones that went different ways from one
position."""

from __future__ import annotations

import random

import pytest

from game.core.registry import get_variant
from game.rivals.building import centre_columns, expansion_refusal
from game.rivals.catalogue import card_of
from game.rivals.dice import built_ids, producers
from game.rivals.effects.conditions import reads_own_principality_only
from game.rivals.principality import is_city, open_road_columns, open_settlement_columns, settlement_columns
from game.rivals.rules import RivalsGame
from game.rivals.scoring import advantage_holder, stats, token_holders
from game.rivals.state import RivalsState

VARIANTS = ("rivals-intro", "rivals-gold", "rivals-turmoil", "rivals-progress", "rivals-duel")


def _uncached(state: RivalsState) -> RivalsState:
    """A copy of the state whose caches are empty, so every fact is computed afresh."""
    other = state.clone()
    for grid in other.grid:
        grid.memo.clear()
    return other


def _checked_expansions() -> list[int]:
    """One physical card per expansion id that has a 1x rule or a prerequisite."""
    seen: dict[str, int] = {}
    for index, card in enumerate(card_of()):
        if card.is_expansion and (card.one_x or card.requires):
            seen.setdefault(card.id, index)
    return list(seen.values())


CHECKED_EXPANSIONS = _checked_expansions()


def _check(game: RivalsGame) -> None:
    s = game.state
    fresh = _uncached(s)
    fresh_game = game.clone()
    fresh_game.state = fresh
    for p in (0, 1):
        for card in CHECKED_EXPANSIONS:
            assert expansion_refusal(game, p, card) == expansion_refusal(fresh_game, p, card)
    for p in (0, 1):
        grid = s.grid[p]
        assert producers(s, p) == producers(fresh, p)
        assert built_ids(s, p) == built_ids(fresh, p)
        assert centre_columns(grid) == (
            tuple(open_road_columns(grid)), tuple(open_settlement_columns(grid)),
            tuple(x for x in settlement_columns(grid) if not is_city(grid, x)))
    s0, s1 = stats(fresh, 0), stats(fresh, 1)
    assert token_holders(s) == (advantage_holder((s0[0], s1[0])), advantage_holder((s0[2], s1[2])))


def _play(game: RivalsGame, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.is_over():
            return
        player = game.active_players()[0]
        game.apply(rng.choice(game.legal_actions(player)))
        _check(game)


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_cached_facts_match_a_fresh_computation_in_diverging_clones(variant_id: str) -> None:
    variant = get_variant(variant_id)
    for seed in range(3):
        game = variant.new_game(variant.default_seats(2), seed, None)
        _play(game, random.Random(seed), 150)
        clone = game.clone()
        _play(game, random.Random(1000 + seed), 400)
        _play(clone, random.Random(2000 + seed), 400)
        # A table built for the shared position is right for neither once they differ, so each built its own.
        assert game.state.to_json() != clone.state.to_json()


def test_requirements_that_read_only_the_own_principality() -> None:
    assert reads_own_principality_only("university")  # an own card
    assert reads_own_principality_only("abbey|library")
    assert reads_own_principality_only("city") and reads_own_principality_only("prog2")
    assert not reads_own_principality_only("strength_advantage")
    assert not reads_own_principality_only("opponent_hand")
    assert not reads_own_principality_only("city|gold3")
