"""The comparison view: two layouts side by side, small boards and their figures in two columns."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.catan.constants import RESOURCES
from game.lab.analysis import analyse, compare
from game.lab.layout import LabLayout, beginner_lab_layout, variable_lab_layout
from gui.dialogs import (
    GOLD, GOLD_DARK, PANEL, TEXT, TEXT_DIM, Cycler, StyledButton, WidgetScene, blit_text, draw_heading, ellipsize,
    make_background, px,
)
from gui.fonts import font
from gui.lab.board_layer import LabBoard, Overlay
from gui.lab.names import resource_name
from gui.lab.panels import BAD_COLOR, EXPERIMENTAL_COLOR, OK_COLOR, score_color
from gui.table.sprites import SpriteBook

if TYPE_CHECKING:
    from gui.app import App

TERMS: tuple[str, ...] = ("A", "E", "S", "C", "R", "T")


def compare_candidates(app: App, current: LabLayout) -> list[LabLayout]:
    """What can be compared: the layout being edited, the beginner board and every readable layout file."""
    from gui.lab.files_dialog import layout_items

    out = [current, beginner_lab_layout(), variable_lab_layout(1)]
    out.extend(item.entry.layout for item in layout_items(app) if item.entry.layout is not None)
    return out


class CompareScene(WidgetScene):
    """Two layouts chosen from the candidates, drawn small side by side with their figures from compare()."""

    def __init__(self, app: App, current: LabLayout, candidates: list[LabLayout] | None = None) -> None:
        self.candidates = candidates if candidates is not None else compare_candidates(app, current)
        other = next((i for i, c in enumerate(self.candidates) if i and c.terrains != current.terrains), 0)
        self.choice = [0, other]
        self.sprites = SpriteBook(app.art)
        self.boards = [LabBoard(self.sprites), LabBoard(self.sprites)]
        self.background: pygame.Surface | None = None
        self.rows: list[dict[str, Any]] = []
        self.analyses: list[Any] = []
        super().__init__(app)

    def choose(self, side: int, index: int) -> None:
        """Show another candidate on one side."""
        self.choice[side] = index
        self._refresh()

    def layouts(self) -> list[LabLayout]:
        """The two layouts compared."""
        return [self.candidates[i] for i in self.choice]

    def _label(self, index: int) -> str:
        layout = self.candidates[index]
        if index == 0:
            return self.app.t("lab.compare.current", name=layout.name)
        return layout.name

    def layout(self) -> None:
        """Top bar, two board columns with their pickers, the figures in the middle."""
        s = self.scale
        w, h = self.app.size
        t = self.app.t
        pad = px(18, s)
        bar_h = px(64, s)
        bh = px(42, s)
        fs = px(17, s)
        self.back_button = StyledButton(pygame.Rect(w - pad - px(150, s), (bar_h - bh) // 2, px(150, s), bh),
                                        t("app.back"), self.back, "primary", font_size=fs)
        self.simulate_button = StyledButton(pygame.Rect(self.back_button.rect.x - px(12, s) - px(190, s),
                                                        (bar_h - bh) // 2, px(190, s), bh),
                                            t("lab.simulate"), self.simulate, font_size=fs,
                                            tooltip=t("lab.simulate_tooltip"))
        table_w = max(px(360, s), int(w * 0.3))
        col_w = (w - table_w - 4 * pad) // 2
        top = bar_h + pad
        self.columns = [pygame.Rect(pad, top, col_w, h - top - pad),
                        pygame.Rect(w - pad - col_w, top, col_w, h - top - pad)]
        self.table_rect = pygame.Rect(self.columns[0].right + pad, top, table_w, h - top - pad)
        self.pickers = []
        for side, col in enumerate(self.columns):
            rect = pygame.Rect(col.x + px(12, s), col.y + px(12, s), col.width - px(24, s), bh)
            self.pickers.append(Cycler(rect, list(range(len(self.candidates))), self.choice[side], self._label,
                                       lambda v, k=side: self.choose(k, v), fs))
            board_rect = pygame.Rect(col.x + px(6, s), rect.bottom + px(8, s), col.width - px(12, s),
                                     col.bottom - rect.bottom - px(14, s))
            self.boards[side].place(board_rect)
        self.widgets = [*self.pickers, self.simulate_button, self.back_button]
        self.background = make_background((w, h))
        self._refresh()

    def _refresh(self) -> None:
        layouts = self.layouts()
        self.rows = compare(layouts)
        self.analyses = [analyse(layout) for layout in layouts]
        for board, layout in zip(self.boards, layouts):
            board.show(layout)

    def simulate(self) -> None:
        """Hand both layouts to the simulation screen (when it is available)."""
        from gui.lab.scene import open_simulation_screen

        open_simulation_screen(self.app, self.layouts())

    def figures(self) -> list[tuple[str, list[str], list[tuple[int, int, int]]]]:
        """The table rows: label, the two values and their colours."""
        t = self.app.t
        out: list[tuple[str, list[str], list[tuple[int, int, int]]]] = []

        def legal(row: dict[str, Any]) -> tuple[str, tuple[int, int, int]]:
            if row["legal"]:
                return t("lab.compare.legal_yes"), OK_COLOR
            if row["experimental"]:
                return t("lab.files.experimental"), EXPERIMENTAL_COLOR
            return t("lab.compare.legal_no"), BAD_COLOR

        pairs = [legal(r) for r in self.rows]
        out.append((t("lab.compare.legal"), [p[0] for p in pairs], [p[1] for p in pairs]))
        out.append((t("lab.score"), [f"{r['score']:.1f}" for r in self.rows], [score_color(r["score"]) for r in self.rows]))
        for term in TERMS:
            values = [r["terms"][term] for r in self.rows]
            text = [f"{v:.3f}" if term in "RT" else str(int(v)) for v in values]
            out.append((t(f"lab.term.{term}"), text, [TEXT, TEXT]))
        for res in RESOURCES:
            out.append((t("lab.compare.pips_of", resource=resource_name(t, res)),
                        [str(r["resource_pips"][res]) for r in self.rows], [TEXT, TEXT]))
        out.append((t("lab.compare.best_spot"), [f"{r['best_spot_quality']:.1f}" for r in self.rows], [TEXT, TEXT]))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """Background, bar, both boards and the figures table."""
        s = self.scale
        w, h = surface.get_size()
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        draw_heading(surface, self.app.t("lab.compare.title"), (px(24, s), px(14, s)), px(28, s), "topleft")
        for side, col in enumerate(self.columns):
            self.panels.draw(surface, col, PANEL, 230, 12)
            self.boards[side].draw(surface, self.analyses[side] if self.analyses else None, Overlay(best=True))
        self.panels.draw(surface, self.table_rect, PANEL, 238, 12, GOLD_DARK)
        self._draw_table(surface)
        self.draw_widgets(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        s = self.scale
        rect = self.table_rect
        pad = px(14, s)
        label_w = int((rect.width - 2 * pad) * 0.5)
        value_w = (rect.width - 2 * pad - label_w) // 2
        y = rect.y + pad
        size = px(16, s)
        for side, layout in enumerate(self.layouts()):
            x = rect.x + pad + label_w + side * value_w + value_w // 2
            blit_text(surface, ellipsize(layout.name, px(15, s), value_w - 6, True), px(15, s), GOLD, (x, y), "midtop",
                      bold=True)
        y += px(28, s)
        pygame.draw.line(surface, GOLD_DARK, (rect.x + pad, y - px(4, s)), (rect.right - pad, y - px(4, s)))
        figures = self.figures()
        line_h = max(font(size).get_linesize(), min(px(34, s), (rect.bottom - pad - y) // max(1, len(figures))))
        for i, (label, values, colors) in enumerate(figures):
            if i % 2:
                pygame.draw.rect(surface, (30, 36, 47), pygame.Rect(rect.x + pad // 2, y, rect.width - pad, line_h),
                                 border_radius=4)
            blit_text(surface, ellipsize(label, size, label_w - 6), size, TEXT_DIM, (rect.x + pad, y + line_h // 2),
                      "midleft")
            for side, (value, color) in enumerate(zip(values, colors)):
                x = rect.x + pad + label_w + side * value_w + value_w // 2
                blit_text(surface, ellipsize(value, size, value_w - 6, True), size, color, (x, y + line_h // 2),
                          "center", bold=True)
            y += line_h
