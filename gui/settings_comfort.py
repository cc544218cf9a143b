"""The comfort settings screen: sound volume and mute, UI scale, colour-blind marks, hints and the table tour."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gui.backdrop import backdrop_for
from gui.dialogs import (
    GOLD_DARK, PANEL, TEXT, TEXT_DIM, Cycler, StyledButton, Toggle, WidgetScene, blit_text, draw_heading, px,
)
from gui.settings import UI_SCALES, VOLUMES

if TYPE_CHECKING:
    from gui.app import App


def _nearest_index(values: tuple[float, ...], value: float) -> int:
    return min(range(len(values)), key=lambda i: abs(values[i] - value))


def percent(value: float) -> str:
    """A factor as a percentage ('80 %')."""
    return f"{round(value * 100)} %"


class ComfortSettingsScene(WidgetScene):
    """Each row a label, a hint and a control; changes apply and are written immediately."""

    def __init__(self, app: App) -> None:
        self.backdrop = backdrop_for(app)
        self.rows: list[tuple[str, str, pygame.Rect]] = []
        super().__init__(app)

    def layout(self) -> None:
        """A centred panel with six rows and Back."""
        s = self.scale
        w, h = self.app.size
        t = self.app.t
        settings = self.app.settings
        self.panel = pygame.Rect(0, 0, min(w - 40, px(880, s)), min(h - 40, px(700, s)))
        self.panel.center = (w // 2, h // 2)
        pad = px(40, s)
        row_h = px(76, s)
        control_w = px(330, s)
        ch = px(44, s)
        x = self.panel.right - pad - control_w
        y = self.panel.y + px(100, s)
        fs = px(19, s)
        self.volume = Cycler(pygame.Rect(x, y, control_w, ch), VOLUMES, _nearest_index(VOLUMES, settings.volume),
                             lambda v: t("comfort.volume_off") if v == 0 else percent(v), self._set_volume, fs)
        toggle_h = px(36, s)

        def toggle_rect(row: int) -> pygame.Rect:
            return pygame.Rect(x, y + row * row_h + (ch - toggle_h) // 2, control_w, toggle_h)

        on_off = (t("app.off"), t("app.on"))
        self.mute = Toggle(toggle_rect(1), settings.muted, lambda v: self.app.toggle_mute(), on_off)
        self.ui = Cycler(pygame.Rect(x, y + 2 * row_h, control_w, ch), UI_SCALES,
                         _nearest_index(UI_SCALES, settings.ui_scale), percent, self.app.set_ui_scale, fs)
        self.marks = Toggle(toggle_rect(3), settings.colour_marks, self._set_marks, on_off)
        self.hints = Toggle(toggle_rect(4), settings.hints, self._set_hints, on_off)
        tour_key = "comfort.tour_again" if settings.tour_seen else "comfort.tour_pending"
        self.tour = StyledButton(pygame.Rect(x, y + 5 * row_h, control_w, ch), t(tour_key), self._tour_again,
                                 enabled=settings.tour_seen, font_size=fs)
        self.rows = [
            ("comfort.volume", "comfort.volume_hint", self.volume.rect),
            ("comfort.mute", "comfort.mute_hint", self.mute.rect),
            ("comfort.ui_scale", "comfort.ui_scale_hint", self.ui.rect),
            ("comfort.colour_marks", "comfort.colour_marks_hint", self.marks.rect),
            ("comfort.hints", "comfort.hints_hint", self.hints.rect),
            ("comfort.tour", "comfort.tour_hint", self.tour.rect),
        ]
        bw, bh = px(200, s), px(48, s)
        self.back_button = StyledButton(pygame.Rect(self.panel.centerx - bw // 2, self.panel.bottom - bh - px(24, s),
                                                    bw, bh), t("app.back"), self.back, "primary", font_size=fs)
        self.widgets = [self.volume, self.mute, self.ui, self.marks, self.hints, self.tour, self.back_button]

    def _set_volume(self, value: float) -> None:
        self.app.settings.volume = value
        self.app.save_settings()
        self.app.sound.play("build")  # a sample of the new loudness

    def _set_marks(self, value: bool) -> None:
        self.app.settings.colour_marks = value
        self.app.save_settings()

    def _set_hints(self, value: bool) -> None:
        self.app.settings.hints = value
        self.app.save_settings()

    def _tour_again(self) -> None:
        """The table tour shows again at the next game (or now, with F1 at a table)."""
        self.app.settings.tour_seen = False
        self.app.save_settings()
        self.layout()

    def update(self, dt: float) -> None:
        """Follow M pressed while this screen is open."""
        self.mute.value = self.app.settings.muted

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, panel, heading, rows with hints."""
        w, h = surface.get_size()
        s = self.scale
        surface.blit(self.backdrop.surface((w, h)), (0, 0))
        self.panels.draw(surface, self.panel, PANEL, 238, 16, GOLD_DARK)
        draw_heading(surface, self.app.t("comfort.title"), (self.panel.centerx, self.panel.y + px(24, s)), px(30, s))
        x = self.panel.x + px(40, s)
        for label_key, hint_key, rect in self.rows:
            blit_text(surface, self.app.t(label_key), px(20, s), TEXT, (x, rect.centery - px(10, s)), "midleft",
                      bold=True)
            blit_text(surface, self.app.t(hint_key), px(15, s), TEXT_DIM, (x, rect.centery + px(13, s)), "midleft")
        self.draw_widgets(surface)
