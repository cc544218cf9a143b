"""The Catan table scene: board, panels, dialogs and animations around one GameSession."""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any

import pygame

from game.catan import actions as A
from game.catan import state as S
from game.catan import two_player as T
from game.catan.constants import COSTS, KNIGHT, MONOPOLY, RESOURCES, ROAD_BUILDING, YEAR_OF_PLENTY
from game.core.actions import Action, Event
from game.core.errors import GameError
from game.core.game import Game
from gui.dialogs import px
from gui.fonts import render_text
from gui.scene import Scene
from gui.session import GameSession, speed_factor
from gui.table.animations import Animator, Banner, DiceRoll, FloatText, Flyer, Ring, RobberSlide
from gui.table.board_view import TABLE_BG, BoardView, Marks, SpriteBook, player_rgb
from gui.table.dialogs import (
    ConfirmDialog, DiscardDialog, MaritimeDialog, MenuDialog, MonopolyDialog, PassScreen, RespondDialog,
    TableDialog, TradeDialog, VictimDialog, YearOfPlentyDialog,
)
from gui.table.log_view import EventNarrator, LogEntry, LogView, format_cards
from gui.table.neutral_panel import NeutralInfo, NeutralPanel
from gui.table.panels import (
    CostButton, HandCard, HandInfo, HandPanel, PanelCache, PlayerInfo, PlayersPanel, TableLayout, compute_layout,
    draw_dice, draw_top_bar,
)
from gui.table.two_player_view import (
    draw_roll_labels, neutral_build_marks, neutral_infos, neutral_options, roll_number,
)
from gui.table.variant_dialogs import GiveBackDialog, NeutralChoiceDialog
from gui.widgets import draw_tooltip

if TYPE_CHECKING:
    from gui.app import App

log = logging.getLogger(__name__)

PHASE_DIALOGS: dict[str, type[TableDialog]] = {
    S.DISCARD: DiscardDialog, S.TRADE_RESPONSE: RespondDialog, S.TRADE_CONFIRM: ConfirmDialog,
    T.GIVE_BACK: GiveBackDialog,
}
TRADE_CARD_ACTIONS = (("forced_trade", T.ForcedTrade), ("robber_desert", T.RobberToDesert),
                      ("remove_knight", T.RemoveKnight))
DEV_PLAY = {A.PlayKnight: KNIGHT, A.PlayRoadBuilding: ROAD_BUILDING, A.PlayYearOfPlenty: YEAR_OF_PLENTY,
            A.PlayMonopoly: MONOPOLY}
WATCH_SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
END_DELAY = 1.2
RESIZE_SETTLE = 0.25  # seconds without a new size before the board art is redrawn at the new size


def part_labels(game: Game) -> tuple[str, ...]:
    """The printed labels of a compact board's parts (in the order of board.parts); none for other boards."""
    placements = getattr(game, "compact_placements", None)
    layout = getattr(game, "layout", None)
    if not placements and isinstance(layout, dict) and "compact_parts" in layout:
        from game.catan.compact import placements_from_json

        try:
            placements = placements_from_json(layout["compact_parts"])
        except GameError:
            placements = None
    return tuple(p.label for p in placements) if placements else ()


