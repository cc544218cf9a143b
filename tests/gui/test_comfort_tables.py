"""Comfort at every table: the settings screen's rows clear of its note, colour-blind marks, hints and keyboard
focus at the Rivals and quick card game tables, and their tours."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from gui.fonts import font
from gui.settings import UI_SCALES


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 640)])
def test_settings_rows_end_above_the_saved_to_note(make_app: Any, size: tuple[int, int]) -> None:
    from gui.dialogs import px
    from gui.settings_scene import SettingsScene

    app = make_app(size)
    for factor in UI_SCALES:
        app.settings.ui_scale = factor
        scene = SettingsScene(app)
        s = scene.scale
        last = scene.rows[-1][2]
        hint_bottom = last.centery + px(13, s) + font(px(15, s)).get_linesize() // 2
        note_top = scene.note_bottom - font(px(13, s)).get_linesize()
        assert hint_bottom <= note_top, (size, factor)
        assert scene.note_bottom <= scene.back_button.rect.y
        tops = [rect.centery - px(10, s) - font(px(20, s)).get_linesize() // 2 for _, _, rect in scene.rows]
        bottoms = [rect.centery + px(13, s) + font(px(15, s)).get_linesize() // 2 for _, _, rect in scene.rows]
        assert all(b <= t for b, t in zip(bottoms, tops[1:])), "rows do not overlap each other"
