"""The Catan table's layout: where the board, the players, the log, the hand and the actions go for a window size."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from gui.catan.board_view import FRAME_HEIGHT, FRAME_WIDTH
from gui.dialogs import px, ui_scale

MIN_SIDE = 430  # the right column's least width (unscaled px): players, log, hand and actions must fit


@dataclass(frozen=True)
class TableLayout:
    """Where everything goes for one window size."""

    size: tuple[int, int]
    scale: float
    top: pygame.Rect
    board: pygame.Rect
    side: pygame.Rect
    players: pygame.Rect
    log: pygame.Rect
    bottom: pygame.Rect
    hand: pygame.Rect
    actions: pygame.Rect
    dice: pygame.Rect
    font: int
    # The two-player game: the neutral colours' strip under the players and the trade-card buttons' column.
    neutrals: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    trade_actions: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    player_cols: int = 1  # the players panel's columns (two side by side when the column is wide enough)


def compute_layout(size: tuple[int, int], num_players: int, two_player: bool = False,
                   watch: bool = False, ui_factor: float = 1.0) -> TableLayout:
    """Lay the table out for a window size: the board as large as the height allows on the left, and one column
    on the right with the players, the log, the hand and the action buttons.

    The board's width follows from its height (the sea frame's proportions), so no gutter is left beside it; the
    dice sit in the empty top-right corner of the board's rectangle, outside the frame. The two-player game adds a
    strip for the neutral colours under the players and a row of trade-card buttons under the action grid. While
    only AIs play (watch) there is no hand, and the log takes its room.
    """
    w, h = max(320, size[0]), max(240, size[1])
    s = ui_scale((w, h), ui_factor)
    pad = px(10, s)
    top_h = px(46, s)
    top = pygame.Rect(0, 0, w, top_h)
    body_h = h - top_h
    frame_aspect = FRAME_WIDTH / FRAME_HEIGHT
    board_w = min(int((body_h - 2 * pad) * frame_aspect) + 2 * pad, w - px(MIN_SIDE, s))
    board_w = max(board_w, w // 2)
    board = pygame.Rect(0, top_h, board_w, body_h)
    side = pygame.Rect(board_w, top_h, w - board_w, body_h)
    inner_w = side.w - pad
    cols = 2 if num_players >= 4 and inner_w >= px(2 * 250, s) else 1
    rows = -(-num_players // cols)
    row_h = min(px(88, s), (side.h - 3 * pad) * 4 // (10 * max(1, rows)))
    players = pygame.Rect(side.x, side.y + pad, inner_w, row_h * rows)
    neutrals = pygame.Rect(players.x, players.bottom, players.w, px(78, s) if two_player else 0)
    act_rows_h = px(150, s)
    trade_h = px(52, s) if two_player else 0
    actions = pygame.Rect(side.x, side.bottom - pad - act_rows_h, inner_w, act_rows_h)
    trade_actions = pygame.Rect(side.x, actions.y - (trade_h + pad if trade_h else 0), inner_w, trade_h)
    above_actions = trade_actions.y if two_player else actions.y
    hand_h = 0 if watch else min(px(158, s), inner_w * 2 // 7 + px(26, s))
    hand = pygame.Rect(side.x, above_actions - pad - hand_h, inner_w, hand_h)
    log_bottom = hand.y - pad if hand_h else above_actions - pad
    log = pygame.Rect(side.x, neutrals.bottom + pad, inner_w, max(px(40, s), log_bottom - neutrals.bottom - pad))
    bottom = pygame.Rect(0, h, w, 0)
    die = px(58, s)
    dice = pygame.Rect(board.right - 2 * die - 3 * pad, board.y + pad, 2 * die + 2 * pad, die + 2 * pad)
    return TableLayout((w, h), s, top, board, side, players, log, bottom, hand, actions, dice, px(17, s), neutrals,
                       trade_actions, cols)


# ------------------------------------------------------------------ players


__all__ = ["MIN_SIDE", "TableLayout", "compute_layout"]
