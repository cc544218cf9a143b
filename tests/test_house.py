"""The house keeps its floors, read from the source (imports under TYPE_CHECKING left out, imports inside functions
counted): no import circle in game/ or gui/; no scene module imports another (screens are opened by name); game/
never imports gui/; game/core imports no family; a family imports neither the bots, the lab nor the command line;
the GUI's shared kit imports no family folder, and no family folder another."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tests.house import House, read_house


@cache
def this_house() -> House:
    """The checkout's import graph (read once for all the tests here)."""
    return read_house()


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_parser_sees_circles_lazy_imports_and_skips_type_only_ones(tmp_path: Path) -> None:
    write(tmp_path, {
        "game/__init__.py": "",
        "game/core/__init__.py": "",
        "game/core/a.py": "from game.core import b\n",
        "game/core/b.py": "def f():\n    from game.core.a import x\n",          # lazy: still an arrow
        "game/core/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.core import d\n",
        "game/core/d.py": "import game.core.c\n",                                    # c -> d is type-only
        "game/catan/__init__.py": "",
        "game/catan/rules.py": "from game.ai import bot\n",
        "game/ai/__init__.py": "",
        "game/ai/bot.py": "",
        "gui/__init__.py": "",
        "gui/menu.py": "from gui.scene import Scene\nfrom gui import lab\nclass MenuScene(Scene):\n    pass\n",
        "gui/lab.py": "from gui.scene import Scene\nclass LabScene(Scene):\n    pass\n",
        "gui/scene.py": "class Scene:\n    pass\n",
        "gui/table/__init__.py": "",
        "gui/table/base.py": "from gui.catan import board\n",
        "gui/catan/__init__.py": "",
        "gui/catan/board.py": "from gui.rivals import cards\n",
        "gui/rivals/__init__.py": "",
        "gui/rivals/cards.py": "",
    })
    house = read_house(tmp_path)
    assert house.circles() == [["game.core.a", "game.core.b"]]
    assert house.scene_imports() == [("gui.menu", "gui.lab")]
    assert ("game.catan.rules", "game.ai.bot") in house.against_floors()
    assert ("game.catan.rules", "game.ai") in house.against_floors()
    assert ("gui.table.base", "gui.catan.board") in house.against_floors()      # the kit knows no family
    assert ("gui.catan.board", "gui.rivals.cards") in house.against_floors()   # nor one family another


def test_no_import_circle_in_the_rules_model_or_the_gui() -> None:
    circles = this_house().circles()
    assert not circles, "\n".join(", ".join(c) for c in circles)


def test_no_scene_module_imports_another() -> None:
    """A scene opens the next screen through the App by name (gui/navigation.py), never by importing it."""
    assert this_house().scene_imports() == []


def test_the_gui_kit_knows_no_family() -> None:
    house = this_house()
    assert "gui.table.base" in house.modules and "gui.catan.scene" in house.scene_modules
    assert not [(a, b) for a, b in house.against_floors() if a.startswith("gui")]


def test_no_arrow_runs_against_the_floors() -> None:
    """game/ never imports gui/; game/core no family (nor ai, lab, cli); a family never ai, lab or cli."""
    assert this_house().against_floors() == []
