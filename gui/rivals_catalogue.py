"""The Rivals card catalogue: every card face in a scrollable grid, filtered by set and type, with a zoom panel."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

import pygame

from game.rivals.catalogue import SETS, Card, catalogue
from gui.backdrop import backdrop_for
from gui.art.registry import natural_size
from gui.art.rivals_text import card_name
from gui.dialogs import (
    GOLD, GOLD_DARK, PANEL, TEXT, TEXT_DIM, StyledButton, WidgetScene, blit_text, draw_heading, ellipsize,
    fit_text, is_click, px,
)

if TYPE_CHECKING:
    from gui.app import App

ALL = "all"
TYPES = ("action", "expansion", "city", "region_expansion", "event", "centre", "region")
TYPE_OF_CARD = MappingProxyType({
    "action_neutral": "action", "action_attack": "action", "sc_building": "expansion", "sc_hero": "expansion",
    "sc_trade_ship": "expansion", "sc_unit": "expansion", "city_building": "city",
    "region_expansion": "region_expansion", "event": "event", "road": "centre", "settlement": "centre",
    "city": "centre", "region": "region",
})
CELL_LABEL = 22  # height of the copies line under a card, at scale 1


@dataclass(frozen=True)
class Entry:
    """One face in the grid: its art kind and name, the card, and how many copies each set holds."""

    kind: str
    name: str
    card: Card
    copies: MappingProxyType[str, int]

    @property
    def type(self) -> str:
        """The filter type of the card (action, expansion, city, ...)."""
        return TYPE_OF_CARD[self.card.type]

    def count(self, set_name: str) -> int:
        """Copies in one set, or in all sets."""
        return sum(self.copies.values()) if set_name == ALL else self.copies.get(set_name, 0)


def catalogue_entries() -> tuple[Entry, ...]:
    """Every face of the catalogue: centre cards, each numbered region, then the draw and event cards."""
    cat = catalogue()
    regions: dict[str, int] = {}
    for inst in cat.instances:
        if inst.card.type == "region":
            key = f"{inst.card.id}.{inst.number}"
            regions[key] = regions.get(key, 0) + 1
    entries = [Entry("rivals_card", c.id, c, MappingProxyType(dict(c.copies)))
               for c in cat.cards.values() if c.type in ("road", "settlement", "city")]
    entries += [Entry("rivals_region", key, cat.cards[key.partition(".")[0]], MappingProxyType({"center": n}))
                for key, n in regions.items()]
    entries += [Entry("rivals_card", c.id, c, MappingProxyType(dict(c.copies)))
                for c in cat.cards.values() if c.type not in ("road", "settlement", "city", "region")]
    return tuple(entries)


def filter_entries(entries: tuple[Entry, ...], set_name: str, type_name: str) -> list[Entry]:
    """The entries of a set (or ALL) and a type (or ALL)."""
    return [e for e in entries if e.count(set_name) > 0 and (type_name == ALL or e.type == type_name)]


class RivalsCatalogueScene(WidgetScene):
    """Browse all Rivals cards; the wheel scrolls, hovering or clicking a card shows it large on the right."""

    def __init__(self, app: App) -> None:
        self.backdrop = backdrop_for(app)
        self.entries = catalogue_entries()
        self.set_filter = ALL
        self.type_filter = ALL
        self.shown: list[Entry] = list(self.entries)
        self.scroll = 0
        self.hover: Entry | None = None
        self.selected: Entry | None = None
        self.mouse = (0, 0)
        self.dragging = False
        self._faces: dict[tuple[str, str, int], pygame.Surface] = {}
        self._lang = app.settings.lang
        self.filter_buttons: list[StyledButton] = []
        self._tops: list[int] = [0]
        super().__init__(app)

    # ------------------------------------------------------------ layout

    def layout(self) -> None:
        """Filter rows on top, the grid on the left, the zoom panel on the right, Back below."""
        if self._lang != self.app.settings.lang:
            self._lang = self.app.settings.lang
            self._faces.clear()
        s = self.scale
        w, h = self.app.size
        margin = px(32, s)
        top = px(80, s)
        t = self.app.t
        self.filter_buttons = []
        row_h, gap = px(34, s), px(8, s)
        label_w = px(90, s)
        y = top
        for options, current, setter, prefix in (((ALL,) + SETS, self.set_filter, self.set_set, "rcatalog.set"),
                                                 ((ALL,) + TYPES, self.type_filter, self.set_type, "rcatalog.type")):
            x = margin + label_w
            bw = (w - margin - x - gap * (len(options) - 1)) // len(options)
            for value in options:
                key = "rcatalog.all" if value == ALL else f"{prefix}.{value}"
                button = StyledButton(pygame.Rect(x, y, bw, row_h), t(key),
                                      (lambda v=value, f=setter: f(v)), "primary" if value == current else "secondary",
                                      font_size=px(16, s))
                self.filter_buttons.append(button)
                x += bw + gap
            y += row_h + gap
        self.filter_rows_y = (top, top + row_h + gap)
        body_top = y + px(10, s)
        bottom = h - px(84, s)
        zoom_w = max(px(300, s), int(w * 0.27))
        self.grid_panel = pygame.Rect(margin, body_top, w - 2 * margin - zoom_w - px(20, s), bottom - body_top)
        self.zoom_panel = pygame.Rect(self.grid_panel.right + px(20, s), body_top, zoom_w, bottom - body_top)
        pad = px(14, s)
        self.grid_rect = self.grid_panel.inflate(-2 * pad, -2 * pad)
        self.grid_rect.width -= px(14, s)  # room for the scrollbar
        self.card_w = max(60, px(124, s))
        self.card_h = natural_size("rivals_card", "road", self.card_w)[1]
        self.gap = px(12, s)
        self.label_h = px(CELL_LABEL, s)
        self.columns = max(1, (self.grid_rect.width + self.gap) // (self.card_w + self.gap))
        bw, bh = px(200, s), px(50, s)
        self.back_button = StyledButton(pygame.Rect(margin, h - px(20, s) - bh, bw, bh), t("app.back"), self.back,
                                        "primary", font_size=px(20, s))
        self.widgets = [*self.filter_buttons, self.back_button]
        self._tops = self._row_tops()
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    # ------------------------------------------------------------ filters

    def set_set(self, value: str) -> None:
        """Show the cards of one set (or all)."""
        self.set_filter = value
        self._refilter()

    def set_type(self, value: str) -> None:
        """Show the cards of one type (or all)."""
        self.type_filter = value
        self._refilter()

    def _refilter(self) -> None:
        self.shown = filter_entries(self.entries, self.set_filter, self.type_filter)
        self.scroll = 0
        self.hover = None
        if self.selected not in self.shown:
            self.selected = None
        self.layout()

    # ------------------------------------------------------------ geometry

    @property
    def row_height(self) -> int:
        """A scrolling step: the height of a row of cards with their labels."""
        return self.card_h + self.label_h + self.gap

    def face_height(self, entry: Entry) -> int:
        """The height of an entry's face in the grid (regions are square)."""
        return self.card_w if entry.kind == "rivals_region" else self.card_h

    def row_tops(self) -> list[int]:
        """The top of every grid row and, last, the bottom of the grid (worked out in layout)."""
        return self._tops

    def _row_tops(self) -> list[int]:
        """Row tops for the shown entries: a row is as tall as its tallest face and the label under it."""
        tops = [0]
        for start in range(0, len(self.shown), self.columns):
            row = self.shown[start:start + self.columns]
            tops.append(tops[-1] + max(self.face_height(e) for e in row) + self.label_h + self.gap)
        return tops

    @property
    def content_height(self) -> int:
        """The height of all rows."""
        return max(0, self.row_tops()[-1] - self.gap)

    @property
    def max_scroll(self) -> int:
        """How far the grid can scroll."""
        return max(0, self.content_height - self.grid_rect.height)

    def cell_rect(self, index: int) -> pygame.Rect:
        """Where the face of shown entry index is drawn now (may lie outside the grid when scrolled away)."""
        col, row = index % self.columns, index // self.columns
        used = self.columns * (self.card_w + self.gap) - self.gap
        x0 = self.grid_rect.x + (self.grid_rect.width - used) // 2
        top = self.grid_rect.y + self.row_tops()[row] - self.scroll
        return pygame.Rect(x0 + col * (self.card_w + self.gap), top, self.card_w, self.face_height(self.shown[index]))

    def visible_indices(self) -> range:
        """The shown entries whose rows intersect the grid."""
        tops = self.row_tops()
        first_row = max(0, bisect_right(tops, self.scroll) - 1)
        last_row = bisect_left(tops, self.scroll + self.grid_rect.height)
        return range(first_row * self.columns, min(len(self.shown), last_row * self.columns))

    def entry_at(self, pos: tuple[int, int]) -> Entry | None:
        """The card under pos, if any."""
        if not self.grid_rect.collidepoint(pos):
            return None
        for i in self.visible_indices():
            if self.cell_rect(i).collidepoint(pos):
                return self.shown[i]
        return None

    def scrollbar_track(self) -> pygame.Rect:
        """The grid's scrollbar (click or drag to scroll)."""
        return pygame.Rect(self.grid_panel.right - px(16, self.scale), self.grid_rect.y, px(8, self.scale),
                           self.grid_rect.height)

    # ------------------------------------------------------------ faces

    def face(self, entry: Entry, width: int) -> pygame.Surface:
        """The face of an entry at width, as a surface (drawn or loaded once)."""
        key = (entry.kind, entry.name, width)
        surface = self._faces.get(key)
        if surface is None:
            from gui.art.surfaces import to_surface

            surface = to_surface(self.app.art.get(entry.kind, entry.name, width))
            if len(self._faces) > 400:
                self._faces.clear()
            self._faces[key] = surface
        return surface

    def zoom_width(self) -> int:
        """The width of the large face in the zoom panel."""
        inner_w = self.zoom_panel.width - 2 * px(20, self.scale)
        inner_h = self.zoom_panel.height - px(130, self.scale)
        return max(60, min(inner_w, int(inner_h / 1.5)))

    def update(self, dt: float) -> None:
        """Load the faces the next frame shows (visible cards and the zoomed one)."""
        for i in self.visible_indices():
            self.face(self.shown[i], self.card_w)
        focus = self.focus
        if focus is not None:
            self.face(focus, self._zoom_face_width(focus))

    @property
    def focus(self) -> Entry | None:
        """The card the zoom panel shows: hovered, else pinned, else the first shown."""
        return self.hover or self.selected or (self.shown[0] if self.shown else None)

    def _zoom_face_width(self, entry: Entry) -> int:
        width = self.zoom_width()
        if entry.kind == "rivals_region":
            width = min(width, self.zoom_panel.width - 2 * px(20, self.scale))
        return width

    # ------------------------------------------------------------ events

    def scroll_by(self, pixels: int) -> None:
        """Scroll the grid."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    def _scroll_to_track(self, y: int) -> None:
        share = (y - self.grid_rect.y) / max(1, self.grid_rect.height)
        self.scroll = int(self.max_scroll * max(0.0, min(1.0, share)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Wheel and page keys scroll; hovering zooms; a click pins the zoomed card."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self._scroll_to_track(event.pos[1])
            self.hover = self.entry_at(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            self.dragging = False
        if event.type == pygame.MOUSEWHEEL and self.grid_panel.collidepoint(self.mouse):
            self.scroll_by(-event.y * self.row_height // 2)
            self.hover = self.entry_at(self.mouse)
            return True
        if event.type == pygame.KEYDOWN:
            page = max(self.row_height, self.grid_rect.height - self.row_height // 2)
            keys = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_DOWN: self.row_height // 2,
                    pygame.K_UP: -(self.row_height // 2), pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in keys:
                self.scroll_by(keys[event.key])
                return True
        if is_click(event):
            if self.max_scroll and self.scrollbar_track().inflate(px(8, self.scale), 0).collidepoint(event.pos):
                self.dragging = True
                self._scroll_to_track(event.pos[1])
                return True
            entry = self.entry_at(event.pos)
            if entry is not None:
                self.selected = None if entry is self.selected else entry
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 3:
            entry = self.entry_at(event.pos)
            if entry is not None:
                self.selected = entry
                return True
        return super().handle_event(event)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, filters, the visible part of the grid, the zoom panel and the count."""
        w, h = surface.get_size()
        s = self.scale
        t = self.app.t
        surface.blit(self.backdrop.surface((w, h)), (0, 0))
        draw_heading(surface, t("rcatalog.title"), (w // 2, px(18, s)), px(30, s))
        margin = px(32, s)
        for y, key in zip(self.filter_rows_y, ("rcatalog.by_set", "rcatalog.by_type")):
            label = t(key)
            size = fit_text(label, px(16, s), px(84, s), True)
            blit_text(surface, label, size, GOLD, (margin, y + px(17, s)), "midleft", bold=True)
        for rect in (self.grid_panel, self.zoom_panel):
            self.panels.draw(surface, rect, PANEL, 236, 14, GOLD_DARK)
        self.draw_widgets(surface)
        self._draw_grid(surface)
        self._draw_zoom(surface)
        count = t("rcatalog.shown", count=len(self.shown))
        blit_text(surface, count, px(16, s), TEXT_DIM, (w - margin, h - px(46, s)), "midright")
        blit_text(surface, t("rcatalog.hint"), px(14, s), TEXT_DIM, (self.back_button.rect.right + px(24, s),
                                                                      h - px(46, s)), "midleft")

    def _draw_grid(self, surface: pygame.Surface) -> None:
        s = self.scale
        if not self.shown:
            blit_text(surface, self.app.t("rcatalog.empty"), px(18, s), TEXT_DIM, self.grid_rect.center, "center")
            return
        clip = surface.get_clip()
        surface.set_clip(self.grid_panel.inflate(-px(4, s), -px(4, s)))
        label_size = px(14, s)
        for i in self.visible_indices():
            entry = self.shown[i]
            rect = self.cell_rect(i)
            face = self._faces.get((entry.kind, entry.name, self.card_w))
            spot = rect
            if face is not None:
                surface.blit(face, spot.topleft)
            else:
                pygame.draw.rect(surface, (60, 52, 44), spot, border_radius=px(8, s))
            if entry is self.hover or entry is self.selected:
                pygame.draw.rect(surface, GOLD, spot.inflate(px(6, s), px(6, s)), px(3, s), border_radius=px(10, s))
            copies = self.app.t("rcatalog.copies", count=entry.count(self.set_filter))
            blit_text(surface, copies, label_size, TEXT, (spot.centerx, spot.bottom + px(3, s)), "midtop", bold=True)
        surface.set_clip(clip)
        if self.max_scroll:
            track = self.scrollbar_track()
            pygame.draw.rect(surface, (40, 46, 58), track, border_radius=4)
            thumb_h = max(px(24, s), int(track.height * self.grid_rect.height / max(1, self.content_height)))
            thumb_y = track.y + int((track.height - thumb_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, GOLD, (track.x, thumb_y, track.width, thumb_h), border_radius=4)

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        s = self.scale
        panel = self.zoom_panel
        entry = self.focus
        if entry is None:
            return
        if self.hover is None and self.selected is None:
            text = self.app.t("rcatalog.zoom_hint")
            size = fit_text(text, px(15, s), panel.width - px(30, s))
            blit_text(surface, text, size, TEXT_DIM, (panel.centerx, panel.bottom - px(14, s)), "midbottom")
        width = self._zoom_face_width(entry)
        face = self._faces.get((entry.kind, entry.name, width))
        top = panel.y + px(18, s)
        if face is not None:
            surface.blit(face, face.get_rect(midtop=(panel.centerx, top)))
            top += face.get_height()
        else:
            top += natural_size(entry.kind, entry.name, width)[1]
        name = card_name(entry.card, self.app.settings.lang)
        if entry.kind == "rivals_region":
            name = f"{name} {entry.name.partition('.')[2]}"
        size = fit_text(name, px(20, s), panel.width - px(24, s), True)
        y = blit_text(surface, name, size, GOLD, (panel.centerx, top + px(10, s)), "midtop", bold=True).bottom
        for set_name in SETS:
            n = entry.copies.get(set_name, 0)
            if n:
                line = self.app.t("rcatalog.copies_in", set=self.app.t(f"rcatalog.set.{set_name}"), count=n)
                y = blit_text(surface, ellipsize(line, px(15, s), panel.width - px(24, s)), px(15, s), TEXT,
                              (panel.centerx, y + px(4, s)), "midtop").bottom
