"""The win-chance bar at the table: every seat's chance to win, estimated off the drawing thread and eased on screen.

Shared by every family's table: the scene carves the bar's strip off the top of its log (`carve`), feeds it each
frame (`update`), draws it under its dialogs (`draw`) and stops its worker when the table is left (`close`).
"""

from __future__ import annotations

import dataclasses
import logging
import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.assists import note_win_bar
from game.core.errors import GameError
from gui.dialogs import blit_text, ellipsize, px
from gui.fonts import render_text
from gui.table.panels import PanelCache
from gui.widgets import TEXT, TEXT_DIM

log = logging.getLogger(__name__)

#: How fast the shown chances follow a new estimate (per second; ~95 % of the way in 0.6 s).
EASE_RATE = 5.0
#: Sampled worlds per estimate (per seat in watch mode).
WORLDS = 8
#: The worker's pause between two sampled worlds, so the drawing thread gets the interpreter lock at once.
PAUSE_SECONDS = 0.001
Color = tuple[int, int, int]


@dataclass(frozen=True)
class ChanceRequest:
    """One position to estimate: the views taken on the main thread, whose figure each gives, and a seed.

    `views` holds (seat, view) pairs; `own_seat_only` says each view gives only its own seat's chance (watch mode)
    rather than every seat's chance (a table with humans: the one view of the first human seat)."""

    key: int
    seats: int
    views: tuple[tuple[int, Any], ...]
    own_seat_only: bool
    seed: int


Estimator = Callable[[ChanceRequest], tuple[float, ...]]


def bar_wanted(session: Any, settings: Any) -> bool:
    """Whether the table shows the bar: always in watch mode (only AIs seated), with humans only when the setting
    is on, never in the replay viewer."""
    if getattr(session, "replay", False):
        return False
    return bool(session.all_ai or getattr(settings, "win_bar", False))


def chance_request(game: Any, session: Any, key: int) -> ChanceRequest:
    """The request for the game's position now (the views are taken here, on the caller's thread).

    With people seated it is the view the table shows (see reading_seat), read for every seat's chance, so the bar
    never knows more than the screen it is drawn on. In watch mode every seat's
    own view is read for that seat's figure alone, so nothing any seat's view hides enters beyond its own figure;
    the figures are normalized to sum to 1 by `estimate`."""
    n = game.num_players
    seed = (int(getattr(game, "seed", 0)) * 1_000_003 + key * 7919) & 0x7FFFFFFF
    seat = reading_seat(session)
    if seat is not None:
        return ChanceRequest(key, n, ((seat, game.view(seat)),), False, seed)
    return ChanceRequest(key, n, tuple((p, game.view(p)) for p in range(n)), True, seed)


def reading_seat(session: Any) -> int | None:
    """Whose view the bar reads at a table with people: the person whose view the table shows now (at a table of
    several people, the one the device was passed to), else the first person; None in watch mode."""
    humans = tuple(getattr(session, "human_seats", ()))
    if not humans:
        return None
    viewer = getattr(session, "viewer", -1)
    return viewer if viewer in humans else humans[0]


def normalized(values: Sequence[float]) -> tuple[float, ...]:
    """The values scaled to sum to 1 (negative ones count as 0; all zero gives equal shares)."""
    clean = [max(0.0, float(v)) if math.isfinite(v) else 0.0 for v in values]
    total = sum(clean)
    if total <= 0:
        return tuple(1.0 / len(clean) for _ in clean) if clean else ()
    return tuple(v / total for v in clean)


def _pause() -> None:
    time.sleep(PAUSE_SECONDS)


