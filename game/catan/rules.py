"""The rules of the Catan board game: set-up, queries, dispatch, legal actions, victory; mixins hold the rest."""

from __future__ import annotations

from typing import Any

from game.catan import actions as A
from game.catan import events as E
from game.catan.action_table import _action_table
from game.catan.board import Board
from game.catan.building import BuildingMixin
from game.catan.card_memory import CardMemory
from game.catan.constants import BANK_PER_RESOURCE, DEV_DECK_COUNTS, KNIGHT, PIECES, SPECIAL_CARD_VP, VICTORY_POINT
from game.catan.development import DevelopmentMixin
from game.catan.geometry import Topology, topology
from game.catan.production import ProductionMixin
from game.catan.robber import RobberMixin, discard_actions
from game.catan.spots import SpotsMixin
from game.catan.state import (
    DISCARD, GAME_OVER, MAIN, MOVE_ROBBER, NOBODY, ROAD_BUILDING as PH_ROAD_BUILDING, ROLL, SETUP_ROAD,
    SETUP_SETTLEMENT, TRADE_CONFIRM, TRADE_RESPONSE, CatanState,
)
from game.catan.trade import TradeMixin
from game.core.actions import Action, Event
from game.core.errors import IllegalAction
from game.core.game import Game

ZERO5 = (0, 0, 0, 0, 0)


