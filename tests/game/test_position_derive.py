"""Lenient position import (--derive): derivable fields recomputed and reported, strict import unchanged."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.catan.position import load_position, position_game
from game.catan.position_actions import legal_actions_in_format
from game.catan.position_export import export_position
from game.catan.position_derive import Correction, derive_position, import_position
from game.catan.rules import CatanGame
from game.catan.state import CatanState
from game.cli.position_cmd import correction_text
from game.core.errors import InvalidPosition
from game.core.files import parse_json_bytes
from game.core.i18n import Translator

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "saves" / "positions"


def example(name: str) -> dict[str, Any]:
    """A fresh copy of one of the shipped example positions."""
    return load_position(POSITIONS / f"{name}.json")


def entry(position: dict[str, Any], color: str) -> dict[str, Any]:
    """The players entry of a colour."""
    return next(p for p in position["players"] if p["color"] == color)


def refused_strictly(position: dict[str, Any], fragment: str) -> None:
    """Strict import refuses with its usual message (naming the fault)."""
    with pytest.raises(InvalidPosition) as info:
        position_game(position)
    assert fragment in str(info.value)


def state_fields(game: CatanGame) -> dict[str, Any]:
    """Every field of a game's state apart from the caches."""
    return {name: getattr(game.state, name) for name in CatanState.__slots__ if name != "derived"}


def assert_same_game(a: CatanGame, b: CatanGame) -> None:
    """Two games in the same position, with the same hidden deck and the same start position."""
    assert state_fields(a) == state_fields(b)
    assert export_position(a, include_legal=True, include_hidden=True) == \
        export_position(b, include_legal=True, include_hidden=True)
    assert a.start_position == b.start_position
    assert a.options == b.options and a.seats == b.seats


def derive_and_compare(bad: dict[str, Any], good: dict[str, Any], corrections: list[Correction]) -> None:
    """Lenient import of bad makes exactly these corrections and the same game as strict import of good."""
    before = copy.deepcopy(bad)
    game, made = import_position(bad, seed=5, derive=True)
    assert made == corrections
    assert bad == before, "lenient import changed its input"
    assert_same_game(game, position_game(good, seed=5))
    fixed, again = derive_position(bad)
    assert fixed == good and again == corrections


# ---------------------------------------------------------------- positions that are right


@pytest.mark.parametrize("name", ["beginner-start", "midgame", "discard-three-players"])
def test_a_right_position_needs_no_correction(name: str) -> None:
    position = example(name)
    game, corrections = import_position(position, seed=3, derive=True)
    assert corrections == []
    assert_same_game(game, position_game(position, seed=3))
    assert import_position(position, seed=3)[1] == []


def test_an_exported_position_with_hidden_deck_needs_no_correction() -> None:
    full = export_position(position_game(example("discard-three-players"), seed=2), include_legal=True,
                           include_hidden=True)
    fixed, corrections = derive_position(full)
    assert corrections == [] and fixed == full


# ---------------------------------------------------------------- wrong road lengths, holder, points


def test_wrong_road_lengths() -> None:
    good = example("midgame")
    bad = copy.deepcopy(good)
    entry(bad, "white")["longest_road_length"] = 4
    entry(bad, "red")["longest_road_length"] = 8
    refused_strictly(bad, "players[1].longest_road_length: 4 given, but the roads make 5")
    derive_and_compare(bad, good, [
        ("position.derived.road_length",
         {"player": 1, "color": "white", "field": "players[1].longest_road_length", "was": 4, "now": 5}),
        ("position.derived.road_length",
         {"player": 3, "color": "red", "field": "players[3].longest_road_length", "was": 8, "now": 6}),
    ])


def test_wrong_longest_road_holder() -> None:
    good = example("midgame")
    bad = copy.deepcopy(good)
    bad["longest_road"] = {"holder": "blue", "length": 5}
    entry(bad, "blue")["vp_public"] += 2
    entry(bad, "blue")["vp_actual"] += 2
    entry(bad, "red")["vp_public"] -= 2
    entry(bad, "red")["vp_actual"] -= 2
    refused_strictly(bad, "longest_road: red's road (6) is longer than the holder blue's (5)")
    derive_and_compare(bad, good, [
        ("position.derived.longest_road_holder", {"field": "longest_road.holder", "was": "blue", "now": "red"}),
        ("position.derived.longest_road_length", {"field": "longest_road.length", "was": 5, "now": 6}),
        ("position.derived.vp_public", {"player": 0, "color": "blue", "field": "players[0].vp_public",
                                        "was": 4, "now": 2}),
        ("position.derived.vp_actual", {"player": 0, "color": "blue", "field": "players[0].vp_actual",
                                        "was": 6, "now": 4}),
        ("position.derived.vp_public", {"player": 3, "color": "red", "field": "players[3].vp_public",
                                        "was": 4, "now": 6}),
        ("position.derived.vp_actual", {"player": 3, "color": "red", "field": "players[3].vp_actual",
                                        "was": 5, "now": 7}),
    ])


