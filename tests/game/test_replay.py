"""The replay cursor: the same state as a fresh replay at every index, back and forward by action and by turn, jump to
a turn, events in step, and damaged saves refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.errors import SaveError
from game.core.replay import ReplayCursor, turn_key
from game.core.saves import save_game, state_digest
from game.core.undo import rebuild
from game.sim import run_game

GAMES = [("catan-base", 4), ("catan-2p", 2), ("rivals-intro", 2), ("rivals-duel", 2), ("catan-cards", 3)]


@pytest.mark.parametrize("variant_id,players", GAMES)
def test_cursor_matches_a_fresh_replay_at_every_index(variant_id: str, players: int) -> None:
    """Seeking forward, back, and jumping anywhere gives exactly the state of a replay from the start."""
    game, _ = run_game(variant_id, players, 21, ["normal"], max_actions=400)
    cursor = ReplayCursor(game, every=16)
    assert cursor.index == cursor.length == len(game.log)
    assert state_digest(cursor.game) == state_digest(game)
    fresh = [state_digest(rebuild(game, i)) for i in range(0, cursor.length + 1)]
    stable = cursor.game
    for i in range(cursor.length, -1, -1):
        assert state_digest(cursor.seek(i)) == fresh[i]
    for i in range(0, cursor.length + 1, 7):
        assert state_digest(cursor.seek(i)) == fresh[i]
    for i in (cursor.length // 2, 3, cursor.length, 0, 17):
        assert state_digest(cursor.seek(i)) == fresh[min(i, cursor.length)]
    assert cursor.game is stable
    assert state_digest(game) == fresh[-1]


def test_step_clamps_and_events_stay_in_step() -> None:
    """step() moves by actions within the recording; the events up to the index are the ones the game made."""
    game, _ = run_game("catan-base", 4, 5, ["normal"], max_actions=200)
    cursor = ReplayCursor(game)
    cursor.seek(0)
    cursor.step(-1)
    assert cursor.index == 0
    cursor.step(5)
    assert cursor.index == 5 and len(cursor.events_until(5)) == 5
    cursor.step(10_000)
    assert cursor.index == cursor.length
    replayed = rebuild(game, 0)
    for i, entry in enumerate(game.log[:30]):
        replayed.chance.force(*entry.outcomes)
        assert replayed.apply(entry.action) == cursor.events[i]


@pytest.mark.parametrize("variant_id,players", GAMES)
def test_turns_forward_back_and_jump(variant_id: str, players: int) -> None:
    """By turn: each step lands where the turn (its number and seat) changes; back returns to the turn's start,
    then to the previous one; a jump finds the first moment of a turn number."""
    game, _ = run_game(variant_id, players, 8, ["normal"], max_actions=300)
    cursor = ReplayCursor(game)
    cursor.seek(0)
    seen = [0]
    while cursor.index < cursor.length:
        before = turn_key(cursor.game)
        cursor.next_turn()
        seen.append(cursor.index)
        if cursor.index < cursor.length:
            assert turn_key(cursor.game) != before
            assert turn_key(cursor.step(-1)) == before
            cursor.step(1)
    assert tuple(seen[:-1]) == cursor.turn_starts or tuple(seen) == cursor.turn_starts
    middle = cursor.turn_starts[len(cursor.turn_starts) // 2]
    cursor.seek(middle + 1)
    if cursor.turn_start(middle + 1) == middle:
        cursor.previous_turn()
        assert cursor.index == middle
    cursor.seek(middle)
    cursor.previous_turn()
    assert cursor.index == cursor.turn_starts[cursor.turn_starts.index(middle) - 1]
    target = max(1, cursor.last_turn // 2)
    cursor.seek_turn(target)
    assert cursor.game.turn_number() >= target
    if cursor.index > 0:
        assert cursor.turn_number_at(cursor.index - 1) < target
    cursor.seek_turn(10_000)
    assert cursor.index == cursor.length


def test_cursor_from_a_damaged_file_is_refused(tmp_path: Path) -> None:
    """A save edited by hand does not open in the replay viewer: SaveError names the problem."""
    game, _ = run_game("rivals-intro", 2, 3, ["normal"], max_actions=60)
    path = tmp_path / "g.json"
    save_game(game, path)
    assert ReplayCursor.from_file(path).length == len(game.log)
    data = json.loads(path.read_text())
    data["log"][5]["action"]["kind"] = "nonsense"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="log entry 5"):
        ReplayCursor.from_file(path)
    path.write_text("{broken")
    with pytest.raises(SaveError):
        ReplayCursor.from_file(path)
