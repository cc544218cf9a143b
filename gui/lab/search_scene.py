"""The layout lab's fair-board search: rules and options, a background search with progress, then the ranking."""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.registry import BOT_IDS
from game.core.errors import GameError
from game.lab.analysis import Analysis, analyse
from game.lab.layout import LabLayout, beginner_lab_layout
from game.lab.search import Candidate, Constraints
from game.core.batch import resolve_workers
from gui.dialogs import (
    GOLD, GOLD_DARK, PANEL, TEXT, TEXT_DIM, Cycler, ListBox, ListRow, StyledButton, TextField, Toggle, WidgetScene,
    blit_text, draw_heading, ellipsize, fit_text, make_background, px,
)
from gui.fonts import font, wrap_text
from gui.lab.background import RunProgress
from gui.lab.board_layer import LabBoard, Overlay
from gui.lab.prove_options import MODES, REPORTS_FOLDER, format_duration
from gui.lab.search_run import ReportSaver, SearchOptions, SearchOutcome, SearchRun, search_folder, seat_spread
from gui.lab.simulation_report import (
    BAD_COLOR, OK_COLOR, WARN_COLOR, counts_line, ellipsize_start, fairness_lines, format_decimal, format_p,
    format_percent, verdict_lines,
)
from gui.table.sprites import SpriteBook

if TYPE_CHECKING:
    from gui.app import App

CANDIDATE_CHOICES: tuple[int, ...] = (20, 50, 100, 200)
TOP_CHOICES: tuple[int, ...] = (3, 5, 10)
GAME_CHOICES: tuple[int, ...] = (100, 200, 400, 1000)
CLUSTER_CHOICES: tuple[int | None, ...] = (None, 2, 3)
SCORE_CHOICES: tuple[float | None, ...] = (None, 70.0, 80.0, 85.0, 90.0)
TOKEN_CHOICES: tuple[str, ...] = ("spiral", "random")
RULES: tuple[str, ...] = ("no_adjacent_red", "no_equal_neighbours", "no_repeated_numbers", "no_starved")
# The preview's title for the chosen board by how it stands (game.lab.search.status), and its colour.
BEST_TITLES: dict[str, tuple[int, int, int]] = {"passed": OK_COLOR, "undecided": WARN_COLOR, "failed": BAD_COLOR}
#: Column weights of the candidate list and of the ranking.
CANDIDATE_COLUMNS: tuple[float, ...] = (0.5, 3.0, 1.0, 1.7)
RANKING_COLUMNS: tuple[float, ...] = (0.5, 1.9, 0.9, 1.25, 1.25, 1.05, 1.3, 0.95)
DIM_ROW = (128, 134, 146)
#: The bot every seat gets by default: the command line's (the Hard level thinks far too long per move for a search).
DEFAULT_BOT = "normal"

OpenLayout = Callable[[LabLayout], None]


# ------------------------------------------------------------------ the screen


