"""Where a layout starts from: the beginner board, a variable board by seed, a compact arrangement, a saved game."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.catan.compact import Placement, beginner_placements, placements_from_json, random_placements
from game.core.chance import Chance
from game.core.errors import GameError, InvalidPosition
from game.lab.layout import LabLayout, beginner_lab_layout, compact_lab_layout, save_lab_layout, variable_lab_layout
from gui.catan.part_preview import render_preview
from gui.dialogs import (
    GOLD, GOLD_DARK, INSET, TEXT, TEXT_DIM, Cycler, DialogScene, ListBox, ListRow, StyledButton, TextField, blit_text,
    ellipsize, px,
)
from gui.save_files import list_saves, variant_label
from gui.fonts import font, wrap_text
from gui.lab.panels import BAD_COLOR

if TYPE_CHECKING:
    from gui.app import App

PART_LABELS: tuple[str, ...] = tuple(f"{side}{part}" for side in "AB" for part in range(1, 7))
MAX_SEED = 999_999_999


class SourceDialog(DialogScene):
    """Pick a starting board; on_pick gets the new layout."""

    def __init__(self, app: App, on_pick: Callable[[LabLayout], None]) -> None:
        self.on_pick = on_pick
        self.seed_field = TextField(pygame.Rect(0, 0, 10, 10), str(random.randrange(1, 1_000_000)), 9,
                                    allowed="0123456789", on_submit=self.open_variable)
        self.labels = [p.label for p in sorted(beginner_placements(), key=lambda p: p.slot)]
        self.saves = [info for info in list_saves(app.save_dir) if info["ok"]]
        self.saves_list: ListBox | None = None
        self.error = ""
        self._preview: pygame.Surface | None = None
        self._preview_key: Any = None
        super().__init__(app)

    # ------------------------------------------------------------------ compact arrangement

    def placements(self) -> tuple[Placement, ...] | None:
        """The arrangement the six slot choices make, or None when it breaks the parts' rules."""
        try:
            return placements_from_json([{"part": int(label[1]), "side": label[0], "slot": slot}
                                         for slot, label in enumerate(self.labels)])
        except InvalidPosition:
            return None

    def arrangement_problem(self) -> str:
        """Why the chosen arrangement is not one the box allows (empty when it is)."""
        try:
            placements_from_json([{"part": int(label[1]), "side": label[0], "slot": slot}
                                  for slot, label in enumerate(self.labels)])
        except InvalidPosition as exc:
            return str(exc)
        return ""

    def set_slot(self, slot: int, label: str) -> None:
        """Put another part or side into a slot."""
        self.labels[slot] = label

    def random_arrangement(self) -> None:
        """A random arrangement as the game deals it."""
        placements = random_placements(Chance(random.randrange(1, 1_000_000)))
        self.labels = [p.label for p in sorted(placements, key=lambda p: p.slot)]
        self.layout()

    # ------------------------------------------------------------------ layout

    def layout(self) -> None:
        """Two columns: beginner, variable and saved game on the left; the compact arrangement on the right."""
        s = self.scale
        t = self.app.t
        self.rect = self.panel_rect(1180, 780)
        pad = px(30, s)
        fs = px(17, s)
        bh = px(42, s)
        col_w = (self.rect.width - 3 * pad) // 2
        left = self.rect.x + pad
        right = left + col_w + pad
        top = self.rect.y + px(84, s)
        self.sections: list[tuple[str, int, int]] = []
        # beginner board
        y = top
        self.sections.append(("lab.source.beginner", left, y))
        y += px(34, s)
        self.beginner_button = StyledButton(pygame.Rect(left, y, col_w // 2, bh), t("lab.source.open"),
                                            self.open_beginner, font_size=fs)
        y += bh + px(22, s)
        # variable board
        self.sections.append(("lab.source.variable", left, y))
        y += px(34, s)
        self.seed_label_pos = (left, y + bh // 2)
        label_w = px(70, s)
        self.seed_field.rect = pygame.Rect(left + label_w, y, col_w // 3, bh)
        self.seed_field.font_size = fs
        self.new_seed = StyledButton(pygame.Rect(self.seed_field.rect.right + px(10, s), y,
                                                 col_w - label_w - col_w // 3 - px(10, s), bh),
                                     t("lab.source.new_seed"), self.reroll, font_size=fs)
        y += bh + px(10, s)
        self.variable_button = StyledButton(pygame.Rect(left, y, col_w // 2, bh), t("lab.source.open"),
                                            self.open_variable, font_size=fs)
        y += bh + px(22, s)
        # a saved game's board
        self.sections.append(("lab.source.saved_game", left, y))
        y += px(34, s)
        close_y = self.rect.bottom - bh - px(22, s)
        list_rect = pygame.Rect(left, y, col_w, close_y - y - bh - px(24, s))
        old = self.saves_list
        rows = [ListRow(((t("files.autosave_name") if i["name"] == "autosave" else i["name"]), variant_label(self.app, i["variant"])), i)
                for i in self.saves]
        self.saves_list = ListBox(list_rect, rows, (1.6, 1.0), on_activate=lambda info: self.open_save(),
                                  font_size=px(15, s), row_height=px(28, s), empty_text=t("lab.source.no_saves"))
        if old is not None:
            self.saves_list.selected, self.saves_list.scroll = old.selected, old.scroll
        elif rows:
            self.saves_list.selected = 0
        self.save_button = StyledButton(pygame.Rect(left, list_rect.bottom + px(10, s), col_w // 2, bh),
                                        t("lab.source.open"), self.open_save, font_size=fs)
        # compact arrangement
        y = top
        self.sections.append(("lab.source.compact", right, y))
        y += px(34, s)
        preview_h = min(px(300, s), close_y - y - 4 * bh)
        self.preview_rect = pygame.Rect(right + (col_w - int(preview_h * 1.16)) // 2, y, int(preview_h * 1.16), preview_h)
        y += preview_h + px(14, s)
        self.slot_cyclers: list[Cycler] = []
        cw = (col_w - 2 * px(10, s)) // 3
        for slot in range(6):
            rect = pygame.Rect(right + (slot % 3) * (cw + px(10, s)), y + px(20, s) + (slot // 3) * (bh + px(26, s)),
                               cw, bh)
            self.slot_cyclers.append(Cycler(rect, PART_LABELS, PART_LABELS.index(self.labels[slot]), str,
                                            lambda v, k=slot: self.set_slot(k, v), fs))
        y += 2 * (bh + px(26, s)) + px(10, s)
        half = (col_w - px(10, s)) // 2
        self.random_button = StyledButton(pygame.Rect(right, y, half, bh), t("lab.source.random"),
                                          self.random_arrangement, font_size=fs)
        self.compact_button = StyledButton(pygame.Rect(right + half + px(10, s), y, half, bh), t("lab.source.open"),
                                           self.open_compact, font_size=fs)
        self.compact_error_y = y + bh + px(8, s)
        bw = px(170, s)
        self.close_button = StyledButton(pygame.Rect(self.rect.right - pad - bw, close_y, bw, bh), t("app.cancel"),
                                         self.back, font_size=fs)
        self.widgets = [self.beginner_button, self.seed_field, self.new_seed, self.variable_button, self.saves_list,
                        self.save_button, *self.slot_cyclers, self.random_button, self.compact_button,
                        self.close_button]
        self._preview_key = None

    def update(self, dt: float) -> None:
        """Keep the compact preview in step with the slots; enable what can be opened."""
        placements = self.placements()
        key = (placements, self.preview_rect.size)
        if key != self._preview_key:
            self._preview_key = key
            self._preview = render_preview(placements, self.preview_rect.size) if placements else None
        self.compact_button.enabled = placements is not None
        self.save_button.enabled = self.saves_list is not None and self.saves_list.value is not None

    # ------------------------------------------------------------------ opening

    def _done(self, layout: LabLayout) -> None:
        if self.app.top is self:
            self.app.pop()
        self.on_pick(layout)

    def reroll(self) -> None:
        """A new random seed."""
        self.seed_field.set_text(str(random.randrange(1, 1_000_000)))

    def open_beginner(self) -> None:
        """The printed beginner board."""
        self._done(beginner_lab_layout())

    def open_variable(self) -> None:
        """The variable board of the typed seed."""
        text = self.seed_field.text.strip()
        seed = min(int(text), MAX_SEED) if text.isdigit() else 0
        self._done(variable_lab_layout(seed))

    def open_compact(self) -> None:
        """The board of the chosen arrangement."""
        placements = self.placements()
        if placements is None:
            return
        try:
            layout = compact_lab_layout(placements)
        except GameError as exc:
            self.app.show_message("lab.source.failed", error=str(exc))
            return
        self._done(layout)

    def open_save(self) -> None:
        """The board of the selected saved game (the save is replayed and checked first)."""
        info = self.saves_list.value if self.saves_list is not None else None
        if info is None:
            return
        try:
            layout = save_lab_layout(Path(info["path"]))
        except GameError as exc:
            self.app.show_message("lab.source.failed", error=str(exc))
            return
        self._done(layout)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Sections, controls, the compact preview with its slot labels and any arrangement problem."""
        self.draw_frame(surface, self.rect, self.app.t("lab.source.title"))
        s = self.scale
        t = self.app.t
        col_w = (self.rect.width - 3 * px(30, s)) // 2
        for key, x, y in self.sections:
            rect = blit_text(surface, t(key), px(18, s), GOLD, (x, y), bold=True)
            pygame.draw.line(surface, GOLD_DARK, (x, rect.bottom + 3), (x + col_w, rect.bottom + 3))
        blit_text(surface, t("lab.source.seed"), px(16, s), TEXT, self.seed_label_pos, "midleft", bold=True)
        hint = t("lab.source.beginner_hint")
        hx = self.beginner_button.rect.right + px(14, s)
        for i, line in enumerate(wrap_text(hint, px(14, s), self.rect.x + px(30, s) + col_w - hx)[:2]):
            blit_text(surface, line, px(14, s), TEXT_DIM, (hx, self.beginner_button.rect.y + i * font(px(14, s)).get_linesize()))
        pygame.draw.rect(surface, INSET, self.preview_rect.inflate(px(8, s), px(8, s)), border_radius=8)
        if self._preview is not None:
            surface.blit(self._preview, self.preview_rect.topleft)
        for slot, cycler in enumerate(self.slot_cyclers):
            blit_text(surface, t("lab.source.slot", slot=slot + 1), px(13, s), TEXT_DIM,
                      (cycler.rect.x, cycler.rect.y - px(3, s)), "bottomleft")
        problem = self.arrangement_problem()
        if problem:
            blit_text(surface, ellipsize(problem, px(14, s), col_w), px(14, s), BAD_COLOR,
                      (self.random_button.rect.x, self.compact_error_y))
        self.draw_widgets(surface)
