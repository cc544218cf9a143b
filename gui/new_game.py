"""The new game screen: variant, seats (human or an AI level, names, colours), board set-up, seed and options."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.registry import LEVELS
from game.catan.board import check_layout_data
from game.catan.compact import Placement
from game.core.errors import InvalidPosition
from game.core.files import read_json_file
from game.core.options import OptionSpec
from game.core.registry import available_variants
from game.core.seats import Seat
from game.core.variant import Variant
from gui.backdrop import backdrop_for
from gui.dialogs import (
    GOLD, GOLD_DARK, PANEL, TEXT, TEXT_DIM, Cycler, Stepper, StyledButton, TextField, Toggle, WidgetScene,
    blit_text, draw_heading, ellipsize, fit_text, is_click, player_swatch, px,
)
from gui.fonts import font, wrap_text
from gui.layout_files import layout_files
from gui.levels import badge_size, draw_level_badge, level_description, level_id, levels_in_use
from gui.new_game_board import LAYOUT_MODE, NewGameBoards, choice_label, option_label
from gui.table.sprites import SpriteBook
from gui.widgets import draw_tooltip

if TYPE_CHECKING:
    from gui.app import App

NAME_LENGTH = 18
MAX_SEED = 999_999_999
#: The level a new AI seat starts with.
DEFAULT_AI = "normal"


@dataclass
class SeatDraft:
    """A seat being set up: its colour, name, controller, and whether the name still follows the colour."""

    color: str
    name: str
    controller: str
    auto_name: bool = True


class Swatch:
    """A player-colour button: a click picks the next colour nobody else has."""

    def __init__(self, rect: pygame.Rect, color: str, on_click: Callable[[], None]) -> None:
        self.rect = rect
        self.color = color
        self.on_click = on_click
        self.hovered = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Left click cycles the colour."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif is_click(event) and self.rect.collidepoint(event.pos):
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """A round swatch with a gold ring when hovered."""
        r = self.rect.height // 2
        center = self.rect.center
        pygame.draw.circle(surface, (10, 12, 16), (center[0] + 1, center[1] + 2), r)
        pygame.draw.circle(surface, player_swatch(self.color), center, r - 2)
        pygame.draw.circle(surface, GOLD if self.hovered else (20, 22, 28), center, r - 1, 2)


class InactiveOption:
    """An option control that has no effect with the other choices: drawn dimmed, deaf to input, with a reason."""

    enabled = False

    def __init__(self, control: Any, reason: str) -> None:
        self.control = control
        self.rect = pygame.Rect(control.rect)
        self.reason = reason
        self.hovered = False
        if hasattr(control, "enabled"):
            control.enabled = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Only the hover is tracked (for the tooltip); clicks on it are taken and do nothing."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        return is_click(event) and self.rect.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        """The control under a veil in the panel's colour."""
        self.control.draw(surface)
        veil = pygame.Surface(self.rect.inflate(4, 4).size, pygame.SRCALPHA)
        veil.fill((*PANEL, 150))
        surface.blit(veil, self.rect.inflate(4, 4).topleft)


