"""The Rivals for Catan table: the seat that acts at the bottom, the opponent across the table, the centre and the
log at the side; cards are chosen and placed by clicks or drag and drop, every choice comes from legal_actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action, Event
from game.core.game import Game
from game.rivals import actions as A
from game.rivals.catalogue import catalogue
from game.rivals.constants import EVENT_FACES, WIDTH
from game.rivals.principality import (
    is_city, open_road_columns, open_settlement_columns, outer_region_column, settlement_columns, site_cells,
)
from gui.dialogs import px
from gui.rivals.animations import Animator, DiceRoll, EventShow, RegionTurn
from gui.rivals.card_dialogs import FaceUpDialog, PlaceRegionsDialog, StackPickDialog
from gui.rivals.centre import CentreSpots, centre_spots
from gui.rivals.controls import RivalsControls
from gui.rivals.dialogs import DecisionDialog, OptionsDialog, PaymentDialog, RivalsDialog
from gui.rivals.faces import CardFaces, is_region
from gui.rivals.hand import HandFan
from gui.rivals.interact import Selection, Targets, buildable_supply, centre_cell, compute_targets
from gui.rivals.layout import RivalsLayout, compute_layout
from gui.rivals.log import RivalsNarrator
from gui.rivals.mats import share_mats
from gui.rivals.names import Names
from gui.rivals.painter import RivalsPainter
from gui.rivals.pieces import draw_event_die
from gui.rivals.principality import PrincipalityGeometry, RowPlan
from gui.rivals.turn_dialogs import ExchangeDialog, TradeDialog
from gui.session import speed_factor
from gui.table.action_marks import ActionSpot
from gui.table.base import END_DELAY, WATCH_SPEEDS, ButtonSpec, TableScene
from gui.table.colors import player_rgb
from gui.table.dialogs import MenuDialog, TableDialog
from gui.table.log_view import DICE_GAME_FILTERS, LogEntry
from gui.table.win_bar import WinBar
from gui.rivals.stats_panel import RivalsStatsPanel

#: The fields of Rivals actions that name a cell of the mover's principality, and those that name a draw stack.
CELL_FIELDS = ("cell", "pay_cell", "gain_cell", "ship_cell", "a", "b")
STACK_FIELDS = ("stack", "under", "take", "search")

if TYPE_CHECKING:
    from gui.app import App

__all__ = ["RivalsTableScene", "END_DELAY", "WATCH_SPEEDS"]

TURN_SECONDS = 0.45     # a region's quarter turns
DICE_SECONDS = 0.8
EVENT_SECONDS = 1.8
MAX_CARD_W = 140        # the largest card width in a principality, at scale 1 (the room decides first)
DIALOGS: dict[str, type[RivalsDialog]] = {"trade": TradeDialog, "exchange": ExchangeDialog,
                                          "face_up": FaceUpDialog, "options": OptionsDialog,
                                          "stack_pick": StackPickDialog, "place_regions": PlaceRegionsDialog,
                                          "decision": DecisionDialog}
# Buttons of a human's turn, in the order they are shown, with the action classes that enable them.
BUTTONS: tuple[tuple[str, tuple[type, ...]], ...] = (
    ("roll", (A.Roll,)), ("trade", (A.Trade,)), ("exchange", (A.ExchangeTop, A.ExchangeSearch)),
    ("end_actions", (A.EndActions,)), ("skip", (A.SkipExchange,)), ("done", (A.DoneArranging,)),
    ("confirm", (A.NameBuildings,)), ("lose", (A.Gain, A.Take)), ("pass", (A.Pass,)),
)


class RivalsTableScene(RivalsControls, RivalsPainter, TableScene):
    """Where Rivals for Catan is played: humans by clicks and drags (hot seat), AIs through the session's worker."""

    button_font = 15
    primary_buttons = ("roll", "end_actions", "skip", "done", "confirm", "pause")

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app, game)
        self.faces = CardFaces(app.art)
        self.narrator = RivalsNarrator(self.names, self.player_name, self.player_color)
        self.log.filters = DICE_GAME_FILTERS
        self.animator = Animator(self._anim_speed())
        self.selected: Selection | None = None
        self.marked: list[int] = []              # cells named so far (Feud) or the first region of a swap
        self.preview: Action | None = None       # the option hovered in a list: its cells glow
        self.press: tuple[Selection, tuple[int, int]] | None = None
        self.dragging = False
        self.pinned: int | None = None           # the card zoomed by a right click
        self.hovered: tuple[int | None, float] = (None, 0.0)  # the card under the mouse and for how long
        self.fan = HandFan()
        self.spots: CentreSpots | None = None
        self._geo_key: Any = None
        self._geo: dict[int, PrincipalityGeometry] = {}
        self._targets_key: Any = None
        self._targets = Targets()
        self._base: pygame.Surface | None = None
        self._base_seen: Any = None
        self._felt: pygame.Surface | None = None
        self._hand_cache: dict = {}
        self._names: Names | None = None
        self._button_ids: tuple[str, ...] = ()
        self._seen = self._snapshot()
        self.stats_panel = RivalsStatsPanel(self, draw_event_die)
        self.win_bar = WinBar(app, game, self.session)
        self._start()

    # ------------------------------------------------------------------ names, colours

    def names(self) -> Names:
        """Translated names in the current language."""
        tr = self.app.translator
        if self._names is None or self._names.lang != tr.lang or self._names.t != self.app.t:
            self._names = Names(self.app.t, tr.lang, tr.has)
        return self._names

    def player_color(self, player: int) -> tuple[int, int, int]:
        """The RGB of a seat."""
        if not 0 <= player < len(self.game.seats):
            return (200, 200, 200)
        return player_rgb(self.game.seats[player].color)

    @property
    def near(self) -> int:
        """The seat whose principality lies at the bottom: the seat at the screen, or the player to move."""
        viewer = self.session.viewer
        return viewer if viewer in (0, 1) else self.view.current

    def _anim_speed(self) -> float:
        return speed_factor(getattr(self.app.settings, "animation_speed", 1.0))

    # ------------------------------------------------------------------ layout and buttons

    def _compute_layout(self, size: tuple[int, int]) -> RivalsLayout:
        return self.win_bar.carve(compute_layout(size, ui_factor=self.ui_factor,
                                                 watching=self.session.all_ai and not self.session.replay))

    def _layout_parts(self) -> None:
        s = self.game.state
        self.spots = centre_spots(self.lay.center, len(s.stack_backs), self.game.mode.face_up, self.lay.scale)
        self._geo_key = None
        self._felt = None

    def _wanted_buttons(self) -> tuple[str, ...]:
        legal = self.actor_legal()
        kinds = {type(a) for a in legal}
        out = [bid for bid, classes in BUTTONS if kinds & set(classes)]
        if "lose" in out and not any(isinstance(a, (A.Gain, A.Take)) and a.cell < 0 for a in legal):
            out.remove("lose")
        if legal:
            out.append("more")
        return tuple(out)

    def _action_specs(self) -> tuple[list[ButtonSpec], int, int]:
        ids = self._wanted_buttons()
        self._button_ids = ids
        fns = {"roll": self.roll, "trade": lambda: self.open_dialog("trade"),
               "exchange": lambda: self.open_dialog("exchange"), "end_actions": self.end_actions,
               "skip": self.skip_exchange, "done": self.done_arranging, "confirm": self.confirm_named,
               "lose": self.lose_resource, "pass": self.pass_decision, "more": lambda: self.open_dialog("options")}
        specs: list[ButtonSpec] = [(bid, f"rivals.button.{bid}", fns[bid], ()) for bid in ids]
        return specs, 2, 3

    def _tooltip_for(self, bid: str) -> str:
        key = f"rivals.tip.{bid}"
        return self.app.t(key) if self.app.translator.has(key) else ""

    def _refresh_actions(self) -> None:
        if self._wanted_buttons() != self._button_ids:
            self._build_buttons()
        if "confirm" in self.buttons:
            self.buttons["confirm"].enabled = self._named_action() is not None

    def button_rect(self, bid: str) -> pygame.Rect:
        """Screen rect of a button: roll, trade, exchange, end_actions, skip, done, confirm, lose, pass, more,
        menu (watch mode: pause, step, slower, faster); only those that apply now exist."""
        return self.buttons[bid].rect

    def dialog_button_rect(self, index: int) -> pygame.Rect | None:
        """Screen rect of the open dialog's button by index (None without a dialog)."""
        if self.dialog is None or index >= len(self.dialog.buttons):
            return None
        return self.dialog.buttons[index].rect

    # ------------------------------------------------------------------ geometry

    def _sites(self, p: int) -> tuple[set[int], set[int]]:
        """Empty sites to outline (own principality) and cells to keep room for."""
        grid = list(self.view.grid[p])
        sites: set[int] = set()
        room: set[int] = set()
        for x in settlement_columns(grid):
            sites.update(site_cells(x, is_city(grid, x)))
        for x in open_road_columns(grid):
            sites.add(centre_cell(x))
        for x in open_settlement_columns(grid):
            sites.add(centre_cell(x))
            rx = outer_region_column(grid, x)
            room.update((centre_cell(rx) - WIDTH, centre_cell(rx) + WIDTH))  # its two regions come with it
        return sites, room

    def geometry(self, p: int) -> PrincipalityGeometry:
        """The screen geometry of a seat's principality (near seat at the bottom, the other turned across); the
        two mats share their height by the rows each principality needs."""
        targets = self.targets()
        key = (self.session.revision, self.near, self.lay.size, tuple(sorted(targets.near)))
        if key != self._geo_key:
            plans: dict[int, tuple[set[int], set[int]]] = {}
            for q in (0, 1):
                grid = self.view.grid[q]
                cells = {c for c, card in enumerate(grid) if card >= 0}
                empty: set[int] = set()
                if q == self.near:  # one's own empty sites are outlined; the far seat shows only its cards
                    sites, room = self._sites(q)
                    empty = {c for c in sites | room | set(targets.near) if grid[c] < 0}
                    cells |= empty
                plans[q] = (cells, empty)
            cap = px(MAX_CARD_W, self.lay.scale)
            far = 1 - self.near
            lay = share_mats(self.lay, RowPlan.of(*plans[far]), RowPlan.of(*plans[self.near]), cap)
            if lay != self.lay:
                self.lay = lay
                self._felt = None
            self._geo = {}
            for q in (0, 1):
                area = self.lay.near if q == self.near else self.lay.far
                self._geo[q] = PrincipalityGeometry.build(area, plans[q][0], q != self.near, cap, plans[q][1])
            self._geo_key = key
        return self._geo[p]

    def cell_rect(self, player: int, cell: int) -> pygame.Rect:
        """Where a cell of a seat's principality is drawn (tests click here)."""
        geo = self.geometry(player)
        return geo.card_rect(cell, self.view.grid[player][cell])

    def stack_rect(self, i: int) -> pygame.Rect:
        """Where draw stack i lies."""
        assert self.spots is not None
        return self.spots.stacks[i]

    def supply_rect(self, kind: str) -> pygame.Rect:
        """Where the road, settlement, city or region supply lies."""
        assert self.spots is not None
        return self.spots.supply[kind]

    def hand_rect(self, card: int) -> pygame.Rect | None:
        """Where a hand card is drawn (None when it is not in the shown hand)."""
        self._layout_fan()
        for i, c in enumerate(self.fan.cards):
            if c == card:
                return self.fan.shown_rect(i, self._chosen_card())
        return None

    def action_spots(self, action: dict[str, Any]) -> list[ActionSpot]:
        """The cards, sites and stacks a recorded action names, framed: a built road, settlement or city on its
        site (or its supply pile when the site is not on show), a hand card, the mover's cells, a card's targets
        on either principality, the draw stacks, the dice for a roll."""
        p = action.get("player")
        if p not in (0, 1):
            return []
        rects: list[pygame.Rect] = []
        grids = self.view.grid
        for key, value in action.items():
            if isinstance(value, bool) or key == "player":
                continue
            if key == "x" and isinstance(value, int):
                rects.append(self._site_or_supply(p, centre_cell(value), str(action.get("kind", ""))))
            elif key == "card" and isinstance(value, int):
                shown = self.hand_rect(value) if p == self.near else None
                if shown is not None:
                    rects.append(shown)
            elif key in CELL_FIELDS and isinstance(value, int):
                rects.extend(self._cell_rects(p, [value]))
            elif key == "targets" and isinstance(value, list):
                for c in (v for v in value if isinstance(v, int) and 0 <= v < len(grids[p])):
                    owner = p if grids[p][c] >= 0 else 1 - p
                    rects.extend(self._cell_rects(owner, [c]))
            elif key in STACK_FIELDS and isinstance(value, int) and self.spots is not None:
                if 0 <= value < len(self.spots.stacks):
                    rects.append(self.spots.stacks[value])
        if action.get("kind") == "roll" and self.spots is not None:
            rects.extend(self.spots.dice)
        return [ActionSpot(r.copy(), False) for r in rects]

    def _cell_rects(self, player: int, cells: list[int]) -> list[pygame.Rect]:
        geo = self.geometry(player)
        grid = self.view.grid[player]
        return [geo.target_rect(c, grid[c]) for c in cells if 0 <= c < len(grid) and geo.shown(c)]

    def _site_or_supply(self, player: int, c: int, kind: str) -> pygame.Rect:
        found = self._cell_rects(player, [c])
        if found:
            return found[0]
        pile = {"build_road": "road", "build_settlement": "settlement", "build_city": "city"}.get(kind, "road")
        return self.supply_rect(pile)

    def _layout_fan(self) -> None:
        cards = () if self._hand_hidden() else tuple(self.view.hand)
        if cards != self.fan.cards or not self.fan.rects and cards:
            self.fan.layout(self._fan_area(), cards)

    def _fan_area(self) -> pygame.Rect:
        r = self.lay.hand
        return pygame.Rect(r.x, r.y + px(8, self.lay.scale), r.w, r.h - px(8, self.lay.scale))

    def _hand_hidden(self) -> bool:
        return self.pass_screen is not None or self.session.viewer < 0

    def _chosen_card(self) -> int:
        sel = self.selected
        return sel[1] if sel is not None and sel[0] == "hand" else -1

    # ------------------------------------------------------------------ what can be clicked

    def targets(self) -> Targets:
        """The acting human's clickable targets for the current choice."""
        key = (self.session.revision, self.session.human_actor(), self.selected)
        if key != self._targets_key:
            self._targets = compute_targets(self.actor_legal(), self.selected)
            self._targets_key = key
        return self._targets

    # ------------------------------------------------------------------ dialogs

    def open_dialog(self, name: str) -> None:
        """Open a dialog by name: menu, trade, exchange, face_up, options (every legal action), stack_pick,
        place_regions, decision, payment (the first build with a choice of payment)."""
        player = self._dialog_player()
        if name == "menu":
            self._open(MenuDialog(self, player))  # type: ignore[arg-type]
        elif name == "payment":
            for a in self.session.legal(player):
                if getattr(a, "payment", None):
                    self._open(PaymentDialog(self, player, a, self._what(a)))
                    return
        elif name in DIALOGS:
            self._open(DIALOGS[name](self, player))
        else:
            raise ValueError(f"no rivals table dialog {name!r}")

    def _wanted_dialog(self, human: int) -> type[TableDialog] | None:
        view = self.game.view(human)
        if view.decision is None or self.animator.of(DiceRoll) or self.animator.of(EventShow):
            return None  # the roll and the event card are seen first
        legal = self.session.legal(human)
        if legal and all(isinstance(a, A.PickFromStack) for a in legal):
            return StackPickDialog
        if legal and all(isinstance(a, A.PlaceRegions) for a in legal):
            return PlaceRegionsDialog
        handled = (A.ChooseStartStack, A.Gain, A.Take, A.GiveFrom, A.DiscardUnit, A.RemoveNamed, A.SwapRegions,
                   A.DoneArranging, A.NameBuildings, A.Pass)
        if legal and all(isinstance(a, handled) for a in legal):
            return None
        return DecisionDialog

    def _forget_caches(self) -> None:
        self._geo_key = self._targets_key = self._base_seen = None
        self._seen = self._snapshot()
        self.animator.clear()
        self.choose(None)

    def _new_pass_screen(self) -> None:
        self.choose(None)
        self.pinned = None

    # ------------------------------------------------------------------ reacting to the game

    def _snapshot(self) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        s = self.game.state
        return tuple(tuple(g) for g in s.grid), tuple(tuple(x) for x in s.store)

    def _log_lines(self, action: Action, events: list[Event]) -> list[LogEntry]:
        return self.narrator.describe_all(events)

    def _on_applied(self, action: Action, events: list[Event]) -> None:
        self.log.add(self._log_lines(action, events))
        self._animate(events)
        self._controls_key = None
        self._targets_key = None
        if self.selected is not None:
            kind, key = self.selected
            legal = self.actor_legal()
            if kind in ("hand", "face_up") and not any(getattr(a, "card", None) == key for a in legal):
                self.choose(None)
            elif kind == "supply" and key not in buildable_supply(legal):
                self.choose(None)
        self.marked = [c for c in self.marked if self.targets().near.get(c) or self.targets().far.get(c)]
        d = self.dialog
        if d is not None and not isinstance(d, MenuDialog) and not self._dialog_auto:
            self.dialog = None
            self.preview = None
        elif d is not None and self._dialog_auto and not isinstance(d, MenuDialog):
            self.dialog = None
        self._sync_overlays()

    def _animate(self, events: list[Event]) -> None:
        an = self.animator
        an.speed = self._anim_speed()
        grids, stores = self._snapshot()
        old_grids, old_stores = self._seen
        self._seen = (grids, stores)
        for e in events:
            if e.kind == "dice_rolled":
                an.add(DiceRoll(DICE_SECONDS, production=e.production, face=e.event, seed=len(self.game.log),
                                faces=tuple(dict.fromkeys(EVENT_FACES))))
            elif e.kind == "event_card_drawn":
                index = catalogue().find(e.card)
                if index:
                    an.add(EventShow(EVENT_SECONDS, delay=DICE_SECONDS * 0.9, card=index[0]))
        rolled = any(e.kind == "dice_rolled" for e in events)
        delay = DICE_SECONDS * 0.8 if rolled else 0.0  # the regions turn once the dice have settled
        for p in (0, 1):
            for c, card in enumerate(grids[p]):
                if card >= 0 and old_grids[p][c] == card and old_stores[p][c] != stores[p][c] and is_region(card):
                    an.add(RegionTurn(TURN_SECONDS, delay=delay, player=p, cell=c, start=old_stores[p][c],
                                      end=stores[p][c]))

    def _hold(self) -> bool:
        return self.animator.busy

    def _draw_moving(self, surface: pygame.Surface) -> None:
        """The live statistics over the log when they are open (right above the cached layer), then what moves."""
        self._draw_stats(surface)
        super()._draw_moving(surface)

    def _tick(self, dt: float) -> None:
        self.animator.speed = self._anim_speed()
        # An event card waits while a dialog or a pinned card is open: two overlays are never shown at once.
        waiting = (EventShow,) if self.dialog is not None or self.pinned is not None else ()
        if self.animator.update(dt, waiting) and not self.animator.of(DiceRoll) and not self.animator.of(EventShow):
            self._sync_overlays()
        self._track_hover(dt)
        if self.win_bar.needs_layout():
            self.relayout(self.app.size)
            self._base_seen = None  # the cached layer holds the log where it was
        self.win_bar.update(dt)

    # ------------------------------------------------------------------ prompt

    def _actor_prompt(self, actor: int, name: str) -> str:
        """What the human seat must do: its pending decision, placing a chosen card, or the phase."""
        t = self.app.t
        view = self.game.view(actor)
        if view.decision is not None:
            key = f"rivals.decision.{view.decision[0]}"
            if not self.app.translator.has(key):
                key = "rivals.decision.other"
            return t(key, player=name)
        if self.selected is not None:
            what = self.names().card(self.selected[1])
            return t("rivals.prompt.place", player=name, card=what)
        if view.phase == "replenish":
            n, limit = len(view.hand), view.hand_limit
            key = "rivals.prompt.replenish_draw" if n < limit else "rivals.prompt.replenish_return"
            return t(key, player=name, count=abs(limit - n))
        key = f"rivals.prompt.{view.phase}"
        return t(key, player=name) if self.app.translator.has(key) else name