def make_estimator(hooks_of: Callable[[Any], Any] | None = None, worlds: int = WORLDS,
                   pause: Callable[[], None] = _pause) -> Estimator:
    """The estimator the worker runs: game.coach.chances.from_view on the request's views, with the family's hooks
    built once, on first use, on the worker's thread.

    It samples one world at a time (the mean of `worlds` one-world estimates is the `worlds`-world estimate) and
    pauses between them: a pure-Python worker would otherwise keep the interpreter lock for the whole switch
    interval (5 ms) each time the drawing thread wants it, and the frames would stutter."""
    from game.coach.chances import from_view, hooks_for

    build = hooks_of or hooks_for
    held: dict[str, Any] = {}

    def mean_chances(view: Any, rng: random.Random, hooks: Any) -> list[float]:
        total: list[float] = []
        count = 0
        for _ in range(max(1, hooks.live_worlds or worlds)):  # a family whose worlds cost more reads fewer
            try:
                row = from_view(view, rng, 1, hooks).chances
            except GameError:  # this sample found no full game; the others still count
                continue
            finally:
                pause()
            total = [a + b for a, b in zip(total, row)] if total else list(row)
            count += 1
        if not count:
            raise GameError("no full game agrees with this view")
        return [v / count for v in total]

    def estimate(request: ChanceRequest) -> tuple[float, ...]:
        if "hooks" not in held:
            held["hooks"] = build(request.views[0][1])
        hooks = held["hooks"]
        rng = random.Random(request.seed)
        if not request.own_seat_only:
            return normalized(mean_chances(request.views[0][1], rng, hooks))
        own = [0.0] * request.seats
        for seat, view in request.views:
            own[seat] = mean_chances(view, rng, hooks)[seat]
        return normalized(own)

    return estimate


def percentages(values: Sequence[float]) -> list[int]:
    """Whole percentages that sum to exactly 100 (largest remainders get the spare points)."""
    shares = normalized(values)
    if not shares:
        return []
    raw = [v * 100 for v in shares]
    out = [int(math.floor(r)) for r in raw]
    spare = 100 - sum(out)
    for i in sorted(range(len(raw)), key=lambda i: (out[i] - raw[i], i))[:spare]:
        out[i] += 1
    return out


class ChanceWorker:
    """A daemon thread estimating one position at a time: a request waiting to start is replaced by a newer one
    (the newest position wins), and nothing the caller does ever waits for it."""

    def __init__(self, estimate: Estimator) -> None:
        self._estimate = estimate
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._next: ChanceRequest | None = None
        self._result: tuple[int, tuple[float, ...]] | None = None
        self._stopped = False
        self.timings: list[float] = []  # seconds per finished estimate (for measurements)
        self._thread = threading.Thread(target=self._run, name="catan-winbar", daemon=True)
        self._thread.start()

    def submit(self, request: ChanceRequest) -> None:
        """Ask for an estimate; it replaces a request that has not started yet."""
        with self._lock:
            self._next = request
        self._wake.set()

    def poll(self) -> tuple[int, tuple[float, ...]] | None:
        """The newest finished (key, chances), or None at once when none is new."""
        with self._lock:
            result, self._result = self._result, None
        return result

    def stop(self) -> None:
        """End the thread after its current estimate (never waits)."""
        with self._lock:
            self._stopped = True
            self._next = None
        self._wake.set()

    @property
    def alive(self) -> bool:
        """Whether the thread still runs."""
        return self._thread.is_alive()

    def _run(self) -> None:
        while True:
            self._wake.wait()
            with self._lock:
                self._wake.clear()
                if self._stopped:
                    return
                request, self._next = self._next, None
            if request is None:
                continue
            begin = time.perf_counter()
            try:
                chances = self._estimate(request)
            except Exception:  # a position the coach cannot read must not end the bar's thread
                log.exception("the win-chance estimate failed")
                chances = ()
            with self._lock:
                self.timings.append(time.perf_counter() - begin)
                if len(self.timings) > 1000:
                    del self.timings[:500]
                if chances and not self._stopped:
                    self._result = (request.key, tuple(chances))


