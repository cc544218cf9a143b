"""Drawing the quick card game's table: the players' tableaux, the centre piles, the hand, the fate card."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.cards.catalogue import RESOURCES, card
from game.cards.view import PlayerTable
from gui.dialogs import GOLD, GOLD_DARK, blit_text, ellipsize, fit_text, px
from gui.fonts import font
from gui.levels import badge_size, draw_level_badge
from gui.marks import draw_mark
from gui.table.panels import PanelCache
from gui.table.sprites import SpriteBook
from gui.widgets import PANEL, TEXT, TEXT_DIM

Color = tuple[int, int, int]
Translate = Callable[..., str]
CARD_ASPECT = 1.5
PILE_STEP = 0.2       # of a card's height: the strip of a pile card left visible (title and points)
DEV_OFFSET = 0.3      # a development lies this far down over its city, so the city's event stays readable
SETTLEMENT_STEP = 0.36
CURRENT_EDGE: Color = (236, 196, 90)


@dataclass(frozen=True)
class PlacedCard:
    """One building card face at a screen rect (for drawing and for the hover zoom)."""

    rect: pygame.Rect
    face: str
    count: int = 0  # a pile's size, shown on its top card (0: no badge)


def city_face(card_id: str) -> str:
    """The art name of a city card's face."""
    return f"city.{card(card_id).event}"


def development_face(card_id: str) -> str:
    """The art name of a development card's face."""
    return f"development.{card(card_id).development}"


