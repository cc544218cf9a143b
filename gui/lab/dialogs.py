"""The lab's small modal dialogs: a name to type, unsaved changes (save / discard / cancel), a help text."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.lab.layout import MAX_NAME_LENGTH
from gui.dialogs import TEXT, DialogScene, StyledButton, TextField, blit_text, px
from gui.fonts import font, wrap_text
from gui.lab.panels import BAD_COLOR

if TYPE_CHECKING:
    from gui.app import App


class NameDialog(DialogScene):
    """Type a layout name; OK (or Enter) hands it to on_done, which may return an error text to show."""

    def __init__(self, app: App, title_key: str, initial: str, on_done: Callable[[str], str | None],
                 ok_key: str = "app.ok") -> None:
        self.title_key = title_key
        self.ok_key = ok_key
        self.on_done = on_done
        self.error = ""
        self.field = TextField(pygame.Rect(0, 0, 10, 10), initial, MAX_NAME_LENGTH, on_submit=self.confirm,
                               on_change=self._edited)
        self.field.focused = True
        super().__init__(app)

    def _edited(self, text: str) -> None:
        self.error = ""

    def layout(self) -> None:
        """Panel with the label, the field, OK and Cancel."""
        s = self.scale
        self.rect = self.panel_rect(640, 300)
        pad = px(30, s)
        self.field.rect = pygame.Rect(self.rect.x + pad, self.rect.y + px(120, s), self.rect.width - 2 * pad, px(44, s))
        self.field.font_size = px(19, s)
        bw, bh = px(170, s), px(46, s)
        y = self.rect.bottom - bh - px(22, s)
        self.ok = StyledButton(pygame.Rect(self.rect.right - pad - bw, y, bw, bh), self.app.t(self.ok_key),
                               self.confirm, "primary", font_size=px(19, s))
        self.cancel = StyledButton(pygame.Rect(self.rect.right - pad - 2 * bw - px(16, s), y, bw, bh),
                                   self.app.t("app.cancel"), self.back, font_size=px(19, s))
        self.widgets = [self.field, self.ok, self.cancel]

    def confirm(self) -> None:
        """Hand the name over; close unless on_done answers with an error."""
        name = self.field.text.strip()
        if not name:
            self.error = self.app.t("lab.name_empty")
            return
        if self.app.top is self:
            self.app.pop()
        error = self.on_done(name)
        if error:
            self.error = error
            self.app.push(self)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, label, field, error and buttons."""
        self.draw_frame(surface, self.rect, self.app.t(self.title_key))
        s = self.scale
        blit_text(surface, self.app.t("lab.name_label"), px(17, s), TEXT, (self.field.rect.x, self.field.rect.y - px(8, s)),
                  "bottomleft", bold=True)
        if self.error:
            blit_text(surface, self.error, px(15, s), BAD_COLOR, (self.field.rect.x, self.field.rect.bottom + px(6, s)))
        self.draw_widgets(surface)


class UnsavedDialog(DialogScene):
    """The layout has unsaved changes: Save, Discard or Cancel (Escape)."""

    def __init__(self, app: App, on_save: Callable[[], None], on_discard: Callable[[], None]) -> None:
        self.on_save = on_save
        self.on_discard = on_discard
        self.lines: list[str] = []
        super().__init__(app)

    def layout(self) -> None:
        """Panel, question and the three buttons."""
        s = self.scale
        size = px(19, s)
        self.rect = self.panel_rect(700, 280)
        self.lines = wrap_text(self.app.t("lab.unsaved_text"), size, self.rect.width - px(64, s))[:4]
        bw, bh, gap = px(190, s), px(46, s), px(14, s)
        y = self.rect.bottom - bh - px(22, s)
        x = self.rect.centerx - (3 * bw + 2 * gap) // 2
        self.save_button = StyledButton(pygame.Rect(x, y, bw, bh), self.app.t("lab.unsaved_save"), self._save,
                                        "primary", font_size=px(18, s))
        self.discard_button = StyledButton(pygame.Rect(x + bw + gap, y, bw, bh), self.app.t("lab.unsaved_discard"),
                                           self._discard, "danger", font_size=px(18, s))
        self.cancel_button = StyledButton(pygame.Rect(x + 2 * (bw + gap), y, bw, bh), self.app.t("app.cancel"),
                                          self.back, font_size=px(18, s))
        self.widgets = [self.save_button, self.discard_button, self.cancel_button]

    def _close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def _save(self) -> None:
        self._close()
        self.on_save()

    def _discard(self) -> None:
        self._close()
        self.on_discard()

    def draw(self, surface: pygame.Surface) -> None:
        """The question and the buttons."""
        y = self.draw_frame(surface, self.rect, self.app.t("lab.unsaved_title"))
        size = px(19, self.scale)
        for line in self.lines:
            blit_text(surface, line, size, TEXT, (self.rect.centerx, y), "midtop")
            y += font(size).get_linesize()
        self.draw_widgets(surface)


class HelpDialog(DialogScene):
    """A longer translated text (one paragraph a line; a line starting with ** is bold) with OK; extra: more
    paragraphs (already translated, one a line) after it."""

    def __init__(self, app: App, title_key: str, text_key: str, extra: str = "") -> None:
        self.title_key = title_key
        self.text_key = text_key
        self.extra = extra
        self.lines: list[tuple[str, bool, int]] = []
        self.size = 16
        super().__init__(app)

    def layout(self) -> None:
        """Wrap the text into the panel, shrinking the font until it fits; the panel fits the text."""
        s = self.scale
        h = self.app.size[1]
        width = min(self.app.size[0] - 40, px(880, s)) - px(70, s)
        room = h - 40 - px(80, s) - px(96, s)
        paragraphs = self.app.t(self.text_key).split("\n") + (self.extra.split("\n") if self.extra else [])
        size = px(18, s)
        while True:
            lines: list[tuple[str, bool, int]] = []
            for paragraph in paragraphs:
                bold = paragraph.startswith("**")
                body = paragraph[2:] if bold else paragraph
                wrapped = wrap_text(body, size, width, bold)
                lines.extend((line, bold, 0) for line in wrapped[:-1])
                lines.append((wrapped[-1], bold, max(2, size // 2)))
            height = sum(font(size).get_linesize() + gap for _, _, gap in lines)
            if height <= room or size <= 10:
                break
            size -= 1
        self.lines, self.size = lines, size
        self.rect = pygame.Rect(0, 0, width + px(70, s), min(h - 20, height + px(80, s) + px(96, s)))
        self.rect.center = (self.app.size[0] // 2, h // 2)
        bw, bh = px(160, s), px(46, s)
        self.ok = StyledButton(pygame.Rect(self.rect.centerx - bw // 2, self.rect.bottom - bh - px(22, s), bw, bh),
                               self.app.t("app.ok"), self.back, "primary", font_size=px(19, s))
        self.widgets = [self.ok]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter closes too."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.back()
            return True
        return super().handle_event(event)

    def back(self) -> None:
        """Close the help."""
        if self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Title, text and OK."""
        y = self.draw_frame(surface, self.rect, self.app.t(self.title_key))
        x = self.rect.x + px(35, self.scale)
        line_h = font(self.size).get_linesize()
        for line, bold, gap in self.lines:
            blit_text(surface, line, self.size, TEXT, (x, y), bold=bold)
            y += line_h + gap
        self.draw_widgets(surface)
