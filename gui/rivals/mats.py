"""How the opponent's mat and one's own share the height between the top bar and the hand: by the rows each
principality needs, so both seats' cards come out about as large as the room allows."""

from __future__ import annotations

from dataclasses import replace

import pygame

from gui.dialogs import px
from gui.rivals.layout import RivalsLayout
from gui.rivals.principality import RowPlan

MIN_MAT_H = 168     # a mat never gets lower than its seat panel needs, at scale 1
STEP = 2            # the split is tried every STEP pixels


def _moved(mat: pygame.Rect, info: pygame.Rect, area: pygame.Rect, y: int, h: int) -> tuple[pygame.Rect, ...]:
    """A mat with its seat panel and principality area moved to y and resized to height h (insets kept)."""
    inset_info, inset_area = info.y - mat.y, area.y - mat.y
    return (pygame.Rect(mat.x, y, mat.w, h),
            pygame.Rect(info.x, y + inset_info, info.w, h - 2 * inset_info),
            pygame.Rect(area.x, y + inset_area, area.w, h - (mat.h - area.h)))


def share_mats(lay: RivalsLayout, far: RowPlan, near: RowPlan, max_card_w: int) -> RivalsLayout:
    """The layout with the boundary between the two mats moved so that the smaller of the two card widths is as
    large as it can be (then the larger one; ties keep the split by the rows needed)."""
    top, bottom = lay.far_mat.y, lay.near_mat.bottom
    gap = lay.near_mat.y - lay.far_mat.bottom
    total = bottom - top - gap
    lowest = min(px(MIN_MAT_H, lay.scale), total // 2)
    far_extra, near_extra = lay.far_mat.h - lay.far.h, lay.near_mat.h - lay.near.h
    ideal = total * far.height_units / (far.height_units + near.height_units)
    best: tuple[tuple[float, ...], int] | None = None
    for far_h in range(lowest, total - lowest + 1, STEP):
        w_far = far.card_width((lay.far.w, far_h - far_extra), max_card_w)
        w_near = near.card_width((lay.near.w, total - far_h - near_extra), max_card_w)
        score = (min(w_far, w_near), w_far + w_near, -abs(far_h - ideal))
        if best is None or score > best[0]:
            best = (score, far_h)
    if best is None:
        return lay
    far_h = best[1]
    far_mat, far_info, far_area = _moved(lay.far_mat, lay.far_info, lay.far, top, far_h)
    near_y = far_mat.bottom + gap
    near_mat, near_info, near_area = _moved(lay.near_mat, lay.near_info, lay.near, near_y, bottom - near_y)
    return replace(lay, far_mat=far_mat, far_info=far_info, far=far_area, near_mat=near_mat, near_info=near_info,
                   near=near_area)
