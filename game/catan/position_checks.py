"""The cross-checks of a position's import: pieces and network, set-up, points, and the turn against the rest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.catan.constants import KNIGHT, PIECES, RESOURCES, ROAD_BUILDING, TERRAIN_RESOURCE
from game.catan.geometry import Topology
from game.catan.position_format import BUILDING_KINDS, PIECE_NAMES, SETUP_PHASES, TRADE_PHASES, _edge_text
from game.catan.rules import CatanGame
from game.catan.state import (
    DISCARD, GAME_OVER, MAIN, MOVE_ROBBER, NOBODY, ROAD_BUILDING as PH_ROAD_BUILDING, ROLL, SETUP_ROAD,
    TRADE_RESPONSE, CatanState,
)
from game.core.errors import InvalidPosition


class PositionChecks:
    """The checks the position reader runs on the state it has filled, refusing the first fault."""

    game: CatanGame
    s: CatanState
    topo: Topology
    data: Mapping[str, Any]
    n: int
    claims: list[Mapping[str, Any]]

    # ---------------------------------------------------------------- pieces

    def _check_distance(self) -> None:
        owner = self.s.node_owner
        names = self.topo.node_names
        for node in range(self.topo.num_nodes):
            if owner[node] == NOBODY:
                continue
            for other in self.topo.node_neighbors[node]:
                if other > node and owner[other] != NOBODY:
                    raise InvalidPosition(f"buildings: {names[node]} and {names[other]} break the distance rule")

    def _check_pieces(self) -> None:
        s = self.s
        for p in range(self.n):
            on_board = {
                "roads": s.edge_owner.count(p),
                "settlements": sum(1 for o, lvl in zip(s.node_owner, s.node_level) if o == p and lvl == 1),
                "cities": sum(1 for o, lvl in zip(s.node_owner, s.node_level) if o == p and lvl == 2),
            }
            claimed = self.claims[p]["pieces_left"]
            for name, piece in PIECE_NAMES:
                supply = PIECES[piece]
                section = "roads" if name == "roads" else "buildings"
                if on_board[name] > supply:
                    raise InvalidPosition(f"{section}: {self.color(p)} has {on_board[name]} {name} on the board, "
                                          f"but only {supply} pieces")
                if claimed[name] != supply - on_board[name]:
                    raise InvalidPosition(f"players[{p}].pieces_left.{name}: {claimed[name]} given, but "
                                          f"{on_board[name]} on the board leave {supply - on_board[name]}")
            s.roads_left[p] = PIECES["road"] - on_board["roads"]
            s.settlements_left[p] = PIECES["settlement"] - on_board["settlements"]
            s.cities_left[p] = PIECES["city"] - on_board["cities"]
            s.building_vp[p] = on_board["settlements"] + 2 * on_board["cities"]

    def _check_network(self) -> None:
        """Every road reaches one of its owner's buildings along own roads; every building touches an own road."""
        s = self.s
        exempt = s.setup_road_from if s.phase == SETUP_ROAD else -1
        for p in range(self.n):
            reached = self._roads_reached_from_buildings(p)
            for e, owner in enumerate(s.edge_owner):
                if owner == p and e not in reached:
                    raise InvalidPosition(f"roads: {self.color(p)}'s road {_edge_text(self.topo, e)} is not "
                                          f"connected to a {self.color(p)} building")
        for node, owner in enumerate(s.node_owner):
            if owner != NOBODY and node != exempt and not any(
                    s.edge_owner[e] == owner for e in self.topo.node_edges[node]):
                kind = BUILDING_KINDS[s.node_level[node] - 1]
                raise InvalidPosition(f"buildings: {self.color(owner)}'s {kind} at {self.topo.node_names[node]} "
                                      f"touches no {self.color(owner)} road")

    def _roads_reached_from_buildings(self, p: int) -> set[int]:
        s = self.s
        topo = self.topo
        frontier = [n for n, owner in enumerate(s.node_owner) if owner == p]
        seen_nodes = set(frontier)
        reached: set[int] = set()
        while frontier:
            node = frontier.pop()
            for e in topo.node_edges[node]:
                if s.edge_owner[e] == p and e not in reached:
                    reached.add(e)
                    for other in topo.edges[e]:
                        if other not in seen_nodes:
                            seen_nodes.add(other)
                            frontier.append(other)
        return reached

    # ---------------------------------------------------------------- points

    def _check_points(self) -> None:
        for p in range(self.n):
            for field, computed in (("vp_public", self.game.public_vp(p)), ("vp_actual", self.game.total_vp(p))):
                if self.claims[p][field] != computed:
                    raise InvalidPosition(f"players[{p}].{field}: {self.claims[p][field]} given, but buildings, "
                                          f"special cards and VP cards make {computed}")

    # ---------------------------------------------------------------- turn

    def _check_phase_fields(self, turn: Mapping[str, Any]) -> None:
        """Fields that belong to one phase are set exactly in it; the dice and the turn player's flags fit."""
        s = self.s
        phase = s.phase
        rules = (
            ("setup_round", turn["setup_round"] is not None, phase in SETUP_PHASES, "the set-up phases"),
            ("setup_road_from", turn["setup_road_from"] is not None, phase == SETUP_ROAD, "phase setup_road"),
            ("pending_discards", any(s.owed), phase == DISCARD, "phase discard"),
            ("robber_cause", s.robber_cause is not None, phase == MOVE_ROBBER, "phase move_robber"),
            ("free_roads", s.free_roads > 0, phase == PH_ROAD_BUILDING, "phase road_building"),
            ("trade", turn["trade"] is not None, phase in TRADE_PHASES, "the trade phases"),
            ("winner", s.winner != NOBODY, phase == GAME_OVER, "phase game_over"),
        )
        for name, given, belongs, where in rules:
            if given != belongs:
                raise InvalidPosition(f"turn.{name}: set exactly in {where}, but the phase is {phase}")
        if (turn["to_act"] is None) != (phase == GAME_OVER):
            raise InvalidPosition(f"turn.to_act: null exactly when the game is over, but the phase is {phase}")
        if s.has_rolled != (s.last_roll is not None):
            raise InvalidPosition("turn.last_roll: given exactly when has_rolled is true")
        if phase in (*SETUP_PHASES, ROLL) and s.has_rolled:
            raise InvalidPosition(f"turn.has_rolled: the dice are not rolled yet in phase {phase}")
        if phase in (MAIN, DISCARD, *TRADE_PHASES) and not s.has_rolled:
            raise InvalidPosition(f"turn.has_rolled: phase {phase} comes after the roll")
        if phase in SETUP_PHASES and s.dev_played_turn:
            raise InvalidPosition("turn.dev_card_played: no development cards in the set-up")

    def _check_setup_road_from(self) -> None:
        """The set-up road starts at a settlement of the turn player that has no road yet."""
        s = self.s
        node = s.setup_road_from
        if s.node_owner[node] != s.current or s.node_level[node] != 1 or any(
                s.edge_owner[e] == s.current for e in self.topo.node_edges[node]):
            raise InvalidPosition(f"turn.setup_road_from: {self.topo.node_names[node]} must be a settlement of "
                                  f"{self.color(s.current)} without a road")

    def _check_setup(self, turn: Mapping[str, Any]) -> None:
        """The pieces fit one step of the snake-order set-up from seats[0]; turn_of and setup_round match it."""
        s = self.s
        n = self.n
        if any(level == 2 for level in s.node_level):
            raise InvalidPosition("buildings: no cities during the set-up")
        settled = [s.node_owner.count(p) for p in range(n)]
        roads = [s.edge_owner.count(p) for p in range(n)]
        order = tuple(range(n)) + tuple(reversed(range(n)))
        step = sum(settled) - (1 if s.phase == SETUP_ROAD else 0)
        if not 0 <= step < 2 * n:
            raise InvalidPosition(f"buildings: {sum(settled)} settlements do not fit phase {s.phase}")
        want_s, want_r = [0] * n, [0] * n
        for placed in order[:step]:
            want_s[placed] += 1
            want_r[placed] += 1
        if s.phase == SETUP_ROAD:
            want_s[order[step]] += 1
        for p in range(n):
            if (settled[p], roads[p]) != (want_s[p], want_r[p]):
                raise InvalidPosition(f"buildings: in set-up step {step + 1} (snake order from {self.color(0)}) "
                                      f"{self.color(p)} should have {want_s[p]} settlement(s) and {want_r[p]} "
                                      f"road(s), not {settled[p]} and {roads[p]}")
        self._check_setup_turn(turn, order, step)
        self._check_setup_cards(settled)

    def _check_setup_turn(self, turn: Mapping[str, Any], order: tuple[int, ...], step: int) -> None:
        s = self.s
        n = self.n
        expected_round = 1 if step < n else 2
        if turn["setup_round"] != expected_round:
            raise InvalidPosition(f"turn.setup_round: the pieces on the board are those of round {expected_round}")
        if s.current != order[step]:
            raise InvalidPosition(f"turn.turn_of: in this set-up step it is {self.color(order[step])}'s turn")
        if s.robber != s.board.desert:
            raise InvalidPosition(f"board.robber: in the set-up the robber stands on the desert (hex {s.board.desert})")
        s.setup_order = order
        s.setup_index = step
        s.start_player = 0

    def _check_setup_cards(self, settled: list[int]) -> None:
        """In the set-up nobody has development cards, and only a second settlement has paid resources."""
        s = self.s
        for p in range(self.n):
            if any(s.dev_hand[p]) or any(s.dev_played[p]):
                raise InvalidPosition(f"players[{p}].dev_cards: no development cards during the set-up")
            paid = [self._setup_payout(node) for node, owner in enumerate(s.node_owner) if owner == p]
            allowed = paid if settled[p] == 2 else [[0] * len(RESOURCES)]
            if s.hands[p] not in allowed:
                raise InvalidPosition(f"players[{p}].resources: in the set-up a player holds only what the second "
                                      "settlement paid")

    def _setup_payout(self, node: int) -> list[int]:
        gain = [0] * len(RESOURCES)
        for h in self.topo.node_hexes[node]:
            res = TERRAIN_RESOURCE[self.s.board.terrains[h]]
            if res is not None:
                gain[res] += 1
        return gain

    def _check_after_setup(self) -> None:
        s = self.s
        for p in range(self.n):
            if s.node_owner.count(p) < 2 or s.edge_owner.count(p) < 2:
                raise InvalidPosition(f"players[{p}]: after the set-up {self.color(p)} must have at least 2 "
                                      "buildings and 2 roads on the board")
        s.setup_order = tuple(range(self.n)) + tuple(reversed(range(self.n)))
        s.setup_index = 2 * self.n
        s.start_player = 0

    # ---------------------------------------------------------------- the turn against cards and points

    def _check_turn(self, turn: Mapping[str, Any]) -> None:
        """Cross-checks of the turn against hands, cards and points; reads the trade."""
        s = self.s
        self._check_dev_flags()
        checks = {DISCARD: self._check_discards, MOVE_ROBBER: self._check_robber,
                  PH_ROAD_BUILDING: self._check_road_building, GAME_OVER: self._check_winner}
        if s.phase in checks:
            checks[s.phase]()
        if s.phase in TRADE_PHASES:
            s.trade = self._read_trade(turn["trade"], turn["to_act"])
        if s.phase not in (*SETUP_PHASES, GAME_OVER) and self.game.total_vp(s.current) >= self.game.target_vp():
            raise InvalidPosition(f"players[{s.current}].vp_actual: {self.color(s.current)} has "
                                  f"{self.game.total_vp(s.current)} points on their own turn and would have won")
        self._check_to_act(turn["to_act"])
        self._check_built(turn)

    def _check_dev_flags(self) -> None:
        s = self.s
        for p in range(self.n):
            if any(s.dev_new[p]) and p != s.current:
                raise InvalidPosition(f"players[{p}].dev_cards_new: only the turn player can hold cards bought "
                                      "this turn")
        cause = s.robber_cause if s.phase == MOVE_ROBBER else None
        if any(s.dev_new[s.current]) and (not s.has_rolled or s.phase == DISCARD or cause == "seven"):
            raise InvalidPosition(f"players[{s.current}].dev_cards_new: cards are bought only after the roll "
                                  f"and its robber")
        if s.dev_played_turn and not any(s.dev_played[s.current]):
            raise InvalidPosition(f"turn.dev_card_played: {self.color(s.current)} has played no development card")

    def _check_discards(self) -> None:
        s = self.s
        if s.last_roll is None or sum(s.last_roll) != 7:
            raise InvalidPosition("turn.last_roll: the discard phase follows a roll of 7")
        limit = self.game.options["discard_limit"]
        for p in range(self.n):
            held = sum(s.hands[p])
            if s.owed[p] and not any((held + k) > limit and (held + k) // 2 - k == s.owed[p] for k in range(held)):
                raise InvalidPosition(f"turn.pending_discards.{self.color(p)}: {s.owed[p]} cards owed do not fit "
                                      f"a hand of {held} after a seven (discard limit {limit})")
        s.robber_cause = "seven"

    def _check_robber(self) -> None:
        s = self.s
        if s.robber_cause == "seven" and (s.last_roll is None or sum(s.last_roll) != 7):
            raise InvalidPosition("turn.robber_cause: seven, but the last roll is not a 7")
        if s.robber_cause == "knight" and not (s.dev_played_turn and s.dev_played[s.current][KNIGHT]):
            raise InvalidPosition(f"turn.robber_cause: knight, but {self.color(s.current)} has not played one "
                                  "this turn")

    def _check_road_building(self) -> None:
        s = self.s
        if not (s.dev_played_turn and s.dev_played[s.current][ROAD_BUILDING]):
            raise InvalidPosition(f"turn.phase: road_building, but {self.color(s.current)} has not played "
                                  "Road Building this turn")
        if s.roads_left[s.current] <= 0 or not self.game.road_spots(s.current):
            raise InvalidPosition(f"turn.free_roads: {self.color(s.current)} has no place for a free road, so "
                                  "the phase would have ended")

    def _check_winner(self) -> None:
        s = self.s
        if s.winner != s.current:
            raise InvalidPosition(f"turn.winner: one wins only on one's own turn ({self.color(s.current)}'s)")
        if self.game.total_vp(s.winner) < self.game.target_vp():
            raise InvalidPosition(f"turn.winner: {self.color(s.winner)} has only {self.game.total_vp(s.winner)} "
                                  f"points (vps_to_win {self.game.target_vp()})")

    def _check_to_act(self, to_act: int | None) -> None:
        s = self.s
        if s.phase == GAME_OVER:
            return
        if s.phase == DISCARD:
            if to_act is None or not s.owed[to_act]:
                raise InvalidPosition("turn.to_act: in phase discard it must be a player who owes cards")
            return
        if s.phase == TRADE_RESPONSE:
            assert s.trade is not None
            if to_act not in s.trade.waiting_for():
                raise InvalidPosition("turn.to_act: in phase trade_response it must be a player who has not "
                                      "answered yet")
            return
        if to_act != s.current:
            raise InvalidPosition(f"turn.to_act: in phase {s.phase} the turn player "
                                  f"{self.color(s.current)} acts")

    def _check_built(self, turn: Mapping[str, Any]) -> None:
        s = self.s
        for node in s.extra.get("new_nodes", ()):
            if s.node_owner[node] != s.current:
                raise InvalidPosition(f"turn.new_settlements: {self.topo.node_names[node]} is not a building of "
                                      f"the turn player {self.color(s.current)}")
        if (s.built_this_turn or s.extra.get("new_nodes")) and not s.has_rolled:
            raise InvalidPosition("turn.built_this_turn: building comes after the roll")
        if s.extra.get("new_nodes") and not s.built_this_turn:
            raise InvalidPosition("turn.built_this_turn: must be true when settlements were built this turn")
