"""The game review screen: the review runs in a worker thread behind a progress bar (Esc cancels), then shows every
seat's win chance over the game (a click opens the replay there), the key moments, each seat's swing split into its
decisions, the others' decisions and luck, and the judged decisions with their labels (a click shows Hard's move in
the replay)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.coach.hooks import method_key
from game.coach.review import ACCURACY_ZERO, BLUNDER, THRESHOLDS, Judgement, Review, Step
from game.core.errors import GameError
from game.core.registry import get_variant
from gui.art.palette import RESOURCES
from gui.dialogs import (GOLD, GOLD_DARK, TEXT, TEXT_DIM, StyledButton, WidgetScene, blit_text, ellipsize, fit_text,
                         make_background, player_swatch, px)
from gui.families import family_of
from gui.review.chart import ChartGeometry, draw_win_chart
from gui.review.job import ReviewJob
from gui.table.log_view import format_cards
from gui.widgets import draw_panel, draw_tooltip

if TYPE_CHECKING:
    from game.core.game import Game
    from gui.app import App

#: The colour of each label in the decisions list.
LABEL_COLORS: dict[str, tuple[int, int, int]] = {
    "good": (110, 196, 120), "inaccuracy": (232, 200, 90), "mistake": (236, 140, 60), BLUNDER: (226, 78, 70),
}
POSITIVE = (110, 196, 120)
NEGATIVE = (226, 96, 86)
PART_COLORS = ((96, 150, 222), (170, 130, 210), (222, 184, 92))  # decisions, others, luck
ROW_BG = (30, 35, 46)
ROW_HOVER = (48, 56, 72)
PANEL_BG = (28, 33, 43)


class ReviewScene(WidgetScene):
    """The review of one save (`path`) or one recorded game (`game`); `sync` computes it at once (screenshots)."""

    def __init__(self, app: App, path: Path | str | None = None, game: Game | None = None,
                 sync: bool = False) -> None:
        self.path = Path(path) if path is not None else None
        self.source_game = game
        self.job = ReviewJob(self.path, game, write_cache=not app.read_only)
        self.review: Review | None = None
        self.colors: tuple[str, ...] = ()
        self.positions: dict[int, Game] = {}
        self.error: str | None = None
        self.hover_pos = (-1, -1)
        self.hover_point: int | None = None
        self.scroll = 0
        self.geometry: ChartGeometry | None = None
        self.rects: dict[str, pygame.Rect] = {}
        self.moment_rows: list[tuple[pygame.Rect, int]] = []
        self.decision_rows: list[tuple[pygame.Rect, Judgement]] = []
        self._background: pygame.Surface | None = None
        super().__init__(app)
        if sync:
            self.job.run_here()
            self._collect()
        else:
            self.job.start()

    # ------------------------------------------------------------------ worker

    def _collect(self) -> None:
        """Take the worker's result once it is done."""
        if not self.job.done or self.review is not None or self.error is not None:
            return
        if self.job.review is not None:
            self.review, self.colors, self.positions = self.job.review, self.job.colors, self.job.positions
        else:
            self.error = self.job.error or ""
        self.layout()

    @property
    def running(self) -> bool:
        """Whether the review is still being computed."""
        return self.review is None and self.error is None

    def cancel(self) -> None:
        """Stop the review (no cache is written) and go back to the previous screen."""
        self.job.cancel()
        self.close()

    def close(self) -> None:
        """Leave the review screen."""
        if self.app.top is self:
            self.app.pop()

    def back(self) -> None:
        """Esc: cancel a running review, else close."""
        if self.running:
            self.cancel()
        else:
            self.close()

    def on_exit(self) -> None:
        """Leaving: a review still running is cancelled."""
        if not self.job.done:
            self.job.cancel()

    def update(self, dt: float) -> None:
        """Pick up the worker's result."""
        self._collect()

    # ------------------------------------------------------------------ navigation

    def replay_source(self) -> Game | Path | None:
        """What the replay viewer opens: the save, or the recorded game."""
        return self.path if self.path is not None else self.source_game

    def open_replay(self, index: int, mark: dict[str, Any] | None = None) -> None:
        """The replay viewer after `index` actions (with Hard's choice marked when `mark` is given)."""
        source = self.replay_source()
        if source is not None:
            self.app.go("replay", source=source, index=index, mark=mark, from_review=True)

    def open_point(self, k: int) -> None:
        """The replay at point k of the chart (after k actions)."""
        self.open_replay(k)

    def show_better_move(self, judgement: Judgement) -> None:
        """The replay at a judged decision, Hard's preferred action marked."""
        self.open_replay(judgement.step, self.mark_of(judgement))

    def mark_of(self, j: Judgement) -> dict[str, Any]:
        """What the replay viewer draws for a judged decision: both actions, as words and as data."""
        t = self.app.t
        return {"best": j.best, "taken": j.taken, "seat": j.seat, "label": j.label,
                "text": t("review.screen.mark", best=self.action_text(j.best, j.step), taken=self.action_text(j.taken, j.step),
                          label=t(f"review.label.{j.label}"), lost=self.points(-j.lost))}

    # ------------------------------------------------------------------ words

    def action_text(self, action: dict[str, Any], step: int | None = None) -> str:
        """An action in words: as its family's table words it where the family does and the position before
        `step` is known, else its kind translated, then its fields (Catan's cards as resources, seats by name,
        other numbers as they are)."""
        worded = self._family_words(action, step)
        if worded:
            return worded
        t = self.app.t
        has = self.app.translator.has
        kind = str(action.get("kind", ""))
        key = f"review.kind.{kind}"
        name = t(key) if has(key) else kind.replace("_", " ")
        fields = []
        for k, v in action.items():
            if k in ("kind", "player") or v is None or v == [] or v == ():
                continue
            label = t("review.field." + k) if has("review.field." + k) else k.replace("_", " ")
            fields.append(f"{label} {self._value_text(k, v)}")
        return f"{name} ({', '.join(fields)})" if fields else name

    def _family_words(self, action: dict[str, Any], step: int | None) -> str:
        position = self.positions.get(step) if step is not None else None
        family = family_of(position) if position is not None else None
        if position is None or family is None or family.describe_action is None:
            return ""
        try:
            decoded = position.variant.codec().from_json(action)
            return family.describe_action(self.app.translator, position, decoded)
        except (GameError, KeyError, IndexError, TypeError, ValueError):
            return ""

    def _value_text(self, key: str, value: Any) -> str:
        t = self.app.t
        catan = self.family == "catan"
        counts = isinstance(value, list) and len(value) == len(RESOURCES) and all(isinstance(n, int) for n in value)
        if catan and counts:
            return format_cards(value, t)
        if catan and key in ("resource", "give", "get") and isinstance(value, int) and 0 <= value < len(RESOURCES):
            return t("resource." + RESOURCES[value])
        if catan and key == "resources" and isinstance(value, list) and all(
                isinstance(r, int) and 0 <= r < len(RESOURCES) for r in value):
            return ", ".join(t("resource." + RESOURCES[r]) for r in value)
        if key in ("victim", "partner", "target", "opponent") and isinstance(value, int):
            return self.seat_name(value)
        if key == "to" and isinstance(value, list):
            return ", ".join(self.seat_name(q) if isinstance(q, int) else str(q) for q in value)
        if isinstance(value, list):
            return ", ".join(map(str, value))
        return str(value)

    @property
    def family(self) -> str:
        """The game family of the reviewed game ("" when unknown)."""
        if self.review is None:
            return ""
        try:
            return str(get_variant(self.review.variant).family)
        except (GameError, KeyError, ValueError):
            return ""

    def points(self, x: float) -> str:
        """A change of win chance in percentage points, signed (Czech decimal comma; no sign on a zero)."""
        text = self.app.translator.number(abs(100 * x), 1)
        if round(abs(100 * x), 1) == 0:
            return text
        return f"{'+' if x > 0 else '−'}{text}"

    def percent(self, x: float) -> str:
        """A win chance in percent."""
        return f"{self.app.translator.number(100 * x, 1)} %"

    def seat_name(self, q: int) -> str:
        """The display name of seat q (a name that is its colour id becomes the translated colour name, as at the
        table)."""
        review = self.review
        if review is None or not 0 <= q < len(review.seats):
            return str(q)
        name = review.seats[q]
        if q < len(self.colors) and name == self.colors[q]:
            key = f"color.{name}.player"
            if self.app.translator.has(key):
                return self.app.t(key)
        return name

    def seat_color(self, q: int) -> tuple[int, int, int]:
        """The swatch of seat q."""
        return player_swatch(self.colors[q]) if 0 <= q < len(self.colors) else TEXT

    def moment_cause(self, step: Step) -> tuple[int, str]:
        """The seat that swung most at a step and what caused it (luck, or whose decision)."""
        t = self.app.t
        seat = max(range(len(step.after)), key=lambda q: abs(step.after[q] - step.before[q]))
        decision = step.expected[seat] - step.before[seat] if step.choice else 0.0
        luck = step.after[seat] - step.before[seat] - decision
        return seat, t("review.cause.luck") if abs(luck) >= abs(decision) else t("review.cause.decision")

    def help_line(self) -> str:
        """The labels' thresholds and the accuracy scale, in words."""
        t = self.app.t
        n = self.app.translator.number
        (_g, good), (_i, inaccuracy), (_m, mistake) = THRESHOLDS
        return t("review.screen.help", good=n(100 * good), inaccuracy=n(100 * inaccuracy),
                 mistake=n(100 * mistake), zero=n(100 * ACCURACY_ZERO))

    # ------------------------------------------------------------------ layout

    def layout(self) -> None:
        """The buttons and the panels for the current window size."""
        s = self.scale
        w, h = self.app.size
        t = self.app.t
        self._background = None
        pad = px(20, s)
        bh = px(40, s)
        fs = px(17, s)
        self.rects = {}
        if self.running or self.error is not None:
            box = pygame.Rect(0, 0, min(w - 40, px(720, s)), min(h - 40, px(300, s)))
            box.center = (w // 2, h // 2)
            self.rects["box"] = box
            bw = px(200, s)
            label = t("app.cancel") if self.running else t("review.screen.close")
            self.widgets = [StyledButton(pygame.Rect(box.centerx - bw // 2, box.bottom - bh - px(24, s), bw, bh),
                                         label, self.back, "secondary", font_size=fs)]
            return
        header = pygame.Rect(pad, pad, w - 2 * pad, px(56, s))
        help_h = px(30, s)
        body = pygame.Rect(pad, header.bottom + px(8, s), w - 2 * pad, h - header.bottom - px(8, s) - help_h - pad)
        gap = px(14, s)
        left_w = int(body.w * 0.57)
        seats = len(self.review.seats) if self.review is not None else 4
        split_h = min(int(body.h * 0.45), px(104, s) + seats * px(36, s))
        chart_h = body.h - split_h - gap
        self.rects.update(
            header=header, help=pygame.Rect(pad, body.bottom + px(4, s), w - 2 * pad, help_h),
            chart=pygame.Rect(body.x, body.y, left_w, chart_h),
            split=pygame.Rect(body.x, body.y + chart_h + gap, left_w, body.h - chart_h - gap),
        )
        right = pygame.Rect(body.x + left_w + gap, body.y, body.w - left_w - gap, body.h)
        moments_h = int(body.h * 0.36)
        self.rects["moments"] = pygame.Rect(right.x, right.y, right.w, moments_h)
        self.rects["decisions"] = pygame.Rect(right.x, right.y + moments_h + gap, right.w, right.h - moments_h - gap)
        bw = px(150, s)
        close = StyledButton(pygame.Rect(header.right - bw, header.y + px(6, s), bw, bh), t("review.screen.close"),
                             self.close, "secondary", font_size=fs, tooltip=t("review.screen.close_tip"))
        replay = StyledButton(pygame.Rect(close.rect.x - px(12, s) - bw, close.rect.y, bw, bh),
                              t("replay.button"), lambda: self.open_replay(0), "primary", font_size=fs,
                              tooltip=t("review.screen.replay_tip"))
        replay.enabled = self.replay_source() is not None
        self.widgets = [replay, close]

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay out again."""
        self.layout()

    # ------------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The buttons; in the finished review also the chart, the key moments and the decisions list."""
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = tuple(event.pos)
            geo = self.geometry
            self.hover_point = geo.index_at(self.hover_pos) if geo is not None and not self.running else None
        if super().handle_event(event):
            return True
        if self.running or self.review is None:
            return True
        if event.type == pygame.MOUSEWHEEL:
            rect = self.rects.get("decisions")
            if rect is not None and rect.collidepoint(self.hover_pos):
                self.scroll_decisions(-event.y * 3)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll_decisions(1 if event.key == pygame.K_DOWN else 8)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll_decisions(-1 if event.key == pygame.K_UP else -8)
            elif event.key == pygame.K_r:
                self.open_replay(0)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(tuple(event.pos))
            return True
        return True

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the chart, a key moment or a decision."""
        geo = self.geometry
        if geo is not None and self.rects.get("chart", pygame.Rect(0, 0, 0, 0)).collidepoint(pos):
            k = geo.index_at(pos)
            if k is not None:
                self.open_point(k)
            return
        for rect, k in self.moment_rows:
            if rect.collidepoint(pos):
                self.open_point(k)
                return
        for rect, judgement in self.decision_rows:
            if rect.collidepoint(pos):
                self.show_better_move(judgement)
                return

    def scroll_decisions(self, delta: int) -> None:
        """Scroll the decisions list by rows."""
        count = len(self.review.judgements) if self.review is not None else 0
        self.scroll = max(0, min(max(0, count - self._visible_rows()), self.scroll + delta))

    def _visible_rows(self) -> int:
        rect = self.rects.get("decisions")
        if rect is None:
            return 1
        s = self.scale
        return max(1, (rect.h - px(78, s)) // self._row_h())

    def _row_h(self) -> int:
        return px(26, self.scale)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The progress panel, the error, or the finished review."""
        if self._background is None or self._background.get_size() != surface.get_size():
            self._background = make_background(surface.get_size())
        surface.blit(self._background, (0, 0))
        if self.running:
            self._draw_progress(surface)
        elif self.error is not None:
            self._draw_error(surface)
        else:
            self._draw_review(surface)
        self.draw_widgets(surface)
        tip = self._tooltip()
        if tip:
            draw_tooltip(surface, tip, self.hover_pos)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        s = self.scale
        t = self.app.t
        box = self.rects["box"]
        draw_panel(surface, box, PANEL_BG, 245, px(14, s))
        pygame.draw.rect(surface, GOLD_DARK, box, 1, border_radius=px(14, s))
        title = t("review.screen.running")
        blit_text(surface, title, fit_text(title, px(26, s), box.w - px(40, s), True), GOLD,
                  (box.centerx, box.y + px(26, s)), "midtop", bold=True)
        bar = pygame.Rect(box.x + px(40, s), box.y + px(96, s), box.w - px(80, s), px(22, s))
        pygame.draw.rect(surface, (50, 58, 72), bar, border_radius=bar.h // 2)
        share = self.job.fraction()
        if share > 0:
            done = bar.copy()
            done.w = max(bar.h, int(bar.w * share))
            pygame.draw.rect(surface, GOLD, done, border_radius=bar.h // 2)
        done_n, total = self.job.progress()
        left = self.job.seconds_left()
        when = t("review.screen.estimating") if left is None else t("review.screen.left",
                                                                     time=self._duration(left))
        line = t("review.screen.progress", done=done_n, total=total, percent=round(100 * share), left=when)
        size = fit_text(line, px(17, s), box.w - px(40, s))
        blit_text(surface, line, size, TEXT, (box.centerx, bar.bottom + px(18, s)), "midtop")
        blit_text(surface, t("review.screen.cancel_hint"), px(14, s), TEXT_DIM,
                  (box.centerx, bar.bottom + px(50, s)), "midtop")

    def _duration(self, seconds: float) -> str:
        t = self.app.t
        whole = int(round(seconds))
        if whole < 60:
            return t("review.screen.seconds", count=max(1, whole))
        return t("review.screen.minutes", minutes=whole // 60, seconds=f"{whole % 60:02d}")

    def _draw_error(self, surface: pygame.Surface) -> None:
        s = self.scale
        t = self.app.t
        box = self.rects["box"]
        draw_panel(surface, box, PANEL_BG, 245, px(14, s))
        blit_text(surface, t("review.screen.failed"), px(24, s), GOLD, (box.centerx, box.y + px(26, s)), "midtop",
                  bold=True)
        text = ellipsize(self.error or "", px(15, s), box.w - px(40, s))
        blit_text(surface, text, px(15, s), TEXT, (box.centerx, box.y + px(90, s)), "midtop")

    def _draw_review(self, surface: pygame.Surface) -> None:
        review = self.review
        assert review is not None
        s = self.scale
        t = self.app.t
        header = self.rects["header"]
        title = t("review.screen.title", variant=t(f"variant.{review.variant}"))
        room = self.widgets[0].rect.x - header.x - px(16, s) if self.widgets else header.w
        size = fit_text(title, px(26, s), room, True)
        blit_text(surface, title, size, GOLD, (header.x, header.y + px(2, s)), bold=True)
        if review.winner is not None:
            sub = t("review.screen.winner", seat=self.seat_name(review.winner), steps=len(review.steps))
        else:
            sub = t("review.screen.unfinished", steps=len(review.steps))
        for part in self.assists_parts():
            sub += "  ·  " + part
        sub += "  ·  " + t(method_key("review.screen.method.", review.method))
        blit_text(surface, ellipsize(sub, px(14, s), room), px(14, s), TEXT_DIM,
                  (header.x, header.y + px(36, s)))
        self._draw_chart(surface)
        self._draw_split(surface)
        self._draw_moments(surface)
        self._draw_decisions(surface)
        help_rect = self.rects["help"]
        line = self.help_line()
        hs = fit_text(line, px(14, s), help_rect.w)
        blit_text(surface, ellipsize(line, hs, help_rect.w), hs, TEXT_DIM, (help_rect.x, help_rect.centery),
                  "midleft")

    def assists_parts(self) -> list[str]:
        """What help the game was played with, as the header says it: the win-chance bar, the hints per seat."""
        review = self.review
        assists = review.extra.get("assists", {}) if review is not None else {}
        t = self.app.t
        parts = [t("review.screen.win_bar")] if assists.get("win_bar") else []
        hints = [t("review.screen.hint_count", seat=self.seat_name(int(q)), count=n)
                 for q, n in sorted(assists.get("hints", {}).items(), key=lambda kv: int(kv[0])) if n]
        if hints:
            parts.append(t("review.screen.hints", hints=", ".join(hints)))
        return parts

    def _points_of(self, review: Review) -> tuple[list[tuple[float, ...]], list[int], list[int]]:
        series = review.series()
        turns = [review.steps[0].turn] + [s.turn for s in review.steps] if review.steps else []
        moments = [k + 1 for k in review.key_moments]
        return series, turns, moments

    def _draw_chart(self, surface: pygame.Surface) -> None:
        review = self.review
        assert review is not None
        t = self.app.t
        series, turns, moments = self._points_of(review)
        rect = self.rects["chart"]
        self.geometry = draw_win_chart(surface, rect, series, self.colors, turns, moments,
                                       t("review.screen.chart_title"), t("review.screen.chart_axis"), self.scale,
                                       self.hover_point)
        s = self.scale
        x = rect.right - px(14, s)
        for q in reversed(range(len(review.seats))):  # the legend, right-aligned in the title row
            label = blit_text(surface, self.seat_name(q), px(14, s), TEXT, (x, rect.y + px(22, s)), "midright")
            pygame.draw.circle(surface, self.seat_color(q), (label.x - px(9, s), label.centery), px(6, s))
            x = label.x - px(26, s)
        if not review.steps:
            blit_text(surface, t("review.screen.no_actions"), px(16, s), TEXT_DIM, rect.center, "center")

    def _frame(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> int:
        s = self.scale
        draw_panel(surface, rect, PANEL_BG, 240, px(12, s))
        pygame.draw.rect(surface, GOLD_DARK, rect, 1, border_radius=px(12, s))
        size = fit_text(title, px(18, s), rect.w - px(24, s), True)
        blit_text(surface, title, size, GOLD, (rect.x + px(14, s), rect.y + px(10, s)), bold=True)
        return rect.y + px(40, s)

    def _draw_split(self, surface: pygame.Surface) -> None:
        review = self.review
        assert review is not None
        s = self.scale
        t = self.app.t
        rect = self.rects["split"]
        y = self._frame(surface, rect, t("review.screen.split_title"))
        headers = (t("review.screen.col_seat"), t("review.screen.col_total"), t("review.screen.col_decisions"),
                   t("review.screen.col_others"), t("review.screen.col_luck"), t("review.screen.col_accuracy"))
        weights = (1.5, 1.0, 1.25, 1.25, 1.25, 1.0)
        inner = rect.inflate(-px(28, s), 0)
        unit = inner.w / sum(weights)
        xs = [inner.x + int(unit * sum(weights[:i])) for i in range(len(weights) + 1)]
        hs = px(13, s)
        for i, head in enumerate(headers):
            width = xs[i + 1] - xs[i] - px(6, s)
            size = fit_text(head, hs, width)
            blit_text(surface, head, size, TEXT_DIM, (xs[i], y), "topleft")
        y += px(22, s)
        rows = len(review.seats)
        legend_h = px(22, s)
        row_h = max(px(22, s), min(px(40, s), (rect.bottom - y - legend_h - px(8, s)) // max(1, rows)))
        peak = max([abs(v) for p in review.splits for v in (p.total, p.decisions, p.others, p.luck)] + [0.01])
        fs = px(15, s)
        for q, split in enumerate(review.splits):
            cy = y + row_h * q + row_h // 2
            pygame.draw.circle(surface, self.seat_color(q), (xs[0] + px(6, s), cy), px(6, s))
            name = ellipsize(self.seat_name(q), fs, xs[1] - xs[0] - px(24, s))
            blit_text(surface, name, fs, TEXT, (xs[0] + px(18, s), cy), "midleft")
            values = (split.total, split.decisions, split.others, split.luck)
            for i, value in enumerate(values, start=1):
                cell = pygame.Rect(xs[i], cy - row_h // 2 + 2, xs[i + 1] - xs[i] - px(8, s), row_h - 4)
                color = PART_COLORS[i - 2] if i >= 2 else (GOLD if value >= 0 else NEGATIVE)
                self._diverging(surface, cell, value / peak, color)
                blit_text(surface, self.points(value), fs, POSITIVE if value > 0.0005 else
                          NEGATIVE if value < -0.0005 else TEXT, (cell.x, cy), "midleft", bold=i == 1)
            accuracy = review.accuracy[q] if q < len(review.accuracy) else None
            text = "—" if accuracy is None else f"{self.app.translator.number(accuracy, 1)} %"
            blit_text(surface, text, fs, TEXT, (xs[5], cy), "midleft", bold=accuracy is not None)
        note = t("review.screen.split_note")
        ns = fit_text(note, px(13, s), inner.w)
        blit_text(surface, ellipsize(note, ns, inner.w), ns, TEXT_DIM, (inner.x, rect.bottom - px(10, s)),
                  "bottomleft")

    def _diverging(self, surface: pygame.Surface, cell: pygame.Rect, share: float, color: tuple[int, int, int]) -> None:
        """A thin bar under a value: from the cell's middle to the right for a gain, to the left for a loss."""
        s = self.scale
        text_w = px(58, s)
        track = pygame.Rect(cell.x + text_w, cell.centery - px(4, s), max(0, cell.w - text_w), px(8, s))
        if track.w < px(16, s):
            return
        pygame.draw.rect(surface, (44, 50, 62), track, border_radius=px(3, s))
        mid = track.centerx
        length = int(track.w / 2 * max(-1.0, min(1.0, share)))
        if length:
            bar = pygame.Rect(min(mid, mid + length), track.y, abs(length), track.h)
            pygame.draw.rect(surface, color, bar, border_radius=px(3, s))
        pygame.draw.line(surface, (120, 128, 142), (mid, track.y - 2), (mid, track.bottom + 1))

    def _draw_moments(self, surface: pygame.Surface) -> None:
        review = self.review
        assert review is not None
        s = self.scale
        t = self.app.t
        rect = self.rects["moments"]
        y = self._frame(surface, rect, t("review.screen.moments_title"))
        self.moment_rows = []
        count = max(1, len(review.key_moments))
        row_h = max(px(22, s), min(px(40, s), (rect.bottom - y - px(8, s)) // count))
        fs = fit_text("M" * 4, px(15, s), px(60, s)) if row_h < px(30, s) else px(15, s)
        for n, index in enumerate(review.key_moments, start=1):
            step = review.steps[index]
            row = pygame.Rect(rect.x + px(8, s), y + (n - 1) * row_h, rect.w - px(16, s), row_h - 2)
            self.moment_rows.append((row, index + 1))
            if row.collidepoint(self.hover_pos):
                pygame.draw.rect(surface, ROW_HOVER, row, border_radius=px(6, s))
            badge = px(10, s)
            pygame.draw.circle(surface, GOLD, (row.x + badge + 2, row.centery), badge)
            blit_text(surface, str(n), px(12, s), (30, 24, 16), (row.x + badge + 2, row.centery), "center",
                      bold=True)
            seat, cause = self.moment_cause(step)
            change = step.after[seat] - step.before[seat]
            value = self.points(change)
            vrect = blit_text(surface, value, fs, POSITIVE if change >= 0 else NEGATIVE,
                              (row.right - px(6, s), row.centery), "midright", bold=True)
            who = ellipsize(self.seat_name(seat), fs, px(90, s))
            vrect = blit_text(surface, who, fs, TEXT_DIM, (vrect.x - px(6, s), row.centery), "midright")
            pygame.draw.circle(surface, self.seat_color(seat), (vrect.x - px(10, s), row.centery), px(5, s))
            text = t("review.screen.moment", turn=step.turn, seat=self.seat_name(step.actor),
                     action=self.action_text({"kind": step.kind}), cause=cause)
            room = vrect.x - px(20, s) - (row.x + 2 * badge + px(10, s))
            blit_text(surface, ellipsize(text, fs, room), fs, TEXT, (row.x + 2 * badge + px(10, s), row.centery),
                      "midleft")

    def _draw_decisions(self, surface: pygame.Surface) -> None:
        review = self.review
        assert review is not None
        s = self.scale
        t = self.app.t
        rect = self.rects["decisions"]
        y = self._frame(surface, rect, t("review.screen.decisions_title"))
        inner = rect.inflate(-px(20, s), 0)
        self.decision_rows = []
        if not review.judgements:
            blit_text(surface, t("review.screen.no_decisions"), px(15, s), TEXT_DIM, (inner.x, y), "topleft")
            return
        accuracy = [f"{self.seat_name(q)} {self.app.translator.number(a, 1)} %"
                    for q, a in enumerate(review.accuracy) if a is not None]
        line = t("review.screen.accuracy", players=", ".join(accuracy))
        ls = fit_text(line, px(14, s), inner.w)
        blit_text(surface, ellipsize(line, ls, inner.w), ls, TEXT, (inner.x, y - px(4, s)))
        y += px(18, s)
        cols = (0.0, 0.08, 0.26, 0.61, 0.72)  # turn, label, taken, lost, Hard's choice
        heads = (t("review.screen.col_turn"), t("review.screen.col_label"), t("review.screen.col_taken"),
                 t("review.screen.col_lost"), t("review.screen.col_best"))
        xs = [inner.x + int(inner.w * c) for c in cols] + [inner.right]
        hs = px(13, s)
        for i, head in enumerate(heads):
            blit_text(surface, ellipsize(head, hs, xs[i + 1] - xs[i] - px(4, s)), hs, TEXT_DIM, (xs[i], y))
        y += px(20, s)
        row_h = self._row_h()
        visible = max(1, (rect.bottom - y - px(8, s)) // row_h)
        self.scroll = max(0, min(self.scroll, max(0, len(review.judgements) - visible)))
        fs = px(14, s)
        for n, j in enumerate(review.judgements[self.scroll:self.scroll + visible]):
            row = pygame.Rect(inner.x - px(4, s), y + n * row_h, inner.w + px(8, s), row_h - 2)
            self.decision_rows.append((row, j))
            pygame.draw.rect(surface, ROW_HOVER if row.collidepoint(self.hover_pos) else ROW_BG, row,
                             border_radius=px(4, s))
            cy = row.centery
            blit_text(surface, str(review.steps[j.step].turn), fs, TEXT_DIM, (xs[0] + px(4, s), cy), "midleft")
            color = LABEL_COLORS.get(j.label, TEXT)
            pygame.draw.circle(surface, self.seat_color(j.seat), (xs[1] - px(8, s), cy), px(4, s))
            label = t(f"review.label.{j.label}")
            blit_text(surface, ellipsize(label, fs, xs[2] - xs[1] - px(4, s), True), fs, color, (xs[1], cy),
                      "midleft", bold=True)
            taken = self.action_text(j.taken, j.step)
            blit_text(surface, ellipsize(taken, fs, xs[3] - xs[2] - px(6, s)), fs, TEXT, (xs[2], cy), "midleft")
            blit_text(surface, self.points(-j.lost), fs, color if j.lost > 0.0005 else TEXT_DIM, (xs[3], cy),
                      "midleft")
            best = t("review.screen.same") if j.best == j.taken else self.action_text(j.best, j.step)
            blit_text(surface, ellipsize(best, fs, xs[5] - xs[4] - px(4, s)), fs,
                      TEXT_DIM if j.best == j.taken else GOLD, (xs[4], cy), "midleft")
        total = len(review.judgements)
        if total > visible:
            track = pygame.Rect(rect.right - px(8, s), y, px(4, s), visible * row_h)
            pygame.draw.rect(surface, (40, 46, 58), track, border_radius=2)
            top = track.y + int(track.h * self.scroll / total)
            thumb = pygame.Rect(track.x, top, track.w, max(px(12, s), int(track.h * visible / total)))
            pygame.draw.rect(surface, GOLD_DARK, thumb, border_radius=2)

    def _tooltip(self) -> str | None:
        for widget in self.widgets:
            if widget.rect.collidepoint(self.hover_pos) and getattr(widget, "tooltip", ""):
                return widget.tooltip
        review = self.review
        if review is None or self.running:
            return None
        t = self.app.t
        if self.hover_point is not None and self.rects.get("chart", pygame.Rect(0, 0, 0, 0)).collidepoint(
                self.hover_pos):
            k = self.hover_point
            series = review.series()
            chances = ", ".join(f"{self.seat_name(q)} {self.percent(x)}" for q, x in enumerate(series[k]))
            if k == 0:
                return t("review.screen.tip_start", chances=chances)
            step = review.steps[k - 1]
            return t("review.screen.tip_point", turn=step.turn, seat=self.seat_name(step.actor),
                     action=self.action_text({"kind": step.kind}), chances=chances)
        for _rect, j in (r for r in self.decision_rows if r[0].collidepoint(self.hover_pos)):
            return t("review.screen.tip_decision", taken=self.action_text(j.taken, j.step),
                     best=self.action_text(j.best, j.step))
        if any(r.collidepoint(self.hover_pos) for r, _k in self.moment_rows):
            return t("review.screen.tip_moment")
        return None
