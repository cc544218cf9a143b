"""The game of Rivals for Catan: phases of a turn, dispatch of actions, pending decisions, turn end and victory."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.actions import Action, Event
from game.core.errors import IllegalAction
from game.core.game import Game
from game.rivals import actions as A
from game.rivals import building, handcards, trading
from game.rivals.catalogue import card_of
from game.rivals.dice import event_face, resolve_roll
from game.rivals.effects.common import remove_from_principality
from game.rivals.events import GameWon, TurnEnded
from game.rivals.mode import INTRO, Mode
from game.rivals.pending import item_index
from game.rivals.scoring import hand_limit, update_advantages, victory_points
from game.rivals.state import RivalsState

if TYPE_CHECKING:
    from game.core.seats import Seat
    from game.core.variant import Variant
    from game.rivals.card_rules import CardRules


def _check_roll(g: RivalsGame, a: A.Roll) -> None:
    return None


def _do_roll(g: RivalsGame, a: A.Roll) -> list:
    production = g.chance.die()
    return resolve_roll(g, production, event_face(g.chance.die()), False)


def _check_end_actions(g: RivalsGame, a: A.EndActions) -> None:
    return None


def _do_end_actions(g: RivalsGame, a: A.EndActions) -> list:
    g.state.phase = "replenish"
    return []


def _check_skip(g: RivalsGame, a: A.SkipExchange) -> None:
    return None


def _do_skip(g: RivalsGame, a: A.SkipExchange) -> list:
    g.state.exchanged = True
    return []


def _check_play(g: RivalsGame, a: A.PlayCard) -> None:
    s, p = g.state, a.player
    if not building.playable_from_hand(g, p, a.card):
        raise IllegalAction("that card is not playable from your hand")
    cid = card_of()[a.card].id
    rule = g.card_rules.actions.get(cid)
    if rule is None:
        raise IllegalAction(f"{cid} is not an action card that can be played")
    if rule.phase != s.phase:
        raise IllegalAction(f"{cid} cannot be played in the {s.phase} phase")
    why = rule.refusal(g, p)
    if why:
        raise IllegalAction(f"{cid} cannot be played: {why}")
    rule.check(g, a)


def _do_play(g: RivalsGame, a: A.PlayCard) -> list:
    events: list = []
    g.card_rules.actions[card_of()[a.card].id].resolve(g, a, events)
    return events


def _check_remove(g: RivalsGame, a: A.RemoveCard) -> None:
    if not g.mode.allow_remove:
        raise IllegalAction("removing own cards is a theme-game rule")
    grid = g.state.grid[a.player]
    if not 0 <= a.cell < len(grid) or grid[a.cell] < 0 or not card_of()[grid[a.cell]].is_expansion:
        raise IllegalAction("remove one of your buildings or units")


def _use_rule(g: RivalsGame, p: int, c: int) -> Any:
    grid = g.state.grid[p]
    if not 0 <= c < len(grid) or grid[c] < 0:
        return None
    return g.card_rules.uses.get(card_of()[grid[c]].id)


def _check_use(g: RivalsGame, a: A.UseCard) -> None:
    rule = _use_rule(g, a.player, a.cell)
    if rule is None:
        raise IllegalAction("no own card with an ability on that cell")
    why = rule.refusal(g, a.player, a.cell)
    if why:
        raise IllegalAction(f"that card cannot be used: {why}")
    rule.check(g, a)


def _do_use(g: RivalsGame, a: A.UseCard) -> list:
    events: list = []
    _use_rule(g, a.player, a.cell).resolve(g, a, events)
    return events


def _do_remove(g: RivalsGame, a: A.RemoveCard) -> list:
    events: list = []
    remove_from_principality(g, a.player, a.cell, -1, events)  # a face-up stack card goes back to that stack
    return events


# Phase -> action type -> (check, do).
PHASE_ACTIONS: dict[str, dict[type, tuple[Any, Any]]] = {
    "roll": {A.Roll: (_check_roll, _do_roll), A.PlayCard: (_check_play, _do_play)},
    "action": {
        A.PlayCard: (_check_play, _do_play),
        A.BuildRoad: (building.check_build_road, building.do_build_road),
        A.BuildSettlement: (building.check_build_settlement, building.do_build_settlement),
        A.BuildCity: (building.check_build_city, building.do_build_city),
        A.BuildExpansion: (building.check_build_expansion, building.do_build_expansion),
        A.Trade: (trading.check_trade, trading.do_trade),
        A.RemoveCard: (_check_remove, _do_remove),
        A.UseCard: (_check_use, _do_use),
        A.EndActions: (_check_end_actions, _do_end_actions),
    },
    "replenish": {
        A.DrawCard: (handcards.check_draw, handcards.do_draw),
        A.ReturnCard: (handcards.check_return, handcards.do_return),
    },
    "exchange": {
        A.ExchangeTop: (handcards.check_exchange_top, handcards.do_exchange_top),
        A.ExchangeSearch: (handcards.check_exchange_search, handcards.do_exchange_search),
        A.SkipExchange: (_check_skip, _do_skip),
    },
}


class RivalsGame(Game):
    """A game of Rivals for Catan for two; the mode supplies set-up and victory facts."""

    state: RivalsState
    mode: Mode = INTRO
    card_rules: CardRules  # given by the variant (see _init_common)

    def _init_common(self, variant: Variant, seats: tuple[Seat, ...], seed: int, options: dict[str, Any]) -> None:
        super()._init_common(variant, seats, seed, options)
        # The cards' rules come from the variant (which gathers the effects package), so the mechanics never
        # import the effects that build on them.
        self.card_rules = variant.card_rules  # type: ignore[attr-defined]

    # --- the Game API ---------------------------------------------------------------------------

    def active_players(self) -> tuple[int, ...]:
        """The players who must decide now: those of the leading decision batch, else the current player."""
        s = self.state
        if s.winner >= 0:
            return ()
        if s.pending:
            batch = s.pending[0][0]
            out: list[int] = []
            for item in s.pending:
                if item[0] != batch:
                    break
                if item[1] not in out:
                    out.append(item[1])
            return tuple(out)
        return (s.current,)

    def is_over(self) -> bool:
        """Whether someone has won."""
        return self.state.winner >= 0

    def winner(self) -> int | None:
        """The winner, or None."""
        return self.state.winner if self.state.winner >= 0 else None

    def check(self, action: Action) -> None:
        """Raise IllegalAction unless the action is legal now."""
        s = self.state
        if s.winner >= 0:
            raise IllegalAction("the game is over")
        if action.player not in self.active_players():
            raise IllegalAction(f"player {action.player} may not act now")
        index = item_index(s, action.player)
        if index >= 0:
            _, _, kind, data = s.pending[index]
            rule = self.card_rules.decisions[kind]
            if type(action) not in rule.actions:
                raise IllegalAction(f"a decision is pending: {kind}")
            rule.check(self, action, data)
            return
        handlers = PHASE_ACTIONS.get(s.phase, {}).get(type(action))
        if handlers is None:
            raise IllegalAction(f"{action.kind} is not possible in the {s.phase} phase")
        handlers[0](self, action)

    def _apply(self, action: Action) -> list[Event]:
        s = self.state
        index = item_index(s, action.player)
        if index >= 0:
            _, _, kind, data = s.pending[index]
            events: list = []
            self.card_rules.decisions[kind].resolve(self, action, index, data, events)
        else:
            events = PHASE_ACTIONS[s.phase][type(action)][1](self, action)
        update_advantages(s, events)
        self._advance(events)
        return events

    def legal_actions(self, player: int) -> list[Action]:
        """The actions the player may take now (payments in a greedy representative form)."""
        s = self.state
        if player not in self.active_players():
            return []
        index = item_index(s, player)
        if index >= 0:
            _, _, kind, data = s.pending[index]
            return self.card_rules.decisions[kind].options(self, player, data)
        if s.phase == "roll":
            return [A.roll(player), *self._card_options(player, "roll")]
        if s.phase == "action":
            buildable = building.buildable_cards(self, player)
            return [A.end_actions(player), *building.center_options(self, player),
                    *building.expansion_options(self, player, buildable), *trading.trade_options(self, player),
                    *self._card_options(player, "action"), *self._use_options(player),
                    *self._remove_options(player, buildable)]
        if s.phase == "replenish":
            return handcards.replenish_options(self, player)
        if s.phase == "exchange":
            return handcards.exchange_options(self, player)
        return []

    def _card_options(self, p: int, phase: str) -> list[Action]:
        s = self.state
        out: list[Action] = []
        seen: set[str] = set()
        for card in s.hands[p]:
            cid = card_of()[card].id
            rule = self.card_rules.actions.get(cid)
            if rule is None or rule.phase != phase or card in s.fresh[p] or cid in seen:
                continue
            seen.add(cid)
            if rule.refusal(self, p) is None:
                out.extend(rule.options(self, p, card))
        return out

    def _use_options(self, p: int) -> list[Action]:
        out: list[Action] = []
        for c, rule in self._use_rules(p):
            if rule.refusal(self, p, c) is None:
                out.extend(rule.options(self, p, c))
        return out

    def _use_rules(self, p: int) -> tuple[tuple[int, Any], ...]:
        """(cell, rule) of the player's cards with an ability to use, by cell (cached with the grid)."""
        grid = self.state.grid[p]
        hit = grid.memo.get("use_rules")
        if hit is None or hit[0] != grid.version:
            from game.rivals.scoring import expansion_cells

            rules = ((c, _use_rule(self, p, c)) for c in expansion_cells(self.state, p))
            hit = grid.memo["use_rules"] = (grid.version, tuple((c, r) for c, r in rules if r is not None))
        return hit[1]  # type: ignore[no-any-return]

    def _remove_options(self, p: int, buildable: list[int]) -> list[Action]:
        """Removals are offered when a card the player could build has no free site (any removal stays legal)."""
        if not self.mode.allow_remove or not self._site_blocked(p, buildable):
            return []
        from game.rivals.scoring import expansion_cells

        return [A.remove_card(p, c) for c in expansion_cells(self.state, p)]

    def _site_blocked(self, p: int, buildable: list[int]) -> bool:
        """Whether one of the buildable cards (building.buildable_cards) finds every site of its class taken."""
        cards = card_of()
        placements = {cards[card].placement for card in buildable}  # each class once
        return any(building.site_blocked(self, p, placement) for placement in placements)

    # --- automatic steps --------------------------------------------------------------------------

    def _advance(self, events: list) -> None:
        """Resolve decisions without a real choice, move through replenish and exchange, end the turn."""
        s = self.state
        while s.winner < 0:
            if s.pending:
                b, p, kind, data = s.pending[0]
                auto = self.card_rules.decisions[kind].auto
                if auto is not None and auto(self, p, 0, data, events):
                    update_advantages(s, events)
                    continue
                if self._auto_later(b, events):
                    continue
                return
            p = s.current
            if s.phase == "replenish":
                n, limit = len(s.hands[p]), hand_limit(s, p)
                if n == limit or (n < limit and not any(s.stacks)):
                    s.phase = "exchange"
                    continue
                return
            if s.phase == "exchange":
                if s.exchanged or not s.hands[p]:
                    self._end_turn(events)
                    continue
                return
            return

    def _auto_later(self, batch: int, events: list) -> bool:
        """Resolve one later decision of the leading batch that has no real choice; whether one was."""
        s = self.state
        for i in range(1, len(s.pending)):
            b, p, kind, data = s.pending[i]
            if b != batch:
                return False
            auto = self.card_rules.decisions[kind].auto
            if auto is not None and auto(self, p, i, data, events):
                return True
        return False

    def _end_turn(self, events: list) -> None:
        s = self.state
        p = s.current
        events.append(TurnEnded(p))
        vp = victory_points(s, p)
        if vp >= self.mode.target_vp:
            s.winner = p
            s.phase = "over"
            events.append(GameWon(p, vp))
            return
        s.current = 1 - p
        s.turn_number += 1
        s.exchanged = False
        s.used.clear()
        s.fresh[s.current].clear()
        s.phase = "roll"
        if self.mode.win_at_start:
            vp = victory_points(s, s.current)
            if vp >= self.mode.target_vp:
                s.winner = s.current
                s.phase = "over"
                events.append(GameWon(s.current, vp))

    # --- copies, JSON, views --------------------------------------------------------------------------

    def view(self, player: int) -> Any:
        """What the seat may know."""
        from game.rivals.view import RivalsView

        return RivalsView.of(self, player)

    def public_attributes(self) -> tuple[tuple[str, object], ...]:
        """Attributes besides the state that a game rebuilt from a seat's view needs (all public knowledge)."""
        return (("mode", self.mode),)

    def vp(self, player: int) -> int:
        """The player's victory points now."""
        return victory_points(self.state, player)

    def summary_lines(self) -> list[str]:
        """Short lines for `replay`: turn and points."""
        s = self.state
        return [f"turn {s.turn_number}", *(f"seat {p}: {self.vp(p)} VP" for p in (0, 1))]
