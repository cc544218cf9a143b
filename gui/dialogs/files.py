"""Save and load dialogs: a list of the saves in the save folder, a name field, overwrite confirmation."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.saves import save_game
from gui.dialogs import TEXT, TEXT_DIM, DialogScene, ListBox, StyledButton, TextField, blit_text, ellipsize, px
from gui.save_files import DAMAGED_COLOR, MAX_NAME, list_saves, load_into_app, safe_file_name, save_rows

if TYPE_CHECKING:
    from game.core.game import Game
    from gui.app import App

class LoadDialog(DialogScene):
    """Pick a save from the save folder and open it."""

    def __init__(self, app: App) -> None:
        self.infos = list_saves(app.save_dir)
        self.list: ListBox | None = None
        super().__init__(app)

    def layout(self) -> None:
        """Panel with the list, Load and Cancel."""
        s = self.scale
        t = self.app.t
        self.rect = self.panel_rect(980, 640)
        pad = px(28, s)
        bh = px(48, s)
        list_rect = pygame.Rect(self.rect.x + pad, self.rect.y + px(84, s), self.rect.width - 2 * pad,
                                self.rect.height - px(84, s) - bh - px(48, s))
        old = self.list
        self.list = ListBox(list_rect, save_rows(self.app, self.infos), (2.4, 1.5, 1.6, 0.7),
                            on_activate=self.load, font_size=px(17, s), row_height=px(34, s),
                            header=(t("files.col_name"), t("files.col_date"), t("files.col_variant"),
                                    t("files.col_turn")),
                            empty_text=t("files.none"))
        if old is not None:
            self.list.selected, self.list.scroll = old.selected, old.scroll
        elif self.infos:
            self.list.selected = 0
        y = self.rect.bottom - bh - px(22, s)
        bw = px(170, s)
        self.load_button = StyledButton(pygame.Rect(self.rect.right - pad - bw, y, bw, bh), t("files.load"),
                                        self.load_selected, "primary", font_size=px(19, s))
        self.cancel_button = StyledButton(pygame.Rect(self.rect.right - pad - 2 * bw - px(16, s), y, bw, bh),
                                          t("app.cancel"), self.back, font_size=px(19, s))
        self.replay_button = StyledButton(pygame.Rect(self.rect.right - pad - 3 * bw - px(32, s), y, bw, bh),
                                          t("replay.button"), self.replay_selected, font_size=px(19, s))
        self.review_button = StyledButton(pygame.Rect(self.rect.right - pad - 4 * bw - px(48, s), y, bw, bh),
                                          t("review.screen.button"), self.review_selected, font_size=px(19, s),
                                          tooltip=t("review.screen.button_tip"))
        self.widgets = [self.list, self.load_button, self.review_button, self.replay_button, self.cancel_button]

    def update(self, dt: float) -> None:
        """Load and Replay are enabled only with a readable save selected."""
        self.load_button.enabled = self.list is not None and self.list.value is not None
        self.replay_button.enabled = self.load_button.enabled and bool(self.list and self.list.value["ok"])
        self.review_button.enabled = self.replay_button.enabled

    def replay_selected(self) -> None:
        """Open the selected save in the replay viewer (a damaged one shows its problem instead)."""
        if self.list is not None and self.list.value is not None:
            self.app.go("replay", source=Path(self.list.value["path"]))

    def review_selected(self) -> None:
        """Open the review of the selected save (computed in the background, kept beside the save)."""
        if self.list is not None and self.list.value is not None and self.list.value["ok"]:
            self.app.push("review", path=Path(self.list.value["path"]))

    def load_selected(self) -> None:
        """Load the selected save."""
        if self.list is not None and self.list.value is not None:
            self.load(self.list.value)

    def load(self, info: dict[str, Any]) -> None:
        """Load this save; on failure the dialog stays open under the message."""
        load_into_app(self.app, info["path"])

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, the list and the buttons."""
        self.draw_frame(surface, self.rect, self.app.t("files.load_title"))
        s = self.scale
        room = self.review_button.rect.x - self.rect.x - px(44, s)
        folder = self.app.t("files.folder", folder=str(self.app.save_dir))
        blit_text(surface, ellipsize(folder, px(14, s), room), px(14, s), TEXT_DIM,
                  (self.rect.x + px(28, s), self.cancel_button.rect.centery), "midleft")
        self.draw_widgets(surface)


