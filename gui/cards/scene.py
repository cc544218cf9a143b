"""The quick card game's table: tableaux, centre piles, hand, exchange and build buttons around a GameSession."""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any

import pygame

from game.cards import actions as A
from game.cards.catalogue import COSTS, RESOURCES
from game.cards.state import BUILD, DISCARD, TRADE
from game.core.actions import Action, Event
from game.core.errors import GameError
from game.core.game import Game
from gui.cards.dialogs import (
    BuildDialog, DiscardDialog, GiveBackDialog, GuildDialog, LibraryDialog, MarketDialog, PileDialog, PlayerDialog,
)
from gui.cards.layout import CardsLayout, compute_layout, tableau_order
from gui.cards.log import CardsNarrator, cards_text
from gui.cards.panels import (
    PlacedCard, SeatInfo, draw_center, draw_hand, draw_tableau, place_tableau, tableau_area,
)
from gui.dialogs import px
from gui.fonts import render_text
from gui.scene import Scene
from gui.session import GameSession, speed_factor
from gui.table.board_view import SpriteBook, player_rgb
from gui.table.dialogs import MenuDialog, PassScreen, TableDialog
from gui.table.log_view import LogEntry, LogView
from gui.table.panels import CostButton, PanelCache, draw_top_bar
from gui.widgets import draw_tooltip

if TYPE_CHECKING:
    from gui.app import App

log = logging.getLogger(__name__)

TABLE_BG = (28, 44, 40)
WATCH_SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
END_DELAY = 1.2
EXCHANGES = (("pile", A.ExchangeWithPile), ("market", A.ExchangeWithMarket), ("player", A.TakeFromPlayer),
             ("library", A.TakeOpenly), ("guild", A.GuildTake))
BUILDS = (("settlement", A.BuildSettlement), ("city", A.BuildCity), ("development", A.BuildDevelopment),
          ("road", A.BuildRoad), ("knight", A.BuildKnight))
DIALOGS = {"pile": PileDialog, "market": MarketDialog, "player": PlayerDialog, "library": LibraryDialog,
           "guild": GuildDialog, "give_back": GiveBackDialog, "discard": DiscardDialog}


