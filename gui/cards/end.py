"""The quick card game's end screen: the winner, each player's cards and points, the points during the game and
where the final points came from."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.errors import GameError
from gui.cards.stats import SOURCES, CardsStats, compute_cards_stats
from gui.dialogs import blit_text, px
from gui.charts import draw_chart_frame, draw_stacked_bars, draw_vp_chart
from gui.score_end import ScoreTableEndScene

# One colour per source of points: settlements green, cities red, developments purple, roads brown, knights blue
# (the frames of the cards themselves).
SOURCE_COLORS = ((58, 140, 64), (176, 62, 46), (124, 72, 146), (150, 104, 58), (76, 96, 136))


def draw_sources_chart(surface: pygame.Surface, rect: pygame.Rect, stats: CardsStats, names: list[str],
                       colors: list[str], labels: dict[str, str], scale: float) -> None:
    """Horizontal stacked bars: each player's final points split by source, with a legend of the sources."""
    draw_chart_frame(surface, rect, labels["title"], scale)
    size = px(14, scale)

    def points_on(x: int, w: int, cy: int, bar_h: int, part: int, points: int) -> None:
        if w >= size + 4:
            blit_text(surface, str(points), size - 1, (250, 246, 236), (x + w // 2, cy), "center", bold=True)

    parts = [(SOURCE_COLORS[s], labels[source]) for s, source in enumerate(SOURCES)]
    draw_stacked_bars(surface, rect, [list(row) for row in stats.sources], names, colors, parts, scale,
                      px(110, scale), points_on, gridlines=True)


class CardsEndScene(ScoreTableEndScene):
    """Who won the quick card game, a points table, two charts, and the way back."""

    background = (22, 26, 34)
    summary_key = "cards.end.summary"

    def __init__(self, app: Any, game: Any) -> None:
        try:
            self.stats: CardsStats | None = compute_cards_stats(game)
        except GameError:
            self.stats = None  # a log that does not replay shows the table only
        self._charts: tuple[tuple[int, int, int, int, str], pygame.Surface] | None = None
        super().__init__(app, game)

    def column_keys(self) -> list[str]:
        """Settlements, cities, developments, roads, knights, total."""
        return ["cards.end.col_settlements", "cards.end.col_cities", "cards.end.col_developments",
                "cards.end.col_roads", "cards.end.col_knights", "end.col_total"]

    def row_values(self, view: Any, player: int) -> list[int]:
        """One player's cards on the table and points."""
        tb = view.tables[player]
        return [tb.settlements, len(tb.cities), sum(1 for _, d in tb.cities if d), len(tb.roads), len(tb.knights),
                tb.vp]

    def draw_below(self, surface: pygame.Surface, view: Any, area: pygame.Rect, s: float) -> None:
        """The points after every turn and the final points by source, side by side (drawn once per size)."""
        if area.h < px(120, s):
            return
        key = (*area, self.app.translator.lang)
        if self._charts is None or self._charts[0] != key:
            layer = pygame.Surface(area.size, pygame.SRCALPHA)
            self._draw_charts(layer, pygame.Rect(0, 0, area.w, area.h), s)
            self._charts = (key, layer)
        surface.blit(self._charts[1], area.topleft)

    def _draw_charts(self, layer: pygame.Surface, area: pygame.Rect, s: float) -> None:
        t = self.app.t
        gap = px(20, s)
        left = pygame.Rect(area.x, area.y, (area.w - gap) // 2, area.h)
        right = pygame.Rect(left.right + gap, area.y, area.w - left.w - gap, area.h)
        if self.stats is None:
            draw_chart_frame(layer, left, t("end.no_stats"), s)
            return
        seats = self.game.seats
        colors = [seat.color for seat in seats]
        names = [seat.name for seat in seats]
        draw_vp_chart(layer, left, self.stats, colors, self.game.view(-1).target_vp,  # type: ignore[arg-type]
                      {"title": t("end.chart_vp"), "axis": t("end.turn_axis")}, s)
        draw_sources_chart(layer, right, self.stats, names, colors,
                           {"title": t("cards.end.chart_sources"),
                            **{src: t(f"cards.end.col_{src}") for src in SOURCES}}, s)
