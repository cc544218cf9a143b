"""Headless modes never write the user's saves, settings, layouts or lab reports; the window's App clears stale
temporary files of killed writes at start.

User data here means the platform's data folder (saves, autosave, layouts, lab reports) and config folder
(settings.json). The cache folder (rendered art, the menu backdrop, sounds) may be written by any mode.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from gui.app import APP_NAME
from tests.gui.conftest import running_game

ROOT = Path(__file__).resolve().parents[2]
OLD = time.time() - 3600  # older than any write in progress: a temporary file this old is stale


def _user_folders(tmp_path: Path) -> dict[str, Path]:
    """Where platformdirs puts the app's folders when XDG_DATA_HOME, XDG_CONFIG_HOME and XDG_CACHE_HOME point
    into tmp_path."""
    return {"data": tmp_path / "xdg-data", "config": tmp_path / "xdg-config", "cache": tmp_path / "xdg-cache"}


def _fill_user_folders(tmp_path: Path) -> dict[str, Path]:
    """User folders that already hold a game behind Continue, a save, settings, a layout, a lab report and a stale
    temporary file of a killed write."""
    from game.core.saves import save_game
    from gui.settings import Settings, save_settings

    roots = _user_folders(tmp_path)
    data = roots["data"] / APP_NAME
    save_game(running_game(seed=5, actions=120), data / "saves" / "autosave.json")
    save_game(running_game(seed=6, actions=60), data / "saves" / "mine.json")
    (data / "layouts").mkdir(parents=True)
    shutil.copy(ROOT / "saves" / "layouts" / "beginner.json", data / "layouts" / "my-board.json")
    report = data / "lab-reports" / "run-1"
    report.mkdir(parents=True)
    (report / "report.json").write_text('{"kept": true}\n', encoding="utf-8")
    save_settings(Settings(lang="en"), roots["config"] / APP_NAME / "settings.json")
    for folder in (data / "saves", data / "layouts", roots["config"] / APP_NAME):
        stale = folder / f".{folder.name}.json.k1ll3d.tmp"
        stale.write_text("{", encoding="utf-8")
        os.utime(stale, (OLD, OLD))
    return roots


def _snapshot(root: Path) -> dict[str, Any]:
    """Every folder and file under root: each file's bytes and modification time, each folder by name."""
    found: dict[str, Any] = {}
    for path in sorted(root.rglob("*")):
        rel = str(path.relative_to(root))
        if path.is_dir():
            found[rel] = "folder"
        else:
            found[rel] = (path.read_bytes(), path.stat().st_mtime_ns)
    return found


def _environment(roots: dict[str, Path], tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               XDG_DATA_HOME=str(roots["data"]), XDG_CONFIG_HOME=str(roots["config"]),
               XDG_CACHE_HOME=str(roots["cache"]), HOME=str(tmp_path / "home"))
    return env


def _platformdirs_follow_xdg(monkeypatch: pytest.MonkeyPatch, roots: dict[str, Path]) -> bool:
    """Whether platformdirs (on this platform) takes the user folders from the XDG variables."""
    from platformdirs import user_cache_dir, user_config_dir, user_data_dir

    monkeypatch.setenv("XDG_DATA_HOME", str(roots["data"]))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(roots["config"]))
    monkeypatch.setenv("XDG_CACHE_HOME", str(roots["cache"]))
    return (Path(user_data_dir(APP_NAME, appauthor=False)) == roots["data"] / APP_NAME
            and Path(user_config_dir(APP_NAME, appauthor=False)) == roots["config"] / APP_NAME
            and Path(user_cache_dir(APP_NAME, appauthor=False)) == roots["cache"] / APP_NAME)