def test_wrong_points() -> None:
    good = example("discard-three-players")
    bad = copy.deepcopy(good)
    entry(bad, "red")["vp_public"] = 3
    entry(bad, "white")["vp_actual"] = 9
    refused_strictly(bad, "players[0].vp_public: 3 given, but buildings, special cards and VP cards make 2")
    derive_and_compare(bad, good, [
        ("position.derived.vp_public", {"player": 0, "color": "red", "field": "players[0].vp_public",
                                        "was": 3, "now": 2}),
        ("position.derived.vp_actual", {"player": 2, "color": "white", "field": "players[2].vp_actual",
                                        "was": 9, "now": 7}),
    ])


def test_wrong_largest_army_pieces_bank_and_deck() -> None:
    good = example("midgame")
    bad = copy.deepcopy(good)
    bad["largest_army"] = {"holder": None, "knights": None}
    entry(bad, "orange")["pieces_left"]["roads"] = 15
    bad["bank"]["resources"]["ore"] += 1
    bad["bank"]["dev_deck_size"] = 25
    refused_strictly(bad, "players[2].pieces_left.roads")
    orange = {"player": 2, "color": "orange"}
    derive_and_compare(bad, good, [
        ("position.derived.pieces_left", {"piece": "roads", **orange, "field": "players[2].pieces_left.roads",
                                          "was": 15, "now": 15 - 8}),
        ("position.derived.largest_army_holder", {"field": "largest_army.holder", "was": None, "now": "red"}),
        ("position.derived.largest_army_knights", {"field": "largest_army.knights", "was": None, "now": 3}),
        ("position.derived.bank", {"resource": "ore", "field": "bank.resources.ore",
                                   "was": good["bank"]["resources"]["ore"] + 1,
                                   "now": good["bank"]["resources"]["ore"]}),
        ("position.derived.dev_deck_size", {"field": "bank.dev_deck_size", "was": 25,
                                            "now": good["bank"]["dev_deck_size"]}),
    ])
    assert 15 - entry(good, "orange")["pieces_left"]["roads"] == 8


def test_missing_derivable_fields_are_filled_in() -> None:
    good = example("beginner-start")
    bad = copy.deepcopy(good)
    del bad["largest_army"]
    del entry(bad, "blue")["vp_actual"]
    del entry(bad, "white")["pieces_left"]["cities"]
    refused_strictly(bad, "position: the field 'largest_army' is missing")
    derive_and_compare(bad, good, [
        ("position.derived.missing", {"field": "players[2].pieces_left.cities", "now": 4}),
        ("position.derived.missing", {"field": "largest_army.holder", "now": None}),
        ("position.derived.missing", {"field": "largest_army.knights", "now": None}),
        ("position.derived.missing", {"field": "players[1].vp_actual", "now": 2}),
    ])
    # The fields come back in their usual order, so the corrected file reads like an exported one.
    assert list(derive_position(bad)[0]) == list(good)


def test_a_value_of_the_wrong_type_is_corrected() -> None:
    good = example("beginner-start")
    bad = copy.deepcopy(good)
    entry(bad, "red")["vp_public"] = "2"
    entry(bad, "red")["longest_road_length"] = True
    refused_strictly(bad, "players[0].vp_public: must be a whole number")
    derive_and_compare(bad, good, [
        ("position.derived.road_length", {"player": 0, "color": "red", "field": "players[0].longest_road_length",
                                          "was": True, "now": 1}),
        ("position.derived.vp_public", {"player": 0, "color": "red", "field": "players[0].vp_public",
                                        "was": "2", "now": 2}),
    ])


