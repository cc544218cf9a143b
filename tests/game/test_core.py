"""The core: import purity, saves (round trip, damage refused, atomic writes), chance recording, CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.chance import Chance
from game.core.errors import IllegalAction, SaveError
from game.core.registry import new_game
from game.core.saves import load_game, save_game, state_digest
from game.sim import run_game

ROOT = Path(__file__).resolve().parents[2]


def test_game_imports_without_pygame_or_pillow() -> None:
    """Importing the rules model (and playing a game) never imports pygame or PIL.

    game.lab.charts, which draws the lab report's PNG charts, is the one module that needs Pillow.
    """
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('pygame', 'PIL'):\n"
        "            raise ImportError('blocked ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import game, game.cli, game.sim, game.catan.variants, game.ai.registry\n"
        "import pkgutil, importlib\n"
        "for module in pkgutil.walk_packages(game.__path__, 'game.'):\n"
        "    if module.name != 'game.lab.charts' and not module.name.endswith('__main__'):\n"
        "        importlib.import_module(module.name)\n"
        "from game.sim import run_game\n"
        "run_game('catan-base', 4, 1, ['random'])\n"
        "assert 'pygame' not in sys.modules and 'PIL' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_chance_records_and_can_be_forced() -> None:
    """Every outcome is recorded; forced outcomes are used and validated; the generator stays in step."""
    a, b = Chance(7), Chance(7)
    b.force(6)
    assert b.die() == 6
    a.die()
    assert a.die() == b.die()
    assert b.take_record()[0] == 6
    c = Chance(1)
    c.force(9)
    with pytest.raises(IllegalAction):
        c.die()


def _finished_game(tmp_path: Path) -> tuple[object, Path]:
    game, result = run_game("catan-base", 4, 12, ["random"], {"board": "variable"})
    assert result.finished
    path = tmp_path / "game.json"
    save_game(game, path)
    return game, path


def test_save_load_round_trip(tmp_path: Path) -> None:
    """A save replays to the identical state, with the action log and its chance outcomes."""
    game, path = _finished_game(tmp_path)
    data = json.loads(path.read_text())
    assert data["format"] == "catan-table-save" and data["schema_version"] == 2
    assert data["variant"] == "catan-base" and len(data["log"]) == len(game.log)
    assert any(entry["outcomes"] for entry in data["log"])
    loaded = load_game(path)
    assert state_digest(loaded) == state_digest(game) and loaded.winner() == game.winner()


@pytest.mark.parametrize("damage, message", [
    (lambda d: "{broken", "not valid JSON"),
    (lambda d: json.dumps({**d, "format": "other"}), "not a Catan Table save"),
    (lambda d: json.dumps({**d, "schema_version": 99}), "schema version 99"),
    (lambda d: json.dumps({k: v for k, v in d.items() if k != "seed"}), "'seed' is missing"),
    (lambda d: json.dumps({**d, "variant": "chess"}), "unknown variant"),
    (lambda d: json.dumps({**d, "digest": "0" * 64}), "does not match the recorded digest"),
    (lambda d: json.dumps({**d, "log": d["log"][:5] + [{"action": {"kind": "end_turn", "player": 3},
                                                        "outcomes": []}] + d["log"][5:]}), "log entry 5"),
    (lambda d: json.dumps({**d, "log": [{"action": {"kind": "roll"}, "outcomes": []}]}), "log entry 0"),
    (lambda d: json.dumps({**d, "options": {"vp_target": -1}}), "vp_target"),
])
def test_damaged_saves_are_refused_and_nothing_is_touched(tmp_path: Path, damage, message: str) -> None:
    """A damaged or edited save raises SaveError naming the problem; no file changes."""
    _, path = _finished_game(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text(damage(json.loads(path.read_text())))
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(SaveError, match=message):
        load_game(bad)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_edited_outcome_is_refused(tmp_path: Path) -> None:
    """Changing a recorded dice outcome breaks the replay or the digest."""
    _, path = _finished_game(tmp_path)
    data = json.loads(path.read_text())
    for entry in data["log"]:
        if entry["action"]["kind"] == "roll":
            entry["outcomes"] = [7 - entry["outcomes"][0], entry["outcomes"][1]]
            break
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError):
        load_game(path)


def test_atomic_write_keeps_old_file_on_failure(tmp_path: Path, monkeypatch) -> None:
    """A failing write leaves the previous save intact and no temporary file behind."""
    game, path = _finished_game(tmp_path)
    before = path.read_bytes()

    def explode(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", explode)
    with pytest.raises(OSError):
        save_game(game, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_save_mid_game_with_pending_decision(tmp_path: Path) -> None:
    """A save can be made at any moment, e.g. while players owe discards after a seven."""
    import random

    from game.ai.random_bot import RandomBot

    game = new_game("catan-base", 4, seed=2)
    bot, rng = RandomBot(), random.Random(3)
    while game.state.phase != "discard":
        game.apply(bot.choose(None, game.legal_actions(game.active_players()[0]), rng))
    path = tmp_path / "mid.json"
    save_game(game, path)
    loaded = load_game(path)
    assert state_digest(loaded) == state_digest(game)
    assert loaded.active_players() == game.active_players() and loaded.state.owed == game.state.owed


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True)


def test_cli_variants_simulate_bench_replay(tmp_path: Path) -> None:
    """The commands run and print what they promise; errors exit non-zero with a message."""
    out = _cli("variants", "--verbose")
    assert out.returncode == 0 and "catan-base: 3-4 players" in out.stdout and "vp_target=10" in out.stdout
    out = _cli("simulate", "--variant", "catan-base", "--players", "3", "--games", "3", "--seed", "4",
               "--bots", "random", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert sum(summary["wins_per_seat"]) + summary["unfinished"] == 3 and summary["average_turns"] > 0
    out = _cli("bench", "--games", "2", "--runs", "3", "--json")
    bench = json.loads(out.stdout)
    assert out.returncode == 0 and bench["games_per_second"] > 0 and bench["clone_microseconds"] > 0
    # The median and the fastest of the three runs, each read off the per-run figures.
    per_run = sorted(bench["run_games_per_second"])
    assert len(per_run) == 3 and bench["fastest_games_per_second"] == per_run[-1]
    assert abs(bench["games_per_second"] - per_run[1]) <= 0.1
    _, path = _finished_game(tmp_path)
    out = _cli("replay", str(path))
    assert out.returncode == 0 and "verified" in out.stdout and "winner" in out.stdout
    out = _cli("simulate", "--variant", "nope")
    assert out.returncode == 2 and "unknown variant" in out.stderr
    out = _cli("simulate", "-o", "vp_target=99")
    assert out.returncode == 2 and "vp_target" in out.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    out = _cli("replay", str(bad))
    assert out.returncode == 2 and "not a JSON object" in out.stderr


@pytest.mark.parametrize("variant,players", [("catan-base", 4), ("rivals-intro", 2), ("catan-cards", 3)])
def test_step_breakdown_times_every_step_of_the_bench_games(variant: str, players: int) -> None:
    """The breakdown plays the bench's first-run games (same seeds and generators): one choice per action, a listing
    before each, an apply of each kind the games used; every figure is a non-negative time, dearest first."""
    from game.profiling import step_breakdown
    from game.sim import run_game

    seeds = range(3, 5)
    steps = step_breakdown(variant, players, seeds)
    by_step = {s.step: s for s in steps}
    actions = [run_game(variant, players, seed, ["random"])[1].actions for seed in seeds]
    assert by_step["choose"].calls_per_game == pytest.approx(sum(actions) / len(seeds))
    listed = sum(s.calls_per_game for s in steps if s.step.startswith("list:"))
    applied = sum(s.calls_per_game for s in steps if s.step.startswith("apply:"))
    assert listed == applied == pytest.approx(by_step["choose"].calls_per_game)
    assert all(s.microseconds >= 0 for s in steps)
    assert [s.ms_per_game for s in steps] == sorted((s.ms_per_game for s in steps), reverse=True)
    kinds = {s.step for s in steps}
    if variant == "catan-base":
        assert {"list:main", "apply:roll", "apply:end_turn"} <= kinds
    if variant == "rivals-intro":
        assert {"list:action", "apply:roll"} <= kinds


def test_family_shares_sum_the_steps_and_bound_the_speed_up() -> None:
    """Steps are summed by the family before the colon; a family of 3/4 of the time bounds a game's speed-up at 4×
    (Amdahl), one of none at 1×, and a family that is all of the time has no bound."""
    from game.profiling import StepTime, family_shares

    steps = [StepTime("list:main", 10, 200.0), StepTime("apply:roll", 10, 50.0), StepTime("list:roll", 10, 100.0),
             StepTime("choose", 10, 50.0), StepTime("apply:end_turn", 10, 0.0)]
    shares = family_shares(steps)
    assert [(f.family, f.share) for f in shares] == [("list", 0.75), ("apply", 0.125), ("choose", 0.125)]
    assert shares[0].bound == pytest.approx(4.0)
    assert family_shares([StepTime("list:main", 1, 5.0), StepTime("choose", 1, 0.0)])[1].bound == 1.0
    assert family_shares([StepTime("list:main", 1, 5.0)])[0].bound == float("inf")


def test_bench_breakdown_prints_the_table_and_json() -> None:
    """`bench --breakdown` adds the step table and the shares by family to the text, and both to the JSON."""
    out = _cli("bench", "--games", "2", "--runs", "1", "--breakdown")
    assert out.returncode == 0, out.stderr
    assert "where a game's time goes" in out.stdout and "list:main" in out.stdout and "apply:roll" in out.stdout
    assert "if that family cost nothing" in out.stdout and "x as fast" in out.stdout
    out = _cli("bench", "--games", "2", "--runs", "1", "--breakdown", "--json")
    bench = json.loads(out.stdout)
    families = {row["family"]: row for row in bench["families"]}
    assert set(families) == {"list", "apply", "choose"}
    assert sum(row["share"] for row in families.values()) == pytest.approx(1.0, abs=1e-3)
    assert all(row["bound"] >= 1.0 for row in families.values())
    steps = {row["step"]: row for row in bench["breakdown"]}
    assert steps["choose"]["calls_per_game"] == pytest.approx(bench["actions_per_game"], abs=0.5)
    assert set(steps["choose"]) == {"step", "calls_per_game", "microseconds", "ms_per_game"}
    out = _cli("bench", "--games", "2", "--runs", "1", "--json")
    assert "breakdown" not in json.loads(out.stdout) and "families" not in json.loads(out.stdout)
