"""Building in the Catan rules: roads, settlements, cities, the set-up placements and payout, the Longest Road."""

from __future__ import annotations

from game.catan import actions as A
from game.catan import events as E
from game.catan.constants import CITY_COST, LONGEST_ROAD_MIN, ROAD_COST, SETTLEMENT_COST, TERRAIN_RESOURCE
from game.catan.geometry import Topology
from game.catan.longest_road import longest_road, trail_through
from game.catan.state import (
    MAIN, NOBODY, ROAD_BUILDING as PH_ROAD_BUILDING, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, CatanState,
)
from game.core.actions import Event
from game.core.errors import IllegalAction


class BuildingMixin:
    """Checking and placing roads, settlements and cities, and who holds the Longest Road.

    Mixed into CatanGame (game.catan.rules), which supplies the state and the helpers shared by all concerns.
    """

    state: CatanState
    topo: Topology
    _harbor_at: tuple[str | None, ...]

    def _check_build_road(self, a: A.BuildRoad) -> None:
        s = self.state
        if not isinstance(a.edge, int) or not 0 <= a.edge < self.topo.num_edges:
            raise IllegalAction(f"no path {a.edge}")
        if s.roads_left[a.player] <= 0:
            raise IllegalAction("no roads left")
        if s.phase == SETUP_ROAD:
            if s.edge_owner[a.edge] != NOBODY or s.setup_road_from not in self.topo.edges[a.edge]:
                raise IllegalAction("the set-up road must touch the settlement just placed, on a free path")
            return
        if s.phase == PH_ROAD_BUILDING:
            if s.free_roads <= 0:
                raise IllegalAction("no free roads left")
        else:
            self._need_build_phase()
            self._need_afford(a.player, ROAD_COST, "road")
        if not self.road_spot_ok(a.player, a.edge):
            raise IllegalAction("a road must be on a free path connected to the player's road or building")

    def _check_build_settlement(self, a: A.BuildSettlement) -> None:
        s = self.state
        if not isinstance(a.node, int) or not 0 <= a.node < self.topo.num_nodes:
            raise IllegalAction(f"no intersection {a.node}")
        if s.settlements_left[a.player] <= 0:
            raise IllegalAction("no settlements left")
        if not self.can_settle(a.node):
            raise IllegalAction("the intersection or a neighbouring one is taken (distance rule)")
        if s.phase == SETUP_SETTLEMENT:
            return
        self._need_build_phase()
        self._need_afford(a.player, SETTLEMENT_COST, "settlement")
        if not self._touches_own_road(a.player, a.node):
            raise IllegalAction("a settlement must touch one of the player's roads")

    def _check_build_city(self, a: A.BuildCity) -> None:
        s = self.state
        self._need_build_phase()
        if not isinstance(a.node, int) or not 0 <= a.node < self.topo.num_nodes:
            raise IllegalAction(f"no intersection {a.node}")
        if s.node_owner[a.node] != a.player or s.node_level[a.node] != 1:
            raise IllegalAction("a city replaces one of the player's settlements")
        if s.cities_left[a.player] <= 0:
            raise IllegalAction("no cities left")
        self._need_afford(a.player, CITY_COST, "city")

    def _do_build_road(self, a: A.BuildRoad) -> list[Event]:
        s = self.state
        p = a.player
        events: list[Event] = []
        s.edge_owner[a.edge] = p
        s.roads_left[p] -= 1
        self._note_placement("road", p, a.edge)
        events.append(E.piece_built(p, "road", a.edge))
        if s.phase == SETUP_ROAD:
            self._advance_setup(events)
        elif s.phase == PH_ROAD_BUILDING:
            s.free_roads -= 1
            if s.free_roads == 0 or not self._can_place_road(p):
                s.free_roads = 0
                s.phase = MAIN if s.has_rolled else ROLL
        else:
            self._pay(p, ROAD_COST)
            s.built_this_turn = True
        through = trail_through(self.topo, s.edge_owner, s.node_owner, p, a.edge)
        if through is None:
            self._update_longest_road(events, (p,))  # a loop: search all the player's roads
        else:
            if through > s.road_length[p]:
                s.road_length[p] = through
            self._update_longest_road(events, ())
        self._after_build(p, "road", events)
        return events

    def _can_place_road(self, player: int) -> bool:
        s = self.state
        if s.roads_left[player] <= 0:
            return False
        return bool(self.road_spots(player))

    def _do_build_settlement(self, a: A.BuildSettlement) -> list[Event]:
        s = self.state
        p = a.player
        s.node_owner[a.node] = p
        s.node_level[a.node] = 1
        s.settlements_left[p] -= 1
        self._note_placement("settlement", p, a.node)
        s.building_vp[p] += 1
        events: list[Event] = [E.piece_built(p, "settlement", a.node)]
        if s.phase == SETUP_SETTLEMENT:
            if s.setup_index >= s.num_players:
                self._setup_payout(p, a.node, events)
            s.setup_road_from = a.node
            s.phase = SETUP_ROAD
        else:
            self._pay(p, SETTLEMENT_COST)
            s.built_this_turn = True
            new_nodes = s.extra.get("new_nodes", ())
            s.extra["new_nodes"] = (*new_nodes, a.node)
            # A settlement can break opponents' roads through this intersection.
            # Only a road passing through (two of the owner's roads meet here) can be broken.
            others = tuple(q for q in range(len(s.road_length)) if q != p and sum(
                s.edge_owner[e] == q for e in self.topo.node_edges[a.node]) >= 2)
            self._update_longest_road(events, others)
        if self._harbor_at[a.node] is not None:
            self.refresh_rates(p)
        self._after_build(p, "settlement", events)
        return events

    def _setup_payout(self, player: int, node: int, events: list[Event]) -> None:
        s = self.state
        gain = [0] * 5
        for h in self.topo.node_hexes[node]:
            res = TERRAIN_RESOURCE[s.board.terrains[h]]
            if res is not None and s.bank[res] > gain[res]:
                gain[res] += 1
        for r in range(5):
            s.hands[player][r] += gain[r]
            s.bank[r] -= gain[r]
        if any(gain):
            events.append(E.ResourcesGained(player, tuple(gain)))

    def _advance_setup(self, events: list[Event]) -> None:
        s = self.state
        s.setup_index += 1
        s.setup_road_from = -1
        if s.setup_index >= len(s.setup_order):
            self.begin_first_turn(s.start_player)
        else:
            s.current = s.setup_order[s.setup_index]
            s.phase = SETUP_SETTLEMENT

    def _do_build_city(self, a: A.BuildCity) -> list[Event]:
        s = self.state
        p = a.player
        s.node_level[a.node] = 2
        s.building_vp[p] += 1
        s.cities_left[p] -= 1
        s.settlements_left[p] += 1
        self._pay(p, CITY_COST)
        s.built_this_turn = True
        events: list[Event] = [E.piece_built(p, "city", a.node)]
        self._after_build(p, "city", events)
        return events

    def _update_longest_road(self, events: list[Event], changed: tuple[int, ...]) -> None:
        s = self.state
        for p in changed:
            s.road_length[p] = longest_road(self.topo, s.edge_owner, s.node_owner, p, self.roads_of(p))
        lengths = s.road_length
        best = max(lengths)
        holder = s.longest_holder
        if holder != NOBODY and lengths[holder] >= LONGEST_ROAD_MIN and lengths[holder] == best:
            return
        leaders = [p for p, length in enumerate(lengths) if length == best]
        new = leaders[0] if best >= LONGEST_ROAD_MIN and len(leaders) == 1 else NOBODY
        if new != holder:
            s.longest_holder = new
            events.append(E.SpecialCardMoved("longest_road", None if new == NOBODY else new, best))
