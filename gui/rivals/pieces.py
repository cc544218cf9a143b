"""Table pieces drawn with pygame: the event die's faces, the strength and trade tokens, stack count badges."""

from __future__ import annotations

import math

import pygame

from gui.dialogs import GOLD_DARK, blit_text
from gui.fonts import font
from gui.widgets import TEXT

Color = tuple[int, int, int]
INK: Color = (30, 26, 22)
RED: Color = (178, 34, 30)
IVORY: Color = (242, 234, 212)
TOKEN_FILL = {"strength_advantage": (150, 52, 40), "trade_advantage": (40, 104, 132)}


def _club(surface: pygame.Surface, c: tuple[float, float], r: float, color: Color) -> None:
    """A brigand's club: a handle widening to a knobbly head."""
    ang = math.radians(-45)
    dx, dy = math.cos(ang), math.sin(ang)
    base = (c[0] - dx * r * 0.8, c[1] - dy * r * 0.8)
    tip = (c[0] + dx * r * 0.55, c[1] + dy * r * 0.55)
    nx, ny = -dy, dx
    poly = [(base[0] + nx * r * 0.1, base[1] + ny * r * 0.1), (tip[0] + nx * r * 0.32, tip[1] + ny * r * 0.32),
            (tip[0] - nx * r * 0.32, tip[1] - ny * r * 0.32), (base[0] - nx * r * 0.1, base[1] - ny * r * 0.1)]
    pygame.draw.polygon(surface, color, poly)
    pygame.draw.circle(surface, color, (int(tip[0]), int(tip[1])), max(2, int(r * 0.36)))
    for k in (-1, 1):
        knob = (tip[0] - dx * r * 0.25 + nx * r * 0.3 * k, tip[1] - dy * r * 0.25 + ny * r * 0.3 * k)
        pygame.draw.circle(surface, color, (int(knob[0]), int(knob[1])), max(1, int(r * 0.12)))


