"""Arena records: finished games kept as they finish, a cut-off run resumed, damaged or foreign records refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import game.ai.arena as arena
from game.ai.arena import ArenaPlan, run_arena, summarize
from game.ai.arena_record import ArenaRecord, RecordError, game_to_json
from game.cli import main


def _plan(games: int = 6, seed: int = 3) -> ArenaPlan:
    return ArenaPlan("rivals-intro", 2, ("normal", "random"), games=games, seed=seed).validated()


def _figures(summary: dict[str, Any]) -> dict[str, Any]:
    """What the games decide: wins, intervals and points (not times, which depend on the clock)."""
    return {b: {k: v for k, v in s.items() if k != "decision_ms"} for b, s in summary["bots"].items()}


def _played_games(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the numbers of the games the arena plays from now on."""
    played: list[int] = []
    real = arena.play_arena_chunk

    def counting(plan: ArenaPlan, first: int, count: int) -> list[Any]:
        played.extend(range(first, first + count))
        return real(plan, first, count)

    monkeypatch.setattr(arena, "play_arena_chunk", counting)
    return played


def test_a_recorded_run_has_the_figures_of_a_plain_one_and_keeps_every_game(tmp_path: Path) -> None:
    path = tmp_path / "line.jsonl"
    plain = run_arena(_plan(), workers=1)
    recorded = run_arena(_plan(), workers=1, record=ArenaRecord(path, _plan()))
    assert _figures(summarize(recorded)) == _figures(summarize(plain))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["plan"]["variant"] == "rivals-intro"
    assert [json.loads(line)["index"] for line in lines[1:]] == list(range(6))
    assert sorted(ArenaRecord(path, _plan()).games) == list(range(6))


def test_a_run_cut_off_goes_on_where_it_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "line.jsonl"
    full = run_arena(_plan(8), workers=1)
    first = run_arena(_plan(8), workers=1)
    record = ArenaRecord(path, _plan(8))
    record.add([g for g in first.games if g.index in (0, 1, 4)])  # what a run cut off had finished
    played = _played_games(monkeypatch)
    resumed = run_arena(_plan(8), workers=1, record=ArenaRecord(path, _plan(8)))
    assert played == [2, 3, 5, 6, 7]
    assert resumed.from_record == 3 and [g.index for g in resumed.games] == list(range(8))
    assert _figures(summarize(resumed)) == _figures(summarize(full))
    again = _played_games(monkeypatch)
    run_arena(_plan(8), workers=1, record=ArenaRecord(path, _plan(8)))
    assert again == []  # everything is in the record


def test_a_record_of_fewer_games_serves_a_longer_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "line.jsonl"
    run_arena(_plan(4), workers=1, record=ArenaRecord(path, _plan(4)))
    played = _played_games(monkeypatch)
    longer = run_arena(_plan(6), workers=1, record=ArenaRecord(path, _plan(6)))
    assert played == [4, 5] and len(longer.games) == 6


def test_a_last_line_cut_off_mid_write_is_dropped_and_its_game_played_again(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "line.jsonl"
    run_arena(_plan(4), workers=1, record=ArenaRecord(path, _plan(4)))
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) - 40], encoding="utf-8")  # the last game's line lost its end
    record = ArenaRecord(path, _plan(4))
    assert sorted(record.games) == [0, 1, 2]
    played = _played_games(monkeypatch)
    run_arena(_plan(4), workers=1, record=record)
    assert played == [3]
    assert sorted(ArenaRecord(path, _plan(4)).games) == [0, 1, 2, 3]  # the file is whole again
    assert path.read_text(encoding="utf-8").count("\n") == 5


def _damaged(path: Path, line: int, change: Any) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[line - 1] = change(lines[line - 1])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _with(field: str, value: Any) -> Any:
    def change(line: str) -> str:
        data = json.loads(line)
        data[field] = value
        return json.dumps(data)
    return change


