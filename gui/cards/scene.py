"""The quick card game's table: tableaux, centre piles, hand, exchange and build buttons around a GameSession."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.cards import actions as A
from game.cards.catalogue import COSTS, RESOURCES
from game.cards.state import DISCARD, TRADE
from game.core.actions import Action, Event
from game.core.game import Game
from gui.cards.buttons import uniform_bar
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
from gui.cards.hints import cards_hint
from gui.hints import draw_hint_line
from gui.session import speed_factor
from gui.table.base import END_DELAY, WATCH_SPEEDS, ButtonSpec, TableScene
from gui.table.colors import player_rgb
from gui.table.dialogs import MenuDialog, TableDialog
from gui.table.log_view import CARD_GAME_FILTERS
from gui.table.win_bar import WinBar

if TYPE_CHECKING:
    from gui.app import App

__all__ = ["CardsTableScene", "END_DELAY", "WATCH_SPEEDS"]

TABLE_BG = (28, 44, 40)
EXCHANGES = (("pile", A.ExchangeWithPile), ("market", A.ExchangeWithMarket), ("player", A.TakeFromPlayer),
             ("library", A.LookAtHand), ("guild", A.GuildTake))
BUILDS = (("settlement", A.BuildSettlement), ("city", A.BuildCity), ("development", A.BuildDevelopment),
          ("road", A.BuildRoad), ("knight", A.BuildKnight))
DIALOGS = {"pile": PileDialog, "market": MarketDialog, "player": PlayerDialog, "library": LibraryDialog,
           "guild": GuildDialog, "give_back": GiveBackDialog, "discard": DiscardDialog}


class CardsTableScene(TableScene):
    """Where the quick card game is played: humans by clicks (hot seat), AIs through the session's worker."""

    resource_names = RESOURCES
    button_font = 15
    button_icon = 20
    button_gap = 7
    primary_buttons = ("end_turn", "pause")

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app, game)
        self.narrator = CardsNarrator(app.t, self.player_name, self.player_color)
        self.log.filters = CARD_GAME_FILTERS
        self.banner: tuple[str, float] = ("", 0.0)
        self._placed_key: Any = None
        self._placed: dict[int, list[PlacedCard]] = {}
        self._center_hits: dict[str, pygame.Rect] = {}
        self._base: pygame.Surface | None = None
        self._base_key_seen: Any = None
        self.win_bar = WinBar(app, game, self.session)
        self._start()

    # ------------------------------------------------------------------ names, colours

    def player_color(self, player: int) -> tuple[int, int, int]:
        """The RGB of a seat."""
        if not 0 <= player < len(self.game.seats):
            return (200, 200, 200)
        color = self.game.seats[player].color
        return {"green": (62, 150, 72), "brown": (140, 92, 52)}.get(color) or player_rgb(color)

    def game_view_hand_size(self, player: int) -> int:
        """How many cards a seat holds (public)."""
        return self.view.tables[player].hand_size

    # ------------------------------------------------------------------ layout and buttons

    def _compute_layout(self, size: tuple[int, int]) -> CardsLayout:
        return self.win_bar.carve(compute_layout(size, self.game.num_players, ui_factor=self.ui_factor))

    def _layout_parts(self) -> None:
        self._placed_key = None

    def _action_specs(self) -> tuple[list[ButtonSpec], int, int]:
        specs: list[ButtonSpec] = [(bid, f"cards.action.{bid}", lambda b=bid: self.open_dialog(b), ())
                                   for bid, _ in EXCHANGES]
        specs.append(("end_trade", "cards.action.end_trade", self.end_trade, ()))
        specs += [(bid, f"cards.action.{bid}", lambda b=bid: self.open_build(b), COSTS[bid]) for bid, _ in BUILDS]
        specs.append(("end_turn", "cards.action.end_turn", self.end_turn, ()))
        return specs, 6, 2

    def _build_buttons(self) -> None:
        super()._build_buttons()
        ids = [bid for bid, _ in EXCHANGES] + ["end_trade"] + [bid for bid, _ in BUILDS] + ["end_turn"]
        s = self.lay.scale
        uniform_bar(self.buttons, ids, px(self.button_font, s), max(11, px(11, s)))

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

    def _refresh_actions(self) -> None:
        b = self.buttons
        kinds = {type(a) for a in self.actor_legal()}
        for bid, cls in EXCHANGES + BUILDS:
            b[bid].enabled = cls in kinds
        b["end_trade"].enabled = A.EndTrade in kinds
        b["end_turn"].enabled = A.EndTurn in kinds

    # ------------------------------------------------------------------ actions

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

    def _forget_caches(self) -> None:
        self._placed_key = None

    def _action_key(self, key: int) -> None:
        if key in (pygame.K_e, pygame.K_SPACE):
            self.end_turn()

    # ------------------------------------------------------------------ dialogs

    def open_dialog(self, name: str) -> None:
        """Open a dialog by name: pile, market, player, library, guild, give_back, discard, menu, or build.<kind>."""
        player = self._dialog_player()
        if name == "menu":
            self._open(MenuDialog(self, player))  # type: ignore[arg-type]
        elif name.startswith("build."):
            self._open(BuildDialog(self, player, name.split(".", 1)[1]))
        elif name in DIALOGS:
            self._open(DIALOGS[name](self, player))
        else:
            raise ValueError(f"no cards table dialog {name!r}")

    def _wanted_dialog(self, human: int) -> type[TableDialog] | None:
        s = self.game.state
        if s.phase == DISCARD and s.owed[human]:
            return DiscardDialog
        if s.looking_at >= 0 and s.current == human:
            return LibraryDialog
        if s.give_back_to >= 0 and s.current == human:
            return GiveBackDialog
        return None

    def _on_applied(self, action: Action, events: list[Event]) -> None:
        self.log.add(self._log_lines(action, events))
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

    def _tick(self, dt: float) -> None:
        if self.banner[1] > 0:
            self.banner = (self.banner[0], self.banner[1] - dt * max(0.25, speed_factor(
                getattr(self.app.settings, "animation_speed", 1.0)) or 4.0))
        if self.win_bar.needs_layout():
            self.relayout(self.app.size)
            self._base_key_seen = None  # the cached layer holds the log where it was
        self.win_bar.update(dt)

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

    def _actor_prompt(self, actor: int, name: str) -> str:
        """What the human player on turn (or answering) must do."""
        t = self.app.t
        g = self.game
        s = g.state
        if s.phase == DISCARD:
            return t("cards.prompt.discard", player=name, count=s.owed[actor])
        if s.looking_at >= 0:
            return t("cards.prompt.library", player=name, opponent=self.player_name(s.looking_at))
        if s.give_back_to >= 0:
            return t("cards.prompt.give_back", player=name, count=s.give_back_count)
        return t("cards.prompt.trade" if s.phase == TRADE else "cards.prompt.build", player=name)

    def _base_key(self) -> tuple[Any, ...]:
        return (self.session.revision, self.session.viewer, self.lay.size, self.pass_screen is None,
                self.app.translator.lang, len(self.log.entries), self.log.scroll, self.session.watch_speed,
                self.sprites.art, getattr(self.app.settings, "colour_marks", False))

    def _draw_base(self, surface: pygame.Surface) -> None:
        """The parts that change only with the game: tableaux, piles, log and hand."""
        lay = self.lay
        surface.fill(TABLE_BG)
        view = self.view
        t = self.app.t
        placed = self._placements()
        order = tableau_order(self.game.num_players, self.session.viewer)
        marks_on = bool(getattr(self.app.settings, "colour_marks", False))
        for i, p in enumerate(order):
            tb = view.tables[p]
            info = SeatInfo(self.player_name(p), self.player_color(p), tb.vp, tb.hand_size, p == view.current,
                            False, not self.game.seats[p].is_human, self.player_level(p),
                            self.game.seats[p].color if marks_on else "")
            draw_tableau(surface, self.sprites, self.panels, lay.tableaux[i], info, placed[p], t, lay.font, 0.0)
        self._center_hits = draw_center(surface, self.sprites, self.panels, lay.center, view, t, lay.font, lay.scale)
        self.panels.blit(surface, lay.log, alpha=220, radius=10)
        self.log.draw(surface, max(10, lay.font - 3), t("table.log.title"), t(f"table.log.filter.{self.log.filter}"))
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
        self._draw_watch_speed(surface)

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
        self._draw_top(surface, t("cards.info", turn=view.turn_number, target=view.target_vp))
        self._draw_notes(surface)
        self._draw_notice(surface)
        draw_hint_line(surface, cards_hint(self), self.lay.board, self.lay.scale)
        self._draw_overlays(surface)
        if self.dialog is None and self.pass_screen is None:
            self._draw_zoom(surface)
        self._draw_tooltip(surface)

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

    def _table_tooltip(self, pos: tuple[int, int]) -> str | None:
        t = self.app.t
        for key, rect in self._center_hits.items():
            if rect.collidepoint(pos):
                if key == "fate":
                    return t(f"cards.fate.{self.view.fate}")
                if key.startswith("market."):
                    return t("cards.market")
                return t(key)
        return None
