"""The live statistics panel of a table: dice against the odds and each player's cards, over the log area."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.core.errors import GameError
from gui.charts import draw_chart_frame, draw_stacked_bars, stacked_rows
from gui.dialogs import GOLD, GOLD_DARK, TEXT, TEXT_DIM, blit_text, fit_text, px


#: The shortcut that opens and closes the panel at every table that has one.
STATS_KEY = pygame.K_i
STATS_KEY_NAME = "I"
PRODUCED = (214, 168, 64)
OTHER = (104, 156, 212)
LOSS = (232, 112, 96)
BACKDROP = (22, 26, 34)
CLOSE_SIDE = 24
NAME_W = 104
COLUMN_W = 66

MIN_HEIGHT = 330  # unscaled px: a shorter log area lends the panel the room above it

FaceDrawer = Callable[[pygame.Surface, pygame.Rect, str], None]


class StatsPanel(ABC):
    """The statistics of the table's game, drawn in place of its log while open (the table stays playable).

    The numbers come from game/ (a stats function over the game's log); they are recomputed only when the game
    changed, and the drawn panel is kept until the numbers, the size or the language change.
    """

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.open = False
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        self._stats_key: Any = None
        self._stats: Any = None
        self._layer_key: Any = None
        self._layer: pygame.Surface | None = None

    def toggle(self) -> None:
        """Open the panel, or close it when it is open."""
        self.open = not self.open

    def stats(self) -> Any:
        """The game's statistics now (None when its log cannot be replayed), computed once per game revision."""
        key = self.scene.session.revision
        if key != self._stats_key:
            try:
                self._stats = self.compute(self.scene.game)
            except GameError:
                self._stats = None
            self._stats_key = key
        return self._stats

    @abstractmethod
    def compute(self, game: Any) -> Any:
        """The family's statistics of the game (from game/)."""

    @abstractmethod
    def render(self, layer: pygame.Surface, stats: Any, scale: float) -> None:
        """Draw the statistics onto a transparent layer of the panel's size."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The panel in rect (nothing while it is closed)."""
        if not self.open or rect.w < 40 or rect.h < 40:
            self.close_rect = pygame.Rect(0, 0, 0, 0)
            return
        scale = self.scene.lay.scale
        stats = self.stats()
        key = (self._stats_key, rect.size, scale, self.scene.app.translator.lang, stats is None)
        if key != self._layer_key or self._layer is None:
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            # opaque, so the log under the panel (kept in a table's cached layer) never shows through
            pygame.draw.rect(layer, BACKDROP, layer.get_rect(), border_radius=px(12, scale))
            if stats is None:
                draw_chart_frame(layer, layer.get_rect(), self.scene.app.t("end.no_stats"), scale)
            else:
                self.render(layer, stats, scale)
            self._layer, self._layer_key = layer, key
        surface.blit(self._layer, rect.topleft)
        side = px(CLOSE_SIDE, scale)
        self.close_rect = pygame.Rect(rect.right - side - px(6, scale), rect.y + px(8, scale), side, side)
        hovered = self.close_rect.collidepoint(self.scene.hover_pos)
        pygame.draw.rect(surface, (64, 75, 96) if hovered else (40, 46, 58), self.close_rect,
                         border_radius=max(3, side // 4))
        pygame.draw.rect(surface, GOLD_DARK, self.close_rect, 1, border_radius=max(3, side // 4))
        blit_text(surface, "×", px(18, scale), TEXT, self.close_rect.center, "center", bold=True)

    # ------------------------------------------------------------------ shared parts

    @staticmethod
    def _close_room(scale: float) -> int:
        """The width the close button takes from the first chart's title."""
        return px(CLOSE_SIDE + 10, scale)

    def _seats(self) -> tuple[list[str], list[str]]:
        names = [self.scene.player_name(p) for p in range(self.scene.game.num_players)]
        return names, [seat.color for seat in self.scene.game.seats]

    def _split(self, layer: pygame.Surface, shares: Sequence[float], scale: float) -> list[pygame.Rect]:
        """The layer cut into stacked sections of the given shares of its height, with gaps between them."""
        box = layer.get_rect()
        gap = px(6, scale)
        usable = box.h - gap * (len(shares) - 1)
        rects, y = [], box.y
        for i, share in enumerate(shares):
            h = box.bottom - y if i == len(shares) - 1 else int(usable * share / sum(shares))
            rects.append(pygame.Rect(box.x, y, box.w, h))
            y += h + gap
        return rects

    def _draw_players(self, layer: pygame.Surface, rect: pygame.Rect, title: str,
                      rows: list[list[int]], parts: list[tuple[tuple[int, int, int], str]],
                      columns: list[tuple[str, Sequence[int]]], scale: float) -> None:
        """Each player's cards as stacked bars (parts), and beside them columns of losses (header, value per
        player), all in one chart frame."""
        draw_chart_frame(layer, rect, "", scale)
        names, colors = self._seats()
        col_w = px(COLUMN_W, scale)
        bars = pygame.Rect(rect.x, rect.y, rect.w - col_w * len(columns), rect.h)
        # the title keeps clear of the columns' headers in the frame's top-right corner
        size = fit_text(title, px(18, scale), bars.w - px(20, scale), True)
        blit_text(layer, title, size, GOLD, (rect.x + px(14, scale), rect.y + px(12, scale)), bold=True)
        name_w = min(px(NAME_W, scale), bars.w // 3)
        draw_stacked_bars(layer, bars, rows, names, colors, parts, scale, name_w)
        _area, centres = stacked_rows(bars, len(rows), name_w, scale)
        head = px(12, scale)
        for i, (header, values) in enumerate(columns):
            cx = bars.right + col_w * i + col_w // 2 - px(6, scale)
            size = fit_text(header, head, col_w - px(4, scale))
            blit_text(layer, header, size, TEXT_DIM, (cx, rect.y + px(40, scale)), "midbottom")
            for cy, value in zip(centres, values):
                text = f"−{value}" if value else "–"
                blit_text(layer, text, px(15, scale), LOSS if value else TEXT_DIM, (cx, cy), "center", bold=True)


def panel_rect(log: pygame.Rect, above: pygame.Rect, scale: float) -> pygame.Rect:
    """The panel's place: the log area, or with the area above it (e.g. the players' panels) when the log is too
    short for the charts."""
    if log.h >= px(MIN_HEIGHT, scale) or above.w <= 0:
        return log
    return log.union(pygame.Rect(log.x, above.y, log.w, 1))


def stats_tooltip(t: Callable[..., str]) -> str:
    """The stats button's tooltip with its key."""
    return f"{t('stats.tip')}  [{STATS_KEY_NAME}]"
