"""Every module of game/ and gui/ imports on its own: no import circle hides behind the order of other imports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# One subprocess checks every module of a package: before each import it drops every module of the package, so
# each import starts fresh and a circle (a module reached again while it is half initialised) fails as it would for
# a first importer.
CHECK = """
import importlib, json, pkgutil, sys, traceback
PACKAGE = sys.argv[1]
package = importlib.import_module(PACKAGE)

names = []
def skip(name):
    names.append(('discovery', name))
for info in pkgutil.walk_packages(package.__path__, PACKAGE + '.', onerror=skip):
    if info.name.rsplit('.', 1)[-1] != '__main__':
        names.append(('module', info.name))
failures = {}
modules = sorted(name for kind, name in names if kind == 'module')
for name in sorted(name for kind, name in names if kind == 'discovery'):
    failures[name] = 'could not be walked'
for name in [PACKAGE] + modules:
    for loaded in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + '.')]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception:
        failures[name] = traceback.format_exc(limit=-3)
print(json.dumps({'checked': len(modules) + 1, 'failures': failures}))
"""


@pytest.mark.parametrize("package", ["game", "gui"])
def test_every_module_imports_on_its_own(package: str) -> None:
    """Importing any one module first works (a circle would meet a half-initialised module)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", CHECK, package], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["checked"] > 50
    assert report["failures"] == {}, "\n".join(f"{name}:\n{why}" for name, why in report["failures"].items())
