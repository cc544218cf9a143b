"""Form controls and the modal dialog base shared by the menus and dialogs (slate panels, gold accents)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from gui.fonts import font, render_text
from gui.scene import Scene
from gui.widgets import ACCENT, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, Button, FocusRing

if TYPE_CHECKING:
    from gui.app import App

Color = tuple[int, int, int]

BACKGROUND: Color = (22, 26, 34)
SLATE: Color = (50, 58, 74)
SLATE_HOVER: Color = (64, 75, 96)
INSET: Color = (20, 24, 31)
GOLD: Color = ACCENT
GOLD_HOVER: Color = (246, 202, 104)
GOLD_DARK: Color = (150, 112, 40)
INK: Color = (34, 27, 18)
DISABLED: Color = (52, 56, 64)
SELECTED: Color = (88, 74, 44)
DANGER: Color = (168, 64, 56)
SHADOW: Color = (8, 10, 14)

# Colours of the players' pieces as swatches (the art's palette, readable on slate).
PLAYER_SWATCH: dict[str, Color] = {
    "red": (206, 52, 52), "blue": (52, 108, 200), "white": (236, 234, 226), "orange": (236, 140, 40),
    "green": (62, 150, 72), "brown": (140, 92, 52),
}


def ui_scale(size: tuple[int, int], factor: float = 1.0) -> float:
    """A layout scale factor: 1.0 at 1600x900, limited so tiny or huge windows stay usable; factor is the player's
    UI scale setting (above 1 it grows at most a quarter past what fits, so layouts stay inside the window)."""
    w, h = size
    fit = min(w / 1600, h / 900)
    base = max(0.55, min(1.6, fit))
    if factor == 1.0:
        return base
    return max(0.45, min(base * factor, max(base, fit * 1.25), 2.0))


def px(value: float, scale: float) -> int:
    """A pixel length scaled by the UI scale (at least 1)."""
    return max(1, round(value * scale))


def fit_text(text: str, size: int, width: int, bold: bool = False, family: str = "regular") -> int:
    """The largest font size not above `size` at which text fits in width pixels (at least 8)."""
    while size > 8 and font(size, bold, family).size(text)[0] > width:
        size -= 1
    return size


def ellipsize(text: str, size: int, width: int, bold: bool = False, family: str = "regular") -> str:
    """Text shortened with an ellipsis so it fits in width pixels at this size."""
    f = font(size, bold, family)
    if f.size(text)[0] <= width:
        return text
    # Binary search for the longest prefix that fits with the ellipsis: a few measurements even for huge text.
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if f.size(text[:mid] + "…")[0] <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low] + "…"


def blit_text(surface: pygame.Surface, text: str, size: int, color: Color, pos: tuple[int, int],
              anchor: str = "topleft", bold: bool = False, family: str = "regular",
              shadow: bool = False) -> pygame.Rect:
    """Draw one line of text anchored at pos (any pygame.Rect anchor name); return its rect."""
    image = render_text(text, size, color, bold, family)
    rect = image.get_rect(**{anchor: pos})
    if shadow:
        back = render_text(text, size, SHADOW, bold, family)
        offset = max(1, size // 14)
        surface.blit(back, rect.move(offset, offset))
    surface.blit(image, rect)
    return rect


def dim(surface: pygame.Surface, keep: int = 105) -> None:
    """Darken the whole surface behind a modal dialog (multiplies every pixel by keep/255)."""
    surface.fill((keep, keep, min(255, keep + 6)), special_flags=pygame.BLEND_RGB_MULT)


class PanelPainter:
    """Draws rounded translucent panels, keeping each rendered panel for reuse (one per scene)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, color: Color = PANEL, alpha: int = 235,
             radius: int = 12, edge: Color | None = None) -> None:
        """Blit a panel of rect's size (rendered once per size and style) with an optional edge colour."""
        key = (rect.size, color, alpha, radius, edge)
        panel = self._cache.get(key)
        if panel is None:
            if len(self._cache) > 32:
                self._cache.clear()
            panel = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(panel, (*color, alpha), panel.get_rect(), border_radius=radius)
            pygame.draw.rect(panel, (*(edge or PANEL_EDGE), 255), panel.get_rect(), 1, border_radius=radius)
            self._cache[key] = panel
        surface.blit(panel, rect.topleft)


