"""Tests of the layout lab's editor screen: tools by synthetic clicks and drags, legality, files, analysis views."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.gui.conftest import click, key, typed


def _lab(app: Any, layout: Any = None) -> Any:
    from gui.lab.scene import LabScene
    from gui.menu import MenuScene

    app.push(MenuScene(app))
    scene = LabScene(app, layout)
    app.push(scene)
    app.step([], 1 / 60)
    return scene


def _drag(app: Any, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at start, move in two steps to end, release there."""
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0))], 1 / 60)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))], 1 / 60)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], 1 / 60)


def _tool(app: Any, scene: Any, tool: str) -> None:
    button = next(b for b in scene.tool_buttons if b.label == app.t(f"lab.tool.{tool}"))
    app.step(click(button.rect.center), 1 / 60)
    assert scene.tools.tool == tool


def _tile(app: Any, scene: Any, index: int) -> None:
    app.step(click(scene.tiles[index].rect.center), 1 / 60)


def _off_token(scene: Any, h: int) -> tuple[int, int]:
    """A point on hex h away from its token and the robber (below the token)."""
    x, y = scene.board.hex_pos(h)
    return (x + int(scene.board.R * 0.25), y + int(scene.board.R * 0.55))


def _panel_text(scene: Any) -> str:
    """The legality panel's lines as one text (wrapped lines joined)."""
    return " ".join(" ".join(line.text for line in scene.side.legality).split())


def test_menu_opens_the_lab(make_app: Any) -> None:
    from gui.lab.scene import LabScene
    from gui.menu import MenuScene

    app = make_app()
    menu = MenuScene(app)
    app.push(menu)
    app.step([], 1 / 60)
    button = menu.button("lab.menu_entry")
    assert button.rect.bottom < app.size[1]
    app.step(click(button.rect.center), 1 / 60)
    assert isinstance(app.top, LabScene)
    assert app.top.editor.layout.is_legal()
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is menu


def test_paint_terrain_and_see_the_problem(make_app: Any) -> None:
    from game.catan.constants import TERRAINS

    app = make_app()
    scene = _lab(app)
    assert app.t("lab.legal") in _panel_text(scene)
    _tool(app, scene, "terrain")
    _tile(app, scene, TERRAINS.index("forest"))
    assert scene.tools.terrain == "forest"
    before = scene.editor.layout.terrains[0]
    assert before != "forest"
    app.step(click(_off_token(scene, 0)), 1 / 60)
    layout = scene.editor.layout
    assert layout.terrains[0] == "forest"
    assert not layout.is_legal()
    text = _panel_text(scene)
    assert app.t("lab.illegal", count=len(layout.problems())) in text
    assert app.t("lab.problem.terrain_count", terrain=app.t("terrain.forest"), have=5, need=4) in text
    assert scene.editor.dirty


def test_paint_stroke_is_one_undo_step(make_app: Any) -> None:
    app = make_app()
    scene = _lab(app)
    original = scene.editor.layout
    _tool(app, scene, "terrain")
    _tile(app, scene, 0)
    _drag(app, scene.board.hex_pos(1), scene.board.hex_pos(2))
    painted = scene.editor.layout
    assert painted.terrains[1] == painted.terrains[2] == "forest"
    app.step([key(pygame.K_z, pygame.KMOD_CTRL)], 1 / 60)
    assert scene.editor.layout == original


def test_set_a_token(make_app: Any) -> None:
    from game.lab.layout import NUMBERS

    app = make_app()
    scene = _lab(app)
    _tool(app, scene, "number")
    _tile(app, scene, NUMBERS.index(6))
    h = next(h for h, n in enumerate(scene.editor.layout.numbers) if n and n != 6)
    app.step(click(scene.board.hex_pos(h)), 1 / 60)
    assert scene.editor.layout.numbers[h] == 6
    assert any(p.key == "lab.problem.token_count" for p in scene.editor.layout.problems())
    _tile(app, scene, len(NUMBERS))  # "no token"
    app.step(click(scene.board.hex_pos(h)), 1 / 60)
    assert scene.editor.layout.numbers[h] == 0
    assert any(p.key == "lab.problem.no_token" for p in scene.editor.layout.problems())
    # the desert takes no token: refused with the rules' reason under the board, nothing changes
    desert = scene.editor.layout.terrains.index("desert")
    _tile(app, scene, 0)
    before = scene.editor.layout
    app.step(click(_off_token(scene, desert)), 1 / 60)
    assert scene.editor.layout == before
    assert scene.toast and scene.toast_bad


