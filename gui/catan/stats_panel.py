"""The Catan table's live statistics: the dice totals against the odds, the cards each player received, and what
the robber and the sevens took from whom."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gui.charts import draw_dice_chart
from gui.table.stats_panel import OTHER, PRODUCED, StatsPanel

if TYPE_CHECKING:
    from game.catan.stats import GameStats


class CatanStatsPanel(StatsPanel):
    """The Catan family's panel: the dice totals against the odds, the cards each player received, and what the
    robber and the sevens took from whom."""

    def compute(self, game: Any) -> GameStats:
        """Dice, gains and losses from game.catan.stats."""
        from game.catan.stats import compute_stats

        return compute_stats(game)

    def render(self, layer: pygame.Surface, stats: GameStats, scale: float) -> None:
        """The dice chart above (the end screen's), the players' cards below."""
        t = self.scene.app.t
        dice_rect, players_rect = self._split(layer, (0.52, 0.48), scale)
        draw_dice_chart(layer, dice_rect, stats, {"title": t("end.chart_dice", rolls=stats.rolls),
                                                  "rolled": t("end.rolled"), "expected": t("end.expected")}, scale,
                        self._close_room(scale))
        n = stats.num_players
        rows = [[sum(stats.production[p]), sum(stats.other_gains[p])] for p in range(n)]
        parts = [(PRODUCED, t("stats.part.production")), (OTHER, t("stats.part.other"))]
        columns = [(t("stats.col.stolen"), stats.stolen_from), (t("stats.col.discarded"), stats.discarded)]
        self._draw_players(layer, players_rect, t("stats.cards_title"), rows, parts, columns, scale)
