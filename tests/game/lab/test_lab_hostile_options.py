"""Hostile options of `python -m game lab …`: each is refused with one clear line (exit 2) before any game is played,
or works; and the report folder is written so that a killed writer never leaves a cut-off file."""

from __future__ import annotations

import json
import os
import random
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import game.cli.lab_cmd as lab_cmd
import game.lab.search as search
from game.cli import main
from game.cli.lab_cmd import check_report_folder, check_scheduler_address
from game.core.errors import InvalidOptions
from game.core.files import remove_stale_temporaries, write_atomically
from game.core.i18n import Translator
from game.lab.layout import beginner_lab_layout
from game.lab.report import build_report
from game.lab.report_files import write_report
from game.lab.simulate import SimulationPlan, run_plan
from game.lab.summary import test_line as summary_test_line

ROOT = Path(__file__).resolve().parents[3]
HTTP_JUNK = b"HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\nbad request"


@pytest.fixture(autouse=True)
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any game played or board generated fails the test: every case here must be refused before."""
    def forbidden(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("work was started although the options should have been refused")

    monkeypatch.setattr(lab_cmd, "run_plan", forbidden)
    monkeypatch.setattr(search, "generate_candidates", forbidden)


def refused(argv: list[str], capsys: pytest.CaptureFixture[str], *words: str) -> str:
    """Run the CLI and check it refuses with exit 2 and one line on stderr naming every word; return the line."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    line = err.strip()
    assert line.startswith("error: ") and "\n" not in line and "Traceback" not in err, err
    for word in words:
        assert word in line, (word, line)
    return line


def simulate_argv(report: Path | str, *extra: str) -> list[str]:
    return ["lab", "simulate", "beginner", "--games", "4", "--workers", "1", "--report", str(report), *extra]


def search_argv(report: Path | str, *extra: str) -> list[str]:
    return ["lab", "search", "--candidates", "3", "--simulate-top", "1", "--games", "4", "--workers", "1",
            "--report", str(report), *extra]


# --- 1. the report folder -----------------------------------------------------------------------------------------


def _unusable_folders(tmp_path: Path) -> list[tuple[str, str]]:
    """(path, a word the refusal names) for folders a report cannot go to."""
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("not a folder")
    cases = [(str(a_file), "not a folder"), (str(a_file / "inside"), "cannot create")]
    if os.path.exists("/dev/null"):
        cases.append(("/dev/null", "not a folder"))
    if Path("/proc/self").is_dir():  # nobody, root neither, may create a file in /proc
        cases.append(("/proc/lab-report", "cannot write"))
    return cases


@pytest.mark.parametrize("verb", ["simulate", "search"])
def test_a_report_folder_that_cannot_be_written_is_refused_before_any_game(
        verb: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = simulate_argv if verb == "simulate" else search_argv
    for path, word in _unusable_folders(tmp_path):
        refused(argv(path), capsys, "--report", path, word)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write in any folder")
def test_a_read_only_report_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        refused(simulate_argv(folder), capsys, "--report", "cannot write")
    finally:
        folder.chmod(stat.S_IRWXU)


def test_a_folder_in_place_of_a_report_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "report.json").mkdir()
    refused(simulate_argv(tmp_path), capsys, "--report", "report.json")


def test_the_report_check_accepts_new_and_existing_folders_and_leaves_nothing(tmp_path: Path) -> None:
    check_report_folder(tmp_path / "new" / "deeper")
    check_report_folder(tmp_path)
    assert list(tmp_path.iterdir()) == []  # neither the new folder nor the probe file is left
    with pytest.raises(InvalidOptions, match="not a folder"):
        check_report_folder(Path(__file__))


# --- 2. the Dask scheduler ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("address", ["not a url::", "", "tcp://head", "http://head:8786", "tcp://head:99999",
                                     "tcp://:8786", "tcp://a b:8786", "inproc://"])
def test_a_malformed_scheduler_address_is_refused(address: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    refused(simulate_argv(tmp_path / "r", f"--scheduler={address}"), capsys, "--scheduler", "tcp://HOST:PORT")
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:8786", "tls://head.example.org:8786", "head:8786",
                                     "tcp://[::1]:8786", "inproc://10.0.0.1/1234/1"])
def test_dask_addresses_pass_the_form_check(address: str) -> None:
    check_scheduler_address(address)


