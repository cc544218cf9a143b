"""The centre of the Rivals table: the supply (roads, settlements, cities, regions), the draw stacks, the face-up
stack, the event deck and discard pile, the two dice and the advantage tokens nobody holds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.rivals.constants import TOKENS
from gui.dialogs import GOLD, blit_text, ellipsize, px
from gui.rivals.faces import CardFaces
from gui.rivals.pieces import draw_count, draw_event_die, draw_token
from gui.rivals.principality import dashed_rect
from gui.table.panels import PanelCache
from gui.widgets import PANEL

Translate = Callable[..., str]
SUPPLY = ("road", "settlement", "city", "region")
# The chip on a draw stack that counts the cards players have put under it.
RETURNED_FILL = (92, 58, 30)


@dataclass(frozen=True)
class CentreSpots:
    """Screen rectangles of the centre's parts: supply kinds, draw stacks, face-up, events, discard, dice."""

    supply: dict[str, pygame.Rect]
    stacks: tuple[pygame.Rect, ...]
    face_up: pygame.Rect | None
    events: pygame.Rect
    discard: pygame.Rect
    dice: tuple[pygame.Rect, pygame.Rect]
    tokens: tuple[pygame.Rect, pygame.Rect]

    def hit(self, pos: tuple[int, int]) -> str | None:
        """The part under pos: 'supply.<kind>', 'stack.<i>', 'face_up', 'events', 'discard', 'dice'."""
        for kind, r in self.supply.items():
            if r.collidepoint(pos):
                return f"supply.{kind}"
        for i, r in enumerate(self.stacks):
            if r.collidepoint(pos):
                return f"stack.{i}"
        if self.face_up is not None and self.face_up.collidepoint(pos):
            return "face_up"
        if self.events.collidepoint(pos):
            return "events"
        if self.discard.collidepoint(pos):
            return "discard"
        if self.dice[0].union(self.dice[1]).collidepoint(pos):
            return "dice"
        return None


