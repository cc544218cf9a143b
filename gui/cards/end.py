"""The quick card game's end screen: the winner, each player's cards and points, the points during the game and
where the final points came from."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.errors import GameError
from gui.cards.stats import SOURCES, CardsStats, compute_cards_stats
from gui.dialogs import TEXT, TEXT_DIM, blit_text, ellipsize, player_swatch, px
from gui.end_game import draw_chart_frame, draw_vp_chart, nice_step
from gui.score_end import ScoreTableEndScene

# One colour per source of points: settlements green, cities red, developments purple, roads brown, knights blue
# (the frames of the cards themselves).
SOURCE_COLORS = ((58, 140, 64), (176, 62, 46), (124, 72, 146), (150, 104, 58), (76, 96, 136))


def draw_sources_chart(surface: pygame.Surface, rect: pygame.Rect, stats: CardsStats, names: list[str],
                       colors: list[str], labels: dict[str, str], scale: float) -> None:
    """Horizontal stacked bars: each player's final points split by source, with a legend of the sources."""
    draw_chart_frame(surface, rect, labels["title"], scale)
    n = stats.num_players
    size = px(14, scale)
    name_w = px(110, scale)
    area = pygame.Rect(rect.x + px(14, scale) + name_w, rect.y + px(48, scale),
                       rect.width - px(28, scale) - name_w - px(40, scale), rect.height - px(48, scale) - px(44, scale))
    totals = [sum(row) for row in stats.sources]
    top = max(totals + [1])
    step = nice_step(top, 5)
    for value in range(step, top + 1, step):  # light gridlines at round point counts
        x = area.x + int(area.width * value / top)
        pygame.draw.line(surface, (58, 66, 82), (x, area.y), (x, area.bottom))
    row_h = area.height / max(1, n)
    bar_h = max(6, int(row_h * 0.6))
    for p, row in enumerate(stats.sources):
        cy = area.y + int(row_h * (p + 0.5))
        color = player_swatch(colors[p]) if p < len(colors) else TEXT
        pygame.draw.circle(surface, color, (rect.x + px(20, scale), cy), px(6, scale))
        blit_text(surface, ellipsize(names[p], size, name_w - px(18, scale)), size, TEXT,
                  (rect.x + px(32, scale), cy), "midleft")
        x = area.x
        for s, points in enumerate(row):
            w = int(area.width * points / top)
            if w > 0:
                pygame.draw.rect(surface, SOURCE_COLORS[s], (x, cy - bar_h // 2, w, bar_h))
                pygame.draw.line(surface, (20, 22, 28), (x + w - 1, cy - bar_h // 2), (x + w - 1, cy + bar_h // 2 - 1))
                if w >= size + 4:
                    blit_text(surface, str(points), size - 1, (250, 246, 236), (x + w // 2, cy), "center", bold=True)
                x += w
        blit_text(surface, str(totals[p]), size, TEXT, (x + px(6, scale), cy), "midleft", bold=True)
    legend_y = rect.bottom - px(20, scale)
    slot = (rect.width - px(28, scale)) // len(SOURCES)
    for s, source in enumerate(SOURCES):
        lx = rect.x + px(14, scale) + slot * s
        pygame.draw.rect(surface, SOURCE_COLORS[s], (lx, legend_y - px(7, scale), px(14, scale), px(14, scale)),
                         border_radius=3)
        blit_text(surface, ellipsize(labels[source], px(13, scale), slot - px(22, scale)), px(13, scale), TEXT_DIM,
                  (lx + px(19, scale), legend_y), "midleft")


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