@pytest.mark.parametrize("timeout", ["-1", "0", "nan", "inf", "-inf"])
def test_a_scheduler_timeout_must_be_a_finite_positive_number(timeout: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    refused(simulate_argv(tmp_path / "r", "--scheduler", "tcp://127.0.0.1:8786", f"--scheduler-timeout={timeout}"),
            capsys, "--scheduler-timeout")


@contextmanager
def listener(answer: bytes | None) -> Iterator[int]:
    """A TCP listener on 127.0.0.1 (port 0) in a thread: it answers each connection with `answer`, or holds it
    silently (None); every wait in it is bounded, and it stops when the block ends. Yields the port."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.1)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:  # the accept timed out: look at the stop flag again
                continue
            with conn:
                conn.settimeout(2)
                try:
                    conn.recv(65536)
                    if answer is None:
                        stop.wait(10)
                    else:
                        conn.sendall(answer)
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        thread.join(5)
        server.close()


def test_an_http_server_in_place_of_a_scheduler_is_a_clear_error(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Dask reads an HTTP answer as absurd frame lengths (MemoryError in its connect): one line, no traceback."""
    pytest.importorskip("distributed")
    with listener(HTTP_JUNK) as port:
        address = f"tcp://127.0.0.1:{port}"
        refused(simulate_argv(tmp_path / "r", "--scheduler", address, "--scheduler-timeout", "10"), capsys,
                "no Dask scheduler answers", address)
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("answer", [b"\0" * 24, b"\x02" + b"\0" * 7 + b"\xff" * 64, random.Random(7).randbytes(256)],
                         ids=["zeros", "huge-frame", "noise"])
def test_other_junk_in_place_of_a_scheduler_is_a_clear_error(answer: bytes, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    with listener(answer) as port:
        address = f"127.0.0.1:{port}"
        refused(simulate_argv(tmp_path / "r", "--scheduler", address, "--scheduler-timeout", "10"), capsys,
                "scheduler", address)


def test_a_silent_listener_in_place_of_a_scheduler_is_a_clear_error(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    with listener(None) as port:
        address = f"tcp://127.0.0.1:{port}"
        refused(simulate_argv(tmp_path / "r", "--scheduler", address, "--scheduler-timeout", "1"), capsys,
                "cannot reach the Dask scheduler", address)


# --- 3. numbers out of range ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("flag,value", [
    ("--games", "-3"), ("--games", "0"), ("--max-actions", "0"), ("--max-actions", "-1"),
    ("--players", "0"), ("--players", "-1"), ("--players", "9"), ("--workers", "0"), ("--workers", "-2"),
    ("--workers", "many"),
])
def test_simulate_refuses_numbers_out_of_range(flag: str, value: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    word = {"--players": "players", "--workers": "workers"}.get(flag, flag)
    line = refused(simulate_argv(tmp_path / "r", f"{flag}={value}"), capsys, word)
    assert value in line or flag == "--workers"
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("flag,value", [
    ("--min-score", "nan"), ("--min-score", "inf"), ("--min-score", "-inf"), ("--min-score", "101"),
    ("--min-score", "-0.5"), ("--candidates", "0"), ("--candidates", "-3"), ("--simulate-top", "0"),
    ("--simulate-top", "-1"), ("--max-cluster", "0"), ("--games", "-3"), ("--max-actions", "0"),
    ("--players", "7"), ("--bots", "nobody"),
])
def test_search_refuses_hostile_options_before_generating_a_board(flag: str, value: str, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    word = {"--players": "players", "--bots": "nobody"}.get(flag, flag)
    refused(search_argv(tmp_path / "r", f"{flag}={value}"), capsys, word)


@pytest.mark.parametrize("flag,value", [("--games", "-3"), ("--games", "0"), ("--max-actions", "0")])
def test_the_plain_simulate_command_refuses_no_games_too(flag: str, value: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m game simulate --games -3` used to exit 0 with a negative games/s: it never builds a lab plan."""
    refused(["simulate", f"{flag}={value}"], capsys, flag, value)


# --- 6. lab analyse --experimental ----------------------------------------------------------------------------------


def _component_breaking_file(tmp_path: Path) -> Path:
    """A layout file with five forests (and two mountains) that does not say it is experimental."""
    data = beginner_lab_layout().with_terrain(0, "forest").to_json()
    assert "experimental" not in data
    path = tmp_path / "five-forests.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_analyse_names_experimental_and_accepts_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _component_breaking_file(tmp_path)
    refused(["lab", "analyse", str(path)], capsys, "five-forests.json", "--experimental")
    assert main(["lab", "analyse", str(path), "--experimental", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["experimental"] and not data["legal"]
    assert {p["key"] for p in data["problems"]} == {"lab.problem.terrain_count"}


def test_simulate_names_experimental_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _component_breaking_file(tmp_path)
    refused(["lab", "simulate", str(path), "--games", "4", "--workers", "1", "--report", str(tmp_path / "r")],
            capsys, "--experimental")


def test_simulate_experimental_reads_a_file_that_does_not_say_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab_cmd, "run_plan", run_plan)
    path = _component_breaking_file(tmp_path)
    code = main(["lab", "simulate", str(path), "--experimental", "--games", "4", "--workers", "1", "--max-actions",
                 "200", "--report", str(tmp_path / "r")])
    assert code == 0, capsys.readouterr().err
    report = json.loads((tmp_path / "r" / "report.json").read_text(encoding="utf-8"))
    assert report["layouts"][0]["experimental"]


# --- 7. the report folder is written atomically ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_report() -> dict[str, Any]:
    plan = SimulationPlan((beginner_lab_layout(),), games=4, seed=5, max_actions=200).validated()
    return build_report(plan, run_plan(plan, workers=1), ["python3", "-m", "game", "lab", "simulate", "beginner"])


def _temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.rglob(".*") if p.is_file()]


def test_every_report_file_is_whole_and_no_temporary_is_left(small_report: dict[str, Any], tmp_path: Path) -> None:
    paths = write_report(small_report, tmp_path)
    assert _temporaries(tmp_path) == []
    for path in paths:
        assert path.stat().st_size > 0
        if os.name == "posix":
            assert stat.S_IMODE(path.stat().st_mode) == 0o644, path  # readable by others, as before
        if path.suffix == ".png":
            with Image.open(path) as image:
                image.verify()


def test_a_chart_write_that_dies_keeps_the_previous_chart(small_report: dict[str, Any], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    paths = write_report(small_report, tmp_path)
    before = {p: p.read_bytes() for p in paths if p.suffix == ".png"}

    def dies_half_way(self: Image.Image, fp: Any, *args: Any, **kwargs: Any) -> None:
        fp.write(b"\x89PNG cut off")
        raise OSError("no space left on the device")

    monkeypatch.setattr(Image.Image, "save", dies_half_way)
    with pytest.raises(OSError):
        write_report(small_report, tmp_path)
    assert {p: p.read_bytes() for p in before} == before
    assert _temporaries(tmp_path) == []


KILLED_WRITER = """
import os, sys
from game.core.files import write_atomically

def die(handle):
    handle.write(b"half a chart")
    handle.flush()
    os._exit(9)  # as kill -9: no clean-up runs

write_atomically(sys.argv[1], die)
"""


def test_a_killed_writer_leaves_the_old_file_and_a_temporary_the_cleaner_knows(tmp_path: Path) -> None:
    target = tmp_path / "charts" / "win_rates.png"
    write_atomically(target, lambda handle: handle.write(b"the whole old chart"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(target)], env=env, timeout=120)
    assert done.returncode == 9
    assert target.read_bytes() == b"the whole old chart"
    left = _temporaries(tmp_path)
    assert len(left) == 1 and left[0].name.startswith(".win_rates.png.") and left[0].name.endswith(".tmp")
    os.utime(left[0], (0, 0))  # long ago: no write in progress owns it
    assert remove_stale_temporaries(target.parent) == left


def test_writes_of_one_path_use_distinct_temporaries(tmp_path: Path) -> None:
    target = tmp_path / "summary.html"
    seen: list[set[str]] = []

    def note(handle: Any) -> None:
        seen.append({p.name for p in _temporaries(tmp_path)})
        handle.write(b"<html></html>")

    write_atomically(target, note)
    write_atomically(target, note)
    assert all(len(names) == 1 for names in seen) and seen[0] != seen[1]


# --- 8. the command line in the report, and small p-values ----------------------------------------------------------


def test_the_report_shows_the_command_as_typed(tmp_path: Path) -> None:
    folder = tmp_path / "with space"
    done = subprocess.run([sys.executable, "-m", "game", "lab", "simulate", "beginner", "--games", "4",
                           "--workers", "1", "--max-actions", "200", "--report", str(folder)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    command = json.loads((folder / "report.json").read_text(encoding="utf-8"))["run"]["command"]
    assert command[:5] == ["python3", "-m", "game", "lab", "simulate"] and command[-1] == str(folder)
    assert not any("__main__" in part for part in command)
    html = (folder / "summary.html").read_text(encoding="utf-8")
    assert f"python3 -m game lab simulate beginner --games 4 --workers 1 --max-actions 200 --report " \
           f"&#x27;{folder}&#x27;" in html


@pytest.mark.parametrize("lang,below,share", [("en", "p &lt; 0.001", "fewer than 0.1%"),
                                              ("cs", "p &lt; 0,001", "méně než 0,1")])
def test_a_tiny_p_value_reads_p_below_a_thousandth(lang: str, below: str, share: str) -> None:
    line = summary_test_line(Translator(lang), "labreport.test.seat", "labreport.test.what.seat",
                             {"p_value": 1e-9, "statistic": 80.0, "df": 3}, 400)
    assert below in line and share in line
    assert not any(zero in line for zero in ("0.00%", "0.00 %", "0,00 %", "0,00%"))

