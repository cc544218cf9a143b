"""What the shared screens need from the Rivals for Catan GUI (every mode)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game.core.i18n import Translator
from gui.family import GuiFamily
from gui.rivals.end import RivalsEndScene
from gui.rivals.names import Names
from gui.rivals.scene import RivalsTableScene

DIALOGS = MappingProxyType({
    "menu": (), "trade": ("trade",), "exchange": ("exchange_top", "exchange_search"), "face_up": (), "options": (),
    "stack_pick": ("pick_from_stack",), "place_regions": ("place_regions",), "decision": (), "payment": (),
    "stats": (),
})


def dialog_problem(game: Any, player: int, dialog: str, legal: list[Any], seat: str, moment: str) -> str:
    """What each Rivals dialog needs from the moment: a face-up stack, a pending decision, an action, a payment."""
    view = game.view(player)
    if dialog == "face_up" and not getattr(view, "face_up", ()):
        return f"this Rivals game has no face-up stack ({game.variant.id})"
    if dialog == "decision" and getattr(view, "decision", None) is None:
        return f"{seat} has no pending decision ({moment})"
    if dialog == "options" and not legal:
        return f"{seat} has no legal action now ({moment})"
    if dialog == "payment" and not any(getattr(a, "payment", None) for a in legal):
        return f"{seat} has no build with a choice of payment now ({moment})"
    return ""


def describe_action(translator: Translator, game: Any, action: Any) -> str:
    """A Rivals action in the table's words: cards by their printed names, cells by what lies there, stacks by
    number, payments by resource (read from the position before the action)."""
    view = game.view(action.player)
    names = Names(translator.t, translator.lang, translator.has)
    return names.action(action, view.grid)


FAMILY = GuiFamily(id="rivals", table=RivalsTableScene, end=RivalsEndScene, dialogs=DIALOGS,
                   whole_decisions=frozenset({"stack_pick", "place_regions"}), dialog_problem=dialog_problem,
                   describe_action=describe_action)
