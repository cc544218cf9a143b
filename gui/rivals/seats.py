"""The seat panels of the Rivals table (name, victory points, strength, skill, commerce, progress, tokens, hand)
and the track of the four phases of a turn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from gui.dialogs import GOLD, blit_text, ellipsize, fit_text, px
from gui.levels import draw_level_badge
from gui.marks import draw_mark
from gui.rivals.faces import CardFaces
from gui.rivals.hand import draw_backs
from gui.rivals.pieces import draw_token
from gui.table.panels import PanelCache
from gui.widgets import PANEL, TEXT, TEXT_DIM

Translate = Callable[..., str]
Color = tuple[int, int, int]
PHASES = ("roll", "action", "replenish", "exchange")
STATS = ("str", "skl", "com", "prog")
ACTING_EDGE: Color = (236, 196, 90)


@dataclass(frozen=True)
class SeatInfo:
    """What a seat panel shows."""

    name: str
    color: Color
    vp: int
    target: int
    stats: tuple[int, int, int, int]
    hand: int
    hand_limit: int        # -1: the hand is shown as backs (not the viewer's own seat)
    acting: bool
    is_ai: bool
    tokens: tuple[str, ...]
    level: str = ""  # an AI seat's level id ('easy', 'normal', 'hard'), shown as a badge
    mark: str = ""  # the seat's colour id when colour-blind marks are on: its shape on the colour dot


def stat_rects(rect: pygame.Rect, fs: int, scale: float) -> dict[str, pygame.Rect]:
    """Where the panel's figures lie (tooltips): vp and the four point kinds in a 2 x 2 grid."""
    pad = px(10, scale)
    y = rect.y + pad + fs + px(12, scale)
    out = {"vp": pygame.Rect(rect.x + pad, y, rect.w - 2 * pad, fs + px(14, scale))}
    y = out["vp"].bottom + px(8, scale)
    cell_w = (rect.w - 2 * pad) // 2
    cell_h = fs + px(12, scale)
    for i, stat in enumerate(STATS):
        out[stat] = pygame.Rect(rect.x + pad + (i % 2) * cell_w, y + (i // 2) * (cell_h + px(4, scale)), cell_w,
                                cell_h)
    return out


def draw_seat(surface: pygame.Surface, panels: PanelCache, faces: CardFaces, rect: pygame.Rect, seat: SeatInfo,
              t: Translate, fs: int, scale: float) -> None:
    """Name in the seat colour, victory points of the target, the four point kinds, the tokens held and the hand
    (a count against the limit for the viewer, backs for the opponent)."""
    edge = ACTING_EDGE if seat.acting else (70, 80, 98)
    panels.blit(surface, rect, PANEL, 225, max(6, fs // 2), edge)
    pad = px(10, scale)
    r = max(5, fs // 2)
    cy = rect.y + pad + fs // 2 + 2
    pygame.draw.circle(surface, seat.color, (rect.x + pad + r, cy), r)
    pygame.draw.circle(surface, (12, 12, 14), (rect.x + pad + r, cy), r, 1)
    if seat.mark:
        draw_mark(surface, seat.mark, (rect.x + pad + r, cy), max(8, r * 1.9))
    name_x = rect.x + pad + 2 * r + px(8, scale)
    tag = "AI" if seat.is_ai and not seat.level else ""
    tag_w = 0
    if seat.is_ai and seat.level:
        tag_rect = draw_level_badge(surface, t, seat.level, (rect.right - pad, cy), max(10, fs - 4), "midright")
        tag_w = tag_rect.w + px(6, scale)
    elif tag:
        tag_rect = blit_text(surface, tag, max(9, fs - 4), TEXT_DIM, (rect.right - pad, cy), "midright", bold=True)
        tag_w = tag_rect.w + px(6, scale)
    width = rect.right - pad - tag_w - name_x
    blit_text(surface, ellipsize(seat.name, fs, width, True), fs, TEXT, (name_x, cy), "midleft", bold=True)
    hits = stat_rects(rect, fs, scale)
    vp = hits["vp"]
    icon = vp.h
    surface.blit(faces.art_surface("rivals_icon", "vp", (icon, icon)), vp.topleft)
    text = f"{seat.vp} / {seat.target}"
    blit_text(surface, text, fit_text(text, fs + 6, vp.w - icon - pad, True), GOLD,
              (vp.x + icon + px(8, scale), vp.centery), "midleft", bold=True)
    for stat, value in zip(STATS, seat.stats):
        h = hits[stat]
        size = h.h
        surface.blit(faces.art_surface("rivals_icon", stat, (size, size)), h.topleft)
        blit_text(surface, str(value), fs, TEXT if value else TEXT_DIM, (h.x + size + px(6, scale), h.centery),
                  "midleft", bold=True)
    y = hits["prog"].bottom + px(8, scale)
    tr = max(6, px(11, scale))
    x = rect.x + pad
    for token in seat.tokens:
        draw_token(surface, (x + tr, y + tr), tr, token)
        x += 2 * tr + px(6, scale)
    if seat.tokens:
        y += 2 * tr + px(6, scale)
    room = rect.bottom - pad - y
    if seat.hand_limit >= 0:
        text = t("rivals.seat.hand", count=seat.hand, limit=seat.hand_limit)
        blit_text(surface, ellipsize(text, max(10, fs - 2), rect.w - 2 * pad), max(10, fs - 2), TEXT_DIM,
                  (rect.x + pad, rect.bottom - pad), "bottomleft")
    elif room > px(24, scale):
        backs = pygame.Rect(rect.x + pad, y, rect.w - 2 * pad, min(room, px(54, scale)))
        backs.bottom = rect.bottom - pad
        draw_backs(surface, faces, backs, seat.hand, align="left")
        label = t("rivals.seat.cards", count=seat.hand)
        blit_text(surface, label, max(10, fs - 3), TEXT_DIM, (rect.right - pad, backs.centery), "midright")


def draw_phases(surface: pygame.Surface, panels: PanelCache, rect: pygame.Rect, phase: str, color: Color,
                t: Translate, fs: int, scale: float, mark: str = "") -> None:
    """Four chips: roll, actions, replenish, exchange; the current one lit in the mover's colour (with its
    colour-blind mark when mark names the colour)."""
    gap = px(4, scale)
    w = (rect.w - 3 * gap) // 4
    small = max(9, fs - 3)
    for i, name in enumerate(PHASES):
        chip = pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.h)
        current = name == phase
        fill = (74, 62, 34) if current else (34, 40, 52)
        panels.blit(surface, chip, fill, 240, chip.h // 3, GOLD if current else (70, 80, 98))
        if current:
            pygame.draw.circle(surface, color, (chip.x + px(10, scale), chip.centery), max(3, px(5, scale)))
            if mark:
                draw_mark(surface, mark, (chip.x + px(10, scale), chip.centery), max(7, px(11, scale)))
        label = t(f"rivals.phase.{name}")
        width = chip.w - px(22 if current else 10, scale)
        size = fit_text(label, small, width, current)
        blit_text(surface, ellipsize(label, size, width, current), size, TEXT if current else TEXT_DIM,
                  (chip.centerx + px(5 if current else 0, scale), chip.centery), "center", bold=current)
