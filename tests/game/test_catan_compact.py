"""The compact edition's board from 6 double-sided parts (seed 003 l.64-75, facts §5) and its games."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

from game.ai.random_bot import RandomBot
from game.catan.board import Board, beginner_layout, load_layout
from game.catan.compact import (
    Placement, assemble, beginner_placements, compact_layout, compact_parts, corner_of_slot, placements_from_json,
    random_placements,
)
from game.catan.constants import HARBOR_SET, TERRAIN_COUNTS, TOKEN_LETTERS
from game.catan.geometry import CORNER_HEXES, topology
from game.core.chance import Chance
from game.core.errors import InvalidPosition
from game.core.registry import get_variant, new_game
from game.core.saves import game_from_json, game_to_json
from tests.game.catan_invariants import check_invariants


def test_parts_are_three_large_and_three_small() -> None:
    """3 large parts of 4 hexes and 3 small of 2-3 hexes; both sides carry the same components."""
    parts = compact_parts()
    sizes = sorted(len(p.sides["A"].hexes) for p in parts)
    assert sizes == [2, 2, 3, 4, 4, 4]
    assert sorted(p.large for p in parts) == [False, False, False, True, True, True]
    for p in parts:
        a, b = p.sides["A"], p.sides["B"]
        assert Counter(t for _, t, _ in a.hexes) == Counter(t for _, t, _ in b.hexes)
        assert Counter(n for _, _, n in a.hexes) == Counter(n for _, _, n in b.hexes)
        assert Counter(k for _, _, k in a.harbors) == Counter(k for _, _, k in b.harbors)
        assert {h for h, _, _ in a.hexes} == {h for h, _, _ in b.hexes}


def test_side_a_clockwise_from_a1_is_the_beginner_board() -> None:
    """All parts on side A, clockwise from A1: exactly the printed beginner board."""
    board = assemble(beginner_placements())
    reference = Board.from_json(beginner_layout()["board"])
    assert (board.terrains, board.numbers, board.harbors) == (reference.terrains, reference.numbers,
                                                              reference.harbors)
    assert board.harbor_edge_list == topology().harbor_edges
    assert [p.label for p in beginner_placements()] == ["A1", "A2", "A3", "A4", "A5", "A6"]


def test_beginner_compact_game_has_the_beginner_start() -> None:
    """The compact beginner game starts like the base beginner game (003 p. 2)."""
    compact = new_game("catan-compact", 4, seed=1)
    base = new_game("catan-base", 4, seed=1)
    assert compact.state.node_owner == base.state.node_owner and compact.state.hands == base.state.hands
    assert compact.state.phase == "roll"


def test_every_assembly_is_a_legal_board() -> None:
    """Every order, corner and side choice gives 19 hexes with the printed counts, 18 tokens, 9 coastal
    harbors, and no two 6/8 tokens side by side."""
    parts = compact_parts()
    large = [p.id for p in parts if p.large]
    small = [p.id for p in parts if not p.large]
    topo = topology()
    seen = 0
    for lp in itertools.permutations(large):
        for sp in itertools.permutations(small):
            for start in range(6):
                for sides in itertools.product("AB", repeat=6):
                    order = (lp[0], sp[0], lp[1], sp[1], lp[2], sp[2])
                    board = assemble(tuple(Placement(order[i], sides[i], (start + i) % 6) for i in range(6)))
                    assert Counter(board.terrains) == Counter(TERRAIN_COUNTS)
                    assert sorted(n for n in board.numbers if n) == sorted(TOKEN_LETTERS)
                    assert Counter(board.harbors) == Counter(HARBOR_SET)
                    assert all(topo.coastal_side(e) is not None for e in board.harbor_edge_list)
                    assert not board.red_numbers_adjacent()
                    seen += 1
    assert seen == 6 * 6 * 6 * 64


@pytest.mark.parametrize("seed", range(20))
def test_random_arrangement_follows_the_seed(seed: int) -> None:
    """A random large part in a random corner, then small and large alternately clockwise, random sides."""
    placements = random_placements(Chance(seed))
    large = {p.id for p in compact_parts() if p.large}
    assert placements[0].part in large
    for i, p in enumerate(placements):
        assert (p.part in large) == (i % 2 == 0)
        assert p.slot == (placements[0].slot + i) % 6
    assert sorted(p.part for p in placements) == [1, 2, 3, 4, 5, 6]
    board = assemble(placements)
    assert len(board.parts) == 6
    # The first (large) part covers the corner hex of its slot, with the sea outward.
    first = board.parts[0]
    assert corner_of_slot(placements[0].slot) in first and corner_of_slot(placements[0].slot) in CORNER_HEXES


def test_random_arrangements_vary() -> None:
    """Different seeds give different boards, sides and corners."""
    arrangements = {random_placements(Chance(s)) for s in range(30)}
    assert len(arrangements) > 25
    assert {p[0].slot for p in arrangements} == set(range(6))
    assert {p.side for arrangement in arrangements for p in arrangement} == {"A", "B"}


def test_arrangement_saved_as_layout_and_reloaded(tmp_path) -> None:
    """An arrangement is a layout file; a game started from it has the same board."""
    placements = random_placements(Chance(7))
    path = tmp_path / "compact.json"
    path.write_text(json.dumps(compact_layout(placements)))
    layout = load_layout(path)
    variant = get_variant("catan-compact")
    game = variant.new_game(variant.default_seats(3), 5, {"board": "variable"}, layout=layout)
    assert game.state.board == assemble(placements) and game.state.phase == "setup_settlement"
    again = game_from_json(json.loads(json.dumps(game_to_json(game))))
    assert again.state.board == game.state.board


@pytest.mark.parametrize("damage, message", [
    (lambda d: d[:5], "6 parts"),
    (lambda d: [{**d[0], "part": 2}] + d[1:], "exactly once"),
    (lambda d: [{**d[0], "side": "C"}] + d[1:], "A or B"),
    (lambda d: [{**x, "slot": (x["slot"] + (1 if i < 2 else 0)) % 6} for i, x in enumerate(d)], "slot|alternate"),
])
def test_bad_arrangements_are_refused(damage, message) -> None:
    """A damaged arrangement is refused with a message naming the fault."""
    data = [{"part": p.part, "side": p.side, "slot": p.slot} for p in beginner_placements()]
    with pytest.raises(InvalidPosition, match=message):
        placements_from_json(damage(data))


@pytest.mark.parametrize("seed", range(100))
def test_random_compact_games(seed: int) -> None:
    """100 random games on random compact boards with invariants and a save round trip."""
    game = new_game("catan-compact", 3 + seed % 2, seed=seed, options={"board": "variable"})
    bot, rng = RandomBot(), random.Random(seed)
    steps = 0
    # A random game can reach a dead end nobody can win from (no pieces, no cards left): stop it there.
    while not game.is_over() and steps < 20_000:
        if steps % 5 == 0:
            check_invariants(game)
        game.apply(bot.choose(None, game.legal_actions(game.active_players()[0]), rng))
        steps += 1
    check_invariants(game)
    assert game_from_json(game_to_json(game)).state_json() == game.state_json()
