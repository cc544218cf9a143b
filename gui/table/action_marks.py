"""Where a recorded action lands on a table, and the gold mark drawn there (the review's "show the better move")."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from gui.dialogs import GOLD, px

OUTLINE = (20, 20, 24)


@dataclass(frozen=True)
class ActionSpot:
    """One place an action touches: a screen rectangle, marked with a ring when `round` (Catan's spots and hexes)
    or with a frame around it (a card, a stack)."""

    rect: pygame.Rect
    round: bool


def ring_spot(centre: tuple[float, float], radius: int) -> ActionSpot:
    """A round spot of `radius` around a screen point."""
    x, y = int(round(centre[0])), int(round(centre[1]))
    return ActionSpot(pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius), True)


def draw_action_spots(surface: pygame.Surface, spots: list[ActionSpot], scale: float) -> None:
    """A gold ring with a dark edge and a soft halo on every spot, so the mark reads on light and dark art alike
    and stands out at the smallest window."""
    line = max(3, px(5, scale))
    edge = max(2, px(3, scale))
    halo = max(6, px(12, scale))
    margin = halo + edge + line + 2
    for spot in spots:
        area = spot.rect.inflate(2 * margin, 2 * margin)
        glow = pygame.Surface(area.size, pygame.SRCALPHA)
        inner = pygame.Rect(margin, margin, spot.rect.w, spot.rect.h)
        if spot.round:
            centre, radius = inner.center, inner.w // 2
            pygame.draw.circle(glow, (*GOLD, 80), centre, radius)
            for k in range(3):
                pygame.draw.circle(glow, (*GOLD, 50 - 15 * k), centre, radius + line + (k + 1) * halo // 3,
                                   max(1, halo // 3))
            pygame.draw.circle(glow, (*OUTLINE, 255), centre, radius + line + edge, line + 2 * edge)
            pygame.draw.circle(glow, (*GOLD, 255), centre, radius + line, line)
        else:
            corner = px(8, scale)
            pygame.draw.rect(glow, (*GOLD, 60), inner, border_radius=corner)
            for k in range(3):
                grow = 2 * (line + (k + 1) * halo // 3)
                pygame.draw.rect(glow, (*GOLD, 50 - 15 * k), inner.inflate(grow, grow), max(1, halo // 3),
                                 border_radius=corner + grow // 2)
            ring = inner.inflate(2 * line, 2 * line)
            pygame.draw.rect(glow, (*OUTLINE, 255), ring.inflate(2 * edge, 2 * edge), line + 2 * edge,
                             border_radius=corner + line + edge)
            pygame.draw.rect(glow, (*GOLD, 255), ring, line, border_radius=corner + line)
        surface.blit(glow, area.topleft)
