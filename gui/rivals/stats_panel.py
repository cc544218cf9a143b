"""The Rivals table's live statistics: the production die and the event die against the odds, and each player's
resources."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gui.charts import SEVEN, Bar, draw_bar_chart
from gui.dialogs import GOLD, TEXT, blit_text, px
from gui.table.stats_panel import OTHER, PRODUCED, FaceDrawer, StatsPanel

if TYPE_CHECKING:
    from game.rivals.stats import RivalsStats


class RivalsStatsPanel(StatsPanel):
    """The Rivals panel: the production die and the event die against the odds, and each player's resources."""

    def __init__(self, scene: Any, draw_face: FaceDrawer) -> None:
        super().__init__(scene)
        self.draw_face = draw_face

    def compute(self, game: Any) -> RivalsStats:
        """Both dice and the resources from game.rivals.stats."""
        from game.rivals.stats import compute_stats

        return compute_stats(game)

    def render(self, layer: pygame.Surface, stats: RivalsStats, scale: float) -> None:
        """Both dice in one chart (the production die's numbers, a gap, the event die's faces), then the players'
        resources."""
        from game.rivals.stats import FACES

        t = self.scene.app.t
        dice_rect, players_rect = self._split(layer, (0.6, 0.4), scale)
        expected = stats.expected_production()
        expected_faces = stats.expected_events()
        bars: list[Bar | None] = [Bar(str(v), stats.production_counts[v], expected[v]) for v in range(1, 7)]
        bars.append(None)
        bars += [Bar(t(f"rivals.face.{face}"), stats.event_counts[i], expected_faces[i],
                     SEVEN if face == "brigand_attack" else GOLD) for i, face in enumerate(FACES)]
        first_face = len(bars) - len(FACES)
        texts = [bar.label if bar is not None else "" for bar in bars]

        def label(surface: pygame.Surface, box: pygame.Rect, i: int) -> None:
            if i >= first_face:
                self.draw_face(surface, box, FACES[i - first_face])
            else:
                blit_text(surface, texts[i], px(13, scale), TEXT, (box.centerx, box.y + px(1, scale)), "midtop")

        draw_bar_chart(layer, dice_rect, bars, {"title": t("stats.dice_title", rolls=stats.rolls),
                                                "rolled": t("end.rolled"), "expected": t("end.expected")},
                       scale, label, self._close_room(scale))
        rows = [[stats.produced[p], stats.other_gains[p]] for p in range(len(stats.produced))]
        parts = [(PRODUCED, t("stats.part.production")), (OTHER, t("stats.part.other"))]
        columns = [(t("stats.col.brigand"), stats.brigand_losses)]
        self._draw_players(layer, players_rect, t("stats.resources_title"), rows, parts, columns, scale)
