"""A simple end screen for the quick card game: the winner and each player's cards and points."""

from __future__ import annotations

from typing import Any

from gui.score_end import ScoreTableEndScene


class CardsEndScene(ScoreTableEndScene):
    """Who won the quick card game, a points table, and the way back."""

    background = (22, 26, 34)
    summary_key = "cards.end.summary"

    def column_keys(self) -> list[str]:
        """Settlements, cities, developments, roads, knights, total."""
        return ["cards.end.col_settlements", "cards.end.col_cities", "cards.end.col_developments",
                "cards.end.col_roads", "cards.end.col_knights", "end.col_total"]

    def row_values(self, view: Any, player: int) -> list[int]:
        """One player's cards on the table and points."""
        tb = view.tables[player]
        return [tb.settlements, len(tb.cities), sum(1 for _, d in tb.cities if d), len(tb.roads), len(tb.knights),
                tb.vp]
