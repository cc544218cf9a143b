"""The Catan table's panels: players, own hand and dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.catan.constants import DEV_CARDS, RESOURCES
from gui.dialogs import GOLD, SHADOW, blit_text, ellipsize, fit_text
from gui.fonts import render_text
from gui.levels import badge_size, draw_level_badge
from gui.marks import draw_mark
from gui.table.colors import player_rgb
from gui.table.panels import PanelCache
from gui.table.sprites import SpriteBook
from gui.widgets import PANEL, PANEL_EDGE, TEXT, TEXT_DIM

Color = tuple[int, int, int]
TRADE_CARD: Color = (52, 138, 132)
TRADE_CARD_EDGE: Color = (20, 60, 58)


@dataclass(frozen=True)
class PlayerInfo:
    """What the players panel shows about one seat."""

    index: int
    name: str
    color: str
    vp: int
    hidden_vp: int
    cards: int
    devs: int
    knights: int
    road: int
    longest: bool
    army: bool
    acting: bool
    is_ai: bool
    is_viewer: bool
    trade_cards: int | None = None  # the two-player game's trade cards (None in other games)
    trade_max: int = 7
    level: str = ""  # an AI seat's level id ('easy', 'normal', 'hard'), shown as a badge after the name
    on_turn: bool = False  # whose turn it is (marked even while others answer or discard)
    busy: str = ""  # what a seat that is not on turn must decide now ("answering…", "discarding…")


def _card_glyph(surface: pygame.Surface, x: int, y: int, h: int, fill: Color, edge: Color) -> int:
    """A small upright card shape; returns its width."""
    w = max(6, int(h * 0.7))
    pygame.draw.rect(surface, edge, (x, y, w, h), border_radius=max(2, h // 6))
    pygame.draw.rect(surface, fill, (x + 1, y + 1, w - 2, h - 2), border_radius=max(2, h // 6))
    return w


class PlayersPanel:
    """One row per seat: name and colour, points, cards, development cards, knights, road, special cards."""

    def __init__(self, panels: PanelCache) -> None:
        self.panels = panels
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[pygame.Rect] = []
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.colour_marks = False  # colour-blind marks: each seat's shape on its stripe

    def layout(self, rect: pygame.Rect, count: int, cols: int = 1) -> None:
        """Split the panel into rows (in reading order over `cols` columns)."""
        self.rect = rect
        cols = max(1, cols)
        h = rect.h // max(1, -(-count // cols))
        gap = max(2, h // 14)
        w = (rect.w - gap * (cols - 1)) // cols
        self.rows = [pygame.Rect(rect.x + (i % cols) * (w + gap), rect.y + (i // cols) * h, w, h - gap)
                     for i in range(count)]

    def row_rect(self, player: int) -> pygame.Rect:
        """Screen rect of a player's row."""
        return self.rows[player] if 0 <= player < len(self.rows) else self.rect

    def draw(self, surface: pygame.Surface, infos: Sequence[PlayerInfo], t: Callable[..., str], fs: int,
             pulse: float) -> None:
        """Draw every row."""
        self.tips = []
        for info, row in zip(infos, self.rows):
            self._row(surface, info, row, t, fs, pulse)

    def _row(self, surface: pygame.Surface, info: PlayerInfo, row: pygame.Rect, t: Callable[..., str], fs: int,
             pulse: float) -> None:
        rgb = player_rgb(info.color)
        bg = (52, 60, 78) if info.on_turn else PANEL
        edge = GOLD if info.on_turn else PANEL_EDGE
        self.panels.blit(surface, row, bg, 240, max(6, row.h // 8), edge)
        if info.on_turn:
            glow = int(120 + 100 * pulse) if info.acting else 150
            pygame.draw.rect(surface, (min(255, glow + 110), min(255, glow + 70), 60), row, 2,
                             border_radius=max(6, row.h // 8))
        elif info.busy:
            glow = int(130 + 90 * pulse)
            pygame.draw.rect(surface, (glow // 2, min(255, glow + 40), 255), row, 2, border_radius=max(6, row.h // 8))
        stripe = pygame.Rect(row.x + 5, row.y + 6, max(6, row.h // 9), row.h - 12)
        pygame.draw.rect(surface, rgb, stripe, border_radius=3)
        pygame.draw.rect(surface, (20, 20, 24), stripe, 1, border_radius=3)
        if self.colour_marks:
            draw_mark(surface, info.color, stripe.center, max(9, fs * 0.95))
        x0 = stripe.right + max(6, fs // 2)
        line1 = row.y + max(4, row.h // 12)
        name_fs = fs + 1
        # points on the right
        vp_text = str(info.vp) if not info.hidden_vp else f"{info.vp}+{info.hidden_vp}"
        vp_fs = int(fs * 1.5)
        vp_surf = render_text(vp_text, vp_fs, GOLD, True)
        star = render_text("★", int(fs * 1.2), GOLD, False)
        vx = row.right - vp_surf.get_width() - max(8, fs // 2)
        surface.blit(vp_surf, (vx, line1))
        surface.blit(star, (vx - star.get_width() - 3, line1 + (vp_surf.get_height() - star.get_height()) // 2))
        self.tips.append((pygame.Rect(vx - star.get_width() - 3, line1, row.right - vx + star.get_width(),
                                      vp_surf.get_height()), t("table.tip.vp")))
        name_w = vx - star.get_width() - 10 - x0
        marker = "▶ " if info.on_turn else ""
        level = info.level if info.is_ai else ""
        tag = "" if level else f" ({t('table.ai')})" if info.is_ai else (" " + t("table.you") if info.is_viewer
                                                                           else "")
        badge_fs = max(10, name_fs - 5)
        badge_w = badge_size(t, level, badge_fs)[0]
        gap = max(4, fs // 3) if badge_w else 0
        room = name_w - badge_w - gap
        size = fit_text(marker + info.name + tag, name_fs, room, True)
        name_rect = blit_text(surface, ellipsize(marker + info.name + tag, size, room, True), size, TEXT, (x0, line1),
                              bold=True)
        if level:
            draw_level_badge(surface, t, level, (name_rect.right + gap, name_rect.centery), badge_fs)
        # counts
        sfs = max(10, int(fs * 0.9))
        y2 = line1 + int(fs * 1.75)
        gh = int(sfs * 1.25)
        x = x0
        items: list[tuple[str, str]] = []
        w = _card_glyph(surface, x, y2, gh, (226, 206, 150), (110, 86, 50))
        x += w + 4
        r = blit_text(surface, str(info.cards), sfs, TEXT, (x, y2 + (gh - sfs) // 2 - 1), bold=True)
        items.append(("cards", t("table.tip.cards", count=info.cards)))
        self.tips.append((pygame.Rect(x0, y2, r.right - x0, gh), items[-1][1]))
        x = r.right + int(sfs * 0.9)
        xs = x
        w = _card_glyph(surface, x, y2, gh, (118, 70, 140), (60, 30, 70))
        x += w + 4
        r = blit_text(surface, str(info.devs), sfs, TEXT, (x, y2 + (gh - sfs) // 2 - 1), bold=True)
        self.tips.append((pygame.Rect(xs, y2, r.right - xs, gh), t("table.tip.devs", count=info.devs)))
        x = r.right + int(sfs * 0.9)
        xs = x
        r = blit_text(surface, f"⚔ {info.knights}", sfs, TEXT, (x, y2 + (gh - sfs) // 2 - 1), bold=True)
        self.tips.append((pygame.Rect(xs, y2, r.right - xs, gh), t("table.tip.knights", count=info.knights)))
        x = r.right + int(sfs * 0.9)
        xs = x
        bar = pygame.Rect(x, y2 + gh // 2 - max(2, gh // 6), int(gh * 1.1), max(4, gh // 3))
        pygame.draw.rect(surface, (20, 20, 24), bar.inflate(2, 2), border_radius=3)
        pygame.draw.rect(surface, rgb, bar, border_radius=3)
        r = blit_text(surface, str(info.road), sfs, TEXT, (bar.right + 4, y2 + (gh - sfs) // 2 - 1), bold=True)
        self.tips.append((pygame.Rect(xs, y2, r.right - xs, gh), t("table.tip.road_length", count=info.road)))
        if info.trade_cards is not None:
            x = r.right + int(sfs * 0.9)
            xs = x
            w = _card_glyph(surface, x, y2, gh, TRADE_CARD, TRADE_CARD_EDGE)
            blit_text(surface, "⇄", max(8, gh * 2 // 3), (236, 250, 246), (x + w // 2, y2 + gh // 2), "center",
                      bold=True)
            x += w + 4
            r = blit_text(surface, f"{info.trade_cards}/{info.trade_max}", sfs, TEXT,
                          (x, y2 + (gh - sfs) // 2 - 1), bold=True)
            self.tips.append((pygame.Rect(xs, y2, r.right - xs, gh),
                              t("table.tip.trade_cards", count=info.trade_cards, max=info.trade_max)))
        if info.busy:
            busy = render_text(info.busy, max(9, sfs - 1), (20, 28, 44), True)
            pill = pygame.Rect(0, 0, busy.get_width() + 12, busy.get_height() + 4)
            pill.bottomright = (row.right - max(6, fs // 3), row.bottom - max(3, row.h // 14))
            pygame.draw.rect(surface, (150, 200, 255), pill, border_radius=pill.h // 2)
            surface.blit(busy, busy.get_rect(center=pill.center))
        # special cards as badges
        y3 = y2 + gh + max(3, fs // 4)
        if y3 + sfs + 4 > row.bottom:
            y3 = None
        bx = x0
        for held, key, color in ((info.longest, "longest_road", (150, 60, 40)),
                                 (info.army, "largest_army", (92, 52, 120))):
            if not held:
                continue
            label = t(f"table.badge.{key}")
            text = render_text(label, max(9, sfs - 2), (250, 240, 220), True)
            if y3 is None:
                pill = pygame.Rect(0, 0, text.get_width() + 12, text.get_height() + 4)
                pill.topright = (row.right - 8, y2 + gh + 2)
                if pill.bottom > row.bottom:
                    pill.bottom = row.bottom - 2
            else:
                pill = pygame.Rect(bx, y3, text.get_width() + 12, text.get_height() + 4)
            pygame.draw.rect(surface, color, pill, border_radius=pill.h // 2)
            pygame.draw.rect(surface, GOLD, pill, 1, border_radius=pill.h // 2)
            surface.blit(text, (pill.x + 6, pill.y + 2))
            self.tips.append((pill, t(f"special.{key}") + " (+2)"))
            bx = pill.right + 6

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """The tooltip under the mouse, if any."""
        for rect, text in self.tips:
            if rect.collidepoint(pos):
                return text
        return None


# ------------------------------------------------------------------ own hand


@dataclass(frozen=True)
class HandInfo:
    """The shown seat's cards: resource counts, development cards held / bought this turn / playable."""

    resources: tuple[int, ...]
    devs: tuple[int, ...]
    devs_new: tuple[int, ...]
    playable: frozenset[int]
    visible: bool = True


@dataclass
class HandCard:
    """One card (stack) in the hand row and where it is on screen."""

    kind: str  # "resource" or "dev"
    index: int
    count: int
    rect: pygame.Rect
    playable: bool = False


@dataclass
class HandPanel:
    """The resource cards and development cards of the seat whose view is shown."""

    panels: PanelCache
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    cards: list[HandCard] = field(default_factory=list)
    faded: dict[tuple[str, str, tuple[int, int]], pygame.Surface] = field(default_factory=dict)

    def layout(self, rect: pygame.Rect, hand: HandInfo | None) -> None:
        """Place the cards in the row."""
        self.rect = rect
        self.cards = []
        if hand is None or not hand.visible:
            return
        stacks: list[tuple[str, int, int, bool]] = [("resource", r, hand.resources[r], False) for r in range(5)]
        stacks += [("dev", d, hand.devs[d], d in hand.playable) for d in range(5) if hand.devs[d]]
        pad = max(4, rect.h // 16)
        top_gap = max(14, rect.h // 6)
        ch = rect.h - top_gap - pad
        cw = int(ch / 1.5)
        gap = max(4, cw // 9)
        extra = gap * 2
        total = len(stacks) * (cw + gap) + extra
        if total > rect.w - 2 * pad:
            cw = int((rect.w - 2 * pad - extra) / len(stacks) - gap)
            ch = int(cw * 1.5)
        x = rect.x + pad
        y = rect.y + top_gap
        for i, (kind, index, count, playable) in enumerate(stacks):
            if i == 5:
                x += extra
            self.cards.append(HandCard(kind, index, count, pygame.Rect(x, y, cw, ch), playable))
            x += cw + gap

    def card_at(self, pos: tuple[int, int]) -> HandCard | None:
        """The card under the point."""
        for card in self.cards:
            if card.rect.collidepoint(pos):
                return card
        return None

    def draw(self, surface: pygame.Surface, sprites: SpriteBook, hand: HandInfo | None, title: str, fs: int,
             pulse: float, hover: HandCard | None) -> None:
        """Draw the hand row (or a note when no hand is shown)."""
        self.panels.blit(surface, self.rect, PANEL, 235, 10)
        blit_text(surface, title, max(10, fs - 2), TEXT_DIM, (self.rect.x + 10, self.rect.y + 4), bold=True)
        if hand is None or not hand.visible:
            return
        for card in self.cards:
            name = RESOURCES[card.index] if card.kind == "resource" else DEV_CARDS[card.index]
            kind = "resource_card" if card.kind == "resource" else "dev_card"
            img = sprites.get(kind, name, (card.rect.w, card.rect.h))
            rect = card.rect.move(0, -4) if card is hover and card.count else card.rect
            if card.count == 0:
                key = (kind, name, card.rect.size)
                dimmed = self.faded.get(key)
                if dimmed is None:
                    dimmed = self.faded[key] = img.copy()
                    dimmed.set_alpha(70)
                surface.blit(dimmed, rect)
            else:
                surface.blit(img, rect)
            if card.playable:
                glow = int(160 + 90 * pulse)
                pygame.draw.rect(surface, (255, min(255, glow), 90), rect.inflate(6, 6), 3,
                                 border_radius=max(4, rect.w // 10))
            elif card.kind == "dev" and hand.devs_new[card.index] and card.index != 1:
                tag = render_text("★", max(10, fs - 3), GOLD, True)
                surface.blit(tag, (rect.x + 3, rect.bottom - tag.get_height() - 2))
            if card.count:
                badge_r = max(9, rect.w // 5)
                # A development's title is on its top, so its count sits on the lower corner.
                corner_y = rect.bottom - badge_r // 2 if card.kind == "dev" else rect.y + badge_r // 2
                centre = (rect.right - badge_r // 2, corner_y)
                pygame.draw.circle(surface, SHADOW, (centre[0] + 1, centre[1] + 2), badge_r)
                pygame.draw.circle(surface, (30, 34, 44), centre, badge_r)
                pygame.draw.circle(surface, GOLD, centre, badge_r, 2)
                num = render_text(str(card.count), max(10, int(badge_r * 1.1)), TEXT, True)
                surface.blit(num, num.get_rect(center=centre))


def draw_dice(surface: pygame.Surface, sprites: SpriteBook, rect: pygame.Rect, dice: tuple[int, int] | None,
              live: bool, pulse: float, faces: tuple[int, int] | None = None, wobble: float = 0.0) -> None:
    """Two dice in the corner of the board: the last roll, tumbling faces while rolling, a glow when rollable."""
    size = rect.h - max(8, rect.h // 6)
    shown = faces or dice or (6, 6)
    gap = (rect.w - 2 * size) // 3
    if live:
        glow = pygame.Rect(rect)
        pygame.draw.rect(surface, (int(150 + 100 * pulse), int(120 + 80 * pulse), 40), glow, 3,
                         border_radius=rect.h // 5)
    for i, value in enumerate(shown):
        img = sprites.get("die", str(value), size)
        if dice is None and faces is None:
            img = img.copy()
            img.set_alpha(90)
        if wobble:
            angle = wobble * (25 if i == 0 else -30)
            img = pygame.transform.rotate(img, angle)
        cx = rect.x + gap + size // 2 + i * (size + gap)
        cy = rect.centery - int(abs(wobble) * size * 0.25 * (1 if i == 0 else 0.7))
        surface.blit(img, img.get_rect(center=(cx, cy)))


__all__ = ["HandCard", "HandInfo", "HandPanel", "PlayerInfo", "PlayersPanel", "draw_dice"]