class SearchScene(WidgetScene):
    """Rules and options, then the search with progress and Cancel, then the ranking with a board preview."""

    def __init__(self, app: App, on_open: OpenLayout | None = None, workers: int | str = "auto") -> None:
        self.app = app
        self.on_open = on_open
        self.workers = workers
        self.rules: dict[str, bool] = {rule: rule == "no_adjacent_red" for rule in RULES}
        self.max_cluster: int | None = None
        self.min_score: float | None = None
        self.tokens = "spiral"
        self.candidate_count = 50
        self.simulate_top = 5
        self.games = 100
        self.seed_text = "1"
        self.mode_index = 0
        self.bot = DEFAULT_BOT if DEFAULT_BOT in BOT_IDS else BOT_IDS[0]
        self.run: SearchRun | None = None
        self.outcome: SearchOutcome | None = None
        self.last_progress: RunProgress | None = None
        self.shown_candidates: tuple[tuple[Candidate, ...], int] | None = None
        self.selected: str | None = None
        self.saver: ReportSaver | None = None
        self.saved: tuple[Path, str | None] | None = None
        self.messages: list[str] = []
        self.sprites = SpriteBook(app.art)
        self.preview = LabBoard(self.sprites)
        self._preview_analysis: tuple[LabLayout, Analysis] | None = None
        self.background: pygame.Surface | None = None
        self.list_box: ListBox | None = None
        self.start_button: StyledButton | None = None
        self.cancel_button: StyledButton | None = None
        self.open_button: StyledButton | None = None
        self.save_button: StyledButton | None = None
        self.seed_field: TextField | None = None
        super().__init__(app)

    # ------------------------------------------------------------ state

    @property
    def phase(self) -> str:
        """'setup', 'running' or 'results'."""
        if self.run is not None:
            return "running"
        return "results" if self.outcome is not None else "setup"

    @property
    def report(self) -> dict[str, Any] | None:
        """The finished search's report (None before the end, or when nothing was simulated)."""
        return self.outcome.report if self.outcome is not None else None

    @property
    def mode(self) -> tuple[str, int]:
        """The chosen (variant, players)."""
        return MODES[self.mode_index]

    def constraints(self) -> Constraints:
        """The rules as the command line's constraints."""
        return Constraints(self.rules["no_adjacent_red"], self.rules["no_equal_neighbours"],
                           self.rules["no_repeated_numbers"], self.rules["no_starved"], self.max_cluster,
                           self.min_score, self.tokens)

    def check(self) -> SearchOptions | None:
        """Validate the options: what to search, or None with self.messages saying what is wrong."""
        t = self.app.t
        self.messages = []
        options = None
        if not self.seed_text.isdigit():
            self.messages.append(t("labsearch.error.seed"))
        else:
            variant, players = self.mode
            options = SearchOptions(self.constraints(), self.candidate_count, self.simulate_top, self.games,
                                    int(self.seed_text), variant, players, self.bot)
            try:
                options.plan([beginner_lab_layout()])
            except GameError as exc:
                self.messages.append(t("labsearch.error.options", error=str(exc)))
                options = None
        if self.start_button is not None:
            self.start_button.enabled = options is not None
        return options

    def candidates(self) -> tuple[Candidate, ...]:
        """The boards found so far, best balance score first."""
        if self.outcome is not None:
            return self.outcome.candidates
        return self.shown_candidates[0] if self.shown_candidates is not None else ()

    def ranking(self) -> list[dict[str, Any]]:
        """The simulated boards' report sections, fairest first (the order of the report's search section)."""
        report = self.report
        if report is None:
            return []
        by_name = {section["name"]: section for section in report["layouts"]}
        return [by_name[row["name"]] for row in report["search"]["ranking"]]

    def best_name(self) -> str | None:
        """The fairest board's name, when at least one of its games finished."""
        ranking = self.ranking()
        return ranking[0]["name"] if ranking and ranking[0]["finished"] else None

    def layout_named(self, name: str | None) -> LabLayout | None:
        """A candidate board by name."""
        return next((c.layout for c in self.candidates() if c.layout.name == name), None)

    def section_named(self, name: str | None) -> dict[str, Any] | None:
        """A simulated board's report section by name."""
        return next((s for s in self.ranking() if s["name"] == name), None)

    # ------------------------------------------------------------ actions

    def start(self) -> None:
        """Start the search in the background (only with valid options)."""
        options = self.check()
        if options is None or self.run is not None:
            return
        self.outcome = None
        self.shown_candidates = None
        self.selected = None
        self.saved = None
        self.saver = None
        self.run = SearchRun(options, self.workers)
        self.run.start()
        self.last_progress = self.run.progress()
        self.layout()

    def cancel(self) -> None:
        """Stop the search, keeping the finished games."""
        if self.run is not None:
            self.run.cancel()
            if self.cancel_button is not None:
                self.cancel_button.enabled = False

    def new_search(self) -> None:
        """Back to the options with the same choices."""
        self.outcome = None
        self.shown_candidates = None
        self.selected = None
        self.saved = None
        self.saver = None
        self.layout()

    def back(self) -> None:
        """Esc: cancel a run, otherwise leave the screen."""
        if self.phase == "running":
            self.cancel()
        elif self.app.top is self:
            self.app.pop()

    def on_exit(self) -> None:
        """Leaving the screen stops a search at once."""
        if self.run is not None:
            self.run.abandon()

    def open_selected(self) -> None:
        """Hand the selected board to the editor (its undo can take it back) and return there."""
        layout = self.layout_named(self.selected)
        if layout is None or self.on_open is None:
            return
        on_open = self.on_open
        if self.app.top is self:
            self.app.pop()
        on_open(layout)

    def save(self) -> None:
        """Write the report folder in the background (report.json, charts, summary, best-layout.json)."""
        report = self.report
        if report is None or self.saver is not None:
            return
        root = self.app.save_dir.parent / REPORTS_FOLDER
        self.saver = ReportSaver(report, search_folder(root, datetime.datetime.now()), self.app.translator.lang)
        self.saved = None
        self._update_buttons()

    def select(self, name: str | None) -> None:
        """Show another board in the preview."""
        self.selected = name
        self._update_buttons()

    def update(self, dt: float) -> None:
        """Read the search's progress and candidates; when it ends, show the ranking."""
        if self.saver is not None and self.saved is None:
            self.saved = self.saver.result()
            if self.saved is not None:
                self._update_buttons()
        if self.run is None:
            return
        self.last_progress = self.run.progress()
        found = self.run.candidates()
        if found is not None and self.shown_candidates is None:
            self.shown_candidates = found
            self._fill_list()
        outcome = self.run.outcome()
        if outcome is not None:
            self.run = None
            self.outcome = outcome
            self.selected = None
            self.layout()

    # ------------------------------------------------------------ option setters

    def set_rule(self, rule: str, value: bool) -> None:
        """Turn one of the board rules on or off."""
        self.rules[rule] = value
        self.check()

    def set_choice(self, name: str, value: Any) -> None:
        """Another value of a picked option (max_cluster, min_score, tokens, counts, mode_index, bot)."""
        setattr(self, name, value)
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

    # ------------------------------------------------------------ layout

    def layout(self) -> None:
        """Widgets of the current phase for the current window size."""
        self.background = make_background(self.app.size)
        self.start_button = self.cancel_button = self.open_button = self.save_button = None
        self.seed_field = None
        self.list_box = None
        s = self.scale
        w, h = self.app.size
        self.margin = px(40, s)
        self.button_h = px(50, s)
        self.button_y = h - px(24, s) - self.button_h
        if self.phase == "setup":
            self._layout_setup()
        else:
            self._layout_board_phase()

    def _layout_setup(self) -> None:
        s = self.scale
        w, h = self.app.size
        t = self.app.t
        m = self.margin
        top = px(118, s)
        gap = px(24, s)
        half = (w - 2 * m - gap) // 2
        height = self.button_y - px(18, s) - top
        self.rules_rect = pygame.Rect(m, top, half, height)
        self.options_rect = pygame.Rect(m + half + gap, top, w - 2 * m - half - gap, height)
        row_h = px(38, s)
        step = row_h + px(10, s)
        pad = px(18, s)
        fs = px(17, s)
        widgets: list[Any] = []
        self.option_labels: list[tuple[str, pygame.Rect]] = []

        inner = self.rules_rect.inflate(-2 * pad, 0)
        y = self.rules_rect.y + px(52, s)
        track_w = int((row_h - px(8, s)) * 1.9)
        for rule in RULES:
            toggle = Toggle(pygame.Rect(inner.x, y + px(4, s), inner.width, row_h - px(8, s)), self.rules[rule],
                            lambda v, r=rule: self.set_rule(r, v))
            widgets.append(toggle)
            label_x = inner.x + track_w + px(14, s)
            self.option_labels.append((t(f"labsearch.rule.{rule}"),
                                       pygame.Rect(label_x, y, inner.right - label_x, row_h)))
            y += step
        y += px(6, s)
        label_w = int(inner.width * 0.46)
        control = pygame.Rect(inner.x + label_w, 0, inner.width - label_w, row_h)

        def cluster_label(value: int | None) -> str:
            return t("labsearch.any") if value is None else t("labsearch.cluster_value", count=value)

        def score_label(value: float | None) -> str:
            return t("labsearch.any") if value is None else t("labsearch.score_value", score=self.app.translator.number(value))

        picks: list[tuple[str, str, Sequence[Any], Callable[[Any], str]]] = [
            ("labsearch.max_cluster", "max_cluster", CLUSTER_CHOICES, cluster_label),
            ("labsearch.min_score", "min_score", SCORE_CHOICES, score_label),
            ("labsearch.tokens", "tokens", TOKEN_CHOICES, lambda v: t(f"labsearch.tokens.{v}")),
        ]
        for key, name, choices, label_of in picks:
            widgets.append(self._cycler(control.move(0, y), name, choices, label_of))
            self.option_labels.append((t(key), pygame.Rect(inner.x, y, label_w - px(10, s), row_h)))
            y += step
        rules_bottom = y

        inner = self.options_rect.inflate(-2 * pad, 0)
        label_w = int(inner.width * 0.42)
        control = pygame.Rect(inner.x + label_w, 0, inner.width - label_w, row_h)
        y = self.options_rect.y + px(52, s)
        bot_names = {b: t(f"newgame.ai.{b}") if self.app.translator.has(f"newgame.ai.{b}") else b for b in BOT_IDS}
        counts: list[tuple[str, str, Sequence[Any], Callable[[Any], str]]] = [
            ("labsearch.candidates", "candidate_count", CANDIDATE_CHOICES, str),
            ("labsearch.simulate_top", "simulate_top", TOP_CHOICES, str),
            ("labsearch.games", "games", GAME_CHOICES, str),
            ("labsearch.mode", "mode_index", range(len(MODES)),
             lambda i: t("labsim.mode_label", variant=t(f"variant.{MODES[i][0]}"), count=MODES[i][1])),
            ("labsearch.bots", "bot", BOT_IDS, lambda b: t("labsearch.bots_all", bot=bot_names.get(b, b))),
        ]
        for key, name, choices, label_of in counts:
            widgets.append(self._cycler(control.move(0, y), name, choices, label_of))
            self.option_labels.append((t(key), pygame.Rect(inner.x, y, label_w - px(10, s), row_h)))
            y += step
        field_w = px(130, s)
        self.seed_field = TextField(pygame.Rect(control.x, y, field_w, row_h), self.seed_text, 9, "0123456789",
                                    on_change=self.set_seed, font_size=px(18, s))
        widgets.append(self.seed_field)
        widgets.append(StyledButton(pygame.Rect(control.x + field_w + px(10, s), y,
                                                min(px(160, s), control.width - field_w - px(10, s)), row_h),
                                    t("labsearch.random_seed"), self.random_seed, font_size=px(16, s)))
        self.option_labels.append((t("labsearch.seed"), pygame.Rect(inner.x, y, label_w - px(10, s), row_h)))
        y += step
        self.note_y = y
        bottom = min(self.rules_rect.bottom, max(y + px(64, s), rules_bottom + px(8, s)))
        self.rules_rect.height = self.options_rect.height = bottom - top
        by = self.button_y
        bw = px(220, s)
        widgets.append(StyledButton(pygame.Rect(m, by, bw, self.button_h), t("labsearch.back"), self.app.pop,
                                    font_size=px(19, s)))
        self.start_button = StyledButton(pygame.Rect(w - m - bw, by, bw, self.button_h), t("labsearch.start"),
                                         self.start, "primary", hotkey=pygame.K_RETURN, font_size=px(20, s))
        widgets.append(self.start_button)
        self.widgets = widgets
        self.option_font = fs
        self.check()

    def _cycler(self, rect: pygame.Rect, name: str, choices: Sequence[Any], label_of: Callable[[Any], str]) -> Cycler:
        """A picker of one option; a value set outside the choices (e.g. by a test) is offered too."""
        current = getattr(self, name)
        values = list(choices)
        if current not in values:
            values.append(current)
            if all(isinstance(v, (int, float)) for v in values):
                values.sort()
        return Cycler(rect, values, values.index(current), label_of, lambda v: self.set_choice(name, v),
                      font_size=px(17, self.scale))

    def _layout_board_phase(self) -> None:
        s = self.scale
        w, h = self.app.size
        t = self.app.t
        m = self.margin
        top = px(112, s)
        gap = px(20, s)
        bottom = self.button_y - px(40, s)
        list_w = int((w - 2 * m - gap) * 0.6)
        self.list_rect = pygame.Rect(m, top, list_w, bottom - top)
        self.preview_rect = pygame.Rect(m + list_w + gap, top, w - 2 * m - list_w - gap, bottom - top)
        widgets: list[Any] = []
        by = self.button_y
        if self.phase == "running":
            bw = px(240, s)
            self.cancel_button = StyledButton(pygame.Rect(w - m - bw, by, bw, self.button_h), t("labsearch.cancel"),
                                              self.cancel, "danger", font_size=px(19, s))
            if self.run is not None and self.run.cancel_event.is_set():
                self.cancel_button.enabled = False
            self.bar_rect = pygame.Rect(m, by + (self.button_h - px(30, s)) // 2,
                                        w - 2 * m - bw - px(24, s), px(30, s))
            widgets.append(self.cancel_button)
        else:
            bw = px(230, s)
            bgap = px(14, s)
            widgets.append(StyledButton(pygame.Rect(m, by, bw, self.button_h), t("labsearch.new_search"),
                                        self.new_search, font_size=px(18, s)))
            widgets.append(StyledButton(pygame.Rect(m + bw + bgap, by, bw, self.button_h), t("labsearch.back"),
                                        self.app.pop, font_size=px(18, s)))
            self.open_button = StyledButton(pygame.Rect(w - m - bw, by, bw, self.button_h), t("labsearch.open"),
                                            self.open_selected, "primary", font_size=px(18, s))
            self.save_button = StyledButton(pygame.Rect(w - m - 2 * bw - bgap, by, bw, self.button_h),
                                            t("labsearch.save"), self.save, font_size=px(18, s))
            widgets += [self.save_button, self.open_button]
        pad = px(14, s)
        title_h = px(40, s)
        list_area = pygame.Rect(self.list_rect.x + pad, self.list_rect.y + title_h, self.list_rect.width - 2 * pad,
                                self.list_rect.height - title_h - pad)
        self.list_box = ListBox(list_area, [], on_select=self.select, font_size=px(17, s), row_height=px(32, s))
        widgets.append(self.list_box)
        self.widgets = widgets
        self._fill_list()
        self._update_buttons()

    def _fill_list(self) -> None:
        """The rows of the list: the ranking after a simulation, otherwise the candidates by balance score."""
        box = self.list_box
        if box is None:
            return
        t = self.app.t
        ranking = self.ranking()
        rows: list[ListRow] = []
        if ranking:
            best = self.best_name()
            box.columns = RANKING_COLUMNS
            box.header = (t("labsearch.col.rank"), t("labsim.report.col_layout"), t("labsim.report.col_score"),
                          t("labsim.report.col_seat_p"), t("labsearch.col.spread"),
                          t("labsim.report.col_finished"), t("labsim.report.col_unfinished"),
                          t("labsim.report.col_broken"))
            for i, section in enumerate(ranking):
                played = section["games"] > 0
                color = OK_COLOR if section["name"] == best else (None if played else DIM_ROW)
                rank = f"{i + 1}★" if section["name"] == best else str(i + 1)
                rows.append(ListRow((
                    rank, section["name"], format_decimal(t, float(section["analysis"]["score"])),
                    format_p(t, float(section["seat_test"]["adjusted_p_value"])) if played else "–",
                    format_percent(t, seat_spread(section)) if played else "–",
                    str(section["finished"]), str(section["unfinished"]), str(len(section["broken"])),
                ), section["name"], color))
        else:
            box.columns = CANDIDATE_COLUMNS
            box.header = (t("labsearch.col.rank"), t("labsim.report.col_layout"), t("labsim.report.col_score"),
                          t("labsearch.col.state"))
            simulated = self._simulated_count()
            for i, candidate in enumerate(self.candidates()):
                queued = i < simulated
                rows.append(ListRow((str(i + 1), candidate.layout.name, format_decimal(t, candidate.score),
                                     t("labsearch.state.queued") if queued else t("labsearch.state.skipped")),
                                    candidate.layout.name, None if queued else DIM_ROW))
        box.rows = rows
        names = [row.value for row in rows]
        if self.selected not in names:
            self.selected = names[0] if names else None
        box.selected = names.index(self.selected) if self.selected in names else -1
        box.clamp_scroll()
        self._update_buttons()

    def _simulated_count(self) -> int:
        """How many of the candidates are (or were to be) simulated."""
        if self.outcome is not None and self.outcome.report is None:
            return 0
        options = self.run.options if self.run is not None else None
        return options.simulate_top if options is not None else self.simulate_top

    def _update_buttons(self) -> None:
        if self.open_button is not None:
            self.open_button.enabled = self.on_open is not None and self.layout_named(self.selected) is not None
        if self.save_button is not None:
            self.save_button.enabled = self.report is not None and self.saver is None
            self.save_button.label = self.app.t("labsearch.saving") if self.saver is not None and self.saved is None \
                else self.app.t("labsearch.save")

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Background, heading and the current phase."""
        w, h = surface.get_size()
        s = self.scale
        if self.background is not None and self.background.get_size() == (w, h):
            surface.blit(self.background, (0, 0))
        else:
            surface.fill((22, 26, 34))
        draw_heading(surface, self.app.t("labsearch.title"), (w // 2, px(18, s)), px(34, s))
        if self.phase == "setup":
            self._draw_setup(surface)
        else:
            self._draw_board_phase(surface)
        self.draw_widgets(surface)

    def _draw_setup(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, _ = surface.get_size()
        t = self.app.t
        sub = px(16, s)
        for i, line in enumerate(wrap_text(t("labsearch.subtitle"), sub, w - 2 * self.margin)[:2]):
            blit_text(surface, line, sub, TEXT_DIM, (w // 2, px(68, s) + i * (sub + px(4, s))), "midtop")
        pad = px(18, s)
        for rect, title in ((self.rules_rect, t("labsearch.constraints")),
                            (self.options_rect, t("labsearch.run_options"))):
            self.panels.draw(surface, rect, PANEL, 236, 12, GOLD_DARK)
            size = fit_text(title, px(20, s), rect.width - 2 * pad, True)
            blit_text(surface, title, size, GOLD, (rect.x + pad, rect.y + px(14, s)), bold=True)
        for text, rect in self.option_labels:
            size = fit_text(text, self.option_font, rect.width)
            blit_text(surface, ellipsize(text, size, rect.width), size, TEXT, (rect.x, rect.centery), "midleft")
        rect = self.options_rect
        small = px(15, s)
        notes = [t("labsearch.total_games", count=self.games * self.simulate_top),
                 t("labsim.workers", count=resolve_workers(self.workers))]
        y = self.note_y + px(2, s)
        for note in notes:
            for line in wrap_text(note, small, rect.width - 2 * pad)[:2]:
                if y + small > rect.bottom - px(8, s):
                    break
                blit_text(surface, line, small, TEXT_DIM, (rect.x + pad, y))
                y += small + px(4, s)
        if self.messages:
            left = self.margin + px(240, s)
            lines = [line for message in self.messages for line in wrap_text(message, small, w - 2 * left)][:3]
            y0 = self.button_y + self.button_h // 2 - len(lines) * (small + px(3, s)) // 2
            for i, line in enumerate(lines):
                blit_text(surface, line, small, BAD_COLOR, (w // 2, y0 + i * (small + px(3, s))), "midtop")

    def _summary_line(self) -> str:
        """What is searched: boards dealt and kept, how many simulated, the game, games per board, the seed."""
        t = self.app.t
        options = self.run.options if self.run is not None else None
        found = self.outcome.candidates if self.outcome is not None else None
        tries = self.outcome.tries if self.outcome is not None else 0
        if found is None and self.shown_candidates is not None:
            found, tries = self.shown_candidates
        parts = []
        if found is not None:
            parts.append(t("labsearch.generated", tries=tries, count=len(found)))
        report = self.report
        if report is not None:
            parts += [t("labsearch.simulating_top", count=len(report["layouts"])),
                      t("labsim.mode_label", variant=t(f"variant.{report['variant']}"), count=report["players"]),
                      t("labsearch.games_per_board", count=report["games_per_layout"]),
                      t("labsearch.seed_label", seed=report["seed"])]
        elif options is not None:
            parts += [t("labsearch.simulating_top", count=min(options.simulate_top, len(found or ()))
                        if found is not None else options.simulate_top),
                      t("labsim.mode_label", variant=t(f"variant.{options.variant}"), count=options.players),
                      t("labsearch.games_per_board", count=options.games),
                      t("labsearch.seed_label", seed=options.seed)]
        return " · ".join(parts)

    def _draw_board_phase(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, _ = surface.get_size()
        t = self.app.t
        m = self.margin
        line = self._summary_line()
        if line:
            size = fit_text(line, px(17, s), w - 2 * m)
            blit_text(surface, line, size, TEXT_DIM, (w // 2, px(66, s)), "midtop")
        notice, color = self._notice()
        if notice:
            size = fit_text(notice, px(16, s), w - 2 * m, True)
            blit_text(surface, ellipsize(notice, size, w - 2 * m, True), size, color, (w // 2, px(88, s)),
                      "midtop", bold=True)
        pad = px(14, s)
        self.panels.draw(surface, self.list_rect, PANEL, 236, 12, GOLD_DARK)
        title = t("labsearch.ranking_title") if self.ranking() else t("labsearch.candidates_title")
        size = fit_text(title, px(19, s), self.list_rect.width - 2 * pad, True)
        blit_text(surface, title, size, GOLD, (self.list_rect.x + pad, self.list_rect.y + px(10, s)), bold=True)
        if self.list_box is not None and not self.list_box.rows:
            self.list_box.empty_text = t("labsearch.phase.generating") if self.phase == "running" else ""
        self._draw_preview(surface)
        if self.phase == "running":
            self._draw_progress(surface)
        else:
            self._draw_saved(surface)

    def _notice(self) -> tuple[str, tuple[int, int, int]]:
        """A line under the summary: interrupted, nothing found, cancelled early or failed."""
        t = self.app.t
        outcome = self.outcome
        if outcome is None:
            return "", TEXT
        if outcome.error is not None:
            return t("labsearch.failed", error=outcome.error), BAD_COLOR
        if not outcome.candidates:
            return t("labsearch.none_found", tries=outcome.tries), BAD_COLOR
        if outcome.report is None:
            return t("labsearch.cancelled_early"), WARN_COLOR
        if outcome.report["interrupted"]:
            return t("labsearch.interrupted", count=outcome.report["run"]["games_played"]), WARN_COLOR
        if not outcome.report["search"]["any_passed"]:
            return t("labsearch.none_passed"), BAD_COLOR if outcome.report["search"]["best_status"] == "failed" \
                else WARN_COLOR
        return "", TEXT

    def _draw_preview(self, surface: pygame.Surface) -> None:
        s = self.scale
        t = self.app.t
        rect = self.preview_rect
        self.panels.draw(surface, rect, PANEL, 236, 12, GOLD_DARK)
        pad = px(14, s)
        layout = self.layout_named(self.selected)
        is_best = self.selected is not None and self.selected == self.best_name()
        status = self.report["search"]["best_status"] if is_best and self.report is not None else None
        title = t(f"labsearch.best.{status}") if status in BEST_TITLES else t("labsearch.preview")
        colour = BEST_TITLES.get(status or "", GOLD)
        size = fit_text(title, px(19, s), rect.width - 2 * pad, True)
        blit_text(surface, title, size, colour, (rect.x + pad, rect.y + px(10, s)), bold=True)
        if layout is None:
            return
        name_size = px(18, s)
        name = blit_text(surface, ellipsize(layout.name, name_size, rect.width - 2 * pad, True), name_size, TEXT,
                         (rect.x + pad, rect.y + px(40, s)), bold=True)
        lines = self._preview_lines(layout)
        small = px(15, s)
        wrapped = [(line, color) for text, color in lines for line in wrap_text(text, small, rect.width - 2 * pad)]
        text_h = len(wrapped) * (small + px(4, s))
        board = pygame.Rect(rect.x + pad, name.bottom + px(6, s), rect.width - 2 * pad,
                            rect.bottom - pad - text_h - px(8, s) - name.bottom - px(6, s))
        if board.height > px(80, s):
            if self.preview.rect != board:
                self.preview.place(board)
            self.preview.show(layout)
            self.preview.draw(surface, self._analysis(layout), Overlay(best=False, hex_numbers=False))
        y = rect.bottom - pad - text_h
        for line, color in wrapped:
            blit_text(surface, line, small, color, (rect.x + pad, y))
            y += small + px(4, s)

    def _analysis(self, layout: LabLayout) -> Analysis:
        """The static analysis of the previewed board (kept while it stays selected)."""
        if self._preview_analysis is None or self._preview_analysis[0] is not layout:
            self._preview_analysis = (layout, analyse(layout))
        return self._preview_analysis[1]

    def _preview_lines(self, layout: LabLayout) -> list[tuple[str, tuple[int, int, int]]]:
        """Figures of the selected board: balance score, then its games, seat test and spread of seat wins."""
        t = self.app.t
        score = next((c.score for c in self.candidates() if c.layout is layout), None)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if score is not None:
            lines.append((t("labsearch.score_line", score=format_decimal(t, score)), GOLD))
        section = self.section_named(layout.name)
        if section is None:
            if self.report is not None:
                lines.append((t("labsearch.not_simulated"), TEXT_DIM))
            return lines
        if section["games"] == 0 or not section["finished"]:
            lines.append((counts_line(t, section), WARN_COLOR))
            lines.append((t("labsearch.no_games"), WARN_COLOR))
            return lines
        counts_color = WARN_COLOR if section["unfinished"] or section["broken"] else TEXT_DIM
        lines.append((counts_line(t, section), counts_color))
        lines.append((fairness_lines(t, section)[0], TEXT))
        sentences = verdict_lines(self.app.translator, section)
        if sentences:
            lines.append((sentences[0], TEXT))
        rates = [row["win_rate"] for row in section["seat_positions"]]
        lines.append((t("labsearch.spread_line", low=format_percent(t, min(rates)), high=format_percent(t, max(rates)),
                        spread=format_percent(t, seat_spread(section))), TEXT))
        return lines

    def _draw_progress(self, surface: pygame.Surface) -> None:
        s = self.scale
        t = self.app.t
        progress = self.last_progress
        if progress is None:
            return
        bar = self.bar_rect
        phase_key = {"generating": "labsearch.phase.generating", "starting": "labsearch.phase.starting",
                     "running": "labsearch.phase.running", "stopping": "labsearch.phase.stopping",
                     "ranking": "labsearch.phase.ranking", "done": "labsearch.phase.ranking"}[progress.phase]
        size = px(16, s)
        y = bar.y - px(8, s) - size
        phase = blit_text(surface, ellipsize(t(phase_key), size, bar.width // 2, True), size, GOLD, (bar.x, y),
                          bold=True)
        remaining = progress.remaining if progress.phase in ("running", "stopping") else None
        eta = t("labsearch.eta", time=format_duration(remaining)) if remaining is not None \
            else t("labsearch.eta_unknown")
        figures = " · ".join([t("labsearch.progress", done=progress.done, count=progress.total),
                              t("labsearch.rate", rate=format_decimal(t, progress.rate)), eta])
        room = bar.right - phase.right - px(16, s)
        fs = fit_text(figures, size, room)
        blit_text(surface, ellipsize(figures, fs, room), fs, TEXT, (bar.right, y), "topright")
        pygame.draw.rect(surface, (20, 24, 31), bar, border_radius=bar.height // 2)
        share = progress.done / progress.total if progress.total else 0.0
        if share > 0:
            fill = pygame.Rect(bar.x, bar.y, max(bar.height, int(bar.width * share)), bar.height)
            pygame.draw.rect(surface, GOLD, fill, border_radius=bar.height // 2)
        pygame.draw.rect(surface, GOLD_DARK, bar, 2, border_radius=bar.height // 2)
        blit_text(surface, format_percent(t, share, 0), px(15, s), TEXT, bar.center, "center", bold=True,
                  shadow=True)

    def _draw_saved(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, _ = surface.get_size()
        t = self.app.t
        m = self.margin
        if self.saved is None:
            return
        folder, error = self.saved
        size = px(15, s)
        y = self.button_y - px(28, s)
        if error is not None:
            text = ellipsize(t("labsearch.save_failed", error=error), size, w - 2 * m)
            blit_text(surface, text, size, BAD_COLOR, (m, y))
            return
        prefix = t("labsearch.saved", path="")
        room = w - 2 * m - font(size).size(prefix)[0]
        blit_text(surface, t("labsearch.saved", path=ellipsize_start(str(folder), size, room)), size, OK_COLOR, (m, y))


__all__ = ["SearchScene"]