def test_swap_two_hexes_by_drag(make_app: Any) -> None:
    app = make_app()
    scene = _lab(app)
    before = scene.editor.layout
    _drag(app, _off_token(scene, 0), scene.board.hex_pos(2))
    after = scene.editor.layout
    assert after.terrains[0] == before.terrains[2] and after.terrains[2] == before.terrains[0]
    assert after.numbers[0] == before.numbers[2] and after.numbers[2] == before.numbers[0]
    assert after.is_legal()


def test_swap_tokens_by_drag(make_app: Any) -> None:
    app = make_app()
    scene = _lab(app)
    before = scene.editor.layout
    _drag(app, scene.board.hex_pos(0), scene.board.hex_pos(2))
    after = scene.editor.layout
    assert after.terrains == before.terrains
    assert after.numbers[0] == before.numbers[2] and after.numbers[2] == before.numbers[0]


def test_move_the_robber_by_drag(make_app: Any) -> None:
    app = make_app()
    scene = _lab(app)
    start = scene.board.robber_rect(scene.editor.layout.robber).center
    _drag(app, start, scene.board.hex_pos(0))
    layout = scene.editor.layout
    assert layout.robber == 0
    assert any(p.key == "lab.problem.robber_off_desert" for p in layout.problems())
    assert app.t("lab.problem.robber_off_desert", hex=0) in _panel_text(scene)  # hex 0, as drawn and in the CLI


def test_place_move_and_remove_a_harbor(make_app: Any) -> None:
    from game.catan.constants import HARBOR_TYPES

    app = make_app()
    scene = _lab(app)
    board = scene.board
    layout = scene.editor.layout
    used = {n for e, _ in layout.harbors for n in board.topo.edges[e]}
    free = [e for e in board.coastal_edges if not set(board.topo.edges[e]) & used]
    assert len(free) >= 2
    _tool(app, scene, "harbor")
    _tile(app, scene, HARBOR_TYPES.index("ore_2_1"))
    target = free[0]
    app.step(click(tuple(round(v) for v in board.badge_pos(target))), 1 / 60)
    assert scene.editor.layout.harbor_at(target) == "ore_2_1"
    assert len(scene.editor.layout.harbors) == 10
    # drag it along the coast
    other = next(e for e in free[1:] if not set(board.topo.edges[e]) & set(board.topo.edges[target]))
    _drag(app, tuple(round(v) for v in board.badge_pos(target)), tuple(round(v) for v in board.badge_pos(other)))
    layout = scene.editor.layout
    assert layout.harbor_at(target) is None and layout.harbor_at(other) == "ore_2_1"
    # remove it
    _tile(app, scene, len(HARBOR_TYPES))
    assert scene.tools.harbor is None
    app.step(click(tuple(round(v) for v in board.badge_pos(other))), 1 / 60)
    layout = scene.editor.layout
    assert layout.harbor_at(other) is None and len(layout.harbors) == 9


def test_undo_and_redo(make_app: Any) -> None:
    app = make_app()
    scene = _lab(app)
    original = scene.editor.layout
    assert not scene.buttons["undo"].enabled
    _drag(app, _off_token(scene, 0), scene.board.hex_pos(2))
    swapped = scene.editor.layout
    assert swapped != original and scene.buttons["undo"].enabled
    app.step([key(pygame.K_z, pygame.KMOD_CTRL)], 1 / 60)
    assert scene.editor.layout == original and scene.buttons["redo"].enabled
    app.step([key(pygame.K_y, pygame.KMOD_CTRL)], 1 / 60)
    assert scene.editor.layout == swapped
    app.step(click(scene.buttons["undo"].rect.center), 1 / 60)
    assert scene.editor.layout == original
    app.step([key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)], 1 / 60)
    assert scene.editor.layout == swapped
    app.step(click(scene.buttons["undo"].rect.center), 1 / 60)
    app.step(click(scene.buttons["redo"].rect.center), 1 / 60)
    assert scene.editor.layout == swapped


def _save_as(app: Any, scene: Any, name: str) -> None:
    from gui.lab.dialogs import NameDialog

    app.step(click(scene.buttons["save_as"].rect.center), 1 / 60)
    dialog = app.top
    assert isinstance(dialog, NameDialog)
    dialog.field.set_text("")
    app.step([typed(name), key(pygame.K_RETURN)], 1 / 60)