def test_listed_legal_actions_are_recomputed_with_the_maritime_rates() -> None:
    rich = example("midgame")
    entry(rich, "red")["resources"]["lumber"] += 4
    rich["bank"]["resources"]["lumber"] -= 4
    good = export_position(position_game(rich), include_legal=True)
    bad = copy.deepcopy(good)
    maritime = [a for a in bad["legal_actions"] if a["type"] == "maritime_trade"]
    assert maritime, "the example should offer a maritime trade"
    maritime[0]["rate"] = 2 if maritime[0]["rate"] != 2 else 3
    del bad["legal_actions"][0]
    derive_and_compare(bad, good, [
        ("position.derived.legal_actions", {"field": "legal_actions", "added": 2, "removed": 1}),
    ])


# ---------------------------------------------------------------- the Longest Road and Largest Army rules


def _midgame_with_red_at(length: int) -> dict[str, Any]:
    """The midgame example with one of red's roads taken away so that red's longest road is `length`."""
    base = example("midgame")
    for i, road in enumerate(base["roads"]):
        if road["owner"] != "red":
            continue
        candidate = copy.deepcopy(base)
        del candidate["roads"][i]
        try:
            fixed, _ = derive_position(candidate)
        except InvalidPosition:
            continue  # that road carried the network
        if entry(fixed, "red")["longest_road_length"] == length:
            return fixed
    raise AssertionError(f"no single red road brings red's longest road to {length}")


def test_the_holder_keeps_longest_road_on_a_tie() -> None:
    tied = _midgame_with_red_at(5)  # red, blue, white and orange all at 5
    assert tied["longest_road"] == {"holder": "red", "length": 5}
    assert [p["longest_road_length"] for p in tied["players"]] == [5, 5, 5, 5]
    for holder in ("blue", None):
        other = copy.deepcopy(tied)
        other["longest_road"] = {"holder": holder, "length": None if holder is None else 5}
        for p in other["players"]:
            p["vp_public"] = p["vp_actual"] = None  # let the points follow the holder
        fixed, corrections = derive_position(other)
        assert fixed["longest_road"] == other["longest_road"]
        assert not [c for c in corrections if c[0].startswith("position.derived.longest_road")]


def test_a_tie_without_the_holder_sets_longest_road_aside() -> None:
    tied = _midgame_with_red_at(5)
    shorter = copy.deepcopy(tied)
    # Red claims the card, but in a position where red's road is shorter than a tie of the others.
    line = _midgame_with_red_at(4)
    shorter["roads"] = line["roads"]
    fixed, corrections = derive_position(shorter)
    assert fixed["longest_road"] == {"holder": None, "length": None}
    assert ("position.derived.longest_road_holder",
            {"field": "longest_road.holder", "was": "red", "now": None}) in corrections


def test_nobody_holds_longest_road_below_five() -> None:
    good = example("beginner-start")
    bad = copy.deepcopy(good)
    bad["longest_road"] = {"holder": "red", "length": 1}
    entry(bad, "red")["vp_public"] = entry(bad, "red")["vp_actual"] = 4
    refused_strictly(bad, "longest_road: the holder red has a road of only 1 (needs 5)")
    derive_and_compare(bad, good, [
        ("position.derived.longest_road_holder", {"field": "longest_road.holder", "was": "red", "now": None}),
        ("position.derived.longest_road_length", {"field": "longest_road.length", "was": 1, "now": None}),
        ("position.derived.vp_public", {"player": 0, "color": "red", "field": "players[0].vp_public",
                                        "was": 4, "now": 2}),
        ("position.derived.vp_actual", {"player": 0, "color": "red", "field": "players[0].vp_actual",
                                        "was": 4, "now": 2}),
    ])


def test_largest_army_needs_three_knights_and_stays_on_a_tie() -> None:
    good = example("midgame")
    del good["hidden"]  # the deck order would no longer fit the played knights
    two = copy.deepcopy(good)
    entry(two, "red")["dev_cards_played"]["knight"] = 2
    fixed, corrections = derive_position(two)
    assert fixed["largest_army"] == {"holder": None, "knights": None}
    assert entry(fixed, "red")["vp_public"] == entry(good, "red")["vp_public"] - 2
    assert fixed["bank"]["dev_deck_size"] == good["bank"]["dev_deck_size"] + 1
    tie = copy.deepcopy(good)
    entry(tie, "blue")["dev_cards_played"]["knight"] = 3
    entry(tie, "blue")["dev_cards"]["knight"] = 0
    fixed, _ = derive_position(tie)
    assert fixed["largest_army"] == {"holder": "red", "knights": 3}


