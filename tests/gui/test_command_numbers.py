"""Numeric options of main.py and `python -m gui.art` that no run can use are refused with one line and exit
status 2 (never accepted silently, never a window opened by --bench-frames 0)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gui.screenshot import MAX_SIZE, MIN_SIZE, ScreenshotError, check_numbers, parse_size

ROOT = Path(__file__).resolve().parents[2]

REFUSED = {
    "autoplay -5": (["--screenshot", "{out}", "--scene", "table", "--autoplay", "-5"], "--autoplay"),
    "bench-frames -1": (["--bench-frames", "-1", "--scene", "menu"], "--bench-frames"),
    "bench-frames 0": (["--bench-frames", "0", "--scene", "menu"], "--bench-frames"),
    "players 0": (["--screenshot", "{out}", "--scene", "table", "--players", "0"], "--players"),
    "players -2": (["--screenshot", "{out}", "--scene", "menu", "--players", "-2"], "--players"),
    "screenshot with bench-frames 0": (["--screenshot", "{out}", "--bench-frames", "0"], "--bench-frames"),
    "size 0x0": (["--screenshot", "{out}", "--size", "0x0"], "--size"),
    "size 100000x100000": (["--screenshot", "{out}", "--size", "100000x100000"], "--size"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_main_refuses_counts_no_run_can_use(tmp_path: Path, case: str) -> None:
    args, option = REFUSED[case]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    folders = ["--config-dir", str(tmp_path / "c"), "--cache-dir", str(tmp_path / "k"),
               "--save-dir", str(tmp_path / "s")]
    out = tmp_path / "out.png"
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), *[a.format(out=out) for a in args], *folders],
                            env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert "error:" in last and option in last
    assert not out.exists() and not (tmp_path / "s").exists() and not (tmp_path / "c").exists()


def _args(**values: object) -> argparse.Namespace:
    base: dict[str, object] = {"bench_frames": None, "autoplay": 0, "players": None}
    base.update(values)
    return argparse.Namespace(**base)


def test_check_numbers_accepts_the_smallest_usable_counts() -> None:
    check_numbers(_args())
    check_numbers(_args(bench_frames=1, autoplay=0, players=1))
    for bad in ({"bench_frames": 0}, {"autoplay": -1}, {"players": 0}):
        with pytest.raises(ScreenshotError, match=f"--{next(iter(bad)).replace('_', '-')}"):
            check_numbers(_args(**bad))


def test_sizes_are_bounded_on_both_sides() -> None:
    assert parse_size(f"{MIN_SIZE[0]}x{MIN_SIZE[1]}") == MIN_SIZE
    assert parse_size(f"{MAX_SIZE[0]}x{MAX_SIZE[1]}") == MAX_SIZE
    for text in ("0x0", f"{MIN_SIZE[0] - 1}x{MIN_SIZE[1]}", f"{MAX_SIZE[0] + 1}x900", "1600x900x2", "big"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_size(text)


@pytest.mark.parametrize("width", ["-5", "0", "39", "2001"])
def test_art_commands_refuse_card_widths_that_cannot_be_drawn(width: str, capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    from gui.art.__main__ import main

    assert main(["bench-rivals", "--width", width, "--lang", "en"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--width" in err[0] and width in err[0]
