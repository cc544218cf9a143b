"""The import graph of game/ and gui/, read from the source with `ast`: which module imports which at run time
(imports under `if TYPE_CHECKING:` left out, imports inside functions counted), its circles and the arrows that
run against the house's floors. `python -m tests.house` prints the counts."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "gui")
FAMILIES = ("game.catan", "game.rivals", "game.cards")
ABOVE_FAMILIES = ("game.ai", "game.lab", "game.cli")
GUI_FAMILIES = ("gui.catan", "gui.rivals", "gui.cards")
# The GUI's shared kit, which every family builds on and which knows no family.
GUI_KIT = ("gui.table", "gui.dialogs", "gui.art", "gui.widgets", "gui.fonts", "gui.i18n", "gui.scene", "gui.charts",
           "gui.hints", "gui.tour", "gui.session", "gui.comfort", "gui.sound", "gui.settings", "gui.toast",
           "gui.marks", "gui.levels", "gui.backdrop", "gui.family", "gui.end_navigation", "gui.save_files",
           "gui.layout_files", "gui.score_end")
# Modules that hold only the base classes every scene builds on; importing them is not importing a scene.
SCENE_BASES = frozenset({"gui.scene", "gui.dialogs", "gui.table.base", "gui.score_end"})


def module_name(path: Path, root: Path = ROOT) -> str:
    """The dotted name of a source file under root."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files(root: Path = ROOT) -> list[Path]:
    """Every .py file of the two packages."""
    return sorted(p for package in PACKAGES if (root / package).is_dir() for p in (root / package).rglob("*.py"))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_imports(tree: ast.AST) -> Iterable[ast.Import | ast.ImportFrom]:
    """The import statements that run: everything but the body of `if TYPE_CHECKING:`."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


@dataclass(frozen=True)
class House:
    """The modules, their run-time import arrows, and which modules define scenes."""

    modules: frozenset[str]
    arrows: Mapping[str, frozenset[str]]
    scene_modules: frozenset[str]

    def circles(self) -> list[list[str]]:
        """The strongly connected groups of more than one module (or a module importing itself), sorted."""
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        on_stack: set[str] = set()
        stack: list[str] = []
        out: list[list[str]] = []
        counter = 0
        sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))

        def visit(v: str) -> None:
            nonlocal counter
            index[v] = low[v] = counter
            counter += 1
            stack.append(v)
            on_stack.add(v)
            for w in sorted(self.arrows.get(v, ())):
                if w not in index:
                    visit(w)
                    low[v] = min(low[v], low[w])
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1 or v in self.arrows.get(v, ()):
                    out.append(sorted(group))

        for v in sorted(self.modules):
            if v not in index:
                visit(v)
        return sorted(out)

    def scene_imports(self) -> list[tuple[str, str]]:
        """(importer, imported) where a scene module imports another scene module."""
        return sorted((a, b) for a in self.scene_modules for b in self.arrows.get(a, ())
                      if b in self.scene_modules and b != a)

    def against_floors(self) -> list[tuple[str, str]]:
        """Arrows that run down-to-up: game/ to gui/, core to a family or above, a family to ai/lab/cli; in the GUI
        the shared kit to a family folder, or one family folder to another."""
        bad = []
        for a, targets in self.arrows.items():
            for b in targets:
                if a.startswith("game") and b.startswith("gui"):
                    bad.append((a, b))
                elif _under(a, ("game.core",)) and _under(b, FAMILIES + ABOVE_FAMILIES):
                    bad.append((a, b))
                elif _under(a, FAMILIES) and _under(b, ABOVE_FAMILIES):
                    bad.append((a, b))
                elif _under(a, GUI_KIT) and _under(b, GUI_FAMILIES):
                    bad.append((a, b))
                elif any(_under(a, (f,)) for f in GUI_FAMILIES) and _under(b, GUI_FAMILIES) \
                        and not any(_under(a, (f,)) and _under(b, (f,)) for f in GUI_FAMILIES):
                    bad.append((a, b))
        return sorted(bad)


def _under(name: str, roots: Iterable[str]) -> bool:
    return any(name == r or name.startswith(r + ".") for r in roots)


def _defines_scene(tree: ast.Module) -> bool:
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                name = base.id if isinstance(base, ast.Name) else base.attr if isinstance(base, ast.Attribute) else ""
                if name.endswith("Scene"):
                    return True
    return False


def read_house(root: Path = ROOT) -> House:
    """Parse every module of game/ and gui/ under root."""
    files = source_files(root)
    names = {module_name(p, root): p for p in files}
    modules = frozenset(names)
    arrows: dict[str, frozenset[str]] = {}
    scenes = set()
    for name, path in names.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in _runtime_imports(tree):
            if isinstance(node, ast.Import):
                candidates = [alias.name for alias in node.names]
            else:
                base = _resolve(name, is_package, node)
                candidates = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                              for alias in node.names]
            for target in candidates:
                while target and target not in modules and "." in target:
                    target = target.rsplit(".", 1)[0]
                if target in modules and target != name:
                    targets.add(target)
                # Importing a.b.c runs the packages a and a.b first (unless the importer is inside them).
                parts = target.split(".")
                for k in range(1, len(parts)):
                    package = ".".join(parts[:k])
                    if package in modules and not _under(name, (package,)):
                        targets.add(package)
        arrows[name] = frozenset(targets)
        if name.startswith("gui") and name not in SCENE_BASES and _defines_scene(tree):
            scenes.add(name)
    return House(modules, arrows, frozenset(scenes))


def main() -> int:
    """Print the circles, scene-to-scene imports and arrows against the floors of each package."""
    house = read_house()
    for package in PACKAGES:
        circles = [c for c in house.circles() if c[0].startswith(package)]
        arrows = sum(len(t) for m, t in house.arrows.items() if m.startswith(package))
        print(f"{package}: {len([m for m in house.modules if m.startswith(package)])} modules, {arrows} arrows, "
              f"{len(circles)} circles of {sum(len(c) for c in circles)} modules")
        for circle in circles:
            print("  circle: " + ", ".join(circle))
    scene = house.scene_imports()
    print(f"scene modules importing scene modules: {len(scene)}")
    for a, b in scene:
        print(f"  {a} -> {b}")
    against = house.against_floors()
    print(f"arrows against the floors: {len(against)}")
    for a, b in against:
        print(f"  {a} -> {b}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
