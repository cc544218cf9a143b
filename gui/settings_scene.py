"""The settings screen: language, animation speed, AI speed, Hard AI think time, fullscreen, undo, the win-chance bar
(saved at once)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gui.backdrop import backdrop_for
from gui.dialogs import (
    GOLD_DARK, PANEL, TEXT, TEXT_DIM, Cycler, StyledButton, Toggle, WidgetScene, blit_text, draw_heading, ellipsize, px,
)
from gui.i18n import Translator
from gui.settings import AI_SPEEDS, ANIMATION_SPEEDS, THINK_TIMES

if TYPE_CHECKING:
    from gui.app import App


def _nearest_index(values: tuple[float, ...], value: float) -> int:
    return min(range(len(values)), key=lambda i: abs(values[i] - value))


class SettingsScene(WidgetScene):
    """Each row a label and a control; changes apply and are written immediately."""

    def __init__(self, app: App) -> None:
        self.backdrop = backdrop_for(app)
        self.rows: list[tuple[str, str, pygame.Rect]] = []
        super().__init__(app)

    def layout(self) -> None:
        """A centred panel with seven rows and Back."""
        s = self.scale
        w, h = self.app.size
        t = self.app.t
        settings = self.app.settings
        self.panel = pygame.Rect(0, 0, min(w - 40, px(880, s)), min(h - 40, px(760, s)))
        self.panel.center = (w // 2, h // 2)
        pad = px(40, s)
        control_w = px(330, s)
        ch = px(46, s)
        x = self.panel.right - pad - control_w
        y = self.panel.y + px(110, s)
        bh = px(48, s)
        self.note_bottom = self.panel.bottom - bh - px(26, s) - px(12, s)
        # the seven rows share the room between the heading and the note (the last row's hint ends above the note)
        note_top = self.note_bottom - px(13, s) - px(8, s)
        row_h = min(px(78, s), (note_top - px(26, s) - y - ch // 2) // 6)
        fs = px(19, s)
        langs = Translator.available_languages() or ["en"]
        speed_labels = {0.0: "settings.speed_off", 0.5: "settings.speed_slow", 1.0: "settings.speed_normal",
                        2.0: "settings.speed_fast", 4.0: "settings.speed_fastest"}
        self.language = Cycler(pygame.Rect(x, y, control_w, ch), langs,
                               langs.index(settings.lang) if settings.lang in langs else 0,
                               lambda v: t(f"settings.lang.{v}"), self.app.set_language, fs)
        self.animation = Cycler(pygame.Rect(x, y + row_h, control_w, ch), ANIMATION_SPEEDS,
                                _nearest_index(ANIMATION_SPEEDS, settings.animation_speed),
                                lambda v: t(speed_labels[v]), self._set_animation, fs)
        self.ai = Cycler(pygame.Rect(x, y + 2 * row_h, control_w, ch), AI_SPEEDS,
                         _nearest_index(AI_SPEEDS, settings.ai_speed),
                         lambda v: t(speed_labels[v]), self._set_ai, fs)
        self.think = Cycler(pygame.Rect(x, y + 3 * row_h, control_w, ch), THINK_TIMES,
                            _nearest_index(THINK_TIMES, settings.hard_think_seconds), self.seconds_label,
                            self._set_think, fs)
        self.fullscreen = Toggle(pygame.Rect(x, y + 4 * row_h + px(4, s), control_w, px(38, s)), settings.fullscreen,
                                 lambda v: self.app.toggle_fullscreen(), (t("app.off"), t("app.on")))
        self.undo = Toggle(pygame.Rect(x, y + 5 * row_h + px(4, s), control_w, px(38, s)), settings.allow_undo,
                           self._set_undo, (t("app.off"), t("app.on")))
        self.win_bar = Toggle(pygame.Rect(x, y + 6 * row_h + px(4, s), control_w, px(38, s)),
                              bool(getattr(settings, "win_bar", False)), self._set_win_bar, (t("app.off"), t("app.on")))
        self.rows = [
            ("settings.language", "settings.language_hint", self.language.rect),
            ("settings.animation_speed", "settings.animation_hint", self.animation.rect),
            ("settings.ai_speed", "settings.ai_hint", self.ai.rect),
            ("settings.think_time", "settings.think_hint", self.think.rect),
            ("settings.fullscreen", "settings.fullscreen_hint", self.fullscreen.rect),
            ("settings.allow_undo", "settings.allow_undo_hint", self.undo.rect),
            ("settings.win_bar", "settings.win_bar_hint", self.win_bar.rect),
        ]
        bw = px(200, s)
        comfort_w, gap = px(380, s), px(20, s)
        left = self.panel.centerx - (bw + gap + comfort_w) // 2
        self.back_button = StyledButton(pygame.Rect(left, self.panel.bottom - bh - px(26, s),
                                                    bw, bh), t("app.back"), self.back, "primary", font_size=fs)
        self.comfort_button = StyledButton(pygame.Rect(left + bw + gap, self.back_button.rect.y, comfort_w, bh),
                                           t("comfort.open"), self._open_comfort, font_size=fs)
        self.widgets = [self.language, self.animation, self.ai, self.think, self.fullscreen, self.undo, self.win_bar,
                        self.comfort_button, self.back_button]

    def _open_comfort(self) -> None:
        """Open the sound, accessibility and help settings."""
        self.app.push("comfort")

    def _set_animation(self, value: float) -> None:
        self.app.settings.animation_speed = value
        self.app.save_settings()

    def _set_undo(self, value: bool) -> None:
        self.app.settings.allow_undo = value
        self.app.save_settings()

    def _set_win_bar(self, value: bool) -> None:
        """The win-chance bar in games with humans (watch mode always shows it)."""
        self.app.settings.win_bar = value
        self.app.save_settings()

    def _set_ai(self, value: float) -> None:
        self.app.settings.ai_speed = value
        self.app.save_settings()

    def seconds_label(self, seconds: float) -> str:
        """A number of seconds as the language writes it ('0,5 s' in Czech)."""
        number = self.app.translator.number(seconds)
        return self.app.t("settings.seconds", seconds=number)

    def _set_think(self, value: float) -> None:
        self.app.settings.hard_think_seconds = value
        self.app.save_settings()

    def update(self, dt: float) -> None:
        """Follow F11 pressed while this screen is open."""
        self.fullscreen.value = self.app.settings.fullscreen

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, panel, heading, rows with hints."""
        w, h = surface.get_size()
        s = self.scale
        surface.blit(self.backdrop.surface((w, h)), (0, 0))
        self.panels.draw(surface, self.panel, PANEL, 238, 16, GOLD_DARK)
        draw_heading(surface, self.app.t("settings.title"), (self.panel.centerx, self.panel.y + px(26, s)), px(32, s))
        x = self.panel.x + px(40, s)
        for label_key, hint_key, rect in self.rows:
            blit_text(surface, self.app.t(label_key), px(20, s), TEXT, (x, rect.centery - px(10, s)), "midleft",
                      bold=True)
            blit_text(surface, self.app.t(hint_key), px(15, s), TEXT_DIM, (x, rect.centery + px(13, s)), "midleft")
        self.draw_widgets(surface)
        note = self.app.t("settings.saved_to", path=str(self.app.settings_path))
        blit_text(surface, ellipsize(note, px(13, s), self.panel.width - px(40, s)), px(13, s), TEXT_DIM,
                  (self.panel.centerx, self.note_bottom), "midbottom")
