"""The baseline: the game's own seat effect over many random legal boards, that a board's seats are set against.

Some seat advantage belongs to Catan itself (the snake order of the set-up, who rolls first), not to any board.
`python3 -m game lab baseline` plays a population on a fresh variable board per game with a free set-up and keeps
each seat's win rate; the project ships one entry per player count for the default population
(game/lab/data/baseline.json), and a report whose games were played the same way shows each seat against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from game.ai.registry import canonical_bot_id
from game.core.errors import GameError, InvalidOptions
from game.core.files import parse_json_bytes, read_json_file, write_json_atomically
from game.lab.layout import variable_lab_layout
from game.lab.simulate import RunResult, SimulationPlan
from game.stats.inference import chi_square_equal

BASELINE_FORMAT = "catan-table-lab-baseline"
BASELINE_VERSION = 1
BASELINE_RESOURCE = "baseline.json"
BASELINE_SEED = 2026


class BaselineError(GameError):
    """A baseline file cannot be read or is not a baseline this version understands."""


def baseline_plan(players: int, population: str, games: int, seed: int = BASELINE_SEED,
                  bots: Sequence[str] = ("normal",), variant: str = "catan-base", max_actions: int = 50_000,
                  check: str = "end") -> SimulationPlan:
    """The plan of a baseline run: `games` games, each on a variable board of its own, with a free set-up."""
    layout = variable_lab_layout(seed).renamed(f"random-boards-{seed}")
    return SimulationPlan((layout,), variant, players, tuple(bots), games, seed, True, max_actions, check,
                          population=population, random_boards=True).validated()


def entry_key(variant: str, players: int, population: str, temperature: float, bots: Sequence[str]) -> str:
    """The key a baseline is filed under: what must match for a report to be set against it."""
    canonical = [canonical_bot_id(b) for b in bots]
    if len(set(canonical)) == 1:
        canonical = canonical[:1]
    return f"{variant}/{players}/{population.partition(':')[0]}:{temperature:g}/{','.join(canonical)}"


def measure(plan: SimulationPlan, run: RunResult) -> dict[str, Any]:
    """The baseline entry of a finished run: games decided, wins and win rate per seat, and the seat test."""
    decided = [r for r in run.records if not r["error"] and r["finished"] and r["winner"] is not None]
    wins = [sum(1 for r in decided if r["winner"] == seat) for seat in range(plan.players)]
    test = chi_square_equal(wins)
    return {
        "key": entry_key(plan.variant, plan.players, plan.population, plan.variety, plan.bots),
        "variant": plan.variant, "players": plan.players, "population": plan.population,
        "temperature": plan.variety, "bots": list(plan.bots), "seed": plan.seed,
        "games_played": len(run.records), "games": len(decided), "wins": wins,
        "seat_rates": [round(w / len(decided), 5) if decided else 0.0 for w in wins],
        "seat_test_p_value": round(test.p_value, 6), "interrupted": run.interrupted,
        "command": (f"python3 -m game lab baseline --players {plan.players} --population {plan.population} "
                    f"--games {plan.games} --seed {plan.seed}"),
    }


def shipped_baselines() -> dict[str, Any]:
    """The baselines that ship with the program (an empty set if the data file is missing)."""
    try:
        raw = resources.files("game.lab").joinpath("data", BASELINE_RESOURCE).read_bytes()
    except (FileNotFoundError, OSError):
        return {}
    return _entries(parse_json_bytes(raw, BASELINE_RESOURCE, BaselineError), BASELINE_RESOURCE)


def read_baselines(path: Path) -> dict[str, Any]:
    """The baselines of a file; BaselineError names what is wrong with it."""
    return _entries(read_json_file(Path(path), BaselineError), str(path))


def _entries(data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("format") != BASELINE_FORMAT:
        raise BaselineError(f"{where}: not a layout lab baseline file")
    if data.get("version") != BASELINE_VERSION:
        raise BaselineError(f"{where}: baseline version {data.get('version')!r} is not supported")
    entries = data.get("entries")
    if not isinstance(entries, dict):
        raise BaselineError(f"{where}: the baseline file has no entries")
    for key, entry in entries.items():
        if not (isinstance(entry, dict) and isinstance(entry.get("seat_rates"), list)
                and isinstance(entry.get("games"), int) and entry["games"] > 0):
            raise BaselineError(f"{where}: baseline {key!r} has no seat rates")
    return entries


def write_baseline(path: Path, entry: dict[str, Any]) -> None:
    """Add (or replace) one entry in a baseline file, keeping the others; the file is created if needed."""
    path = Path(path)
    if path.exists() and not path.is_file():
        raise InvalidOptions(f"{path}: not a file")
    entries = read_baselines(path) if path.exists() else {}
    entries[entry["key"]] = entry
    write_json_atomically(path, {"format": BASELINE_FORMAT, "version": BASELINE_VERSION,
                                 "entries": dict(sorted(entries.items()))}, indent=1)


def baseline_for(plan: SimulationPlan, entries: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The baseline a plan's games can be set against: same variant, players, population and bots, and the
    players place their own starting pieces (the baseline's free set-up); None if there is none."""
    entries = shipped_baselines() if entries is None else entries
    return entries.get(entry_key(plan.variant, plan.players, plan.population, plan.variety, plan.bots))
