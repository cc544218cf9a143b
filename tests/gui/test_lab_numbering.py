"""One numbering everywhere: hexes 0-18 and spots named hN.DIR alike in the lab editor, the CLI, the charts and the
position format; the help says how to read them; the compare view's boards fill their panels."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.gui.conftest import LANGS


def _lab(app: Any, layout: Any = None) -> Any:
    from gui.lab.scene import LabScene
    from gui.menu import MenuScene

    app.push(MenuScene(app))
    scene = LabScene(app, layout)
    app.push(scene)
    app.step([], 1 / 60)
    return scene


def _hover(app: Any, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    from game.cli import main

    capsys.readouterr()
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def _flat(text: str) -> str:
    return " ".join(text.split())


def _chart_labels() -> dict[int, Any]:
    from game.lab.chart_board import hex_number_labels
    from game.lab.charts import Canvas, Fonts

    return {label.hex: label for label in hex_number_labels(Canvas(Fonts()))}


def test_hexes_are_named_0_to_18_row_by_row_as_the_position_format_says() -> None:
    from game.catan.geometry import topology

    topo = topology()
    assert [topo.hex_name(h) for h in range(19)] == [str(h) for h in range(19)]
    for bad in (-1, 19):
        with pytest.raises(IndexError):
            topo.hex_name(bad)
    rows: dict[int, list[int]] = {}
    for h, (q, r) in enumerate(topo.hex_coords):
        rows.setdefault(r, []).append(h)
    assert [rows[r] for r in sorted(rows)] == [[0, 1, 2], [3, 4, 5, 6], [7, 8, 9, 10, 11], [12, 13, 14, 15],
                                               [16, 17, 18]]
    assert all(topo.hex_coords[a][0] < topo.hex_coords[b][0] for row in rows.values() for a, b in zip(row, row[1:]))
    # a spot is named after the lowest-numbered of its hexes: h4.SE is also h5.SW and h9.N
    spot = topo.node("h4.SE")
    assert topo.node("h5.SW") == topo.node("h9.N") == spot and topo.node_name(spot) == "h4.SE"


def test_the_editor_the_cli_and_the_charts_number_a_hex_alike(make_app: Any, capsys: pytest.CaptureFixture[str]
                                                              ) -> None:
    """A check naming hexes: the panel's row, `lab analyse` (JSON and text), the editor's and a chart's labels."""
    from game.catan.constants import PIPS
    from game.lab.analysis import analyse
    from game.lab.layout import beginner_lab_layout

    app = make_app(size=(1600, 900))
    scene = _lab(app)
    data = json.loads(_cli(capsys, "lab", "analyse", "beginner", "--json"))
    clusters = data["checks"]["terrain_clusters"]
    assert clusters == [{"terrain": t, "hexes": list(h)} for t, h in analyse(beginner_lab_layout()).clusters]
    editor_labels = {h: label for h, label, _ in scene.board.hex_number_badges()}
    assert editor_labels == {h: str(h) for h in range(19)}
    chart_labels = _chart_labels()
    rows = [_flat(" ".join(lines)) for lines in scene.side.row_lines]
    text = _cli(capsys, "lab", "analyse", "beginner")
    for cluster in clusters:
        hexes = cluster["hexes"]
        named = ", ".join(editor_labels[h] for h in hexes)
        assert named == ", ".join(chart_labels[h].text for h in hexes) == ", ".join(str(h) for h in hexes)
        row = next(r for r, check in zip(rows, scene.side.rows) if check.hexes == tuple(hexes))
        assert f"({named})" in row
        assert f"('{cluster['terrain']}', {hexes})" in text
    # the pips per hex the CLI prints are the hexes the editor's status line names
    hex_pips = dict(item.split(":") for item in re.search(r"pips per hex: (.*)", text).group(1).split())
    assert hex_pips == {str(h): str(p) for h, p in enumerate(data["hex_pips"])}
    h = 13
    _hover(app, scene.board.hex_pos(h))
    layout = scene.editor.layout
    assert scene.hover_hex == h
    assert scene.status_lines()[0] == app.t("lab.hover.hex", hex=editor_labels[h],
                                            terrain=app.t(f"terrain.{layout.terrains[h]}"), number=layout.numbers[h],
                                            pips=hex_pips[editor_labels[h]], chance=PIPS[layout.numbers[h]])


