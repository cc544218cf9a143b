"""The hand on the Rivals table: a fan of cards (playable ones marked, the chosen one raised), hit tests, and the
opponent's hand as backs."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

import pygame

from gui.rivals.faces import CardFaces

PLAYABLE = (96, 200, 110)
CHOSEN = (240, 200, 90)
FAN_DEGREES = 3.5       # tilt between neighbouring cards
MAX_TILT = 6.0          # the outermost cards tilt no further (a tilted card's corners would leave the strip)
RAISE = 0.16            # how far the chosen card rises, in card heights
HELD = 0.84             # card height per area height: whole cards, their text at the foot included
DROP = 0.05             # how far the outermost cards sink, in card heights


@dataclass
class HandFan:
    """Where each hand card lies: its upright rect, its tilt, and the order they are drawn in."""

    cards: tuple[int, ...] = ()
    rects: list[pygame.Rect] = field(default_factory=list)
    angles: list[int] = field(default_factory=list)
    card_w: int = 0
    card_h: int = 0

    def layout(self, area: pygame.Rect, cards: Sequence[int]) -> None:
        """Spread the cards over the area, tilted like a fan held in one hand; every card is seen whole."""
        self.cards = tuple(cards)
        n = len(self.cards)
        self.card_h = max(24, int(area.h * HELD)) // 3 * 3
        self.card_w = self.card_h * 2 // 3
        self.rects, self.angles = [], []
        if not n:
            return
        step = self.card_w + max(4, self.card_w // 10)
        if n > 1:
            step = min(step, (area.w - self.card_w - 8) // (n - 1))
        total = self.card_w + step * (n - 1)
        x0 = area.centerx - total // 2
        mid = (n - 1) / 2
        for i in range(n):
            off = i - mid
            drop = int((abs(off) / mid) ** 1.6 * self.card_h * DROP) if mid else 0
            r = pygame.Rect(x0 + i * step, area.y + int(area.h * 0.04) + drop, self.card_w, self.card_h)
            self.rects.append(r)
            self.angles.append(int(round(max(-MAX_TILT, min(MAX_TILT, -off * FAN_DEGREES)))))

    def index_at(self, pos: tuple[int, int], chosen: int = -1) -> int | None:
        """The topmost card under pos (the last drawn wins; the raised card is tested where it is drawn)."""
        for i in range(len(self.rects) - 1, -1, -1):
            if self.shown_rect(i, chosen).collidepoint(pos):
                return i
        return None

    def shown_rect(self, i: int, chosen: int = -1) -> pygame.Rect:
        """The rect of card i as drawn (raised when chosen)."""
        r = self.rects[i]
        return r.move(0, -int(self.card_h * RAISE)) if self.cards[i] == chosen else r


def card_with_mark(faces: CardFaces, card: int, size: tuple[int, int], mark: tuple[int, int, int] | None,
                   angle: int, cache: dict) -> pygame.Surface:
    """A hand card's face with an optional coloured frame, tilted (cached per card, size, mark and tilt)."""
    key = (card, size, mark, angle)
    surf = cache.get(key)
    if surf is None:
        base = faces.face(card, size)
        if mark is not None:
            base = base.copy()
            radius = max(3, size[0] // 12)
            pygame.draw.rect(base, mark, base.get_rect(), max(2, size[0] // 28), border_radius=radius)
        surf = pygame.transform.rotate(base, angle) if angle else base
        if len(cache) > 120:
            cache.clear()
        cache[key] = surf
    return surf


def draw_fan(surface: pygame.Surface, faces: CardFaces, fan: HandFan, playable: Collection[int], chosen: int,
             skip: int, cache: dict) -> None:
    """The hand cards in fan order: playable ones framed green, the chosen one framed gold and raised; the card
    being dragged (skip) is left out."""
    for i, card in enumerate(fan.cards):
        if card == skip:
            continue
        mark = CHOSEN if card == chosen else PLAYABLE if card in playable else None
        r = fan.shown_rect(i, chosen)
        img = card_with_mark(faces, card, r.size, mark, fan.angles[i], cache)
        shadow = img.get_rect(center=(r.centerx + 3, r.centery + 4))
        pygame.draw.rect(surface, (6, 8, 8), shadow.inflate(-6, -6), border_radius=6)
        surface.blit(img, img.get_rect(center=r.center))


def draw_backs(surface: pygame.Surface, faces: CardFaces, area: pygame.Rect, count: int, back: str = "basic",
               align: str = "center") -> None:
    """A hidden hand as overlapping backs in area (aligned left or centred)."""
    if count <= 0:
        return
    h = area.h
    w = h * 2 // 3
    step = min(w * 2 // 3, max(4, (area.w - w) // max(1, count - 1)))
    total = w + step * (count - 1)
    x = area.x if align == "left" else area.centerx - total // 2
    img = faces.back(back, (w, h))
    for i in range(count):
        surface.blit(img, (x + i * step, area.y))