class CatanGame(SpotsMixin, ProductionMixin, RobberMixin, BuildingMixin, TradeMixin, DevelopmentMixin, Game):
    """A game of the Catan board game; variants override the small hooks near the end of the class."""

    state: CatanState
    topo: Topology
    # Action type -> bound-at-class-creation check and effect functions (subclass overrides are honoured).
    _CHECKS: dict[type, Any]
    _EFFECTS: dict[type, Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._bind_dispatch()

    @classmethod
    def _bind_dispatch(cls) -> None:
        """Resolve the check and effect method names of every action type on this class."""
        cls._CHECKS = {kind: getattr(cls, name) for kind, name in cls._CHECK_NAMES.items()}
        cls._EFFECTS = {kind: getattr(cls, name) for kind, name in cls._EFFECT_NAMES.items()}

    # ----------------------------------------------------------------- set-up

    # What each seat has seen of the others' cards (game/catan/card_memory.py); None in the worlds a searching bot
    # samples, which play forward without it.
    card_memory: CardMemory | None = None

    def _init_state(self, board: Board) -> None:
        """Empty board, full bank, shuffled development deck (drawn from the game's chance)."""
        topo = self.topo = topology()
        n = self.num_players
        s = self.state = CatanState()
        s.board = board
        s.num_players = n
        s.robber = board.robber_hex
        s.node_owner = [NOBODY] * topo.num_nodes
        s.node_level = [0] * topo.num_nodes
        s.edge_owner = [NOBODY] * topo.num_edges
        s.hands = [[0] * 5 for _ in range(n)]
        s.bank = [BANK_PER_RESOURCE] * 5
        s.dev_hand = [[0] * 5 for _ in range(n)]
        s.dev_new = [[0] * 5 for _ in range(n)]
        s.dev_played = [[0] * 5 for _ in range(n)]
        s.dev_deck = self.chance.shuffled([card for card, count in enumerate(DEV_DECK_COUNTS) for _ in range(count)])
        owners = self.num_owners()
        s.roads_left = [PIECES["road"]] * owners
        s.settlements_left = [PIECES["settlement"]] * owners
        s.cities_left = [PIECES["city"]] * owners
        s.road_length = [0] * owners
        s.longest_holder = NOBODY
        s.army_holder = NOBODY
        s.phase = SETUP_SETTLEMENT
        s.current = 0
        s.has_rolled = False
        s.dev_played_turn = False
        s.last_roll = None
        s.setup_order = ()
        s.setup_index = 0
        s.setup_road_from = -1
        s.owed = [0] * n
        s.robber_cause = None
        s.free_roads = 0
        s.trade = None
        s.winner = NOBODY
        s.turn_number = 0
        s.built_this_turn = False
        s.start_player = 0
        s.extra = {}
        s.rates = [(4, 4, 4, 4, 4)] * n
        s.building_vp = [0] * owners
        s.derived = {}
        self.card_memory = CardMemory(n)
        self._build_caches()

    def public_attributes(self) -> tuple[tuple[str, object], ...]:
        """Attributes besides the state that a game rebuilt from a seat's view needs (all public knowledge)."""
        return ()

    def num_owners(self) -> int:
        """How many colours own pieces on the board (the two-player game adds neutral colours)."""
        return self.num_players

    def begin_setup_phase(self, start_player: int) -> None:
        """Two placement rounds in snake order from the starting player."""
        s = self.state
        n = s.num_players
        first = [(start_player + i) % n for i in range(n)]
        s.start_player = start_player
        s.setup_order = tuple(first + first[::-1])
        s.setup_index = 0
        s.current = start_player
        s.phase = SETUP_SETTLEMENT

    def begin_first_turn(self, start_player: int) -> None:
        """Start the first regular turn."""
        s = self.state
        s.start_player = start_player
        s.current = start_player
        s.phase = ROLL
        s.turn_number = 1

    # -------------------------------------------------------------- queries

    def active_players(self) -> tuple[int, ...]:
        """Who must decide now: the turn player, the players owing discards, or those answering an offer."""
        s = self.state
        phase = s.phase
        if phase == DISCARD:
            return tuple(p for p in range(s.num_players) if s.owed[p])
        if phase == TRADE_RESPONSE:
            assert s.trade is not None
            return s.trade.waiting_for()
        if phase == GAME_OVER:
            return ()
        return _SINGLES[s.current]

    def is_over(self) -> bool:
        """Whether someone has won."""
        return self.state.phase == GAME_OVER

    def winner(self) -> int | None:
        """The winner, if any."""
        return None if self.state.winner == NOBODY else self.state.winner

    def public_vp(self, player: int) -> int:
        """Points everyone can see: buildings and special cards."""
        s = self.state
        vp = s.building_vp[player]
        if s.longest_holder == player:
            vp += SPECIAL_CARD_VP
        if s.army_holder == player:
            vp += SPECIAL_CARD_VP
        return vp

    def total_vp(self, player: int) -> int:
        """Points including hidden victory point cards."""
        return self.public_vp(player) + self.state.dev_hand[player][VICTORY_POINT]

    def target_vp(self) -> int:
        """Points needed to win."""
        return int(self.options["vp_target"])

    # -------------------------------------------------------------- legality

    def check(self, action: Action) -> None:
        """Raise IllegalAction with the reason unless the action is legal now."""
        handler = self._CHECKS.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action.kind} is not an action of this game")
        handler(self, action)

    def _need_phase(self, *phases: str) -> None:
        if self.state.phase not in phases:
            raise IllegalAction(f"not possible in phase {self.state.phase}")

    def _need_afford(self, player: int, cost: tuple[int, ...], what: str) -> None:
        hand = self.state.hands[player]
        if any(h < c for h, c in zip(hand, cost)):
            raise IllegalAction(f"player {player} cannot pay for a {what}")

    def _need_build_phase(self) -> None:
        self._need_phase(MAIN)

    def _check_end_turn(self, a: A.EndTurn) -> None:
        self._need_phase(MAIN)

    _CHECK_NAMES: dict[type, str] = {
        A.Roll: "_check_roll", A.MoveRobber: "_check_move_robber", A.Discard: "_check_discard",
        A.BuildRoad: "_check_build_road", A.BuildSettlement: "_check_build_settlement", A.BuildCity: "_check_build_city",
        A.BuyDevCard: "_check_buy_dev_card", A.PlayKnight: "_check_play_knight",
        A.PlayRoadBuilding: "_check_play_road_building", A.PlayYearOfPlenty: "_check_play_year_of_plenty",
        A.PlayMonopoly: "_check_play_monopoly", A.MaritimeTrade: "_check_maritime", A.OfferTrade: "_check_offer",
        A.AcceptTrade: "_check_accept", A.DeclineTrade: "_check_decline", A.CounterTrade: "_check_counter",
        A.ConfirmTrade: "_check_confirm", A.CancelTrade: "_check_cancel", A.EndTurn: "_check_end_turn",
    }

    # -------------------------------------------------------------- effects

    def _apply(self, action: Action) -> list[Event]:
        memory = self.card_memory
        if memory is None:
            events = self._EFFECTS[type(action)](self, action)
        else:
            before = [hand[:] for hand in self.state.hands]
            events = self._EFFECTS[type(action)](self, action)
            memory.observe(before, self.state.hands,
                           [(e.thief, e.victim, e.resource) for e in events if type(e) is E.CardStolen])
        if type(action) not in _POINTLESS_ACTIONS:
            self._check_victory(events)
        return events

    def clone(self) -> CatanGame:
        """An independent copy, card memory included."""
        other: CatanGame = super().clone()  # type: ignore[assignment]
        if self.card_memory is not None:
            other.card_memory = self.card_memory.clone()
        return other

    def _pay(self, player: int, cost: tuple[int, ...]) -> None:
        hand = self.state.hands[player]
        bank = self.state.bank
        for r in range(5):
            c = cost[r]
            if c:
                hand[r] -= c
                bank[r] += c

    def _do_end_turn(self, a: A.EndTurn) -> list[Event]:
        s = self.state
        p = a.player
        events: list[Event] = []
        self._check_victory(events)  # the target held on one's own turn wins, however it was reached: never pass
        if s.phase == GAME_OVER:
            return events
        if any(s.dev_new[p]):
            s.dev_new[p] = [0] * 5
        nxt = self.next_player(p)
        s.current = nxt
        s.phase = ROLL
        s.has_rolled = False
        s.dev_played_turn = False
        s.last_roll = None
        s.built_this_turn = False
        if s.extra.pop("new_nodes", None) and self.options["separate_phases"]:
            self.refresh_rates(p)
        s.turn_number += 1
        events.append(E.turn_ended(p, nxt))
        return events

    def next_player(self, player: int) -> int:
        """The next player clockwise."""
        return (player + 1) % self.state.num_players

    _EFFECT_NAMES: dict[type, str] = {
        A.Roll: "_do_roll", A.MoveRobber: "_do_move_robber", A.Discard: "_do_discard", A.BuildRoad: "_do_build_road",
        A.BuildSettlement: "_do_build_settlement", A.BuildCity: "_do_build_city", A.BuyDevCard: "_do_buy_dev_card",
        A.PlayKnight: "_do_play_knight", A.PlayRoadBuilding: "_do_play_road_building",
        A.PlayYearOfPlenty: "_do_play_year_of_plenty", A.PlayMonopoly: "_do_play_monopoly",
        A.MaritimeTrade: "_do_maritime", A.OfferTrade: "_do_offer", A.AcceptTrade: "_do_accept",
        A.DeclineTrade: "_do_decline", A.CounterTrade: "_do_counter", A.ConfirmTrade: "_do_confirm",
        A.CancelTrade: "_do_cancel", A.EndTurn: "_do_end_turn",
    }

    # -------------------------------------------------------------- victory

    def _check_victory(self, events: list[Event]) -> None:
        s = self.state
        if s.phase in _NO_VICTORY_PHASES:
            return
        p = s.current
        # total_vp(p), spelled out: this runs after nearly every action
        vp = s.building_vp[p] + s.dev_hand[p][VICTORY_POINT]
        if s.longest_holder == p:
            vp += SPECIAL_CARD_VP
        if s.army_holder == p:
            vp += SPECIAL_CARD_VP
        if vp >= self.options["vp_target"]:
            s.winner = p
            s.phase = GAME_OVER
            s.trade = None
            s.owed = [0] * s.num_players
            s.free_roads = 0
            s.robber_cause = None
            events.append(E.GameWon(p, vp))

    # -------------------------------------------------------------- hooks

    def _after_build(self, player: int, piece: str, events: list[Event]) -> None:
        """Hook for variants that react to building (the two-player game builds for neutrals)."""

    # -------------------------------------------------------------- legal actions

    def legal_actions(self, player: int) -> list[Action]:
        """The player's legal actions; offers, counters and discards are enumerated in a small representative form."""
        s = self.state
        phase = s.phase
        if phase == MAIN:  # the most frequent cases first: only the turn player acts
            return self._legal_main(player) if player == s.current else []
        if phase == ROLL:
            if player != s.current:
                return []
            out: list[Action] = [_action_table(player).roll]
            if s.dev_hand[player] != s.dev_new[player]:  # some card not bought this turn (see _legal_dev_plays)
                self._legal_dev_plays(player, out)
            return out
        if player not in self.active_players():
            return []
        if phase == SETUP_SETTLEMENT:
            settle = _action_table(player).settlement
            return [settle[n] for n in self.settlement_spots(player)]
        if phase == SETUP_ROAD or phase == PH_ROAD_BUILDING:
            road = _action_table(player).road
            return [road[e] for e in self.road_spots(player)]
        if phase == DISCARD:
            hand = s.hands[player]
            return list(discard_actions(player, tuple(hand), s.owed[player]))
        if phase == MOVE_ROBBER:
            return self._legal_robber_moves(player)
        if phase == TRADE_RESPONSE:
            return self._legal_answers(player)
        if phase == TRADE_CONFIRM:
            trade = s.trade
            assert trade is not None
            table = _action_table(player)
            out = [table.cancel]
            for q in trade.partners() if self.domestic_trade_on() else ():
                give, get = trade.terms_with(q)
                if all(g <= h for g, h in zip(give, s.hands[player])) and all(
                        g <= h for g, h in zip(get, s.hands[q])):
                    out.append(table.confirm[q])
            return out
        return []

    # The listing itself, for variants that add to it (legal_actions gets wrapped to remember what it lists).
    _catan_legal_actions = legal_actions

    def _spot_actions(self, player: int, piece: str, version: int) -> tuple[Action, ...]:
        """The main phase's road or settlement actions, cached while no piece is placed anywhere (the board
        version is the caller's _board_version())."""
        s = self.state
        key = (piece, "actions", player)
        cached = s.derived.get(key)
        if cached is not None and cached[0] == version:
            return cached[1]  # type: ignore[return-value]
        table = _action_table(player)
        if piece == "road":
            actions = tuple(map(table.road.__getitem__, self.road_spots(player)))
        else:
            actions = tuple(map(table.settlement.__getitem__, self.settlement_spots(player)))
        s.derived[key] = (version, actions)
        return actions

    def _legal_main(self, player: int) -> list[Action]:
        s = self.state
        hand = s.hands[player]
        table = _action_table(player)
        out: list[Action] = [table.end_turn]
        lumber, wool, grain, brick, ore = hand
        if lumber and brick:
            if s.roads_left[player]:
                version = self._board_version()
                out.extend(self._spot_actions(player, "road", version))
                if wool and grain and s.settlements_left[player]:
                    out.extend(self._spot_actions(player, "settlement", version))
            elif wool and grain and s.settlements_left[player]:
                out.extend(self._spot_actions(player, "settlement", self._board_version()))
        if ore >= 3 and grain >= 2 and s.cities_left[player]:
            city = table.city
            out.extend(city[n] for n in self.city_spots(player))
        if ore and wool and grain and s.dev_deck:
            out.append(table.buy_dev_card)
        if s.dev_hand[player] != s.dev_new[player]:  # some card not bought this turn (see _legal_dev_plays)
            self._legal_dev_plays(player, out)
        if s.built_this_turn and self.options["separate_phases"]:
            return out
        rates = s.rates[player]
        bank = s.bank
        bank_has_all = min(bank) > 0  # the usual case: no need to look at each maritime trade
        maritime = table.maritime
        offers = table.offers
        domestic = self.options.get("domestic_trade", True)
        for give in range(5):
            held = hand[give]
            if held:
                if held >= rates[give]:
                    if bank_has_all:
                        out.extend(maritime[give])
                    else:
                        out.extend(a for a in maritime[give] if bank[a.get])
                if domestic:
                    out.extend(offers[give])
        return out

    # -------------------------------------------------------------- views, copies

    def recompute_derived(self) -> None:
        """Recompute road lengths, the Longest Road holder and maritime rates after the state was filled directly."""
        self.state.derived.clear()
        self._update_longest_road([], tuple(range(len(self.state.road_length))))
        for p in range(self.state.num_players):
            self.refresh_rates(p)

    def summary_lines(self) -> list[str]:
        """A plain summary of the position per player (for `python -m game replay`)."""
        s = self.state
        lines = [f"turn {s.turn_number}, phase {s.phase}, robber on hex {s.robber}"]
        for p, seat in enumerate(self.seats):
            settlements = sum(1 for o, lvl in zip(s.node_owner, s.node_level) if o == p and lvl == 1)
            cities = sum(1 for o, lvl in zip(s.node_owner, s.node_level) if o == p and lvl == 2)
            badges = [name for name, holder in (("longest road", s.longest_holder), ("largest army", s.army_holder))
                      if holder == p]
            lines.append(
                f"seat {p} {seat.name} ({seat.color}): {self.total_vp(p)} VP ({self.public_vp(p)} public), "
                f"{settlements} settlements, {cities} cities, {s.edge_owner.count(p)} roads "
                f"(longest {s.road_length[p]}), {s.dev_played[p][KNIGHT]} knights, {sum(s.hands[p])} cards"
                + (f", {', '.join(badges)}" if badges else ""))
        return lines

    def view(self, player: int) -> Any:
        """What the player may know: own hand and cards, others' counts only."""
        from game.catan.view import CatanView

        return CatanView.of(self, player)


CatanGame._bind_dispatch()

_SINGLES = tuple((p,) for p in range(8))
_NO_VICTORY_PHASES = frozenset({SETUP_SETTLEMENT, SETUP_ROAD, GAME_OVER})
# Actions that never change anyone's points, so the victory check can be skipped after them. The roll is not
# among them: it is the first action of a turn, and a turn player who already holds the target wins at it.
_POINTLESS_ACTIONS = frozenset({
    A.MoveRobber, A.Discard, A.MaritimeTrade, A.OfferTrade, A.AcceptTrade, A.DeclineTrade,
    A.CounterTrade, A.ConfirmTrade, A.CancelTrade, A.PlayYearOfPlenty, A.PlayMonopoly, A.PlayRoadBuilding,
})
