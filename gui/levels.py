"""AI levels on screen: a seat controller's level id, its translated name and description, and the level badge."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

import pygame

from game.ai.registry import LEVELS, canonical_bot_id
from game.core.errors import GameError
from gui.dialogs import blit_text
from gui.fonts import font

Translate = Callable[..., str]
Color = tuple[int, int, int]

#: The badge's fill per level id (the test bot 'random' is grey).
BADGE_FILL: Mapping[str, Color] = MappingProxyType({"easy": (58, 112, 70), "normal": (56, 92, 140),
                                                    "hard": (146, 58, 52), "random": (88, 92, 100)})
BADGE_TEXT: Color = (244, 240, 228)
BADGE_EDGE: Color = (18, 20, 26)


def level_id(controller: str) -> str:
    """The bot id a seat controller names ('heuristic' -> 'normal'); '' for a human or an unknown controller."""
    if controller == "human":
        return ""
    try:
        return canonical_bot_id(controller)
    except GameError:
        return ""


def level_name(t: Translate, level: str) -> str:
    """The translated name of a level id ('' for none)."""
    return t(f"ai.level.{level}") if level else ""


def level_description(t: Translate, level: str) -> str:
    """The one-line translated description of a level id ('' for none)."""
    return t(f"ai.level.{level}.desc") if level else ""


def levels_in_use(controllers: list[str]) -> list[str]:
    """The distinct levels of these controllers, easiest first (the test bot 'random' last)."""
    used = {level_id(c) for c in controllers} - {""}
    return [lv for lv in (*LEVELS, "random") if lv in used]


def badge_size(t: Translate, level: str, size: int) -> tuple[int, int]:
    """The width and height a level badge takes at this font size ((0, 0) for none)."""
    if not level:
        return 0, 0
    w, h = font(size, True).size(level_name(t, level))
    return w + 2 * max(3, size // 2), h + max(2, size // 5)


def draw_level_badge(surface: pygame.Surface, t: Translate, level: str, pos: tuple[int, int], size: int,
                     anchor: str = "midleft") -> pygame.Rect:
    """A small rounded badge with the level's name anchored at pos; returns its rect (empty for no level)."""
    if not level:
        return pygame.Rect(pos, (0, 0))
    rect = pygame.Rect((0, 0), badge_size(t, level, size))
    setattr(rect, anchor, pos)
    radius = rect.h // 2
    pygame.draw.rect(surface, BADGE_FILL.get(level, BADGE_FILL["random"]), rect, border_radius=radius)
    pygame.draw.rect(surface, BADGE_EDGE, rect, 1, border_radius=radius)
    blit_text(surface, level_name(t, level), size, BADGE_TEXT, rect.center, "center", bold=True)
    return rect
