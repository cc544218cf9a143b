"""A layout's pre-placed starting pieces are checked as part of its legality (repeats, shared places, the distance
rule, loose roads, counts), and a misspelt key of a layout file is named with the nearest known key."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import game.cli.lab_cmd as lab_cmd
from game.catan.geometry import topology
from game.cli import main
from game.core.errors import InvalidPosition
from game.core.i18n import Translator
from game.lab.layout import (
    LabLayout, beginner_lab_layout, compact_lab_layout, parse_compact_labels, start_problems,
)

START_KEYS = ("start_settlement_count", "start_road_count", "start_settlement_twice", "start_settlement_shared",
              "start_settlement_too_close", "start_road_twice", "start_road_shared", "start_road_loose")


def beginner_data() -> dict[str, Any]:
    """The beginner layout file's data, a copy to change."""
    return copy.deepcopy(beginner_lab_layout().to_json())


def keys_of(data: dict[str, Any]) -> set[str]:
    """The problem keys of a layout's data, without the 'lab.problem.' prefix."""
    return {p.key.removeprefix("lab.problem.") for p in LabLayout.from_json(data).problems()}


def free_edge(data: dict[str, Any]) -> list[str]:
    """A path touching no starting settlement and carrying no starting road, as a file names it."""
    topo = topology()
    settled = {topo.node(n) for pieces in data["start"].values() for n in pieces["settlements"]}
    used = {topo.edge(topo.node(a), topo.node(b)) for pieces in data["start"].values() for a, b in pieces["roads"]}
    for e, (a, b) in enumerate(topo.edges):
        if e not in used and not {a, b} & settled and not any(n in settled for n in topo.node_neighbors[a]):
            return [topo.node_names[a], topo.node_names[b]]
    raise AssertionError("the board has no free path")


def test_the_beginner_start_has_no_problems() -> None:
    assert start_problems(beginner_lab_layout().start) == []
    assert beginner_lab_layout().is_legal()


def test_a_settlement_listed_twice_makes_the_layout_unplayable() -> None:
    data = beginner_data()
    data["start"]["white"]["settlements"] = ["h3.SE", "h3.SE", "h10.SE"]
    layout = LabLayout.from_json(data)
    problems = {p.key: p for p in layout.problems()}
    twice = problems["lab.problem.start_settlement_twice"]
    assert twice.params_dict() == {"colour": "white", "place": "h3.SE"} and not twice.component
    assert problems["lab.problem.start_settlement_count"].params_dict() == {"colour": "white", "have": 3, "need": 2}
    assert not layout.is_legal() and not layout.is_playable()
    assert not replace(layout, experimental=True).is_playable()  # no experimental board lets a piece stand twice
    with pytest.raises(InvalidPosition, match=r"h3\.SE is listed twice"):
        layout.layout_for_game()


def test_one_intersection_for_two_colours() -> None:
    data = beginner_data()
    data["start"]["blue"]["settlements"] = ["h14.SE", "h3.SE"]  # white's
    data["start"]["blue"]["paying_settlement"] = "h3.SE"
    layout = LabLayout.from_json(data)
    shared = [p for p in layout.problems() if p.key == "lab.problem.start_settlement_shared"]
    assert len(shared) == 1 and shared[0].params_dict()["place"] == "h3.SE"
    assert {shared[0].params_dict()["colour"], shared[0].params_dict()["other"]} == {"white", "blue"}


def test_settlements_breaking_the_distance_rule() -> None:
    topo = topology()
    data = beginner_data()
    settled = {topo.node(n) for pieces in data["start"].values() for n in pieces["settlements"]}
    neighbour = next(topo.node_names[n] for n in topo.node_neighbors[topo.node("h3.SE")]
                     if n not in settled and not (settled - {topo.node("h3.SE")}) & set(topo.node_neighbors[n]))
    data["start"]["orange"]["settlements"] = [neighbour, "h13.SE"]
    problems = [p.params_dict() for p in LabLayout.from_json(data).problems()
                if p.key == "lab.problem.start_settlement_too_close"]
    assert len(problems) == 1 and {problems[0]["place"], problems[0]["other_place"]} == {"h3.SE", neighbour}


def test_one_settlement_under_two_names_is_still_twice() -> None:
    topo = topology()
    node = topo.node("h10.SE")
    other_name = next(name for name, n in topo.node_aliases.items() if n == node and name != "h10.SE")
    data = beginner_data()
    data["start"]["white"]["settlements"] = ["h10.SE", other_name]
    data["start"]["white"]["paying_settlement"] = "h10.SE"
    assert "start_settlement_twice" in keys_of(data)


def test_a_road_listed_twice_in_either_direction() -> None:
    data = beginner_data()
    data["start"]["white"]["roads"] = [["h3.SE", "h3.S"], ["h3.S", "h3.SE"]]
    assert keys_of(data) == {"start_road_twice"}


def test_one_path_for_two_colours() -> None:
    data = beginner_data()
    data["start"]["red"]["roads"] = [["h0.SE", "h1.S"], ["h3.SE", "h3.S"]]  # the second is white's
    keys = keys_of(data)
    assert {"start_road_shared", "start_road_loose"} <= keys  # and it touches no red settlement


def test_a_road_away_from_its_settlements() -> None:
    data = beginner_data()
    away = free_edge(data)
    data["start"]["white"]["roads"] = [["h3.SE", "h3.S"], away]
    layout = LabLayout.from_json(data)
    loose = [p.params_dict() for p in layout.problems()]
    assert loose == [{"colour": "white", "road": "-".join(away)}]
    assert keys_of(data) == {"start_road_loose"}


