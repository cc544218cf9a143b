"""The lab's layout model: sources, edits, legality messages, files, hostile input, undo and redo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.catan.board import Board
from game.catan.compact import beginner_placements
from game.catan.geometry import topology
from game.core.errors import InvalidPosition
from game.core.registry import get_variant
from game.lab.editor import LayoutEditor
from game.lab.layout import (
    LabLayout, beginner_lab_layout, compact_lab_layout, file_lab_layout, load_any_layout, parse_compact_labels,
    save_lab_layout, variable_lab_layout,
)
from game.lab.library import delete_layout, duplicate_layout, list_layouts, rename_layout, save_layout


def keys(layout: LabLayout) -> list[str]:
    return [p.key for p in layout.problems()]


def test_sources_are_legal_boards() -> None:
    assert beginner_lab_layout().is_legal()
    assert beginner_lab_layout().start is not None
    for seed in range(5):
        assert variable_lab_layout(seed).is_legal()
    compact = compact_lab_layout(beginner_placements())
    assert compact.is_legal() and compact.compact_parts == beginner_placements()
    assert load_any_layout("compact:A1,B2,A3,B4,A5,B6").compact_parts is not None


def test_beginner_layout_round_trips_through_json() -> None:
    layout = beginner_lab_layout()
    again = LabLayout.from_json(json.loads(json.dumps(layout.to_json())))
    assert again == layout and again.start == layout.start
    assert again.to_board() == Board.from_json(layout.to_json()["board"])


def test_painting_a_terrain_names_both_counts() -> None:
    layout = beginner_lab_layout()
    forest = layout.terrains.index("forest")
    painted = layout.with_terrain(forest, "hills")
    problems = {p.key: p.params_dict() for p in painted.problems()}
    assert problems["lab.problem.terrain_count"]  # keyed by the last terrain reported; check both below
    counts = [p.params_dict() for p in painted.problems() if p.key == "lab.problem.terrain_count"]
    assert {"terrain": "forest", "have": 3, "need": 4} in counts
    assert {"terrain": "hills", "have": 4, "need": 3} in counts
    assert painted.start is None  # an edited board drops the pre-placed pieces
    assert not painted.is_playable()
    assert painted.edited(experimental=True).is_playable()


def test_desert_loses_its_token_and_land_needs_one() -> None:
    layout = beginner_lab_layout()
    hex0 = 0
    number = layout.numbers[hex0]
    as_desert = layout.with_terrain(hex0, "desert")
    assert as_desert.numbers[hex0] == 0
    found = keys(as_desert)
    assert "lab.problem.terrain_count" in found
    assert {"number": number, "have": 1 if number in (2, 12) else 1, "need": 1 if number in (2, 12) else 2} in [
        p.params_dict() for p in as_desert.problems() if p.key == "lab.problem.token_count"]
    desert = layout.terrains.index("desert")
    land = layout.with_terrain(desert, "forest")
    problem = next(p for p in land.problems() if p.key == "lab.problem.no_token")
    assert problem.params_dict() == {"hex": desert} and not problem.component
    assert not land.edited(experimental=True).is_playable()  # a land hex without a token is never playable


def test_tokens_seven_and_desert_tokens_are_refused() -> None:
    layout = beginner_lab_layout()
    with pytest.raises(InvalidPosition):
        layout.with_number(0, 7)
    with pytest.raises(InvalidPosition):
        layout.with_number(layout.terrains.index("desert"), 6)
    with pytest.raises(InvalidPosition):
        layout.with_number(19, 6)


def test_swap_moves_terrain_token_and_robber_together() -> None:
    layout = beginner_lab_layout()
    desert = layout.terrains.index("desert")
    swapped = layout.with_swapped(0, desert)
    assert swapped.terrains[0] == "desert" and swapped.numbers[0] == 0
    assert swapped.terrains[desert] == layout.terrains[0] and swapped.numbers[desert] == layout.numbers[0]
    assert swapped.robber == 0 and swapped.is_legal()
    tokens = layout.with_swapped_numbers(0, 1)
    assert tokens.numbers[0] == layout.numbers[1] and tokens.terrains == layout.terrains


def test_robber_off_the_desert_is_a_component_problem() -> None:
    moved = beginner_lab_layout().with_robber(0)
    problem = next(p for p in moved.problems() if p.key == "lab.problem.robber_off_desert")
    assert problem.component and problem.params_dict() == {"hex": 0}
    game_layout = moved.edited(experimental=True).layout_for_game()
    game = get_variant("catan-base").new_game(get_variant("catan-base").default_seats(4), 1, layout=game_layout)
    assert game.state.robber == 0


def test_harbors_place_move_remove_and_count() -> None:
    layout = beginner_lab_layout()
    edge, kind = layout.harbors[0]
    removed = layout.with_harbor(edge, None)
    assert {"have": 8, "need": 9} in [p.params_dict() for p in removed.problems() if p.key == "lab.problem.harbor_count"]
    coast = [e for e in range(topology().num_edges) if topology().coastal_side(e) is not None]
    free = next(e for e in coast if all(set(topology().edges[e]).isdisjoint(topology().edges[h]) for h, _ in layout.harbors))
    moved = layout.with_harbor_moved(edge, free)
    assert moved.harbor_at(free) == kind and moved.harbor_at(edge) is None and moved.is_legal()
    neighbour = next(e for e in coast if e != edge and set(topology().edges[e]) & set(topology().edges[edge]))
    touching = layout.with_harbor_moved(layout.harbors[1][0], neighbour)
    assert "lab.problem.harbors_touch" in keys(touching)
    inland = next(e for e in range(topology().num_edges) if topology().coastal_side(e) is None)
    with pytest.raises(InvalidPosition):
        layout.with_harbor(inland, "generic_3_1")
    # a moved harbor plays: the game reads harbors on any coastal paths
    game = get_variant("catan-base").new_game(get_variant("catan-base").default_seats(4), 1,
                                               layout=moved.layout_for_game())
    assert free in game.state.board.harbor_edge_list


def test_unplayable_boards_cannot_start_a_game() -> None:
    broken = beginner_lab_layout().with_terrain(0, "hills")
    with pytest.raises(InvalidPosition, match="experimental"):
        broken.layout_for_game()
    experimental = broken.edited(experimental=True)
    data = experimental.layout_for_game()
    assert data["experimental"] is True
    game = get_variant("catan-base").new_game(get_variant("catan-base").default_seats(4), 3, layout=data)
    assert game.state.board.terrains[0] == "hills"


def test_editor_undo_redo() -> None:
    editor = LayoutEditor(beginner_lab_layout())
    assert not editor.can_undo() and not editor.dirty
    assert editor.apply(lambda l: l.with_number(0, 6))
    assert not editor.apply(lambda l: l.with_number(0, 6))  # no change, nothing recorded
    editor.apply(lambda l: l.with_terrain(1, "forest"))
    assert editor.layout.terrains[1] == "forest" and editor.dirty
    assert editor.undo() and editor.layout.terrains[1] == "pasture"
    assert editor.undo() and editor.layout == beginner_lab_layout()
    assert not editor.undo()
    assert editor.redo() and editor.layout.numbers[0] == 6
    editor.apply(lambda l: l.with_robber(3))
    assert not editor.can_redo()
    with pytest.raises(InvalidPosition):
        editor.apply(lambda l: l.with_number(0, 7))
    assert editor.layout.robber == 3


def test_library_save_rename_duplicate_delete(tmp_path: Path) -> None:
    layout = variable_lab_layout(5).renamed("Můj ostrov")
    path = save_layout(tmp_path, layout)
    assert path.name == "muj-ostrov.json"
    assert file_lab_layout(path) == layout
    renamed = rename_layout(path, "Island two")
    assert not path.exists() and file_lab_layout(renamed).name == "Island two"
    copy = duplicate_layout(renamed)
    assert file_lab_layout(copy).name == "Island two copy"
    assert sorted(e.name for e in list_layouts(tmp_path)) == ["Island two", "Island two copy"]
    delete_layout(copy)
    assert len(list_layouts(tmp_path)) == 1
    with pytest.raises(InvalidPosition):
        save_layout(tmp_path, layout.with_terrain(0, "hills"))  # breaks the counts and is not experimental
    assert len(list(tmp_path.iterdir())) == 1


HOSTILE = {
    "bad-json.json": b"{ not json",
    "bad-utf8.json": b'{"format": "\xff\xfe"}',
    "deep.json": b"[" * 100_000 + b"]" * 100_000,
    "long-int.json": b'{"format": "catan-table-layout", "version": ' + b"9" * 5000 + b"}",
    "not-object.json": b"[1, 2, 3]",
    "bad-board.json": json.dumps({"format": "catan-table-layout", "board": {"hexes": "x", "harbors": []}}).encode(),
    "bad-robber.json": json.dumps({"format": "catan-table-layout", "board": {
        **beginner_lab_layout().to_json()["board"], "robber_start": "north"}}).encode(),
    "bad-start.json": json.dumps({**beginner_lab_layout().to_json(), "start": [1, 2]}).encode(),
    "bad-experimental.json": json.dumps({**beginner_lab_layout().to_json(), "experimental": "yes"}).encode(),
    "bad-parts.json": json.dumps({**beginner_lab_layout().to_json(), "compact_parts": [{"part": "x"}]}).encode(),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_layout_files_are_refused_and_nothing_is_touched(tmp_path: Path, name: str) -> None:
    good = save_layout(tmp_path, beginner_lab_layout())
    before = good.read_bytes()
    bad = tmp_path / name
    bad.write_bytes(HOSTILE[name])
    with pytest.raises(InvalidPosition, match=name):
        file_lab_layout(bad)
    with pytest.raises(InvalidPosition):
        load_any_layout(str(bad))
    entries = {e.path.name: e for e in list_layouts(tmp_path)}
    assert entries[name].layout is None and name in str(entries[name].error)
    assert entries[good.name].layout is not None
    assert good.read_bytes() == before and bad.read_bytes() == HOSTILE[name]


def test_oversized_layout_is_refused_before_parsing(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(17 * 1024 * 1024)
    with pytest.raises(InvalidPosition, match="too large"):
        file_lab_layout(big)


def test_a_save_gives_its_board(tmp_path: Path) -> None:
    from game.core.saves import save_game

    variant = get_variant("catan-base")
    game = variant.new_game(variant.default_seats(4), 11, {"board": "variable"})
    path = tmp_path / "game.json"
    save_game(game, path)
    layout = save_lab_layout(path)
    assert layout.terrains == game.state.board.terrains and layout.is_legal()
    assert load_any_layout(str(path)).numbers == game.state.board.numbers


def test_compact_labels() -> None:
    placements = parse_compact_labels("A1,B2,A3,B4,A5,B6")
    assert [p.label for p in placements] == ["A1", "B2", "A3", "B4", "A5", "B6"]
    with pytest.raises(InvalidPosition):
        parse_compact_labels("A1,B2,A3,B4,A5,C6")
    with pytest.raises(InvalidPosition):
        load_any_layout("variable:x")
    with pytest.raises(InvalidPosition):
        load_any_layout("nowhere.json")
