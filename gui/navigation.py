"""Every screen by name, in one place: a scene asks the App for the next one (`app.push("rules", doc="rivals")`,
`app.go("replay", source=path)`) and never imports another scene module. A new screen is one line here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from gui.dialogs.files import LoadDialog, SaveDialog
from gui.dialogs.message import ConfirmScene, MessageScene
from gui.lab.compare import CompareScene
from gui.lab.dialogs import HelpDialog, NameDialog, UnsavedDialog
from gui.lab.files_dialog import LayoutFilesDialog
from gui.lab.scene import LabScene, open_lab
from gui.lab.search_scene import SearchScene
from gui.lab.simulation import SimulationScene
from gui.lab.sources import SourceDialog
from gui.menu import LoadingScene, MenuScene
from gui.new_game import NewGameScene
from gui.replay.scene import ReplayScene, open_replay
from gui.review.scene import ReviewScene
from gui.rivals_catalogue import RivalsCatalogueScene
from gui.rules_scene import RulesScene, doc_for_variant
from gui.save_files import load_into_app
from gui.scene import Scene
from gui.settings_comfort import ComfortSettingsScene
from gui.settings_scene import SettingsScene

#: Screen name -> the scene class built by App.push(name, **params) / App.replace(name, **params) (the App is
#: passed first).
SCENES: Mapping[str, Callable[..., Scene]] = MappingProxyType({
    "menu": MenuScene,
    "loading": LoadingScene,
    "new_game": NewGameScene,
    "settings": SettingsScene,
    "comfort": ComfortSettingsScene,
    "rules": RulesScene,
    "rivals_catalogue": RivalsCatalogueScene,
    "load": LoadDialog,
    "save": SaveDialog,
    "message": MessageScene,
    "confirm": ConfirmScene,
    "replay": ReplayScene,
    "review": ReviewScene,
    "lab": LabScene,
    "lab.compare": CompareScene,
    "lab.files": LayoutFilesDialog,
    "lab.search": SearchScene,
    "lab.simulation": SimulationScene,
    "lab.source": SourceDialog,
    "lab.name": NameDialog,
    "lab.unsaved": UnsavedDialog,
    "lab.help": HelpDialog,
})

#: Ways to open a screen that do more than build it (read a file first, or show a message instead), run by
#: App.go(name, **params) with the App first; each returns what it opened (or whether it did).
def open_rules_for(app: Any, game: Any) -> Scene:
    """The rules almanac at the document that explains this game."""
    return app.push("rules", doc=doc_for_variant(game.variant.id, game.variant.family))


OPENERS: Mapping[str, Callable[..., Any]] = MappingProxyType({
    "replay": open_replay,
    "rules_for": open_rules_for,
    "load_save": load_into_app,
    "lab": open_lab,
})