@pytest.mark.parametrize("piece,pieces,key", [
    ("settlements", ["h10.SE"], "start_settlement_count"),
    ("roads", [["h3.SE", "h3.S"]], "start_road_count"),
])
def test_wrong_counts_of_starting_pieces(piece: str, pieces: list[Any], key: str) -> None:
    data = beginner_data()
    data["start"]["white"][piece] = pieces
    assert key in keys_of(data)


def test_every_start_problem_reads_as_a_sentence_in_both_languages() -> None:
    params = {"colour": "white", "have": 3, "need": 2, "place": "h3.SE", "other": "blue", "other_place": "h4.S",
              "road": "h3.SE-h3.S"}
    for lang in ("en", "cs"):
        t = Translator(lang)
        for key in START_KEYS:
            text = t.t(f"lab.problem.{key}", **params)
            assert text != f"lab.problem.{key}" and "{" not in text, (lang, key, text)
    czech = Translator("cs").t("lab.problem.start_road_loose", colour="bílá", road="h3.SE-h3.S")
    assert czech != Translator("en").t("lab.problem.start_road_loose", colour="white", road="h3.SE-h3.S")


def test_analyse_calls_a_repeated_start_illegal_and_simulate_refuses_it(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    data = beginner_data()
    data["start"]["white"]["settlements"] = ["h3.SE", "h3.SE", "h10.SE"]
    path = tmp_path / "repeated.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["lab", "analyse", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert not result["legal"]
    assert "lab.problem.start_settlement_twice" in {p["key"] for p in result["problems"]}
    assert main(["lab", "analyse", str(path)]) == 0
    assert "the settlement on h3.SE is listed twice" in capsys.readouterr().out

    def no_games(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a game was played on a layout that cannot be played")

    monkeypatch.setattr(lab_cmd, "run_plan", no_games)
    code = main(["lab", "simulate", str(path), "--games", "4", "--workers", "1", "--report", str(tmp_path / "r")])
    err = capsys.readouterr().err
    assert code == 2 and "\n" not in err.strip() and "Traceback" not in err
    assert "h3.SE is listed twice" in err and "start_settlement_twice" in err


def test_simulate_refuses_starting_pieces_for_fewer_colours_than_players(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str],
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    data = beginner_data()
    del data["start"]["red"]
    path = tmp_path / "three-colours.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    def no_games(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a game was played although every game would break")

    monkeypatch.setattr(lab_cmd, "run_plan", no_games)
    code = main(["lab", "simulate", str(path), "--games", "4", "--players", "4", "--workers", "1",
                 "--report", str(tmp_path / "r")])
    err = capsys.readouterr().err
    assert code == 2 and "3 colours" in err and "--free-setup" in err and "Traceback" not in err


# --- 5. misspelt keys -----------------------------------------------------------------------------------------------


def _compact_data() -> dict[str, Any]:
    return copy.deepcopy(compact_lab_layout(parse_compact_labels("A1,B2,A3,B4,A5,B6")).to_json())


def _rename(obj: dict[str, Any], old: str, new: str) -> None:
    obj[new] = obj.pop(old)


MISSPELLINGS = {
    "top level": (beginner_data, lambda d: _rename(d, "name", "nmae"), "nmae", "name", "my-board.json"),
    "board": (beginner_data, lambda d: _rename(d["board"], "harbors", "harbours"), "harbours", "harbors", "board"),
    "hex": (beginner_data, lambda d: _rename(d["board"]["hexes"][3], "number", "numbr"), "numbr", "number",
            "hexes[3]"),
    "harbor": (beginner_data, lambda d: _rename(d["board"]["harbors"][2], "type", "tpye"), "tpye", "type",
               "harbors[2]"),
    "start colour": (beginner_data, lambda d: _rename(d["start"], "white", "whte"), "whte", "white", "start"),
    "start pieces": (beginner_data, lambda d: _rename(d["start"]["blue"], "roads", "road"), "road", "roads",
                     "start for blue"),
    "compact part": (_compact_data, lambda d: _rename(d["compact_parts"][1], "side", "sides"), "sides", "side",
                     "compact_parts[1]"),
}


@pytest.mark.parametrize("level", list(MISSPELLINGS))
def test_a_misspelt_key_is_named_with_the_nearest_known_key(level: str) -> None:
    make, spoil, wrong, right, where = MISSPELLINGS[level]
    data = make()
    spoil(data)
    with pytest.raises(InvalidPosition) as caught:
        LabLayout.from_json(data, "my-board.json")
    message = str(caught.value)
    assert f"unknown key {wrong!r}" in message and f"did you mean {right!r}?" in message, message
    assert message.startswith("my-board.json") and where in message, message


def test_an_unknown_key_far_from_any_lists_the_known_ones() -> None:
    data = beginner_data()
    data["board"]["hexes"][0]["zzzzzzzz"] = 1
    with pytest.raises(InvalidPosition, match=re.escape("the keys here are hex, number, terrain")):
        LabLayout.from_json(data)


def test_the_cli_names_a_misspelt_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = beginner_data()
    _rename(data["board"]["hexes"][0], "number", "numbr")
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["lab", "analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert "typo.json" in err and "'numbr'" in err and "did you mean 'number'?" in err and "got None" not in err


def test_every_key_the_lab_writes_is_known() -> None:
    for data in (beginner_data(), _compact_data(), beginner_lab_layout().edited(experimental=True).to_json()):
        again = LabLayout.from_json(json.loads(json.dumps(data)))
        assert again.to_json() == data