def test_a_tie_for_largest_army_without_a_holder_is_not_guessed() -> None:
    tie = example("midgame")
    del tie["hidden"]
    entry(tie, "blue")["dev_cards_played"]["knight"] = 3
    entry(tie, "blue")["dev_cards"]["knight"] = 0
    tie["largest_army"] = {"holder": None, "knights": None}
    with pytest.raises(InvalidPosition, match="largest_army: .* has played 3 knights, so someone must hold it"):
        import_position(tie, derive=True)


# ---------------------------------------------------------------- what cannot be derived stays refused


def test_faults_that_cannot_be_derived_are_refused_with_the_strict_message() -> None:
    bad = example("midgame")
    bad["buildings"].append({"at": bad["buildings"][0]["at"], "owner": "red", "kind": "settlement"})
    with pytest.raises(InvalidPosition) as strict:
        position_game(bad)
    with pytest.raises(InvalidPosition) as lenient:
        import_position(bad, derive=True)
    assert str(strict.value) == str(lenient.value)
    unknown = example("midgame")
    unknown["longest_road"]["colour"] = "red"
    with pytest.raises(InvalidPosition, match="longest_road: unknown field"):
        import_position(unknown, derive=True)
    hands = example("midgame")
    entry(hands, "red")["resources"]["ore"] = 25
    with pytest.raises(InvalidPosition, match="bank.resources.ore"):
        import_position(hands, derive=True)


# ---------------------------------------------------------------- text and command line


def test_every_correction_reads_in_both_languages() -> None:
    bad = example("midgame")
    bad["largest_army"] = {"holder": None, "knights": None}
    bad["longest_road"] = {"holder": "blue", "length": 4}
    entry(bad, "orange")["pieces_left"]["roads"] = 15
    bad["bank"]["resources"]["ore"] += 1
    bad["bank"]["dev_deck_size"] = 25
    del entry(bad, "red")["vp_public"]
    entry(bad, "white")["vp_actual"] = 0
    entry(bad, "white")["longest_road_length"] = 0
    bad["legal_actions"] = []
    _, corrections = import_position(bad, derive=True)
    assert {key for key, _ in corrections} >= {
        "position.derived.pieces_left", "position.derived.longest_road_holder", "position.derived.missing",
        "position.derived.largest_army_knights", "position.derived.bank", "position.derived.dev_deck_size",
        "position.derived.legal_actions", "position.derived.vp_actual", "position.derived.road_length"}
    for lang in ("en", "cs"):
        translator = Translator(lang)
        for correction in corrections:
            assert translator.has(correction[0])
            text = correction_text(translator, correction)
            assert "{" not in text and "\n" not in text
    by_key = {key: (key, params) for key, params in corrections}
    english = Translator("en")
    assert correction_text(english, by_key["position.derived.longest_road_holder"]) == \
        "Longest Road holder: Blue given, corrected to Red"
    assert correction_text(english, by_key["position.derived.missing"]) == \
        "players[3].vp_public: missing, set to 6"
    czech = Translator("cs")
    assert correction_text(czech, by_key["position.derived.pieces_left"]) == \
        "Oranžový, zbývající kusy (cesty): uvedeno 15, opraveno na 7"
    holder = ("position.derived.largest_army_holder", {"field": "largest_army.holder", "was": None, "now": "red"})
    assert correction_text(czech, holder) == "Držitel Největšího vojska: uvedeno nikdo, opraveno na Červený"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", "position", *args], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8")