def centre_spots(rect: pygame.Rect, stacks: int, face_up: bool, scale: float) -> CentreSpots:
    """Three rows: the supply, the draw stacks (and the face-up stack), then events, discard and the dice."""
    pad = px(10, scale)
    label = px(20, scale)
    gap = px(7, scale)
    per_row = max(stacks, 4 + (1 if face_up else 0) + 1)  # a region is as wide as 1.5 cards
    cw = min(px(58, scale), (rect.w - 2 * pad - gap * (per_row - 1)) // per_row)
    ch = cw * 3 // 2
    row_h = label + ch + px(12, scale)
    y = rect.y + pad + label
    x = rect.x + pad
    supply: dict[str, pygame.Rect] = {}
    for kind in SUPPLY:
        w = ch if kind == "region" else cw
        supply[kind] = pygame.Rect(x, y, w, ch)
        x += w + gap
    up = pygame.Rect(rect.right - pad - cw, y, cw, ch) if face_up else None
    y += row_h
    x = rect.x + pad
    rects = []
    for _ in range(stacks):
        rects.append(pygame.Rect(x, y, cw, ch))
        x += cw + gap
    y += row_h
    x = rect.x + pad
    events = pygame.Rect(x, y, cw, ch)
    discard = pygame.Rect(x + cw + gap, y, cw, ch)
    die = min(cw, px(50, scale))
    dx = discard.right + px(18, scale)
    dice = (pygame.Rect(dx, y + (ch - die) // 2, die, die), pygame.Rect(dx + die + gap, y + (ch - die) // 2, die, die))
    tr = die // 2
    tx = dice[1].right + px(16, scale)
    tokens = (pygame.Rect(tx, y + ch // 2 - tr - px(2, scale) - tr, 2 * tr, 2 * tr),
              pygame.Rect(tx, y + ch // 2 + px(2, scale), 2 * tr, 2 * tr))
    return CentreSpots(supply, tuple(rects), up, events, discard, dice, tokens)


@dataclass(frozen=True)
class CentreState:
    """What the centre shows, read from the view (and the public backs of the draw stacks)."""

    supply: dict[str, int]
    stack_sizes: tuple[int, ...]
    stack_backs: tuple[str, ...]
    face_up: tuple[int, ...]
    event_deck: int
    discard_top: int
    discard_size: int
    dice: tuple[int, str]
    tokens: tuple[int, int]
    # Per draw stack, how many of its cards players have put under it (public: everyone sees a card go under).
    stack_returned: tuple[int, ...] = ()


def draw_centre(surface: pygame.Surface, faces: CardFaces, panels: PanelCache, rect: pygame.Rect,
                spots: CentreSpots, st: CentreState, t: Translate, fs: int, scale: float,
                production_die: Callable[[int, int], pygame.Surface], show_dice: bool = True) -> None:
    """Panel, row titles, the supply with counts, the draw stacks, the face-up stack, events, discard and dice."""
    panels.blit(surface, rect, PANEL, 225, max(6, fs // 2))
    small = max(9, fs - 3)
    pad = px(10, scale)

    def title(text: str, r: pygame.Rect) -> None:
        width = rect.right - pad - r.x
        blit_text(surface, ellipsize(text, small, width, True), small, GOLD, (r.x, r.y - px(3, scale)), "bottomleft",
                  bold=True)

    first = spots.supply["road"]
    title(t("rivals.centre.supply"), first)
    for kind, r in spots.supply.items():
        n = st.supply.get(kind, 0)
        if n:
            img = faces.back("region", r.size) if kind == "region" else faces.card(kind, r.size)
            _pile(surface, img, r, n)
        else:
            dashed_rect(surface, r, (90, 96, 104))
        draw_count(surface, str(n), (r.centerx, r.bottom), small)
    if spots.stacks:
        title(t("rivals.centre.stacks"), spots.stacks[0])
    for i, r in enumerate(spots.stacks):
        n = st.stack_sizes[i] if i < len(st.stack_sizes) else 0
        if n:
            back = st.stack_backs[i] if i < len(st.stack_backs) else "basic"
            _pile(surface, faces.back(back, r.size), r, n)
            under = st.stack_returned[i] if i < len(st.stack_returned) else 0
            if under:
                draw_count(surface, f"\u2193{under}", returned_chip_center(r, scale), small, fill=RETURNED_FILL)
        else:
            dashed_rect(surface, r, (90, 96, 104))
        draw_count(surface, str(n), (r.centerx, r.bottom), small)
    if spots.face_up is not None:
        r = spots.face_up
        label = t("rivals.centre.face_up")
        blit_text(surface, ellipsize(label, small, r.w + 3 * pad, True), small, GOLD, (r.right, r.y - px(3, scale)),
                  "bottomright", bold=True)
        if st.face_up:
            _pile(surface, faces.face(st.face_up[0], r.size), r, len(st.face_up))
        else:
            dashed_rect(surface, r, (90, 96, 104))
        draw_count(surface, str(len(st.face_up)), (r.centerx, r.bottom), small)
    title(t("rivals.centre.events"), spots.events)
    if st.event_deck:
        _pile(surface, faces.back("event", spots.events.size), spots.events, st.event_deck)
    else:
        dashed_rect(surface, spots.events, (90, 96, 104))
    draw_count(surface, str(st.event_deck), (spots.events.centerx, spots.events.bottom), small)
    if st.discard_top >= 0:
        _pile(surface, faces.face(st.discard_top, spots.discard.size), spots.discard, st.discard_size)
    else:
        dashed_rect(surface, spots.discard, (90, 96, 104))
    draw_count(surface, str(st.discard_size), (spots.discard.centerx, spots.discard.bottom), small)
    blit_text(surface, t("rivals.centre.dice"), small, GOLD, (spots.dice[0].x, spots.events.y - px(3, scale)),
              "bottomleft", bold=True)
    if show_dice:
        draw_dice(surface, spots, st.dice, production_die)
    for i, token in enumerate(TOKENS):
        if st.tokens[i] < 0:
            r = spots.tokens[i]
            draw_token(surface, r.center, r.w // 2, token)


def returned_chip_center(stack: pygame.Rect, scale: float) -> tuple[int, int]:
    """Where the chip counting the cards put under a draw stack sits: on its top edge, inside its right corner."""
    return stack.right - px(15, scale), stack.top + px(3, scale)


def draw_dice(surface: pygame.Surface, spots: CentreSpots, dice: tuple[int, str],
              production_die: Callable[[int, int], pygame.Surface], tilt: float = 0.0) -> None:
    """The production die (its number) and the event die (its face); faded before the first roll."""
    value, face = dice
    r0, r1 = spots.dice
    img = production_die(value if 1 <= value <= 6 else 6, r0.w)
    if tilt:
        img = pygame.transform.rotate(img, tilt)
    if not 1 <= value <= 6:
        img = img.copy()
        img.set_alpha(140)
    surface.blit(img, img.get_rect(center=r0.center))
    draw_event_die(surface, r1, face, -tilt)


def _pile(surface: pygame.Surface, img: pygame.Surface, rect: pygame.Rect, count: int) -> None:
    """A card on top of a pile whose thickness grows with the count."""
    depth = min(4, max(0, (count - 1) // 3 + (1 if count > 1 else 0)))
    for k in range(depth, 0, -1):
        edge = rect.move(k * 2, k * 2)
        pygame.draw.rect(surface, (24, 22, 20), edge, border_radius=max(2, rect.w // 12))
        pygame.draw.rect(surface, (200, 190, 170), edge, 1, border_radius=max(2, rect.w // 12))
    surface.blit(img, rect.topleft)

