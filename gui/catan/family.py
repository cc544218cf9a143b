"""What the shared screens need from the Catan board game's GUI (base, compact and two-player games)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from gui.catan.scene import CatanTableScene
from gui.end_game import EndGameScene
from gui.family import GuiFamily

DIALOGS = MappingProxyType({
    "menu": (), "trade": ("offer_trade",), "maritime": ("maritime_trade",), "discard": ("discard",),
    "robber": ("move_robber",), "year_of_plenty": ("play_year_of_plenty",), "monopoly": ("play_monopoly",),
    "respond": ("accept_trade", "decline_trade", "counter_trade"), "confirm": ("confirm_trade", "cancel_trade"),
    "give_back": ("give_back",), "neutral": ("build_neutral",), "stats": (),
})


def dialog_problem(game: Any, player: int, dialog: str, legal: list[Any], seat: str, moment: str) -> str:
    """The robber's victim dialog needs someone to rob."""
    if dialog == "robber" and not any(getattr(a, "victim", None) is not None for a in legal):
        return f"{seat} may move the robber but nobody can be robbed ({moment})"
    return ""


FAMILY = GuiFamily(id="catan", table=CatanTableScene, end=EndGameScene, dialogs=DIALOGS,
                   dialog_problem=dialog_problem)