def draw_heading(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
                 anchor: str = "midtop") -> pygame.Rect:
    """A gold heading with a soft shadow and a thin rule under it."""
    rect = blit_text(surface, text, size, GOLD, pos, anchor, bold=True, shadow=True)
    y = rect.bottom + max(2, size // 6)
    pygame.draw.line(surface, GOLD_DARK, (rect.left, y), (rect.right, y), max(1, size // 18))
    return rect


def is_click(event: pygame.event.Event) -> bool:
    """Whether the event is a left mouse button press."""
    return event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1


def _lighter(color: Color, amount: int) -> Color:
    return (min(255, color[0] + amount), min(255, color[1] + amount), min(255, color[2] + amount))


class StyledButton(Button):
    """A Button in the app's look: 'primary' (gold), 'secondary' (slate) or 'danger' (red)."""

    def __init__(self, rect: pygame.Rect, label: str, on_click: Callable[[], None], style: str = "secondary",
                 enabled: bool = True, hotkey: int | None = None, font_size: int = 18, tooltip: str = "") -> None:
        super().__init__(rect, label, on_click, enabled=enabled, hotkey=hotkey, font_size=font_size,
                         tooltip=tooltip)
        self.style = style

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the button with a slight bevel; gold border when hovered."""
        radius = max(4, self.rect.height // 5)
        if not self.enabled:
            fill, text_color, edge = DISABLED, TEXT_DIM, DISABLED
        elif self.style == "primary":
            fill, text_color, edge = (GOLD_HOVER if self.hovered else GOLD), INK, GOLD_DARK
        elif self.style == "danger":
            fill, text_color, edge = ((190, 80, 70) if self.hovered else DANGER), TEXT, (110, 40, 36)
        else:
            fill, text_color, edge = (SLATE_HOVER if self.hovered else SLATE), TEXT, (GOLD if self.hovered else PANEL_EDGE)
        shadow = self.rect.move(0, max(2, self.rect.height // 14))
        pygame.draw.rect(surface, SHADOW, shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if self.enabled:
            # A thin light line under the top edge gives a slight bevel.
            pygame.draw.line(surface, _lighter(fill, 28), (self.rect.x + radius, self.rect.y + 1),
                             (self.rect.right - radius, self.rect.y + 1), max(1, self.rect.height // 24))
        pygame.draw.rect(surface, edge, self.rect, max(1, self.rect.height // 30), border_radius=radius)
        size = fit_text(self.label, self.font_size, self.rect.width - 16, True)
        blit_text(surface, self.label, size, text_color, self.rect.center, "center", bold=True)


class TextField:
    """A one-line text input; it takes typed text (TEXTINPUT) while focused."""

    def __init__(self, rect: pygame.Rect, text: str = "", max_length: int = 32, allowed: str | None = None,
                 on_submit: Callable[[], None] | None = None, on_change: Callable[[str], None] | None = None,
                 font_size: int = 18, placeholder: str = "") -> None:
        self.rect = rect
        self.text = text
        self.max_length = max_length
        self.allowed = allowed
        self.on_submit = on_submit
        self.on_change = on_change
        self.font_size = font_size
        self.placeholder = placeholder
        self.focused = False
        self.caret = len(text)

    def set_text(self, text: str) -> None:
        """Replace the text (caret to the end), without calling on_change."""
        self.text = text[: self.max_length]
        self.caret = len(self.text)

    def _edit(self, text: str, caret: int) -> None:
        if text != self.text:
            self.text = text
            self.caret = caret
            if self.on_change is not None:
                self.on_change(text)
        else:
            self.caret = caret

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Focus on click, insert typed text, edit keys; True when consumed."""
        if is_click(event):
            self.focused = self.rect.collidepoint(event.pos)
            if self.focused:
                self.caret = len(self.text)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            typed = "".join(c for c in event.text if c.isprintable() and (self.allowed is None or c in self.allowed))
            room = self.max_length - len(self.text)
            typed = typed[: max(0, room)]
            if typed:
                self._edit(self.text[: self.caret] + typed + self.text[self.caret:], self.caret + len(typed))
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_BACKSPACE:
                if self.caret > 0:
                    self._edit(self.text[: self.caret - 1] + self.text[self.caret:], self.caret - 1)
            elif key == pygame.K_DELETE:
                self._edit(self.text[: self.caret] + self.text[self.caret + 1:], self.caret)
            elif key == pygame.K_LEFT:
                self.caret = max(0, self.caret - 1)
            elif key == pygame.K_RIGHT:
                self.caret = min(len(self.text), self.caret + 1)
            elif key == pygame.K_HOME:
                self.caret = 0
            elif key == pygame.K_END:
                self.caret = len(self.text)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_submit is not None:
                    self.on_submit()
            elif key in (pygame.K_ESCAPE, pygame.K_TAB):
                return False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the inset box, the text (scrolled to keep the caret visible) and a blinking caret."""
        radius = max(3, self.rect.height // 6)
        pygame.draw.rect(surface, INSET, self.rect, border_radius=radius)
        pygame.draw.rect(surface, GOLD if self.focused else PANEL_EDGE, self.rect, 2 if self.focused else 1,
                         border_radius=radius)
        pad = max(6, self.rect.height // 4)
        inner = self.rect.inflate(-2 * pad, -4)
        f = font(self.font_size)
        if not self.text and not self.focused and self.placeholder:
            blit_text(surface, ellipsize(self.placeholder, self.font_size, inner.width), self.font_size, TEXT_DIM,
                      (inner.x, self.rect.centery), "midleft")
            return
        caret_x = f.size(self.text[: self.caret])[0]
        shift = max(0, caret_x - inner.width + 2)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        image = render_text(self.text, self.font_size, TEXT)
        surface.blit(image, (inner.x - shift, self.rect.centery - image.get_height() // 2))
        if self.focused and (pygame.time.get_ticks() // 530) % 2 == 0:
            x = inner.x - shift + caret_x
            h = f.get_height()
            pygame.draw.line(surface, GOLD, (x, self.rect.centery - h // 2), (x, self.rect.centery + h // 2), 2)
        surface.set_clip(clip)


class Cycler:
    """A value picker: '‹ value ›'; a click on the left or right half steps back or forward."""

    def __init__(self, rect: pygame.Rect, values: Sequence[Any], index: int, label_of: Callable[[Any], str],
                 on_change: Callable[[Any], None], font_size: int = 18, enabled: bool = True) -> None:
        self.rect = rect
        self.values = list(values)
        self.index = index if 0 <= index < len(self.values) else 0
        self.label_of = label_of
        self.on_change = on_change
        self.font_size = font_size
        self.enabled = enabled and len(self.values) > 1
        self.hovered = False

    @property
    def value(self) -> Any:
        """The value shown."""
        return self.values[self.index]

    def step(self, delta: int) -> None:
        """Move to the next (+1) or previous (-1) value and report it."""
        if not self.enabled:
            return
        self.index = (self.index + delta) % len(self.values)
        self.on_change(self.values[self.index])

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks step the value (right mouse button steps back); the wheel steps too."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if event.button == 1:
                self.step(-1 if event.pos[0] < self.rect.x + self.rect.height else 1)
            elif event.button == 3:
                self.step(-1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the box, the arrows and the current value."""
        radius = max(3, self.rect.height // 6)
        fill = SLATE_HOVER if self.hovered and self.enabled else SLATE
        pygame.draw.rect(surface, fill if self.enabled else DISABLED, self.rect, border_radius=radius)
        pygame.draw.rect(surface, GOLD if self.hovered and self.enabled else PANEL_EDGE, self.rect, 1,
                         border_radius=radius)
        arrow_color = GOLD if self.enabled else TEXT_DIM
        h = self.rect.height
        blit_text(surface, "‹", self.font_size + 4, arrow_color, (self.rect.x + h // 2, self.rect.centery - 2),
                  "center", bold=True)
        blit_text(surface, "›", self.font_size + 4, arrow_color, (self.rect.right - h // 2, self.rect.centery - 2),
                  "center", bold=True)
        label = self.label_of(self.value)
        width = self.rect.width - 2 * h
        size = fit_text(label, self.font_size, width)
        blit_text(surface, ellipsize(label, size, width), size, TEXT if self.enabled else TEXT_DIM,
                  self.rect.center, "center")


class Toggle:
    """An on/off switch."""

    def __init__(self, rect: pygame.Rect, value: bool, on_change: Callable[[bool], None],
                 labels: tuple[str, str] = ("", "")) -> None:
        self.rect = rect
        self.value = value
        self.on_change = on_change
        self.labels = labels  # (off, on) text shown beside the switch
        self.hovered = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click flips the value."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif is_click(event) and self.rect.collidepoint(event.pos):
            self.value = not self.value
            self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw a pill switch (gold when on) and its label."""
        h = self.rect.height
        track = pygame.Rect(self.rect.x, self.rect.y + h // 8, int(h * 1.9), h - h // 4)
        pygame.draw.rect(surface, GOLD if self.value else INSET, track, border_radius=track.height // 2)
        pygame.draw.rect(surface, GOLD if self.hovered else PANEL_EDGE, track, 1, border_radius=track.height // 2)
        r = track.height // 2 - 3
        cx = track.right - track.height // 2 if self.value else track.x + track.height // 2
        pygame.draw.circle(surface, TEXT if self.value else TEXT_DIM, (cx, track.centery), max(2, r))
        text = self.labels[1] if self.value else self.labels[0]
        if text:
            size = max(10, int(h * 0.55))
            blit_text(surface, text, size, TEXT, (track.right + h // 3, self.rect.centery), "midleft")


class Stepper:
    """A whole number with − and + buttons, kept within [minimum, maximum]."""

    def __init__(self, rect: pygame.Rect, value: int, minimum: int | None, maximum: int | None,
                 on_change: Callable[[int], None], font_size: int = 18) -> None:
        self.rect = rect
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.on_change = on_change
        self.font_size = font_size
        h = rect.height
        self.minus = pygame.Rect(rect.x, rect.y, h, h)
        self.plus = pygame.Rect(rect.right - h, rect.y, h, h)
        self.hovered = False

    def _set(self, value: int) -> None:
        if self.minimum is not None:
            value = max(self.minimum, value)
        if self.maximum is not None:
            value = min(self.maximum, value)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks on − and + change the value; the wheel over the control too."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if is_click(event):
            if self.minus.collidepoint(event.pos):
                self._set(self.value - 1)
                return True
            if self.plus.collidepoint(event.pos):
                self._set(self.value + 1)
                return True
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self._set(self.value + (1 if event.y > 0 else -1))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw − value +."""
        radius = max(3, self.rect.height // 6)
        pygame.draw.rect(surface, INSET, self.rect, border_radius=radius)
        pygame.draw.rect(surface, PANEL_EDGE, self.rect, 1, border_radius=radius)
        for rect, sign, live in ((self.minus, "−", self.minimum is None or self.value > self.minimum),
                                 (self.plus, "+", self.maximum is None or self.value < self.maximum)):
            pygame.draw.rect(surface, SLATE if live else DISABLED, rect.inflate(-4, -4), border_radius=radius)
            blit_text(surface, sign, self.font_size + 2, GOLD if live else TEXT_DIM, rect.center, "center", bold=True)
        blit_text(surface, str(self.value), self.font_size, TEXT, self.rect.center, "center", bold=True)


@dataclass
class ListRow:
    """One row of a ListBox: its cells (texts) and the value it stands for."""

    cells: tuple[str, ...]
    value: Any
    color: Color | None = None


@dataclass
class ListBox:
    """A scrollable list of rows with columns; click selects, double click or Enter activates."""

    rect: pygame.Rect
    rows: list[ListRow]
    columns: tuple[float, ...] = (1.0,)
    on_select: Callable[[Any], None] | None = None
    on_activate: Callable[[Any], None] | None = None
    font_size: int = 17
    row_height: int = 30
    header: tuple[str, ...] = ()
    empty_text: str = ""
    selected: int = -1
    scroll: int = 0
    hovered: bool = False
    _last_click: tuple[int, int] = field(default=(-1, -10_000), init=False)

    @property
    def body(self) -> pygame.Rect:
        """The part of the rect that holds rows (below the header)."""
        top = self.row_height if self.header else 0
        return pygame.Rect(self.rect.x, self.rect.y + top, self.rect.width, self.rect.height - top)

    @property
    def visible_rows(self) -> int:
        """How many rows fit."""
        return max(1, self.body.height // self.row_height)

    def clamp_scroll(self) -> None:
        """Keep the scroll offset within the rows."""
        self.scroll = max(0, min(self.scroll, len(self.rows) - self.visible_rows))

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row index is drawn now (may be outside the body when scrolled away)."""
        body = self.body
        return pygame.Rect(body.x, body.y + (index - self.scroll) * self.row_height, body.width - 10, self.row_height)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The row under pos, if any."""
        if not self.body.collidepoint(pos):
            return None
        index = self.scroll + (pos[1] - self.body.y) // self.row_height
        return index if 0 <= index < len(self.rows) else None

    def select(self, index: int) -> None:
        """Select a row (scrolling it into view) and report its value."""
        if not self.rows:
            return
        index = max(0, min(index, len(self.rows) - 1))
        self.selected = index
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + self.visible_rows:
            self.scroll = index - self.visible_rows + 1
        self.clamp_scroll()
        if self.on_select is not None:
            self.on_select(self.rows[index].value)

    @property
    def value(self) -> Any:
        """The selected row's value, or None."""
        return self.rows[self.selected].value if 0 <= self.selected < len(self.rows) else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Click to select, double click to activate, wheel to scroll, arrows and Enter."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if is_click(event) and self.rect.collidepoint(event.pos):
            index = self.index_at(event.pos)
            if index is not None:
                now = pygame.time.get_ticks()
                double = self._last_click[0] == index and now - self._last_click[1] < 400
                self._last_click = (index, now)
                self.select(index)
                if double and self.on_activate is not None:
                    self.on_activate(self.rows[index].value)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.scroll -= event.y * 2
            self.clamp_scroll()
            return True
        if event.type == pygame.KEYDOWN and self.rows:
            if event.key == pygame.K_DOWN:
                self.select(self.selected + 1)
                return True
            if event.key == pygame.K_UP:
                self.select(max(0, self.selected - 1))
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.value is not None and self.on_activate:
                self.on_activate(self.value)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the header, the visible rows (selected in gold) and a scrollbar."""
        self.clamp_scroll()
        radius = 6
        pygame.draw.rect(surface, INSET, self.rect, border_radius=radius)
        pygame.draw.rect(surface, PANEL_EDGE, self.rect, 1, border_radius=radius)
        widths = self._column_widths()
        if self.header:
            x = self.rect.x + 10
            for text, w in zip(self.header, widths):
                blit_text(surface, ellipsize(text, self.font_size - 2, w - 8, True), self.font_size - 2, TEXT_DIM,
                          (x, self.rect.y + self.row_height // 2), "midleft", bold=True)
                x += w
            y = self.rect.y + self.row_height - 1
            pygame.draw.line(surface, PANEL_EDGE, (self.rect.x + 6, y), (self.rect.right - 6, y))
        if not self.rows:
            if self.empty_text:
                blit_text(surface, self.empty_text, self.font_size, TEXT_DIM, self.body.center, "center")
            return
        clip = surface.get_clip()
        surface.set_clip(self.body.inflate(-2, -2).clip(clip) if clip else self.body.inflate(-2, -2))
        for index in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows)):
            row = self.rows[index]
            rect = self.row_rect(index)
            if index == self.selected:
                pygame.draw.rect(surface, SELECTED, rect.inflate(-4, -2), border_radius=4)
                pygame.draw.rect(surface, GOLD, rect.inflate(-4, -2), 1, border_radius=4)
            elif index % 2:
                pygame.draw.rect(surface, (27, 32, 41), rect.inflate(-4, -2), border_radius=4)
            x = rect.x + 10
            for cell, w in zip(row.cells, widths):
                color = row.color or TEXT
                blit_text(surface, ellipsize(cell, self.font_size, w - 8), self.font_size, color,
                          (x, rect.centery), "midleft")
                x += w
        surface.set_clip(clip)
        if len(self.rows) > self.visible_rows:
            body = self.body
            track = pygame.Rect(body.right - 8, body.y + 4, 4, body.height - 8)
            pygame.draw.rect(surface, (40, 46, 58), track, border_radius=2)
            share = self.visible_rows / len(self.rows)
            top = track.y + int(track.height * self.scroll / len(self.rows))
            thumb = pygame.Rect(track.x, top, 4, max(12, int(track.height * share)))
            pygame.draw.rect(surface, GOLD_DARK, thumb, border_radius=2)

    def _column_widths(self) -> list[int]:
        total = sum(self.columns) or 1.0
        usable = self.rect.width - 20
        return [int(usable * c / total) for c in self.columns]


class WidgetScene(Scene):
    """A scene built from widgets that it lays out again whenever the window changes size."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets: list[Any] = []
        self.panels = PanelPainter()
        self.keyboard_focus = FocusRing()
        self.layout()

    @property
    def scale(self) -> float:
        """The UI scale of the current window size and the player's UI scale setting."""
        return ui_scale(self.app.size, getattr(self.app.settings, "ui_scale", 1.0))

    def layout(self) -> None:
        """Rebuild self.widgets for the current window size (subclasses)."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay out again for the new size (also used after a language change)."""
        self.layout()

    def text_fields(self) -> list[TextField]:
        """The text fields among the widgets (Tab moves the focus between them)."""
        return [w for w in self.widgets if isinstance(w, TextField)]

    def focused_field(self) -> TextField | None:
        """The text field with the keyboard focus, if any."""
        return next((f for f in self.text_fields() if f.focused), None)

    def dispatch(self, event: pygame.event.Event) -> bool:
        """Offer the event to the keyboard focus (Tab, Shift+Tab, Enter), then to the widgets, topmost first; a
        button that takes a click clicks audibly."""
        if is_click(event):
            for f in self.text_fields():
                if not f.rect.collidepoint(event.pos):
                    f.focused = False
        if self.keyboard_focus.handle_event(event, self.widgets):
            if event.type == pygame.KEYDOWN and event.key != pygame.K_TAB:
                self.click_sound()
            return True
        for widget in reversed(list(self.widgets)):
            if widget.handle_event(event):
                if is_click(event) and isinstance(widget, (Button, Cycler, Toggle)):
                    self.click_sound()
                return True
        return False

    def click_sound(self) -> None:
        """The soft click of a pressed control (silent when the app has no sound)."""
        sound = getattr(self.app, "sound", None)
        if sound is not None:
            sound.play("click")

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Widgets first, then Escape calls back()."""
        if self.dispatch(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def back(self) -> None:
        """Leave the scene (Escape or the Back button)."""
        self.app.pop()

    def draw_widgets(self, surface: pygame.Surface) -> None:
        """Draw every widget in order, then the keyboard focus ring."""
        for widget in self.widgets:
            widget.draw(surface)
        self.keyboard_focus.draw(surface, self.widgets)


class DialogScene(WidgetScene):
    """A modal dialog: a panel over the dimmed scene below; it takes every input event."""

    opaque = False

    def panel_rect(self, width: float, height: float) -> pygame.Rect:
        """A centred panel of the given size (scaled), kept inside the window."""
        w, h = self.app.size
        s = self.scale
        rect = pygame.Rect(0, 0, min(w - 20, px(width, s)), min(h - 20, px(height, s)))
        rect.center = (w // 2, h // 2)
        return rect

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Modal: events never reach the scenes below."""
        super().handle_event(event)
        return event.type not in (pygame.QUIT, pygame.VIDEORESIZE)

    def draw_frame(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> int:
        """Dim the background, draw the panel and its title; return the y below the title."""
        dim(surface)
        shadow = rect.move(0, 6)
        pygame.draw.rect(surface, SHADOW, shadow, border_radius=14)
        self.panels.draw(surface, rect, PANEL, 250, 14, GOLD_DARK)
        s = self.scale
        size = px(26, s)
        heading = draw_heading(surface, title, (rect.centerx, rect.y + px(18, s)), size)
        return heading.bottom + px(18, s)


def player_swatch(color: str) -> Color:
    """The swatch colour of a player colour id (grey for unknown ids)."""
    return PLAYER_SWATCH.get(color, (150, 150, 150))


def make_background(size: tuple[int, int]) -> pygame.Surface:
    """A plain slate background of the given size with a soft vertical gradient (build once per size)."""
    band = pygame.Surface((1, 2))
    band.set_at((0, 0), (40, 48, 62))
    band.set_at((0, 1), (14, 16, 22))
    return pygame.transform.smoothscale(band, (max(1, size[0]), max(1, size[1])))


__all__ = [
    "BACKGROUND", "GOLD", "GOLD_DARK", "INK", "PANEL", "TEXT", "TEXT_DIM", "Cycler", "DialogScene", "ListBox",
    "ListRow", "PanelPainter", "Stepper", "StyledButton", "TextField", "Toggle", "WidgetScene", "blit_text", "dim", "make_background",
    "draw_heading", "ellipsize", "fit_text", "is_click", "player_swatch", "px", "ui_scale",
]