def card_height(area_h: int) -> int:
    """The card height of a tableau whose card area is area_h high (even, so the art sizes stay few)."""
    return max(24, int(area_h / (1 + 2 * PILE_STEP)) // 4 * 4)


def place_tableau(table: PlayerTable, area: pygame.Rect) -> list[PlacedCard]:
    """Lay a player's cards out in area: settlements overlapped, cities with developments, road and knight piles."""
    ch = card_height(area.h)
    cw = int(ch / CARD_ASPECT)
    gap = max(4, cw // 8)
    columns: list[list[tuple[int, str, int]]] = []  # per column: (y offset, face, badge)
    xs: list[int] = []
    x = 0
    for i in range(table.settlements):
        xs.append(x)
        columns.append([(0, "settlement", 0)])
        x += int(cw * SETTLEMENT_STEP) if i < table.settlements - 1 else cw + gap
    for city, dev in table.cities:
        xs.append(x)
        column = [(0, city_face(city), 0)]
        if dev is not None:
            column.append((int(ch * DEV_OFFSET), development_face(dev), 0))
        columns.append(column)
        x += cw + gap
    for pile in (table.roads, table.knights):
        if not pile:
            continue
        xs.append(x)
        n = len(pile)
        step = int(min(ch * PILE_STEP, (area.h - ch) / max(1, n - 1)))
        kind = card(pile[0][0]).type
        columns.append([(i * step, f"{kind}.{side}", n if i == n - 1 and n > 1 else 0)
                        for i, (_, side) in enumerate(pile)])
        x += cw + gap
    right = max(xs) + cw if xs else 0
    if right > area.w and xs and max(xs) > 0:
        factor = (area.w - cw) / max(xs)
        xs = [int(v * factor) for v in xs]
    out = []
    for cx, column in zip(xs, columns):
        for dy, face, badge in column:
            out.append(PlacedCard(pygame.Rect(area.x + cx, area.y + dy, cw, ch), face, badge))
    return out


def draw_badge(surface: pygame.Surface, text: str, center: tuple[int, int], fs: int,
               fill: Color = (28, 32, 40), color: Color = TEXT) -> None:
    """A small rounded label (counts on piles and cards)."""
    tw, th = font(fs, True).size(text)
    box = pygame.Rect(0, 0, tw + fs // 2 + 4, th + 2)
    box.center = center
    pygame.draw.rect(surface, fill, box, border_radius=box.h // 2)
    pygame.draw.rect(surface, GOLD_DARK, box, 1, border_radius=box.h // 2)
    blit_text(surface, text, fs, color, box.center, "center", bold=True)


@dataclass(frozen=True)
class SeatInfo:
    """What a tableau's header shows about a seat."""

    name: str
    color: Color
    vp: int
    hand_size: int
    is_current: bool
    is_acting: bool
    is_ai: bool
    level: str = ""  # an AI seat's level id ('easy', 'normal', 'hard'), shown as a badge after the name
    mark: str = ""  # the seat's colour id when colour-blind marks are on: its shape on the colour dot


def draw_tableau(surface: pygame.Surface, sprites: SpriteBook, panels: PanelCache, rect: pygame.Rect,
                 seat: SeatInfo, placed: Sequence[PlacedCard], t: Translate, fs: int, pulse: float) -> None:
    """One player's area: header (name, points, hand size) and their building cards."""
    edge = CURRENT_EDGE if seat.is_current else (70, 80, 98)
    panels.blit(surface, rect, PANEL, 215, max(6, fs // 2), edge)
    if seat.is_acting:
        glow = int(120 + 100 * pulse)
        pygame.draw.rect(surface, (glow, glow * 4 // 5, 60), rect, 2, border_radius=max(6, fs // 2))
    hy = rect.y + fs // 2 + 6
    pygame.draw.circle(surface, seat.color, (rect.x + fs, hy), fs // 2)
    pygame.draw.circle(surface, (12, 12, 14), (rect.x + fs, hy), fs // 2, 1)
    if seat.mark:
        draw_mark(surface, seat.mark, (rect.x + fs, hy), max(8, fs * 0.95))
    vp_text = f"★ {seat.vp}"
    cards_text = t("cards.hand_size", count=seat.hand_size)
    right = rect.right - fs // 2
    r = blit_text(surface, vp_text, fs + 2, GOLD, (right, hy), "midright", bold=True)
    r = blit_text(surface, cards_text, fs - 2, TEXT_DIM, (r.x - fs, hy), "midright")
    level = seat.level if seat.is_ai else ""
    name = seat.name + ("  ·  AI" if seat.is_ai and not level else "")
    level_fs = max(10, fs - 3)
    badge_w = badge_size(t, level, level_fs)[0]
    gap = max(4, fs // 3) if badge_w else 0
    width = r.x - rect.x - 2 * fs - 10 - badge_w - gap
    name_rect = blit_text(surface, ellipsize(name, fs, width, True), fs, TEXT, (rect.x + 2 * fs, hy), "midleft",
                          bold=True)
    if level:
        draw_level_badge(surface, t, level, (name_rect.right + gap, hy), level_fs)
    badge_fs = max(9, fs - 4)
    for pc in placed:
        surface.blit(sprites.get("quick_card", pc.face, pc.rect.size), pc.rect.topleft)
    for pc in placed:
        if pc.count:
            draw_badge(surface, f"{pc.count}×", (pc.rect.right - badge_fs, pc.rect.bottom - badge_fs), badge_fs)


def tableau_area(rect: pygame.Rect, fs: int) -> pygame.Rect:
    """The card area inside a tableau panel (under its header)."""
    top = rect.y + fs + 14
    pad = max(4, fs // 2)
    return pygame.Rect(rect.x + pad, top, rect.w - 2 * pad, rect.bottom - top - pad)


def draw_fate(surface: pygame.Surface, sprites: SpriteBook, rect: pygame.Rect, fate: str) -> None:
    """The fate card showing its side (the white or the black arrow); an empty outline without one (2 players)."""
    if fate == "none":
        pygame.draw.rect(surface, (60, 66, 78), rect, 1, border_radius=6)
        return
    pygame.draw.rect(surface, (10, 10, 12), rect.move(2, 3), border_radius=max(3, rect.w // 10))
    surface.blit(sprites.get("quick_fate", fate, rect.size), rect.topleft)


def draw_center(surface: pygame.Surface, sprites: SpriteBook, panels: PanelCache, rect: pygame.Rect,
                view: object, t: Translate, fs: int, scale: float) -> dict[str, pygame.Rect]:
    """Market, draw and discard piles, fate card, supply and the developments; returns hover rects."""
    v = view  # a CardsView
    panels.blit(surface, rect, PANEL, 225, max(6, fs // 2))
    pad = px(10, scale)
    hits: dict[str, pygame.Rect] = {}
    blit_text(surface, t("cards.market"), fs, GOLD, (rect.x + pad, rect.y + pad), bold=True)
    cw = min((rect.w - 2 * pad - 4 * px(6, scale)) // 5, px(62, scale))
    ch = int(cw * CARD_ASPECT)
    y = rect.y + pad + fs + px(6, scale)
    market = list(v.market)  # type: ignore[attr-defined]
    for i in range(5):
        r = pygame.Rect(rect.x + pad + i * (cw + px(6, scale)), y, cw, ch)
        if i < len(market):
            surface.blit(sprites.get("resource_card", RESOURCES[market[i]], (cw, ch)), r.topleft)
            hits[f"market.{i}"] = r
        else:
            pygame.draw.rect(surface, (60, 66, 78), r, 1, border_radius=6)
    y += ch + px(10, scale)
    small_w = px(46, scale)
    small_h = int(small_w * CARD_ASPECT)
    x = rect.x + pad + px(30, scale)
    for key, count in (("cards.draw_pile", v.draw_size), ("cards.discard_pile", v.discard_size)):  # type: ignore
        r = pygame.Rect(x, y, small_w, small_h)
        back = sprites.get("card_back", "resource", (small_w, small_h))
        if count:
            surface.blit(back, r.topleft)
        else:
            pygame.draw.rect(surface, (60, 66, 78), r, 1, border_radius=6)
        draw_badge(surface, str(count), (r.centerx, r.bottom - px(8, scale)), max(9, fs - 3))
        label = t(key)
        size = fit_text(label, max(9, fs - 3), px(104, scale))
        blit_text(surface, label, size, TEXT_DIM, (r.centerx, r.bottom + 3), "midtop")
        hits[key] = r
        x += px(112, scale)
    fate = pygame.Rect(0, 0, small_w, small_h)
    fate.topright = (rect.right - pad - px(30, scale), y)
    draw_fate(surface, sprites, fate, v.fate)  # type: ignore[attr-defined]
    label = t("cards.fate")
    blit_text(surface, label, fit_text(label, max(9, fs - 3), px(100, scale)), TEXT_DIM,
              (fate.centerx, y + small_h + 3), "midtop")
    hits["fate"] = fate
    y += small_h + fs + px(10, scale)
    supply = t("cards.supply.counts", roads=v.road_supply, knights=v.knight_supply,  # type: ignore[attr-defined]
               settlements=v.settlement_supply)  # type: ignore[attr-defined]
    sfs = fit_text(supply, max(9, fs - 2), rect.w - 2 * pad)
    blit_text(surface, supply, sfs, TEXT, (rect.x + pad, y))
    y += sfs + px(8, scale)
    kinds: list[str] = []
    for d in v.development_supply:  # type: ignore[attr-defined]
        kind = card(d).development or ""
        if kind not in kinds:
            kinds.append(kind)
    dev_line = t("cards.developments") + ": " + ", ".join(t(f"cards.card.{k}") for k in kinds) if kinds else ""
    if dev_line:
        from gui.fonts import wrap_text

        dfs = max(9, fs - 3)
        for line in wrap_text(dev_line, dfs, rect.w - 2 * pad)[:3]:
            blit_text(surface, line, dfs, TEXT_DIM, (rect.x + pad, y))
            y += int(dfs * 1.25)
    return hits


def hand_slots(rect: pygame.Rect, fs: int) -> list[pygame.Rect]:
    """The five resource slots of the hand panel."""
    top = rect.y + fs + 12
    h = rect.bottom - top - 6
    w = int(h / CARD_ASPECT)
    gap = max(6, (rect.w - 24 - 5 * w) // 5)
    gap = min(gap, w // 3)
    return [pygame.Rect(rect.x + 12 + i * (w + gap), top, w, h) for i in range(5)]


def draw_hand(surface: pygame.Surface, sprites: SpriteBook, panels: PanelCache, rect: pygame.Rect,
              hand: Sequence[int] | None, title: str, fs: int) -> None:
    """The viewer's resource cards, one slot per resource with its count."""
    panels.blit(surface, rect, PANEL, 225, max(6, fs // 2))
    blit_text(surface, title, fs, GOLD, (rect.x + 12, rect.y + 6), bold=True)
    if hand is None:
        return
    blit_text(surface, f"Σ {sum(hand)}", fs, TEXT_DIM, (rect.right - 12, rect.y + 6), "topright", bold=True)
    for r, slot in enumerate(hand_slots(rect, fs)):
        img = sprites.get("resource_card", RESOURCES[r], slot.size)
        surface.blit(img, slot.topleft)
        if not hand[r]:
            veil = pygame.Surface(slot.size, pygame.SRCALPHA)
            veil.fill((24, 30, 38, 180))
            surface.blit(veil, slot.topleft)
        if hand[r]:
            draw_badge(surface, f"×{hand[r]}", (slot.centerx, slot.y + fs // 2 + 4), fs, (120, 30, 26))
