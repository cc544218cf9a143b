"""The board facts derived from the pieces (building spots, roads, rates) and their caches, for the Catan rules."""

from __future__ import annotations

from typing import Any

from game.catan.constants import HARBOR_RESOURCE, PIPS, TERRAIN_RESOURCE
from game.catan.geometry import Topology
from game.catan.longest_road import owned
from game.catan.state import NOBODY, SETUP_ROAD, SETUP_SETTLEMENT, CatanState


class SpotsMixin:
    """Where pieces may go, whose pieces are where, and the maritime rates, cached per board version.

    Mixed into CatanGame (game.catan.rules), which supplies the state and the helpers shared by all concerns.
    """

    state: CatanState
    topo: Topology
    options: dict[str, Any]
    _producers: tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]
    _harbor_at: tuple[str | None, ...]
    # Per intersection: (hex, resource, pips) of each producing hex it touches, and their pips in all.
    node_yield: tuple[tuple[tuple[int, int, int], ...], ...]
    node_pips: tuple[int, ...]

    def _build_caches(self) -> None:
        """Per-board lookups: which hexes produce on each number, which harbor each intersection has, what each
        intersection touches."""
        topo = self.topo
        board = self.state.board
        by_number: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in range(13)]
        for h, (terrain, number) in enumerate(zip(board.terrains, board.numbers)):
            res = TERRAIN_RESOURCE[terrain]
            if number and res is not None:
                by_number[number].append((h, res, topo.hex_nodes[h]))
        self._producers = tuple(tuple(x) for x in by_number)
        self.node_yield = tuple(
            tuple((h, TERRAIN_RESOURCE[board.terrains[h]], PIPS.get(board.numbers[h], 0)) for h in topo.node_hexes[n]
                  if TERRAIN_RESOURCE[board.terrains[h]] is not None and board.numbers[h])
            for n in range(topo.num_nodes))
        self.node_pips = tuple(sum(pips for _, _, pips in hexes) for hexes in self.node_yield)
        harbor_at: list[str | None] = [None] * topo.num_nodes
        for kind, e in zip(board.harbors, board.harbor_edge_list):
            for node in topo.edges[e]:
                harbor_at[node] = kind
        self._harbor_at = tuple(harbor_at)

    def harbor_at(self, node: int) -> str | None:
        """The kind of harbour at an intersection (None: no harbour there)."""
        return self._harbor_at[node]

    def maritime_rate(self, player: int, resource: int) -> int:
        """Best rate the player has for giving this resource to the bank (4, 3 or 2)."""
        return self.state.rates[player][resource]

    def refresh_rates(self, player: int) -> None:
        """Recompute the player's maritime rates from the harbors at their buildings."""
        s = self.state
        rates = [4] * 5
        harbor_at = self._harbor_at
        fresh = s.extra.get("new_nodes", ()) if self.options["separate_phases"] else ()
        for node, owner in enumerate(s.node_owner):
            if owner == player and harbor_at[node] is not None and node not in fresh:
                res = HARBOR_RESOURCE[harbor_at[node]]
                if res is None:
                    rates = [min(r, 3) for r in rates]
                else:
                    rates[res] = 2
        s.rates[player] = tuple(rates)

    def _rates(self, player: int) -> tuple[int, ...]:
        return self.state.rates[player]

    def can_settle(self, node: int) -> bool:
        """Whether the intersection is free and no neighbour holds a building (distance rule)."""
        owner = self.state.node_owner
        if owner[node] != NOBODY:
            return False
        return all(owner[m] == NOBODY for m in self.topo.node_neighbors[node])

    def _touches_own_road(self, player: int, node: int) -> bool:
        edge_owner = self.state.edge_owner
        return any(edge_owner[e] == player for e in self.topo.node_edges[node])

    def road_spot_ok(self, player: int, edge: int) -> bool:
        """Whether the player may put a road here: free, touching own road or building, not through an opponent."""
        s = self.state
        if s.edge_owner[edge] != NOBODY:
            return False
        node_owner = s.node_owner
        edge_owner = s.edge_owner
        node_edges = self.topo.node_edges
        for node in self.topo.edges[edge]:
            holder = node_owner[node]
            if holder == player:
                return True
            if holder != NOBODY:
                continue  # an opponent's building blocks continuing through this intersection
            for e in node_edges[node]:
                if edge_owner[e] == player:
                    return True
        return False

    def roads_of(self, owner: int) -> tuple[int, ...]:
        """The owner's roads (cached: roads are only ever added, so the count of pieces left keys the cache)."""
        s = self.state
        key = ("roads", owner)
        cached = s.derived.get(key)
        left = s.roads_left[owner]
        if cached is not None and cached[0] == left:
            return cached[1]
        roads = tuple(owned(s.edge_owner, owner))
        s.derived[key] = (left, roads)
        return roads

    def buildings_of(self, owner: int) -> tuple[int, ...]:
        """The owner's settlements and cities (cached: keyed by the pieces left, which every build changes)."""
        s = self.state
        key = ("buildings", owner)
        cached = s.derived.get(key)
        left = (s.settlements_left[owner], s.cities_left[owner])
        if cached is not None and cached[0] == left:
            return cached[1]
        nodes = tuple(owned(s.node_owner, owner))
        s.derived[key] = (left, nodes)
        return nodes

    def network_nodes(self, player: int) -> set[int]:
        """Intersections the player's network reaches and may continue from: own buildings, and ends of
        own roads that no opponent's building blocks."""
        s = self.state
        node_owner = s.node_owner
        edges = self.topo.edges
        nodes = set(self.buildings_of(player))
        for e in self.roads_of(player):
            for n in edges[e]:
                holder = node_owner[n]
                if holder == NOBODY or holder == player:
                    nodes.add(n)
        return nodes

    def road_spots(self, player: int) -> list[int]:
        """Every path where the player may build a road now (ignoring cost)."""
        s = self.state
        edge_owner = s.edge_owner
        node_edges = self.topo.node_edges
        if s.phase == SETUP_ROAD:
            return [e for e in node_edges[s.setup_road_from] if edge_owner[e] == NOBODY]
        key = ("road_spots", player)
        version = self._board_version()
        cached = s.derived.get(key)
        if cached is not None and cached[0] == version:
            return list(cached[1])
        moved = self._road_spots_moved_on(player, cached, version) if cached is not None else None
        if moved is not None:
            spots = sorted(moved)
        else:
            spots = sorted({e for n in self.network_nodes(player) for e in node_edges[n] if edge_owner[e] == NOBODY})
        s.derived[key] = (version, tuple(spots))
        return spots

    def _placements_since(self, since: int, version: int) -> tuple[tuple[int, str, int, int], ...] | None:
        """The roads and settlements placed since board version `since`, oldest first, or None when the
        record does not account for every piece placed since then (e.g. the neutral players' pieces)."""
        record: tuple[tuple[int, str, int, int], ...] = self.state.derived.get("placements", ())  # type: ignore[assignment]
        count = since - version
        if count > len(record):
            return None
        steps = record[len(record) - count:]  # versions only fall, so the newest placements come last
        return steps if steps[0][0] < since and steps[-1][0] == version else None

    def _road_spots_moved_on(self, player: int, cached: Any, version: int) -> set[int] | None:
        """The player's road spots brought up to date from an older cached set by replaying the pieces placed
        since, or None when a step needs a full search (an opponent settled on the player's network)."""
        steps = self._placements_since(cached[0], version)
        if steps is None:
            return None
        s = self.state
        node_owner, edge_owner = s.node_owner, s.edge_owner
        node_edges, edges = self.topo.node_edges, self.topo.edges
        spots = set(cached[1])
        for _, kind, owner, index in steps:
            if kind == "road":
                spots.discard(index)
                if owner == player:
                    for n in edges[index]:
                        if node_owner[n] == NOBODY or node_owner[n] == player:
                            spots.update(e for e in node_edges[n] if edge_owner[e] == NOBODY)
            elif owner == player:
                spots.update(e for e in node_edges[index] if edge_owner[e] == NOBODY)
            elif any(edge_owner[e] == player for e in node_edges[index]):
                return None  # the settlement may cut the player's network there
        return spots

    def _note_placement(self, kind: str, owner: int, index: int) -> None:
        """Record a placed road or settlement with the board version after it (the spot caches replay these)."""
        derived = self.state.derived
        derived["placements"] = (*derived.get("placements", ()), (self._board_version(), kind, owner, index))

    def _board_version(self) -> int:
        """Changes whenever a road or settlement is placed anywhere (keys the caches of building spots).

        Pieces are never taken off the board, so the pieces left only ever fall: a road or settlement
        lowers the sum, and a city leaves it equal (it uses a city piece and returns a settlement piece)
        without changing where roads and settlements may go.
        """
        s = self.state
        return sum(s.roads_left) + sum(s.settlements_left) + sum(s.cities_left)

    def settlement_spots(self, player: int) -> list[int]:
        """Every intersection where the player may build a settlement now (ignoring cost)."""
        if self.state.phase == SETUP_SETTLEMENT:
            return [n for n in range(self.topo.num_nodes) if self.can_settle(n)]
        s = self.state
        key = ("settlement_spots", player)
        version = self._board_version()
        cached = s.derived.get(key)
        if cached is not None and cached[0] == version:
            return list(cached[1])
        edges = self.topo.edges
        steps = self._placements_since(cached[0], version) if cached is not None else None
        if steps is not None:
            # Spots only appear at the ends of the player's new roads; any placement may remove some.
            ends = set(cached[1])
            ends.update(n for _, kind, owner, index in steps if kind == "road" and owner == player
                        for n in edges[index])
        else:
            ends = {n for e in self.roads_of(player) for n in edges[e]}
        spots = sorted(n for n in ends if self.can_settle(n))
        s.derived[key] = (version, tuple(spots))
        return spots

    def city_spots(self, player: int) -> list[int]:
        """The player's settlements."""
        s = self.state
        level = s.node_level
        return [n for n in self.buildings_of(player) if level[n] == 1]

    def _hex_occupants(self) -> tuple[int, ...]:
        """Per hex, a bit per player with a building on it (cached while no piece is placed)."""
        s = self.state
        version = self._board_version()
        cached = s.derived.get("hex_occupants")
        if cached is not None and cached[0] == version:
            return cached[1]  # type: ignore[no-any-return]
        occupied = [0] * 19
        node_hexes = self.topo.node_hexes
        for owner in range(s.num_players):
            bit = 1 << owner
            for node in self.buildings_of(owner):
                for h in node_hexes[node]:
                    occupied[h] |= bit
        s.derived["hex_occupants"] = (version, tuple(occupied))
        return tuple(occupied)
