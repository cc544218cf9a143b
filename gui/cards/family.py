"""What the shared screens need from the Catan quick card game's GUI."""

from __future__ import annotations

from types import MappingProxyType

from gui.cards.end import CardsEndScene
from gui.cards.scene import CardsTableScene
from gui.family import GuiFamily

DIALOGS = MappingProxyType({
    "menu": (), "pile": ("exchange_pile",), "market": ("exchange_market",), "player": ("take_from_player",),
    "library": ("take_openly",), "guild": ("guild_take",), "give_back": ("give_back",), "discard": ("discard",),
    "build.settlement": ("build_settlement",), "build.city": ("build_city",),
    "build.development": ("build_development",), "build.road": ("build_road",), "build.knight": ("build_knight",),
})

FAMILY = GuiFamily(id="cards", table=CardsTableScene, end=CardsEndScene, dialogs=DIALOGS)