class SaveDialog(DialogScene):
    """Name a save (or pick one to overwrite) and write the game atomically."""

    def __init__(self, app: App, game: Game) -> None:
        self.game = game
        self.infos = [i for i in list_saves(app.save_dir) if i["name"] != "autosave"]
        self.error = ""
        stamp = datetime.now().strftime("%Y-%m-%d %H.%M")
        self.name = TextField(pygame.Rect(0, 0, 10, 10), app.t("files.default_name", date=stamp), MAX_NAME,
                              on_submit=self.save, on_change=self._edited)
        self.name.focused = True
        self.list: ListBox | None = None
        super().__init__(app)

    def _edited(self, text: str) -> None:
        self.error = ""

    def layout(self) -> None:
        """Panel: name field, the existing saves, Save and Cancel."""
        s = self.scale
        t = self.app.t
        self.rect = self.panel_rect(980, 660)
        pad = px(28, s)
        bh = px(48, s)
        top = self.rect.y + px(84, s)
        label_w = px(150, s)
        self.name.rect = pygame.Rect(self.rect.x + pad + label_w, top, self.rect.width - 2 * pad - label_w, px(44, s))
        self.name.font_size = px(19, s)
        list_top = self.name.rect.bottom + px(52, s)
        list_rect = pygame.Rect(self.rect.x + pad, list_top, self.rect.width - 2 * pad,
                                self.rect.bottom - list_top - bh - px(48, s))
        old = self.list
        self.list = ListBox(list_rect, save_rows(self.app, self.infos), (2.4, 1.5, 1.6, 0.7),
                            on_select=self._picked, on_activate=lambda info: self.save(),
                            font_size=px(17, s), row_height=px(34, s),
                            header=(t("files.col_name"), t("files.col_date"), t("files.col_variant"),
                                    t("files.col_turn")),
                            empty_text=t("files.none"))
        if old is not None:
            self.list.selected, self.list.scroll = old.selected, old.scroll
        y = self.rect.bottom - bh - px(22, s)
        bw = px(190, s)
        self.save_button = StyledButton(pygame.Rect(self.rect.right - pad - bw, y, bw, bh), t("files.save"),
                                        self.save, "primary", font_size=px(19, s))
        self.cancel_button = StyledButton(pygame.Rect(self.rect.right - pad - 2 * bw - px(16, s), y, bw, bh),
                                          t("app.cancel"), self.back, font_size=px(19, s))
        self.widgets = [self.name, self.list, self.save_button, self.cancel_button]

    def _picked(self, info: dict[str, Any]) -> None:
        self.name.set_text(info["name"])
        self.error = ""

    def target(self) -> Path | None:
        """The file the current name would be written to (None when the name is unusable)."""
        name = safe_file_name(self.name.text)
        return self.app.save_dir / f"{name}.json" if name else None

    def save(self) -> None:
        """Save under the typed name, asking first when that file exists."""
        path = self.target()
        if path is None:
            self.error = self.app.t("files.bad_name")
            return
        if path.exists():
            self.app.push("confirm", text_key="files.overwrite", params={"name": path.stem},
                          on_yes=lambda: self._write(path), yes_key="files.overwrite_yes", no_key="app.cancel")
            return
        self._write(path)

    def _write(self, path: Path) -> None:
        try:
            save_game(self.game, path)
        except OSError as exc:
            self.app.show_message("files.save_failed", error=str(exc))
            return
        if self in self.app.stack:
            while self.app.top is not self:
                self.app.pop()
            self.app.pop()
        notify = getattr(self.app.top, "notify", None)  # a table shows a fading note instead of a message box
        if callable(notify):
            notify(self.app.t("files.saved", name=path.stem))
        else:
            self.app.show_message("files.saved", name=path.stem)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, the name field with its label, the list and the buttons."""
        self.draw_frame(surface, self.rect, self.app.t("files.save_title"))
        s = self.scale
        pad = px(28, s)
        blit_text(surface, self.app.t("files.name"), px(19, s), TEXT, (self.rect.x + pad, self.name.rect.centery),
                  "midleft", bold=True)
        if self.error:
            blit_text(surface, self.error, px(16, s), DAMAGED_COLOR,
                      (self.name.rect.x, self.name.rect.bottom + px(6, s)), "topleft")
        if self.list is not None:
            blit_text(surface, self.app.t("files.existing"), px(16, s), TEXT_DIM,
                      (self.list.rect.x, self.list.rect.y - px(8, s)), "bottomleft")
        room = self.cancel_button.rect.x - self.rect.x - pad - px(16, s)
        folder = self.app.t("files.folder", folder=str(self.app.save_dir))
        blit_text(surface, ellipsize(folder, px(14, s), room), px(14, s), TEXT_DIM,
                  (self.rect.x + pad, self.cancel_button.rect.centery), "midleft")
        self.draw_widgets(surface)