def _folder(app: Any) -> Path:
    from gui.layout_files import user_layouts_dir

    return user_layouts_dir(app)


def test_save_rename_duplicate_load_delete(make_app: Any) -> None:
    from gui.dialogs.message import ConfirmScene
    from gui.lab.dialogs import NameDialog
    from gui.lab.files_dialog import LayoutFilesDialog

    app = make_app()
    scene = _lab(app)
    _drag(app, _off_token(scene, 0), scene.board.hex_pos(2))
    _save_as(app, scene, "Můj plán")
    assert app.top is scene
    folder = _folder(app)
    files = sorted(folder.glob("*.json"))
    assert [p.name for p in files] == ["muj-plan.json"]
    data = json.loads(files[0].read_text(encoding="utf-8"))
    assert data["name"] == "Můj plán" and data["format"] == "catan-table-layout"
    assert scene.path == files[0] and not scene.editor.dirty
    saved = scene.editor.layout

    # rename in the files dialog
    app.step(click(scene.buttons["files"].rect.center), 1 / 60)
    dialog = app.top
    assert isinstance(dialog, LayoutFilesDialog)
    index = next(i for i, it in enumerate(dialog.items) if it.entry.path == files[0])
    dialog.list.select(index)
    app.step(click(dialog.buttons["lab.files.rename"].rect.center), 1 / 60)
    assert isinstance(app.top, NameDialog)
    app.top.field.set_text("")
    app.step([typed("Druhý"), key(pygame.K_RETURN)], 1 / 60)
    assert app.top is dialog
    assert sorted(p.name for p in folder.glob("*.json")) == ["druhy.json"]
    assert scene.path == folder / "druhy.json" and scene.editor.layout.name == "Druhý"

    # duplicate
    app.step(click(dialog.buttons["lab.files.duplicate"].rect.center), 1 / 60)
    assert len(list(folder.glob("*.json"))) == 2
    copy = next(p for p in folder.glob("*.json") if p.name != "druhy.json")

    # open the copy (load)
    index = next(i for i, it in enumerate(dialog.items) if it.entry.path == copy)
    dialog.list.select(index)
    app.step(click(dialog.buttons["lab.files.open"].rect.center), 1 / 60)
    assert app.top is scene and scene.path == copy
    assert scene.editor.layout.terrains == saved.terrains and "copy" in scene.editor.layout.name

    # delete the copy, after confirming
    app.step(click(scene.buttons["files"].rect.center), 1 / 60)
    dialog = app.top
    index = next(i for i, it in enumerate(dialog.items) if it.entry.path == copy)
    dialog.list.select(index)
    app.step(click(dialog.buttons["lab.files.delete"].rect.center), 1 / 60)
    assert isinstance(app.top, ConfirmScene)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert copy.exists()
    app.step(click(dialog.buttons["lab.files.delete"].rect.center), 1 / 60)
    app.step(click(app.top.yes.rect.center), 1 / 60)
    assert not copy.exists() and (folder / "druhy.json").exists()
    assert scene.path is None


def test_experimental_board_saved_only_when_marked(make_app: Any) -> None:
    from gui.dialogs.message import MessageScene
    from gui.lab.files_dialog import LayoutFilesDialog

    app = make_app()
    scene = _lab(app)
    _tool(app, scene, "terrain")
    _tile(app, scene, 0)  # forest
    app.step(click(_off_token(scene, 0)), 1 / 60)
    layout = scene.editor.layout
    assert not layout.is_legal() and all(p.component for p in layout.problems())
    app.step(click(scene.buttons["save"].rect.center), 1 / 60)
    assert isinstance(app.top, MessageScene) and app.top.text_key == "lab.cannot_save_rules"
    app.step([key(pygame.K_RETURN)], 1 / 60)
    assert not _folder(app).exists() or not list(_folder(app).glob("*.json"))
    # mark it experimental: now it saves, and says so everywhere
    app.step(click(scene.experimental_toggle.rect.center), 1 / 60)
    assert scene.editor.layout.experimental
    assert app.t("lab.experimental_playable", count=len(layout.problems())) in _panel_text(scene)
    _save_as(app, scene, "Pokus")
    path = _folder(app) / "pokus.json"
    assert json.loads(path.read_text(encoding="utf-8"))["experimental"] is True
    app.step(click(scene.buttons["files"].rect.center), 1 / 60)
    dialog = app.top
    assert isinstance(dialog, LayoutFilesDialog)
    row = next(r for r in dialog.rows() if r.value.entry.path == path)
    assert app.t("lab.files.experimental") in row.cells


