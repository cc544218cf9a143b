"""What the table shows of the two-player game: neutral-build spots, the neutral strip's data, both rolls."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.catan.two_player import BuildNeutral
from gui.catan.board_view import Marks
from gui.catan.neutral_panel import NeutralInfo
from gui.dialogs import blit_text
from gui.fonts import render_text
from gui.table.sprites import SpriteBook
from gui.widgets import TEXT


def neutral_build_marks(legal: Sequence[Any], owner_color: Callable[[int], str]) -> Marks:
    """Light up every legal free neutral build in its neutral colour (two colours where both may build)."""
    node_colors: dict[int, list[str]] = {}
    edge_colors: dict[int, list[str]] = {}
    piece = None
    for a in legal:
        if not isinstance(a, BuildNeutral):
            continue
        target = node_colors if a.piece == "settlement" else edge_colors
        colors = target.setdefault(a.where, [])
        color = owner_color(a.neutral)
        if color not in colors:
            colors.append(color)
        piece = piece or a.piece
    return Marks(nodes=tuple(sorted(node_colors)), edges=tuple(sorted(edge_colors)), ghost=piece,
                 node_colors={k: tuple(v) for k, v in node_colors.items()},
                 edge_colors={k: tuple(v) for k, v in edge_colors.items()}, ghost_neutral=True)


def neutral_options(legal: Sequence[Any], kind: str, where: int) -> list[BuildNeutral]:
    """The legal neutral builds on a clicked spot (kind "node" or "edge")."""
    piece_ok = (lambda p: p != "road") if kind == "node" else (lambda p: p == "road")
    return [a for a in legal if isinstance(a, BuildNeutral) and a.where == where and piece_ok(a.piece)]


def neutral_infos(state: Any, owners: Sequence[int], name: Callable[[int], str],
                  color: Callable[[int], str]) -> list[NeutralInfo]:
    """The neutral colours' pieces and roads as the strip shows them."""
    out = []
    for q in owners:
        settlements = sum(1 for o in state.node_owner if o == q)
        roads = sum(1 for o in state.edge_owner if o == q)
        length = state.road_length[q] if q < len(state.road_length) else 0
        out.append(NeutralInfo(q, name(q), color(q), settlements, roads, length, state.longest_holder == q))
    return out


def roll_number(state: Any) -> int:
    """Which roll of the turn comes next (1 or 2)."""
    return 2 if state.extra.get("first_roll") is not None and not state.has_rolled else 1


def draw_roll_labels(surface: pygame.Surface, sprites: SpriteBook, dice_rect: pygame.Rect, state: Any,
                     t: Callable[..., str], fs: int) -> None:
    """Under the dice, which roll they show; the first roll's dice small beside them after the second."""
    first = state.extra.get("first_dice")
    if first is None:
        return
    second_done = bool(state.has_rolled)
    size = fs
    _label(surface, t("table.dice.second" if second_done else "table.dice.first"), size,
           (dice_rect.centerx, dice_rect.bottom + 2))
    if not second_done:
        return
    die = max(10, int((dice_rect.h - max(8, dice_rect.h // 6)) * 0.55))
    gap = max(3, die // 6)
    right = dice_rect.x - gap * 2
    box = pygame.Rect(0, 0, 2 * die + 3 * gap, die + 2 * gap)
    box.midright = (right, dice_rect.centery)
    back = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(back, (14, 18, 24, 150), back.get_rect(), border_radius=max(4, die // 4))
    surface.blit(back, box.topleft)
    for i, value in enumerate(first):
        img = sprites.get("die", str(value), die)
        surface.blit(img, img.get_rect(center=(box.x + gap + die // 2 + i * (die + gap), box.centery)))
    _label(surface, t("table.dice.first"), size, (box.centerx, dice_rect.bottom + 2))


def _label(surface: pygame.Surface, text: str, size: int, midtop: tuple[int, int]) -> None:
    """A small caption on a dark pill (legible over sea and frame)."""
    img = render_text(text, size, TEXT, True)
    pill = img.get_rect(midtop=midtop).inflate(12, 4)
    back = pygame.Surface(pill.size, pygame.SRCALPHA)
    pygame.draw.rect(back, (14, 18, 24, 200), back.get_rect(), border_radius=pill.h // 2)
    surface.blit(back, pill.topleft)
    blit_text(surface, text, size, TEXT, pill.center, "center", bold=True)


__all__ = ["draw_roll_labels", "neutral_build_marks", "neutral_infos", "neutral_options", "roll_number"]