class CardsTableScene(Scene):
    """Where the quick card game is played: humans by clicks (hot seat), AIs through the session's worker."""

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.session = GameSession(game, autosave_path=getattr(app, "autosave_path", None),
                                   ai_speed=lambda: getattr(self.app.settings, "ai_speed", 1.0))
        self.session.listeners.append(self._on_applied)
        self.panels = PanelCache()
        self.sprites = SpriteBook(app.art)
        self.log = LogView()
        self.narrator = CardsNarrator(app.t, self.player_name, self.player_color)
        self.dialog: TableDialog | None = None
        self._dialog_auto = False
        self.pass_screen: PassScreen | None = None
        self.buttons: dict[str, CostButton] = {}
        self.hover_pos: tuple[int, int] = (-1, -1)
        self.clock = 0.0
        self.toast: tuple[str, float] = ("", 0.0)
        self.banner: tuple[str, float] = ("", 0.0)
        self.end_timer = 0.0
        self.end_shown = False
        self._view_key: Any = None
        self._view: Any = None
        self._controls_key: Any = None
        self._placed_key: Any = None
        self._placed: dict[int, list[PlacedCard]] = {}
        self._center_hits: dict[str, pygame.Rect] = {}
        self._small: dict[Any, pygame.Surface] = {}
        self._base: pygame.Surface | None = None
        self._base_key_seen: Any = None
        self.lay: CardsLayout = compute_layout(app.size, game.num_players)
        self.relayout(app.size)
        self.log.add([e for ev in getattr(game, "initial_events", []) for e in self.narrator.describe(ev)])
        if game.log:
            self.log.add([LogEntry(app.t("table.log.resumed", count=len(game.log)), None, True)])
        self._sync_overlays()

    # ------------------------------------------------------------------ names, colours, icons

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

    def player_color(self, player: int) -> tuple[int, int, int]:
        """The RGB of a seat."""
        if not 0 <= player < len(self.game.seats):
            return (200, 200, 200)
        color = self.game.seats[player].color
        return {"green": (62, 150, 72), "brown": (140, 92, 52)}.get(color) or player_rgb(color)

    def icon(self, r: int, size: int, dim: bool = False) -> pygame.Surface:
        """A resource icon (quick card game order), dimmed for disabled buttons."""
        img = self.sprites.get("icon", RESOURCES[r], max(8, size))
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

    @property
    def view(self) -> Any:
        """The CardsView of the seat whose screen this is (a spectator's view in watch mode)."""
        key = (self.session.revision, self.session.viewer)
        if key != self._view_key:
            self._view = self.game.view(self.session.viewer)
            self._view_key = key
        return self._view

    def game_view_hand_size(self, player: int) -> int:
        """How many cards a seat holds (public)."""
        return self.view.tables[player].hand_size

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
            self._small.clear()
        self.lay = compute_layout(size, self.game.num_players)
        self.log.rect = self.lay.log
        self._placed_key = None
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
        fs = px(15, s)
        icon_size = px(20, s)
        gap = px(7, s)
        area = lay.actions
        self.buttons = {}
        if self.session.all_ai:
            specs: list[tuple[str, str, Any, tuple[int, ...]]] = [
                ("pause", "table.watch.pause", self._toggle_pause, ()),
                ("step", "table.watch.step", self.session.step_once, ()),
                ("slower", "table.watch.slower", lambda: self._watch_speed(-1), ()),
                ("faster", "table.watch.faster", lambda: self._watch_speed(1), ())]
            cols, rows = 2, 2
        else:
            specs = [(bid, f"cards.action.{bid}", lambda b=bid: self.open_dialog(b), ()) for bid, _ in EXCHANGES]
            specs.append(("end_trade", "cards.action.end_trade", self.end_trade, ()))
            specs += [(bid, f"cards.action.{bid}", lambda b=bid: self.open_build(b), COSTS[bid]) for bid, _ in BUILDS]
            specs.append(("end_turn", "cards.action.end_turn", self.end_turn, ()))
            cols, rows = 6, 2
        bw = (area.w - gap * (cols - 1)) // cols
        bh = (area.h - gap * (rows - 1)) // rows
        for i, (bid, key, fn, cost) in enumerate(specs):
            r, c = divmod(i, cols)
            rect = pygame.Rect(area.x + c * (bw + gap), area.y + r * (bh + gap), bw, bh)
            style = "primary" if bid in ("end_turn", "pause") else "secondary"
            self.buttons[bid] = CostButton(rect, t(key), fn, cost=cost, icons=lambda r, d: self.icon(r, icon_size, d),
                                           style=style, font_size=fs)
            self.buttons[bid].tooltip = self._tooltip_for(bid)
        menu = pygame.Rect(0, 0, px(120, s), lay.top.h - px(12, s))
        menu.midright = (lay.top.right - px(8, s), lay.top.centery)
        self.buttons["menu"] = CostButton(menu, "☰ " + t("table.menu.button"), lambda: self.open_dialog("menu"),
                                          font_size=fs)

    def _tooltip_for(self, bid: str) -> str:
        t = self.app.t
        if bid in COSTS:
            text = t(f"cards.card.{bid}") + " — " + t("cards.tip.cost", cards=cards_text(COSTS[bid], t))
            if bid == "development":
                text += " (" + t("cards.card.town_hall") + ": " + cards_text(COSTS["town_hall"], t) + ")"
            return text + ". " + t("cards.tip.three_for_one")
        key = f"cards.tip.{bid}"
        return t(key) if self.app.translator.has(key) else ""

    def button_rect(self, bid: str) -> pygame.Rect:
        """Screen rect of a button: pile, market, player, library, guild, end_trade, settlement, city,
        development, road, knight, end_turn, menu (watch mode: pause, step, slower, faster)."""
        return self.buttons[bid].rect

    def dialog_button_rect(self, index: int) -> pygame.Rect | None:
        """Screen rect of the open dialog's button by index (None without a dialog)."""
        if self.dialog is None or index >= len(self.dialog.buttons):
            return None
        return self.dialog.buttons[index].rect

    def pass_button_rect(self) -> pygame.Rect | None:
        """Screen rect of the pass screen's button, when it is up."""
        if self.pass_screen is None or self.pass_screen.button is None:
            return None
        return self.pass_screen.button.rect

    def _refresh_controls(self) -> None:
        key = (self.session.revision, self.session.human_actor(), self.session.paused, self.session.watch_speed,
               self.pass_screen is None)
        if key == self._controls_key:
            return
        self._controls_key = key
        b = self.buttons
        if self.session.all_ai:
            b["pause"].label = self.app.t("table.watch.resume" if self.session.paused else "table.watch.pause")
            b["step"].enabled = self.session.paused
            b["slower"].enabled = self.session.watch_speed > WATCH_SPEEDS[0]
            b["faster"].enabled = self.session.watch_speed < WATCH_SPEEDS[-1]
            return
        kinds = {type(a) for a in self.actor_legal()}
        for bid, cls in EXCHANGES + BUILDS:
            b[bid].enabled = cls in kinds
        b["end_trade"].enabled = A.EndTrade in kinds
        b["end_turn"].enabled = A.EndTurn in kinds

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

    def end_trade(self) -> None:
        """End the exchange phase."""
        for a in self._legal_of(A.EndTrade):
            self.act(a)
            return

    def end_turn(self) -> None:
        """End the turn (the draw follows)."""
        for a in self._legal_of(A.EndTurn):
            self.act(a)
            return

    def open_build(self, build: str) -> None:
        """Open the build dialog of one kind (when some payment of it is legal)."""
        player = self.session.human_actor()
        if player is None:
            return
        self._open(BuildDialog(self, player, build))

    def game_changed(self) -> None:
        """The game was changed from outside: forget cached answers, open the right overlays."""
        self.session.reset_ai()
        self._view_key = self._controls_key = self._placed_key = None
        self._sync_overlays()

    # ------------------------------------------------------------------ dialogs

    def open_dialog(self, name: str) -> None:
        """Open a dialog by name: pile, market, player, library, guild, give_back, discard, menu, or build.<kind>."""
        player = self.session.human_actor()
        if player is None:
            player = self.session.viewer if self.session.viewer >= 0 else (self.session.actor() or 0)
        if name == "menu":
            self._open(MenuDialog(self, player))  # type: ignore[arg-type]
        elif name.startswith("build."):
            self._open(BuildDialog(self, player, name.split(".", 1)[1]))
        elif name in DIALOGS:
            self._open(DIALOGS[name](self, player))
        else:
            raise ValueError(f"no cards table dialog {name!r}")

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

    def save_dialog(self) -> None:
        """Open the save dialog of the app."""
        self.close_dialog()
        from gui.dialogs.files import SaveDialog

        self.app.push(SaveDialog(self.app, self.game))

    def load_dialog(self) -> None:
        """Open the load dialog of the app."""
        self.close_dialog()
        from gui.dialogs.files import LoadDialog

        self.app.push(LoadDialog(self.app))

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

    def _wanted_dialog(self, human: int) -> type[TableDialog] | None:
        s = self.game.state
        if s.phase == DISCARD and s.owed[human]:
            return DiscardDialog
        if s.give_back_to >= 0 and s.current == human:
            return GiveBackDialog
        return None

    def _sync_overlays(self) -> None:
        """Open or close the pass screen and the decisions the game waits for."""
        pass_to = self.session.pass_to
        if pass_to is None:
            self.pass_screen = None
        elif self.pass_screen is None or self.pass_screen.player != pass_to:
            self.pass_screen = PassScreen(self, pass_to)  # type: ignore[arg-type]
            self.pass_screen.layout(self.lay.size, self.lay.scale)
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

    def _on_applied(self, action: Action, events: list[Event]) -> None:
        self.log.add([line for e in events for line in self.narrator.describe(e)])
        for e in events:
            if e.kind == "cards_city_built":
                self.banner = (self.app.t("cards.card.city") + ": " + self.app.t(f"cards.event.{e.event}"), 2.2)
            elif e.kind == "cards_game_won":
                self.banner = (self.app.t("table.prompt.game_over", player=self.player_name(e.player)), 3.0)
        self._controls_key = None
        self._placed_key = None
        d = self.dialog
        if d is not None and not isinstance(d, MenuDialog) and not self._dialog_auto:
            self.dialog = None
        self._sync_overlays()

    # ------------------------------------------------------------------ scene API

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay out for the new window size."""
        self.relayout(size)

    def on_enter(self) -> None:
        """Back on top: the size may have changed meanwhile."""
        if self.lay.size != tuple(self.app.size):
            self.relayout(self.app.size)

    def on_exit(self) -> None:
        """Leaving the stack: stop the AI thread."""
        self.session.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route an input event: pass screen, dialog, shortcuts, buttons."""
        et = event.type
        if et == pygame.MOUSEMOTION:
            self.hover_pos = tuple(event.pos)
        if et == pygame.KEYDOWN and event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save_dialog()
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
            return True
        if et == pygame.MOUSEWHEEL:
            if self.log.rect.collidepoint(self.hover_pos):
                self.log.wheel(event.y)
            return True
        if et == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                for b in list(self.buttons.values()):
                    if b.rect.collidepoint(event.pos):
                        b.handle_event(event)
                        self._controls_key = None
                        return True
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.open_dialog("menu")
        elif self.session.all_ai:
            if key == pygame.K_SPACE:
                self._toggle_pause()
            elif key in (pygame.K_n, pygame.K_RIGHT):
                self.session.step_once()
            elif key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
                self._watch_speed(1)
            elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self._watch_speed(-1)
        elif key in (pygame.K_e, pygame.K_SPACE):
            self.end_turn()
        return True

    def _toggle_pause(self) -> None:
        self.session.paused = not self.session.paused
        self._controls_key = None

    def _watch_speed(self, direction: int) -> None:
        i = min(range(len(WATCH_SPEEDS)), key=lambda k: abs(WATCH_SPEEDS[k] - self.session.watch_speed))
        self.session.watch_speed = WATCH_SPEEDS[max(0, min(len(WATCH_SPEEDS) - 1, i + direction))]
        self._controls_key = None

    def update(self, dt: float) -> None:
        """AI moves (never blocking), overlays, notes, and the end of the game."""
        if tuple(self.app.size) != self.lay.size or self.sprites.art is not self.app.art:
            self.on_resize(self.app.size)
        self.clock += dt
        if self.toast[1] > 0:
            self.toast = (self.toast[0], self.toast[1] - dt)
        if self.banner[1] > 0:
            self.banner = (self.banner[0], self.banner[1] - dt * max(0.25, speed_factor(
                getattr(self.app.settings, "animation_speed", 1.0)) or 4.0))
        self.session.update(dt)
        if self.session.pass_to is not None and self.pass_screen is None:
            self._sync_overlays()
        self._refresh_controls()
        if self.game.is_over() and not self.end_shown:
            self.end_timer += dt
            if self.end_timer >= END_DELAY:
                self.end_shown = True
                self.app.show_end_of_game(self.game)

    # ------------------------------------------------------------------ drawing

    def _placements(self) -> dict[int, list[PlacedCard]]:
        key = (self.session.revision, self.session.viewer, self.lay.size)
        if key != self._placed_key:
            view = self.view
            order = tableau_order(self.game.num_players, self.session.viewer)
            self._placed = {p: place_tableau(view.tables[p], tableau_area(self.lay.tableaux[i], self.lay.font))
                            for i, p in enumerate(order)}
            self._placed_key = key
        return self._placed

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """The top bar's line and the colour of the player it concerns."""
        t = self.app.t
        g = self.game
        if g.is_over():
            w = g.winner() or 0
            return t("table.prompt.game_over", player=self.player_name(w)), self.player_color(w)
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
        s = g.state
        if s.phase == DISCARD:
            return t("cards.prompt.discard", player=name, count=s.owed[actor]), color
        if s.give_back_to >= 0:
            return t("cards.prompt.give_back", player=name, count=s.give_back_count), color
        return t("cards.prompt.trade" if s.phase == TRADE else "cards.prompt.build", player=name), color

    def _base_key(self) -> tuple[Any, ...]:
        return (self.session.revision, self.session.viewer, self.lay.size, self.pass_screen is None,
                self.app.translator.lang, len(self.log.entries), self.log.scroll, self.session.watch_speed,
                self.sprites.art)

    def _draw_base(self, surface: pygame.Surface) -> None:
        """The parts that change only with the game: tableaux, piles, log and hand."""
        lay = self.lay
        surface.fill(TABLE_BG)
        view = self.view
        t = self.app.t
        placed = self._placements()
        order = tableau_order(self.game.num_players, self.session.viewer)
        for i, p in enumerate(order):
            tb = view.tables[p]
            info = SeatInfo(self.player_name(p), self.player_color(p), tb.vp, tb.hand_size, p == view.current,
                            False, not self.game.seats[p].is_human)
            draw_tableau(surface, self.sprites, self.panels, lay.tableaux[i], info, placed[p], t, lay.font, 0.0)
        self._center_hits = draw_center(surface, self.sprites, self.panels, lay.center, view, t, lay.font, lay.scale)
        self.panels.blit(surface, lay.log, alpha=220, radius=10)
        self.log.draw(surface, max(10, lay.font - 3), t("table.log.title"))
        viewer = self.session.viewer
        hidden = self.pass_screen is not None or viewer < 0
        if viewer < 0:
            title = t("table.hand.watching")
        elif self.pass_screen is not None:
            title = t("cards.hand.hidden")
        else:
            title = t("table.hand.title", player=self.player_name(viewer))
            if view.phase == TRADE and view.current == viewer:
                title += "  ·  " + t("cards.trades_left", count=view.trades_left)
        draw_hand(surface, self.sprites, self.panels, lay.hand, None if hidden else view.hand, title, lay.font)
        if self.session.all_ai:
            speed = t("table.watch.speed", speed=f"{self.session.watch_speed:g}")
            img = render_text(speed, lay.font, (236, 236, 230), True)
            surface.blit(img, img.get_rect(center=lay.hand.center))

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole table (reads state only); the game-dependent layer is redrawn only when it changes."""
        lay = self.lay
        key = self._base_key()
        if self._base is None or self._base.get_size() != surface.get_size() or key != self._base_key_seen:
            self._base = pygame.Surface(surface.get_size()).convert() if pygame.display.get_surface() else \
                pygame.Surface(surface.get_size())
            self._draw_base(self._base)
            self._base_key_seen = key
        surface.blit(self._base, (0, 0))
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        view = self.view
        t = self.app.t
        if not self.game.is_over():
            order = tableau_order(self.game.num_players, self.session.viewer)
            active = set(self.game.active_players())
            glow = int(120 + 100 * pulse)
            for i, p in enumerate(order):
                if p in active:
                    pygame.draw.rect(surface, (glow, glow * 4 // 5, 60), lay.tableaux[i], 2,
                                     border_radius=max(6, lay.font // 2))
        for bid, b in self.buttons.items():
            if bid != "menu":
                b.draw(surface)
        text, color = self.prompt()
        info = t("cards.info", turn=view.turn_number, target=view.target_vp)
        draw_top_bar(surface, lay.top, text, info, color, lay.font, self.buttons["menu"].rect.w + px(10, lay.scale))
        self.buttons["menu"].draw(surface)
        self._draw_notes(surface)
        if self.dialog is not None and self.pass_screen is None:
            self.dialog.draw(surface)
        if self.pass_screen is not None:
            self.pass_screen.draw(surface)
            if isinstance(self.dialog, MenuDialog):
                self.dialog.draw(surface)
        if self.dialog is None and self.pass_screen is None:
            self._draw_zoom(surface)
        tip = self._tooltip()
        if tip:
            draw_tooltip(surface, tip, self.hover_pos)

    def _draw_notes(self, surface: pygame.Surface) -> None:
        lay = self.lay
        for (text, left), size, bg in ((self.banner, px(30, lay.scale), (60, 44, 20)),
                                       (self.toast, lay.font, (90, 40, 36))):
            if left > 0 and text:
                img = render_text(text, size, (255, 236, 190), True)
                box = img.get_rect(center=(lay.board.centerx, lay.board.y + lay.board.h // 2)).inflate(36, 20)
                if bg == (90, 40, 36):
                    box.midtop = (lay.board.centerx, lay.board.y + px(10, lay.scale))
                self.panels.blit(surface, box, bg, 240, 10, (214, 168, 58))
                surface.blit(img, img.get_rect(center=box.center))

    def _hovered_card(self) -> PlacedCard | None:
        pos = self.hover_pos
        hit = None
        for cards in self._placements().values():
            for pc in cards:
                if pc.rect.collidepoint(pos):
                    hit = pc  # the last drawn (topmost) wins
        return hit

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        """The hovered building card, large enough to read."""
        pc = self._hovered_card()
        if pc is None or pc.rect.w >= px(200, self.lay.scale):
            return
        w = px(210, self.lay.scale)
        img = self.sprites.get("quick_card", pc.face, w)
        rect = img.get_rect()
        rect.topleft = (self.hover_pos[0] + 18, self.hover_pos[1] - rect.h // 3)
        rect.clamp_ip(surface.get_rect())
        if rect.collidepoint(self.hover_pos):
            rect.right = self.hover_pos[0] - 18
            rect.clamp_ip(surface.get_rect())
        shadow = self.veil(rect.size, 120)
        surface.blit(shadow, rect.move(5, 7))
        surface.blit(img, rect.topleft)

    def _tooltip(self) -> str | None:
        pos = self.hover_pos
        if self.pass_screen is not None:
            return None
        if self.dialog is not None:
            return self.dialog.tooltip_at(pos)
        for b in self.buttons.values():
            if b.rect.collidepoint(pos):
                return b.tooltip or None
        t = self.app.t
        for key, rect in self._center_hits.items():
            if rect.collidepoint(pos):
                if key == "fate":
                    return t(f"cards.fate.{self.view.fate}")
                if key.startswith("market."):
                    return t("cards.market")
                return t(key)
        return None
