"""The layout lab's Prove screen: simulation options, a background run with progress, then the report."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.registry import BOT_IDS
from game.core.errors import GameError, InvalidPosition
from game.core.registry import get_variant
from game.lab.layout import LabLayout
from game.lab.library import file_stem
from game.lab.report import build_report
from game.core.batch import resolve_workers
from game.lab.simulate import SimulationPlan, run_plan
from gui.dialogs import (
    GOLD, GOLD_DARK, PANEL, TEXT, TEXT_DIM, Cycler, StyledButton, TextField, Toggle, WidgetScene, blit_text,
    draw_heading, ellipsize, fit_text, make_background, player_swatch, px,
)
from gui.fonts import font, wrap_text
from gui.lab.background import BackgroundRun, RunProgress, spawn_executor
from gui.lab.names import problem_text
from gui.lab.prove_options import (
    COMMAND, DEFAULT_GAMES, GAME_PRESETS, MAX_GAMES, MODES, REPORTS_FOLDER, SERIES_COLORS, format_duration,
    fresh_folder,
)
from gui.lab.simulation_report import (
    BAD_COLOR, COMPARISON_COLUMNS, EXPERIMENTAL_COLOR, OK_COLOR, RATE_COLUMNS, WARN_COLOR, colour_cells,
    comparison_cells, comparison_headers, counts_line, draw_grouped_rate_chart, draw_rate_chart, draw_table,
    ellipsize_start, fairness_lines, format_decimal, format_percent, position_name, rate_headers, seat_cells,
    verdict_lines,
)

if TYPE_CHECKING:
    from gui.app import App

# ------------------------------------------------------------------ the background run


@dataclass(frozen=True)
class RunOutcome:
    """How a run ended: the report (None if the run failed), the folder written, and any error text."""

    report: dict[str, Any] | None
    folder: Path | None
    write_error: str | None = None
    error: str | None = None


def report_folder(root: Path, layouts: list[LabLayout], when: datetime.datetime) -> Path:
    """A new folder under root named after the layouts and the time, e.g. beginner-2025-01-31-142501."""
    stem = "-vs-".join(file_stem(layout.name) for layout in layouts[:3])[:80].strip("-") or "layout"
    base = f"{stem}-{when:%Y-%m-%d-%H%M%S}"
    return fresh_folder(root, base)


class SimulationRun(BackgroundRun[RunOutcome]):
    """One simulation in a background thread: progress and outcome behind a lock, cancelled at once by an event."""

    def __init__(self, plan: SimulationPlan, workers: int | str, reports_root: Path, lang: str) -> None:
        super().__init__("starting", plan.games * len(plan.layouts), "lab-simulation")
        self.plan = plan
        self.workers = resolve_workers(workers)
        self.reports_root = reports_root
        self.lang = lang

    def _work(self) -> None:
        """Play the games, build the report and write its folder (runs in the thread)."""
        try:
            executor = spawn_executor(self.workers)
            try:
                if executor is not None:
                    self._set_phase("starting")
                run = run_plan(self.plan, workers=self.workers, executor=executor, progress=self._on_progress,
                               cancel=self.cancel_event, chunk_size=2 * self.plan.players)
            finally:
                if executor is not None:
                    executor.shutdown(wait=False, cancel_futures=True)
            if self.abandon_event.is_set():
                self._finish(RunOutcome(None, None, error="abandoned"))
                return
            self._set_phase("writing")
            report = build_report(self.plan, run, COMMAND)
            folder = report_folder(self.reports_root, list(self.plan.layouts), datetime.datetime.now())
            self._finish(RunOutcome(report, folder, write_error=self._write(report, folder)))
        except Exception as exc:  # noqa: BLE001 - the thread's boundary: any failure must reach the screen
            self._finish(RunOutcome(None, None, error=f"{type(exc).__name__}: {exc}"))

    def _write(self, report: dict[str, Any], folder: Path) -> str | None:
        """Write report.json, the charts and the summary page; the error text if that failed."""
        try:
            from game.lab.report_files import write_report

            folder.mkdir(parents=True, exist_ok=True)
            write_report(report, folder, self.lang)
        except (ImportError, OSError, ValueError) as exc:
            return str(exc) or type(exc).__name__
        return None

# ------------------------------------------------------------------ the screen


class SimulationScene(WidgetScene):
    """Options, then a run with progress and Cancel, then the report with its tables and charts."""

    def __init__(self, app: App, layouts: list[LabLayout], workers: int | str = "auto") -> None:
        self.app = app
        self.layouts = list(layouts)
        self.workers = workers
        self.mode_index = 0
        self.bots: dict[str, str] = {}
        self.games_text = str(DEFAULT_GAMES)
        self.seed_text = "1"
        self.free_setup = False
        self.run: SimulationRun | None = None
        self.last_progress: RunProgress | None = None
        self.outcome: RunOutcome | None = None
        self.tab = 0
        self.plan: SimulationPlan | None = None
        self.messages: list[str] = []
        self.layout_errors: dict[int, list[str]] = self._layout_errors()
        self.background: pygame.Surface | None = None
        self.start_button: StyledButton | None = None
        self.cancel_button: StyledButton | None = None
        self.games_field: TextField | None = None
        self.seed_field: TextField | None = None
        super().__init__(app)

    # ------------------------------------------------------------ state

    @property
    def phase(self) -> str:
        """'setup', 'running' or 'report'."""
        if self.outcome is not None:
            return "report"
        return "running" if self.run is not None else "setup"

    @property
    def report(self) -> dict[str, Any] | None:
        """The report shown (None before a run ends, or when it failed)."""
        return self.outcome.report if self.outcome is not None else None

    @property
    def mode(self) -> tuple[str, int]:
        """The chosen (variant, players)."""
        return MODES[self.mode_index]

    def colours(self) -> list[str]:
        """The colours of the chosen game, in seat order."""
        variant, players = self.mode
        return [seat.color for seat in get_variant(variant).default_seats(players)]

    def bot_of(self, colour: str) -> str:
        """The bot chosen for a colour (Normal by default: Hard thinks for seconds a move, too slow for many games)."""
        bot = self.bots.get(colour)
        return bot if bot in BOT_IDS else "normal"

    def any_start_pieces(self) -> bool:
        """Whether some layout comes with pre-placed starting pieces."""
        return any(layout.start for layout in self.layouts)

    def _layout_errors(self) -> dict[int, list[str]]:
        """Per unplayable layout: the reader's message and its translated problems."""
        errors: dict[int, list[str]] = {}
        for i, layout in enumerate(self.layouts):
            try:
                layout.layout_for_game()
            except InvalidPosition as exc:
                lines = [str(exc)]
                lines += [problem_text(self.app_t, p) for p in layout.problems()][:4]
                errors[i] = lines
        return errors

    def app_t(self, key: str, **params: Any) -> str:
        """Translate through the app (a method so helpers can take it before the scene is laid out)."""
        return self.app.t(key, **params)

    def check(self) -> SimulationPlan | None:
        """Validate the options: the plan to run, or None with self.messages saying what is wrong."""
        t = self.app.t
        messages: list[str] = []
        games = int(self.games_text) if self.games_text.isdigit() else 0
        if not 1 <= games <= MAX_GAMES:
            messages.append(t("labsim.error.games", max=MAX_GAMES))
        if not self.seed_text.isdigit():
            messages.append(t("labsim.error.seed"))
        for i, lines in self.layout_errors.items():
            messages.append(f"{self.layouts[i].name}: {t('labsim.unplayable')} {lines[0]}")
        plan = None
        if not messages:
            variant, players = self.mode
            bots = tuple(self.bot_of(c) for c in self.colours())
            try:
                plan = SimulationPlan(tuple(self.layouts), variant, players, bots, games, int(self.seed_text),
                                      self.free_setup and self.any_start_pieces()).validated()
            except GameError as exc:
                messages.append(t("labsim.error.options", error=str(exc)))
        self.messages = messages
        self.plan = plan
        if self.start_button is not None:
            self.start_button.enabled = plan is not None
        return plan

    # ------------------------------------------------------------ actions

    def start(self) -> None:
        """Start the run in the background (only with valid options)."""
        plan = self.check()
        if plan is None or self.run is not None:
            return
        root = self.app.save_dir.parent / REPORTS_FOLDER
        self.run = SimulationRun(plan, self.workers, root, self.app.translator.lang)
        self.run.start()
        self.last_progress = self.run.progress()
        self.layout()

    def cancel(self) -> None:
        """Stop the run, keeping the finished games."""
        if self.run is not None:
            self.run.cancel()
            if self.cancel_button is not None:
                self.cancel_button.enabled = False

    def again(self) -> None:
        """Back to the options with the same choices."""
        self.outcome = None
        self.tab = 0
        self.layout()

    def back(self) -> None:
        """Esc: cancel a run, otherwise leave the screen."""
        if self.phase == "running":
            self.cancel()
        elif self.app.top is self:
            self.app.pop()

    def on_exit(self) -> None:
        """Leaving the screen stops a run at once and writes nothing."""
        if self.run is not None:
            self.run.abandon()

    def update(self, dt: float) -> None:
        """Read the run's progress; when it ends, show the report."""
        if self.run is None:
            return
        self.last_progress = self.run.progress()
        outcome = self.run.outcome()
        if outcome is not None:
            self.run = None
            self.outcome = outcome
            self.tab = 0
            self.layout()

    def set_mode(self, mode: tuple[str, int]) -> None:
        """Another game (the bot rows follow its colours)."""
        self.mode_index = MODES.index(mode)
        self.layout()

    def set_bot(self, colour: str, bot: str) -> None:
        """Another bot for a colour."""
        self.bots[colour] = bot
        self.check()

    def set_games(self, text: str) -> None:
        """Games per layout typed or picked."""
        self.games_text = text.strip()
        self.check()

    def pick_games(self, games: int) -> None:
        """A preset number of games."""
        self.games_text = str(games)
        if self.games_field is not None:
            self.games_field.set_text(self.games_text)
        self.check()

    def set_seed(self, text: str) -> None:
        """Another seed typed."""
        self.seed_text = text.strip()
        self.check()

    def random_seed(self) -> None:
        """A fresh random seed."""
        self.seed_text = str(random.randrange(1, 1_000_000))
        if self.seed_field is not None:
            self.seed_field.set_text(self.seed_text)
        self.check()

    def set_free_setup(self, value: bool) -> None:
        """Whether players place their own first settlements on a layout with pre-placed pieces."""
        self.free_setup = value
        self.check()

    def show_tab(self, tab: int) -> None:
        """Show one layout's section (or the comparison, after the layouts)."""
        self.tab = tab
        self.layout()

    # ------------------------------------------------------------ layout

    def layout(self) -> None:
        """Widgets of the current phase for the current window size."""
        self.background = make_background(self.app.size)
        self.start_button = None
        self.cancel_button = None
        self.games_field = None
        self.seed_field = None
        s = self.scale
        w, h = self.app.size
        self.margin = px(40, s)
        self.button_h = px(50, s)
        self.button_y = h - px(24, s) - self.button_h
        if self.phase == "setup":
            self._layout_setup()
        elif self.phase == "running":
            self._layout_running()
        else:
            self._layout_report()

    def _layout_setup(self) -> None:
        s = self.scale
        w, h = self.app.size
        t = self.app.t
        m = self.margin
        top = px(118, s)
        gap = px(24, s)
        left_w = int((w - 2 * m - gap) * 0.42)
        self.list_rect = pygame.Rect(m, top, left_w, self.button_y - px(18, s) - top)
        self.options_rect = pygame.Rect(m + left_w + gap, top, w - 2 * m - left_w - gap, self.list_rect.height)
        fs = px(18, s)
        pad = px(18, s)
        inner = self.options_rect.inflate(-2 * pad, 0)
        label_w = int(inner.width * 0.36)
        control_x = inner.x + label_w
        control_w = inner.right - control_x
        row_h = px(38, s)
        step = row_h + px(10, s)
        y = self.options_rect.y + px(50, s)
        self.option_labels: list[tuple[str, int, tuple[int, int, int] | None]] = []
        widgets: list[Any] = []

        def variant_label(mode: tuple[str, int]) -> str:
            return t("labsim.mode_label", variant=t(f"variant.{mode[0]}"), count=mode[1])

        self.option_labels.append((t("labsim.mode"), y + row_h // 2, None))
        widgets.append(Cycler(pygame.Rect(control_x, y, control_w, row_h), MODES, self.mode_index, variant_label,
                              self.set_mode, font_size=px(17, s)))
        y += step
        bot_names = {b: t(f"newgame.ai.{b}") if self.app.translator.has(f"newgame.ai.{b}") else b for b in BOT_IDS}
        self.bots_label_y = y - px(4, s)
        y += px(22, s)
        for colour in self.colours():
            self.option_labels.append((t(f"color.{colour}.player") if self.app.translator.has(f"color.{colour}.player")
                                       else colour, y + row_h // 2, player_swatch(colour)))
            widgets.append(Cycler(pygame.Rect(control_x, y, control_w, row_h), BOT_IDS,
                                  BOT_IDS.index(self.bot_of(colour)), lambda b: bot_names.get(b, b),
                                  lambda b, c=colour: self.set_bot(c, b),
                                  font_size=px(17, s)))
            y += step
        self.option_labels.append((t("labsim.games"), y + row_h // 2, None))
        field_w = px(110, s)
        self.games_field = TextField(pygame.Rect(control_x, y, field_w, row_h), self.games_text, 6, "0123456789",
                                     on_change=self.set_games, font_size=fs)
        widgets.append(self.games_field)
        preset_x = control_x + field_w + px(10, s)
        preset_w = (control_w - field_w - px(10, s) - 3 * px(6, s)) // len(GAME_PRESETS)
        for i, games in enumerate(GAME_PRESETS):
            widgets.append(StyledButton(pygame.Rect(preset_x + i * (preset_w + px(6, s)), y, preset_w, row_h),
                                        str(games), lambda g=games: self.pick_games(g), font_size=px(16, s)))
        y += step
        self.option_labels.append((t("labsim.seed"), y + row_h // 2, None))
        self.seed_field = TextField(pygame.Rect(control_x, y, field_w, row_h), self.seed_text, 9, "0123456789",
                                    on_change=self.set_seed, font_size=fs)
        widgets.append(self.seed_field)
        widgets.append(StyledButton(pygame.Rect(preset_x, y, min(px(160, s), control_w - field_w - px(10, s)), row_h),
                                    t("labsim.random_seed"), self.random_seed, font_size=px(16, s)))
        y += step
        self.option_labels.append((t("labsim.free_setup"), y + row_h // 2, None))
        self.free_setup_note_y = y
        self.free_setup_note_x = control_x
        if self.any_start_pieces():
            widgets.append(Toggle(pygame.Rect(control_x, y + px(4, s), px(56, s), row_h - px(8, s)), self.free_setup,
                                  self.set_free_setup, (t("labsim.free_setup_off"), t("labsim.free_setup_on"))))
        y += step
        self.workers_y = y
        by = self.button_y
        bw = px(200, s)
        widgets.append(StyledButton(pygame.Rect(m, by, bw, self.button_h), t("labsim.back"), self.app.pop,
                                    font_size=px(19, s)))
        self.start_button = StyledButton(pygame.Rect(w - m - bw, by, bw, self.button_h), t("labsim.start"), self.start,
                                         "primary", hotkey=pygame.K_RETURN, font_size=px(20, s))
        widgets.append(self.start_button)
        self.widgets = widgets
        self.check()

    def _layout_running(self) -> None:
        s = self.scale
        w, h = self.app.size
        t = self.app.t
        pw = min(w - 2 * self.margin, px(900, s))
        self.run_rect = pygame.Rect((w - pw) // 2, px(150, s), pw, px(300, s))
        bw = px(240, s)
        cancel_rect = pygame.Rect((w - bw) // 2, self.run_rect.bottom + px(30, s), bw, self.button_h)
        self.cancel_button = StyledButton(cancel_rect, t("labsim.cancel"), self.cancel, "danger", font_size=px(19, s))
        if self.run is not None and self.run.cancel_event.is_set():
            self.cancel_button.enabled = False
        self.widgets = [self.cancel_button]

    def _layout_report(self) -> None:
        s = self.scale
        w, h = self.app.size
        t = self.app.t
        m = self.margin
        widgets: list[Any] = []
        report = self.report
        y = px(96, s)
        if report is not None and report["interrupted"]:
            y += px(26, s)
        self.tab_rects: list[pygame.Rect] = []
        if report is not None and len(report["layouts"]) > 1:
            names = [section["name"] for section in report["layouts"]] + [t("labsim.report.comparison")]
            tab_h = px(36, s)
            tab_w = min(px(240, s), (w - 2 * m - px(8, s) * (len(names) - 1)) // len(names))
            for i, name in enumerate(names):
                rect = pygame.Rect(m + i * (tab_w + px(8, s)), y, tab_w, tab_h)
                self.tab_rects.append(rect)
                widgets.append(StyledButton(rect, ellipsize(name, px(16, s), tab_w - px(16, s), True),
                                            lambda i=i: self.show_tab(i), "primary" if i == self.tab else "secondary",
                                            font_size=px(16, s)))
            y += tab_h + px(14, s)
        self.content_top = y
        by = self.button_y
        bw = px(270, s)
        widgets.append(StyledButton(pygame.Rect(m, by, bw, self.button_h), t("labsim.report.again"), self.again,
                                    font_size=px(18, s)))
        widgets.append(StyledButton(pygame.Rect(w - m - bw, by, bw, self.button_h), t("labsim.report.close"),
                                    self.app.pop, "primary", font_size=px(18, s)))
        self.widgets = widgets

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Background, heading and the current phase."""
        w, h = surface.get_size()
        s = self.scale
        t = self.app.t
        if self.background is not None and self.background.get_size() == (w, h):
            surface.blit(self.background, (0, 0))
        else:
            surface.fill((22, 26, 34))
        title = t("labsim.report.title") if self.phase == "report" else t("labsim.title")
        draw_heading(surface, title, (w // 2, px(18, s)), px(34, s))
        if self.phase == "setup":
            self._draw_setup(surface)
        elif self.phase == "running":
            self._draw_running(surface)
        else:
            self._draw_report(surface)
        self.draw_widgets(surface)

    def _draw_setup(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        t = self.app.t
        sub = px(16, s)
        for i, line in enumerate(wrap_text(t("labsim.subtitle"), sub, w - 2 * self.margin)[:2]):
            blit_text(surface, line, sub, TEXT_DIM, (w // 2, px(70, s) + i * (sub + px(4, s))), "midtop")
        self._draw_layout_list(surface)
        rect = self.options_rect
        self.panels.draw(surface, rect, PANEL, 236, 12, GOLD_DARK)
        pad = px(18, s)
        blit_text(surface, t("labsim.options"), px(20, s), GOLD, (rect.x + pad, rect.y + px(14, s)), bold=True)
        label_size = px(17, s)
        label_w = int((rect.width - 2 * pad) * 0.36) - px(10, s)
        blit_text(surface, ellipsize(t("labsim.bots"), px(15, s), rect.width - 2 * pad, True), px(15, s), TEXT_DIM,
                  (rect.x + pad, self.bots_label_y), bold=True)
        for text, cy, swatch in self.option_labels:
            x = rect.x + pad
            if swatch is not None:
                r = px(8, s)
                pygame.draw.circle(surface, (10, 12, 16), (x + px(12, s) + 1, cy + 1), r)
                pygame.draw.circle(surface, swatch, (x + px(12, s), cy), r)
                x += px(28, s)
            size = fit_text(text, label_size, label_w - (x - rect.x - pad))
            blit_text(surface, text, size, TEXT, (x, cy), "midleft")
        if not self.any_start_pieces():
            note = wrap_text(t("labsim.free_setup_none"), px(14, s), rect.right - pad - self.free_setup_note_x)
            for i, line in enumerate(note[:3]):
                blit_text(surface, line, px(14, s), TEXT_DIM,
                          (self.free_setup_note_x, self.free_setup_note_y + px(3, s) + i * px(17, s)))
        count = resolve_workers(self.workers)
        blit_text(surface, t("labsim.workers", count=count), px(15, s), TEXT_DIM,
                  (rect.x + pad, min(rect.bottom - px(26, s), self.workers_y + px(8, s))))
        if self.messages:
            left = self.margin + px(220, s)
            width = w - 2 * left
            size = px(15, s)
            lines = [line for message in self.messages for line in wrap_text(message, size, width)][:3]
            y0 = self.button_y + self.button_h // 2 - len(lines) * (size + px(3, s)) // 2
            for i, line in enumerate(lines):
                blit_text(surface, line, size, BAD_COLOR, (w // 2, y0 + i * (size + px(3, s))), "midtop")

    def _draw_layout_list(self, surface: pygame.Surface) -> None:
        s = self.scale
        t = self.app.t
        rect = self.list_rect
        self.panels.draw(surface, rect, PANEL, 236, 12, GOLD_DARK)
        pad = px(18, s)
        blit_text(surface, t("labsim.layouts"), px(20, s), GOLD, (rect.x + pad, rect.y + px(14, s)), bold=True)
        width = rect.width - 2 * pad
        y = rect.y + px(52, s)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-4, -4))
        small = px(15, s)
        for i, layout in enumerate(self.layouts):
            name_size = px(19, s)
            name_rect = blit_text(surface, ellipsize(layout.name, name_size, width, True), name_size, TEXT,
                                  (rect.x + pad, y), bold=True)
            y = name_rect.bottom + px(4, s)
            tags = []
            if layout.experimental:
                tags.append((t("labsim.experimental").upper(), EXPERIMENTAL_COLOR))
            tags.append((t("labsim.has_start") if layout.start else t("labsim.no_start"), TEXT_DIM))
            x = rect.x + pad
            for text, color in tags:
                bold = color == EXPERIMENTAL_COLOR
                x += px(5, s) if bold else 0
                label = ellipsize(text, small, rect.right - pad - x, bold)
                tag = blit_text(surface, label, small, color, (x, y), bold=bold)
                if bold:
                    pygame.draw.rect(surface, color, tag.inflate(px(10, s), px(4, s)), 1, border_radius=4)
                x = tag.right + px(14, s)
            y += small + px(8, s)
            errors = self.layout_errors.get(i)
            if errors is None:
                blit_text(surface, "✓ " + t("labsim.ready"), small, OK_COLOR, (rect.x + pad, y))
                y += small + px(6, s)
            else:
                blit_text(surface, t("labsim.unplayable"), small, BAD_COLOR, (rect.x + pad, y), bold=True)
                y += small + px(5, s)
                for message in errors:
                    for line in wrap_text(message, small, width - px(12, s))[:3]:
                        blit_text(surface, line, small, BAD_COLOR, (rect.x + pad + px(12, s), y))
                        y += small + px(3, s)
            y += px(14, s)
            if i < len(self.layouts) - 1:
                pygame.draw.line(surface, (58, 66, 82), (rect.x + pad, y - px(7, s)), (rect.right - pad, y - px(7, s)))
        surface.set_clip(clip)

    def _draw_running(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, _ = surface.get_size()
        t = self.app.t
        rect = self.run_rect
        self.panels.draw(surface, rect, PANEL, 236, 12, GOLD_DARK)
        progress = self.last_progress
        pad = px(28, s)
        plan = self.plan
        y = rect.y + px(22, s)
        if plan is not None:
            names = ", ".join(layout.name for layout in plan.layouts)
            size = px(20, s)
            blit_text(surface, ellipsize(names, size, rect.width - 2 * pad, True), size, TEXT, (rect.centerx, y),
                      "midtop", bold=True)
            y += size + px(10, s)
            parts = [t("labsim.mode_label", variant=t(f"variant.{plan.variant}"), count=plan.players),
                     t("labsim.report.games_per_layout", count=plan.games), t("labsim.report.seed", seed=plan.seed)]
            if plan.free_setup:
                parts.append(t("labsim.report.free_setup"))
            line = " · ".join(parts)
            size = fit_text(line, px(16, s), rect.width - 2 * pad)
            blit_text(surface, line, size, TEXT_DIM, (rect.centerx, y), "midtop")
        if progress is None:
            return
        phase_key = {"starting": "labsim.starting", "running": "labsim.running", "stopping": "labsim.stopping",
                     "writing": "labsim.writing", "done": "labsim.writing"}[progress.phase]
        blit_text(surface, t(phase_key), px(22, s), GOLD, (rect.centerx, rect.y + px(100, s)), "midtop", bold=True)
        bar = pygame.Rect(rect.x + pad, rect.y + px(146, s), rect.width - 2 * pad, px(34, s))
        pygame.draw.rect(surface, (20, 24, 31), bar, border_radius=bar.height // 2)
        share = progress.done / progress.total if progress.total else 0.0
        if share > 0:
            fill = pygame.Rect(bar.x, bar.y, max(bar.height, int(bar.width * share)), bar.height)
            pygame.draw.rect(surface, GOLD, fill, border_radius=bar.height // 2)
        pygame.draw.rect(surface, GOLD_DARK, bar, 2, border_radius=bar.height // 2)
        percent = format_percent(t, share, 0)
        blit_text(surface, percent, px(17, s), TEXT, bar.center, "center", bold=True, shadow=True)
        size = px(18, s)
        y = bar.bottom + px(20, s)
        blit_text(surface, t("labsim.progress", done=progress.done, count=progress.total), size, TEXT,
                  (bar.x, y), bold=True)
        blit_text(surface, t("labsim.rate", rate=format_decimal(t, progress.rate)), size, TEXT, (bar.right, y),
                  "topright")
        y += size + px(14, s)
        remaining = progress.remaining
        eta = t("labsim.eta", time=format_duration(remaining)) if remaining is not None else t("labsim.eta_unknown")
        blit_text(surface, eta, size, TEXT_DIM, (bar.x, y))
        blit_text(surface, t("labsim.elapsed", time=format_duration(progress.elapsed)), size, TEXT_DIM,
                  (bar.right, y), "topright")

    def _draw_report(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        t = self.app.t
        m = self.margin
        outcome = self.outcome
        report = self.report
        if outcome is None:
            return
        if report is None:
            lines = wrap_text(t("labsim.failed", error=outcome.error or ""), px(18, s), w - 2 * m)
            for i, line in enumerate(lines[:8]):
                blit_text(surface, line, px(18, s), BAD_COLOR, (w // 2, px(120, s) + i * px(24, s)), "midtop")
            return
        parts = [t("labsim.mode_label", variant=t(f"variant.{report['variant']}"), count=report["players"]),
                 t("labsim.report.games_per_layout", count=report["games_per_layout"]),
                 t("labsim.report.seed", seed=report["seed"])]
        if report["free_setup"]:
            parts.append(t("labsim.report.free_setup"))
        line = " · ".join(parts)
        size = fit_text(line, px(17, s), w - 2 * m)
        blit_text(surface, line, size, TEXT_DIM, (w // 2, px(66, s)), "midtop")
        if report["interrupted"]:
            text = t("labsim.report.interrupted", count=report["run"]["games_played"])
            size = fit_text(text, px(17, s), w - 2 * m, True)
            blit_text(surface, text, size, WARN_COLOR, (w // 2, px(92, s)), "midtop", bold=True)
        area = pygame.Rect(m, self.content_top, w - 2 * m, self.button_y - px(36, s) - self.content_top)
        if self.tab < len(report["layouts"]):
            self._draw_section(surface, area, report, report["layouts"][self.tab])
        else:
            self._draw_comparison(surface, area, report)
        size = px(15, s)
        if outcome.write_error is not None:
            text = ellipsize(t("labsim.report.write_failed", error=outcome.write_error), size, w - 2 * m)
            blit_text(surface, text, size, BAD_COLOR, (m, self.button_y - px(26, s)))
        elif outcome.folder is not None:
            prefix = t("labsim.report.folder", path="")
            path_room = w - 2 * m - fit_text_width(prefix, size)
            text = t("labsim.report.folder", path=ellipsize_start(str(outcome.folder), size, path_room))
            blit_text(surface, text, size, TEXT_DIM, (m, self.button_y - px(26, s)))

    def _draw_section(self, surface: pygame.Surface, area: pygame.Rect, report: dict[str, Any],
                      section: dict[str, Any]) -> None:
        s = self.scale
        t = self.app.t
        has = self.app.translator.has
        gap = px(20, s)
        left = pygame.Rect(area.x, area.y, int(area.width * 0.57), area.height)
        right = pygame.Rect(left.right + gap, area.y, area.right - left.right - gap, area.height)
        y = left.y
        name_size = px(22, s)
        name = blit_text(surface, ellipsize(section["name"], name_size, left.width // 2, True), name_size, TEXT,
                         (left.x, y), bold=True)
        x = name.right + px(14, s)
        small = px(14, s)
        if section.get("experimental"):
            tag = blit_text(surface, t("labsim.experimental").upper(), small, EXPERIMENTAL_COLOR,
                            (x + px(5, s), name.centery), "midleft", bold=True)
            pygame.draw.rect(surface, EXPERIMENTAL_COLOR, tag.inflate(px(10, s), px(4, s)), 1, border_radius=4)
            x = tag.right + px(16, s)
        count_size = fit_text(counts_line(t, section), small, max(40, left.right - x))
        blit_text(surface, counts_line(t, section), count_size,
                  WARN_COLOR if section["unfinished"] or section["broken"] else TEXT_DIM, (x, name.centery),
                  "midleft")
        y = name.bottom + px(8, s)
        size = px(17, s)
        lines = [line for sentence in verdict_lines(self.app.translator, section)
                 for line in wrap_text(sentence, size, left.width, True)]
        for line in lines[:4]:
            blit_text(surface, line, size, GOLD, (left.x, y), bold=True)
            y += size + px(4, s)
        y += px(4, s)
        size = px(15, s)
        for text in fairness_lines(t, section):
            for line in wrap_text(text, size, left.width)[:2]:
                blit_text(surface, line, size, TEXT, (left.x, y))
                y += size + px(3, s)
        y += px(8, s)
        table_h = (left.bottom - y - px(10, s)) // 2
        seats = pygame.Rect(left.x, y, left.width, table_h)
        colours = pygame.Rect(left.x, seats.bottom + px(10, s), left.width, table_h)
        draw_table(surface, seats, t("labsim.report.seat_table"), rate_headers(t, "labsim.report.col_seat"),
                   seat_cells(t, section), RATE_COLUMNS, s)
        swatches = [player_swatch(row["colour"]) for row in section["colours"]]
        draw_table(surface, colours, t("labsim.report.colour_table"), rate_headers(t, "labsim.report.col_colour"),
                   colour_cells(t, section, has), RATE_COLUMNS, s, swatches)
        chart_h = (right.height - gap // 2) // 2
        parity = 1 / report["players"]
        parity_text = t("labsim.report.parity", value=format_percent(t, parity))
        draw_rate_chart(surface, pygame.Rect(right.x, right.y, right.width, chart_h), t("labsim.report.chart_seat"),
                        [position_name(t, row["position"]) for row in section["seat_positions"]],
                        section["seat_positions"], [GOLD] * len(section["seat_positions"]), parity, parity_text, t, s)
        draw_rate_chart(surface, pygame.Rect(right.x, right.bottom - chart_h, right.width, chart_h),
                        t("labsim.report.chart_colour"), [row[0] for row in colour_cells(t, section, has)],
                        section["colours"], swatches, parity, parity_text, t, s)

    def _draw_comparison(self, surface: pygame.Surface, area: pygame.Rect, report: dict[str, Any]) -> None:
        s = self.scale
        t = self.app.t
        rows = comparison_cells(t, report)
        note_size = px(15, s)
        notes = wrap_text(t("labsim.report.comparison_note"), note_size, area.width)[:3]
        row_h = px(34, s)
        table_h = min(area.height // 2, px(50, s) + row_h * (len(rows) + 1))
        colors = [EXPERIMENTAL_COLOR if section.get("experimental") else None for section in report["layouts"]]
        draw_table(surface, pygame.Rect(area.x, area.y, area.width, table_h), t("labsim.report.comparison"),
                   comparison_headers(t), rows, COMPARISON_COLUMNS, s, row_colors=colors)
        y = area.y + table_h + px(12, s)
        for line in notes:
            blit_text(surface, line, note_size, TEXT_DIM, (area.x, y))
            y += note_size + px(4, s)
        y += px(10, s)
        if area.bottom - y < px(160, s):
            return
        sections = report["layouts"]
        parity = 1 / report["players"]
        names = [section["name"] for section in sections]
        draw_grouped_rate_chart(surface, pygame.Rect(area.x, y, area.width, area.bottom - y),
                                t("labsim.report.chart_seat_layouts"),
                                [position_name(t, row["position"]) for row in sections[0]["seat_positions"]],
                                [section["seat_positions"] for section in sections], names, SERIES_COLORS,
                                parity, t("labsim.report.parity", value=format_percent(t, parity)), t, s)


def fit_text_width(text: str, size: int) -> int:
    """The width in pixels of a line of text at a size."""
    return font(size).size(text)[0]


__all__ = ["MODES", "RunOutcome", "RunProgress", "SimulationRun", "SimulationScene", "report_folder"]
