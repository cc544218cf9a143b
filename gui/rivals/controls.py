"""Input on the Rivals table: choosing cards, clicks and drags onto lit sites and stacks, right-click zoom, keys
and the action buttons; every action sent is a legal one (part of RivalsTableScene)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.core.actions import Action
from game.rivals import actions as A
from gui.rivals.card_dialogs import ScoutDialog
from gui.rivals.dialogs import OptionsDialog, PaymentDialog
from gui.rivals.interact import Selection, buildable_supply, has_payment_choice, plays_of
from gui.rivals.turn_dialogs import ExchangeDialog

DRAG_START = 7          # pixels the mouse moves before a press becomes a drag


class RivalsControls:
    """What the mouse, the keys and the buttons do at the Rivals table (a part of RivalsTableScene)."""

    def choose(self, sel: Selection | None) -> None:
        """Choose a hand card, a face-up card or a supply kind (None clears the choice)."""
        self.selected = sel
        self.marked = []
        self._controls_key = None

    def perform(self, action: Action) -> None:
        """Apply a legal action; when the game accepts other payments for it, ask which regions pay first."""
        view = self.game.view(action.player)
        grid, store = view.grid[action.player], view.store[action.player]
        if has_payment_choice(action, grid, store, self.session.is_legal):
            self._open(PaymentDialog(self, action.player, action, self._what(action)))
            return
        self.close_dialog()
        self.act(action)

    def _what(self, action: Action) -> str:
        n = self.names()
        if isinstance(action, (A.BuildRoad, A.BuildSettlement, A.BuildCity)):
            return n.card(action.kind.split("_", 1)[1])
        if isinstance(action, (A.BuildExpansion, A.PlayCard)):
            return n.card(action.card)
        if isinstance(action, A.UseCard):
            return n.card(self.view.grid[action.player][action.cell])
        # The button's label without the "…" that marks a button opening a dialog: the dialog's title names it.
        label = n.t(f"rivals.button.{'exchange' if isinstance(action, A.ExchangeSearch) else 'trade'}")
        return label.rstrip("…").rstrip()

    def _click_cell(self, player: int, cell: int, actions: list[Action]) -> None:
        if not actions:
            return
        if any(isinstance(a, A.SwapRegions) for a in actions):
            self._swap_click(cell, actions)
            return
        if any(isinstance(a, A.NameBuildings) for a in actions):
            if cell in self.marked:
                self.marked.remove(cell)
            else:
                self.marked.append(cell)
            self._controls_key = None
            return
        settlements = [a for a in actions if isinstance(a, A.BuildSettlement)]
        if settlements and any(a.scout >= 0 for a in settlements):
            self._open(ScoutDialog(self, settlements[0].player, settlements))
            return
        if len(actions) == 1 or isinstance(actions[0], A.BuildSettlement):
            self.perform(actions[0])
            return
        self._open(OptionsDialog(self, actions[0].player, actions,
                                 self.names().cell(self.view.grid[player], cell)))

    def _swap_click(self, cell: int, actions: list[Action]) -> None:
        if not self.marked:
            self.marked = [cell]
            return
        first = self.marked[0]
        self.marked = []
        if first == cell:
            return
        for a in actions:
            if isinstance(a, A.SwapRegions) and {a.a, a.b} == {first, cell}:
                self.act(a)
                return
        self.marked = [cell]

    def _named_action(self) -> A.NameBuildings | None:
        for a in self.actor_legal():
            if isinstance(a, A.NameBuildings) and sorted(a.cells) == sorted(self.marked):
                return a
        return None

    def _click_stack(self, i: int) -> None:
        actions = self.targets().stacks.get(i, [])
        if actions:
            self.perform(actions[0])
            self.choose(None)

    def _click_hand(self, card: int) -> None:
        legal = self.actor_legal()
        plays = plays_of(legal, card, self.session.is_legal)
        if plays:
            self.choose(None)
            title = self.app.t("rivals.play.title", card=self.names().card(card))
            self._open(OptionsDialog(self, plays[0].player, plays, title, card))
            return
        if any(isinstance(a, (A.ExchangeTop, A.ExchangeSearch)) for a in legal):
            human = self.session.human_actor()
            if human is not None:
                self._open(ExchangeDialog(self, human, card))
            return
        if self.selected == ("hand", card):
            self.choose(None)
            return
        self.choose(("hand", card))
        if not any(isinstance(a, (A.BuildExpansion, A.ReturnCard)) and a.card == card for a in legal):
            if self.session.human_actor() is not None:
                self.show_toast(self.app.t("rivals.toast.not_now"))

    def _click_supply(self, kind: str) -> None:
        if kind in buildable_supply(self.actor_legal()):
            self.choose(None if self.selected == ("supply", kind) else ("supply", kind))

    # ------------------------------------------------------------------ buttons

    def _first(self, cls: type, pred: Any = None) -> Action | None:
        for a in self.actor_legal():
            if isinstance(a, cls) and (pred is None or pred(a)):
                return a
        return None

    def roll(self) -> None:
        """Roll both dice."""
        a = self._first(A.Roll)
        if a is not None:
            self.act(a)

    def end_actions(self) -> None:
        """End the action phase."""
        a = self._first(A.EndActions)
        if a is not None:
            self.choose(None)
            self.act(a)

    def skip_exchange(self) -> None:
        """Keep the hand (no exchange); the turn ends."""
        a = self._first(A.SkipExchange)
        if a is not None:
            self.act(a)

    def done_arranging(self) -> None:
        """The regions stay as they are."""
        a = self._first(A.DoneArranging)
        if a is not None:
            self.marked = []
            self.act(a)

    def confirm_named(self) -> None:
        """Name the marked buildings (Feud)."""
        a = self._named_action()
        if a is not None:
            self.marked = []
            self.act(a)

    def lose_resource(self) -> None:
        """A resource that cannot be stored is lost."""
        a = self._first((A.Gain, A.Take), lambda a: a.cell < 0)
        if a is not None:
            self.act(a)

    def pass_decision(self) -> None:
        """Decline an optional choice."""
        a = self._first(A.Pass)
        if a is not None:
            self.act(a)

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Drags and right-click zooms first; the rest as every table handles it."""
        et = event.type
        if self.pinned is not None and et in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.pinned = None
            return True
        if et == pygame.MOUSEMOTION and self.press is not None and self.dialog is None and self.pass_screen is None:
            self.hover_pos = tuple(event.pos)
            if not self.dragging and _distance(event.pos, self.press[1]) > DRAG_START:
                self.dragging = True
                self.choose(self.press[0])
            return True
        if et == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            return self._mouse_up(event.pos)
        return super().handle_event(event)

    def _mouse_down(self, event: pygame.event.Event) -> bool:
        if event.button == 3:
            card = self._card_under(event.pos)
            if card is not None:
                self.pinned = card
            elif self.selected is not None:
                self.choose(None)
            return True
        if event.button != 1 or self._click_stats(event.pos):
            return True
        for b in list(self.buttons.values()):
            if b.rect.collidepoint(event.pos):
                b.handle_event(event)
                self._controls_key = None
                return True
        grab = self._grab_at(event.pos)
        if grab is not None:
            self.press = (grab, tuple(event.pos))
            self.dragging = False
            return True
        self._click_table(event.pos)
        return True

    def _grab_at(self, pos: tuple[int, int]) -> Selection | None:
        """What a press may pick up: a hand card or a supply kind that can be built now."""
        if self.session.human_actor() is None:
            return None
        self._layout_fan()
        i = self.fan.index_at(pos, self._chosen_card())
        if i is not None:
            return ("hand", self.fan.cards[i])
        hit = self.spots.hit(pos) if self.spots is not None else None
        if hit and hit.startswith("supply."):
            kind = hit.split(".", 1)[1]
            if kind in buildable_supply(self.actor_legal()):
                return ("supply", kind)
        return None

    def _mouse_up(self, pos: tuple[int, int]) -> bool:
        press, dragging = self.press, self.dragging
        self.press = None
        self.dragging = False
        if press is None:
            return False
        sel = press[0]
        if not dragging:
            if sel[0] == "hand":
                self._click_hand(sel[1])
            else:
                self._click_supply(sel[1])
            return True
        if not self._drop(pos):
            self.choose(sel if self.targets().lit else None)
        return True

    def _drop(self, pos: tuple[int, int]) -> bool:
        """Drop the dragged card on a lit cell or stack; whether it went somewhere."""
        targets = self.targets()
        geo = self.geometry(self.near)
        grid = self.view.grid[self.near]
        cell = geo.cell_at(pos, targets.near, grid)
        if cell is not None:
            self._click_cell(self.near, cell, targets.near[cell])
            return True
        if self.spots is not None:
            hit = self.spots.hit(pos)
            if hit and hit.startswith("stack.") and int(hit.split(".")[1]) in targets.stacks:
                self._click_stack(int(hit.split(".")[1]))
                return True
        return False

    def _click_table(self, pos: tuple[int, int]) -> None:
        if self.session.human_actor() is None:
            return
        targets = self.targets()
        for player, where in ((self.near, targets.near), (1 - self.near, targets.far)):
            geo = self.geometry(player)
            cell = geo.cell_at(pos, where, self.view.grid[player])
            if cell is not None:
                self._click_cell(player, cell, where[cell])
                return
        hit = self.spots.hit(pos) if self.spots is not None else None
        if hit is not None:
            if hit.startswith("stack."):
                self._click_stack(int(hit.split(".")[1]))
            elif hit == "face_up" and self.view.face_up:
                self.open_dialog("face_up")
            elif hit == "dice":
                self.roll()
            return
        if self.selected is not None:
            self.choose(None)

    def _escape(self) -> None:
        if self.selected is not None or self.marked:
            self.choose(None)
            return
        self.open_dialog("menu")

    def _action_key(self, key: int) -> None:
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            for fn, cls in ((self.roll, A.Roll), (self.end_actions, A.EndActions), (self.skip_exchange,
                                                                                     A.SkipExchange)):
                if self._first(cls) is not None:
                    fn()
                    return
        elif key == pygame.K_r:
            self.roll()
        elif key == pygame.K_e:
            self.end_actions()
        elif key == pygame.K_t and self._first(A.Trade) is not None:
            self.open_dialog("trade")


def _distance(a: tuple[int, int], b: tuple[int, int]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
