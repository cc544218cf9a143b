"""The rules almanac: a How to play page with a picture of the table, then a list of terms and a scrollable text
pane, for every game that can be started, chosen by tabs: the board game (assets/rules/<lang>.md), its compact edition
and two-player variant, Rivals for Catan and the quick card game (assets/rules/<doc>_<lang>.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.resources import rules_dir
from gui.backdrop import backdrop_for
from gui.dialogs import (
    GOLD, GOLD_DARK, INK, PANEL, TEXT, TEXT_DIM, ListBox, ListRow, StyledButton, WidgetScene, blit_text, draw_heading,
    ellipsize, is_click, px,
)
from gui.fonts import font
from gui.rules_pictures import pictures_for

if TYPE_CHECKING:
    from gui.app import App

RULES_DIR = rules_dir()
DOCS = ("catan", "compact", "two_player", "rivals", "cards")  # the rule documents, each one file per language
# The tab labels: the base game's tab names the edition, so the one tab row never spells "Catan" beside the Czech
# "Katan – Duel" (both spellings are the boxes' own titles).
TAB_KEYS = {"catan": "rules.tab.catan"}
# The How to play section of a rule document: its heading line ends with this marker.
GUIDE_MARKER = "{#how-to-play}"
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


@dataclass(frozen=True, slots=True)
class RulesDoc:
    """A parsed rule document: its title, its How to play page (if it has one) and the terms of its glossary."""

    title: str
    guide: Term | None
    terms: tuple[Term, ...]


def parse_document(text: str) -> RulesDoc:
    """Parse a rule document; the section whose heading ends with GUIDE_MARKER is its How to play page."""
    title, sections = _parse_sections(text)
    guides = [Term(t.title.removesuffix(GUIDE_MARKER).strip(), t.blocks) for t in sections
              if t.title.endswith(GUIDE_MARKER)]
    terms = tuple(t for t in sections if not t.title.endswith(GUIDE_MARKER))
    return RulesDoc(title, guides[0] if guides else None, terms)


def parse_rules(text: str) -> tuple[str, list[Term]]:
    """Parse the Markdown-ish rules into the title and the glossary's terms (the How to play page left out)."""
    doc = parse_document(text)
    return doc.title, list(doc.terms)


def _parse_sections(text: str) -> tuple[str, list[Term]]:
    """'# title', '## term', '- bullet', '1. item', '**bold**' (one block a line), every '##' section a term."""
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
    """A rule document's title and glossary (one of DOCS) in a language (English when that language has none)."""
    return parse_rules(rules_path(lang, doc).read_text(encoding="utf-8"))


def load_document(lang: str, doc: str = "catan") -> RulesDoc:
    """A whole rule document, its How to play page included (English when that language has none)."""
    return parse_document(rules_path(lang, doc).read_text(encoding="utf-8"))


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


Item = tuple[int, int, list[Run], str, tuple[int, int, int]]  # y, x, runs, marker, colour


def _lay_out(blocks: tuple[Block, ...], width: int, scale: float, beside: tuple[int, int] = (0, 0),
             indent_at_1: int = 28) -> tuple[list[Item], int]:
    """Place the blocks' lines top down, bullets and numbers indented; a block starting above beside[0] is wrapped
    to width - beside[1] (it runs beside a picture). Returns the lines and the height."""
    size = px(19, scale)
    line_h = font(size).get_linesize() + px(3, scale)
    indent = px(indent_at_1, scale)
    para_gap = px(12, scale)
    items: list[Item] = []
    y = 0
    for block in blocks:
        if block.kind == "subhead":
            y += px(6, scale)
            items.append((y, 0, [(block.text, True)], "", GOLD))
            y += line_h + px(2, scale)
            continue
        x = indent if block.kind in ("bullet", "number") else 0
        room = width - (beside[1] if y < beside[0] else 0)
        example = block.text.startswith(("**Příklad", "**Example", "**Tip"))
        color = EXAMPLE_COLOR if example else TEXT
        for i, line in enumerate(wrap_runs(_runs(block.text), size, room - x)):
            items.append((y, x, line, block.marker if i == 0 else "", color))
            y += line_h
        y += para_gap
    return items, y


