"""Where everything goes on the Rivals table for one window size."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from gui.dialogs import px, ui_scale


@dataclass(frozen=True)
class RivalsLayout:
    """The rectangles of the table: the opponent's mat across (seat panel and principality), the own mat, the hand
    and the action buttons along the bottom, and the side with the phases, the centre stacks and the log."""

    size: tuple[int, int]
    scale: float
    top: pygame.Rect
    board: pygame.Rect        # the playing area left of the side panel (dialogs centre on it)
    far_mat: pygame.Rect
    far_info: pygame.Rect     # the opponent's name, points and hand
    far: pygame.Rect          # the opponent's principality (turned towards them)
    near_mat: pygame.Rect
    near_info: pygame.Rect
    near: pygame.Rect         # the principality of the seat at the bottom
    hand: pygame.Rect
    actions: pygame.Rect
    side: pygame.Rect
    phases: pygame.Rect
    center: pygame.Rect
    log: pygame.Rect
    font: int


def compute_layout(size: tuple[int, int], ui_factor: float = 1.0, watching: bool = False) -> RivalsLayout:
    """The opponent's mat on top, one's own below it (a little larger), each with its seat panel on the left;
    hand and buttons at the bottom, the centre and the log at the right. Watching bots, nobody's hand is shown:
    the bottom strip shrinks to one row of watch buttons and the mats take the room."""
    w, h = max(320, size[0]), max(240, size[1])
    s = ui_scale((w, h), ui_factor)
    pad = px(8, s)
    top = pygame.Rect(0, 0, w, px(46, s))
    side_w = px(380, s)
    side = pygame.Rect(w - side_w, top.bottom, side_w, h - top.bottom)
    board = pygame.Rect(0, top.bottom, side.x, h - top.bottom)
    # whole hand cards (their text at the foot included) fit in the strip; watching, one row of buttons does
    bottom_h = px(58, s) if watching else px(150, s)
    mats_top = board.y + pad
    mats_bottom = board.bottom - bottom_h - pad // 2
    # The far principality leaves out its empty sites, so it needs fewer rows than one's own: 46% keeps the two
    # seats' cards close in size.
    far_h = (mats_bottom - mats_top - pad) * 46 // 100
    far_mat = pygame.Rect(pad, mats_top, board.w - 2 * pad, far_h)
    near_mat = pygame.Rect(pad, far_mat.bottom + pad, board.w - 2 * pad, mats_bottom - far_mat.bottom - pad)
    info_w = px(196, s)

    def split(mat: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        info = pygame.Rect(mat.x + pad, mat.y + pad, info_w, mat.h - 2 * pad)
        area = pygame.Rect(info.right + pad, mat.y + pad // 2, mat.right - info.right - 2 * pad, mat.h - pad)
        return info, area

    far_info, far = split(far_mat)
    near_info, near = split(near_mat)
    actions_w = min(px(560, s), board.w * 2 // 3) if watching else px(236, s)
    bottom_y = board.bottom - bottom_h
    actions = pygame.Rect(board.right - actions_w - pad, bottom_y + pad, actions_w, bottom_h - 2 * pad)
    hand = pygame.Rect(pad, bottom_y, actions.x - 2 * pad, bottom_h)
    inner = side.inflate(-2 * pad, 0)
    phases = pygame.Rect(inner.x, side.y + pad, inner.w, px(34, s))
    center = pygame.Rect(inner.x, phases.bottom + pad, inner.w, px(372, s))
    log = pygame.Rect(inner.x, center.bottom + pad, inner.w, side.bottom - center.bottom - 2 * pad)
    return RivalsLayout((w, h), s, top, board, far_mat, far_info, far, near_mat, near_info, near, hand, actions,
                        side, phases, center, log, px(16, s))