def _scales(surface: pygame.Surface, c: tuple[float, float], r: float, color: Color) -> None:
    """A pair of scales (the commerce symbol)."""
    w = max(1, int(r * 0.14))
    cx, cy = c
    pygame.draw.line(surface, color, (cx, cy - r * 0.75), (cx, cy + r * 0.6), w)
    pygame.draw.line(surface, color, (cx - r * 0.7, cy - r * 0.45), (cx + r * 0.7, cy - r * 0.45), w)
    pygame.draw.line(surface, color, (cx - r * 0.4, cy + r * 0.6), (cx + r * 0.4, cy + r * 0.6), w)
    for sx in (-1, 1):
        px_ = cx + sx * r * 0.7
        pygame.draw.line(surface, color, (px_, cy - r * 0.45), (px_ - r * 0.25, cy + r * 0.1), max(1, w // 2))
        pygame.draw.line(surface, color, (px_, cy - r * 0.45), (px_ + r * 0.25, cy + r * 0.1), max(1, w // 2))
        pan = pygame.Rect(0, 0, int(r * 0.62), int(r * 0.3))
        pan.midtop = (int(px_), int(cy + r * 0.02))
        pygame.draw.arc(surface, color, pan.inflate(0, int(r * 0.3)), math.pi, 2 * math.pi, w)


def _axe(surface: pygame.Surface, c: tuple[float, float], r: float, color: Color) -> None:
    """An axe (the strength symbol)."""
    cx, cy = c
    w = max(1, int(r * 0.16))
    pygame.draw.line(surface, color, (cx - r * 0.55, cy + r * 0.7), (cx + r * 0.35, cy - r * 0.7), w)
    blade = [(cx + r * 0.05, cy - r * 0.35), (cx + r * 0.75, cy - r * 0.6), (cx + r * 0.7, cy + r * 0.15),
             (cx + r * 0.25, cy - r * 0.05)]
    pygame.draw.polygon(surface, color, blade)


def _sun(surface: pygame.Surface, c: tuple[float, float], r: float, color: Color) -> None:
    """A sun over a field (plentiful harvest)."""
    cx, cy = c
    pygame.draw.circle(surface, color, (int(cx), int(cy)), max(2, int(r * 0.32)))
    for k in range(8):
        a = k * math.pi / 4
        pygame.draw.line(surface, color, (cx + math.cos(a) * r * 0.45, cy + math.sin(a) * r * 0.45),
                         (cx + math.cos(a) * r * 0.72, cy + math.sin(a) * r * 0.72), max(1, int(r * 0.1)))


def _star(surface: pygame.Surface, c: tuple[float, float], r: float, color: Color) -> None:
    """A firework star (celebration)."""
    cx, cy = c
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r * (0.72 if k % 2 == 0 else 0.3)
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    pygame.draw.polygon(surface, color, pts)


def _unrolled(surface: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """Not rolled yet: the die's four symbols small in its corners, a dashed ring between them."""
    for (dx, dy), draw, color in (((-1, -1), _club, RED), ((1, -1), _scales, INK), ((-1, 1), _star, INK),
                                  ((1, 1), _sun, INK)):
        draw(surface, (c[0] + dx * r * 0.46, c[1] + dy * r * 0.46), r * 0.42, color)
    ring = max(2, int(r * 0.2))
    for k in range(8):
        a = k * math.pi / 4
        pygame.draw.circle(surface, (150, 140, 120), (int(c[0] + math.cos(a) * ring), int(c[1] + math.sin(a) * ring)),
                           max(1, int(r * 0.05)))


def draw_event_die(surface: pygame.Surface, rect: pygame.Rect, face: str, tilt: float = 0.0) -> None:
    """The event die showing a face: '?' for an event card, a red club for the brigands, scales for trade,
    a star for a celebration, a sun for a plentiful harvest; before the first roll all four symbols small and
    faded, as the production die is faded then."""
    size = rect.w
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(3, size // 5)
    box = img.get_rect().inflate(-2, -2)
    pygame.draw.rect(img, (150, 140, 120), box.move(0, 1), border_radius=radius)
    pygame.draw.rect(img, IVORY, box.inflate(-2, -3), border_radius=radius)
    c = (size / 2, size / 2)
    r = size * 0.4
    if face == "event_card":
        f = font(int(size * 0.62), True)
        q = f.render("?", True, INK)
        img.blit(q, q.get_rect(center=(int(c[0]), int(c[1]))))
    elif face == "brigand_attack":
        _club(img, c, r, RED)
    elif face == "trade":
        _scales(img, c, r, INK)
    elif face == "celebration":
        _star(img, c, r, INK)
    elif face == "plentiful_harvest":
        _sun(img, c, r, INK)
    else:
        _unrolled(img, c, r)
        img.set_alpha(140)
    if tilt:
        img = pygame.transform.rotate(img, tilt)
    surface.blit(img, img.get_rect(center=rect.center))


def draw_token(surface: pygame.Surface, center: tuple[int, int], radius: int, token: str) -> None:
    """The strength (axe) or trade (scales) advantage token."""
    fill = TOKEN_FILL.get(token, (90, 90, 90))
    pygame.draw.circle(surface, (10, 10, 12), (center[0] + 1, center[1] + 2), radius)
    pygame.draw.circle(surface, fill, center, radius)
    pygame.draw.circle(surface, (232, 196, 110), center, radius, max(1, radius // 6))
    symbol = _axe if token == "strength_advantage" else _scales
    symbol(surface, (center[0], center[1]), radius * 0.72, (250, 240, 220))


def draw_count(surface: pygame.Surface, text: str, center: tuple[int, int], fs: int,
               fill: Color = (28, 32, 40), color: Color = TEXT) -> pygame.Rect:
    """A small rounded count label (stack sizes)."""
    tw, th = font(fs, True).size(text)
    box = pygame.Rect(0, 0, tw + fs // 2 + 6, th + 2)
    box.center = center
    pygame.draw.rect(surface, fill, box, border_radius=box.h // 2)
    pygame.draw.rect(surface, GOLD_DARK, box, 1, border_radius=box.h // 2)
    blit_text(surface, text, fs, color, box.center, "center", bold=True)
    return box