class CatanTableScene(Scene):
    """Where a Catan board game is played: humans by clicks (hot seat), AIs through the session's worker."""

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.session = GameSession(game, autosave_path=getattr(app, "autosave_path", None),
                                   ai_speed=lambda: getattr(self.app.settings, "ai_speed", 1.0))
        self.session.listeners.append(self._on_applied)
        self.panels = PanelCache()
        self.sprites = SpriteBook(app.art)
        self.two_player = isinstance(game, T.TwoPlayerCatanGame)
        self.neutral_colors: tuple[str, ...] = tuple(getattr(game, "neutral_colors", ()) or ())
        self.neutral_owners = tuple(range(game.num_players, game.num_players + len(self.neutral_colors)))
        self.board_view = BoardView(self.sprites, game.state.board, game.topo,
                                    [s.color for s in game.seats] + list(self.neutral_colors), self.neutral_owners,
                                    part_labels(game))
        self.neutral_panel = NeutralPanel(self.panels)
        self.last_taken: tuple[int, ...] | None = None
        self._neutrals_key: Any = None
        self._neutrals: list[NeutralInfo] = []
        self.players_panel = PlayersPanel(self.panels)
        self.hand_panel = HandPanel(self.panels)
        self.log = LogView()
        self.animator = Animator(self._anim_speed())
        self.narrator = EventNarrator(self.app.t, self.player_name, self.player_color, self._terrain_of,
                                      self._private_seat())
        self.mode: str | None = None
        self.dialog: TableDialog | None = None
        self._dialog_auto = False
        self.pass_screen: PassScreen | None = None
        self.hover_pos: tuple[int, int] = (-1, -1)
        self.hover: tuple[str, int] | None = None
        self.clock = 0.0
        self.toast: tuple[str, float] = ("", 0.0)
        self.end_timer = 0.0
        self.end_shown = False
        self.buttons: dict[str, CostButton] = {}
        self._view_key: Any = None
        self._view: Any = None
        self._marks_key: Any = None
        self._marks = Marks()
        self._infos_key: Any = None
        self._infos: list[PlayerInfo] = []
        self._hand_key: Any = None
        self._hand: HandInfo | None = None
        self._controls_key: Any = None
        self._small: dict[Any, pygame.Surface] = {}
        self._last_robber = game.state.robber
        self._resized_at = -1.0
        self.lay: TableLayout = compute_layout(app.size, game.num_players, self.two_player)
        self.relayout(app.size)
        self.log.add([e for ev in getattr(game, "initial_events", []) for e in self.narrator.describe(ev)])
        if game.log:
            self.log.add([LogEntry(self.app.t("table.log.resumed", count=len(game.log)), None, True)])
        self._sync_overlays()

    # ------------------------------------------------------------------ names and colours

    def player_name(self, player: int) -> str:
        """A seat's display name (colour ids become translated colour names); neutral colours are named so."""
        if player in self.neutral_owners:
            color = self.owner_color(player)
            return self.app.t("table.neutral.name", color=self.app.t(f"color.{color}.player"))
        if not 0 <= player < len(self.game.seats):
            return "?"
        seat = self.game.seats[player]
        if seat.name == seat.color:
            key = f"color.{seat.color}.player"
            text = self.app.t(key)
            return text if text != key else seat.name
        return seat.name

    def player_color(self, player: int) -> tuple[int, int, int]:
        """The RGB of a seat or a neutral colour."""
        if player in self.neutral_owners:
            return player_rgb(self.owner_color(player))
        return player_rgb(self.game.seats[player].color) if 0 <= player < len(self.game.seats) else (200, 200, 200)

    def owner_color(self, owner: int) -> str:
        """The colour id of a piece owner (a seat or a neutral colour)."""
        return self.board_view.owner_color(owner)

    def _terrain_of(self, hex_index: int) -> tuple[str, int]:
        board = self.game.state.board
        return board.terrains[hex_index], board.numbers[hex_index]

    def _private_seat(self) -> int | None:
        humans = self.session.human_seats
        return humans[0] if len(humans) == 1 else None

    def icon(self, r: int, size: int, dim: bool = False) -> pygame.Surface:
        """A resource icon (dimmed for disabled buttons)."""
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

    def _anim_speed(self) -> float:
        return speed_factor(getattr(self.app.settings, "animation_speed", 1.0))

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

    # ------------------------------------------------------------------ layout

    def relayout(self, size: tuple[int, int]) -> None:
        """Compute every rectangle for a window size and rebuild the buttons."""
        if self.sprites.art is not self.app.art:
            self.sprites = SpriteBook(self.app.art)
            self.board_view.sprites = self.sprites
            self.board_view.rect = pygame.Rect(0, 0, 1, 1)
            self._small.clear()
        self.lay = lay = compute_layout(size, self.game.num_players, self.two_player)
        self.board_view.layout(lay.board)
        self.players_panel.layout(lay.players, self.game.num_players)
        self.neutral_panel.layout(lay.neutrals)
        self.log.rect = lay.log
        self._hand_key = None
        self._build_buttons()
        self._controls_key = None
        self._refresh_controls()
        if self.dialog is not None:
            self.dialog.layout(lay.board, lay.scale)
        if self.pass_screen is not None:
            self.pass_screen.layout(lay.size, lay.scale)

    def _build_buttons(self) -> None:
        lay = self.lay
        t = self.app.t
        s = lay.scale
        fs = px(16, s)
        icon_size = px(24, s)

        def icons(r: int, dim: bool) -> pygame.Surface:
            return self.icon(r, icon_size, dim)

        self.buttons = {}
        gap = px(8, s)
        area = lay.actions
        if self.session.all_ai:
            specs = [("pause", "table.watch.pause", self._toggle_pause, ()),
                     ("step", "table.watch.step", self.session.step_once, ()),
                     ("slower", "table.watch.slower", lambda: self._watch_speed(-1), ()),
                     ("faster", "table.watch.faster", lambda: self._watch_speed(1), ())]
            cols, rows = 2, 2
        else:
            specs = [("roll", "table.action.roll", self.roll, ()),
                     ("road", "table.action.road", lambda: self.toggle_mode("road"), COSTS["road"]),
                     ("settlement", "table.action.settlement", lambda: self.toggle_mode("settlement"),
                      COSTS["settlement"]),
                     ("city", "table.action.city", lambda: self.toggle_mode("city"), COSTS["city"]),
                     ("end", "table.action.end", self.end_turn, ()),
                     ("dev", "table.action.dev", self.buy_dev, COSTS["dev_card"]),
                     ("trade", "table.action.trade", lambda: self.open_dialog("trade"), ()),
                     ("bank", "table.action.bank", lambda: self.open_dialog("maritime"), ())]
            cols, rows = 4, 2
        bw = (area.w - gap * (cols - 1)) // cols
        bh = (area.h - gap * (rows - 1)) // rows
        for i, (bid, key, fn, cost) in enumerate(specs):
            r, c = divmod(i, cols)
            rect = pygame.Rect(area.x + c * (bw + gap), area.y + r * (bh + gap), bw, bh)
            style = "primary" if bid in ("roll", "end", "pause") else "secondary"
            self.buttons[bid] = CostButton(rect, t(key), fn, cost=cost, icons=icons, style=style, font_size=fs)
        if self.two_player and not self.session.all_ai:
            self._build_trade_card_buttons(fs)
        menu = pygame.Rect(0, 0, px(120, s), lay.top.h - px(12, s))
        menu.midright = (lay.top.right - px(8, s), lay.top.centery)
        self.buttons["menu"] = CostButton(menu, "☰ " + t("table.menu.button"), lambda: self.open_dialog("menu"),
                                          font_size=fs)
        for bid, b in self.buttons.items():
            b.tooltip = self._tooltip_for(bid)

    def _build_trade_card_buttons(self, fs: int) -> None:
        """The two-player game's trade-card actions, stacked in their column."""
        area = self.lay.trade_actions
        gap = px(6, self.lay.scale)
        bh = (area.h - 2 * gap) // 3
        fns = {"forced_trade": self.forced_trade, "robber_desert": self.robber_to_desert,
               "remove_knight": self.remove_knight}
        for i, (bid, _cls) in enumerate(TRADE_CARD_ACTIONS):
            rect = pygame.Rect(area.x, area.y + i * (bh + gap), area.w, bh)
            self.buttons[bid] = CostButton(rect, self.app.t(f"table.action.{bid}"), fns[bid], style="secondary",
                                           font_size=max(10, fs - 2))

    def _trade_card_tooltip(self, bid: str) -> str:
        t = self.app.t
        if bid == "remove_knight":
            return t("table.tip.remove_knight")
        player = self.session.human_actor()
        if player is None:
            player = max(0, self.session.viewer)
        cost_of = getattr(self.game, "trade_action_cost", None)
        cost = int(cost_of(player)) if callable(cost_of) and player < self.game.num_players else 1
        return t(f"table.tip.{bid}") + " — " + t("table.tip.trade_cost", count=cost)

    def _tooltip_for(self, bid: str) -> str:
        t = self.app.t
        keys = {"roll": "R", "end": "E / Space", "dev": "B", "trade": "T", "menu": "Esc", "pause": "Space",
                "step": "N", "slower": "−", "faster": "+"}
        text = t(f"table.tip.{bid}")
        cost = {"road": "road", "settlement": "settlement", "city": "city", "dev": "dev_card"}.get(bid)
        if cost:
            text += " — " + t("table.tip.cost", cards=format_cards(COSTS[cost], t))
        if bid in keys:
            text += f"  [{keys[bid]}]"
        return text

    def button_rect(self, bid: str) -> pygame.Rect:
        """Screen rect of a button: roll, road, settlement, city, end, dev, trade, bank, menu (watch: pause, step,
        slower, faster)."""
        return self.buttons[bid].rect

    def pass_button_rect(self) -> pygame.Rect | None:
        """Screen rect of the pass screen's button, when it is up."""
        if self.pass_screen is None or self.pass_screen.button is None:
            return None
        return self.pass_screen.button.rect

    # ------------------------------------------------------------------ controls and marks

    def _refresh_controls(self) -> None:
        key = (self.session.revision, self.session.human_actor(), self.mode, self.session.paused,
               self.session.watch_speed, self.pass_screen is None)
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
        legal = self.actor_legal()
        kinds = {type(a) for a in legal}
        phase = self.game.state.phase
        b["roll"].enabled = A.Roll in kinds
        b["end"].enabled = A.EndTurn in kinds
        main = phase == S.MAIN
        b["road"].enabled = main and A.BuildRoad in kinds
        b["settlement"].enabled = main and A.BuildSettlement in kinds
        b["city"].enabled = main and A.BuildCity in kinds
        b["dev"].enabled = A.BuyDevCard in kinds
        b["trade"].enabled = A.OfferTrade in kinds
        b["bank"].enabled = A.MaritimeTrade in kinds
        for bid in ("road", "settlement", "city"):
            b[bid].style = "primary" if self.mode == bid else "secondary"
        if self.two_player:
            number = roll_number(self.game.state)
            b["roll"].label = self.app.t("table.action.roll_first" if number == 1 else "table.action.roll_second")
            for bid, cls in TRADE_CARD_ACTIONS:
                if bid in b:
                    b[bid].enabled = cls in kinds
                    b[bid].tooltip = self._trade_card_tooltip(bid)
        if self.mode is not None and not b[self.mode].enabled:
            self.mode = None

    def marks(self) -> Marks:
        """The spots that light up for the acting human."""
        human = self.session.human_actor()
        key = (self.session.revision, human, self.mode, self.pass_screen is None)
        if key != self._marks_key:
            self._marks_key = key
            self._marks = self._compute_marks(human)
        m = self._marks
        m.hover_node = self.hover[1] if self.hover and self.hover[0] == "node" else None
        m.hover_edge = self.hover[1] if self.hover and self.hover[0] == "edge" else None
        m.hover_hex = self.hover[1] if self.hover and self.hover[0] == "hex" else None
        return m

    def _compute_marks(self, human: int | None) -> Marks:
        if human is None or self.pass_screen is not None:
            return Marks()
        legal = self.session.legal(human)
        phase = self.game.state.phase
        color = self.game.seats[human].color
        if phase in (S.SETUP_SETTLEMENT,) or self.mode == "settlement":
            nodes = tuple(a.node for a in legal if isinstance(a, A.BuildSettlement))
            return Marks(nodes=nodes, ghost="settlement", color=color)
        if phase in (S.SETUP_ROAD, S.ROAD_BUILDING) or self.mode == "road":
            edges = tuple(sorted({a.edge for a in legal if isinstance(a, A.BuildRoad)}))
            return Marks(edges=edges, ghost="road", color=color)
        if self.mode == "city":
            return Marks(nodes=tuple(a.node for a in legal if isinstance(a, A.BuildCity)), ghost="city", color=color)
        if phase == S.MOVE_ROBBER:
            return Marks(hexes=tuple(sorted({a.hex for a in legal if isinstance(a, A.MoveRobber)})), color=color)
        if phase == T.NEUTRAL_BUILD:
            return neutral_build_marks(legal, self.owner_color)
        return Marks()

    def _hit(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        m = self.marks()
        bv = self.board_view
        if m.nodes:
            n = bv.node_at(pos, m.nodes)
            if n is not None:
                return ("node", n)
        if m.edges:
            e = bv.edge_at(pos, m.edges)
            if e is not None:
                return ("edge", e)
        if m.hexes:
            h = bv.hex_at(pos, m.hexes)
            if h is not None:
                return ("hex", h)
        return None

    # ------------------------------------------------------------------ actions

    def game_changed(self) -> None:
        """The game was changed from outside (a test, an editor): forget cached answers, open the right overlays."""
        self.session.reset_ai()
        self._view_key = self._marks_key = self._controls_key = self._infos_key = self._hand_key = None
        self._neutrals_key = None
        self._sync_overlays()

    def act(self, action: Action) -> bool:
        """Apply a human action; an illegal one shows a note instead. Returns whether it was applied."""
        try:
            self.session.apply(action)
        except GameError as exc:
            log.info("refused %r: %s", action, exc)
            self.show_toast(self.app.t("table.illegal"))
            return False
        return True

    def roll(self) -> None:
        """Roll the dice if allowed."""
        for a in self._legal_of(A.Roll):
            self.act(a)
            return

    def end_turn(self) -> None:
        """End the turn if allowed."""
        for a in self._legal_of(A.EndTurn):
            self.mode = None
            self.act(a)
            return

    def buy_dev(self) -> None:
        """Buy a development card if allowed."""
        for a in self._legal_of(A.BuyDevCard):
            self.act(a)
            return

    def toggle_mode(self, mode: str) -> None:
        """Enter or leave a placement mode (road, settlement, city)."""
        self.mode = None if self.mode == mode else mode
        self._marks_key = None
        self._controls_key = None

    def play_dev(self, kind: int) -> None:
        """Play a development card from the hand (dialogs for Year of Plenty and Monopoly)."""
        if kind == KNIGHT:
            for a in self._legal_of(A.PlayKnight):
                self.act(a)
        elif kind == ROAD_BUILDING:
            for a in self._legal_of(A.PlayRoadBuilding):
                self.act(a)
        elif kind == YEAR_OF_PLENTY and self._legal_of(A.PlayYearOfPlenty):
            self.open_dialog("year_of_plenty")
        elif kind == MONOPOLY and self._legal_of(A.PlayMonopoly):
            self.open_dialog("monopoly")

    def forced_trade(self) -> None:
        """Trade-card action: draw 2 cards from the opponent (the give-back dialog follows)."""
        for a in self._legal_of(T.ForcedTrade):
            self.act(a)
            return

    def robber_to_desert(self) -> None:
        """Trade-card action: the robber goes back to the desert."""
        for a in self._legal_of(T.RobberToDesert):
            self.act(a)
            return

    def remove_knight(self) -> None:
        """Take a played knight out of the game for 2 trade cards."""
        for a in self._legal_of(T.RemoveKnight):
            self.act(a)
            return

    def _click_board(self, hit: tuple[str, int]) -> None:
        kind, index = hit
        legal = self.actor_legal()
        if self.game.state.phase == T.NEUTRAL_BUILD and kind in ("node", "edge"):
            options = neutral_options(legal, kind, index)
            if len(options) == 1:
                self.act(options[0])
            elif options:
                bv = self.board_view
                anchor = bv.node_screen_pos(index) if kind == "node" else bv.edge_screen_pos(index)
                self._open(NeutralChoiceDialog(self, options[0].player, options, anchor))
            return
        if kind == "node":
            for a in legal:
                if isinstance(a, (A.BuildSettlement, A.BuildCity)) and a.node == index:
                    if self.mode == "city" and not isinstance(a, A.BuildCity):
                        continue
                    if self.mode == "settlement" and not isinstance(a, A.BuildSettlement):
                        continue
                    self.mode = None
                    self.act(a)
                    return
        elif kind == "edge":
            for a in legal:
                if isinstance(a, A.BuildRoad) and a.edge == index:
                    self.mode = None
                    self.act(a)
                    return
        elif kind == "hex":
            options = [a for a in legal if isinstance(a, A.MoveRobber) and a.hex == index]
            if len(options) == 1:
                self.act(options[0])
            elif options:
                victims = [a.victim for a in options if a.victim is not None]
                self._open(VictimDialog(self, options[0].player, index, victims))

    # ------------------------------------------------------------------ dialogs

    def open_dialog(self, name: str) -> None:
        """Open a dialog by name: trade, maritime, discard, robber, year_of_plenty, monopoly, respond, confirm, menu."""
        player = self.session.human_actor()
        if player is None:
            player = self.session.viewer if self.session.viewer >= 0 else (self.session.actor() or 0)
        if name == "trade":
            dialog: TableDialog = TradeDialog(self, player)
        elif name == "maritime":
            dialog = MaritimeDialog(self, player)
        elif name == "discard":
            dialog = DiscardDialog(self, player)
        elif name == "robber":
            dialog = self._robber_preview(player)
        elif name == "year_of_plenty":
            dialog = YearOfPlentyDialog(self, player)
        elif name == "monopoly":
            dialog = MonopolyDialog(self, player)
        elif name == "respond":
            dialog = RespondDialog(self, player)
        elif name == "confirm":
            dialog = ConfirmDialog(self, player)
        elif name == "menu":
            dialog = MenuDialog(self, player)
        elif name == "give_back":
            dialog = GiveBackDialog(self, player)
        elif name == "neutral":
            dialog = self._neutral_preview(player)
        else:
            raise ValueError(f"no table dialog {name!r}")
        self._open(dialog)

    def _robber_preview(self, player: int) -> VictimDialog:
        """The victim chooser for the hex with the most possible victims (for screenshots outside the phase)."""
        legal = [a for a in self.session.legal(player) if isinstance(a, A.MoveRobber) and a.victim is not None]
        if legal:
            best = max({a.hex for a in legal}, key=lambda h: sum(1 for a in legal if a.hex == h))
            return VictimDialog(self, player, best, [a.victim for a in legal if a.hex == best])
        s = self.game.state
        owners = [sorted({s.node_owner[n] for n in self.game.topo.hex_nodes[h]} - {-1, player}) for h in range(19)]
        best = max(range(19), key=lambda h: len(owners[h]))
        return VictimDialog(self, player, best, owners[best] or [q for q in range(self.game.num_players)
                                                                  if q != player][:2])

    def _neutral_preview(self, player: int) -> NeutralChoiceDialog:
        """The neutral colour chooser for the spot most neutrals may take (an example outside the phase)."""
        builds = [a for a in self.session.legal(player) if isinstance(a, T.BuildNeutral)]
        if builds:
            best = max({(a.piece, a.where) for a in builds},
                       key=lambda k: sum(1 for a in builds if (a.piece, a.where) == k))
            return NeutralChoiceDialog(self, player, [a for a in builds if (a.piece, a.where) == best])
        return NeutralChoiceDialog(self, player, [T.BuildNeutral(player, q, "settlement", 0)
                                                  for q in self.neutral_owners])

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
        try:
            from gui.dialogs.files import SaveDialog
        except ImportError:
            self.show_toast(self.app.t("table.unavailable"))
            return
        self.app.push(SaveDialog(self.app, self.game))

    def load_dialog(self) -> None:
        """Open the load dialog of the app."""
        self.close_dialog()
        try:
            from gui.dialogs.files import LoadDialog
        except ImportError:
            self.show_toast(self.app.t("table.unavailable"))
            return
        self.app.push(LoadDialog(self.app))

    def leave(self) -> None:
        """Back to the main menu (the game was autosaved after the last turn)."""
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
        self._marks_key = None
        self._controls_key = None
        self._sync_overlays()

    def _sync_overlays(self) -> None:
        """Open or close the pass screen and the dialogs that the game's phase asks of the acting human."""
        pass_to = self.session.pass_to
        if pass_to is None:
            self.pass_screen = None
        elif self.pass_screen is None or self.pass_screen.player != pass_to:
            self.pass_screen = PassScreen(self, pass_to)
            self.pass_screen.layout(self.lay.size, self.lay.scale)
            self.mode = None
        human = self.session.human_actor()
        phase = self.game.state.phase
        wanted = PHASE_DIALOGS.get(phase) if human is not None else None
        d = self.dialog
        if d is not None and isinstance(d, MenuDialog):
            return
        if wanted is not None:
            if not (isinstance(d, wanted) and d.player == human):
                self._open(wanted(self, human), auto=True)
            return
        if d is not None and self._dialog_auto:
            self.dialog = None
            self._dialog_auto = False
        elif d is not None and human is None and not self.session.all_ai:
            self.dialog = None

    def show_toast(self, text: str, seconds: float = 2.5) -> None:
        """A short note at the top of the board."""
        self.toast = (text, seconds)

    # ------------------------------------------------------------------ events of the game

    def _on_applied(self, action: Action, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, T.CardsTaken):
                self.last_taken = tuple(e.cards)
        if isinstance(action, T.RemoveKnight):
            self.log.add([LogEntry(self.app.t("table.log.knight_removed", player=self.player_name(action.player)),
                                   self.player_color(action.player))])
        self.log.add([line for e in events for line in self.narrator.describe(e)])
        self._animate(events)
        self._marks_key = None
        self._controls_key = None
        self._infos_key = None
        self._hand_key = None
        self.hover = None
        d = self.dialog
        if d is not None and not isinstance(d, MenuDialog):
            if isinstance(d, MaritimeDialog) and self.game.state.phase == S.MAIN:
                d.layout(self.lay.board, self.lay.scale)
            elif not self._dialog_auto:
                self.dialog = None
        self._sync_overlays()
        if self.dialog is not None and self._dialog_auto:
            self.dialog.layout(self.lay.board, self.lay.scale)
        self._last_robber = self.game.state.robber

    def _animate(self, events: list[Event]) -> None:
        an = self.animator
        an.speed = self._anim_speed()
        if not an.enabled:
            return
        bv = self.board_view
        s = self.lay.scale
        fs = px(17, s)
        for e in events:
            kind = e.kind
            if kind == "dice_rolled":
                an.add(DiceRoll(0.9, dice=tuple(e.dice), seed=len(self.game.log)))
                if sum(e.dice) == 7:
                    an.add(Banner(1.6, delay=0.8, text=self.app.t("table.banner.seven"), center=bv.rect.center,
                                  size=px(34, s)))
            elif kind == "resources_produced":
                self._animate_production(e, fs)
            elif kind == "resources_gained":
                self._float(e.player, "+" + format_cards(e.cards, self.app.t), fs, 0.2)
            elif kind == "piece_built":
                pos = bv.edge_screen_pos(e.where) if e.piece == "road" else bv.node_screen_pos(e.where)
                an.add(Ring(0.7, pos=pos, color=self.player_color(e.player), radius=bv.R * 0.6))
                an.add(Ring(0.7, delay=0.15, pos=pos, color=(255, 250, 220), radius=bv.R * 0.45))
            elif kind == "robber_moved":
                an.add(RobberSlide(0.55, start=bv.robber_pos(self._last_robber), end=bv.robber_pos(e.hex)))
                self._last_robber = e.hex
            elif kind == "card_stolen":
                self._float(e.thief, self.app.t("table.float.stole"), fs, 0.5)
                self._float(e.victim, self.app.t("table.float.lost"), fs, 0.5)
            elif kind == "maritime_traded":
                self._float(e.player, f"−{e.rate} {self.app.t('resource.' + RESOURCES[e.give])}, +1 "
                                      f"{self.app.t('resource.' + RESOURCES[e.get])}", fs, 0.0)
            elif kind == "monopoly_taken":
                self._float(e.player, f"+{e.amount} {self.app.t('resource.' + RESOURCES[e.resource])}", fs, 0.0)
            elif kind == "dev_card_bought":
                self._float(e.player, "+1 " + self.app.t("card.development"), fs, 0.0)
            elif kind == "special_card_moved" and e.holder is not None:
                an.add(Banner(1.8, text=self.app.t("table.banner.special", player=self.player_name(e.holder),
                                                    card=self.app.t(f"special.{e.card}")),
                              center=(bv.rect.centerx, bv.rect.y + bv.rect.h // 5), size=px(24, s)))
            elif kind == "neutral_built":
                pos = bv.edge_screen_pos(e.where) if e.piece == "road" else bv.node_screen_pos(e.where)
                an.add(Ring(0.7, pos=pos, color=self.player_color(e.neutral), radius=bv.R * 0.6))
                an.add(Ring(0.7, delay=0.15, pos=pos, color=(200, 200, 206), radius=bv.R * 0.45))
            elif kind == "trade_cards_changed":
                self._float(e.player, f"{e.delta:+d} ⇄", fs, 0.1)
            elif kind == "cards_taken":
                self._float(e.player, "+" + format_cards(e.cards, self.app.t), fs, 0.3)
            elif kind == "game_won":
                an.add(Banner(2.5, text=self.app.t("table.banner.won", player=self.player_name(e.player)),
                              center=bv.rect.center, size=px(40, s)))

    def _float(self, player: int, text: str, fs: int, delay: float) -> None:
        row = self.players_panel.row_rect(player)
        self.animator.add(FloatText(2.2, delay=delay, text=text, color=(255, 236, 170),
                                    pos=(row.x - 8, row.centery - fs), size=fs))

    def _animate_production(self, e: Any, fs: int) -> None:
        s = self.game.state
        roll = sum(s.last_roll) if s.last_roll else 0
        bv = self.board_view
        icon_size = max(12, int(bv.R * 0.5))
        k = 0
        for h, (terrain, number) in enumerate(zip(s.board.terrains, s.board.numbers)):
            if number != roll or h == s.robber:
                continue
            res = RESOURCES.index({"forest": "lumber", "pasture": "wool", "fields": "grain", "hills": "brick",
                                   "mountains": "ore"}[terrain]) if terrain != "desert" else None
            if res is None:
                continue
            for node in self.game.topo.hex_nodes[h]:
                owner = s.node_owner[node]
                if not 0 <= owner < len(e.gains) or not e.gains[owner][res]:
                    continue
                row = self.players_panel.row_rect(owner)
                for _ in range(s.node_level[node]):
                    self.animator.add(Flyer(0.9, delay=0.75 + 0.08 * k, image=self.icon(res, icon_size),
                                            start=bv.hex_screen_pos(h), end=(row.x + 30, row.centery)))
                    k += 1
        for p, gains in enumerate(e.gains):
            if any(gains):
                text = ", ".join(f"+{n} {self.app.t('resource.' + RESOURCES[r])}" for r, n in enumerate(gains) if n)
                self._float(p, text, fs, 1.2)

    # ------------------------------------------------------------------ scene API

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay out for the new window size (the board art is redrawn once the size settles)."""
        self._resized_at = self.clock
        self.relayout(size)

    def on_enter(self) -> None:
        """Back on top: the size may have changed meanwhile."""
        if self.lay.size != tuple(self.app.size):
            self.relayout(self.app.size)

    def on_exit(self) -> None:
        """Leaving the stack: stop the AI thread."""
        self.session.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route an input event: pass screen, dialog, shortcuts, buttons, hand, board."""
        et = event.type
        if et in (pygame.VIDEORESIZE,):
            self.on_resize(tuple(event.size))
            return True
        if et == pygame.MOUSEMOTION:
            self.hover_pos = tuple(event.pos)
        if et == pygame.KEYDOWN and event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save_dialog()
            return True
        if self.pass_screen is not None:
            if et == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.open_dialog("menu")
                return True
            if self.dialog is not None and isinstance(self.dialog, MenuDialog):
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
            if et == pygame.KEYDOWN:
                return True
            return et != pygame.MOUSEMOTION
        if et == pygame.KEYDOWN:
            return self._key(event)
        if et == pygame.MOUSEMOTION:
            for b in self.buttons.values():
                b.handle_event(event)
            self.hover = self._hit(event.pos)
            return True
        if et == pygame.MOUSEWHEEL:
            if self.log.rect.collidepoint(self.hover_pos):
                self.log.wheel(event.y)
            return True
        if et == pygame.MOUSEBUTTONDOWN:
            if event.button == 3 and self.mode is not None:
                self.toggle_mode(self.mode)
                return True
            if event.button != 1:
                return True
            for b in list(self.buttons.values()):
                if b.rect.collidepoint(event.pos):
                    b.handle_event(event)
                    self._controls_key = None
                    return True
            card = self.hand_panel.card_at(event.pos)
            if card is not None:
                if card.kind == "dev" and card.playable:
                    self.play_dev(card.index)
                return True
            if self.lay.dice.collidepoint(event.pos):
                self.roll()
                return True
            hit = self._hit(event.pos)
            if hit is not None:
                self._click_board(hit)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.mode is not None:
                self.toggle_mode(self.mode)
            else:
                self.open_dialog("menu")
            return True
        if self.session.all_ai:
            if key == pygame.K_SPACE:
                self._toggle_pause()
            elif key in (pygame.K_n, pygame.K_RIGHT):
                self.session.step_once()
            elif key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
                self._watch_speed(1)
            elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self._watch_speed(-1)
            return True
        if key == pygame.K_r:
            self.roll()
        elif key in (pygame.K_e, pygame.K_SPACE):
            self.end_turn()
        elif key == pygame.K_t:
            if self._legal_of(A.OfferTrade):
                self.open_dialog("trade")
        elif key == pygame.K_b:
            self.buy_dev()
        return True

    def _toggle_pause(self) -> None:
        self.session.paused = not self.session.paused
        self._controls_key = None

    def _watch_speed(self, direction: int) -> None:
        speeds = WATCH_SPEEDS
        i = min(range(len(speeds)), key=lambda k: abs(speeds[k] - self.session.watch_speed))
        self.session.watch_speed = speeds[max(0, min(len(speeds) - 1, i + direction))]
        self._controls_key = None

    def update(self, dt: float) -> None:
        """Animations, AI moves (never blocking), overlays, and the end of the game."""
        if tuple(self.app.size) != self.lay.size or self.sprites.art is not self.app.art:
            self.on_resize(self.app.size)
        self.clock += dt
        self.animator.speed = self._anim_speed()
        self.animator.update(dt)
        if self.toast[1] > 0:
            self.toast = (self.toast[0], self.toast[1] - dt)
        self.session.update(dt, hold=self.animator.blocking)
        if self.session.pass_to is not None and self.pass_screen is None:
            self._sync_overlays()
        self._refresh_controls()
        if self.game.is_over() and not self.end_shown:
            self.end_timer += dt
            if self.end_timer >= END_DELAY and not self.animator.blocking:
                self.end_shown = True
                self.app.show_end_of_game(self.game)

    # ------------------------------------------------------------------ drawing

    def _player_infos(self) -> list[PlayerInfo]:
        view = self.view
        active = set(self.game.active_players())
        key = (self.session.revision, self.session.viewer)
        if key == self._infos_key:
            return self._infos
        s = view.state
        viewer = self.session.viewer
        infos = []
        trade_cards = s.extra.get("trade_cards") if self.two_player else None
        for p, seat in enumerate(self.game.seats):
            hidden = view.own_vp - view.public_vp[p] if p == viewer else 0
            infos.append(PlayerInfo(
                index=p, name=self.player_name(p), color=seat.color, vp=view.public_vp[p], hidden_vp=max(0, hidden),
                cards=view.resource_counts[p], devs=view.dev_counts[p], knights=s.dev_played[p][KNIGHT],
                road=s.road_length[p], longest=s.longest_holder == p, army=s.army_holder == p, acting=p in active,
                is_ai=not seat.is_human, is_viewer=p == viewer and len(self.session.human_seats) > 1,
                trade_cards=trade_cards[p] if isinstance(trade_cards, (tuple, list)) else None,
                trade_max=T.TRADE_CARDS_MAX))
        self._infos, self._infos_key = infos, key
        return infos

    def _neutral_infos(self) -> list[NeutralInfo]:
        key = self.session.revision
        if key != self._neutrals_key:
            self._neutrals = neutral_infos(self.game.state, self.neutral_owners, self.player_name, self.owner_color)
            self._neutrals_key = key
        return self._neutrals

    def _hand_info(self) -> HandInfo | None:
        viewer = self.session.viewer
        key = (self.session.revision, viewer, self.pass_screen is None, self.session.human_actor())
        if key == self._hand_key:
            return self._hand
        if viewer < 0:
            hand = None
        else:
            s = self.view.state
            playable = frozenset(DEV_PLAY[type(a)] for a in self.actor_legal() if type(a) in DEV_PLAY)
            hand = HandInfo(tuple(s.hands[viewer]), tuple(s.dev_hand[viewer]), tuple(s.dev_new[viewer]), playable,
                            self.pass_screen is None)
        self._hand, self._hand_key = hand, key
        self.hand_panel.layout(self.lay.hand, hand)
        return hand

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """The top bar's line and the colour of the player it concerns."""
        t = self.app.t
        g = self.game
        s = g.state
        if g.is_over():
            w = g.winner()
            return t("table.prompt.game_over", player=self.player_name(w if w is not None else 0)), \
                self.player_color(w if w is not None else 0)
        actor = self.session.actor()
        if actor is None:
            return "", (200, 200, 200)
        name = self.player_name(actor)
        color = self.player_color(actor)
        if self.session.pass_to is not None:
            return t("table.prompt.pass", player=self.player_name(self.session.pass_to)), \
                self.player_color(self.session.pass_to)
        if not self.session.is_human(actor):
            if self.session.all_ai and self.session.paused:
                return t("table.prompt.paused"), color
            return t("table.prompt.ai", player=name), color
        if self.mode is not None:
            return t(f"table.prompt.mode.{self.mode}", player=name), color
        count = s.free_roads if s.phase == S.ROAD_BUILDING else s.owed[actor] if s.phase == S.DISCARD else 0
        if self.two_player:
            if s.phase == S.ROLL:
                return t(f"table.prompt.roll_{roll_number(s)}", player=name), color
            if s.phase == T.GIVE_BACK:
                return t("table.prompt.give_back", player=name, count=g.give_back_count(actor)), color
            if s.phase == T.NEUTRAL_BUILD:
                builds = [a for a in self.session.legal(actor) if isinstance(a, T.BuildNeutral)]
                piece = builds[0].piece if builds else "settlement"
                return t(f"table.prompt.neutral_build.{piece}", player=name), color
        return t(f"table.prompt.{s.phase}", player=name, count=count), color

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole table (reads state only)."""
        lay = self.lay
        if surface.get_size() != lay.size:
            surface.fill(TABLE_BG)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        state = self.game.state
        marks = self.marks()
        marks.pulse = pulse
        quick = self.clock - self._resized_at < RESIZE_SETTLE
        self.board_view.draw(surface, state, marks, self.animator.robber(), quick)
        # side and bottom
        surface.fill(TABLE_BG, lay.side)
        surface.fill(TABLE_BG, lay.bottom)
        self.players_panel.draw(surface, self._player_infos(), self.app.t, lay.font, pulse)
        if self.two_player:
            self.neutral_panel.draw(surface, self.sprites, self._neutral_infos(), self.game.trade_card_supply(),
                                    self.app.t, lay.font)
        self.panels.blit(surface, lay.log, alpha=220, radius=10)
        self.log.draw(surface, max(10, lay.font - 3), self.app.t("table.log.title"))
        hand = self._hand_info()
        viewer = self.session.viewer
        if viewer >= 0 and self.pass_screen is None:
            title = self.app.t("table.hand.title", player=self.player_name(viewer))
        elif viewer < 0:
            title = self.app.t("table.hand.watching")
        else:
            title = self.app.t("table.hand.hidden")
        hover_card = self.hand_panel.card_at(self.hover_pos) if self.dialog is None else None
        self.hand_panel.draw(surface, self.sprites, hand, title, lay.font, pulse, hover_card)
        if self.session.all_ai:
            speed = self.app.t("table.watch.speed", speed=f"{self.session.watch_speed:g}")
            img = render_text(speed, lay.font, (236, 236, 230), True)
            surface.blit(img, img.get_rect(center=lay.hand.center))
        for bid, b in self.buttons.items():
            if bid != "menu":
                b.draw(surface)
        dice_anim = self.animator.dice()
        live = bool(self._legal_of(A.Roll)) and self.dialog is None
        faces = dice_anim.faces() if dice_anim else None
        draw_dice(surface, self.sprites, lay.dice, state.last_roll, live, pulse, faces,
                  dice_anim.wobble() if dice_anim else 0.0)
        if self.two_player and dice_anim is None:
            draw_roll_labels(surface, self.sprites, lay.dice, state, self.app.t, max(10, lay.font - 4))
        text, color = self.prompt()
        info = self.app.t("table.info", turn=state.turn_number, deck=self.view.dev_deck_size,
                          target=self.view.target_vp)
        draw_top_bar(surface, lay.top, text, info, color, lay.font, self.buttons["menu"].rect.w + px(10, lay.scale))
        self.buttons["menu"].draw(surface)
        self.animator.draw(surface)
        if self.toast[1] > 0 and self.toast[0]:
            img = render_text(self.toast[0], lay.font, (255, 230, 200), True)
            box = img.get_rect(midtop=(lay.board.centerx, lay.board.y + px(10, lay.scale))).inflate(24, 12)
            self.panels.blit(surface, box, (90, 40, 36), 235, 8)
            surface.blit(img, img.get_rect(center=box.center))
        if self.dialog is not None and self.pass_screen is None:
            self.dialog.draw(surface)
        if self.pass_screen is not None:
            self.pass_screen.draw(surface)
            if isinstance(self.dialog, MenuDialog):
                self.dialog.draw(surface)
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
        card: HandCard | None = self.hand_panel.card_at(pos)
        if card is not None:
            t = self.app.t
            if card.kind == "resource":
                return f"{t('resource.' + RESOURCES[card.index])}: {card.count}"
            from game.catan.constants import DEV_CARDS

            name = DEV_CARDS[card.index]
            text = f"{t('dev.' + name)} — {t('dev.' + name + '.desc')}"
            if card.playable:
                text += " " + t("table.tip.play")
            return text
        part = self.board_view.part_at(pos)
        if part is not None:
            label = self.board_view.part_labels[part]
            return self.app.t("table.tip.part", label=label, side=label[:1], number=label[1:])
        return self.players_panel.tooltip_at(pos) or self.neutral_panel.tooltip_at(pos)
