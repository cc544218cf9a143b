"""The title screen (main menu over a blurred island backdrop) and the loading screen for a cold art cache."""

from __future__ import annotations

import threading
import time
from datetime import datetime
from typing import TYPE_CHECKING, Any

import pygame

from gui.art import ArtCache
from gui.backdrop import backdrop_for, backdrop_path, build_backdrop, draw_title, startup_art_sizes
from gui.save_files import read_save_info
from gui.dialogs import GOLD, GOLD_DARK, TEXT, TEXT_DIM, StyledButton, WidgetScene, blit_text, make_background, px
from gui.scene import Scene

if TYPE_CHECKING:
    from gui.app import App


def autosave_summary(app: App) -> dict[str, Any] | None:
    """What the autosave holds (variant, actions, modification time), or None when there is none."""


    if not app.autosave_path.is_file():
        return None
    return read_save_info(app.autosave_path)


class MenuScene(WidgetScene):
    """Continue, New game, Load, Settings, Rules, Rivals cards, Quit over the island backdrop."""

    def __init__(self, app: App) -> None:
        self.backdrop = backdrop_for(app)
        self.continue_info: dict[str, Any] | None = None
        self.buttons: list[StyledButton] = []
        super().__init__(app)

    def on_enter(self) -> None:
        """Check the autosave again (a table may have just written it)."""
        self.layout()

    def layout(self) -> None:
        """A column of buttons on the left, under the title."""
        s = self.scale
        w, h = self.app.size
        self.continue_info = autosave_summary(self.app)
        col_w = px(400, s)
        self.column_x = max(px(40, s), int(w * 0.07))
        self.column_w = col_w
        bh, gap = px(54, s), px(13, s)
        y = int(h * 0.38)
        t = self.app.t
        entries = [
            ("menu.continue", self.continue_game, "primary", self.continue_info is not None and self.continue_info.get("ok")),
            ("menu.new_game", self.new_game, "secondary", True),
            ("menu.load", self.load, "secondary", True),
            ("menu.settings", self.settings, "secondary", True),
            ("menu.rules", self.rules, "secondary", True),
            ("menu.rivals_cards", self.rivals_cards, "secondary", True),
            ("lab.menu_entry", self.layout_lab, "secondary", True),
            ("menu.quit", self.app.quit, "secondary", True),
        ]
        # keep the column above the footer when the window is short (shrink the buttons to fit)
        room = h - y - px(44, s)
        need = len(entries) * (bh + gap) + px(26, s)
        if need > room:
            bh, gap = int(bh * room / need), int(gap * room / need)
        self.buttons = []
        for i, (key, action, style, enabled) in enumerate(entries):
            rect = pygame.Rect(self.column_x, y, col_w, bh)
            self.buttons.append(StyledButton(rect, t(key), action, style if enabled else "secondary",
                                             enabled=bool(enabled), font_size=px(21, s)))
            y += bh + gap
            if i == 0:
                y += px(26, s)
        self.widgets = list(self.buttons)

    def button(self, key: str) -> StyledButton:
        """The button labelled by key (tests click its rect)."""
        label = self.app.t(key)
        return next(b for b in self.buttons if b.label == label)

    def continue_game(self) -> None:
        """Load the autosave and open its table."""
        self.app.go("load_save", path=self.app.autosave_path)

    def new_game(self) -> None:
        """Open the new game screen."""
        self.app.push("new_game")

    def load(self) -> None:
        """Open the load dialog."""
        self.app.push("load")

    def settings(self) -> None:
        """Open the settings screen."""
        self.app.push("settings")

    def rules(self) -> None:
        """Open the rules almanac."""
        self.app.push("rules")

    def rivals_cards(self) -> None:
        """Open the Rivals card catalogue."""
        self.app.push("rivals_catalogue")

    def layout_lab(self) -> None:
        """Open the layout lab's editor."""
        self.app.push("lab")

    def back(self) -> None:
        """Escape on the title screen does nothing (Quit is a button)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, title, buttons, autosave hint and footer."""
        w, h = surface.get_size()
        s = self.scale
        surface.blit(self.backdrop.surface((w, h)), (0, 0))
        draw_title(surface, self.app, self.column_x, int(h * 0.12), s, int(w * 0.46))
        self.draw_widgets(surface)
        info = self.continue_info
        if info is not None and self.buttons:
            rect = self.buttons[0].rect
            text = self._autosave_text(info)
            blit_text(surface, text, px(15, s), TEXT_DIM if info.get("ok") else (220, 120, 110),
                      (rect.centerx, rect.bottom + px(4, s)), "midtop")
        hint = self.app.t("menu.footer")
        blit_text(surface, hint, px(14, s), TEXT_DIM, (w - px(20, s), h - px(14, s)), "bottomright")

    def _autosave_text(self, info: dict[str, Any]) -> str:
        if not info.get("ok"):
            return self.app.t("menu.autosave_damaged")
        when = datetime.fromtimestamp(info["mtime"]).strftime("%d.%m.%Y %H:%M")
        return self.app.t("menu.autosave_info", date=when, turn=info.get("turn", 0))


class LoadingScene(Scene):
    """Warms the art cache in a worker thread with a progress bar, then opens the menu."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.done = 0
        self.total = 1
        self.finished = False
        self.error: str | None = None
        self.started = time.perf_counter()
        self.background = make_background(app.size)
        self._lock = threading.Lock()
        sizes = startup_art_sizes(app.size)
        self._thread = threading.Thread(target=self._work, args=(app.art, sizes), daemon=True)
        self._thread.start()

    def _progress(self, done: int, total: int) -> None:
        with self._lock:
            self.done, self.total = done, total + 1

    def _work(self, art: ArtCache, sizes: dict[str, Any]) -> None:
        try:
            art.warm(sizes, self._progress)
            if not backdrop_path(self.app).is_file():
                build_backdrop(self.app)
        except Exception as exc:  # noqa: BLE001 - a failed warm-up must not stop the app; art renders lazily
            self.error = str(exc)
        with self._lock:
            self.done = self.total
            self.finished = True

    def update(self, dt: float) -> None:
        """Open the menu once the worker is done."""
        if self.finished and self.app.top is self:
            self.app.replace(MenuScene(self.app))

    def on_resize(self, size: tuple[int, int]) -> None:
        """New background for the new size."""
        self.background = make_background(size)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, a progress bar and what is being prepared."""
        w, h = surface.get_size()
        s = max(0.55, min(1.6, min(w / 1600, h / 900)))
        if self.background.get_size() != (w, h):
            surface.fill((22, 26, 34))
        else:
            surface.blit(self.background, (0, 0))
        draw_title(surface, self.app, w // 2, int(h * 0.28), s, int(w * 0.7), centered=True)
        with self._lock:
            share = self.done / max(1, self.total)
        bar = pygame.Rect(0, 0, px(520, s), px(18, s))
        bar.center = (w // 2, int(h * 0.62))
        pygame.draw.rect(surface, (16, 19, 25), bar, border_radius=bar.height // 2)
        fill = bar.copy()
        fill.width = max(bar.height, int(bar.width * share))
        pygame.draw.rect(surface, GOLD, fill, border_radius=bar.height // 2)
        pygame.draw.rect(surface, GOLD_DARK, bar, 1, border_radius=bar.height // 2)
        text = self.app.t("loading.art", percent=int(share * 100))
        blit_text(surface, text, px(18, s), TEXT, (w // 2, bar.bottom + px(14, s)), "midtop")