@pytest.mark.parametrize(("line", "change", "message"), [
    (1, lambda line: "not json", "line 1: not valid JSON"),
    (1, lambda line: json.dumps({"arena_record": 99}), "not an arena record"),
    (3, lambda line: line[:20], "line 3: not valid JSON"),
    (2, _with("winner", 7), "line 2: winner is not a seat"),
    (2, _with("seed", 1), "line 2: seed is not the plan's seed of game 0"),
    (2, _with("seats", ["random", "normal"]), "line 2: seats are not the plan's seating"),
    (3, _with("times", [[0.1], ["slow"]]), "line 3: times holds something"),
    (3, _with("points", [1]), "line 3: points is not one whole number"),
    (2, _with("actions", -1), "line 2: actions is not a count"),
])
def test_a_damaged_record_is_refused_with_the_line_and_left_as_it_is(tmp_path: Path, line: int, change: Any,
                                                                     message: str) -> None:
    path = tmp_path / "line.jsonl"
    run_arena(_plan(3), workers=1, record=ArenaRecord(path, _plan(3)))
    _damaged(path, line, change)
    before = path.read_bytes()
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        ArenaRecord(path, _plan(3))
    assert path.read_bytes() == before


def test_a_game_recorded_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "line.jsonl"
    run_arena(_plan(2), workers=1, record=ArenaRecord(path, _plan(2)))
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([*lines, lines[1]]) + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match="line 4: game 0 is recorded twice"):
        ArenaRecord(path, _plan(2))


def test_a_record_of_another_plan_is_refused_naming_what_differs(tmp_path: Path) -> None:
    path = tmp_path / "line.jsonl"
    run_arena(_plan(2), workers=1, record=ArenaRecord(path, _plan(2)))
    before = path.read_bytes()
    with pytest.raises(RecordError, match="another plan .*seed"):
        ArenaRecord(path, _plan(2, seed=4))
    other_bots = ArenaPlan("rivals-intro", 2, ("easy", "random"), games=2, seed=3).validated()
    with pytest.raises(RecordError, match="another plan .*bots"):
        ArenaRecord(path, other_bots)
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_record_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"my notes\nabout the game\n")
    with pytest.raises(RecordError, match="line 1: not valid JSON"):
        ArenaRecord(path, _plan())
    assert path.read_bytes() == b"my notes\nabout the game\n"


def test_recorded_games_read_back_equal(tmp_path: Path) -> None:
    path = tmp_path / "line.jsonl"
    run = run_arena(_plan(2), workers=1, record=ArenaRecord(path, _plan(2)))
    back = ArenaRecord(path, _plan(2)).games
    assert [game_to_json(back[g.index]) for g in run.games] == [game_to_json(g) for g in run.games]


def test_cli_record_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "line.jsonl"
    args = ["arena", "--variant", "rivals-intro", "--bots", "normal,random", "--seed", "3", "--rotate-seats",
            "--workers", "1", "--json", "--record", str(path)]
    assert main([*args, "--games", "2"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["games_from_record"] == 0
    assert main([*args, "--games", "4"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["games_from_record"] == 2 and second["games"] == 4
    other_seed = [("4" if i == args.index("--seed") + 1 else a) for i, a in enumerate(args)]
    assert main([*other_seed, "--games", "4"]) == 2  # another seed: refused
    assert "another plan" in capsys.readouterr().err


def test_a_record_that_cannot_be_written_or_is_a_folder_is_refused_before_any_game(tmp_path: Path,
                                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder", encoding="utf-8")
    played = _played_games(monkeypatch)
    with pytest.raises(RecordError, match="cannot write"):
        ArenaRecord(blocker / "line.jsonl", _plan())
    with pytest.raises(RecordError, match="cannot read"):
        ArenaRecord(tmp_path, _plan())
    assert played == [] and blocker.read_text(encoding="utf-8") == "not a folder"
