"""The dialogs every table shares: the modal box, the resource-stepper grid, the in-game menu and the pass screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.catan.constants import RESOURCES
from game.core.actions import Action
from gui.dialogs import GOLD, GOLD_DARK, Stepper, StyledButton, blit_text, fit_text, px
from gui.fonts import wrap_text
from gui.table.colors import player_rgb
from gui.widgets import PANEL, TEXT, TEXT_DIM, FocusRing

if TYPE_CHECKING:
    from gui.table.base import TableScene


class TableDialog:
    """A modal box over the board; the scene routes events to it first while it is open."""

    name = "dialog"
    #: closed by Esc (phase-bound dialogs are not: the game waits for their answer)
    closable = True

    def __init__(self, scene: TableScene, player: int) -> None:
        self.scene = scene
        self.player = player
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.buttons: list[StyledButton] = []
        self.steppers: list[Stepper] = []
        self.title = ""
        self.fs = 16
        self.s = 1.0
        self.focus = FocusRing()  # Tab / Shift+Tab / Enter over the dialog's controls

    # helpers -------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        """Translate."""
        return self.scene.app.t(key, **params)

    def icon(self, r: int) -> pygame.Surface:
        """A resource icon at the dialog's text size."""
        return self.scene.icon(r, int(self.fs * 1.5))

    def hand(self) -> tuple[int, ...]:
        """The dialog player's resource cards."""
        view = self.scene.view
        if view.player == self.player:
            return tuple(view.state.hands[self.player])
        return tuple(self.scene.game.state.hands[self.player])

    def legal(self) -> list[Action]:
        """The dialog player's legal actions."""
        return self.scene.session.legal(self.player)

    def act(self, action: Action) -> None:
        """Apply an action for the dialog's player."""
        self.scene.act(action)

    def close(self) -> None:
        """Close this dialog."""
        self.scene.close_dialog(self)

    # lifecycle -------------------------------------------------------------
    def layout(self, area: pygame.Rect, scale: float) -> None:
        """Place the box and its controls inside area."""
        self.s = scale
        self.fs = px(17, scale)
        self.buttons, self.steppers = [], []
        w, h = self.size(area, scale)
        self.rect = pygame.Rect(0, 0, min(w, area.w - 8), min(h, area.h - 8))
        self.rect.center = area.center
        self.place(area)
        self.build()
        self.refresh()

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Preferred size of the box."""
        return px(520, scale), px(360, scale)

    def place(self, area: pygame.Rect) -> None:
        """Move the box (already sized and centred in area) where it should be; centred by default."""

    def build(self) -> None:
        """Create the controls (self.rect is set)."""

    def refresh(self) -> None:
        """Update which buttons are enabled."""

    def button(self, rect: pygame.Rect, key: str, on_click: Callable[[], None], style: str = "secondary",
               hotkey: int | None = None, **params: Any) -> StyledButton:
        """Add a button with a translated label."""
        b = StyledButton(rect, self.t(key, **params), on_click, style=style, hotkey=hotkey,
                         font_size=max(11, self.fs - 1))
        self.buttons.append(b)
        return b

    def bottom_buttons(self, specs: Sequence[tuple[str, Callable[[], None], str]]) -> list[StyledButton]:
        """A row of buttons along the bottom of the box."""
        pad = px(16, self.s)
        bh = px(40, self.s)
        n = len(specs)
        bw = min(px(200, self.s), (self.rect.w - pad * (n + 1)) // max(1, n))
        total = n * bw + (n - 1) * pad
        x = self.rect.centerx - total // 2
        y = self.rect.bottom - pad - bh
        out = []
        for key, fn, style in specs:
            out.append(self.button(pygame.Rect(x, y, bw, bh), key, fn, style))
            x += bw + pad
        return out

    def focus_extra(self) -> list[Any]:
        """Controls of a dialog's own kind (lists, pickers, cards) that Tab reaches before the steppers and buttons."""
        return []

    def focus_widgets(self) -> list[Any]:
        """Everything the keyboard focus visits, in order."""
        return [*self.focus_extra(), *self.steppers, *self.buttons]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The keyboard focus, then controls; every mouse press is taken (the dialog is modal)."""
        if self.focus.handle_event(event, self.focus_widgets()):
            if self.scene.dialog is self:
                self.refresh()
            return True
        for st in self.steppers:
            if st.handle_event(event):
                self.refresh()
                return True
        for b in list(self.buttons):
            if b.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.closable:
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """A tooltip for a hovered control."""
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.tooltip:
                return b.tooltip
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The box, its title and its controls."""
        shadow = self.rect.move(px(5, self.s), px(7, self.s))
        self.scene.panels.blit(surface, shadow, (0, 0, 0), 110, px(14, self.s), (0, 0, 0))
        self.scene.panels.blit(surface, self.rect, PANEL, 250, px(14, self.s), GOLD_DARK)
        size = fit_text(self.title, self.fs + 5, self.rect.w - 32, True)
        blit_text(surface, self.title, size, GOLD, (self.rect.centerx, self.rect.y + px(14, self.s)), "midtop",
                  bold=True, shadow=True)
        self.draw_body(surface)
        for st in self.steppers:
            st.draw(surface)
        for b in self.buttons:
            b.draw(surface)
        self.focus.draw(surface, self.focus_widgets())

    def draw_body(self, surface: pygame.Surface) -> None:
        """What the dialog shows besides its controls."""

    @property
    def body_top(self) -> int:
        """The y where content starts under the title."""
        return self.rect.y + px(54, self.s)


