"""Every module of gui/ imports on its own: no import circle hides behind the order other imports happen in."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# One subprocess checks every module: before each import it drops every gui.* module, so each import starts fresh
# and a circle (a module reached again while it is half initialised) fails as it would for a first importer.
CHECK = """
import importlib, json, pkgutil, sys, traceback
import gui

names = []
def skip(name):
    names.append(('discovery', name))
for info in pkgutil.walk_packages(gui.__path__, 'gui.', onerror=skip):
    if info.name.rsplit('.', 1)[-1] != '__main__':
        names.append(('module', info.name))
failures = {}
modules = sorted(name for kind, name in names if kind == 'module')
for name in sorted(name for kind, name in names if kind == 'discovery'):
    failures[name] = 'could not be walked'
for name in ['gui'] + modules:
    for loaded in [m for m in sys.modules if m == 'gui' or m.startswith('gui.')]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception:
        failures[name] = traceback.format_exc(limit=-3)
print(json.dumps({'checked': len(modules) + 1, 'failures': failures}))
"""


def test_every_gui_module_imports_on_its_own() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["checked"] > 50
    assert report["failures"] == {}, "\n".join(f"{name}:\n{why}" for name, why in report["failures"].items())
