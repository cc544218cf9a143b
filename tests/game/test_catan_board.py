"""Board rules: geometry, the printed beginner set-up, the variable set-up, layout files."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from game.catan.board import Board, beginner_layout, generate_variable_board, load_layout
from game.catan.constants import RESOURCES, TOKEN_LETTERS
from game.catan.geometry import CORNER_HEXES, spiral_order, topology
from game.core.chance import Chance
from game.core.errors import InvalidPosition
from game.core.registry import new_game


def test_geometry_counts() -> None:
    """19 hexes, 54 intersections (30 coastal), 72 paths (30 coastal), 9 harbor edges on the coast."""
    t = topology()
    assert len(t.hex_coords) == 19 and t.num_nodes == 54 and t.num_edges == 72
    assert sum(t.coastal) == 30
    coastal_edges = [e for e, (a, b) in enumerate(t.edges) if len(set(t.node_hexes[a]) & set(t.node_hexes[b])) == 1]
    assert len(coastal_edges) == 30
    assert all(e in coastal_edges for e in t.harbor_edges)


def test_canonical_names_of_the_format() -> None:
    """The format's examples: {(4,SE),(5,SW),(9,N)} is h4.SE and {(2,SE),(6,N)} is h2.SE."""
    t = topology()
    assert t.node_names[t.node("h9.N")] == "h4.SE" == t.node_names[t.node("h5.SW")]
    assert t.node_names[t.node("h6.N")] == "h2.SE"
    assert t.node_names[:7] == ("h0.N", "h0.NE", "h0.SE", "h0.S", "h0.SW", "h0.NW", "h1.N")


def test_beginner_board_as_printed() -> None:
    """Terrain, numbers and harbors of the 5th-edition beginner map (facts §1.1-1.2)."""
    board = Board.from_json(beginner_layout()["board"])
    terrain = "M P F Fi H P H Fi F D F M F M Fi P H Fi P".split()
    short = {"forest": "F", "pasture": "P", "fields": "Fi", "hills": "H", "mountains": "M", "desert": "D"}
    assert [short[t] for t in board.terrains] == terrain
    assert board.numbers == (10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11)
    assert board.harbors == ("generic_3_1", "grain_2_1", "ore_2_1", "generic_3_1", "wool_2_1",
                             "generic_3_1", "generic_3_1", "brick_2_1", "lumber_2_1")
    assert not board.red_numbers_adjacent()
    assert board.desert == 9


def _hand(game, p):
    return {RESOURCES[r]: c for r, c in enumerate(game.state.hands[p]) if c}


def test_beginner_starting_pieces_and_cards() -> None:
    """Each colour's two settlements and roads; the marked settlement pays its terrains (facts §1.3)."""
    game = new_game("catan-base", 4, seed=1)
    s, t = game.state, game.topo
    colours = [seat.color for seat in game.seats]
    assert colours == ["red", "blue", "white", "orange"]
    expected_hexes = {
        "red": [{0, 1, 4}, {7, 8, 12}], "blue": [{14, 15, 18}, {12, 13, 16}],
        "white": [{3, 4, 8}, {10, 11, 15}], "orange": [{2, 5, 6}, {13, 14, 17}],
    }
    for p, colour in enumerate(colours):
        nodes = [n for n, o in enumerate(s.node_owner) if o == p]
        assert sorted(map(frozenset, (t.node_hexes[n] for n in nodes)), key=sorted) == \
            sorted(map(frozenset, expected_hexes[colour]), key=sorted)
        assert s.edge_owner.count(p) == 2
    assert _hand(game, 0) == {"grain": 1, "lumber": 2}
    assert _hand(game, 1) == {"lumber": 1, "ore": 1, "brick": 1}
    assert _hand(game, 2) == {"lumber": 1, "ore": 1, "wool": 1}
    assert _hand(game, 3) == {"ore": 1, "grain": 2}
    assert s.phase == "roll" and s.current == 0
    assert s.robber == 9


