"""A normal install works: the wheel, installed into a fresh environment, runs from another folder with its data."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
# What the build reads: the project files and every folder that becomes a package.
BUILD_INPUTS = ("pyproject.toml", "setup.py", "README.md", "game", "gui", "assets", "saves")
TIMEOUT = 300

# Run by the installed interpreter: where each part was imported from, and a catalog, the rules and the layouts.
PROBE = """
import json
import game, gui
from game.core import resources
from game.core.i18n import Translator
from gui.rules_scene import load_rules
from gui.fonts import FONT_DIR
print(json.dumps({
    "game": game.__file__, "gui": gui.__file__, "checkout": str(resources.checkout_root()),
    "assets": str(resources.assets_dir()), "examples": str(resources.examples_dir()),
    "fonts": sorted(p.name for p in FONT_DIR.glob("*.ttf")),
    "cs": Translator("cs").t("menu.new_game"), "en": Translator("en").t("menu.new_game"),
    "rules_terms": len(load_rules("cs")[1]),
    "layouts": sorted(p.name for p in resources.layouts_dir().glob("*.json")),
    "positions": sorted(p.name for p in resources.positions_dir().glob("*.json")),
}))
"""


def _can_build_without_isolation() -> bool:
    """Whether the setuptools at hand builds wheels itself (70.1 and later, or with the wheel package)."""
    import setuptools

    major, minor = (int(part) for part in setuptools.__version__.split(".")[:2])
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


def _clean_env(tmp_path: Path) -> dict[str, str]:
    """The environment of the installed program: headless, no PYTHONPATH, user folders inside tmp_path."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_DATA_HOME=str(tmp_path / "xdg-data"), XDG_CONFIG_HOME=str(tmp_path / "xdg-config"),
               XDG_CACHE_HOME=str(tmp_path / "xdg-cache"))
    return env


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run a command, failing the test with its output when it fails."""
    run = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    assert run.returncode == 0, f"{' '.join(args)} exited {run.returncode}:\n{run.stdout}\n{run.stderr}"
    return run


def _build_wheel(tmp_path: Path) -> Path:
    """Build the wheel from a copy of the sources (the build leaves build/ and *.egg-info in the tree it reads)."""
    source = tmp_path / "source"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in BUILD_INPUTS:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, source / name)
    dist = tmp_path / "dist"
    isolation = ["--no-build-isolation"] if _can_build_without_isolation() else []
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "-q", "-w", str(dist), str(source)],
         cwd=tmp_path)
    wheels = sorted(dist.glob("catan_table-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_the_wheel_installs_and_runs_from_another_folder(tmp_path: Path) -> None:
    """pip install of the wheel (not editable) finds its fonts, catalogs, rules and layouts from any folder."""
    wheel = _build_wheel(tmp_path)
    venv = tmp_path / "venv"
    # The system's site-packages give the dependencies (no download); pip itself comes from there too.
    _run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], cwd=tmp_path)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    # --ignore-installed: a copy of catan-table in the system's site-packages (a checkout installed -e) stays there.
    _run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--ignore-installed", str(wheel)],
         cwd=tmp_path)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = _clean_env(tmp_path)

    probe = json.loads(_run([str(python), "-c", PROBE], cwd=elsewhere, env=env).stdout.strip().splitlines()[-1])
    site = venv.resolve()
    for part in ("game", "gui", "assets", "examples"):
        assert Path(probe[part]).resolve().is_relative_to(site), f"{part} came from {probe[part]}, not the install"
    assert probe["checkout"] == "None"
    assert probe["fonts"] == ["DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "DejaVuSansCondensed-Bold.ttf",
                              "DejaVuSansCondensed.ttf"]
    assert (probe["cs"], probe["en"]) == ("Nová hra", "New game")
    assert probe["rules_terms"] > 10
    assert "beginner.json" in probe["layouts"] and probe["positions"]

    script = bin_dir / ("catan-table.exe" if os.name == "nt" else "catan-table")
    assert "usage: catan-table" in _run([str(script), "--help"], cwd=elsewhere, env=env).stdout
    out = elsewhere / "menu-cs.png"
    _run([str(script), "--screenshot", str(out), "--scene", "menu", "--lang", "cs", "--size", "960x540",
          "--config-dir", str(tmp_path / "config"), "--cache-dir", str(tmp_path / "cache"),
          "--save-dir", str(tmp_path / "saves")], cwd=elsewhere, env=env)
    assert out.is_file() and out.stat().st_size > 20_000
    with Image.open(out) as image:
        assert image.size == (960, 540)
        colours = image.convert("RGB").resize((240, 135)).getcolors(240 * 135)
    assert colours is not None and len(colours) > 200, "the menu rendered as a near-blank picture"

    analysis = _run([str(python), "-m", "game", "lab", "analyse", "beginner"], cwd=elsewhere, env=env).stdout
    assert analysis.startswith("beginner: legal"), analysis
    assert "balance score" in analysis


def test_a_checkout_reads_its_own_folders() -> None:
    """Run from the checkout, the shipped files are the checkout's assets/ and saves/ (edits show at once)."""
    from game.core import resources

    assert resources.checkout_root() == ROOT
    assert resources.assets_dir() == ROOT / "assets"
    assert resources.layouts_dir() == ROOT / "saves" / "layouts"
    assert (resources.fonts_dir() / "DejaVuSans.ttf").is_file()
