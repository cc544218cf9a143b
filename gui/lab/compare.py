"""The comparison view: two layouts side by side, small boards and their figures in two columns."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.i18n import decimal_text
from game.catan.constants import RESOURCES
from game.lab.analysis import BEST_SPOTS, analyse, compare
from game.lab.layout import LabLayout, beginner_lab_layout, variable_lab_layout
from gui.catan.board_view import FRAME_HEIGHT, FRAME_WIDTH
from gui.dialogs import (
    GOLD, GOLD_DARK, PANEL, TEXT, TEXT_DIM, Cycler, StyledButton, WidgetScene, blit_text, draw_heading, ellipsize,
    make_background, px,
)
from gui.fonts import font
from gui.lab.board_layer import LabBoard, Overlay
from gui.lab.file_items import layout_items
from gui.lab.names import resource_name, spot_label
from gui.lab.panels import BAD_COLOR, EXPERIMENTAL_COLOR, OK_COLOR, score_color
from gui.table.sprites import SpriteBook

if TYPE_CHECKING:
    from gui.app import App

TERMS: tuple[str, ...] = ("A", "E", "S", "C", "R", "T")


def compare_candidates(app: App, current: LabLayout) -> list[LabLayout]:
    """What can be compared: the layout being edited, the beginner board and every readable layout file."""
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
        self.label_w, self.value_w = self._table_columns()
        table_pad = px(14, s)
        table_w = max(px(300, s), min(int(w * 0.3), 2 * table_pad + self.label_w + 2 * self.value_w))
        col_w = (w - table_w - 4 * pad) // 2
        top = bar_h + pad
        bottom = h - pad
        self.table_rect = pygame.Rect(pad + col_w + pad, top, table_w, bottom - top)
        # each board as large as its column allows (keeping the frame's aspect), its panel hugging it; the best
        # starting spots below take what height is left
        margin, gap = px(10, s), px(8, s)
        chrome = px(12, s) + bh + gap + margin
        spots_min = px(46, s) + 3 * self._spot_line(s)
        board_w = col_w - 2 * margin
        board_h = min(int(board_w * FRAME_HEIGHT / FRAME_WIDTH), bottom - top - chrome - pad - spots_min)
        board_w = min(board_w, int(board_h * FRAME_WIDTH / FRAME_HEIGHT))
        panel_h = chrome + board_h
        self.columns, self.spot_rects, self.pickers = [], [], []
        for side in range(2):
            x = pad if side == 0 else w - pad - col_w
            col = pygame.Rect(x, top, col_w, panel_h)
            self.columns.append(col)
            self.spot_rects.append(pygame.Rect(x, col.bottom + pad, col_w, bottom - col.bottom - pad))
            rect = pygame.Rect(col.x + px(12, s), col.y + px(12, s), col.width - px(24, s), bh)
            self.pickers.append(Cycler(rect, list(range(len(self.candidates))), self.choice[side], self._label,
                                       lambda v, k=side: self.choose(k, v), fs))
            board_rect = pygame.Rect(0, 0, board_w, board_h)
            board_rect.midtop = (col.centerx, rect.bottom + gap)
            self.boards[side].place(board_rect)
        self.widgets = [*self.pickers, self.simulate_button, self.back_button]
        self.background = make_background((w, h))
        self._refresh()

    def _table_columns(self) -> tuple[int, int]:
        """The widths of the figures table's label column and of each value column, from their texts."""
        s, t = self.scale, self.app.t
        size = px(16, s)
        labels = [label for label, _, _ in self.figures()]
        label_w = max(font(size).size(label)[0] for label in labels) + px(12, s)
        values = [t("lab.compare.legal_yes"), t("lab.compare.legal_no"), t("lab.files.experimental"), "100.0",
                  "0.000"]
        value_w = max(max(font(size, True).size(v)[0] for v in values) + px(16, s), px(96, s))
        return label_w, value_w

    @staticmethod
    def _spot_line(s: float) -> int:
        return font(px(15, s)).get_linesize() + px(4, s)

    def _refresh(self) -> None:
        layouts = self.layouts()
        self.rows = compare(layouts)
        self.analyses = [analyse(layout) for layout in layouts]
        for board, layout in zip(self.boards, layouts):
            board.show(layout)

    def simulate(self) -> None:
        """Hand both layouts to the simulation screen (when it is available)."""
        self.app.push("lab.simulation", layouts=list(self.layouts()))

    def figures(self) -> list[tuple[str, list[str], list[tuple[int, int, int]]]]:
        """The table rows: label, the two values and their colours."""
        t = self.app.t
        out: list[tuple[str, list[str], list[tuple[int, int, int]]]] = []

        def num(value: float, digits: int) -> str:
            return decimal_text(t, value, digits)

        def legal(row: dict[str, Any]) -> tuple[str, tuple[int, int, int]]:
            if row["legal"]:
                return t("lab.compare.legal_yes"), OK_COLOR
            if row["experimental"]:
                return t("lab.files.experimental"), EXPERIMENTAL_COLOR
            return t("lab.compare.legal_no"), BAD_COLOR

        pairs = [legal(r) for r in self.rows]
        out.append((t("lab.compare.legal"), [p[0] for p in pairs], [p[1] for p in pairs]))
        out.append((t("lab.score"), [num(r["score"], 1) for r in self.rows], [score_color(r["score"]) for r in self.rows]))
        for term in TERMS:
            values = [r["terms"][term] for r in self.rows]
            text = [num(v, 3) if term in "RT" else str(int(v)) for v in values]
            out.append((t(f"lab.term.{term}"), text, [TEXT, TEXT]))
        for res in RESOURCES:
            out.append((t("lab.compare.pips_of", resource=resource_name(t, res)),
                        [str(r["resource_pips"][res]) for r in self.rows], [TEXT, TEXT]))
        out.append((t("lab.compare.best_spot"), [num(r["best_spot_quality"], 1) for r in self.rows], [TEXT, TEXT]))
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
            self._draw_spots(surface, side)
        self.panels.draw(surface, self.table_rect, PANEL, 238, 12, GOLD_DARK)
        self._draw_table(surface)
        self.draw_widgets(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        s = self.scale
        rect = self.table_rect
        pad = px(14, s)
        value_w = min(self.value_w, (rect.width - 2 * pad) // 4)
        label_w = rect.width - 2 * pad - 2 * value_w
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

    def _draw_spots(self, surface: pygame.Surface, side: int) -> None:
        """Below a board, its best starting spots by name (h9.S: corner S of hex 9), ranked as on the board."""
        rect = self.spot_rects[side]
        s = self.scale
        line = self._spot_line(s)
        if not self.analyses or rect.height < px(46, s) + line:
            return
        analysis = self.analyses[side]
        self.panels.draw(surface, rect, PANEL, 230, 12)
        pad = px(14, s)
        y = rect.y + px(10, s)
        title = ellipsize(self.app.t("lab.numbering.compare_spots"), px(16, s), rect.width - 2 * pad, True)
        drawn = blit_text(surface, title, px(16, s), GOLD, (rect.x + pad, y), bold=True)
        pygame.draw.line(surface, GOLD_DARK, (rect.x + pad, drawn.bottom + 2), (rect.right - pad, drawn.bottom + 2))
        for (x, y, col_w), rank, node in self.spot_cells(side):
            size = px(15, s)
            blit_text(surface, f"{rank}.", size, TEXT_DIM, (x + px(22, s), y), "topright")
            blit_text(surface, spot_label(node), size, TEXT, (x + px(28, s), y), bold=True)
            blit_text(surface, self.app.translator.number(analysis.spots[node].quality, 1), size, TEXT_DIM, (x + col_w - px(8, s), y),
                      "topright")

    def spot_cells(self, side: int) -> list[tuple[tuple[int, int, int], int, int]]:
        """Where the best spots of one side are listed: ((x, y, column width), rank, intersection), as many as fit
        below its board, in two columns when the panel is wide enough."""
        if not self.analyses:
            return []
        rect = self.spot_rects[side]
        s = self.scale
        pad = px(14, s)
        line = self._spot_line(s)
        top = rect.y + px(42, s)
        rows = max(0, (rect.bottom - px(8, s) - top) // line)
        cols = 2 if rows < BEST_SPOTS and rect.width - 2 * pad >= px(360, s) else 1
        col_w = (rect.width - 2 * pad) // cols
        best = self.analyses[side].best_spots[:rows * cols]
        per_col = -(-len(best) // cols) if best else 0
        return [((rect.x + pad + (i // per_col) * col_w, top + (i % per_col) * line, col_w), i + 1, node)
                for i, node in enumerate(best)]
