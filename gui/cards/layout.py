"""Where everything goes on the quick card game's table for one window size."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from gui.dialogs import px, ui_scale


@dataclass(frozen=True)
class CardsLayout:
    """The rectangles of the table: top bar, players' tableaux, centre piles, log, hand and action buttons."""

    size: tuple[int, int]
    scale: float
    top: pygame.Rect
    board: pygame.Rect
    tableaux: tuple[pygame.Rect, ...]
    center: pygame.Rect
    log: pygame.Rect
    hand: pygame.Rect
    actions: pygame.Rect
    font: int


def tableau_order(num_players: int, viewer: int) -> list[int]:
    """Seats in table order starting with the viewer (or seat 0 when watching)."""
    first = viewer if 0 <= viewer < num_players else 0
    return [(first + k) % num_players for k in range(num_players)]


def compute_layout(size: tuple[int, int], num_players: int, ui_factor: float = 1.0) -> CardsLayout:
    """Tableaux in a grid on the left, piles and log on the right, hand and actions along the bottom."""
    w, h = max(320, size[0]), max(240, size[1])
    s = ui_scale((w, h), ui_factor)
    pad = px(8, s)
    top = pygame.Rect(0, 0, w, px(46, s))
    bottom_h = px(176, s)
    side_w = px(372, s)
    board = pygame.Rect(0, top.bottom, w - side_w, h - top.bottom - bottom_h)
    cols = 1 if num_players <= 2 else 2
    rows = (num_players + cols - 1) // cols
    cw = (board.w - pad * (cols + 1)) // cols
    ch = (board.h - pad * (rows + 1)) // rows
    # With an odd count the last tableau has its row to itself, and takes all of it.
    lone = num_players - 1 if num_players % cols else -1
    tableaux = tuple(pygame.Rect(board.x + pad + (i % cols) * (cw + pad), board.y + pad + (i // cols) * (ch + pad),
                                 board.w - 2 * pad if i == lone else cw, ch) for i in range(num_players))
    side = pygame.Rect(board.right, top.bottom, side_w, h - top.bottom)
    center = pygame.Rect(side.x + pad, side.y + pad, side.w - 2 * pad, px(318, s))
    log = pygame.Rect(side.x + pad, center.bottom + pad, side.w - 2 * pad, side.bottom - center.bottom - 2 * pad)
    actions_w = min(px(640, s), board.w * 2 // 3)
    actions = pygame.Rect(board.right - actions_w - pad, board.bottom + pad, actions_w, bottom_h - 2 * pad)
    hand = pygame.Rect(pad, board.bottom + pad, actions.x - 2 * pad, bottom_h - 2 * pad)
    return CardsLayout((w, h), s, top, board, tableaux, center, log, hand, actions, px(16, s))
