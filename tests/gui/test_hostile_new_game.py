"""New game with the compact board: damaged layout files show their problem in the preview, never crash a frame."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from game.catan.board import beginner_layout
from game.catan.compact import beginner_placements, compact_layout

BROKEN: dict[str, Any] = {
    "start-list.json": lambda doc: {**doc, "start": [1, 2]},
    "start-text.json": lambda doc: {**doc, "start": "abc"},
    "part-float.json": lambda doc: {**doc, "compact_parts": [{**doc["compact_parts"][0], "part": 1.9},
                                                             *doc["compact_parts"][1:]]},
    "part-text.json": lambda doc: {**doc, "compact_parts": [{**doc["compact_parts"][0], "part": "1"},
                                                            *doc["compact_parts"][1:]]},
    "parts-not-list.json": lambda doc: {**doc, "compact_parts": {"a": 1}},
    "experimental-text.json": lambda doc: {**doc, "experimental": "yes"},
}


def _compact_doc() -> dict[str, Any]:
    doc = compact_layout(beginner_placements())
    doc["start"] = beginner_layout()["start"]
    return doc


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_damaged_compact_layout_file_is_shown_as_unusable(make_app: Any, name: str) -> None:
    from game.core.registry import get_variant
    from gui.new_game import LAYOUT_MODE, NewGameScene

    app = make_app(lang="cs")
    folder = app.save_dir / "layouts"
    folder.mkdir(parents=True)
    path = folder / name
    path.write_text(json.dumps(BROKEN[name](_compact_doc())), encoding="utf-8")
    scene = NewGameScene(app)
    app.push(scene)
    scene.set_variant(scene.variants.index(get_variant("catan-compact")))
    scene.set_board_mode(LAYOUT_MODE)
    scene.layout_index = scene.layouts.index(path)
    scene.layout()
    for _ in range(3):  # several frames: the arrangement is worked out once, then kept
        app.step([], 1 / 60)
    assert scene.arrangement() is None
    assert scene._arrangement_error and name in scene._arrangement_error
    assert str(folder) not in scene._arrangement_error
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)


def test_a_good_compact_layout_file_still_gives_its_arrangement(make_app: Any) -> None:
    from game.core.registry import get_variant
    from gui.new_game import LAYOUT_MODE, NewGameScene

    app = make_app()
    folder = app.save_dir / "layouts"
    folder.mkdir(parents=True)
    path = folder / "good.json"
    path.write_text(json.dumps(_compact_doc()), encoding="utf-8")
    scene = NewGameScene(app)
    app.push(scene)
    scene.set_variant(scene.variants.index(get_variant("catan-compact")))
    scene.set_board_mode(LAYOUT_MODE)
    scene.layout_index = scene.layouts.index(path)
    scene.layout()
    app.step([], 1 / 60)
    assert scene.arrangement() == beginner_placements()
    assert scene._arrangement_error is None
