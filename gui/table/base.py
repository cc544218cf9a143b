"""What every game table shares: session wiring, AI pacing, the pass screen, the watch bar, the menu and dialogs.

A game's table (the Catan board, the quick card game) subclasses TableScene and fills in the hooks: its layout, its
action buttons, the dialogs its rules ask for, and how it draws. No game rule lives here.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.actions import Action, Event
from game.core.assists import note_hint
from game.core.errors import GameError
from game.core.game import Game
from game.core.log_events import replayed_events
from gui.dialogs import px
from gui.fonts import render_text
from gui.levels import level_id
from gui.scene import Scene
from gui.session import GameSession
from gui.table.action_marks import ActionSpot
from gui.table.buttons import CostButton
from gui.table.dialogs import MenuDialog, PassScreen, TableDialog
from gui.table.log_view import LogEntry, LogView
from gui.table.panels import PanelCache, draw_top_bar
from gui.table.sprites import SpriteBook
from gui.table.stats_panel import STATS_KEY, StatsPanel, stats_tooltip
from gui.table.hint_job import HintJob, hint_text
from gui.table.win_bar import WinBar
from gui.toast import Toast
from gui.tour import Tour, TourStep, table_steps
from gui.widgets import draw_tooltip

if TYPE_CHECKING:
    from gui.app import App

log = logging.getLogger(__name__)

WATCH_SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
END_DELAY = 1.2

ButtonSpec = tuple[str, str, Callable[[], None], tuple[int, ...]]


class TableScene(Scene, ABC):
    """A game table around one GameSession: humans by clicks (hot seat), AIs through the session's worker."""

    resource_names: tuple[str, ...] = ()  # icon names of the game's resources, in the game's order
    button_font = 16
    button_icon = 24
    button_gap = 8
    primary_buttons: tuple[str, ...] = ("pause",)
    win_bar: WinBar | None = None  # the win-chance bar, where the family's table places one
    hint_job: HintJob | None = None  # 'what would Hard do?' being worked out (key H)

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        # autosave_target is None in a read_only (headless) app: its tables never write the user's autosave.
        autosave = getattr(app, "autosave_target", getattr(app, "autosave_path", None))
        self.session = GameSession(game, autosave_path=autosave,
                                   ai_speed=lambda: getattr(self.app.settings, "ai_speed", 1.0),
                                   think_seconds=lambda: getattr(self.app.settings, "hard_think_seconds", None),
                                   allow_undo=lambda: getattr(self.app.settings, "allow_undo", True))
        self.session.listeners.append(self._on_applied)
        self.tour: Tour | None = None  # the first-game tour while it is up
        sound = getattr(app, "sound", None)
        if sound is not None:
            self.session.listeners.append(sound.on_game_events)
        self.panels = PanelCache()
        self.sprites = SpriteBook(app.art)
        self.log = LogView()
        self.dialog: TableDialog | None = None
        self._dialog_auto = False
        self.pass_screen: PassScreen | None = None
        self.buttons: dict[str, CostButton] = {}
        self.hover_pos: tuple[int, int] = (-1, -1)
        self.clock = 0.0
        self.toast: tuple[str, float] = ("", 0.0)
        self.notice = Toast()  # fading notes that block nothing (saved, ...)
        self.end_timer = 0.0
        self.end_shown = False
        self._view_key: Any = None
        self._view: Any = None
        self._controls_key: Any = None
        self._small: dict[Any, pygame.Surface] = {}
        self.stats_panel: StatsPanel | None = None  # a table whose game keeps statistics sets its panel

    def _start(self) -> None:
        """Called at the end of a subclass's __init__: lay out, log the game so far, open the right overlays."""
        self.lay = self._compute_layout(self.app.size)
        self.relayout(self.app.size)
        self._rebuild_log()
        self._sync_overlays()

    def _rebuild_log(self) -> None:
        """Write the log of the game so far: the set-up, and for a loaded game every action replayed from its start
        (the same lines the table wrote while it was played)."""
        if not self.game.log:
            self.log.add([e for ev in getattr(self.game, "initial_events", []) for e in self.narrator.describe(ev)])
            return
        try:
            initial, steps = replayed_events(self.game)
        except GameError as exc:  # the game was verified on load; a replay that fails anyway keeps the table open
            log.warning("the log could not be rebuilt: %s", exc)
            self.log.add([LogEntry(self.app.t("table.log.resumed", count=len(self.game.log)), None, True)])
            return
        self.log.add([e for ev in initial for e in self.narrator.describe(ev)])
        for action, events in steps:
            self.log.add(self._log_lines(action, events))

    # ------------------------------------------------------------------ hooks

    @abstractmethod
    def _compute_layout(self, size: tuple[int, int]) -> Any:
        """The game's layout for a window size."""

    def _layout_parts(self) -> None:
        """Lay out the game's own parts after self.lay changed."""

    def _art_changed(self) -> None:
        """The art set changed (self.sprites is new)."""

    @abstractmethod
    def _action_specs(self) -> tuple[list[ButtonSpec], int, int]:
        """The action buttons of a human's turn and their grid (columns, rows)."""

    def _extra_buttons(self, font_size: int) -> None:
        """Buttons beyond the action grid."""

    def _tooltip_for(self, bid: str) -> str:
        return ""

    def _controls_extra(self) -> tuple[Any, ...]:
        return ()

    def _refresh_actions(self) -> None:
        """Enable the action buttons for the human who may act."""

    def _forget_caches(self) -> None:
        """Forget the game's own cached answers (the game changed from outside)."""

    def _new_pass_screen(self) -> None:
        """A pass screen just went up."""

    def _wanted_dialog(self, human: int) -> type[TableDialog] | None:
        """The dialog the game waits for from the acting human, if any."""
        return None

    def _log_lines(self, action: Action, events: list[Event]) -> list[LogEntry]:
        """The log lines of one applied action (played now or replayed on load)."""
        return [line for e in events for line in self.narrator.describe(e)]

    @abstractmethod
    def _on_applied(self, action: Action, events: list[Event]) -> None:
        """React to an applied action (animations, notes)."""

    def _hold(self) -> bool:
        """Whether the AI (and the end of the game screen) should wait, e.g. for animations."""
        return False

    def _tick(self, dt: float) -> None:
        """Advance the game's own timers and animations."""

    def _escape(self) -> None:
        self.open_dialog("menu")

    def _action_key(self, key: int) -> None:
        """A shortcut key of a human's turn."""

    def _on_hover(self, pos: tuple[int, int]) -> None:
        """The mouse moved over the table (no overlay up)."""

    def _click_table(self, pos: tuple[int, int]) -> None:
        """A left click on the table that hit no button."""

    def _table_tooltip(self, pos: tuple[int, int]) -> str | None:
        return None

    def action_spots(self, action: dict[str, Any]) -> list[ActionSpot]:
        """Where a recorded action (as saved: a dict) lands on this table, for the review's mark; [] where the
        table does not place it (the action is then shown in words only)."""
        return []

    @abstractmethod
    def open_dialog(self, name: str) -> None:
        """Open one of the game's dialogs by name (also for screenshots)."""

    # ------------------------------------------------------------------ prompt

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """The top bar's line and the colour of the seat it concerns: game over, pass screen, an AI thinking,
        or what the human seat on turn must do (asked of the game's table)."""
        t = self.app.t
        g = self.game
        if g.is_over():
            w = g.winner() or 0
            return t("table.prompt.game_over", player=self.player_name(w)), self.player_color(w)
        if self.session.replay:
            actor = self.session.actor()
            if actor is None:
                return t("replay.title"), (200, 200, 200)
            return t("replay.prompt", player=self.player_name(actor)), self.player_color(actor)
        if self.session.pass_to is not None:
            p = self.session.pass_to
            return t("table.prompt.pass", player=self.player_name(p)), self.player_color(p)
        actor = self.session.actor()
        if actor is None:
            return "", (200, 200, 200)
        name, color = self.player_name(actor), self.player_color(actor)
        if not self.session.is_human(actor):
            if self.session.all_ai and self.session.paused:
                return t("table.prompt.paused"), color
            return t("table.prompt.ai", player=name), color
        return self._actor_prompt(actor, name), color

    @abstractmethod
    def _actor_prompt(self, actor: int, name: str) -> str:
        """What the human seat on turn (or answering) must do now."""

    @abstractmethod
    def player_color(self, player: int) -> tuple[int, int, int]:
        """A seat's colour on screen."""

    # ------------------------------------------------------------------ names, icons

    def player_name(self, player: int) -> str:
        """A seat's display name (colour ids become translated colour names)."""
        if not 0 <= player < len(self.game.seats):
            return "?"
        seat = self.game.seats[player]
        if seat.name == seat.color:
            key = f"color.{seat.color}.player"
            text = self.app.t(key)
            return text if text != key else seat.name
        return seat.name

    @property
    def ui_factor(self) -> float:
        """The player's UI scale setting (1.0 = the layout's own scale)."""
        return float(getattr(self.app.settings, "ui_scale", 1.0))

    def player_level(self, player: int) -> str:
        """An AI seat's level id ('easy', 'normal', 'hard'; old 'heuristic' saves give 'normal'); '' for a human."""
        if not 0 <= player < len(self.game.seats):
            return ""
        return level_id(self.game.seats[player].controller)

    def icon(self, r: int, size: int, dim: bool = False) -> pygame.Surface:
        """A resource icon (dimmed for disabled buttons)."""
        img = self.sprites.get("icon", self.resource_names[r], max(8, size))
        if not dim:
            return img
        key = ("dim", r, size)
        out = self._small.get(key)
        if out is None:
            out = self._small[key] = img.copy()
            out.set_alpha(110)
        return out

    def veil(self, size: tuple[int, int], alpha: int) -> pygame.Surface:
        """A dark translucent full-window surface (cached)."""
        key = ("veil", size, alpha)
        out = self._small.get(key)
        if out is None:
            out = self._small[key] = pygame.Surface(size, pygame.SRCALPHA)
            out.fill((8, 10, 14, alpha))
        return out

    # ------------------------------------------------------------------ state shortcuts

    @property
    def view(self) -> Any:
        """The view of the seat whose screen this is (public view in watch mode)."""
        key = (self.session.revision, self.session.viewer)
        if key != self._view_key:
            self._view = self.game.view(self.session.viewer)
            self._view_key = key
        return self._view

    def actor_legal(self) -> list[Action]:
        """Legal actions of the human who may act now (empty otherwise)."""
        human = self.session.human_actor()
        return self.session.legal(human) if human is not None else []

    def _legal_of(self, cls: type) -> list[Any]:
        return [a for a in self.actor_legal() if isinstance(a, cls)]

    # ------------------------------------------------------------------ layout and buttons

    def relayout(self, size: tuple[int, int]) -> None:
        """Compute every rectangle for a window size and rebuild the buttons."""
        if self.sprites.art is not self.app.art:
            self.sprites = SpriteBook(self.app.art)
            self._art_changed()
            self._small.clear()
        self.lay = self._compute_layout(size)
        self._layout_parts()
        self.log.rect = self.lay.log
        self._build_buttons()
        self._controls_key = None
        self._refresh_controls()
        if self.dialog is not None:
            self.dialog.layout(self.lay.board, self.lay.scale)
        if self.pass_screen is not None:
            self.pass_screen.layout(self.lay.size, self.lay.scale)

    def _build_buttons(self) -> None:
        lay = self.lay
        t = self.app.t
        s = lay.scale
        fs = px(self.button_font, s)
        icon_size = px(self.button_icon, s)

        def icons(r: int, dim: bool) -> pygame.Surface:
            return self.icon(r, icon_size, dim)

        self.buttons = {}
        gap = px(self.button_gap, s)
        area = lay.actions
        if self.session.replay:
            specs: list[ButtonSpec] = []
            cols, rows = 1, 1
        elif self.session.all_ai:
            specs = [("pause", "table.watch.pause", self._toggle_pause, ()),
                     ("step", "table.watch.step", self.session.step_once, ()),
                     ("slower", "table.watch.slower", lambda: self._watch_speed(-1), ()),
                     ("faster", "table.watch.faster", lambda: self._watch_speed(1), ())]
            cols, rows = (4, 1) if area.w >= 6 * area.h else (2, 2)  # a wide strip holds them in one row
        else:
            specs, cols, rows = self._action_specs()
        bw = (area.w - gap * (cols - 1)) // cols
        bh = (area.h - gap * (rows - 1)) // rows
        for i, (bid, key, fn, cost) in enumerate(specs):
            r, c = divmod(i, cols)
            rect = pygame.Rect(area.x + c * (bw + gap), area.y + r * (bh + gap), bw, bh)
            style = "primary" if bid in self.primary_buttons else "secondary"
            self.buttons[bid] = CostButton(rect, t(key), fn, cost=cost, icons=icons, style=style, font_size=fs)
        if not self.session.all_ai and not self.session.replay:
            self._extra_buttons(fs)
        menu = pygame.Rect(0, 0, px(120, s), lay.top.h - px(12, s))
        menu.midright = (lay.top.right - px(8, s), lay.top.centery)
        if self.session.replay:
            self.buttons["menu"] = CostButton(menu, t("replay.close"), self._replay_close, font_size=fs)
        else:
            self.buttons["menu"] = CostButton(menu, "☰ " + t("table.menu.button"), lambda: self.open_dialog("menu"),
                                              font_size=fs)
        if not self.session.all_ai and not self.session.replay:
            undo = pygame.Rect(0, 0, px(120, s), menu.h)
            undo.midright = (menu.x - px(8, s), lay.top.centery)
            self.buttons["undo"] = CostButton(undo, "↶ " + t("undo.button"), self.undo, font_size=fs)
        if self.stats_panel is not None and not self.session.replay:
            beside = self.buttons["undo" if "undo" in self.buttons else "menu"].rect
            stats = pygame.Rect(0, 0, px(130, s), menu.h)
            stats.midright = (beside.x - px(8, s), lay.top.centery)
            self.buttons["stats"] = CostButton(stats, t("stats.button"), self.toggle_stats, font_size=fs,
                                               style="primary" if self.stats_panel.open else "secondary")
        for bid, b in self.buttons.items():
            b.tooltip = stats_tooltip(t) if bid == "stats" else self._tooltip_for(bid)

    def toggle_stats(self) -> None:
        """Show the live statistics in place of the log, or the log again (the I key and the Statistics button)."""
        if self.stats_panel is None:
            return
        self.stats_panel.toggle()
        if "stats" in self.buttons:
            self.buttons["stats"].style = "primary" if self.stats_panel.open else "secondary"

    def _click_stats(self, pos: tuple[int, int]) -> bool:
        """A click on the open panel's close button closes it; whether it did."""
        if self.stats_panel is not None and self.stats_panel.open and self.stats_panel.close_rect.collidepoint(pos):
            self.toggle_stats()
            return True
        return False

    def stats_open(self) -> bool:
        """Whether the statistics panel covers the log now."""
        return self.stats_panel is not None and self.stats_panel.open

    def stats_rect(self) -> pygame.Rect:
        """Where the statistics panel goes: the log's place."""
        return self.lay.log

    def _draw_stats(self, surface: pygame.Surface) -> None:
        """The statistics panel in its place, while it is open."""
        if self.stats_panel is not None:
            self.stats_panel.draw(surface, self.stats_rect())

    def button_rect(self, bid: str) -> pygame.Rect:
        """Screen rect of a button by id (the action buttons, menu; watch mode: pause, step, slower, faster)."""
        return self.buttons[bid].rect

    def pass_button_rect(self) -> pygame.Rect | None:
        """Screen rect of the pass screen's button, when it is up."""
        if self.pass_screen is None or self.pass_screen.button is None:
            return None
        return self.pass_screen.button.rect

    def _refresh_controls(self) -> None:
        key = (self.session.revision, self.session.human_actor(), self.session.paused, self.session.watch_speed,
               self.pass_screen is None, getattr(self.app.settings, "allow_undo", True)) + self._controls_extra()
        if key == self._controls_key or self.session.replay:
            return
        self._controls_key = key
        b = self.buttons
        if "undo" in b:
            status = self.session.undo_status()
            b["undo"].enabled = status.possible and self.pass_screen is None
            b["undo"].tooltip = (self.app.t("undo.tooltip", count=status.count) if status.possible
                                 else self.app.t(status.reason))
        if self.session.all_ai:
            b["pause"].label = self.app.t("table.watch.resume" if self.session.paused else "table.watch.pause")
            b["step"].enabled = self.session.paused
            b["slower"].enabled = self.session.watch_speed > WATCH_SPEEDS[0]
            b["faster"].enabled = self.session.watch_speed < WATCH_SPEEDS[-1]
            if self.game.is_over():  # nothing is left to watch: the controls go quiet with the game
                for bid in ("pause", "step", "slower", "faster"):
                    b[bid].enabled = False
            return
        self._refresh_actions()

    # ------------------------------------------------------------------ actions

    def act(self, action: Action) -> bool:
        """Apply a human action; an illegal one shows a note instead. Returns whether it was applied."""
        try:
            self.session.apply(action)
        except GameError as exc:
            log.info("refused %r: %s", action, exc)
            self.show_toast(self.app.t("table.illegal"))
            return False
        return True

    def undo(self) -> bool:
        """Take back the acting human's newest action (the rules model decides); the log drops its lines."""
        if self.pass_screen is not None:
            return False
        try:
            self.session.undo()
        except GameError as exc:
            reason = getattr(exc, "reason", "")
            self.show_toast(self.app.t(reason) if reason else self.app.t("table.illegal"))
            return False
        if self.dialog is not None and not isinstance(self.dialog, MenuDialog):
            self.dialog = None
            self._dialog_auto = False
        self.log.clear()
        self._rebuild_log()
        self.game_changed()
        self.show_toast(self.app.t("undo.done"), 1.5)
        return True

    def enter_replay(self, close: Callable[[], None]) -> None:
        """Make this table a read-only view for the replay viewer: no seat takes input, no AI plays, nothing is
        saved; the menu button becomes `close`."""
        session = self.session
        session.cancel_ai()
        session.replay = True
        session.human_seats = ()
        session.viewer = -1
        session.pass_to = None
        session.autosave_path = None
        self._replay_close = close
        self.dialog = None
        self._dialog_auto = False
        self.pass_screen = None
        self.end_shown = True
        self.relayout(self.app.size)
        self.game_changed()

    def _replay_close(self) -> None:
        self.app.pop()

    def game_changed(self) -> None:
        """The game was changed from outside (a test, an editor): forget cached answers, open the right overlays."""
        self.session.reset_ai()
        self._view_key = self._controls_key = None
        self._forget_caches()
        self._sync_overlays()

    # ------------------------------------------------------------------ dialogs and overlays

    def _dialog_player(self) -> int:
        """Whom a dialog opened by name is for: the acting human, else the viewer, else the actor."""
        player = self.session.human_actor()
        if player is None:
            player = self.session.viewer if self.session.viewer >= 0 else (self.session.actor() or 0)
        return player

    def _open(self, dialog: TableDialog, auto: bool = False) -> None:
        self.dialog = dialog
        self._dialog_auto = auto
        dialog.layout(self.lay.board, self.lay.scale)

    def close_dialog(self, dialog: TableDialog | None = None) -> None:
        """Close the open dialog (or only the given one)."""
        if dialog is None or dialog is self.dialog:
            self.dialog = None
            self._dialog_auto = False
            self._sync_overlays()

    def show_rules(self) -> None:
        """Open the rules almanac at this game's rules (Back returns to the table)."""
        self.close_dialog()
        self.app.go("rules_for", game=self.game)

    def save_dialog(self) -> None:
        """Open the save dialog of the app."""
        self.close_dialog()
        self.app.push("save", game=self.game)

    def load_dialog(self) -> None:
        """Open the load dialog of the app."""
        self.close_dialog()
        self.app.push("load")

    def leave(self) -> None:
        """Back to the main menu (autosaving first)."""
        self.close_dialog()
        self.session.autosave()
        back = getattr(self.app, "pop_to_menu", None)
        if callable(back):
            back()
        else:
            self.app.pop()

    def confirm_pass(self) -> None:
        """The next human has the screen."""
        self.session.confirm_pass()
        self.pass_screen = None
        self._controls_key = None
        self._sync_overlays()

    def _sync_overlays(self) -> None:
        """Open or close the pass screen and the dialogs that the game asks of the acting human."""
        pass_to = self.session.pass_to
        if pass_to is None:
            self.pass_screen = None
        elif self.pass_screen is None or self.pass_screen.player != pass_to:
            self.pass_screen = PassScreen(self, pass_to)  # type: ignore[arg-type]
            self.pass_screen.layout(self.lay.size, self.lay.scale)
            self._new_pass_screen()
        human = self.session.human_actor()
        wanted = self._wanted_dialog(human) if human is not None else None
        d = self.dialog
        if isinstance(d, MenuDialog):
            return
        if wanted is not None:
            if not (isinstance(d, wanted) and d.player == human):
                self._open(wanted(self, human), auto=True)  # type: ignore[arg-type]
            return
        if d is not None and (self._dialog_auto or human is None and not self.session.all_ai):
            self.dialog = None
            self._dialog_auto = False

    def show_toast(self, text: str, seconds: float = 2.5) -> None:
        """A short note at the top of the board."""
        self.toast = (text, seconds)

    def notify(self, text: str, seconds: float = 2.6, tone: str = "info") -> None:
        """A note that fades in and out over the board and blocks nothing (e.g. 'The game is saved')."""
        self.notice.show(text, seconds, tone)

    def _draw_notice(self, surface: pygame.Surface) -> None:
        """The fading note, at the top of the board."""
        lay = self.lay
        self.notice.draw(surface, (lay.board.centerx, lay.board.y + px(12, lay.scale)), lay.font,
                         max(120, lay.board.w - px(40, lay.scale)))

    # ------------------------------------------------------------------ scene API

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay out for the new window size."""
        self.relayout(size)

    def on_enter(self) -> None:
        """Back on top: the size may have changed meanwhile."""
        if self.lay.size != tuple(self.app.size):
            self.relayout(self.app.size)

    def on_exit(self) -> None:
        """Leaving the stack (menu, load, new game, quit): cancel the AIs' searches at once and stop their thread,
        and the win-chance bar's worker (never waits)."""
        self.session.close()
        if self.win_bar is not None:
            self.win_bar.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route an input event: pass screen, dialog, shortcuts, buttons, then the table itself."""
        et = event.type
        if et == pygame.MOUSEMOTION:
            self.hover_pos = tuple(event.pos)
        if self.tour is not None:
            return self.tour.handle_event(event) or et == pygame.MOUSEMOTION
        if et == pygame.KEYDOWN and event.key == pygame.K_F1 and not self.session.all_ai:
            self.start_tour()
            return True
        if et == pygame.KEYDOWN and event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save_dialog()
            return True
        if et == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            if not isinstance(self.dialog, MenuDialog):
                self.undo()
            return True
        if self.pass_screen is not None:
            if et == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.open_dialog("menu")
                return True
            if isinstance(self.dialog, MenuDialog):
                return self.dialog.handle_event(event) or True
            return self.pass_screen.handle_event(event) or et == pygame.MOUSEMOTION
        if self.dialog is not None:
            if self.dialog.handle_event(event):
                return True
            if et == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.dialog.closable:
                self.open_dialog("menu")
                return True
            if et == pygame.MOUSEMOTION:
                for b in self.dialog.buttons:
                    b.hovered = b.rect.collidepoint(event.pos)
            return et != pygame.MOUSEMOTION
        if et == pygame.KEYDOWN:
            return self._key(event)
        if et == pygame.MOUSEMOTION:
            for b in self.buttons.values():
                b.handle_event(event)
            self._on_hover(event.pos)
            return True
        if et == pygame.MOUSEWHEEL:
            if self.log.rect.collidepoint(self.hover_pos) and not self.stats_open():
                self.log.wheel(event.y)
            return True
        if et == pygame.MOUSEBUTTONDOWN:
            return self._mouse_down(event)
        return False

    def _mouse_down(self, event: pygame.event.Event) -> bool:
        if event.button != 1:
            return True
        if self.stats_open():
            if self._click_stats(event.pos):
                return True
        elif len(self.log.filters) > 1 and self.log.header.collidepoint(event.pos):
            self.log.next_filter()
            return True
        for b in list(self.buttons.values()):
            if b.rect.collidepoint(event.pos):
                b.handle_event(event)
                self._controls_key = None
                return True
        self._click_table(event.pos)
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == STATS_KEY and self.stats_panel is not None and not self.session.replay:
            self.toggle_stats()
        elif key == pygame.K_ESCAPE and self.stats_open():  # Esc closes the panel before anything else
            self.toggle_stats()
        elif key == pygame.K_ESCAPE:
            self._escape()
        elif key == pygame.K_l and len(self.log.filters) > 1:
            self.log.next_filter()
        elif key == pygame.K_h and not self.session.all_ai and not self.game.is_over():
            self.ask_hint()
        elif self.session.all_ai and not self.game.is_over():
            if key == pygame.K_SPACE:
                self._toggle_pause()
            elif key in (pygame.K_n, pygame.K_RIGHT):
                self.session.step_once()
            elif key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
                self._watch_speed(1)
            elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self._watch_speed(-1)
        else:
            self._action_key(key)
        return True

    def ask_hint(self) -> None:
        """Start working out what Hard would do for the human on move (its line shows when ready; counted)."""
        seat = self.session.human_actor()
        if seat is None or (self.hint_job is not None and not self.hint_job.done()):
            return
        legal = list(self.session.legal(seat))
        if not legal:
            return
        self.hint_job = HintJob(self.game.view(seat), legal, seat, self.session.revision, self.session.think_seconds())
        self.notify(self.app.t("coach.hint.thinking"), 1.5)

    def _take_hint(self) -> None:
        """Show a finished hint if the position is still the one it was asked for, and count it."""
        job = self.hint_job
        if job is None or not job.done():
            return
        self.hint_job = None
        hint = job.result()
        if hint is None or job.revision != self.session.revision:
            return
        note_hint(self.game, job.seat)
        self.notify(hint_text(self.app.t, hint), 6.0)

    def _toggle_pause(self) -> None:
        self.session.paused = not self.session.paused
        self._controls_key = None

    def _watch_speed(self, direction: int) -> None:
        speeds = WATCH_SPEEDS
        i = min(range(len(speeds)), key=lambda k: abs(speeds[k] - self.session.watch_speed))
        self.session.watch_speed = speeds[max(0, min(len(speeds) - 1, i + direction))]
        self._controls_key = None

    def update(self, dt: float) -> None:
        """Animations, AI moves (never blocking), overlays, notes, and the end of the game."""
        if tuple(self.app.size) != self.lay.size or self.sprites.art is not self.app.art:
            self.on_resize(self.app.size)
        self.clock += dt
        self._tick(dt)
        if self.toast[1] > 0:
            self.toast = (self.toast[0], self.toast[1] - dt)
        self.notice.update(dt)
        self._take_hint()
        self.session.update(dt, hold=self._hold() or self.tour is not None)
        if self.session.pass_to is not None and self.pass_screen is None:
            self._sync_overlays()
        self._refresh_controls()
        if self.game.is_over() and not self.end_shown and not self.session.replay:
            self.end_timer += dt
            if self.end_timer >= END_DELAY and not self._hold():
                self.end_shown = True
                self.app.show_end_of_game(self.game)

    # ------------------------------------------------------------------ drawing

    def _draw_watch_speed(self, surface: pygame.Surface) -> None:
        """Watch mode: the AI speed over the hand area."""
        if self.session.all_ai and not self.session.replay:
            speed = self.app.t("table.watch.speed", speed=self.app.translator.number(self.session.watch_speed))
            img = render_text(speed, self.lay.font, (236, 236, 230), True)
            surface.blit(img, img.get_rect(center=self.lay.hand.center))

    def _draw_top(self, surface: pygame.Surface, info: str) -> None:
        """The top bar: the prompt, the game's info line and the menu button."""
        lay = self.lay
        text, color = self.prompt()
        right = lay.top.right - min(b.rect.x for bid, b in self.buttons.items() if bid in ("menu", "undo", "stats"))
        draw_top_bar(surface, lay.top, text, info, color, lay.font, right + px(2, lay.scale))
        self.buttons["menu"].draw(surface)
        for bid in ("undo", "stats"):
            if bid in self.buttons:
                self.buttons[bid].draw(surface)

    def _draw_overlays(self, surface: pygame.Surface) -> None:
        """The win-chance bar (over the log's top), then the open dialog, or the pass screen (with the menu over
        it)."""
        if self.win_bar is not None:
            self.win_bar.draw(surface, self.player_name, self.player_color)
        if self.dialog is not None and self.pass_screen is None:
            self.dialog.draw(surface)
        if self.pass_screen is not None:
            self.pass_screen.draw(surface)
            if isinstance(self.dialog, MenuDialog):
                self.dialog.draw(surface)

    def tour_steps(self) -> list[TourStep]:
        """The tour's first stops, this family's own: its hand (each family has its own words for it) and actions."""
        family = getattr(self.game.variant, "family", "")
        return [TourStep(f"{family}_hand", lambda: self.lay.hand), TourStep("actions", lambda: self.lay.actions)]

    def start_tour(self) -> None:
        """Show the tour of this table from its first stop (F1, or the first game)."""
        self.close_dialog()
        self.tour = Tour(self.app, table_steps(self), self._tour_done)

    def _tour_done(self) -> None:
        self.tour = None

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        if self.tour is not None:
            self.tour.draw(surface, self.lay.scale)
            return
        tip = self._tooltip()
        if tip:
            draw_tooltip(surface, tip, self.hover_pos)

    def _tooltip(self) -> str | None:
        pos = self.hover_pos
        if self.pass_screen is not None:
            return None
        if self.dialog is not None:
            return self.dialog.tooltip_at(pos)
        for b in self.buttons.values():
            if b.rect.collidepoint(pos):
                return b.tooltip or None
        if self.stats_open():
            if self.stats_rect().collidepoint(pos):  # the panel covers what lies under it, tooltips too
                return None
        elif len(self.log.filters) > 1 and self.log.header.collidepoint(pos):
            labels = ", ".join(self.app.t(f"table.log.filter.{f}") for f in self.log.filters)
            return self.app.t("table.tip.log_filter", filters=labels)
        return self._table_tooltip(pos)