def test_cli_import_strict_refuses_and_derive_prints_the_corrections(tmp_path: Path) -> None:
    good = example("midgame")
    bad = copy.deepcopy(good)
    entry(bad, "white")["longest_road_length"] = 4
    bad["longest_road"] = {"holder": "white", "length": 5}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    strict = _cli("import", str(path))
    assert strict.returncode == 2 and strict.stdout == ""
    assert "players[1].longest_road_length: 4 given, but the roads make 5" in strict.stderr
    assert "Traceback" not in strict.stderr
    out = tmp_path / "fixed.json"
    lenient = _cli("import", str(path), "--derive", "--out", str(out))
    assert lenient.returncode == 0, lenient.stderr
    assert lenient.stdout.splitlines() == [
        "White, longest road length: 4 given, corrected to 5",
        "Longest Road holder: White given, corrected to Red",
        "Longest Road length: 5 given, corrected to 6",
        "Position imported with 3 corrections.",
        f"Position written to {out}.",
    ]
    assert json.loads(out.read_text(encoding="utf-8")) == good
    again = _cli("import", str(out))
    assert again.returncode == 0 and again.stdout.splitlines() == ["Position imported, nothing to correct."]
    unwritable = _cli("import", str(out), "--out", str(out / "inside-a-file.json"))
    assert unwritable.returncode == 2 and "error: cannot write" in unwritable.stderr
    assert "Traceback" not in unwritable.stderr
    czech = _cli("import", str(path), "--derive", "--lang", "cs")
    assert czech.returncode == 0
    assert czech.stdout.splitlines()[0] == "Bílý, délka nejdelší cesty: uvedeno 4, opraveno na 5"
    assert czech.stdout.splitlines()[-1] == "Pozice načtena, 3 opravy."


def test_cli_legal_with_derive(tmp_path: Path) -> None:
    bad = example("discard-three-players")
    entry(bad, "red")["vp_public"] = 3
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    strict = _cli("legal", str(path))
    assert strict.returncode == 2 and "players[0].vp_public: 3 given" in strict.stderr
    lenient = _cli("legal", str(path), "--derive")
    assert lenient.returncode == 0, lenient.stderr
    assert lenient.stderr.splitlines() == ["Red, public victory points: 3 given, corrected to 2"]
    lines = [json.loads(line) for line in lenient.stdout.splitlines()]
    assert lines == legal_actions_in_format(position_game(example("discard-three-players")))


# ---------------------------------------------------------------- fuzzing (bounded by the number of cases)

FUZZ_CASES = 120


def _derivable_paths(position: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every path of a derivable value in a position."""
    paths: list[tuple[Any, ...]] = [("longest_road", "holder"), ("longest_road", "length"),
                                    ("largest_army", "holder"), ("largest_army", "knights"),
                                    ("bank", "dev_deck_size")]
    paths += [("bank", "resources", name) for name in position["bank"]["resources"]]
    for p, _ in enumerate(position["players"]):
        paths += [("players", p, name) for name in ("vp_public", "vp_actual", "longest_road_length")]
        paths += [("players", p, "pieces_left", name) for name in ("roads", "settlements", "cities")]
    return paths


def test_damaged_derivable_fields_are_always_recovered() -> None:
    from tests.game.test_hostile_fuzz import played

    documents = [export_position(played("catan-base", 4, 11 + n, n, {"board": "variable"})) for n in (0, 60, 160)]
    rng = random.Random("derive")
    for i in range(FUZZ_CASES):
        good = documents[i % len(documents)]
        bad = copy.deepcopy(good)
        for path in rng.sample(_derivable_paths(bad), rng.choice((1, 2, 4))):
            parent = bad
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = rng.choice((None, 0, 3, 99, "red", "x", [1], parent[path[-1]]))
        fixed, corrections = derive_position(bad)
        # Exact only because no sample names a tied player as holder (a tie hides who held the card first).
        assert fixed == good
        assert (corrections == []) == (bad == good)


def test_mutated_positions_derive_to_what_strict_import_accepts() -> None:
    from tests.game.test_hostile_fuzz import encode, mutate, played

    documents = [export_position(played("catan-base", 4, 7 + n, n, {"board": "variable"})) for n in (0, 40, 120)]
    rng = random.Random("derive-mutated")
    outcomes: Counter[str] = Counter()
    for i in range(FUZZ_CASES):
        raw = encode(mutate(documents[i % len(documents)], rng), rng, 0.1)
        try:
            position = parse_json_bytes(raw, "fuzzed position", InvalidPosition)
            game, corrections = import_position(position, derive=True)
        except InvalidPosition:
            outcomes["refused"] += 1
            continue
        outcomes["corrected" if corrections else "exact"] += 1
        fixed = copy.deepcopy(game.start_position)
        assert derive_position(fixed)[1] == []
        assert state_fields(position_game(fixed)) == state_fields(game)
        try:
            position_game(position)
        except InvalidPosition:
            assert corrections, "strict import refused what lenient import left unchanged"
        else:
            assert corrections == []
    assert outcomes["refused"] and outcomes["corrected"] and outcomes["exact"], outcomes
