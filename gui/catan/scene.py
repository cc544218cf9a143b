"""The Catan table scene: board, panels, dialogs and animations around one GameSession."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.catan import actions as A
from game.catan import state as S
from game.catan import two_player as T
from game.catan.constants import COSTS, KNIGHT, MONOPOLY, RESOURCES, ROAD_BUILDING, YEAR_OF_PLENTY
from game.core.actions import Action, Event
from game.core.errors import GameError
from game.core.game import Game
from gui.catan.animations import Animator, Banner, DiceRoll, FloatText, Flyer, Ring, RobberSlide
from gui.catan.board_info import BankBox
from gui.catan.board_view import BoardView, Marks
from gui.catan.dialogs import (
    ConfirmDialog, DiscardDialog, MaritimeDialog, MonopolyDialog, RespondDialog, VictimDialog, YearOfPlentyDialog,
)
from gui.catan.layout import TableLayout, compute_layout
from gui.catan.narrator import EventNarrator
from gui.catan.neutral_panel import NeutralInfo, NeutralPanel
from gui.catan.painter import CatanPainter
from gui.catan.panels import HandInfo, HandPanel, PlayerInfo, PlayersPanel
from gui.catan.stats_panel import CatanStatsPanel
from gui.catan.trade_panel import TradePanel
from gui.catan.two_player_view import neutral_build_marks, neutral_options, roll_number
from gui.catan.variant_dialogs import GiveBackDialog, NeutralChoiceDialog
from gui.dialogs import px
from gui.session import speed_factor
from gui.table.action_marks import ActionSpot, ring_spot
from gui.table.base import END_DELAY, WATCH_SPEEDS, ButtonSpec, TableScene
from gui.table.buttons import CostButton
from gui.table.colors import player_rgb
from gui.table.dialogs import MenuDialog, TableDialog
from gui.table.log_view import DICE_GAME_FILTERS, LogEntry, format_cards
from gui.table.win_bar import WinBar
from gui.tour import TourStep, button_area

if TYPE_CHECKING:
    from gui.app import App

__all__ = ["CatanTableScene", "END_DELAY", "WATCH_SPEEDS", "part_labels"]

PHASE_DIALOGS: dict[str, type[TableDialog]] = {
    S.DISCARD: DiscardDialog, S.TRADE_RESPONSE: RespondDialog, S.TRADE_CONFIRM: ConfirmDialog,
    T.GIVE_BACK: GiveBackDialog,
}
TRADE_CARD_ACTIONS = (("forced_trade", T.ForcedTrade), ("robber_desert", T.RobberToDesert),
                      ("remove_knight", T.RemoveKnight))
#: The shortcut key shown on each button (each one is handled in _action_key or the table's watch keys).
KEY_HINTS = {"roll": "R", "road": "1", "settlement": "2", "city": "3", "end": "E", "dev": "B", "trade": "T",
             "bank": "K", "pause": "Space", "step": "N", "slower": "−", "faster": "+"}
BUILD_KEYS = {pygame.K_1: "road", pygame.K_KP1: "road", pygame.K_2: "settlement", pygame.K_KP2: "settlement",
              pygame.K_3: "city", pygame.K_KP3: "city"}


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


class CatanTableScene(CatanPainter, TableScene):
    """Where a Catan board game is played: humans by clicks (hot seat), AIs through the session's worker."""

    resource_names = RESOURCES
    primary_buttons = ("roll", "end", "pause")

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app, game)
        self.two_player = isinstance(game, T.TwoPlayerCatanGame)
        self.neutral_colors: tuple[str, ...] = tuple(getattr(game, "neutral_colors", ()) or ())
        self.neutral_owners = tuple(range(game.num_players, game.num_players + len(self.neutral_colors)))
        self.board_view = BoardView(self.sprites, game.state.board, game.topo,
                                    [s.color for s in game.seats] + list(self.neutral_colors), self.neutral_owners,
                                    part_labels(game))
        self.neutral_panel = NeutralPanel(self.panels)
        self.bank_box = BankBox()
        self.last_taken: tuple[int, ...] | None = None
        self._neutrals_key: Any = None
        self._neutrals: list[NeutralInfo] = []
        self.players_panel = PlayersPanel(self.panels)
        self.hand_panel = HandPanel(self.panels)
        self.animator = Animator(self._anim_speed())
        self.log.filters = DICE_GAME_FILTERS
        self.narrator = EventNarrator(self.app.t, self.player_name, self.player_color, self._terrain_of,
                                      self._private_seat())
        self.mode: str | None = None
        self.hover: tuple[str, int] | None = None
        self._marks_key: Any = None
        self._marks = Marks()
        self._infos_key: Any = None
        self._infos: list[PlayerInfo] = []
        self._hand_key: Any = None
        self._hand: HandInfo | None = None
        self._last_robber = game.state.robber
        self._resized_at = -1.0
        self.stats_panel = CatanStatsPanel(self)
        self.win_bar = WinBar(app, game, self.session)
        self._start()

    # ------------------------------------------------------------------ names and colours

    def player_name(self, player: int) -> str:
        """A seat's display name (colour ids become translated colour names); neutral colours are named so."""
        if player in self.neutral_owners:
            color = self.owner_color(player)
            return self.app.t("table.neutral.name", color=self.app.t(f"color.{color}.player"))
        return super().player_name(player)

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

    def _anim_speed(self) -> float:
        return speed_factor(getattr(self.app.settings, "animation_speed", 1.0))

    # ------------------------------------------------------------------ layout

    def _compute_layout(self, size: tuple[int, int]) -> TableLayout:
        return self.win_bar.carve(compute_layout(size, self.game.num_players, self.two_player, self.session.all_ai,
                                                 ui_factor=self.ui_factor))

    def _art_changed(self) -> None:
        self.board_view.sprites = self.sprites
        self.board_view.rect = pygame.Rect(0, 0, 1, 1)

    def _layout_parts(self) -> None:
        lay = self.lay
        self.board_view.layout(lay.board)
        self.bank_box.layout(lay.board, lay.dice, lay.scale)
        self.players_panel.layout(lay.players, self.game.num_players, lay.player_cols)
        self.neutral_panel.layout(lay.neutrals)
        self._hand_key = None

    def _action_specs(self) -> tuple[list[ButtonSpec], int, int]:
        specs: list[ButtonSpec] = [
            ("roll", "table.action.roll", self.roll, ()),
            ("road", "table.action.road", lambda: self.toggle_mode("road"), COSTS["road"]),
            ("settlement", "table.action.settlement", lambda: self.toggle_mode("settlement"), COSTS["settlement"]),
            ("city", "table.action.city", lambda: self.toggle_mode("city"), COSTS["city"]),
            ("end", "table.action.end", self.end_turn, ()),
            ("dev", "table.action.dev", self.buy_dev, COSTS["dev_card"]),
            ("trade", "table.action.trade", lambda: self.open_dialog("trade"), ()),
            ("bank", "table.action.bank", lambda: self.open_dialog("maritime"), ())]
        return specs, 4, 2

    def _extra_buttons(self, font_size: int) -> None:
        if self.two_player:
            self._build_trade_card_buttons(font_size)

    def _build_trade_card_buttons(self, fs: int) -> None:
        """The two-player game's trade-card actions, side by side in their row above the action grid."""
        area = self.lay.trade_actions
        gap = px(self.button_gap, self.lay.scale)
        bw = (area.w - 2 * gap) // 3
        fns = {"forced_trade": self.forced_trade, "robber_desert": self.robber_to_desert,
               "remove_knight": self.remove_knight}
        for i, (bid, _cls) in enumerate(TRADE_CARD_ACTIONS):
            rect = pygame.Rect(area.x + i * (bw + gap), area.y, bw, area.h)
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

    def _build_buttons(self) -> None:
        super()._build_buttons()
        for bid, key in KEY_HINTS.items():
            if bid in self.buttons:
                self.buttons[bid].key_hint = key

    def _tooltip_for(self, bid: str) -> str:
        t = self.app.t
        keys = {**KEY_HINTS, "end": "E / Space", "menu": "Esc", "undo": "Ctrl+Z"}
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

    # ------------------------------------------------------------------ controls and marks

    def _controls_extra(self) -> tuple[Any, ...]:
        return (self.mode,)

    def _refresh_actions(self) -> None:
        b = self.buttons
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
        asked = self.dialog.hex if isinstance(self.dialog, VictimDialog) else None
        key = (self.session.revision, human, self.mode, self.pass_screen is None, asked)
        if key != self._marks_key:
            self._marks_key = key
            self._marks = self._compute_marks(human)
        m = self._marks
        m.hover_node = self.hover[1] if self.hover and self.hover[0] == "node" else None
        m.hover_edge = self.hover[1] if self.hover and self.hover[0] == "edge" else None
        m.hover_hex = self.hover[1] if self.hover and self.hover[0] == "hex" else None
        if asked is not None:
            m.hover_hex = asked  # the hex the victim dialog is about stays lit beside it
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
        if isinstance(self.dialog, VictimDialog):  # the hex is chosen: only it stays lit while the victim is asked
            return Marks(hexes=(self.dialog.hex,), color=color)
        if phase == S.MOVE_ROBBER:
            return Marks(hexes=tuple(sorted({a.hex for a in legal if isinstance(a, A.MoveRobber)})), color=color)
        if phase == T.NEUTRAL_BUILD:
            return neutral_build_marks(legal, self.owner_color)
        return Marks()

    def action_spots(self, action: dict[str, Any]) -> list[ActionSpot]:
        """The board's spot, path or hex a recorded action names (a settlement's node, a road's edge, the robber's
        hex), each as a ring."""
        bv = self.board_view
        s = self.lay.scale
        spots = []
        for key, where, radius in (("node", bv.node_screen_pos, 20), ("edge", bv.edge_screen_pos, 20),
                                   ("hex", bv.hex_screen_pos, 38)):
            value = action.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                try:
                    spots.append(ring_spot(where(value), px(radius, s)))
                except (IndexError, KeyError, TypeError, ValueError):
                    continue
        return spots

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

    def _forget_caches(self) -> None:
        self._marks_key = self._infos_key = self._hand_key = None
        self._neutrals_key = None

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
        player = self._dialog_player()
        if name == "trade":
            dialog: TableDialog = TradePanel(self, player)
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

    def confirm_pass(self) -> None:
        """The next human has the screen."""
        self._marks_key = None
        super().confirm_pass()

    def _new_pass_screen(self) -> None:
        self.mode = None

    def _wanted_dialog(self, human: int) -> type[TableDialog] | None:
        return PHASE_DIALOGS.get(self.game.state.phase)

    # ------------------------------------------------------------------ events of the game

    def _log_lines(self, action: Action, events: list[Event]) -> list[LogEntry]:
        lines = [LogEntry(self.app.t("table.log.knight_removed", player=self.player_name(action.player)),
                          self.player_color(action.player))] if isinstance(action, T.RemoveKnight) else []
        return lines + super()._log_lines(action, events)

    def _on_applied(self, action: Action, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, T.CardsTaken):
                self.last_taken = tuple(e.cards)
        self.log.add(self._log_lines(action, events))
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
        # inside the player's row, right-aligned over its lower line: never over the board or the dice
        self.animator.add(FloatText(2.2, delay=delay, text=text, color=(255, 236, 170),
                                    pos=(row.right - 6, row.bottom - fs - 8), size=fs))

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

    def tour_steps(self) -> list[TourStep]:
        """The Catan table's first tour stops: the dice, the hand, the build buttons and trading."""
        return [TourStep("dice", lambda: self.lay.dice), TourStep("hand", lambda: self.lay.hand),
                TourStep("build", button_area(self, "road", "settlement", "city", "dev")),
                TourStep("trade", button_area(self, "trade", "bank"))]

    # ------------------------------------------------------------------ scene API

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay out for the new window size (the board art is redrawn once the size settles)."""
        self._resized_at = self.clock
        self.relayout(size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route an input event: a resize, then the table's routing (pass screen, dialog, shortcuts, buttons, hand,
        board)."""
        if event.type == pygame.VIDEORESIZE:
            self.on_resize(tuple(event.size))
            return True
        return super().handle_event(event)

    def _on_hover(self, pos: tuple[int, int]) -> None:
        self.hover = self._hit(pos)

    def _mouse_down(self, event: pygame.event.Event) -> bool:
        if event.button == 3 and self.mode is not None:
            self.toggle_mode(self.mode)
            return True
        return super()._mouse_down(event)

    def _click_table(self, pos: tuple[int, int]) -> None:
        card = self.hand_panel.card_at(pos)
        if card is not None:
            if card.kind == "dev" and card.playable:
                self.play_dev(card.index)
            return
        if self.lay.dice.collidepoint(pos):
            self.roll()
            return
        hit = self._hit(pos)
        if hit is not None:
            self._click_board(hit)

    def _escape(self) -> None:
        if self.mode is not None:
            self.toggle_mode(self.mode)
        else:
            self.open_dialog("menu")

    def _action_key(self, key: int) -> None:
        if key == pygame.K_r:
            self.roll()
        elif key in (pygame.K_e, pygame.K_SPACE):
            self.end_turn()
        elif key == pygame.K_t:
            if self._legal_of(A.OfferTrade):
                self.open_dialog("trade")
        elif key == pygame.K_b:
            self.buy_dev()
        elif key in BUILD_KEYS:
            bid = BUILD_KEYS[key]
            if self.buttons[bid].enabled or self.mode == bid:
                self.toggle_mode(bid)
        elif key == pygame.K_k:
            if self._legal_of(A.MaritimeTrade):
                self.open_dialog("maritime")

    def _hold(self) -> bool:
        return self.animator.blocking

    def _tick(self, dt: float) -> None:
        self.animator.speed = self._anim_speed()
        self.animator.update(dt)
        if self.win_bar.needs_layout():
            self.relayout(self.app.size)
        self.win_bar.update(dt)
