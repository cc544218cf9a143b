"""The game families the front end can show, by the variants' family id: each family's folder declares in one
GuiFamily (gui.family) what the shared screens need from it (its table, its end screen, ...). A new family is a
new folder with its family.py and one line in families()."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gui.family import GuiFamily


@cache
def families() -> Mapping[str, GuiFamily]:
    """Every family with a table, by id (imported on first use: the tables are not needed to show the menu)."""
    from gui.cards.family import FAMILY as CARDS
    from gui.catan.family import FAMILY as CATAN
    from gui.rivals.family import FAMILY as RIVALS

    return MappingProxyType({f.id: f for f in (CATAN, CARDS, RIVALS)})


def family_of(game: Any) -> GuiFamily | None:
    """The GUI family of a game's variant (None for a family without a table)."""
    return families().get(getattr(game.variant, "family", ""))