def test_beginner_three_players_leave_out_red() -> None:
    """With 3 players the default seats are blue, white and orange, on their own spots."""
    game = new_game("catan-base", 3, seed=1)
    assert [seat.color for seat in game.seats] == ["blue", "white", "orange"]
    assert _hand(game, 0) == {"lumber": 1, "ore": 1, "brick": 1}
    assert sum(1 for o in game.state.node_owner if o != -1) == 6


def test_spiral_order_from_corner() -> None:
    """The almanac's spiral: counter-clockwise from a corner, then inward; the example from hex 0."""
    assert spiral_order(0) == (0, 3, 7, 12, 16, 17, 18, 15, 11, 6, 2, 1, 4, 8, 13, 14, 10, 5, 9)
    for corner in CORNER_HEXES:
        order = spiral_order(corner)
        assert sorted(order) == list(range(19)) and order[0] == corner and order[-1] == 9
        t = topology()
        assert all(b in t.hex_neighbors[a] for a, b in zip(order[:-1], order[1:]))


@pytest.mark.parametrize("seed", range(30))
def test_variable_board_components_and_tokens(seed: int) -> None:
    """Shuffled terrain and harbors; tokens A-R along the spiral from some corner, skipping the desert."""
    board = generate_variable_board(Chance(seed), no_adjacent_red=False)
    board.check_components()
    assert board.numbers[board.desert] == 0
    matches = []
    for corner in CORNER_HEXES:
        laid = [board.numbers[h] for h in spiral_order(corner) if board.terrains[h] != "desert"]
        matches.append(laid == list(TOKEN_LETTERS))
    assert any(matches)


def test_variable_boards_differ_and_option_avoids_red_neighbours() -> None:
    """Different seeds give different boards; random tokens can put 6/8 together, the option keeps them apart."""
    boards = {generate_variable_board(Chance(seed), False) for seed in range(10)}
    assert len(boards) > 5
    randoms = [generate_variable_board(Chance(s), False, "random") for s in range(60)]
    assert any(b.red_numbers_adjacent() for b in randoms)
    for b in randoms:
        b.check_components()
    for seed in range(40):
        assert not generate_variable_board(Chance(seed), True, "random").red_numbers_adjacent()


def test_variable_game_starts_with_setup_phase() -> None:
    """A variable game begins with the set-up phase, robber on the desert, empty hands."""
    game = new_game("catan-base", 4, seed=5, options={"board": "variable"})
    s = game.state
    assert s.phase == "setup_settlement"
    assert s.robber == s.board.desert
    assert all(sum(h) == 0 for h in s.hands)


def test_layout_file_round_trip(tmp_path) -> None:
    """A board saved as a layout file loads back equal and plays."""
    board = generate_variable_board(Chance(3), False)
    data = {"format": "catan-table-layout", "version": 1, "board": board.to_json()}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    layout = load_layout(path)
    assert Board.from_json(layout["board"]) == board
    game = new_game("catan-base", 3, seed=1)
    variant = game.variant
    g2 = variant.new_game(variant.default_seats(3), 4, None, layout=layout)
    assert g2.state.board == board and g2.state.phase == "setup_settlement"


@pytest.mark.parametrize("damage, message", [
    (lambda d: d["board"]["hexes"].pop(), "19 hexes"),
    (lambda d: d["board"]["hexes"][0].update(terrain="lava"), "unknown terrain"),
    (lambda d: d["board"]["hexes"][0].update(number=7), "number"),
    (lambda d: d["board"]["harbors"].pop(), "9 harbors"),
    (lambda d: d["board"]["hexes"][9].update(number=5), "desert"),
    (lambda d: d["board"]["hexes"][0].update(terrain="forest"), "terrain counts"),
])
def test_bad_layouts_are_refused(tmp_path, damage, message) -> None:
    """A damaged layout file raises InvalidPosition naming the fault."""
    data = beginner_layout()
    damage(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InvalidPosition, match=message):
        load_layout(path)


def test_layout_file_that_is_not_json(tmp_path) -> None:
    """Garbage is refused with a clear message."""
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(InvalidPosition, match="not valid JSON"):
        load_layout(path)
    assert Counter(path.read_text()) == Counter("{not json")