HEADLESS_RUNS = {
    "screenshot-cards-table": ["--screenshot", "{out}", "--scene", "table", "--variant", "catan-cards",
                               "--autoplay", "40"],
    "screenshot-catan-table-human": ["--screenshot", "{out}", "--scene", "table", "--ai", "1", "--autoplay", "60"],
    "screenshot-lab-files": ["--screenshot", "{out}", "--scene", "lab:files"],
    "bench-frames-table": ["--bench-frames", "3", "--scene", "table", "--ai", "all", "--autoplay", "40"],
    "replay-screenshot": ["--replay", "{autosave}", "--screenshot", "{out}", "--scene", "replay"],
}


@pytest.mark.parametrize("name", sorted(HEADLESS_RUNS))
def test_headless_modes_leave_the_user_folders_byte_for_byte(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             name: str) -> None:
    roots = _fill_user_folders(tmp_path)
    if not _platformdirs_follow_xdg(monkeypatch, roots):
        pytest.skip("platformdirs does not take the user folders from XDG_* on this platform")
    before = {key: _snapshot(roots[key]) for key in ("data", "config")}
    autosave = roots["data"] / APP_NAME / "saves" / "autosave.json"
    args = [a.format(out=tmp_path / "out.png", autosave=autosave) for a in HEADLESS_RUNS[name]]
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), *args], env=_environment(roots, tmp_path),
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert {key: _snapshot(roots[key]) for key in ("data", "config")} == before
    if "--screenshot" in args:
        assert (tmp_path / "out.png").is_file()


def test_a_headless_app_reads_the_user_folders_but_writes_none(make_app: Any, tmp_path: Path) -> None:
    from gui.screenshot import build_scene

    saves = tmp_path / "saves"
    saves.mkdir()
    stale = saves / ".autosave.json.abc.tmp"
    stale.write_text("{", encoding="utf-8")
    os.utime(stale, (OLD, OLD))
    app = make_app(read_only=True)
    assert stale.exists() and app.autosave_target is None
    app.settings.tour_seen = True
    app.save_settings()
    build_scene(app, "table", running_game(seed=4, actions=80))
    app.top.session.autosave()
    for _ in range(3):
        app.step([], 1 / 60)
    assert sorted(p.name for p in saves.iterdir()) == [stale.name]
    assert not (tmp_path / "config").exists()


def test_the_app_clears_stale_temporaries_of_its_folders_at_start(make_app: Any, tmp_path: Path) -> None:
    folders = [tmp_path / "saves", tmp_path / "config", tmp_path / "layouts"]
    kept = []
    for folder in folders:
        folder.mkdir()
        stale = folder / f".{folder.name}.json.k1ll3d.tmp"
        fresh = folder / f".{folder.name}.json.wr1t1ng.tmp"  # a write in progress in another process
        other = folder / "notes.tmp"  # not of our naming
        for path in (stale, fresh, other):
            path.write_text("{", encoding="utf-8")
        os.utime(stale, (OLD, OLD))
        os.utime(other, (OLD, OLD))
        kept += [fresh, other]
    from gui.art import RENDERER_VERSION

    art = tmp_path / "cache" / "art" / RENDERER_VERSION / "common"
    art.mkdir(parents=True)
    stale_png = art / ".token-6-64x64.png.k1ll3d.tmp"
    stale_png.write_bytes(b"\x89PNG")
    os.utime(stale_png, (OLD, OLD))
    app = make_app(cache_dir=tmp_path / "cache")
    assert list(app.user_data_folders) == folders
    assert sorted(p for f in folders for p in f.iterdir()) == sorted(kept)
    assert not stale_png.exists()


def test_a_headless_app_still_clears_its_art_cache(make_app: Any, tmp_path: Path) -> None:
    from gui.art import RENDERER_VERSION

    art = tmp_path / "cache" / "art" / RENDERER_VERSION / "en"
    art.mkdir(parents=True)
    stale_png = art / ".card-x.png.k1ll3d.tmp"
    stale_png.write_bytes(b"\x89PNG")
    os.utime(stale_png, (OLD, OLD))
    make_app(cache_dir=tmp_path / "cache", read_only=True)
    assert not stale_png.exists()