def test_unplayable_board_is_never_saved(make_app: Any) -> None:
    from gui.dialogs.message import MessageScene

    app = make_app()
    scene = _lab(app)
    _tool(app, scene, "number")
    _tile(app, scene, 10)  # no token
    h = next(h for h, n in enumerate(scene.editor.layout.numbers) if n)
    app.step(click(scene.board.hex_pos(h)), 1 / 60)
    app.step(click(scene.experimental_toggle.rect.center), 1 / 60)
    app.step(click(scene.buttons["save_as"].rect.center), 1 / 60)
    assert isinstance(app.top, MessageScene) and app.top.text_key == "lab.cannot_save_broken"


HOSTILE: dict[str, bytes] = {
    "broken.json": b'{"format": "catan-table-layout", "board": ',
    "latin2.json": b'{"name": "\xe8\xed\xf8"}',
    "nested.json": b"[" * 100_000 + b"]" * 100_000,
    "huge.json": b'{"format": "catan-table-layout", "version": 1, "board": {"hexes": [{"hex": 0, "terrain": '
                 b'"forest", "number": ' + b"9" * 5000 + b"}]}}",
    "types.json": b'{"format": "catan-table-layout", "version": "one", "name": 5, "board": [1, 2]}',
}


def test_hostile_layout_files_are_listed_with_their_error(make_app: Any) -> None:
    from gui.lab.files_dialog import LayoutFilesDialog

    app = make_app()
    folder = _folder(app)
    folder.mkdir(parents=True)
    for name, data in HOSTILE.items():
        (folder / name).write_bytes(data)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    scene = _lab(app)
    app.step(click(scene.buttons["files"].rect.center), 1 / 60)
    dialog = app.top
    assert isinstance(dialog, LayoutFilesDialog)
    own = [it for it in dialog.items if it.own]
    assert sorted(it.entry.path.name for it in own) == sorted(HOSTILE)
    for item in own:
        assert item.entry.layout is None and item.entry.error
        dialog.list.select(dialog.items.index(item))
        app.step([], 1 / 60)
        assert not dialog.buttons["lab.files.open"].enabled
        assert dialog.buttons["lab.files.delete"].enabled
    rows = dialog.rows()
    assert all(app.t("lab.files.unreadable") in r.cells for r in rows if r.value.own)
    app.step(click(dialog.buttons["lab.files.open"].rect.center), 1 / 60)
    assert app.top is dialog
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert scene.editor.layout.is_legal()


def test_saved_layout_starts_a_game_from_new_game(make_app: Any) -> None:
    from gui.new_game import LAYOUT_MODE, NewGameScene

    app = make_app()
    scene = _lab(app)
    _drag(app, _off_token(scene, 4), scene.board.hex_pos(14))
    _save_as(app, scene, "Turnaj")
    saved = scene.editor.layout
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    new_game = NewGameScene(app)
    app.push(new_game)
    path = _folder(app) / "turnaj.json"
    assert path in new_game.layouts
    new_game.set_board_mode(LAYOUT_MODE)
    new_game.layout_index = new_game.layouts.index(path)
    game = new_game.build_game()
    assert game.state.board.terrains == saved.terrains
    assert game.state.board.numbers == saved.numbers
    new_game.start()
    from gui.catan.scene import CatanTableScene

    assert isinstance(app.top, CatanTableScene)


def test_escape_asks_before_discarding_changes(make_app: Any) -> None:
    from gui.lab.dialogs import UnsavedDialog
    from gui.menu import MenuScene

    app = make_app()
    scene = _lab(app)
    _drag(app, _off_token(scene, 0), scene.board.hex_pos(2))
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    dialog = app.top
    assert isinstance(dialog, UnsavedDialog)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is scene
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    app.step(click(app.top.discard_button.rect.center), 1 / 60)
    assert isinstance(app.top, MenuScene)
    assert not _folder(app).exists()


