"""Damaged saves and board layout files are refused with a typed error naming the problem, never a traceback."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from game.catan.board import beginner_layout, check_layout_data, load_layout
from game.catan.compact import placements_from_json
from game.cli import main as cli_main
from game.core.errors import InvalidPosition, SaveError
from game.core.files import MAX_DEPTH, parse_json_bytes, read_json_file
from game.core.registry import get_variant
from game.core.saves import game_from_json, game_to_json, save_game
from game.lab.layout import LabLayout


def new(variant_id: str, players: int, seed: int = 1, options: dict | None = None, layout=None):
    variant = get_variant(variant_id)
    return variant.new_game(variant.default_seats(players), seed, options or {}, layout=layout)


def played(variant_id: str, players: int, actions: int, seed: int = 1, options: dict | None = None):
    game = new(variant_id, players, seed, options)
    for _ in range(actions):
        game.apply(game.legal_actions(game.active_players()[0])[0])
    return game


def nested(depth: int, inner: object = 0) -> object:
    for _ in range(depth):
        inner = [inner]
    return inner


# ------------------------------------------------------------------ saves

def test_a_shuffle_outcome_of_mixed_types_is_refused() -> None:
    """A recorded shuffle like [1, "a", ...] raised TypeError in sorted()."""
    data = game_to_json(new("catan-base", 4, options={"board": "variable"}))
    data["setup_outcomes"][0] = [1, "a"] + list(range(2, 19))
    with pytest.raises(SaveError, match="permutation"):
        game_from_json(data)
    data["setup_outcomes"][0] = [None, {}, 1.5]
    with pytest.raises(SaveError, match="permutation"):
        game_from_json(data)


def test_an_action_field_nested_hundreds_of_lists_deep_is_refused() -> None:
    """A field nested 900 lists deep raised RecursionError in the codec."""
    data = game_to_json(played("catan-base", 4, 6, options={"board": "variable"}))
    entry = next(e for e in data["log"] if "node" in e["action"] or "edge" in e["action"])
    field = "node" if "node" in entry["action"] else "edge"
    entry["action"][field] = nested(900)
    with pytest.raises(SaveError, match="does not replay"):
        game_from_json(data)


@pytest.mark.parametrize("layout", [[1], "x", 3, True])
def test_a_layout_that_is_not_an_object_is_refused(layout) -> None:
    """layout: [1] raised AttributeError in the Catan variant."""
    data = game_to_json(new("catan-base", 4))
    data["layout"] = layout
    with pytest.raises(SaveError, match="layout: must be an object"):
        game_from_json(data)


@pytest.mark.parametrize("start", [[1, 2], "abc", 5, {"red": 5}, {"purple": {}}, {"red": {"settlements": "h0.N"}},
                                   {"red": {"settlements": ["h0.N"], "roads": [["h0.N"]], "paying_settlement": "h0.N"}}])
def test_a_wrong_layout_start_in_a_save_is_refused(start) -> None:
    """layout.start as a list or text raised AttributeError/TypeError."""
    data = game_to_json(new("catan-base", 4))
    layout = beginner_layout()
    layout["start"] = start
    data["layout"] = layout
    with pytest.raises(SaveError, match="start"):
        game_from_json(data)


def test_saves_of_every_family_with_deep_or_huge_values_are_refused(tmp_path: Path) -> None:
    """Through the file reader: nesting deeper than MAX_DEPTH anywhere is refused before any loader sees it."""
    for variant_id, players in (("catan-base", 4), ("rivals-intro", 2), ("catan-cards", 3)):
        data = game_to_json(played(variant_id, players, 4))
        data["unknown_extra"] = nested(MAX_DEPTH + 1)
        path = tmp_path / f"{variant_id}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(SaveError, match="nested more than"):
            read_json_file(path, SaveError)
    assert parse_json_bytes(json.dumps(nested(MAX_DEPTH - 1)).encode(), "ok", SaveError) == nested(MAX_DEPTH - 1)


# ------------------------------------------------------------------ board layout files

def test_a_start_missing_a_colour_is_refused() -> None:
    """Four seats but starting pieces for two colours: IndexError from an empty list of spare colours."""
    layout = beginner_layout()
    del layout["start"]["red"], layout["start"]["blue"]
    with pytest.raises(InvalidPosition, match="no starting pieces for red"):
        new("catan-base", 4, layout=layout)


@pytest.mark.parametrize("start", [["h0.N"], "red", 7])
def test_a_start_of_the_wrong_type_is_refused_on_load(tmp_path: Path, start) -> None:
    """A layout file whose start is no object is refused when read, not when a game starts from it."""
    layout = beginner_layout()
    layout["start"] = start
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(layout), encoding="utf-8")
    with pytest.raises(InvalidPosition, match="'start' must be an object"):
        load_layout(path)
    with pytest.raises(InvalidPosition):
        LabLayout.from_json(layout, "bad.json")


def test_pieces_on_unknown_intersections_are_refused_on_load() -> None:
    layout = beginner_layout()
    layout["start"]["white"]["settlements"] = ["h99.N"]
    with pytest.raises(InvalidPosition, match="settlements"):
        check_layout_data(layout, "bad")
    layout = beginner_layout()
    layout["start"]["white"]["roads"] = [["h0.N", "h18.S"]]
    with pytest.raises(InvalidPosition, match="roads"):
        check_layout_data(layout, "bad")


@pytest.mark.parametrize("settlements", [[], ["h0.N"], ["h9.N"]])
def test_bad_neutral_pieces_in_the_two_player_layout_are_refused(settlements) -> None:
    """The neutral's first settlement: missing (IndexError), coastal, or on the other neutral's spot."""
    layout = beginner_layout()
    layout["start"]["white"]["settlements"] = settlements
    layout["start"]["white"]["paying_settlement"] = settlements[0] if settlements else "h0.N"
    if settlements == ["h9.N"]:
        layout["start"]["orange"]["settlements"] = ["h9.N"]
        layout["start"]["orange"]["paying_settlement"] = "h9.N"
    with pytest.raises(InvalidPosition):
        new("catan-2p", 2, layout=layout)


def test_the_two_player_beginner_neutrals_still_stand() -> None:
    game = new("catan-2p", 2, layout=beginner_layout())
    topo = game.topo
    assert game.state.node_owner[topo.node("h3.SE")] == 2 and game.state.node_owner[topo.node("h2.S")] == 3


def test_a_layout_file_of_invalid_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(json.dumps(beginner_layout()).encode("utf-8").replace(b'"beginner"', b'"b\xe9ginner"'))
    with pytest.raises(InvalidPosition, match="not UTF-8"):
        load_layout(path)


@pytest.mark.parametrize("entry", [{"part": 1.9}, {"part": "1"}, {"part": True}, {"slot": 0.0}, {"side": 1}])
def test_compact_arrangements_take_exact_types(entry) -> None:
    """Part 1.9 and "1" were read as part 1."""
    parts = [{"part": i, "side": "A", "slot": i - 1} for i in range(1, 7)]
    parts[0] = {**parts[0], **entry}
    with pytest.raises(InvalidPosition, match="compact arrangement"):
        placements_from_json(parts)
    with pytest.raises(InvalidPosition):
        new("catan-compact", 4, layout={"compact_parts": parts})


# ------------------------------------------------------------------ the command line

def test_the_command_line_reports_damaged_files_without_a_traceback(tmp_path: Path, capsys) -> None:
    """`python -m game replay` and `position legal` print one error line and exit 2."""
    game = new("catan-base", 4, options={"board": "variable"})
    save_game(game, tmp_path / "save.json")
    data = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    data["setup_outcomes"][0] = ["x", 1]
    (tmp_path / "mixed.json").write_text(json.dumps(data), encoding="utf-8")
    data = copy.deepcopy(data)
    data["layout"] = [1]
    (tmp_path / "layout.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "deep.json").write_text("[" * 500 + "]" * 500, encoding="utf-8")
    for name in ("mixed.json", "layout.json", "deep.json"):
        assert cli_main(["replay", str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and "Traceback" not in err
    assert cli_main(["position", "legal", str(tmp_path / "deep.json")]) == 2
    assert capsys.readouterr().err.startswith("error: ")
