"""The rules almanac: a list of terms and a scrollable text pane for every game that can be started, chosen by tabs:
the board game (assets/rules/<lang>.md), its compact edition and two-player variant, Rivals for Catan and the quick
card game (assets/rules/<doc>_<lang>.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.resources import rules_dir
from gui.dialogs import (
    GOLD, GOLD_DARK, PANEL, TEXT, TEXT_DIM, ListBox, ListRow, StyledButton, WidgetScene, blit_text, draw_heading,
    ellipsize, is_click, px,
)
from gui.fonts import font

if TYPE_CHECKING:
    from gui.app import App

RULES_DIR = rules_dir()
DOCS = ("catan", "compact", "two_player", "rivals", "cards")  # the rule documents, each one file per language
TABS_PER_ROW = 3
# The rule document of a variant that is not the base game's ("catan").
VARIANT_DOCS = {"catan-compact": "compact", "catan-2p": "two_player"}
FAMILY_DOCS = {"rivals": "rivals", "cards": "cards"}
NUMBERED = re.compile(r"^(\d+)\.\s+(.*)$")
EXAMPLE_COLOR = (214, 220, 228)


@dataclass(frozen=True, slots=True)
class Block:
    """One paragraph of a term: kind is 'para', 'bullet', 'number' or 'subhead'."""

    kind: str
    text: str
    marker: str = ""


@dataclass(frozen=True, slots=True)
class Term:
    """A rule term with its paragraphs."""

    title: str
    blocks: tuple[Block, ...]


def parse_rules(text: str) -> tuple[str, list[Term]]:
    """Parse the Markdown-ish rules: '# title', '## term', '- bullet', '1. item', '**bold**' (one block a line)."""
    title = ""
    terms: list[Term] = []
    current: str | None = None
    blocks: list[Block] = []

    def close() -> None:
        if current is not None:
            terms.append(Term(current, tuple(blocks)))

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("## "):
            close()
            current, blocks = line[3:].strip(), []
        elif line.startswith("# "):
            title = line[2:].strip()
        elif current is None:
            continue
        elif line.startswith(("- ", "• ")):
            blocks.append(Block("bullet", line[2:].strip(), "•"))
        elif (m := NUMBERED.match(line)) is not None:
            blocks.append(Block("number", m.group(2), f"{m.group(1)}."))
        elif line.startswith("**") and line.endswith("**") and line.count("**") == 2:
            blocks.append(Block("subhead", line.strip("*").strip()))
        else:
            blocks.append(Block("para", line))
    close()
    return title, terms


def doc_for_variant(variant_id: str, family: str) -> str:
    """The rule document that explains a variant (the table's help opens it)."""
    return FAMILY_DOCS.get(family) or VARIANT_DOCS.get(variant_id, "catan")


def rules_path(lang: str, doc: str = "catan") -> Path:
    """The file of a rule document in a language (English when that language has none)."""
    stem = "" if doc == "catan" else f"{doc}_"
    path = RULES_DIR / f"{stem}{lang}.md"
    return path if path.is_file() else RULES_DIR / f"{stem}en.md"


def load_rules(lang: str, doc: str = "catan") -> tuple[str, list[Term]]:
    """A rule document (one of DOCS) in a language (English when that language has none)."""
    return parse_rules(rules_path(lang, doc).read_text(encoding="utf-8"))


Run = tuple[str, bool]


def _runs(text: str) -> list[Run]:
    """Split '**bold**' markup into (text, bold) runs."""
    parts = text.split("**")
    return [(part, i % 2 == 1) for i, part in enumerate(parts) if part]


def wrap_runs(runs: list[Run], size: int, width: int) -> list[list[Run]]:
    """Wrap styled runs into lines no wider than width (words never split)."""
    lines: list[list[Run]] = [[]]
    x = 0
    pending_space = False
    for text, bold in runs:
        f = font(size, bold)
        for i, word in enumerate(text.split(" ")):
            if i > 0:
                pending_space = True
            if not word:
                continue
            # A run that starts right after another without a space glues to it, like "a**b**".
            lead = " " if pending_space and lines[-1] else ""
            pending_space = False
            w = f.size(lead + word)[0]
            if x + w > width and lines[-1]:
                lines.append([])
                lead = ""
                x = 0
                w = f.size(word)[0]
            lines[-1].append((lead + word, bold))
            x += w
    return [line for line in lines if line] or [[]]


def render_term(term: Term, width: int, scale: float) -> pygame.Surface:
    """The whole term as one tall transparent surface (title, paragraphs, bullets)."""
    size = px(19, scale)
    line_h = font(size).get_linesize() + px(3, scale)
    indent = px(28, scale)
    para_gap = px(12, scale)
    items: list[tuple[int, int, list[Run], str, tuple[int, int, int]]] = []  # y, x, runs, marker, colour
    y = 0
    for block in term.blocks:
        if block.kind == "subhead":
            y += px(6, scale)
            items.append((y, 0, [(block.text, True)], "", GOLD))
            y += line_h + px(2, scale)
            continue
        x = indent if block.kind in ("bullet", "number") else 0
        example = block.text.startswith(("**Příklad", "**Example", "**Tip"))
        color = EXAMPLE_COLOR if example else TEXT
        for i, line in enumerate(wrap_runs(_runs(block.text), size, width - x)):
            items.append((y, x, line, block.marker if i == 0 else "", color))
            y += line_h
        y += para_gap
    surface = pygame.Surface((max(1, width), max(1, y)), pygame.SRCALPHA)
    for iy, ix, runs, marker, color in items:
        if marker:
            blit_text(surface, marker, size, GOLD, (ix - px(8, scale), iy), "topright", bold=True)
        x = ix
        for text, bold in runs:
            image = font(size, bold).render(text, True, GOLD if bold and color is not GOLD and text.strip().endswith(":") else color)
            surface.blit(image, (x, iy))
            x += image.get_width()
    return surface


class RulesScene(WidgetScene):
    """Browse the rule terms; the wheel scrolls the text (or the list when the mouse is over it)."""

    def __init__(self, app: App, doc: str = "catan") -> None:
        from gui.menu import backdrop_for

        self.backdrop = backdrop_for(app)
        self.doc = doc if doc in DOCS else DOCS[0]
        self.loaded: tuple[str, str] = ("", "")
        self.doc_buttons: list[StyledButton] = []
        self.lang = ""
        self.title = ""
        self.terms: list[Term] = []
        self.index = 0
        self.scroll = 0
        self.page: pygame.Surface | None = None
        self.list: ListBox | None = None
        self.mouse = (0, 0)
        super().__init__(app)

    def layout(self) -> None:
        """Document tabs and the list on the left, text pane on the right, Back below."""
        if self.loaded != (self.app.settings.lang, self.doc):
            self.lang = self.app.settings.lang
            self.loaded = (self.lang, self.doc)
            self.title, self.terms = load_rules(self.lang, self.doc)
            self.index = min(self.index, max(0, len(self.terms) - 1))
        s = self.scale
        w, h = self.app.size
        margin = px(40, s)
        top = px(96, s)
        bottom = h - px(92, s)
        list_w = max(px(320, s), int(w * 0.29))
        tab_h, tab_gap = px(38, s), px(8, s)
        tab_w = (list_w - (TABS_PER_ROW - 1) * tab_gap) // TABS_PER_ROW
        rows = -(-len(DOCS) // TABS_PER_ROW)
        self.doc_buttons = [
            StyledButton(pygame.Rect(margin + (i % TABS_PER_ROW) * (tab_w + tab_gap),
                                     top + (i // TABS_PER_ROW) * (tab_h + tab_gap), tab_w, tab_h),
                         self.app.t(f"rules.doc.{doc}"), (lambda d=doc: self.show_doc(d)),
                         "primary" if doc == self.doc else "secondary", font_size=px(16, s))
            for i, doc in enumerate(DOCS)]
        list_top = top + rows * (tab_h + tab_gap)
        self.list_panel = pygame.Rect(margin, list_top, list_w, bottom - list_top)
        self.text_panel = pygame.Rect(self.list_panel.right + px(24, s), top, w - 2 * margin - list_w - px(24, s),
                                      bottom - top)
        pad = px(16, s)
        old_scroll = self.list.scroll if self.list is not None else 0
        self.list = ListBox(self.list_panel.inflate(-2 * pad, -2 * pad), [ListRow((t.title,), i) for i, t in enumerate(self.terms)],
                            on_select=self.show, font_size=px(17, s), row_height=px(32, s))
        self.list.selected = self.index
        self.list.scroll = old_scroll
        self.list.clamp_scroll()
        self.text_rect = self.text_panel.inflate(-2 * px(32, s), -2 * px(24, s))
        self.text_rect.y += px(56, s)
        self.text_rect.height -= px(56, s)
        bw, bh = px(200, s), px(50, s)
        self.back_button = StyledButton(pygame.Rect(margin, h - px(22, s) - bh, bw, bh), self.app.t("app.back"),
                                        self.back, "primary", font_size=px(20, s))
        self.widgets = [*self.doc_buttons, self.list, self.back_button]
        self._render_page()

    def _render_page(self) -> None:
        if not self.terms:
            self.page = None
            return
        self.page = render_term(self.terms[self.index], self.text_rect.width - px(16, self.scale), self.scale)
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    @property
    def max_scroll(self) -> int:
        """How far the text can scroll."""
        return max(0, (self.page.get_height() if self.page else 0) - self.text_rect.height)

    def show_doc(self, doc: str) -> None:
        """Switch to another rule document (one of DOCS), from its first term."""
        if doc == self.doc or doc not in DOCS:
            return
        self.doc = doc
        self.index = 0
        self.scroll = 0
        if self.list is not None:
            self.list.scroll = 0
        self.layout()

    def show(self, index: int) -> None:
        """Show term index from the top."""
        self.index = index
        self.scroll = 0
        self._render_page()

    def scroll_by(self, pixels: int) -> None:
        """Scroll the text pane."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    def jump_to_letter(self, letter: str) -> bool:
        """Select the first term starting with the letter (typing on the keyboard)."""
        letter = letter.casefold()
        for i, term in enumerate(self.terms):
            if term.title.casefold().startswith(letter):
                if self.list is not None:
                    self.list.select(i)
                return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Wheel, page keys, letters and the scrollbar."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        step = font(px(19, self.scale)).get_linesize()
        if event.type == pygame.MOUSEWHEEL and not self.list_panel.collidepoint(self.mouse):
            self.scroll_by(-event.y * step * 3)
            return True
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_PAGEDOWN: self.text_rect.height - step, pygame.K_PAGEUP: -(self.text_rect.height - step),
                    pygame.K_SPACE: self.text_rect.height - step, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in keys:
                self.scroll_by(keys[event.key])
                return True
        if event.type == pygame.TEXTINPUT and event.text.strip():
            return self.jump_to_letter(event.text.strip()[0])
        if is_click(event) and self.scrollbar_track().collidepoint(event.pos) and self.max_scroll:
            share = (event.pos[1] - self.text_rect.y) / max(1, self.text_rect.height)
            self.scroll = int(self.max_scroll * max(0.0, min(1.0, share)))
            return True
        return super().handle_event(event)

    def scrollbar_track(self) -> pygame.Rect:
        """The text pane's scrollbar (clickable)."""
        return pygame.Rect(self.text_panel.right - px(18, self.scale), self.text_rect.y, px(10, self.scale),
                           self.text_rect.height)

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, panels, the term's title and the visible part of its text."""
        w, h = surface.get_size()
        s = self.scale
        surface.blit(self.backdrop.surface((w, h)), (0, 0))
        draw_heading(surface, ellipsize(self.title, px(30, s), w - px(80, s), True), (w // 2, px(24, s)), px(30, s))
        for rect in (self.list_panel, self.text_panel):
            self.panels.draw(surface, rect, PANEL, 236, 14, GOLD_DARK)
        self.draw_widgets(surface)
        if not self.terms or self.page is None:
            return
        term = self.terms[self.index]
        head = blit_text(surface, ellipsize(term.title, px(26, s), self.text_rect.width, True), px(26, s), GOLD,
                         (self.text_rect.x, self.text_panel.y + px(22, s)), bold=True)
        pygame.draw.line(surface, GOLD_DARK, (self.text_rect.x, head.bottom + px(8, s)),
                         (self.text_rect.right, head.bottom + px(8, s)))
        area = pygame.Rect(0, self.scroll, self.text_rect.width, self.text_rect.height)
        surface.blit(self.page, self.text_rect.topleft, area)
        if self.max_scroll:
            track = self.scrollbar_track()
            pygame.draw.rect(surface, (40, 46, 58), track, border_radius=4)
            total = self.page.get_height()
            thumb_h = max(px(24, s), int(track.height * self.text_rect.height / total))
            thumb_y = track.y + int((track.height - thumb_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, GOLD, (track.x, thumb_y, track.width, thumb_h), border_radius=4)
            if self.scroll < self.max_scroll:
                blit_text(surface, self.app.t("rules.more"), px(14, s), TEXT_DIM,
                          (self.text_rect.right, self.text_panel.bottom - px(8, s)), "bottomright")
        blit_text(surface, self.app.t("rules.hint"), px(14, s), TEXT_DIM, (w - px(40, s), h - px(46, s)), "midright")