class NewGameScene(NewGameBoards, WidgetScene):
    """Everything needed to start a game; Start calls variant.new_game and opens the table."""

    def __init__(self, app: App) -> None:

        self.backdrop = backdrop_for(app)
        self.variants: list[type[Variant]] = [v for v in available_variants() if v.family in app.table_families]
        self.variant_index = 0
        self.layouts = layout_files(app)
        self.layout_index = 0
        self.seed_field = TextField(pygame.Rect(0, 0, 10, 10), str(random.randrange(1, 1_000_000)), 9,
                                    allowed="0123456789")
        self.name_fields: list[TextField] = []
        self.seats: list[SeatDraft] = []
        self.board_mode = ""
        self.options: dict[str, Any] = {}
        self.labels: list[tuple[str, tuple[int, int], str, int, bool, int]] = []
        self.start_button: StyledButton | None = None
        self.preview_rect = pygame.Rect(0, 0, 0, 0)
        self._arrangement_key: Any = None
        self._arrangement: tuple[Placement, ...] | None = None
        # Why the chosen layout file gives no arrangement (its typed error's message), shown in the preview.
        self._arrangement_error: str | None = None
        self._preview: pygame.Surface | None = None
        self._preview_for: Any = None
        # The base game's board preview: the board the choices give, and why there is none when a choice fails.
        self._board_preview: pygame.Surface | None = None
        self._board_preview_for: Any = None
        self._board_error: str | None = None
        self._sprites: SpriteBook | None = None
        self.inactive_labels: set[str] = set()
        self.mouse = (-1, -1)
        self._reset_variant(app)
        self._lang = app.settings.lang
        super().__init__(app)

    # ------------------------------------------------------------ model

    @property
    def variant(self) -> type[Variant]:
        """The chosen variant class."""
        return self.variants[self.variant_index]

    def _reset_variant(self, app: App) -> None:
        """Default seats, board and options for the chosen variant."""
        v = self.variant
        count = max(v.min_players, min(4, v.max_players))
        defaults = v.default_seats(count)
        self.seats = [SeatDraft(s.color, app.t(f"color.{s.color}.player"), "human" if i == 0 else DEFAULT_AI)
                      for i, s in enumerate(defaults)]
        self.name_fields = [self._name_field(seat) for seat in self.seats]
        self.options = {spec.name: spec.default for spec in v.option_specs if spec.name != "board"}
        modes = self.board_modes()
        board = next((spec for spec in v.option_specs if spec.name == "board"), None)
        self.board_mode = board.default if board is not None else modes[0]

    def _name_field(self, seat: SeatDraft) -> TextField:
        def edited(text: str) -> None:
            seat.name = text
            seat.auto_name = False

        return TextField(pygame.Rect(0, 0, 10, 10), seat.name, NAME_LENGTH, on_change=edited)

    def board_modes(self) -> list[str]:
        """The board choices: the variant's "board" option values, plus a layout file (Catan) when there are any."""
        board = next((spec for spec in self.variant.option_specs if spec.name == "board"), None)
        modes = list(board.choices or ()) if board is not None else []
        if self.layouts and getattr(self.variant, "family", "") == "catan":
            modes.append(LAYOUT_MODE)
        return modes or [""]

    def controllers(self) -> list[str]:
        """Who can play a seat: a human or the computer at one of its levels (the test bot 'random' is left out)."""
        return ["human", *LEVELS]

    def controller_label(self, controller: str) -> str:
        """The translated label of a controller ('Computer – hard'; old aliases name their level)."""
        level = level_id(controller)
        return self.app.t(f"newgame.ai.{level}") if level else self.app.t("newgame.human")

    def next_color(self, index: int) -> None:
        """Give seat index the next colour of the variant that no other seat has."""
        colors = list(self.variant.colors)
        taken = {s.color for i, s in enumerate(self.seats) if i != index}
        seat = self.seats[index]
        start = colors.index(seat.color) if seat.color in colors else -1
        for k in range(1, len(colors) + 1):
            candidate = colors[(start + k) % len(colors)]
            if candidate not in taken:
                seat.color = candidate
                break
        if seat.auto_name:
            seat.name = self.app.t(f"color.{seat.color}.player")
            self.name_fields[index].set_text(seat.name)

    def add_seat(self) -> None:
        """Add a seat (an AI) with a free colour."""
        if len(self.seats) >= self.variant.max_players:
            return
        taken = {s.color for s in self.seats}
        color = next(c for c in self.variant.colors if c not in taken)
        seat = SeatDraft(color, self.app.t(f"color.{color}.player"), DEFAULT_AI)
        self.seats.append(seat)
        self.name_fields.append(self._name_field(seat))
        self.layout()

    def remove_seat(self, index: int) -> None:
        """Remove a seat while more than the minimum remain."""
        if len(self.seats) <= self.variant.min_players:
            return
        del self.seats[index]
        del self.name_fields[index]
        self.layout()

    def set_controller(self, index: int, controller: str) -> None:
        """Choose who plays a seat: 'human' or a level id."""
        self.seats[index].controller = controller

    def all_ai(self) -> None:
        """Make every human seat an AI (watch mode; seats keep their levels, humans become Normal)."""
        for seat in self.seats:
            if seat.controller == "human":
                seat.controller = DEFAULT_AI
        self.layout()

    def levels(self) -> list[str]:
        """The AI levels the seats have now, easiest first (each is described under the seats)."""
        return levels_in_use([seat.controller for seat in self.seats])

    def set_variant(self, index: int) -> None:
        """Switch to another variant (seats, board and options start from its defaults)."""
        self.variant_index = index
        self._reset_variant(self.app)
        self.layout()

    def set_board_mode(self, mode: str) -> None:
        """Choose the board set-up."""
        self.board_mode = mode
        self.layout()

    def set_option(self, name: str, value: Any) -> None:
        """Set one variant option (the controls are laid out again when that changes which options apply)."""
        specs = [spec for spec in self.variant.option_specs if spec.name != "board"]
        before = [self.option_applies(spec) for spec in specs]
        self.options[name] = value
        if [self.option_applies(spec) for spec in specs] != before:
            self.layout()

    def reroll_seed(self) -> None:
        """A new random seed."""
        self.seed_field.set_text(str(random.randrange(1, 1_000_000)))

    def build_seats(self) -> tuple[Seat, ...]:
        """The seats as the rules model wants them (an empty name becomes the colour's name)."""
        return tuple(Seat(s.name.strip() or self.app.t(f"color.{s.color}.player"), s.color, s.controller)
                     for s in self.seats)

    def seed(self) -> int:
        """The seed typed (0 when empty)."""
        text = self.seed_field.text.strip()
        return min(int(text), MAX_SEED) if text.isdigit() else 0

    def layout_label(self, path: Path) -> str:
        """A layout file as the board choice shows it: its name, marked when it is an experimental board."""
        try:
            data = read_json_file(path, InvalidPosition)
        except InvalidPosition:
            return path.stem
        experimental = isinstance(data, dict) and data.get("experimental") is True
        return self.app.t("newgame.layout_experimental", name=path.stem) if experimental else path.stem

    def build_game(self) -> Any:
        """Start the game from the choices; raise GameError, OSError or ValueError on a bad choice or file."""
        options = dict(self.options)
        layout = None
        if self.board_mode == LAYOUT_MODE:
            path = self.layouts[self.layout_index]
            layout = check_layout_data(read_json_file(path, InvalidPosition), str(path))
        elif self.board_mode:
            options["board"] = self.board_mode
        return self.variant.new_game(self.build_seats(), self.seed(), options, layout=layout)

    # ------------------------------------------------------------ layout

    def layout(self) -> None:
        """Two panels (players; board and options) and the bottom buttons."""
        if self._lang != self.app.settings.lang:
            # Names that still follow the colour follow the language too.
            self._lang = self.app.settings.lang
            for seat, field in zip(self.seats, self.name_fields):
                if seat.auto_name:
                    seat.name = self.app.t(f"color.{seat.color}.player")
                    field.set_text(seat.name)
        s = self.scale
        w, h = self.app.size
        t = self.app.t
        v = self.variant
        margin = px(48, s)
        gap = px(28, s)
        top = px(104, s)
        bottom = h - px(100, s)
        left_w = int((w - 2 * margin - gap) * 0.56)
        self.left = pygame.Rect(margin, top, left_w, bottom - top)
        self.right = pygame.Rect(self.left.right + gap, top, w - 2 * margin - gap - left_w, bottom - top)
        fs = px(18, s)
        ch = px(42, s)
        pad = px(24, s)
        self.labels = []
        widgets: list[Any] = []

        # Players panel
        x0 = self.left.x + pad
        inner_w = self.left.width - 2 * pad
        y = self.left.y + px(64, s)
        label_w = px(130, s)
        self.labels.append((t("newgame.variant"), (x0, y + ch // 2), "midleft", px(18, s), True, label_w - px(10, s)))
        widgets.append(Cycler(pygame.Rect(x0 + label_w, y, inner_w - label_w, ch), self.variants, self.variant_index,
                              lambda cls: t(cls.name_key) if self.app.translator.has(cls.name_key) else cls.id,
                              lambda cls: self.set_variant(self.variants.index(cls)), fs))
        y += ch + px(26, s)
        row_h = px(58, s)
        swatch = px(40, s)
        remove_w = px(40, s)
        can_remove = len(self.seats) > v.min_players
        ctrl_w = int((inner_w - swatch - remove_w - px(36, s)) * 0.45)
        name_w = inner_w - swatch - ctrl_w - remove_w - px(36, s)
        self.seat_rows: list[dict[str, Any]] = []
        for i, seat in enumerate(self.seats):
            cy = y + row_h // 2
            sw = Swatch(pygame.Rect(x0, cy - swatch // 2, swatch, swatch), seat.color,
                        lambda i=i: (self.next_color(i), self.layout()))
            field = self.name_fields[i]
            field.rect = pygame.Rect(x0 + swatch + px(12, s), cy - ch // 2, name_w, ch)
            field.font_size = fs
            ctrl = Cycler(pygame.Rect(field.rect.right + px(12, s), cy - ch // 2, ctrl_w, ch), self.controllers(),
                          self.controllers().index(seat.controller) if seat.controller in self.controllers() else 0,
                          self.controller_label, lambda c, i=i: self.set_controller(i, c), fs)
            row = {"swatch": sw, "name": field, "controller": ctrl}
            widgets.extend([sw, field, ctrl])
            if can_remove:
                rm = StyledButton(pygame.Rect(ctrl.rect.right + px(12, s), cy - ch // 2, remove_w, ch), "×",
                                  lambda i=i: self.remove_seat(i), "danger", font_size=px(22, s),
                                  tooltip=t("newgame.remove_player"))
                row["remove"] = rm
                widgets.append(rm)
            self.seat_rows.append(row)
            y += row_h
        y += px(10, s)
        bw = (inner_w - px(12, s)) // 2
        self.add_button = StyledButton(pygame.Rect(x0, y, bw, ch), t("newgame.add_player"), self.add_seat,
                                       enabled=len(self.seats) < v.max_players, font_size=fs)
        self.all_ai_button = StyledButton(pygame.Rect(x0 + bw + px(12, s), y, bw, ch), t("newgame.all_ai"),
                                          self.all_ai, font_size=fs)
        widgets.extend([self.add_button, self.all_ai_button])
        self.players_hint_y = y + ch + px(16, s)

        # Board and options panel
        x1 = self.right.x + pad
        inner_r = self.right.width - 2 * pad
        label_r = int(inner_r * 0.5)
        limit = label_r - px(12, s)
        control_w = inner_r - label_r
        xc = x1 + label_r
        y = self.right.y + px(64, s)
        modes = self.board_modes()
        mode_index = modes.index(self.board_mode) if self.board_mode in modes else 0
        if modes != [""]:  # games without a board (Rivals, the card game) have no set-up to choose
            self.labels.append((t("newgame.board"), (x1, y + ch // 2), "midleft", fs, False, limit))
            widgets.append(Cycler(pygame.Rect(xc, y, control_w, ch), modes, mode_index,
                                  lambda m: t("newgame.board.layout") if m == LAYOUT_MODE
                                  else choice_label(self.app, "board", m), self.set_board_mode, fs))
            y += ch + px(12, s)
        if self.board_mode == LAYOUT_MODE and self.layouts:
            self.labels.append((t("newgame.layout_file"), (x1, y + ch // 2), "midleft", fs, False, limit))
            widgets.append(Cycler(pygame.Rect(xc, y, control_w, ch), self.layouts, self.layout_index,
                                  self.layout_label, lambda p: setattr(self, "layout_index", self.layouts.index(p)),
                                  fs))
            y += ch + px(12, s)
        self.labels.append((t("newgame.seed"), (x1, y + ch // 2), "midleft", fs, False, limit))
        reroll_w = px(112, s)
        self.seed_field.rect = pygame.Rect(xc, y, control_w - reroll_w - px(10, s), ch)
        self.seed_field.font_size = fs
        widgets.append(self.seed_field)
        widgets.append(StyledButton(pygame.Rect(self.seed_field.rect.right + px(10, s), y, reroll_w, ch),
                                    t("newgame.reroll"), self.reroll_seed, font_size=px(16, s)))
        y += ch + px(12, s)
        specs = [spec for spec in v.option_specs if spec.name != "board"]
        if self.is_compact:
            y = self._layout_arrangement(widgets, x1, y, inner_r, fs)
        elif self.has_board_preview:
            # the preview takes what the options leave over, between a small and the compact preview's size
            spare = self.right.bottom - y - px(54, s) - len(specs) * px(34, s)
            y = self._layout_board_preview(widgets, x1, y, inner_r, max(px(120, s), min(px(228, s), spare)))
        y += px(28, s)
        self.options_heading_y = y - px(30, s)
        room = self.right.bottom - y - px(12, s)
        opt_h = max(px(34, s), min(ch + px(10, s), room // max(1, len(specs))))
        oh = min(ch, opt_h - px(6, s))
        self.inactive_labels = set()
        for spec in specs:
            label = option_label(self.app, spec)
            self.labels.append((label, (x1, y + oh // 2), "midleft", fs, False, limit))
            control = self._option_control(spec, pygame.Rect(xc, y, control_w, oh), fs)
            if not self.option_applies(spec):
                control = InactiveOption(control, self.inactive_reason(spec))
                self.inactive_labels.add(label)
            widgets.append(control)
            y += opt_h

        # Bottom buttons
        bw, bh = px(220, s), px(52, s)
        by = h - px(24, s) - bh
        self.back_button = StyledButton(pygame.Rect(margin, by, bw, bh), t("app.back"), self.back,
                                        font_size=px(20, s))
        self.start_button = StyledButton(pygame.Rect(w - margin - bw, by, bw, bh), t("newgame.start"), self.start,
                                         "primary", font_size=px(20, s))
        widgets.extend([self.back_button, self.start_button])
        self.widgets = widgets

    def _layout_arrangement(self, widgets: list[Any], x: int, y: int, width: int, fs: int) -> int:
        """The compact board's preview with its two buttons beside it; returns the y below."""
        s = self.scale
        h = px(228, s)
        self.preview_rect = pygame.Rect(x, y, min(int(h * 1.16), width * 11 // 20), h)
        bx = self.preview_rect.right + px(16, s)
        bw = x + width - bx
        bh = px(38, s)
        self.arrangement_caption = (bx, y)
        by = y + px(30, s)
        self.new_arrangement_button = StyledButton(pygame.Rect(bx, by, bw, bh), self.app.t("newgame.new_arrangement"),
                                                   self.new_arrangement, font_size=px(16, s))
        self.save_layout_button = StyledButton(pygame.Rect(bx, by + bh + px(10, s), bw, bh),
                                               self.app.t("newgame.save_layout"), self.save_layout,
                                               font_size=px(16, s))
        widgets.extend([self.new_arrangement_button, self.save_layout_button])
        self.arrangement_hint_y = by + 2 * bh + px(20, s)
        self._preview_for = None
        self.update(0.0)
        return y + h + px(14, s)

    def _layout_board_preview(self, widgets: list[Any], x: int, y: int, width: int, h: int) -> int:
        """The base game's board preview with a button for another variable board beside it; returns the y below."""
        s = self.scale
        self.preview_rect = pygame.Rect(x, y, min(int(h * 1.16), width * 11 // 20), h)
        bx = self.preview_rect.right + px(16, s)
        self.arrangement_caption = (bx, y)
        by = y + px(30, s)
        bh = px(38, s)
        self.new_board_button = StyledButton(pygame.Rect(bx, by, x + width - bx, bh), self.app.t("newgame.new_board"),
                                             self.new_arrangement, font_size=px(16, s),
                                             tooltip=self.app.t("newgame.new_board_tip"))
        widgets.append(self.new_board_button)
        self.arrangement_hint_y = by + bh + px(12, s)
        self._board_preview_for = None
        self._update_board_preview()
        return y + h + px(14, s)

    def _option_control(self, spec: OptionSpec, rect: pygame.Rect, fs: int) -> Any:
        """A toggle, stepper or cycler for one option."""
        value = self.options[spec.name]
        setter = lambda v, name=spec.name: self.set_option(name, v)  # noqa: E731
        if spec.type is bool:
            return Toggle(pygame.Rect(rect.x, rect.y + rect.height // 8, rect.width, rect.height * 3 // 4), value,
                          setter, (self.app.t("app.off"), self.app.t("app.on")))
        if spec.choices:
            choices = list(spec.choices)
            return Cycler(rect, choices, choices.index(value) if value in choices else 0,
                          lambda c, name=spec.name: choice_label(self.app, name, c), setter, fs)
        if spec.type is int:
            return Stepper(pygame.Rect(rect.x, rect.y, min(rect.width, rect.height * 4), rect.height), value,
                           spec.minimum, spec.maximum, setter, fs)
        field = TextField(rect, str(value), 24, on_change=setter)
        field.font_size = fs
        return field

    def description(self) -> list[str]:
        """Paragraphs about the chosen variant and board set-up."""
        t = self.app.t
        out = []
        key = f"{self.variant.name_key}.desc"
        if self.app.translator.has(key):
            out.append(t(key))
        for board_key in (f"newgame.board_desc.{self.variant.id}.{self.board_mode}",
                          f"newgame.board_desc.{self.board_mode}"):
            if self.app.translator.has(board_key):
                out.append(t(board_key))
                break
        return out

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter (outside a text field) starts the game."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = tuple(event.pos)
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.focused_field() is None):
            self.start()
            return True
        return super().handle_event(event)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, the two panels with their headings, labels and controls."""
        w, h = surface.get_size()
        s = self.scale
        surface.blit(self.backdrop.surface((w, h)), (0, 0))
        draw_heading(surface, self.app.t("newgame.title"), (w // 2, px(24, s)), px(36, s))
        right_key = "newgame.board_and_rules" if any(self.board_modes()) else "newgame.game_and_rules"
        for rect, key in ((self.left, "newgame.players"), (self.right, right_key)):
            self.panels.draw(surface, rect, PANEL, 232, 14, GOLD_DARK)
            blit_text(surface, self.app.t(key), px(22, s), GOLD, (rect.x + px(24, s), rect.y + px(20, s)),
                      bold=True)
        blit_text(surface, self.app.t("newgame.options"), px(19, s), GOLD,
                  (self.right.x + px(24, s), self.options_heading_y), bold=True)
        pygame.draw.line(surface, GOLD_DARK, (self.right.x + px(24, s), self.options_heading_y + px(26, s)),
                         (self.right.right - px(24, s), self.options_heading_y + px(26, s)))
        if not [spec for spec in self.variant.option_specs if spec.name != "board"]:
            blit_text(surface, self.app.t("newgame.no_options"), px(15, s), TEXT_DIM,
                      (self.right.x + px(24, s), self.options_heading_y + px(40, s)))
        for text, pos, anchor, size, bold, limit in self.labels:
            size = max(size - 3, fit_text(text, size, limit, bold))
            color = TEXT_DIM if text in self.inactive_labels else TEXT
            blit_text(surface, ellipsize(text, size, limit, bold), size, color, pos, anchor, bold=bold)
        v = self.variant
        hint = (self.app.t("newgame.players_hint_fixed", count=v.min_players) if v.min_players == v.max_players
                else self.app.t("newgame.players_hint", min=v.min_players, max=v.max_players))
        x = self.left.x + px(24, s)
        width = self.left.width - px(48, s)
        y = self.players_hint_y
        for line in wrap_text(hint, px(15, s), width):
            blit_text(surface, line, px(15, s), TEXT_DIM, (x, y))
            y += font(px(15, s)).get_linesize()
        y = self._draw_levels(surface, x, y + px(6, s), width)
        y += px(20, s)
        if y + px(60, s) < self.left.bottom:
            pygame.draw.line(surface, GOLD_DARK, (x, y), (x + width, y))
            y += px(14, s)
            blit_text(surface, self.app.t("newgame.about"), px(19, s), GOLD, (x, y), bold=True)
            y += px(32, s)
            size = px(16, s)
            line_h = font(size).get_linesize()
            bottom = self.left.bottom - px(12, s)
            for paragraph in self.description():
                lines = wrap_text(paragraph, size, width)
                room = max(0, (bottom - y) // line_h)
                if room < len(lines):  # a paragraph cut short ends in an ellipsis
                    lines = lines[:room]
                    if lines:
                        lines[-1] = ellipsize(lines[-1].rstrip(" ,;:") + " …", size, width)
                for line in lines:
                    blit_text(surface, line, size, TEXT, (x, y))
                    y += line_h
                y += px(8, s)
        if self.is_compact:
            self._draw_arrangement(surface)
        elif self.has_board_preview:
            self._draw_board_preview(surface)
        self.draw_widgets(surface)
        self._draw_tooltip(surface)

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        """The reason under the mouse when it rests on an option that has no effect (or a button's tooltip)."""
        for widget in self.widgets:
            if not widget.rect.collidepoint(self.mouse):
                continue
            tip = widget.reason if isinstance(widget, InactiveOption) else getattr(widget, "tooltip", "")
            if tip:
                draw_tooltip(surface, tip, self.mouse)
            return

    def board_hint(self) -> str:
        """The line under the preview's caption: what decides the board shown."""
        if self.board_mode == LAYOUT_MODE:
            return self.app.t("newgame.preview_hint.layout")
        if self.board_mode == "variable":
            return self.app.t("newgame.preview_hint.variable", seed=self.seed())
        return self.app.t("newgame.preview_hint.beginner")

    def _draw_board_preview(self, surface: pygame.Surface) -> None:
        """The base game's board as these choices start it, its caption and what decides it."""
        s = self.scale
        rect = self.preview_rect
        pygame.draw.rect(surface, (20, 24, 31), rect, border_radius=px(8, s))
        if self._board_preview is not None:
            surface.blit(self._board_preview, rect.topleft)
            pygame.draw.rect(surface, GOLD_DARK, rect, 1, border_radius=px(8, s))
        elif self._board_error is not None:
            self._draw_arrangement_error(surface, rect, self._board_error)
        bx, by = self.arrangement_caption
        width = self.right.right - px(24, s) - bx
        caption = self.app.t("newgame.board_preview")
        blit_text(surface, caption, fit_text(caption, px(17, s), width, True), GOLD, (bx, by), bold=True)
        y = self.arrangement_hint_y
        for line in wrap_text(self.board_hint(), px(14, s), width):
            if y + px(14, s) > rect.bottom + px(4, s):
                break
            blit_text(surface, line, px(14, s), TEXT_DIM, (bx, y))
            y += font(px(14, s)).get_linesize()

    def _draw_levels(self, surface: pygame.Surface, x: int, y: int, width: int) -> int:
        """One line per AI level the seats have: its badge and what it does; returns the y below."""
        s = self.scale
        t = self.app.t
        size = px(15, s)
        badge_fs = px(14, s)
        line_h = max(font(size).get_linesize(), badge_size(t, "normal", badge_fs)[1]) + px(4, s)
        badge_w = max(badge_size(t, level, badge_fs)[0] for level in (*LEVELS, "random"))
        for level in self.levels():
            if y + line_h > self.left.bottom - px(12, s):
                break
            cy = y + line_h // 2
            draw_level_badge(surface, t, level, (x + badge_w // 2, cy), badge_fs, "center")
            tx = x + badge_w + px(10, s)
            text = level_description(t, level)
            blit_text(surface, ellipsize(text, size, x + width - tx), size, TEXT, (tx, cy), "midleft")
            y += line_h
        return y

    def _draw_arrangement_error(self, surface: pygame.Surface, rect: pygame.Rect, error: str) -> None:
        """In place of the preview: that the layout file cannot be used, and the problem the rules named."""
        s = self.scale
        pad = px(10, s)
        width = rect.width - 2 * pad
        y = rect.y + pad
        for line in wrap_text(self.app.t("newgame.arrangement_unreadable"), px(15, s), width, True):
            blit_text(surface, line, px(15, s), GOLD, (rect.x + pad, y), bold=True)
            y += font(px(15, s), True).get_linesize()
        y += px(4, s)
        for line in wrap_text(error, px(13, s), width):
            if y + font(px(13, s)).get_linesize() > rect.bottom - pad:
                break
            blit_text(surface, ellipsize(line, px(13, s), width), px(13, s), TEXT_DIM, (rect.x + pad, y))
            y += font(px(13, s)).get_linesize()

    def _draw_arrangement(self, surface: pygame.Surface) -> None:
        """The preview of the parts, its caption and the hint on the sides' colours."""
        s = self.scale
        rect = self.preview_rect
        pygame.draw.rect(surface, (20, 24, 31), rect, border_radius=px(8, s))
        if self._preview is not None:
            surface.blit(self._preview, rect.topleft)
        elif self._arrangement_error is not None:
            self._draw_arrangement_error(surface, rect, self._arrangement_error)
        else:
            blit_text(surface, self.app.t("newgame.arrangement_none"), px(14, s), TEXT_DIM, rect.center, "center")
        bx, by = self.arrangement_caption
        width = self.right.right - px(24, s) - bx
        caption = self.app.t("newgame.arrangement")
        size = fit_text(caption, px(17, s), width, True)
        blit_text(surface, caption, size, GOLD, (bx, by), bold=True)
        y = self.arrangement_hint_y
        for line in wrap_text(self.app.t("newgame.arrangement_hint"), px(14, s), width):
            if y + px(14, s) > rect.bottom + px(4, s):
                break
            blit_text(surface, line, px(14, s), TEXT_DIM, (bx, y))
            y += font(px(14, s)).get_linesize()