class ResourceGrid(TableDialog):
    """Rows of resources with one or two steppers each (sizes in unscaled pixels; a game's grid may change them)."""

    columns: tuple[str, ...] = ("give",)
    resource_names: tuple[str, ...] = RESOURCES
    grid_offset = 26  # below body_top
    grid_left = 24
    row_height = 40
    stepper_width = 130
    label_width = 150
    column_gap = 30

    def __init__(self, scene: TableScene, player: int) -> None:
        super().__init__(scene, player)
        self.values: dict[str, list[int]] = {c: [0] * 5 for c in self.columns}

    def maximum(self, column: str, r: int) -> int | None:
        """Upper bound of a stepper."""
        return None

    def grid_top(self) -> int:
        """Where the rows begin."""
        return self.body_top + px(self.grid_offset, self.s)

    def build_grid(self) -> None:
        """Create the steppers."""
        row_h = px(self.row_height, self.s)
        step_w = px(self.stepper_width, self.s)
        x0 = self.rect.x + px(self.grid_left, self.s)
        y = self.grid_top()
        label_w = px(self.label_width, self.s)
        gap = px(self.column_gap, self.s)
        self._rows: list[int] = []
        for r in range(5):
            self._rows.append(y)
            for i, column in enumerate(self.columns):
                sx = x0 + label_w + i * (step_w + gap)
                rect = pygame.Rect(sx, y + 3, step_w, row_h - 6)

                def change(v: int, c: str = column, rr: int = r) -> None:
                    self.values[c][rr] = v

                st = Stepper(rect, self.values[column][r], 0, self.maximum(column, r), change,
                             font_size=max(11, self.fs - 1))
                self.steppers.append(st)
            y += row_h
        self._col_x = [x0 + label_w + i * (step_w + gap) + step_w // 2 for i in range(len(self.columns))]
        self.grid_bottom = y

    def draw_grid(self, surface: pygame.Surface, headers: Sequence[str], counts: Sequence[int] | None) -> None:
        """Icons, names and the column headers."""
        x0 = self.rect.x + px(self.grid_left, self.s)
        row_h = px(self.row_height, self.s)
        for cx, head in zip(self._col_x, headers):
            blit_text(surface, head, max(10, self.fs - 2), TEXT_DIM, (cx, self.grid_top() - 4), "midbottom",
                      bold=True)
        for r, y in enumerate(self._rows):
            img = self.icon(r)
            surface.blit(img, (x0, y + row_h // 2 - img.get_height() // 2))
            name = self.t("resource." + self.resource_names[r])
            if counts is not None:
                name = f"{name} ({counts[r]})"
            blit_text(surface, name, self.fs - 1, TEXT, (x0 + img.get_width() + 8, y + row_h // 2), "midleft")


class MenuDialog(TableDialog):
    """The in-game menu: resume, save, load, the game's rules, main menu."""

    name = "menu"

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Five big buttons."""
        return px(380, scale), px(388, scale)

    def build(self) -> None:
        """The buttons."""
        self.title = self.t("table.menu.title")
        y = self.body_top + px(8, self.s)
        for key, fn, style in (("table.menu.resume", self.close, "primary"),
                               ("table.menu.save", self.scene.save_dialog, "secondary"),
                               ("table.menu.load", self.scene.load_dialog, "secondary"),
                               ("table.menu.rules", self.scene.show_rules, "secondary"),
                               ("table.menu.main_menu", self.scene.leave, "danger")):
            rect = pygame.Rect(self.rect.x + px(40, self.s), y, self.rect.w - px(80, self.s), px(46, self.s))
            self.button(rect, key, fn, style)
            y += px(58, self.s)


class PassScreen:
    """Hides the hands between two humans: 'pass the computer to X', with a button only X should press."""

    def __init__(self, scene: TableScene, player: int) -> None:
        self.scene = scene
        self.player = player
        self.button: StyledButton | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int], scale: float) -> None:
        """Centre the card."""
        self.rect = pygame.Rect(0, 0, px(560, scale), px(300, scale))
        self.rect.center = (size[0] // 2, size[1] // 2)
        rect = pygame.Rect(0, 0, px(360, scale), px(54, scale))
        rect.midbottom = (self.rect.centerx, self.rect.bottom - px(28, scale))
        name = self.scene.player_name(self.player)
        self.button = StyledButton(rect, self.scene.app.t("table.pass.ready", player=name), self.scene.confirm_pass,
                                   style="primary", font_size=px(19, scale))
        self.scale = scale

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The button, Enter or Space confirm; every other input is swallowed."""
        if self.button is not None and self.button.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.scene.confirm_pass()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        """A veil over the table and the card."""
        s = self.scale
        veil = self.scene.veil(surface.get_size(), 215)
        surface.blit(veil, (0, 0))
        self.scene.panels.blit(surface, self.rect, PANEL, 252, px(18, s), GOLD_DARK)
        color = player_rgb(self.scene.game.seats[self.player].color)
        pygame.draw.circle(surface, color, (self.rect.centerx, self.rect.y + px(58, s)), px(26, s))
        pygame.draw.circle(surface, (12, 12, 14), (self.rect.centerx, self.rect.y + px(58, s)), px(26, s), 2)
        name = self.scene.player_name(self.player)
        text = self.scene.app.t("table.pass.title", player=name)
        size = fit_text(text, px(28, s), self.rect.w - px(40, s), True)
        blit_text(surface, text, size, GOLD, (self.rect.centerx, self.rect.y + px(100, s)), "midtop", bold=True,
                  shadow=True)
        hint = self.scene.app.t("table.pass.hint")
        y = self.rect.y + px(150, s)
        for line in wrap_text(hint, px(16, s), self.rect.w - px(60, s)):
            blit_text(surface, line, px(16, s), TEXT_DIM, (self.rect.centerx, y), "midtop")
            y += int(px(16, s) * 1.3)
        if self.button is not None:
            self.button.draw(surface)


__all__ = ["MenuDialog", "PassScreen", "ResourceGrid", "TableDialog"]
