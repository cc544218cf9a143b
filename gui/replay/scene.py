"""The replay viewer: a game family's own table in read-only mode, stepped through a recorded game by a replay cursor,
with a bar of controls (by action, by turn, jump to a turn, play at a chosen speed) and the log in step."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.errors import GameError
from game.core.game import Game
from game.core.replay import ReplayCursor
from gui.dialogs import GOLD, GOLD_DARK, TEXT, TEXT_DIM, StyledButton, TextField, blit_text, ellipsize, fit_text, px
from gui.fonts import wrap_text
from gui.scene import Scene
from gui.table.action_marks import draw_action_spots
from gui.table.base import TableScene
from gui.table.log_view import MAX_ENTRIES, LogEntry
from gui.widgets import draw_panel, draw_tooltip

if TYPE_CHECKING:
    from gui.app import App

log = logging.getLogger(__name__)

#: Actions a second when playing.
SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
#: The controls of the bar, in order: id, label, tooltip key.
CONTROLS: tuple[tuple[str, str, str], ...] = (
    ("start", "|◀", "replay.tip.start"),
    ("prev_turn", "◀◀", "replay.tip.prev_turn"),
    ("prev", "◁", "replay.tip.prev"),
    ("play", "▶", "replay.tip.play"),
    ("next", "▷", "replay.tip.next"),
    ("next_turn", "▶▶", "replay.tip.next_turn"),
    ("end", "▶|", "replay.tip.end"),
)


def open_replay(app: App, source: Game | Path, index: int = 0, mark: dict[str, Any] | None = None,
                from_review: bool = False) -> bool:
    """Push the replay viewer for a game (replayed from its start) or a save file, after `index` actions; a file that
    does not load, or a game that does not replay, shows a message naming the problem instead. `mark` (from the
    review) holds a judged decision at `index`: Hard's preferred action is shown there. `from_review`: the viewer's
    Review control goes back to the review that opened it. Returns whether the viewer opened."""
    try:
        cursor = ReplayCursor.from_file(source) if isinstance(source, Path) else ReplayCursor(source)
    except GameError as exc:
        log.info("replay refused: %s", exc)
        app.show_message("replay.error", error=str(exc))
        return False
    app.push(ReplayScene(app, cursor, index, mark=mark, source=source, from_review=from_review))
    return True


class ReplayScene(Scene):
    """Steps a ReplayCursor and shows its game on the family's table (nobody can act there); the bar replaces the
    table's hand and action area."""

    def __init__(self, app: App, cursor: ReplayCursor, index: int = 0, mark: dict[str, Any] | None = None,
                 source: Game | Path | None = None, from_review: bool = False) -> None:
        super().__init__(app)
        self.cursor = cursor
        cursor.seek(index)
        self.source = source
        self.from_review = from_review
        self.mark = mark
        self.mark_index = cursor.index
        self.table: TableScene = app.make_table(cursor.game)  # type: ignore[assignment]
        self.table.enter_replay(self.close)
        self.playing = False
        self.speed_index = SPEEDS.index(2.0)
        self._timer = 0.0
        self._lines: list[list[LogEntry]] = []
        self._initial: list[LogEntry] | None = None
        self.buttons: dict[str, StyledButton] = {}
        self.turn_field = TextField(pygame.Rect(0, 0, 10, 10), max_length=4, allowed="0123456789",
                                    on_submit=self.go_to_typed_turn)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.timeline = pygame.Rect(0, 0, 0, 0)
        self._dragging = False
        self._hover = (-1, -1)
        self._layout_for: tuple[int, int] = (0, 0)
        self._relayout()
        self._shown()

    # ------------------------------------------------------------------ moving

    @property
    def index(self) -> int:
        """How many actions of the recording are shown as done."""
        return self.cursor.index

    def seek(self, index: int) -> None:
        """Show the game after `index` actions."""
        self.cursor.seek(index)
        self._shown()

    def step(self, delta: int) -> None:
        """Move by actions (negative: back)."""
        self.seek(self.index + delta)

    def next_turn(self) -> None:
        """Go to the start of the next turn."""
        self.cursor.next_turn()
        self._shown()

    def previous_turn(self) -> None:
        """Go to the start of this turn, or of the previous one."""
        self.cursor.previous_turn()
        self._shown()

    def go_to_turn(self, number: int) -> None:
        """Jump to the first moment of a turn number."""
        self.cursor.seek_turn(number)
        self._shown()

    def go_to_typed_turn(self) -> None:
        """Jump to the turn typed into the field."""
        if self.turn_field.text:
            self.go_to_turn(int(self.turn_field.text))
        self.turn_field.focused = False

    def toggle_play(self) -> None:
        """Play or pause (playing from the end starts again at the beginning)."""
        if not self.playing and self.index >= self.cursor.length:
            self.seek(0)
        self.playing = not self.playing
        self._timer = 0.0
        self._refresh()

    def change_speed(self, direction: int) -> None:
        """A slower or faster playing speed."""
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + direction))
        self._refresh()

    def open_review(self) -> None:
        """The review of this game (back to it when the review opened this viewer)."""
        if self.from_review:
            self.close()
        elif isinstance(self.source, Path):
            self.playing = False
            self.app.push("review", path=self.source)
        elif self.source is not None:
            self.playing = False
            self.app.push("review", game=self.source)

    def close(self) -> None:
        """Leave the viewer (back to where it was opened from)."""
        self.playing = False
        if self.app.top is self:
            self.app.pop()

    def _shown(self) -> None:
        """The cursor moved: the table forgets its cached answers and the log shows the lines up to the index."""
        self.table.game_changed()
        self.table.log.clear()
        self.table.log.add(self._log_until(self.index)[-MAX_ENTRIES:])
        self._refresh()

    def _log_until(self, index: int) -> list[LogEntry]:
        table = self.table
        if self._initial is None:
            self._initial = [line for e in self.cursor.initial_events for line in table.narrator.describe(e)]
        while len(self._lines) < index:
            i = len(self._lines)
            self._lines.append(table._log_lines(self.cursor.entries[i].action, self.cursor.events[i]))
        lines = list(self._initial)
        for chunk in self._lines[:index]:
            lines.extend(chunk)
        return lines

    # ------------------------------------------------------------------ layout

    def _relayout(self) -> None:
        table = self.table
        if table.lay.size != tuple(self.app.size):
            table.relayout(self.app.size)
        lay = table.lay
        s = lay.scale
        self._layout_for = lay.size
        self.bar = lay.hand.union(lay.actions)
        pad = px(10, s)
        inner = self.bar.inflate(-2 * pad, -2 * pad)
        fs = max(12, lay.font)
        row = max(px(30, s), min(px(44, s), (inner.h - px(14, s)) // 3))
        gap = px(6, s)
        bw = (inner.w - gap * (len(CONTROLS) - 1)) // len(CONTROLS)
        self.buttons = {}
        for i, (bid, label, _tip) in enumerate(CONTROLS):
            rect = pygame.Rect(inner.x + i * (bw + gap), inner.y, bw, row)
            self.buttons[bid] = StyledButton(rect, label, self._action(bid),
                                             "primary" if bid == "play" else "secondary", font_size=fs)
        y2 = inner.y + row + gap
        small = max(px(36, s), row - px(4, s))
        self.buttons["slower"] = StyledButton(pygame.Rect(inner.x, y2, small, small - gap), "−",
                                              lambda: self.change_speed(-1), font_size=fs)
        speed_w = px(96, s)
        self.speed_rect = pygame.Rect(inner.x + small + gap, y2, speed_w, small - gap)
        self.buttons["faster"] = StyledButton(pygame.Rect(self.speed_rect.right + gap, y2, small, small - gap), "+",
                                              lambda: self.change_speed(1), font_size=fs)
        go_w = px(64, s)
        field_w = px(64, s)
        go = pygame.Rect(inner.right - go_w, y2, go_w, small - gap)
        self.buttons["go"] = StyledButton(go, self.app.t("replay.go"), self.go_to_typed_turn, font_size=fs)
        self.turn_field.rect = pygame.Rect(go.x - gap - field_w, y2, field_w, small - gap)
        self.turn_field.font_size = fs
        review_w = px(110, s)
        self.buttons["review"] = StyledButton(pygame.Rect(self.buttons["faster"].rect.right + gap, y2, review_w,
                                                          small - gap), self.app.t("review.screen.button"),
                                              self.open_review, font_size=fs)
        self.buttons["review"].enabled = self.source is not None
        self.goto_label = pygame.Rect(self.buttons["review"].rect.right + gap, y2,
                                      max(0, self.turn_field.rect.x - gap - self.buttons["review"].rect.right - gap),
                                      small - gap)
        top = y2 + small
        height = max(px(12, s), min(px(20, s), inner.bottom - top))
        knob = height // 2 + 1
        self.timeline = pygame.Rect(inner.x + knob, top + max(0, (inner.bottom - top - height) // 2),
                                    inner.w - 2 * knob, height)
        self._refresh()

    def _action(self, bid: str) -> Any:
        return {
            "start": lambda: self.seek(0),
            "prev_turn": self.previous_turn,
            "prev": lambda: self.step(-1),
            "play": self.toggle_play,
            "next": lambda: self.step(1),
            "next_turn": self.next_turn,
            "end": lambda: self.seek(self.cursor.length),
        }[bid]

    def _refresh(self) -> None:
        if not self.buttons:
            return
        t = self.app.t
        b = self.buttons
        at_start, at_end = self.index <= 0, self.index >= self.cursor.length
        for bid in ("start", "prev_turn", "prev"):
            b[bid].enabled = not at_start
        for bid in ("next", "next_turn", "end"):
            b[bid].enabled = not at_end
        b["play"].label = "❚❚" if self.playing else "▶"
        b["slower"].enabled = self.speed_index > 0
        b["faster"].enabled = self.speed_index < len(SPEEDS) - 1
        for bid, _label, tip in CONTROLS:
            b[bid].tooltip = t("replay.tip.pause" if bid == "play" and self.playing else tip)
        b["slower"].tooltip = t("replay.tip.slower")
        b["faster"].tooltip = t("replay.tip.faster")
        b["go"].tooltip = t("replay.tip.go")
        b["review"].tooltip = t("review.screen.replay_key_tip")

    # ------------------------------------------------------------------ scene API

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay out the table and the bar for the new size."""
        self.table.relayout(size)
        self._relayout()

    def on_enter(self) -> None:
        """Back on top: the window may have changed meanwhile."""
        if self._layout_for != tuple(self.app.size):
            self.on_resize(self.app.size)

    def on_exit(self) -> None:
        """Leaving: the table's session stops (no AI ran here anyway)."""
        self.table.on_exit()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The bar's controls and keys first; hover, wheel and zoom go to the table; nothing else reaches it."""
        et = event.type
        if et == pygame.MOUSEMOTION:
            self._hover = tuple(event.pos)
            for button in self.buttons.values():
                button.handle_event(event)
            if self._dragging:
                self._seek_timeline(event.pos[0])
            self.table.handle_event(event)
            return True
        if self.turn_field.handle_event(event):
            return True
        if et == pygame.KEYDOWN:
            self._key(event)
            return True
        if et == pygame.MOUSEBUTTONUP:
            self._dragging = False
            return True
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons.values():
                if button.rect.collidepoint(event.pos):
                    button.handle_event(event)
                    return True
            if self.timeline.collidepoint(event.pos):
                self._dragging = True
                self._seek_timeline(event.pos[0])
                return True
            if self.bar.collidepoint(event.pos):
                return True
            menu = self.table.buttons.get("menu")
            if menu is not None and menu.rect.collidepoint(event.pos):
                menu.handle_event(event)
            return True
        if et in (pygame.MOUSEWHEEL, pygame.MOUSEBUTTONDOWN):
            self.table.handle_event(event)
        return True

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.close()
        elif key == pygame.K_SPACE:
            self.toggle_play()
        elif key == pygame.K_LEFT:
            self.step(-1)
        elif key == pygame.K_RIGHT:
            self.step(1)
        elif key == pygame.K_PAGEUP or key == pygame.K_UP:
            self.previous_turn()
        elif key == pygame.K_PAGEDOWN or key == pygame.K_DOWN:
            self.next_turn()
        elif key == pygame.K_HOME:
            self.seek(0)
        elif key == pygame.K_END:
            self.seek(self.cursor.length)
        elif key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            self.change_speed(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_speed(-1)
        elif key == pygame.K_t:
            self.turn_field.focused = True
        elif key == pygame.K_r and self.buttons["review"].enabled:
            self.open_review()

    def _seek_timeline(self, x: int) -> None:
        rect = self.timeline
        if rect.w <= 0:
            return
        share = min(1.0, max(0.0, (x - rect.x) / rect.w))
        index = round(share * self.cursor.length)
        if index != self.index:
            self.seek(index)

    def update(self, dt: float) -> None:
        """Follow the window, advance the table's own timers, and play on at the chosen speed."""
        if self._layout_for != tuple(self.app.size):
            self.on_resize(self.app.size)
        self.table.update(dt)
        if not self.playing:
            return
        self._timer += dt
        interval = 1.0 / SPEEDS[self.speed_index]
        if self._timer >= interval:
            self._timer -= interval
            if self.index >= self.cursor.length:
                self.playing = False
                self._refresh()
            else:
                self.step(1)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The table as it was, then the bar over its hand and action area."""
        self.table.draw(surface)
        lay = self.table.lay
        s = lay.scale
        t = self.app.t
        fs = max(12, lay.font)
        draw_panel(surface, self.bar, (24, 29, 38), 250, px(10, s))
        for button in self.buttons.values():
            button.draw(surface)
        speed = self.app.translator.number(SPEEDS[self.speed_index])
        blit_text(surface, t("replay.speed", speed=speed), max(10, fs - 2), TEXT, self.speed_rect.center, "center",
                  bold=True)
        turn = self.cursor.turn_number_at(self.index)
        where = t("replay.position", index=self.index, total=self.cursor.length,
                  turn=turn if turn > 0 else t("replay.setup"), turns=self.cursor.last_turn)
        label = self.goto_label
        size = fit_text(where, max(10, fs - 2), label.w)
        blit_text(surface, ellipsize(where, size, label.w), size, TEXT_DIM, (label.x + 4, label.centery), "midleft")
        self.turn_field.placeholder = t("replay.turn_placeholder")
        self.turn_field.draw(surface)
        self._draw_timeline(surface)
        self._draw_mark(surface)
        tip = self._tooltip()
        if tip:
            draw_tooltip(surface, tip, self._hover)

    def _draw_mark(self, surface: pygame.Surface) -> None:
        """At the judged decision the review opened: Hard's preferred action in words above the bar (at the top
        when the mark lies there), and a gold mark wherever the table can place it (Catan's spots, Rivals' cards
        and sites; other tables show it in words only)."""
        mark = self.mark
        if mark is None or self.index != self.mark_index:
            return
        s = self.table.lay.scale
        best = mark.get("best") or {}
        spots = self.table.action_spots(best)
        draw_action_spots(surface, spots, s)
        text = str(mark.get("text", ""))
        title = self.app.t("review.screen.mark_title")
        fs = max(12, px(16, s))
        pad = px(10, s)
        lines = wrap_text(text, fs, self.bar.w - 2 * pad)[:3]
        line_h = fs + px(5, s)
        box = pygame.Rect(self.bar.x, 0, self.bar.w, 2 * pad + line_h * (len(lines) + 1))
        box.bottom = self.bar.y - px(6, s)
        if any(spot.rect.colliderect(box) for spot in spots):  # never over the mark: then at the table's top
            top = getattr(self.table.lay, "top", None)
            box.y = (top.bottom if isinstance(top, pygame.Rect) else 0) + px(6, s)
        draw_panel(surface, box, (20, 24, 30), 245, px(8, s))
        pygame.draw.rect(surface, GOLD, box, 1, border_radius=px(8, s))
        blit_text(surface, title, fs, GOLD, (box.x + pad, box.y + pad), bold=True)
        for i, line in enumerate(lines, start=1):
            blit_text(surface, ellipsize(line, fs, box.w - 2 * pad), fs, TEXT, (box.x + pad, box.y + pad + i * line_h))

    def _draw_timeline(self, surface: pygame.Surface) -> None:
        rect = self.timeline
        if rect.h <= 2 or rect.w <= 0:
            return
        track = pygame.Rect(rect.x, rect.centery - max(2, rect.h // 6), rect.w, max(4, rect.h // 3))
        pygame.draw.rect(surface, (50, 58, 72), track, border_radius=track.h // 2)
        length = max(1, self.cursor.length)
        done = track.copy()
        done.w = int(track.w * self.index / length)
        if done.w > 0:
            pygame.draw.rect(surface, GOLD_DARK, done, border_radius=track.h // 2)
        for start in self.cursor.turn_starts[1:]:
            x = track.x + int(track.w * start / length)
            pygame.draw.line(surface, (96, 106, 124), (x, track.y), (x, track.bottom - 1), 1)
        knob = (track.x + done.w, track.centery)
        pygame.draw.circle(surface, GOLD, knob, max(4, rect.h // 2))
        pygame.draw.circle(surface, (20, 20, 24), knob, max(4, rect.h // 2), 1)

    def _tooltip(self) -> str | None:
        for button in self.buttons.values():
            if button.rect.collidepoint(self._hover):
                return button.tooltip or None
        if self.timeline.collidepoint(self._hover):
            return self.app.t("replay.tip.timeline")
        return None
