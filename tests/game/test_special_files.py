"""Files that are not regular files (a FIFO, /dev/zero behind a symlink, a folder) and files that are or grow too
large are refused by every reader of outside files with a typed one-line error, never a hang or MemoryError."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.ai.arena import ArenaPlan
from game.ai.arena_record import ArenaRecord, RecordError
from game.catan.board import load_layout
from game.catan.position import load_position
from game.core.errors import InvalidPosition, SaveError
from game.core.files import MAX_FILE_BYTES, read_file_bytes, read_json_file
from game.core.saves import load_game
from game.lab.baseline import BaselineError, read_baselines
from game.lab.layout import file_lab_layout
from game.lab.library import list_layouts
from game.lab.report_files import ReportError, read_report

ROOT = Path(__file__).resolve().parents[2]
POSIX = hasattr(os, "mkfifo")
HANG_GUARD_SECONDS = 120


@pytest.fixture(autouse=True)
def _never_hang() -> Iterator[None]:
    """Fail (instead of hanging the suite) if a read blocks: SIGALRM interrupts a blocked open or read."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise TimeoutError("a read blocked")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(HANG_GUARD_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def special_file(path: Path, kind: str, oversize: int = MAX_FILE_BYTES + 1) -> Path:
    """Make path a FIFO, a symlink to /dev/zero, a folder or a sparse file of `oversize` bytes (skip where the
    platform has no such thing)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        if not POSIX:
            pytest.skip("no FIFOs on this platform")
        os.mkfifo(path)
    elif kind == "dev-zero":
        if not Path("/dev/zero").exists():
            pytest.skip("no /dev/zero on this platform")
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    else:
        with open(path, "wb") as handle:  # sparse: takes no disk space
            handle.truncate(oversize)
    return path


def _special(tmp_path: Path, kind: str) -> Path:
    """A .json path of that kind in tmp_path."""
    return special_file(tmp_path / f"{kind}.json", kind)


KINDS = ("fifo", "dev-zero", "folder", "oversize")
WHY = {"fifo": "named pipe", "dev-zero": "device", "folder": "folder", "oversize": "too large"}


def _plan() -> ArenaPlan:
    return ArenaPlan("rivals-intro", 2, ("normal", "random"), games=2, seed=3).validated()


READERS: dict[str, tuple[Callable[[Path], Any], type[Exception]]] = {
    "read_json_file": (lambda p: read_json_file(p, SaveError), SaveError),
    "read_file_bytes": (lambda p: read_file_bytes(p, SaveError), SaveError),
    "load_game": (load_game, SaveError),
    "load_position": (load_position, InvalidPosition),
    "load_layout": (load_layout, InvalidPosition),
    "file_lab_layout": (file_lab_layout, InvalidPosition),
    "read_report": (read_report, ReportError),
    "read_baselines": (read_baselines, BaselineError),
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_reader_refuses_what_is_no_plain_file_of_a_sane_size(tmp_path: Path, reader: str, kind: str) -> None:
    path = _special(tmp_path, kind)
    read, error = READERS[reader]
    with pytest.raises(error, match=WHY[kind]) as caught:
        read(path)
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("kind", KINDS)
def test_the_arena_record_refuses_what_is_no_plain_file(tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    import game.ai.arena_record as record

    monkeypatch.setattr(record, "MAX_RECORD_BYTES", MAX_FILE_BYTES)  # the oversize file is past this limit
    path = _special(tmp_path, kind)
    with pytest.raises(RecordError, match=WHY[kind]):
        ArenaRecord(path, _plan())
    if kind == "oversize":
        assert path.stat().st_size == MAX_FILE_BYTES + 1  # refused, not cut to its whole lines
    else:
        assert not stat.S_ISREG(path.lstat().st_mode)  # still the FIFO, the symlink or the folder


@pytest.mark.parametrize("kind", KINDS)
def test_the_lab_file_list_names_the_problem_of_each_file(tmp_path: Path, kind: str) -> None:
    _special(tmp_path, kind)
    (entry,) = list_layouts(tmp_path)
    assert entry.layout is None and entry.error is not None and WHY[kind] in entry.error


def test_a_file_that_says_it_is_small_but_is_not_is_cut_at_the_limit(tmp_path: Path) -> None:
    proc = Path("/proc/self/environ")  # a regular file of size 0 in its stat, yet it has content
    if not proc.is_file() or proc.stat().st_size != 0 or not proc.read_bytes():
        pytest.skip("no /proc file that under-reports its size")
    size = len(proc.read_bytes())
    with pytest.raises(SaveError, match="too large"):
        read_file_bytes(proc, SaveError, max_bytes=size - 1)


def test_a_fifo_swapped_in_after_the_check_cannot_hang_the_open(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import game.core.files as files

    fifo = _special(tmp_path, "fifo")
    plain = tmp_path / "plain.json"
    plain.write_text("{}", encoding="utf-8")
    real_stat = os.stat
    # The first look sees a regular file (as if the FIFO replaced it right after); the open must not block.
    monkeypatch.setattr(files.os, "stat", lambda p, *a, **k: real_stat(plain if Path(p) == fifo else p, *a, **k))
    with pytest.raises(SaveError, match="named pipe"):
        read_file_bytes(fifo, SaveError)


COMMANDS = {
    "position legal": [sys.executable, "-m", "game", "position", "legal", "{path}"],
    "position import": [sys.executable, "-m", "game", "position", "import", "{path}"],
    "replay": [sys.executable, "-m", "game", "replay", "{path}"],
    "arena --record": [sys.executable, "-m", "game", "arena", "--variant", "rivals-intro", "--players", "2",
                       "--bots", "random,random", "--games", "1", "--seed", "1", "--record", "{path}"],
    "main.py --replay": [sys.executable, str(ROOT / "main.py"), "--replay", "{path}"],
}


@pytest.mark.skipif(not POSIX, reason="no FIFOs on this platform")
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_commands_given_a_fifo_or_dev_zero_end_at_once_with_one_line(tmp_path: Path, command: str) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    for kind in ("fifo", "dev-zero"):
        path = _special(tmp_path, kind)
        args = [a.format(path=path) for a in COMMANDS[command]]
        result = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        assert result.returncode == 2, result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and WHY[kind] in lines[0] and str(path) in lines[0]