def _paint(surface: pygame.Surface, items: list[Item], scale: float, discs: bool = False) -> None:
    """Draw laid-out lines; with discs (the How to play page) the step numbers sit in gold discs and every bold
    word is gold (a step's bold lead-in may span several words)."""
    size = px(19, scale)
    line_h = font(size).get_linesize()
    for iy, ix, runs, marker, color in items:
        if marker and discs and marker[:-1].isdigit():
            r = line_h // 2 + px(1, scale)
            centre = (ix - px(8, scale) - r, iy + line_h // 2)
            pygame.draw.circle(surface, GOLD, centre, r)
            blit_text(surface, marker[:-1], px(16, scale), INK, centre, "center", bold=True)
        elif marker:
            blit_text(surface, marker, size, GOLD, (ix - px(8, scale), iy), "topright", bold=True)
        x = ix
        for text, bold in runs:
            gold = bold and (discs or (color is not GOLD and text.strip().endswith(":")))
            image = font(size, bold).render(text, True, GOLD if gold else color)
            surface.blit(image, (x, iy))
            x += image.get_width()


def render_term(term: Term, width: int, scale: float) -> pygame.Surface:
    """The whole term as one tall transparent surface (title, paragraphs, bullets)."""
    items, height = _lay_out(term.blocks, width, scale)
    surface = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    _paint(surface, items, scale)
    return surface


def guide_picture_size(width: int, height: int) -> tuple[int, int]:
    """The size of the table picture on a How to play page of the given text area."""
    w = int(width * 0.5)
    return w, min(int(w * 0.9), int(height * 0.8))


def render_guide(guide: Term, picture: pygame.Surface | None, width: int, scale: float) -> pygame.Surface:
    """The How to play page: the steps in numbered gold discs, the table picture at the top right beside them."""
    pw, ph = picture.get_size() if picture is not None else (0, 0)
    gap = px(20, scale)
    # Numbered steps get a wider indent for their discs.
    items, height = _lay_out(guide.blocks, width, scale, (ph, pw + gap) if picture is not None else (0, 0), 38)
    surface = pygame.Surface((max(1, width), max(1, height, ph)), pygame.SRCALPHA)
    if picture is not None:
        surface.blit(picture, (width - pw, 0))
    _paint(surface, items, scale, discs=True)
    return surface


def tab_rects(labels: list[str], size: int, area: pygame.Rect, gap: int, height: int, pad: int) -> list[pygame.Rect]:
    """Tabs in rows across area.width, as many a row as fit at their natural width (label + 2 * pad), each row
    stretched to the full width; every label fits at the one font size given."""
    widths = [font(size, True).size(label)[0] + 2 * pad for label in labels]
    rows: list[list[int]] = [[]]
    used = 0
    for i, w in enumerate(widths):
        if rows[-1] and used + gap + w > area.width:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + w
        rows[-1].append(i)
    rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * len(labels)
    for r, row in enumerate(rows):
        spare = area.width - gap * (len(row) - 1) - sum(widths[i] for i in row)
        natural = sum(widths[i] for i in row)
        x = area.x
        for k, i in enumerate(row):
            w = widths[i] + spare * widths[i] // natural if k < len(row) - 1 else area.right - x
            rects[i] = pygame.Rect(x, area.y + r * (height + gap), w, height)
            x += w + gap
    return rects


def tab_font_size(labels: list[str], size: int, width: int, pad: int) -> int:
    """The largest font size, not above size, at which the longest label fits a tab of the whole width."""
    while size > 8 and max(font(size, True).size(label)[0] for label in labels) + 2 * pad > width:
        size -= 1
    return size


class RulesScene(WidgetScene):
    """Browse a game's rules: How to play first, then the terms; the wheel scrolls the text (or the list when the
    mouse is over it)."""

    def __init__(self, app: App, doc: str = "catan") -> None:
        self.backdrop = backdrop_for(app)
        self.doc = doc if doc in DOCS else DOCS[0]
        self.loaded: tuple[str, str] = ("", "")
        self.doc_buttons: list[StyledButton] = []
        self.guide_button: StyledButton | None = None
        self.lang = ""
        self.title = ""
        self.guide: Term | None = None
        self.on_guide = True
        self.terms: list[Term] = []
        self.index = 0
        self.scroll = 0
        self.page: pygame.Surface | None = None
        self.list: ListBox | None = None
        self.mouse = (0, 0)
        super().__init__(app)

    def layout(self) -> None:
        """Document tabs, How to play and the list on the left, text pane on the right, Back below."""
        if self.loaded != (self.app.settings.lang, self.doc):
            self.lang = self.app.settings.lang
            self.loaded = (self.lang, self.doc)
            document = load_document(self.lang, self.doc)
            self.title, self.guide, self.terms = document.title, document.guide, list(document.terms)
            self.index = min(self.index, max(0, len(self.terms) - 1))
        s = self.scale
        w, h = self.app.size
        margin = px(40, s)
        top = px(96, s)
        bottom = h - px(92, s)
        list_w = max(px(320, s), int(w * 0.29))
        tab_h, tab_gap, tab_pad = px(38, s), px(8, s), max(9, px(12, s))  # StyledButton keeps 8 px a side
        labels = [self.app.t(TAB_KEYS.get(doc, f"rules.doc.{doc}")) for doc in DOCS]
        tab_size = tab_font_size(labels, px(16, s), list_w, tab_pad)
        rects = tab_rects(labels, tab_size, pygame.Rect(margin, top, list_w, tab_h), tab_gap, tab_h, tab_pad)
        self.doc_buttons = [
            StyledButton(rect, label, (lambda d=doc: self.show_doc(d)), "primary" if doc == self.doc else "secondary",
                         font_size=tab_size)
            for rect, label, doc in zip(rects, labels, DOCS)]
        list_top = max(rect.bottom for rect in rects) + tab_gap
        self.list_panel = pygame.Rect(margin, list_top, list_w, bottom - list_top)
        self.text_panel = pygame.Rect(self.list_panel.right + px(24, s), top, w - 2 * margin - list_w - px(24, s),
                                      bottom - top)
        pad = px(16, s)
        inner = self.list_panel.inflate(-2 * pad, -2 * pad)
        self.guide_button = None
        if self.guide is not None:
            guide_h = px(40, s)
            self.guide_button = StyledButton(pygame.Rect(inner.x, inner.y, inner.w, guide_h), self.guide.title,
                                             self.show_guide, "primary" if self.on_guide else "secondary",
                                             font_size=px(18, s))
            inner = pygame.Rect(inner.x, inner.y + guide_h + px(10, s), inner.w, inner.h - guide_h - px(10, s))
        old_scroll = self.list.scroll if self.list is not None else 0
        self.list = ListBox(inner, [ListRow((t.title,), i) for i, t in enumerate(self.terms)],
                            on_select=self.show, font_size=px(17, s), row_height=px(32, s))
        self.list.selected = -1 if self.showing_guide else self.index
        self.list.scroll = old_scroll
        self.list.clamp_scroll()
        self.text_rect = self.text_panel.inflate(-2 * px(32, s), -2 * px(24, s))
        self.text_rect.y += px(56, s)
        self.text_rect.height -= px(56, s)
        bw, bh = px(200, s), px(50, s)
        self.back_button = StyledButton(pygame.Rect(margin, h - px(22, s) - bh, bw, bh), self.app.t("app.back"),
                                        self.back, "primary", font_size=px(20, s))
        guide = [self.guide_button] if self.guide_button is not None else []
        self.widgets = [*self.doc_buttons, *guide, self.list, self.back_button]
        self._render_page()

    @property
    def showing_guide(self) -> bool:
        """Whether the How to play page is shown (rather than a term)."""
        return self.on_guide and self.guide is not None

    def _render_page(self) -> None:
        width = self.text_rect.width - px(16, self.scale)
        guide = self.guide if self.on_guide else None
        if guide is not None:
            picture = pictures_for(self.app).picture(self.doc, guide_picture_size(width, self.text_rect.height))
            self.page = render_guide(guide, picture, width, self.scale)
        elif self.terms:
            self.page = render_term(self.terms[self.index], width, self.scale)
        else:
            self.page = None
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    @property
    def max_scroll(self) -> int:
        """How far the text can scroll."""
        return max(0, (self.page.get_height() if self.page else 0) - self.text_rect.height)

    def show_doc(self, doc: str) -> None:
        """Switch to another rule document (one of DOCS), at its How to play page."""
        if doc == self.doc or doc not in DOCS:
            return
        self.doc = doc
        self.index = 0
        self.scroll = 0
        self.on_guide = True
        if self.list is not None:
            self.list.scroll = 0
        self.layout()

    def show_guide(self) -> None:
        """Show the How to play page (the glossary's selection is cleared; Down goes on to the first term)."""
        self.on_guide = True
        self.scroll = 0
        if self.list is not None:
            self.list.selected = -1
        if self.guide_button is not None:
            self.guide_button.style = "primary"
        self._render_page()

    def show(self, index: int) -> None:
        """Show term index from the top."""
        self.index = index
        self.scroll = 0
        self.on_guide = False
        if self.guide_button is not None:
            self.guide_button.style = "secondary"
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
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_UP and self.guide is not None
                and not self.on_guide and self.index == 0):
            self.show_guide()  # Up from the first term goes back to How to play, above it
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
        if self.page is None:
            return
        heading = self.guide.title if self.showing_guide and self.guide is not None else self.terms[self.index].title
        head = blit_text(surface, ellipsize(heading, px(26, s), self.text_rect.width, True), px(26, s), GOLD,
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
