"""The lab's side panel: legality under the printed rules, the balance score, pips per resource, the checks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core.i18n import decimal_text
from game.catan.constants import RESOURCES
from game.lab.analysis import Analysis
from game.lab.layout import LabLayout
from gui.dialogs import GOLD, GOLD_DARK, INSET, TEXT, TEXT_DIM, StyledButton, blit_text, ellipsize, is_click, px
from gui.fonts import font, wrap_text
from gui.lab.checks import WARN, CheckRow, check_rows, warning_count
from gui.lab.names import Translate, problem_text, resource_name
from gui.table.sprites import SpriteBook

OK_COLOR = (120, 206, 128)
BAD_COLOR = (232, 118, 104)
WARN_COLOR = (238, 184, 84)
EXPERIMENTAL_COLOR = (190, 140, 236)
RESOURCE_RGB = {
    "lumber": (58, 128, 62), "wool": (150, 200, 96), "grain": (226, 190, 70), "brick": (196, 98, 60),
    "ore": (140, 148, 160),
}
MAX_PROBLEM_LINES = 7


def score_color(score: float) -> tuple[int, int, int]:
    """Green for a fair board, amber for a doubtful one, red for an unfair one."""
    return OK_COLOR if score >= 80 else WARN_COLOR if score >= 60 else BAD_COLOR


@dataclass
class _Line:
    text: str
    color: tuple[int, int, int]
    bold: bool = False


class SidePanel:
    """Lays out and draws the right-hand panel; tells which check row is hovered or selected."""

    def __init__(self, t: Translate, sprites: SpriteBook, on_help: Callable[[], None]) -> None:
        self.t = t
        self.sprites = sprites
        self.on_help = on_help
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.scale = 1.0
        self.legality: list[_Line] = []
        self.rows: list[CheckRow] = []
        self.row_lines: list[list[str]] = []
        self.row_rects: list[pygame.Rect] = []
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.score_y = 0
        self.bars_y = 0
        self.list_title_y = 0
        self.scroll = 0
        self.hovered: int | None = None
        self.selected: int | None = None
        self.help_button = StyledButton(pygame.Rect(0, 0, 1, 1), "?", on_help, font_size=16,
                                        tooltip=t("lab.score_help_button"))
        self.layout_shown: LabLayout | None = None
        self.analysis: Analysis | None = None

    # ------------------------------------------------------------------ layout

    def build(self, rect: pygame.Rect, scale: float, layout: LabLayout, analysis: Analysis) -> None:
        """Compute every line and rect for this layout at this size (called when either changes)."""
        keep_selected = self.layout_shown is not None and self.layout_shown == layout
        self.rect, self.scale = pygame.Rect(rect), scale
        self.layout_shown, self.analysis = layout, analysis
        s = scale
        pad = px(16, s)
        inner = rect.width - 2 * pad
        size = px(16, s)
        line_h = font(size).get_linesize()
        y = rect.y + pad + px(30, s)
        self.legality = self._legality_lines(layout, inner, size)
        y += len(self.legality) * line_h + px(14, s)
        self.score_y = y
        hb = px(30, s)
        self.help_button.rect = pygame.Rect(rect.right - pad - hb, y + px(2, s), hb, hb)
        self.help_button.font_size = px(18, s)
        y += px(44, s)
        self.bars_y = y
        y += 5 * px(24, s) + px(14, s)
        self.list_title_y = y
        y += px(28, s)
        self.list_rect = pygame.Rect(rect.x + pad, y, inner, rect.bottom - pad - y)
        self.rows = check_rows(self.t, layout, analysis)
        text_w = inner - px(30, s)
        self.row_lines = [wrap_text(row.text, px(15, s), text_w) for row in self.rows]
        if not keep_selected:
            self.selected = None
            self.scroll = 0
        self._place_rows()

    def _legality_lines(self, layout: LabLayout, width: int, size: int) -> list[_Line]:
        t = self.t
        problems = layout.problems()
        lines: list[_Line] = []
        if not problems:
            head = _Line(t("lab.legal"), OK_COLOR, True)
        elif layout.is_playable():
            head = _Line(t("lab.experimental_playable", count=len(problems)), EXPERIMENTAL_COLOR, True)
        else:
            head = _Line(t("lab.illegal", count=len(problems)), BAD_COLOR, True)
        lines.extend(_Line(text, head.color, True) for text in wrap_text(head.text, size, width, True))
        body: list[str] = []
        for problem in problems:
            wrapped = wrap_text("• " + problem_text(t, problem), size, width)
            body.extend([wrapped[0], *("  " + w for w in wrapped[1:])])
        if len(body) > MAX_PROBLEM_LINES:
            shown = body[: MAX_PROBLEM_LINES - 1]
            lines.extend(_Line(text, TEXT) for text in shown)
            lines.append(_Line(t("lab.more_problems", count=len(body) - len(shown)), TEXT_DIM))
        else:
            lines.extend(_Line(text, TEXT) for text in body)
        if problems and not layout.is_playable() and all(p.component for p in problems):
            lines.extend(_Line(text, TEXT_DIM) for text in wrap_text(t("lab.experimental_hint"), size - 1, width))
        return lines

    def _place_rows(self) -> None:
        s = self.scale
        line_h = font(px(15, s)).get_linesize()
        y = self.list_rect.y + px(4, s) - self.scroll
        self.row_rects = []
        for lines in self.row_lines:
            h = len(lines) * line_h + px(8, s)
            self.row_rects.append(pygame.Rect(self.list_rect.x + px(4, s), y, self.list_rect.width - px(12, s), h))
            y += h + px(2, s)

    def _content_height(self) -> int:
        if not self.row_rects:
            return 0
        return self.row_rects[-1].bottom + self.scroll - self.list_rect.y + px(4, self.scale)

    # ------------------------------------------------------------------ input

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The check row under the point (only where the list shows it)."""
        if not self.list_rect.collidepoint(pos):
            return None
        return next((i for i, r in enumerate(self.row_rects) if r.collidepoint(pos)), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Hover and click check rows (a click selects or unselects), wheel to scroll, the help button."""
        if self.help_button.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.row_at(event.pos)
            return False
        if is_click(event) and self.list_rect.collidepoint(event.pos):
            index = self.row_at(event.pos)
            self.selected = None if index is None or index == self.selected else index
            return True
        if event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(pygame.mouse.get_pos()):
            return self.scroll_by(-event.y)
        return False

    def scroll_by(self, steps: int) -> bool:
        """Scroll the check list by steps rows' worth."""
        room = max(0, self._content_height() - self.list_rect.height)
        old = self.scroll
        self.scroll = max(0, min(room, self.scroll + steps * px(40, self.scale)))
        self._place_rows()
        return self.scroll != old

    def highlight(self) -> CheckRow | None:
        """The check to light on the board: the hovered row, else the selected one."""
        index = self.hovered if self.hovered is not None else self.selected
        return self.rows[index] if index is not None and 0 <= index < len(self.rows) else None

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Legality, score with its help button, the pips bar chart and the checks list."""
        layout, analysis = self.layout_shown, self.analysis
        if layout is None or analysis is None:
            return
        t, s = self.t, self.scale
        pad = px(16, s)
        x = self.rect.x + pad
        inner = self.rect.width - 2 * pad
        self._section(surface, t("lab.legality_title"), self.rect.y + pad)
        size = px(16, s)
        line_h = font(size).get_linesize()
        y = self.rect.y + pad + px(30, s)
        for line in self.legality:
            blit_text(surface, line.text, size, line.color, (x, y), bold=line.bold)
            y += line_h
        # the balance score
        score = analysis.score
        label = blit_text(surface, t("lab.score"), px(17, s), TEXT, (x, self.score_y + px(18, s)), "midleft",
                          bold=True)
        blit_text(surface, f"{score:.0f}", px(30, s), score_color(score),
                  (label.right + px(10, s), self.score_y + px(18, s)), "midleft", bold=True)
        blit_text(surface, t("lab.score_of"), px(14, s), TEXT_DIM,
                  (self.help_button.rect.x - px(8, s), self.score_y + px(18, s)), "midright")
        self.help_button.draw(surface)
        self._draw_bars(surface, analysis, x, inner)
        warnings = warning_count(self.rows)
        title = t("lab.checks_title", count=warnings)
        self._section(surface, title, self.list_title_y)
        self._draw_rows(surface)

    def _section(self, surface: pygame.Surface, text: str, y: int) -> None:
        s = self.scale
        x = self.rect.x + px(16, s)
        rect = blit_text(surface, ellipsize(text, px(17, s), self.rect.width - px(32, s), True), px(17, s), GOLD,
                         (x, y), bold=True)
        pygame.draw.line(surface, GOLD_DARK, (x, rect.bottom + 2), (self.rect.right - px(16, s), rect.bottom + 2))

    def _draw_bars(self, surface: pygame.Surface, analysis: Analysis, x: int, width: int) -> None:
        """Pips per resource as horizontal bars (their hexes and pips per hex beside)."""
        t, s = self.t, self.scale
        row_h = px(24, s)
        icon = px(20, s)
        size = px(14, s)
        values = []
        for r in range(len(RESOURCES)):
            hexes = analysis.resource_hexes[r]
            per_hex = decimal_text(t, analysis.resource_pips[r] / hexes, 1) if hexes else "–"
            values.append(t("lab.bar_value", pips=analysis.resource_pips[r], per_hex=per_hex))
        name_w = max(font(size).size(resource_name(t, r))[0] for r in range(len(RESOURCES))) + px(8, s)
        value_w = max(font(size).size(v)[0] for v in values) + px(10, s)
        bar_x = x + icon + px(6, s) + name_w
        bar_w = max(10, width - (bar_x - x) - value_w)
        top = max(analysis.resource_pips, default=0) or 1
        for r, res in enumerate(RESOURCES):
            y = self.bars_y + r * row_h
            img = self.sprites.get("icon", res, icon)
            surface.blit(img, img.get_rect(midleft=(x, y + row_h // 2)))
            blit_text(surface, ellipsize(resource_name(t, r), size, name_w - 4), size, TEXT,
                      (x + icon + px(6, s), y + row_h // 2), "midleft")
            track = pygame.Rect(bar_x, y + row_h // 4, bar_w, row_h // 2)
            pygame.draw.rect(surface, INSET, track, border_radius=3)
            pips = analysis.resource_pips[r]
            fill = track.copy()
            fill.width = max(0, round(bar_w * pips / top))
            starved = r in analysis.starved
            if fill.width:
                pygame.draw.rect(surface, RESOURCE_RGB[res], fill, border_radius=3)
            if starved:
                pygame.draw.rect(surface, BAD_COLOR, track, 1, border_radius=3)
            blit_text(surface, values[r], size,
                      BAD_COLOR if starved else TEXT_DIM, (x + width, y + row_h // 2), "midright")

    def _draw_rows(self, surface: pygame.Surface) -> None:
        s = self.scale
        size = px(15, s)
        line_h = font(size).get_linesize()
        pygame.draw.rect(surface, INSET, self.list_rect, border_radius=6)
        clip = surface.get_clip()
        surface.set_clip(self.list_rect.inflate(-2, -2))
        if not self.rows:
            blit_text(surface, self.t("lab.no_checks"), size, TEXT_DIM, self.list_rect.center, "center")
        for i, (row, lines, rect) in enumerate(zip(self.rows, self.row_lines, self.row_rects)):
            if rect.bottom < self.list_rect.y or rect.y > self.list_rect.bottom:
                continue
            if i == self.selected or i == self.hovered:
                pygame.draw.rect(surface, (88, 74, 44) if i == self.selected else (44, 52, 66), rect, border_radius=4)
                if i == self.selected:
                    pygame.draw.rect(surface, GOLD, rect, 1, border_radius=4)
            dot = WARN_COLOR if row.level == WARN else (120, 170, 220)
            pygame.draw.circle(surface, dot, (rect.x + px(10, s), rect.y + px(4, s) + line_h // 2), px(4, s))
            y = rect.y + px(4, s)
            for text in lines:
                blit_text(surface, text, size, TEXT if row.level == WARN else TEXT_DIM, (rect.x + px(22, s), y))
                y += line_h
        surface.set_clip(clip)
        room = self._content_height() - self.list_rect.height
        if room > 0:
            track = pygame.Rect(self.list_rect.right - 6, self.list_rect.y + 4, 3, self.list_rect.height - 8)
            share = self.list_rect.height / self._content_height()
            top = track.y + int(track.height * self.scroll / self._content_height())
            pygame.draw.rect(surface, GOLD_DARK, pygame.Rect(track.x, top, 3, max(10, int(track.height * share))),
                             border_radius=2)