def test_analysis_panel_hover_and_views(make_app: Any) -> None:
    from gui.lab.compare import CompareScene
    from gui.lab.dialogs import HelpDialog

    app = make_app(size=(1600, 900))
    scene = _lab(app)
    assert scene.side.rows
    rect = scene.side.row_rects[0]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    row = scene.side.highlight()
    assert row is not None and scene.overlay().hexes == row.hexes
    # hover over an intersection: quality in the status line
    node = scene.analysis.best_spots[0]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=scene.board.node_pos(node), rel=(0, 0),
                                 buttons=(0, 0, 0))], 1 / 60)
    assert scene.hover_node == node
    spot = scene.analysis.spots[node]
    assert f"{spot.quality:.1f}" in scene.status_lines()[0]
    # hover over a hex: terrain, number and n/36
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=scene.board.hex_pos(0), rel=(0, 0),
                                 buttons=(0, 0, 0))], 1 / 60)
    assert scene.hover_hex == 0 and "/36" in scene.status_lines()[0]
    app.step(click(scene.show_toggles["heat"].rect.center), 1 / 60)
    assert scene.heat
    app.step(click(scene.side.help_button.rect.center), 1 / 60)
    assert isinstance(app.top, HelpDialog)
    app.step([key(pygame.K_RETURN)], 1 / 60)
    app.step(click(scene.buttons["compare"].rect.center), 1 / 60)
    compare = app.top
    assert isinstance(compare, CompareScene)
    assert len(compare.figures()) > 10 and compare.layouts()[0] is scene.editor.layout
    app.step(click(compare.pickers[1].rect.move(-4, 0).midright), 1 / 60)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is scene


def test_simulate_button_opens_the_prove_screen(make_app: Any) -> None:
    from gui.lab.simulation import SimulationScene

    app = make_app()
    scene = _lab(app)
    app.step(click(scene.buttons["simulate"].rect.center), 1 / 60)
    assert isinstance(app.top, SimulationScene)


@pytest.mark.parametrize("size", ["1280x720", "1920x1080"])
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_screenshot_of_the_lab(tmp_path: Path, art_cache_dir: Path, size: str, lang: str) -> None:
    import main

    out = tmp_path / f"lab-{lang}-{size}.png"
    code = main.main(["--screenshot", str(out), "--scene", "lab", "--size", size, "--lang", lang,
                      "--layout", "variable:7", "--cache-dir", str(art_cache_dir),
                      "--config-dir", str(tmp_path / "config"), "--save-dir", str(tmp_path / "saves")])
    assert code == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == tuple(int(v) for v in size.split("x"))


@pytest.mark.parametrize("view", ["heat", "compare", "files", "source", "help"])
def test_screenshot_of_the_lab_views(tmp_path: Path, art_cache_dir: Path, view: str) -> None:
    import main

    out = tmp_path / f"lab-{view}.png"
    code = main.main(["--screenshot", str(out), "--scene", f"lab:{view}", "--size", "1280x720", "--lang", "cs",
                      "--layout", "saves/layouts/beginner.json", "--cache-dir", str(art_cache_dir),
                      "--config-dir", str(tmp_path / "config"), "--save-dir", str(tmp_path / "saves")])
    assert code == 0 and out.is_file()


def test_new_game_marks_experimental_layouts_and_refuses_damaged_ones(make_app: Any) -> None:
    from game.core.errors import InvalidPosition
    from game.lab.layout import beginner_lab_layout
    from game.lab.library import save_layout
    from gui.new_game import LAYOUT_MODE, NewGameScene

    app = make_app()
    folder = _folder(app)
    experimental = beginner_lab_layout().with_terrain(0, "hills").edited(experimental=True).renamed("Pokus")
    path = save_layout(folder, experimental)
    damaged = folder / "zz-damaged.json"
    damaged.write_bytes(b"[" * 100_000)
    new_game = NewGameScene(app)
    app.push(new_game)
    assert new_game.layout_label(path) == app.t("newgame.layout_experimental", name="pokus")
    assert "(" in new_game.layout_label(path)
    new_game.set_board_mode(LAYOUT_MODE)
    new_game.layout_index = new_game.layouts.index(path)
    assert new_game.build_game().state.board.terrains[0] == "hills"
    new_game.layout_index = new_game.layouts.index(damaged)
    with pytest.raises(InvalidPosition, match="nested too deeply"):
        new_game.build_game()
    new_game.start()  # the refusal is shown as a message; nothing crashes and the file stays as it was
    assert app.top is not new_game and damaged.read_bytes() == b"[" * 100_000