def test_a_problem_names_its_hex_as_the_cli_and_the_board_do(make_app: Any, capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    """The robber off the desert: the panel's sentence is the CLI's, and its hex number is the one drawn on the hex
    (and the one the file loader names)."""
    from game.lab.layout import beginner_lab_layout

    h = 18
    layout = beginner_lab_layout().with_robber(h)
    path = tmp_path / "robber.json"
    path.write_text(json.dumps(layout.to_json()), encoding="utf-8")
    from game.cli import main

    capsys.readouterr()
    assert main(["lab", "analyse", str(path)]) == 2
    refused = capsys.readouterr().err
    text = _cli(capsys, "lab", "analyse", str(path), "--experimental")
    data = json.loads(_cli(capsys, "lab", "analyse", str(path), "--experimental", "--json"))
    app = make_app(size=(1600, 900))
    scene = _lab(app, layout)
    label = next(label for hex_index, label, _ in scene.board.hex_number_badges() if hex_index == h)
    sentence = app.t("lab.problem.robber_off_desert", hex=label)
    panel = _flat(" ".join(line.text for line in scene.side.legality))
    problem = next(p for p in data["problems"] if p["key"] == "lab.problem.robber_off_desert")
    assert str(problem["params"]["hex"]) == label == _chart_labels()[h].text
    assert sentence in panel
    assert f"problem: {sentence}" in text
    assert f"hex {label};" in refused


def test_spots_are_named_as_the_cli_names_them(make_app: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from game.catan.geometry import topology
    from gui.lab.compare import CompareScene

    data = json.loads(_cli(capsys, "lab", "analyse", "beginner", "--json"))
    text = _cli(capsys, "lab", "analyse", "beginner")
    app = make_app(size=(1600, 900))
    scene = _lab(app)
    node = topology().node("h9.S")
    _hover(app, scene.board.node_pos(node))
    assert scene.hover_node == node and "h9.S" in scene.status_lines()[0]
    # the hexes of a spot are listed by their numbers
    assert "9 (" in scene.status_lines()[1] and "13 (" in scene.status_lines()[1]
    compare = CompareScene(app, scene.editor.layout)
    app.push(compare)
    app.step([], 1 / 60)
    listed = [topology().node_name(node) for _, _, node in compare.spot_cells(0)]
    assert listed and listed == [spot["name"] for spot in data["best_spots"]][:len(listed)]
    for rank, name in enumerate(listed[:8], 1):
        assert re.search(rf"^\s+{rank}\. {re.escape(name)}\s", text, re.MULTILINE)
    # a harbor's path as `lab analyse` prints it, in the panel's harbor row
    edge = data["checks"]["harbors"][0]["edge"]
    path = "-".join(topology().edge_name(edge))
    assert f"on {path}:" in text
    row = next(_flat(" ".join(lines)) for lines, check in zip(scene.side.row_lines, scene.side.rows)
               if check.edges == (edge,))
    assert path in row


def test_the_charts_lay_out_a_number_on_every_hex_clear_of_token_and_spot_circles() -> None:
    from game.catan.geometry import topology
    from game.lab.chart_board import BOARD, HEAT_HALO, HEAT_MAX_RADIUS, TOKEN_SHARE

    topo = topology()
    labels = _chart_labels()
    assert sorted(labels) == list(range(19))
    boxes = []
    for h, label in labels.items():
        assert label.text == topo.hex_name(h)
        x0, y0, x1, y1 = label.box
        assert 8 <= y1 - y0 and x1 - x0 <= BOARD.size
        cx, cy = BOARD.hex_centre(*topo.hex_coords[h])
        corners = [(x, y) for x in (x0, x1) for y in (y0, y1)]
        # inside the hex (its inscribed circle), above the token and off every circle on the hex's corners
        assert all(math.dist(c, (cx, cy)) < BOARD.size * math.sqrt(3) / 2 for c in corners)
        assert y1 < cy - BOARD.size * TOKEN_SHARE
        for node in topo.hex_nodes[h]:
            nx, ny = BOARD.node(node)
            nearest = (min(max(nx, x0), x1), min(max(ny, y0), y1))
            assert math.dist(nearest, (nx, ny)) > HEAT_MAX_RADIUS + HEAT_HALO
        boxes.append(label.box)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1]


def test_the_board_charts_draw_the_hex_numbers() -> None:
    from game.core.i18n import Translator
    from game.lab.chart_board import HEX_LABEL_FILL, draw_board, hex_number_labels
    from game.lab.charts import Canvas, Fonts
    from game.lab.layout import beginner_lab_layout

    canvas = Canvas(Fonts())
    section = {"layout": beginner_lab_layout().to_json()}
    draw_board(canvas, section, Translator("en"))
    image = canvas.finish()
    for label in hex_number_labels(canvas):
        x0, y0, x1, y1 = label.box
        pixel = image.getpixel((round(x0 + 2), round((y0 + y1) / 2)))
        assert max(abs(a - b) for a, b in zip(pixel, HEX_LABEL_FILL)) < 40, (label, pixel)


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_says_how_to_read_the_numbers(make_app: Any, lang: str) -> None:
    from game.catan.geometry import topology
    from gui.lab.dialogs import HelpDialog

    app = make_app(size=(1280, 720), lang=lang)
    scene = _lab(app)
    scene.show_score_help()
    dialog = app.top
    assert isinstance(dialog, HelpDialog)
    shown = _flat(" ".join(line for line, _, _ in dialog.lines))
    help_text = app.t("lab.numbering.help")
    assert help_text != "lab.numbering.help"
    assert all(_flat(p.removeprefix("**")) in shown for p in help_text.split("\n"))
    assert "0–18" in help_text and "hN.DIR" in help_text
    # the rows the text gives are the rows of the board's hex indices
    ranges = [tuple(int(v) for v in m) for m in re.findall(r"(\d+)–(\d+)", help_text) if m != ("0", "18")]
    rows: dict[int, list[int]] = {}
    for h, (_, r) in enumerate(topology().hex_coords):
        rows.setdefault(r, []).append(h)
    assert ranges == [(row[0], row[-1]) for _, row in sorted(rows.items())]
    # every example spot alias it gives is the same intersection as its canonical name
    names = re.findall(r"h\d+\.[NESW]+", help_text)
    assert {"h4.SE", "h5.SW", "h9.N"} <= set(names)
    assert len({topology().node(n) for n in ("h4.SE", "h5.SW", "h9.N")}) == 1
    assert dialog.rect.bottom <= app.size[1] and dialog.size >= 11


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_compare_boards_fill_their_panels(make_app: Any, size: tuple[int, int]) -> None:
    from gui.catan.board_view import FRAME_HEIGHT, FRAME_WIDTH
    from gui.lab.compare import CompareScene

    app = make_app(size=size)
    scene = _lab(app)
    compare = CompareScene(app, scene.editor.layout)
    app.push(compare)
    app.step([], 1 / 60)
    for side in range(2):
        panel = compare.columns[side]
        board = compare.boards[side]
        drawn = pygame.Rect(0, 0, round(board.R * FRAME_WIDTH), round(board.R * FRAME_HEIGHT))
        drawn.center = board.view.origin
        picker = compare.pickers[side].rect
        room = pygame.Rect(panel.x, picker.bottom, panel.width, panel.bottom - picker.bottom)
        assert panel.contains(drawn) and not drawn.colliderect(picker)
        assert drawn.width >= 0.9 * panel.width
        assert drawn.width * drawn.height >= 0.8 * room.width * room.height
        # what is left below the board lists its best spots, inside their own panel
        spots = compare.spot_rects[side]
        assert spots.top >= panel.bottom and spots.bottom <= size[1]
        cells = compare.spot_cells(side)
        assert len(cells) >= 3 and all(spots.collidepoint(x, y) for (x, y, _), _, _ in cells)
    assert not compare.columns[0].colliderect(compare.table_rect)
    assert not compare.columns[1].colliderect(compare.table_rect)


@pytest.mark.parametrize("lang", LANGS)
def test_the_numbering_texts_exist_in_both_languages(lang: str) -> None:
    from game.core.i18n import DEFAULT_CATALOG_DIR

    data = json.loads((DEFAULT_CATALOG_DIR / lang / "lab_numbering.json").read_text(encoding="utf-8"))
    assert {"lab.numbering.help", "lab.numbering.chart_note", "lab.numbering.hex_item",
            "lab.numbering.compare_spots"} <= set(data)
    if lang == "cs":
        assert "políčka" in data["lab.numbering.chart_note"] and "Křižovatka" in data["lab.numbering.help"]
