"""Modal message and yes/no confirmation dialogs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from gui.dialogs import DialogScene, StyledButton, TEXT, blit_text, px
from gui.fonts import font, wrap_text

if TYPE_CHECKING:
    from gui.app import App


class MessageScene(DialogScene):
    """A translated message with an OK button; Enter, Escape or OK closes it."""

    def __init__(self, app: App, text_key: str, params: Mapping[str, Any] | None = None,
                 title_key: str = "message.title") -> None:
        self.text_key = text_key
        self.params = dict(params or {})
        self.title_key = title_key
        self.lines: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.ok: StyledButton | None = None
        super().__init__(app)

    @property
    def text(self) -> str:
        """The message in the current language."""
        return self.app.t(self.text_key, **self.params)

    def layout(self) -> None:
        """Size the panel to the wrapped text."""
        s = self.scale
        w, h = self.app.size
        size = px(19, s)
        width = min(w - 40, px(720, s))
        inner = width - px(64, s)
        self.lines = [line for line in wrap_text(self.text, size, inner)][:14]
        line_h = font(size).get_linesize()
        height = px(80, s) + len(self.lines) * line_h + px(100, s)
        self.rect = pygame.Rect(0, 0, width, min(h - 20, height))
        self.rect.center = (w // 2, h // 2)
        bw, bh = px(160, s), px(46, s)
        self.ok = StyledButton(pygame.Rect(self.rect.centerx - bw // 2, self.rect.bottom - bh - px(22, s), bw, bh),
                               self.app.t("app.ok"), self.close, "primary", font_size=px(19, s))
        self.widgets = [self.ok]

    def close(self) -> None:
        """Close the message."""
        if self.app.top is self:
            self.app.pop()

    def back(self) -> None:
        """Escape closes the message."""
        self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter closes too; every input is taken (modal)."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.close()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the panel, the wrapped text and OK."""
        y = self.draw_frame(surface, self.rect, self.app.t(self.title_key))
        s = self.scale
        size = px(19, s)
        line_h = font(size).get_linesize()
        for line in self.lines:
            blit_text(surface, line, size, TEXT, (self.rect.centerx, y), "midtop")
            y += line_h
        self.draw_widgets(surface)


class ConfirmScene(DialogScene):
    """A yes/no question; on_yes runs after the dialog closes."""

    def __init__(self, app: App, text_key: str, params: Mapping[str, Any] | None, on_yes: Callable[[], None],
                 yes_key: str = "app.yes", no_key: str = "app.no", title_key: str = "confirm.title") -> None:
        self.text_key = text_key
        self.params = dict(params or {})
        self.on_yes = on_yes
        self.yes_key = yes_key
        self.no_key = no_key
        self.title_key = title_key
        self.lines: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(app)

    def layout(self) -> None:
        """Panel, wrapped question, Yes and No."""
        s = self.scale
        w, h = self.app.size
        size = px(19, s)
        width = min(w - 40, px(640, s))
        self.lines = wrap_text(self.app.t(self.text_key, **self.params), size, width - px(64, s))[:10]
        line_h = font(size).get_linesize()
        height = px(80, s) + len(self.lines) * line_h + px(100, s)
        self.rect = pygame.Rect(0, 0, width, min(h - 20, height))
        self.rect.center = (w // 2, h // 2)
        bw, bh, gap = px(170, s), px(46, s), px(20, s)
        y = self.rect.bottom - bh - px(22, s)
        self.yes = StyledButton(pygame.Rect(self.rect.centerx - bw - gap // 2, y, bw, bh), self.app.t(self.yes_key),
                                self.confirm, "primary", font_size=px(19, s))
        self.no = StyledButton(pygame.Rect(self.rect.centerx + gap // 2, y, bw, bh), self.app.t(self.no_key),
                               self.cancel, font_size=px(19, s))
        self.widgets = [self.yes, self.no]

    def confirm(self) -> None:
        """Close and run on_yes."""
        if self.app.top is self:
            self.app.pop()
            self.on_yes()

    def cancel(self) -> None:
        """Close without doing anything."""
        if self.app.top is self:
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter confirms (or presses the button Tab moved the focus to), Escape cancels."""
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.keyboard_focus.focused(self.widgets) is None):
            self.confirm()
            return True
        return super().handle_event(event)

    def back(self) -> None:
        """Escape answers no."""
        self.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the question and the two buttons."""
        y = self.draw_frame(surface, self.rect, self.app.t(self.title_key))
        size = px(19, self.scale)
        line_h = font(size).get_linesize()
        for line in self.lines:
            blit_text(surface, line, size, TEXT, (self.rect.centerx, y), "midtop")
            y += line_h
        self.draw_widgets(surface)
