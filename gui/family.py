"""The shape of what one game family's GUI declares for the shared screens (see gui.families for the registry)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.actions import Action
    from game.core.i18n import Translator
    from game.core.game import Game
    from gui.app import App
    from gui.scene import Scene
    from gui.table.base import TableScene


@dataclass(frozen=True)
class GuiFamily:
    """What the app, the replay viewer, the end screens and the screenshot mode need from one family's GUI."""

    id: str
    table: Callable[[App, Game], TableScene]   # the table scene, also the replay viewer's picture of a position
    end: Callable[[App, Game], Scene]           # the end-of-game screen
    # The table dialogs the screenshot mode opens by name (table:<dialog>), each with the action kinds of which one
    # must be legal for the seat it is for (() when it always applies).
    dialogs: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The dialogs that show one pending decision: every legal action must be of their kinds.
    whole_decisions: frozenset[str] = frozenset()
    # (game, seat, dialog, legal actions, seat name, moment) -> why that dialog does not apply now ("" if it does).
    dialog_problem: Callable[[Game, int, str, list[Action], str, str], str] | None = None
    # (translator, the position before the action, the action) -> the action in words as the table names it, for
    # the review; None where the review's generic wording (the kind and its fields) is enough.
    describe_action: Callable[[Translator, Game, Action], str] | None = None