class WinBar:
    """The bar's state at one table: whether it is shown, its strip, the estimate asked for and the eased values."""

    def __init__(self, app: Any, game: Any, session: Any, estimator: Estimator | None = None) -> None:
        self.app = app
        self.game = game
        self.session = session
        self.enabled = bar_wanted(session, app.settings)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.font = 14
        self.target: tuple[float, ...] | None = None  # the newest estimate received
        self.shown: tuple[float, ...] | None = None   # what is drawn: eased towards target
        self.target_key = -1
        self.used_with_humans = False  # shown at a table with humans (marked in the game's assists, so its save)
        # A headless screenshot has no frames to wait in: its first estimate is computed at once.
        self.synchronous_first = bool(getattr(app, "read_only", False))
        self.estimator = estimator  # None: the coach's, made on first use (a test may set a fake one)
        self._worker: ChanceWorker | None = None
        self._asked: tuple[int, int | None] | None = None
        self._asks = 0  # the requests' keys: one more per position asked, so a newer answer always wins
        self._panels = PanelCache()
        self._cache: tuple[Any, pygame.Surface] | None = None

    # ------------------------------------------------------------------ layout

    def height(self, scale: float, font: int) -> int:
        """The strip's height: a title line, the bar and a legend line."""
        fs = self._font_size(font)
        return px(8, scale) * 2 + (fs + px(4, scale)) * 2 + px(12, scale) + px(4, scale) * 2

    @staticmethod
    def _font_size(font: int) -> int:
        return max(10, font - 3)

    def carve(self, lay: Any) -> Any:
        """The layout with the bar's strip taken off the top of its log (unchanged when the bar is off or the log is
        too short to give the room)."""
        self.enabled = bar_wanted(self.session, self.app.settings)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale, self.font = float(lay.scale), int(lay.font)
        self._cache = None
        if not self.enabled:
            return lay
        h = self.height(lay.scale, lay.font)
        gap = px(6, lay.scale)
        logr = lay.log
        if logr.h < 3 * h + gap:
            return lay
        self.rect = pygame.Rect(logr.x, logr.y, logr.w, h)
        return dataclasses.replace(lay, log=pygame.Rect(logr.x, logr.y + h + gap, logr.w, logr.h - h - gap))

    def needs_layout(self) -> bool:
        """Whether the bar was switched on or off since the last layout (the table then lays out again)."""
        return bar_wanted(self.session, self.app.settings) != self.enabled

    # ------------------------------------------------------------------ estimates

    def update(self, dt: float) -> None:
        """Ask for the position's estimate when it changed, take a finished one, ease the shown values; never
        waits (but see synchronous_first)."""
        if not self.enabled or not self.rect.w:
            return
        if not self.session.all_ai and not self.used_with_humans:
            self.used_with_humans = True
            note_win_bar(self.game)  # the save and its review say the game was played with the bar on
        position = (int(self.session.revision), reading_seat(self.session))
        if position != self._asked:  # a new action, or the device passed to another person
            self._asked = position
            self._asks += 1
            self._ask(self._asks)
        if self._worker is not None:
            answer = self._worker.poll()
            if answer is not None and answer[0] >= self.target_key:
                self._receive(*answer)
        self._ease(dt)

    @property
    def asked_key(self) -> int:
        """The key of the newest request (one more per position asked; an answer carries its request's key)."""
        return self._asks

    def _ask(self, key: int) -> None:
        if self.game.is_over():
            winner = self.game.winner()
            if winner is not None:
                self._receive(key, tuple(1.0 if p == winner else 0.0 for p in range(self.game.num_players)))
                return
        request = chance_request(self.game, self.session, key)
        if self.synchronous_first and self.target is None:
            self.synchronous_first = False
            try:
                self._receive(key, self._estimate_fn()(request))
                return
            except Exception:
                log.exception("the win-chance estimate failed")
        if self._worker is None:
            self._worker = ChanceWorker(self._estimate_fn())
        self._worker.submit(request)

    def _estimate_fn(self) -> Estimator:
        if self.estimator is None:
            self.estimator = make_estimator()
        return self.estimator

    def _receive(self, key: int, chances: tuple[float, ...]) -> None:
        if len(chances) != self.game.num_players:
            return
        self.target_key = key
        self.target = normalized(chances)
        if self.shown is None:
            self.shown = self.target

    def _ease(self, dt: float) -> None:
        if self.target is None or self.shown is None or self.shown == self.target:
            return
        k = 1.0 - math.exp(-EASE_RATE * max(0.0, dt))
        eased = tuple(s + (t - s) * k for s, t in zip(self.shown, self.target))
        self.shown = self.target if max(abs(a - b) for a, b in zip(eased, self.target)) < 1e-3 else eased

    @property
    def timings(self) -> list[float]:
        """Seconds each estimate of the worker took so far."""
        return list(self._worker.timings) if self._worker is not None else []

    def close(self) -> None:
        """The table is left: stop the worker (never waits)."""
        if self._worker is not None:
            self._worker.stop()
            self._worker = None

    # ------------------------------------------------------------------ drawing

    def shown_percentages(self) -> list[int]:
        """The whole percentages on screen now (summing to 100), empty before the first estimate."""
        return percentages(self.shown) if self.shown is not None else []

    def draw(self, surface: pygame.Surface, name_of: Callable[[int], str], color_of: Callable[[int], Color]) -> None:
        """Draw the strip (a cached image while the values rest)."""
        if not self.enabled or not self.rect.w:
            return
        n = self.game.num_players
        pcts = self.shown_percentages()
        t = self.app.t
        names = tuple(name_of(p) for p in range(n))
        colors = tuple(color_of(p) for p in range(n))
        # The image changes only when a segment's edge moves by a pixel or a figure changes.
        key = (self.rect.size, self._edges(self.rect.w - 2 * px(10, self.scale)), tuple(pcts), names, colors,
               self.app.translator.lang, reading_seat(self.session))
        if self._cache is None or self._cache[0] != key:
            image = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            self._paint(image, pcts, names, colors, t)
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()  # the display's pixel format blits faster every frame
            self._cache = (key, image)
        surface.blit(self._cache[1], self.rect.topleft)

    def _edges(self, width: int) -> tuple[int, ...]:
        """Where each seat's segment ends along a bar of this width (pixels from its left)."""
        if self.shown is None:
            return ()
        out, total = [], 0.0
        for v in self.shown:
            total += v
            out.append(round(total * width))
        return tuple(out)

    def _paint(self, image: pygame.Surface, pcts: list[int], names: tuple[str, ...], colors: tuple[Color, ...],
               t: Callable[..., str]) -> None:
        s = self.scale
        fs = self._font_size(self.font)
        w, h = image.get_size()
        image.blit(self._panels.get((w, h), alpha=220, radius=10), (0, 0))
        pad = px(10, s)
        y = px(8, s)
        title = t("winbar.title")
        title_rect = blit_text(image, title, fs, TEXT, (pad, y), bold=True)
        seat = reading_seat(self.session)
        note = t("winbar.note.watch") if seat is None else t("winbar.note.seat", player=names[seat])
        room = w - 2 * pad - title_rect.w - px(12, s)
        if room > px(40, s):
            note = ellipsize(note, max(9, fs - 1), room)
            blit_text(image, note, max(9, fs - 1), TEXT_DIM, (w - pad, y + 1), "topright")
        y += fs + px(4, s) + px(4, s)
        bar = pygame.Rect(pad, y, w - 2 * pad, px(12, s))
        pygame.draw.rect(image, (20, 24, 32), bar.inflate(2, 2), border_radius=px(4, s))
        if self.shown is None:
            pygame.draw.rect(image, (70, 76, 88), bar, border_radius=px(4, s))
        else:
            x = bar.x
            for p, right in enumerate(bar.x + e for e in self._edges(bar.w)):
                if right > x:
                    pygame.draw.rect(image, colors[p], pygame.Rect(x, bar.y, right - x, bar.h))
                    if right < bar.right:
                        pygame.draw.line(image, (20, 24, 32), (right, bar.y), (right, bar.bottom - 1))
                x = right
        y = bar.bottom + px(4, s) + px(4, s)
        col_w = (w - 2 * pad) // max(1, len(names))
        sw = max(8, fs * 4 // 5)
        pct_texts = [t("winbar.percent", value=pcts[p]) if pcts else "…" for p in range(len(names))]
        texts = [t("winbar.entry", player=name, percent=pct) for name, pct in zip(names, pct_texts)]
        room = col_w - sw - px(6, s) - px(4, s)
        if any(render_text(text, fs, TEXT).get_width() > room for text in texts):
            texts = pct_texts  # the swatches' colours name the seats when the names do not all fit
        for p, text in enumerate(texts):
            x = pad + p * col_w
            swatch = pygame.Rect(x, y + (fs - sw) // 2 + 1, sw, sw)
            pygame.draw.rect(image, colors[p], swatch, border_radius=2)
            pygame.draw.rect(image, (20, 24, 32), swatch, 1, border_radius=2)
            blit_text(image, text, fs, TEXT, (swatch.right + px(5, s), y))
