"""The game log every table keeps: its entries, cards in words, and the scrolling panel, newest at the bottom."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.catan.constants import RESOURCES
from gui.fonts import render_text, wrap_text
from gui.widgets import TEXT, TEXT_DIM

Translate = Callable[..., str]
MAX_ENTRIES = 400


@dataclass(frozen=True)
class LogEntry:
    """One line of the log, with the colour of the player it is about (None for neutral lines)."""

    text: str
    color: tuple[int, int, int] | None = None
    dim: bool = False
    topic: str = ""  # what a log filter keeps it for: BUILDS, DICE or DRAWS (below)


# The filters a log offers, in the order a click cycles them: everything, or only the lines of one topic.
ALL = "all"
BUILDS, DICE, DRAWS = "builds", "dice", "draws"  # builds and trades; dice and production; draws and events
DICE_GAME_FILTERS: tuple[str, ...] = (ALL, BUILDS, DICE)   # Catan and Rivals
CARD_GAME_FILTERS: tuple[str, ...] = (ALL, BUILDS, DRAWS)  # the quick card game has no dice


def format_cards(cards: Sequence[int], t: Translate, names: Sequence[str] = RESOURCES) -> str:
    """Counts of resources as '2× lumber, 1× ore' in the current language (names: the game's resource order)."""
    parts = [f"{n}× {t('resource.' + names[r])}" for r, n in enumerate(cards) if n]
    return ", ".join(parts) if parts else t("table.nothing")


@dataclass
class LogView:
    """A scrolling panel of log entries; the wheel scrolls, new entries snap back to the bottom."""

    entries: list[LogEntry] = field(default_factory=list)
    scroll: int = 0  # lines scrolled up from the bottom
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    filters: tuple[str, ...] = (ALL,)  # a table whose narrator tags topics offers more
    filter: str = ALL
    header: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))  # click: the next filter
    _lines: list[tuple[str, tuple[int, int, int] | None, bool, bool]] = field(default_factory=list)
    _wrapped_for: tuple[int, int, int, str] = (-1, -1, -1, ALL)

    def add(self, entries: Sequence[LogEntry]) -> None:
        """Append entries (the oldest fall off past MAX_ENTRIES)."""
        self.entries.extend(entries)
        if len(self.entries) > MAX_ENTRIES:
            del self.entries[: len(self.entries) - MAX_ENTRIES]
            self._wrapped_for = (-1, -1, -1, ALL)
        self.scroll = 0

    def next_filter(self) -> None:
        """Show the lines of the next filter (all, builds and trades, dice and production, … then all again)."""
        self.filter = self.filters[(self.filters.index(self.filter) + 1) % len(self.filters)] \
            if self.filter in self.filters else ALL
        self.scroll = 0

    def shown(self) -> list[LogEntry]:
        """The entries the filter keeps."""
        return self.entries if self.filter == ALL else [e for e in self.entries if e.topic == self.filter]

    def clear(self) -> None:
        """Drop every entry (the log is about to be written anew)."""
        self.entries.clear()
        self._wrapped_for = (-1, -1, -1, ALL)
        self.scroll = 0

    def wheel(self, dy: int) -> None:
        """Scroll by mouse-wheel steps (positive = older lines)."""
        self.scroll = max(0, self.scroll + dy * 2)

    def _wrap(self, width: int, fs: int) -> None:
        key = (width, fs, len(self.entries), self.filter)
        if key == self._wrapped_for:
            return
        lines = []
        for entry in self.shown():
            parts = wrap_text(entry.text, fs, width)
            for i, part in enumerate(parts):
                lines.append((part, entry.color, entry.dim, i == 0))
        self._lines = lines
        self._wrapped_for = key

    def draw(self, surface: pygame.Surface, fs: int, title: str, filter_label: str = "") -> None:
        """Draw the visible lines into self.rect; with several filters the title names the one shown (a click on
        the title changes it)."""
        rect = self.rect
        if len(self.filters) > 1 and filter_label:
            title = f"{title} · {filter_label} ▾"
        head = render_text(title, max(10, fs), TEXT_DIM, True)
        surface.blit(head, (rect.x + 10, rect.y + 6))
        self.header = pygame.Rect(rect.x + 4, rect.y + 2, max(head.get_width() + 12, rect.w // 2),
                                  head.get_height() + 8)
        body = pygame.Rect(rect.x + 8, rect.y + head.get_height() + 10, rect.w - 16,
                           rect.h - head.get_height() - 16)
        if body.h <= 0:
            return
        dot = max(6, fs // 2)
        self._wrap(body.w - dot - 8, fs)
        line_h = int(fs * 1.32)
        visible = max(1, body.h // line_h)
        self.scroll = min(self.scroll, max(0, len(self._lines) - visible))
        end = len(self._lines) - self.scroll
        start = max(0, end - visible)
        clip = surface.get_clip()
        surface.set_clip(body)
        y = body.bottom - (end - start) * line_h
        for text, color, dim, first in self._lines[start:end]:
            if first and color is not None:
                pygame.draw.circle(surface, color, (body.x + dot // 2 + 1, y + line_h // 2), dot // 2)
                pygame.draw.circle(surface, (10, 10, 12), (body.x + dot // 2 + 1, y + line_h // 2), dot // 2, 1)
            img = render_text(text, fs, TEXT_DIM if dim else TEXT)
            surface.blit(img, (body.x + dot + 6, y))
            y += line_h
        surface.set_clip(clip)
        if self.scroll:
            more = render_text("▼", fs, TEXT_DIM)
            surface.blit(more, (body.right - more.get_width(), body.bottom - more.get_height()))
