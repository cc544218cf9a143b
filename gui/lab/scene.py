"""The layout lab's editor screen: tools and palettes, the board as the table draws it, legality and analysis."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.catan.constants import HARBOR_TYPES, PIPS, TERRAINS
from game.core.errors import InvalidPosition
from game.lab.analysis import Analysis, analyse
from game.lab.editor import LayoutEditor
from game.lab.layout import NUMBERS, LabLayout, beginner_lab_layout
from game.lab.library import save_layout
from gui.dialogs import (
    GOLD, GOLD_DARK, PANEL, TEXT, TEXT_DIM, StyledButton, Toggle, WidgetScene, blit_text, ellipsize, fit_text,
    make_background, px,
)
from gui.fonts import font, wrap_text
from gui.lab.board_layer import LabBoard, Overlay, harbor_art, heat_color, tile_name
from gui.lab.names import harbor_name, hex_label, path_label, spot_label, terrain_name
from gui.lab.palette import PaletteTile, ToolButton
from gui.lab.panels import BAD_COLOR, EXPERIMENTAL_COLOR, SidePanel
from gui.lab.tools import TOOLS, BoardTools
from gui.layout_files import user_layouts_dir
from gui.table.sprites import SpriteBook

if TYPE_CHECKING:
    from gui.app import App

TOAST_SECONDS = 4.0


class LabScene(WidgetScene):
    """Edit a board layout: paint, set tokens, drag hexes, tokens, the robber and harbors; see its analysis."""

    def __init__(self, app: App, layout: LabLayout | None = None, path: Path | None = None) -> None:
        self.editor = LayoutEditor(layout if layout is not None else beginner_lab_layout())
        self.path = path
        self.sprites = SpriteBook(app.art)
        self.board = LabBoard(self.sprites)
        self.tools = BoardTools(self.board, lambda: self.editor, self.refused)
        self.side = SidePanel(app.t, self.sprites, self.show_score_help)
        self.heat = False
        self.best = True
        self.pip_figures = False
        self.hex_numbers = True
        self.analysis: Analysis | None = None
        self._shown: LabLayout | None = None
        self.hover_hex: int | None = None
        self.hover_node: int | None = None
        self.hover_edge: int | None = None
        self.toast = ""
        self.toast_left = 0.0
        self.toast_bad = False
        self.background: pygame.Surface | None = None
        self.buttons: dict[str, StyledButton] = {}
        self._translator = app.translator
        super().__init__(app)

    # ------------------------------------------------------------------ layout

    def layout(self) -> None:
        """Top bar, the tool column on the left, the board, the side panel on the right."""
        s = self.scale
        w, h = self.app.size
        t = self.app.t
        if self._translator is not self.app.translator:  # a new language: the panel's texts are built anew
            self._translator = self.app.translator
            self.side = SidePanel(t, self.sprites, self.show_score_help)
        pad = px(14, s)
        self.bar = pygame.Rect(0, 0, w, px(68, s))
        left_w = px(250, s)
        right_w = max(px(360, s), int(w * 0.24))
        top = self.bar.bottom + pad // 2
        self.left_rect = pygame.Rect(pad, top, left_w, h - top - pad)
        self.side_rect = pygame.Rect(w - pad - right_w, top, right_w, h - top - pad)
        status_h = px(50, s)
        board_x = self.left_rect.right + pad
        self.board_rect = pygame.Rect(board_x, top, self.side_rect.x - pad - board_x, h - top - pad - status_h)
        self.status_rect = pygame.Rect(board_x, self.board_rect.bottom + px(4, s), self.board_rect.width,
                                       status_h - px(4, s))
        self.board.place(self.board_rect)
        self._layout_bar()
        self._layout_left()
        self.background = make_background((w, h))
        self._shown = None
        self.refresh()

    def _layout_bar(self) -> None:
        s = self.scale
        w = self.app.size[0]
        t = self.app.t
        pad = px(14, s)
        bh = px(42, s)
        y = (self.bar.height - bh) // 2
        fs = px(16, s)
        specs: list[tuple[str, str, Callable[[], None], str]] = [
            ("undo", "↶", self.undo, "secondary"), ("redo", "↷", self.redo, "secondary"),
            ("source", t("lab.new_from"), self.open_sources, "secondary"),
            ("files", t("lab.files_button"), self.open_files, "secondary"),
            ("save", t("lab.save"), self.save, "secondary"), ("save_as", t("lab.save_as"), self.save_as, "secondary"),
            ("compare", t("lab.compare_button"), self.open_compare, "secondary"),
            ("search", t("labsearch.button"), self.find_fair_board, "secondary"),
            ("simulate", t("lab.simulate"), self.simulate, "primary"),
            ("back", t("app.back"), self.back, "secondary"),
        ]
        icon_w = bh
        gap = px(8, s)
        title_room = max(px(300, s), int(w * 0.22))
        text_buttons = len(specs) - 2
        avail = w - title_room - pad - 2 * (icon_w + gap) - px(12, s)
        bw = max(px(80, s), min(px(156, s), (avail - text_buttons * gap) // text_buttons))
        # the search's longer label takes some width from the other buttons (the row keeps its length)
        search_w = max(bw, min(int(bw * 1.6), font(fs, True).size(t("labsearch.button"))[0] + px(24, s)))
        other_w = max(px(72, s), (text_buttons * bw - search_w) // (text_buttons - 1))
        row_w = (text_buttons - 1) * other_w + search_w + text_buttons * gap
        x = w - pad - row_w + gap - 2 * (icon_w + gap) - px(12, s)
        self.title_right = x - pad
        self.buttons = {}
        tooltips = {"undo": t("lab.undo_tooltip"), "redo": t("lab.redo_tooltip"), "simulate": t("lab.simulate_tooltip"),
                    "search": t("labsearch.button_tooltip")}
        for i, (key, label, action, style) in enumerate(specs):
            width = icon_w if key in ("undo", "redo") else search_w if key == "search" else other_w
            size = px(24, s) if key in ("undo", "redo") else fs
            self.buttons[key] = StyledButton(pygame.Rect(x, y, width, bh), label, action, style, font_size=size,
                                             tooltip=tooltips.get(key, ""))
            x += width + gap
            if key == "redo":
                x += px(12, s)

    def _layout_left(self) -> None:
        s = self.scale
        t = self.app.t
        col = self.left_rect
        pad = px(12, s)
        x = col.x + pad
        inner = col.width - 2 * pad
        y = col.y + pad
        self.left_titles: list[tuple[str, int]] = [(t("lab.tools_title"), y)]
        y += px(28, s)
        tb_h = px(36, s)
        tb_w = (inner - px(8, s)) // 2
        self.tool_buttons = []
        for i, tool in enumerate(TOOLS):
            rect = pygame.Rect(x + (i % 2) * (tb_w + px(8, s)), y + (i // 2) * (tb_h + px(8, s)), tb_w, tb_h)
            self.tool_buttons.append(ToolButton(rect, t(f"lab.tool.{tool}"), lambda k=tool: self.set_tool(k),
                                                lambda k=tool: self.tools.tool == k, px(16, s)))
        y += 2 * (tb_h + px(8, s)) + px(8, s)
        self.left_titles.append((t(f"lab.palette.{self.tools.tool}"), y))
        y += px(28, s)
        self.tiles = self._palette(x, y, inner)
        y = max((tile.rect.bottom for tile in self.tiles), default=y) + px(8, s)
        self.hint_y = y
        self.hint_lines = wrap_text(t(f"lab.hint.{self.tools.tool}"), px(14, s), inner)
        y += len(self.hint_lines) * font(px(14, s)).get_linesize() + px(12, s)
        # what the board shows, and the experimental mark; anchored to the bottom of the column
        th = px(28, s)
        legend_h = px(40, s)
        bottom = col.bottom - pad
        self.experimental_toggle = Toggle(pygame.Rect(x, bottom - th, inner, th), self.editor.layout.experimental,
                                          self.set_experimental, (t("lab.experimental"), t("lab.experimental")))
        self.experimental_title_y = bottom - th - px(32, s)
        y2 = self.experimental_title_y - px(12, s) - legend_h
        self.legend_rect = pygame.Rect(x, y2, inner, legend_h)
        toggles = (("heat", t("lab.show.heat")), ("best", t("lab.show.best")), ("pips", t("lab.show.pips")),
                   ("hexes", t("lab.show.hexes")))
        self.show_toggles: dict[str, Toggle] = {}
        ty = y2 - len(toggles) * (th + px(6, s))
        self.show_title_y = ty - px(30, s)
        for key, label in toggles:
            self.show_toggles[key] = Toggle(pygame.Rect(x, ty, inner, th), self._shown_flag(key),
                                            lambda v, k=key: self.set_show(k, v), (label, label))
            ty += th + px(6, s)
        self.widgets = [*self.buttons.values(), *self.tool_buttons, *self.tiles, *self.show_toggles.values(),
                        self.experimental_toggle]

    def _shown_flag(self, key: str) -> bool:
        return {"heat": self.heat, "best": self.best, "pips": self.pip_figures, "hexes": self.hex_numbers}[key]

    def _palette(self, x: int, y: int, width: int) -> list[PaletteTile]:
        """The palette tiles of the chosen tool."""
        s = self.scale
        t = self.app.t
        tool = self.tools.tool
        gap = px(6, s)
        fs = px(13, s)
        tiles: list[PaletteTile] = []
        if tool == "terrain":
            cols = 3
            tw = (width - (cols - 1) * gap) // cols
            th = int(tw * 1.08) + fs
            for i, terrain in enumerate(TERRAINS):
                rect = pygame.Rect(x + (i % cols) * (tw + gap), y + (i // cols) * (th + gap), tw, th)
                img = self.sprites.get("terrain", tile_name(terrain, 0), max(8, int(tw * 0.7)))
                tiles.append(PaletteTile(rect, terrain_name(t, terrain), lambda v=terrain: self.pick("terrain", v),
                                         lambda v=terrain: self.tools.terrain == v, img, fs))
        elif tool == "number":
            cols = 4
            tw = (width - (cols - 1) * gap) // cols
            values = [*NUMBERS, 0]
            for i, number in enumerate(values):
                rect = pygame.Rect(x + (i % cols) * (tw + gap), y + (i // cols) * (tw + gap), tw, tw)
                if number:
                    img = self.sprites.get("token", str(number), max(8, int(tw * 0.78)))
                    tiles.append(PaletteTile(rect, "", lambda v=number: self.pick("number", v),
                                             lambda v=number: self.tools.number == v, img, fs,
                                             t("lab.token_tooltip", number=number, pips=PIPS[number])))
                else:
                    tiles.append(PaletteTile(rect, t("lab.no_token"), lambda: self.pick("number", 0),
                                             lambda: self.tools.number == 0, None, px(11, s), symbol="–"))
        elif tool == "harbor":
            cols = 3
            tw = (width - (cols - 1) * gap) // cols
            th = int(tw * 0.8) + fs
            values: list[str | None] = [*HARBOR_TYPES, None]
            for i, kind in enumerate(values):
                rect = pygame.Rect(x + (i % cols) * (tw + gap), y + (i // cols) * (th + gap), tw, th)
                if kind is not None:
                    img = self.sprites.get("harbor", harbor_art(kind), max(8, int(tw * 0.55)))
                    tiles.append(PaletteTile(rect, harbor_name(t, kind), lambda v=kind: self.pick("harbor", v),
                                             lambda v=kind: self.tools.harbor == v, img, fs))
                else:
                    tiles.append(PaletteTile(rect, t("lab.remove_harbor"), lambda: self.pick("harbor", None),
                                             lambda: self.tools.harbor is None, None, fs, symbol="✕"))
        return tiles

    # ------------------------------------------------------------------ state

    def refresh(self) -> None:
        """Bring the board, the analysis and the panels up to the editor's layout (after any change)."""
        layout = self.editor.layout
        if layout is self._shown:
            return
        self._shown = layout
        self.analysis = analyse(layout)
        self.board.show(layout)
        self.side.build(self.side_rect, self.scale, layout, self.analysis)
        self.experimental_toggle.value = layout.experimental
        self.buttons["undo"].enabled = self.editor.can_undo()
        self.buttons["redo"].enabled = self.editor.can_redo()

    def refused(self, message: str) -> None:
        """An edit the rules refused: say why under the board."""
        self.say(self.app.t("lab.refused", error=message), bad=True)

    def say(self, text: str, bad: bool = False) -> None:
        """A short message under the board for a few seconds."""
        self.toast, self.toast_left, self.toast_bad = text, TOAST_SECONDS, bad

    def set_tool(self, tool: str) -> None:
        """Choose a tool (its palette appears)."""
        self.tools.tool = tool
        self._layout_left()

    def pick(self, what: str, value: object) -> None:
        """Choose a palette value of the current tool."""
        setattr(self.tools, what, value)

    def set_show(self, key: str, value: bool) -> None:
        """Turn an overlay on or off."""
        if key == "heat":
            self.heat = value
        elif key == "best":
            self.best = value
        elif key == "hexes":
            self.hex_numbers = value
        else:
            self.pip_figures = value

    def set_experimental(self, value: bool) -> None:
        """Mark the board experimental (it may then break the component counts) or not."""
        self.editor.apply(lambda l: dataclasses.replace(l, experimental=value))
        self.refresh()

    def undo(self) -> None:
        """Take back the last edit."""
        self.tools.cancel()
        self.editor.undo()
        self.refresh()

    def redo(self) -> None:
        """Make the last undone edit again."""
        self.tools.cancel()
        self.editor.redo()
        self.refresh()

    def open_layout(self, layout: LabLayout, path: Path | None = None) -> None:
        """Edit another layout (undo goes back to the previous one); path: its file in the user's folder."""
        self.tools.cancel()
        self.editor.replace(layout)
        self.editor.mark_saved()
        self.path = path
        self.refresh()

    # ------------------------------------------------------------------ files

    @property
    def folder(self) -> Path:
        """The user's layouts folder."""
        return user_layouts_dir(self.app)

    def save(self, then: Callable[[], None] | None = None) -> None:
        """Save to the layout's file (Save as… when it has none)."""
        if self.path is None:
            self.save_as(then)
            return
        self._write(self.editor.layout, self.path, then)

    def save_as(self, then: Callable[[], None] | None = None) -> None:
        """Ask for a name and save to a new file in the user's layouts folder."""
        if not self._savable(self.editor.layout):
            return

        def done(name: str) -> str | None:
            self.editor.apply(lambda l: l.renamed(name))
            self.refresh()
            self._write(self.editor.layout, None, then)
            return None

        self.app.push("lab.name", title_key="lab.save_as_title", initial=self.editor.layout.name, on_done=done,
                      ok_key="lab.save")

    def _savable(self, layout: LabLayout) -> bool:
        """Whether the rules let this layout be saved; if not, say why."""
        if layout.is_playable():
            return True
        problems = layout.problems()
        if all(p.component for p in problems):
            self.app.show_message("lab.cannot_save_rules")
        else:
            self.app.show_message("lab.cannot_save_broken")
        return False

    def _write(self, layout: LabLayout, path: Path | None, then: Callable[[], None] | None) -> None:
        if not self._savable(layout):
            return
        try:
            target = save_layout(self.folder, layout, path)
        except InvalidPosition as exc:
            self.app.show_message("lab.save_failed", error=str(exc))
            return
        self.path = target
        self.editor.mark_saved()
        self.say(self.app.t("lab.saved", name=layout.name, file=target.name))
        if then is not None:
            then()

    def open_files(self) -> None:
        """The layout files dialog."""
        self.app.push("lab.files", on_open=self.open_layout, on_renamed=self._renamed, on_deleted=self._deleted)

    def _renamed(self, old: Path, new: Path) -> None:
        if self.path is not None and self.path == old:
            from game.lab.layout import file_lab_layout

            self.path = new
            clean = not self.editor.dirty
            try:
                name = file_lab_layout(new).name
            except InvalidPosition:
                return
            self.editor.apply(lambda l: l.renamed(name))
            if clean:
                self.editor.mark_saved()
            self.refresh()

    def _deleted(self, path: Path) -> None:
        if self.path is not None and self.path == path:
            self.path = None

    def open_sources(self) -> None:
        """The dialog of starting boards."""
        self.app.push("lab.source", on_pick=lambda layout: self.open_layout(layout, None))

    def open_compare(self) -> None:
        """Compare this layout with another side by side."""
        self.app.push("lab.compare", current=self.editor.layout)

    def simulate(self) -> None:
        """Hand this layout to the simulation ("Prove") screen."""
        self.app.push("lab.simulation", layouts=[self.editor.layout])

    def find_fair_board(self) -> None:
        """The fair-board search; the board it finds can replace this one (undo takes it back)."""
        self.app.push("lab.search", on_open=self.take_found)

    def take_found(self, layout: LabLayout) -> None:
        """Edit a board the search found, as a new unsaved layout (undo goes back to the previous one)."""
        self.tools.cancel()
        self.editor.replace(layout)
        self.path = None
        self.refresh()
        self.say(self.app.t("labsearch.opened", name=layout.name))

    def show_score_help(self) -> None:
        """Explain the balance score and its formula, then how to read the hex numbers and spot names."""
        extra = ""
        if self.analysis is not None:
            number = self.app.translator.number
            terms = {k: (number(v, 3) if k in "RT" else str(int(v))) for k, v in self.analysis.penalties().items()}
            extra = "**" + self.app.t("lab.score_now", score=number(self.analysis.score, 1), **terms) + "\n"
        extra += self.app.t("lab.numbering.help")
        self.app.push("lab.help", title_key="lab.score_help_title", text_key="lab.score_help", extra=extra)

    def back(self) -> None:
        """Back to the menu, asking first when there are unsaved changes."""
        if not self.editor.dirty:
            self._leave()
            return
        self.app.push("lab.unsaved", on_save=lambda: self.save(self._leave), on_discard=self._leave)

    def _leave(self) -> None:
        if self in self.app.stack:
            while self.app.top is not self:
                self.app.pop()
            self.app.pop()

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Shortcuts, then the board (press, drag, release, hover), the side panel and the widgets."""
        taken = self._handle(event)
        self.refresh()
        return taken

    def _handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if ctrl and event.key == pygame.K_z:
                self.redo() if shift else self.undo()
                return True
            if ctrl and event.key == pygame.K_y:
                self.redo()
                return True
            if ctrl and event.key == pygame.K_s:
                self.save()
                return True
            if event.key == pygame.K_ESCAPE:
                if self.tools.gesture is not None:
                    self.tools.cancel()
                else:
                    self.back()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.board_rect.collidepoint(event.pos):
            if self.tools.press(event.pos):
                return True
        if event.type == pygame.MOUSEMOTION:
            if self.tools.gesture is not None:
                self.tools.motion(event.pos)
            self._hover(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.tools.gesture is not None:
            self.tools.release(event.pos)
            return True
        if self.side.handle_event(event):
            return True
        return self.dispatch(event)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_hex = self.hover_node = self.hover_edge = None
        if not self.board_rect.collidepoint(pos) or self.board.view is None:
            return
        node = self.board.node_at(pos)
        if node is not None and _dist(pos, self.board.node_pos(node)) <= self.board.R * 0.2:
            self.hover_node = node
            return
        if self.tools.tool == "harbor":
            self.hover_edge = self.board.coast_at(pos)
            if self.hover_edge is not None:
                return
        self.hover_hex = self.board.hex_at(pos)

    def update(self, dt: float) -> None:
        """Let a message under the board fade out; keep the panels in step with the editor."""
        if self.toast_left > 0:
            self.toast_left = max(0.0, self.toast_left - dt)
            if self.toast_left == 0:
                self.toast = ""
        self.refresh()

    # ------------------------------------------------------------------ drawing

    def overlay(self) -> Overlay:
        """What to light on the board: the hovered or selected check, hover, and anything dragged."""
        row = self.side.highlight()
        ghost = self.tools.ghost()
        dragging = self.tools.gesture is not None
        return Overlay(heat=self.heat, best=self.best, pip_figures=self.pip_figures, hex_numbers=self.hex_numbers,
                       hexes=row.hexes if row else (), edges=row.edges if row else (),
                       nodes=row.nodes if row else (),
                       hover_hex=None if dragging else self.hover_hex,
                       hover_node=None if dragging else self.hover_node,
                       hover_edge=None if dragging else self.hover_edge, ghost=ghost)

    def draw(self, surface: pygame.Surface) -> None:
        """Background, top bar, tool column, board, status line and side panel."""
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        self._draw_bar(surface)
        self.panels.draw(surface, self.left_rect, PANEL, 232, 12)
        self.panels.draw(surface, self.side_rect, PANEL, 238, 12, GOLD_DARK)
        self.board.draw(surface, self.analysis, self.overlay())
        self._draw_left(surface)
        self._draw_status(surface)
        self.side.draw(surface)
        self.draw_widgets(surface)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        s = self.scale
        t = self.app.t
        pygame.draw.rect(surface, (18, 22, 30), self.bar)
        pygame.draw.line(surface, GOLD_DARK, (0, self.bar.bottom - 1), (self.bar.right, self.bar.bottom - 1))
        x = px(18, s)
        room = self.title_right - x
        blit_text(surface, t("lab.title"), px(12, s), TEXT_DIM, (x, px(5, s)))
        layout = self.editor.layout
        name = layout.name + (" •" if self.editor.dirty else "")
        pill = t("lab.experimental_mark") if layout.experimental else ""
        pill_w = font(px(12, s), True).size(pill)[0] + px(16, s) if pill else 0
        size = fit_text(name, px(24, s), max(40, room - pill_w - px(8, s)), True)
        rect = blit_text(surface, ellipsize(name, size, max(40, room - pill_w - px(8, s)), True), size, GOLD,
                         (x, px(20, s)), bold=True)
        if pill:
            box = pygame.Rect(rect.right + px(10, s), rect.centery - px(10, s), pill_w, px(20, s))
            pygame.draw.rect(surface, (70, 48, 96), box, border_radius=box.h // 2)
            pygame.draw.rect(surface, EXPERIMENTAL_COLOR, box, 1, border_radius=box.h // 2)
            blit_text(surface, pill, px(12, s), EXPERIMENTAL_COLOR, box.center, "center", bold=True)
        where = t("lab.file", file=self.path.name) if self.path is not None else t("lab.not_saved")
        blit_text(surface, ellipsize(where, px(12, s), room), px(12, s), TEXT_DIM, (x, rect.bottom - px(2, s)))

    def _draw_left(self, surface: pygame.Surface) -> None:
        s = self.scale
        t = self.app.t
        x = self.left_rect.x + px(12, s)
        right = self.left_rect.right - px(12, s)
        titles = [*self.left_titles, (t("lab.show_title"), self.show_title_y),
                  (t("lab.board_title"), self.experimental_title_y)]
        for text, y in titles:
            rect = blit_text(surface, ellipsize(text, px(16, s), right - x, True), px(16, s), GOLD, (x, y), bold=True)
            pygame.draw.line(surface, GOLD_DARK, (x, rect.bottom + 2), (right, rect.bottom + 2))
        size = px(14, s)
        y = self.hint_y
        for line in self.hint_lines:
            if y + font(size).get_linesize() > self.show_title_y - px(4, s):
                break
            blit_text(surface, line, size, TEXT_DIM, (x, y))
            y += font(size).get_linesize()
        if self.heat:
            self._draw_legend(surface)

    def _draw_legend(self, surface: pygame.Surface) -> None:
        """The heat map's colour ramp with its ends named."""
        s = self.scale
        rect = self.legend_rect
        bar = pygame.Rect(rect.x, rect.y + px(2, s), rect.width, px(12, s))
        for i in range(bar.width):
            pygame.draw.line(surface, heat_color(i / max(1, bar.width - 1)), (bar.x + i, bar.y), (bar.x + i, bar.bottom))
        pygame.draw.rect(surface, (15, 18, 24), bar, 1)
        size = px(12, s)
        top = max((sp.quality for sp in self.analysis.spots), default=0.0) if self.analysis else 0.0
        blit_text(surface, self.app.t("lab.legend.poor"), size, TEXT_DIM, (bar.x, bar.bottom + px(3, s)))
        blit_text(surface, self.app.t("lab.legend.best", quality=self.app.translator.number(top, 1)), size, TEXT_DIM,
                  (bar.right, bar.bottom + px(3, s)), "topright")

    def _draw_status(self, surface: pygame.Surface) -> None:
        """Hover information on a hex or an intersection, or the last message."""
        s = self.scale
        rect = self.status_rect
        self.panels.draw(surface, rect, (24, 29, 38), 230, 8)
        size = px(15, s)
        lines, color = self.status_lines(), TEXT
        if self.toast:
            lines, color = [self.toast], (BAD_COLOR if self.toast_bad else (150, 214, 150))
        y = rect.y + (rect.height - len(lines[:2]) * font(size).get_linesize()) // 2
        for line in lines[:2]:
            blit_text(surface, ellipsize(line, size, rect.width - px(24, s)), size, color, (rect.x + px(12, s), y))
            y += font(size).get_linesize()

    def status_lines(self) -> list[str]:
        """What the pointer is over: a hex (terrain, number, pips, n/36) or an intersection (quality …)."""
        t = self.app.t
        layout, analysis = self.editor.layout, self.analysis
        if analysis is None:
            return []
        if self.hover_node is not None:
            spot = analysis.spots[self.hover_node]
            harbor = harbor_name(t, spot.harbor) if spot.harbor else t("lab.hover.no_harbor")
            rank = analysis.best_spots.index(spot.node) + 1 if spot.node in analysis.best_spots else None
            first = t("lab.hover.node", spot=spot_label(spot.node), quality=self.app.translator.number(spot.quality, 1), pips=spot.pips,
                      variety=spot.variety, harbor=harbor)
            hexes = ", ".join(t("lab.numbering.hex_item", hex=hex_label(h), what=_hex_label(t, layout, h))
                              for h in self.board.topo.node_hexes[spot.node])
            second = t("lab.hover.node_hexes", hexes=hexes)
            if rank is not None:
                second = t("lab.hover.rank", rank=rank) + " · " + second
            return [first, second]
        if self.hover_hex is not None:
            h = self.hover_hex
            number = layout.numbers[h]
            pips = analysis.hex_pips[h]
            first = t("lab.hover.hex", hex=hex_label(h), terrain=terrain_name(t, layout.terrains[h]),
                      number=number if number else "–", pips=pips, chance=PIPS.get(number, 0))
            second = t("lab.hover.robber") if layout.robber == h else t(f"lab.hint.{self.tools.tool}")
            return [first, second]
        if self.hover_edge is not None:
            kind = layout.harbor_at(self.hover_edge)
            return [t("lab.hover.coast", path=path_label(self.hover_edge),
                      harbor=harbor_name(t, kind) if kind else t("lab.hover.no_harbor"))]
        return [t("lab.hover.none")]


def _hex_label(t: Callable[..., str], layout: LabLayout, h: int) -> str:
    number = layout.numbers[h]
    name = terrain_name(t, layout.terrains[h])
    return f"{name} {number}" if number else name


def _dist(a: tuple[int, int], b: tuple[int, int]) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def open_lab(app: App, layout: LabLayout | None = None, view: str = "") -> LabScene:
    """Push the lab editor (for the menu and screenshots); view: "", "heat", "compare", "files", "source", "help"."""
    scene = LabScene(app, layout)
    app.push(scene)
    if view == "heat":
        scene.heat = True
        scene.show_toggles["heat"].value = True
    elif view == "compare":
        scene.open_compare()
    elif view == "files":
        scene.open_files()
    elif view == "source":
        scene.open_sources()
    elif view == "help":
        scene.show_score_help()
    return scene


__all__ = ["LabScene", "open_lab"]
