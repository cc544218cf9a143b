"""The rules of the Catan board game: legality, effects, production, trade, special cards, victory."""

from __future__ import annotations

from functools import cache, lru_cache
from operator import gt
from typing import Any

from game.catan import actions as A
from game.catan import events as E
from game.catan.board import Board
from game.catan.constants import (
    BANK_PER_RESOURCE, CITY_COST, DEV_CARD_COST, DEV_DECK_COUNTS, HARBOR_RESOURCE, KNIGHT, LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN, MONOPOLY, PIECES, ROAD_BUILDING, ROAD_COST, SETTLEMENT_COST, SPECIAL_CARD_VP,
    TERRAIN_RESOURCE, VICTORY_POINT, YEAR_OF_PLENTY,
)
from game.catan.geometry import Topology, topology
from game.catan.longest_road import longest_road, owned, trail_through
from game.catan.state import (
    ACCEPTED, COUNTERED, DECLINED, DISCARD, GAME_OVER, MAIN, MOVE_ROBBER, NOBODY, PENDING, ROAD_BUILDING as
    PH_ROAD_BUILDING, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, TRADE_CONFIRM, TRADE_RESPONSE, CatanState, TradeOffer,
)
from game.core.actions import Action, Event
from game.core.errors import IllegalAction
from game.core.game import Game

ZERO5 = (0, 0, 0, 0, 0)


def _cards_ok(cards: tuple[int, ...]) -> bool:
    return len(cards) == 5 and all(isinstance(c, int) and c >= 0 for c in cards)


class CatanGame(Game):
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
        self._build_caches()

    def _build_caches(self) -> None:
        """Per-board lookups: which hexes produce on each number, which harbor each intersection has."""
        topo = self.topo
        board = self.state.board
        by_number: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in range(13)]
        for h, (terrain, number) in enumerate(zip(board.terrains, board.numbers)):
            res = TERRAIN_RESOURCE[terrain]
            if number and res is not None:
                by_number[number].append((h, res, topo.hex_nodes[h]))
        self._producers = tuple(tuple(x) for x in by_number)
        harbor_at: list[str | None] = [None] * topo.num_nodes
        for kind, e in zip(board.harbors, board.harbor_edge_list):
            for node in topo.edges[e]:
                harbor_at[node] = kind
        self._harbor_at = tuple(harbor_at)

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

    def discard_owed(self, cards: int) -> int:
        """How many of `cards` resource cards a hand gives up when a seven is rolled (none within the limit)."""
        return cards // 2 if cards > self.options["discard_limit"] else 0

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

    def robber_victims(self, player: int, hex_index: int) -> list[int]:
        """Opponents with a building on the hex and at least one resource card."""
        s = self.state
        victims = []
        for node in self.topo.hex_nodes[hex_index]:
            owner = s.node_owner[node]
            if (owner != NOBODY and owner != player and owner < s.num_players and owner not in victims
                    and sum(s.hands[owner]) > 0):
                victims.append(owner)
        return sorted(victims)

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

    def _check_roll(self, a: A.Roll) -> None:
        self._need_phase(ROLL)

    def _check_move_robber(self, a: A.MoveRobber) -> None:
        self._need_phase(MOVE_ROBBER)
        s = self.state
        if not isinstance(a.hex, int) or not 0 <= a.hex < 19:
            raise IllegalAction(f"no hex {a.hex}")
        if a.hex == s.robber:
            raise IllegalAction("the robber must move to another hex")
        victims = self.robber_victims(a.player, a.hex)
        if victims:
            # After a knight the steal is optional (seeds 002 l.401, 003 l.822); after a seven it is not.
            if a.victim not in victims and not (a.victim is None and s.robber_cause == "knight"):
                raise IllegalAction(f"the victim must be one of {victims}")
        elif a.victim is not None:
            raise IllegalAction("nobody on that hex can be robbed")

    def _check_discard(self, a: A.Discard) -> None:
        self._need_phase(DISCARD)
        s = self.state
        if not _cards_ok(a.cards) or sum(a.cards) == 0:
            raise IllegalAction("discard at least one card, as five non-negative counts")
        if sum(a.cards) > s.owed[a.player]:
            raise IllegalAction(f"player {a.player} owes only {s.owed[a.player]} cards")
        if any(c > h for c, h in zip(a.cards, s.hands[a.player])):
            raise IllegalAction("cannot discard cards one does not hold")

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

    def _check_buy_dev_card(self, a: A.BuyDevCard) -> None:
        self._need_build_phase()
        if not self.state.dev_deck:
            raise IllegalAction("the development deck is empty")
        self._need_afford(a.player, DEV_CARD_COST, "development card")

    def _need_playable(self, player: int, card: int) -> None:
        s = self.state
        self._need_phase(ROLL, MAIN)
        if s.dev_played_turn:
            raise IllegalAction("only one development card per turn")
        if s.dev_hand[player][card] - s.dev_new[player][card] <= 0:
            raise IllegalAction("no such development card playable (cards bought this turn wait)")

    def _check_play_knight(self, a: A.PlayKnight) -> None:
        self._need_playable(a.player, KNIGHT)

    def _check_play_road_building(self, a: A.PlayRoadBuilding) -> None:
        self._need_playable(a.player, ROAD_BUILDING)

    def _check_play_year_of_plenty(self, a: A.PlayYearOfPlenty) -> None:
        self._need_playable(a.player, YEAR_OF_PLENTY)
        bank = self.state.bank
        if not 1 <= len(a.resources) <= 2 or any(not isinstance(r, int) or not 0 <= r < 5 for r in a.resources):
            raise IllegalAction("Year of Plenty takes one or two resources")
        want = [0] * 5
        for r in a.resources:
            want[r] += 1
        if any(w > b for w, b in zip(want, bank)):
            raise IllegalAction("the bank does not have those cards")
        if len(a.resources) == 1 and sum(bank) >= 2:
            raise IllegalAction("take two cards while the bank has them")

    def _check_play_monopoly(self, a: A.PlayMonopoly) -> None:
        self._need_playable(a.player, MONOPOLY)
        if not isinstance(a.resource, int) or not 0 <= a.resource < 5:
            raise IllegalAction("Monopoly names one resource")

    def _check_trading_allowed(self) -> None:
        self._need_phase(MAIN)
        if self.options["separate_phases"] and self.state.built_this_turn:
            raise IllegalAction("with separate phases, trading ends once building has begun")

    def _check_maritime(self, a: A.MaritimeTrade) -> None:
        self._check_trading_allowed()
        if not (isinstance(a.give, int) and isinstance(a.get, int) and 0 <= a.give < 5 and 0 <= a.get < 5):
            raise IllegalAction("name two resources")
        if a.give == a.get:
            raise IllegalAction("a maritime trade gives one resource for another")
        s = self.state
        if s.hands[a.player][a.give] < self.maritime_rate(a.player, a.give):
            raise IllegalAction("not enough cards for that rate")
        if s.bank[a.get] <= 0:
            raise IllegalAction("the bank has none of that resource")

    def _check_offer(self, a: A.OfferTrade) -> None:
        self._check_trading_allowed()
        s = self.state
        self._check_terms(a.give, a.get)
        if any(g > h for g, h in zip(a.give, s.hands[a.player])):
            raise IllegalAction("cannot offer cards one does not hold")
        if len(set(a.to)) != len(a.to) or any(not isinstance(p, int) or not 0 <= p < s.num_players or p == a.player
                                              for p in a.to):
            raise IllegalAction("offer to other players only, each once")
        if not self.trade_targets(a.player, a.to):
            raise IllegalAction("nobody to trade with")

    def _check_terms(self, give: tuple[int, ...], get: tuple[int, ...]) -> None:
        if not _cards_ok(give) or not _cards_ok(get):
            raise IllegalAction("trade terms are five non-negative counts each way")
        if sum(give) == 0 or sum(get) == 0:
            raise IllegalAction("no gifts: both sides must give something")
        if any(g and r for g, r in zip(give, get)):
            raise IllegalAction("no like-for-like: a resource cannot be on both sides")

    def trade_targets(self, player: int, to: tuple[int, ...]) -> tuple[int, ...]:
        """The players an offer goes to (everyone else when `to` is empty); variants may narrow it."""
        return tuple(to) if to else tuple(p for p in range(self.state.num_players) if p != player)

    def _check_accept(self, a: A.AcceptTrade) -> None:
        self._need_phase(TRADE_RESPONSE)
        trade = self.state.trade
        assert trade is not None
        if any(g > h for g, h in zip(trade.get, self.state.hands[a.player])):
            raise IllegalAction("cannot accept without the asked cards")

    def _check_decline(self, a: A.DeclineTrade) -> None:
        self._need_phase(TRADE_RESPONSE)

    def _check_counter(self, a: A.CounterTrade) -> None:
        self._need_phase(TRADE_RESPONSE)
        self._check_terms(a.give, a.get)
        if any(g > h for g, h in zip(a.give, self.state.hands[a.player])):
            raise IllegalAction("cannot counter with cards one does not hold")

    def _check_confirm(self, a: A.ConfirmTrade) -> None:
        self._need_phase(TRADE_CONFIRM)
        trade = self.state.trade
        assert trade is not None
        if a.partner not in trade.partners():
            raise IllegalAction(f"player {a.partner} did not accept or counter")
        give, get = trade.terms_with(a.partner)
        hands = self.state.hands
        if any(g > h for g, h in zip(give, hands[a.player])) or any(g > h for g, h in zip(get, hands[a.partner])):
            raise IllegalAction("one side no longer holds the cards")

    def _check_cancel(self, a: A.CancelTrade) -> None:
        self._need_phase(TRADE_CONFIRM)

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
        events = self._EFFECTS[type(action)](self, action)
        if type(action) not in _POINTLESS_ACTIONS:
            self._check_victory(events)
        return events

    def _pay(self, player: int, cost: tuple[int, ...]) -> None:
        hand = self.state.hands[player]
        bank = self.state.bank
        for r in range(5):
            c = cost[r]
            if c:
                hand[r] -= c
                bank[r] += c

    def _do_roll(self, a: A.Roll) -> list[Event]:
        s = self.state
        dice = self.chance.dice()
        s.last_roll = dice
        s.has_rolled = True
        events: list[Event] = [E.dice_rolled(a.player, dice)]
        self._resolve_roll(a.player, dice[0] + dice[1], events)
        return events

    def _resolve_roll(self, player: int, total: int, events: list[Event]) -> None:
        """Production, or the seven's discards and robber."""
        s = self.state
        if total == 7:
            owed = [self.discard_owed(sum(h)) for h in s.hands]
            s.robber_cause = "seven"
            if any(owed):
                s.owed = owed
                s.phase = DISCARD
                events.append(E.DiscardRequired(tuple(owed)))
            else:
                s.phase = MOVE_ROBBER
            return
        self._produce(total, events)
        s.phase = MAIN if s.has_rolled else ROLL

    def _produce(self, total: int, events: list[Event]) -> None:
        """Pay a roll of `total`. What it pays while the bank has enough is cached per roll until a settlement or
        city is built (the pieces left only ever fall, see _board_version); the robber counts only where it
        blocks that number."""
        s = self.state
        stamp = sum(s.settlements_left) + 100 * sum(s.cities_left)  # at most 20 settlements left: one number
        cached = s.derived.get("production")
        if cached is None or cached[0] != stamp:
            cached = s.derived["production"] = (stamp, {})
        by_roll: dict[object, Any] = cached[1]  # type: ignore[index]
        robber = s.robber
        key = (total, robber) if s.board.numbers[robber] == total else total
        found = by_roll.get(key)
        if found is None:
            found = by_roll[key] = self._count_production(total)
        gains, wanted, produced = found
        if not gains:
            return
        bank = s.bank
        if any(map(gt, wanted, bank)):  # rare: the bank cannot pay everyone some resource
            rows = [list(row) for row in produced.gains]
            self._apply_bank_rule(rows, [r for r in range(5) if wanted[r] > bank[r]], events)
            gains = tuple((p, r, row[r]) for p, row in enumerate(rows) for r in range(5) if row[r])
            if not gains:
                return
            produced = E.ResourcesProduced(tuple(map(tuple, rows)))
        hands = s.hands
        for owner, res, amount in gains:
            hands[owner][res] += amount
            bank[res] -= amount
        events.append(produced)

    def _count_production(self, total: int) -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...],
                                                      E.ResourcesProduced]:
        """What a roll of `total` pays while the bank has enough: the (player, resource, amount) gains, what
        all are owed together per resource, and the event."""
        s = self.state
        n = s.num_players
        node_owner = s.node_owner
        node_level = s.node_level
        robber = s.robber
        gains: list[tuple[int, int, int]] = []  # (owner, resource, amount) per producing building
        wanted = [0, 0, 0, 0, 0]
        for h, res, nodes in self._producers[total]:
            if h == robber:
                continue
            for node in nodes:
                owner = node_owner[node]
                if owner != NOBODY and owner < n:  # neutral colours (two-player game) collect nothing
                    level = node_level[node]
                    gains.append((owner, res, level))
                    wanted[res] += level
        owed = [[0, 0, 0, 0, 0] for _ in range(n)]
        for owner, res, level in gains:
            owed[owner][res] += level
        return tuple(gains), tuple(wanted), E.ResourcesProduced(tuple(map(tuple, owed)))

    def _apply_bank_rule(self, owed: list[list[int]], short: list[int], events: list[Event]) -> None:
        """The bank cannot pay everyone the resources in `short`: cut `owed` by the chosen rule."""
        rule = self.options["bank_rule"]
        bank = self.state.bank
        if rule == "strict":
            # The literal reading of the almanac: nobody collects anything from this roll.
            short = [r for r in range(5) if any(o[r] for o in owed)]
        for r in short:
            receivers = [o for o in owed if o[r]]
            if rule == "fifth_edition" and len(receivers) == 1:
                receivers[0][r] = bank[r]
                continue
            for o in owed:
                o[r] = 0
            events.append(E.BankShort(r))

    def _do_discard(self, a: A.Discard) -> list[Event]:
        s = self.state
        self._pay(a.player, a.cards)
        s.owed[a.player] -= sum(a.cards)
        if not any(s.owed):
            s.phase = MOVE_ROBBER
        return [E.CardsDiscarded(a.player, a.cards)]

    def _do_move_robber(self, a: A.MoveRobber) -> list[Event]:
        s = self.state
        s.robber = a.hex
        events: list[Event] = [E.robber_moved(a.player, a.hex)]
        if a.victim is not None:
            events.append(self._steal(a.player, a.victim))
        s.robber_cause = None
        s.phase = MAIN if s.has_rolled else ROLL
        return events

    def _steal(self, thief: int, victim: int) -> Event:
        s = self.state
        hand = s.hands[victim]
        pick = self.chance.index(sum(hand))
        for r in range(5):
            if pick < hand[r]:
                break
            pick -= hand[r]
        hand[r] -= 1
        s.hands[thief][r] += 1
        return E.card_stolen(thief, victim, r)

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

    def _do_buy_dev_card(self, a: A.BuyDevCard) -> list[Event]:
        s = self.state
        self._pay(a.player, DEV_CARD_COST)
        card = s.dev_deck.pop()
        s.dev_hand[a.player][card] += 1
        s.dev_new[a.player][card] += 1
        s.built_this_turn = True
        return [E.dev_card_bought(a.player, card)]

    def _play(self, player: int, card: int) -> None:
        s = self.state
        s.dev_hand[player][card] -= 1
        s.dev_played[player][card] += 1
        s.dev_played_turn = True

    def _do_play_knight(self, a: A.PlayKnight) -> list[Event]:
        s = self.state
        self._play(a.player, KNIGHT)
        events: list[Event] = [E.dev_card_played(a.player, KNIGHT)]
        self._update_largest_army(events)
        s.robber_cause = "knight"
        s.phase = MOVE_ROBBER
        return events

    def _do_play_road_building(self, a: A.PlayRoadBuilding) -> list[Event]:
        s = self.state
        self._play(a.player, ROAD_BUILDING)
        if self._can_place_road(a.player):
            s.free_roads = 2
            s.phase = PH_ROAD_BUILDING
        return [E.dev_card_played(a.player, ROAD_BUILDING)]

    def _do_play_year_of_plenty(self, a: A.PlayYearOfPlenty) -> list[Event]:
        s = self.state
        self._play(a.player, YEAR_OF_PLENTY)
        gain = [0] * 5
        for r in a.resources:
            gain[r] += 1
            s.bank[r] -= 1
            s.hands[a.player][r] += 1
        return [E.dev_card_played(a.player, YEAR_OF_PLENTY), E.ResourcesGained(a.player, tuple(gain))]

    def _do_play_monopoly(self, a: A.PlayMonopoly) -> list[Event]:
        s = self.state
        self._play(a.player, MONOPOLY)
        taken = 0
        for q, hand in enumerate(s.hands):
            if q != a.player:
                taken += hand[a.resource]
                hand[a.resource] = 0
        s.hands[a.player][a.resource] += taken
        return [E.dev_card_played(a.player, MONOPOLY), E.MonopolyTaken(a.player, a.resource, taken)]

    def _do_maritime(self, a: A.MaritimeTrade) -> list[Event]:
        s = self.state
        rate = self.maritime_rate(a.player, a.give)
        hand = s.hands[a.player]
        hand[a.give] -= rate
        s.bank[a.give] += rate
        hand[a.get] += 1
        s.bank[a.get] -= 1
        return [E.maritime_traded(a.player, a.give, rate, a.get)]

    def _do_offer(self, a: A.OfferTrade) -> list[Event]:
        s = self.state
        targets = self.trade_targets(a.player, a.to)
        n = s.num_players
        answers = tuple(PENDING if p in targets else DECLINED for p in range(n))
        s.trade = TradeOffer(a.player, a.give, a.get, targets, answers, (None,) * n)
        s.phase = TRADE_RESPONSE
        return [E.TradeOffered(a.player, a.give, a.get, targets)]

    def _answered(self, player: int, answer: int, events: list[Event],
                  counter: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> list[Event]:
        s = self.state
        assert s.trade is not None
        s.trade = s.trade.answered(player, answer, counter)
        if not s.trade.waiting_for():
            if s.trade.partners():
                s.phase = TRADE_CONFIRM
            else:
                events.append(E.TradeClosed(s.trade.offerer, "declined"))
                s.trade = None
                s.phase = MAIN
        return events

    def _do_accept(self, a: A.AcceptTrade) -> list[Event]:
        return self._answered(a.player, ACCEPTED, [E.trade_answered(a.player, "accept")])

    def _do_decline(self, a: A.DeclineTrade) -> list[Event]:
        return self._answered(a.player, DECLINED, [E.trade_answered(a.player, "decline")])

    def _do_counter(self, a: A.CounterTrade) -> list[Event]:
        events: list[Event] = [E.trade_answered(a.player, "counter"),
                               E.TradeOffered(a.player, a.give, a.get, (self.state.current,))]
        return self._answered(a.player, COUNTERED, events, (a.give, a.get))

    def _do_confirm(self, a: A.ConfirmTrade) -> list[Event]:
        s = self.state
        assert s.trade is not None
        give, get = s.trade.terms_with(a.partner)
        mine, theirs = s.hands[a.player], s.hands[a.partner]
        for r in range(5):
            mine[r] += get[r] - give[r]
            theirs[r] += give[r] - get[r]
        s.trade = None
        s.phase = MAIN
        return [E.TradeDone(a.player, a.partner, give, get)]

    def _do_cancel(self, a: A.CancelTrade) -> list[Event]:
        s = self.state
        s.trade = None
        s.phase = MAIN
        return [E.TradeClosed(a.player, "cancelled")]

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

    # ----------------------------------------------------- special cards, victory

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

    def _update_largest_army(self, events: list[Event]) -> None:
        s = self.state
        knights = [played[KNIGHT] for played in s.dev_played]
        holder = s.army_holder
        best = max(knights)
        if best < LARGEST_ARMY_MIN:
            new = NOBODY
        elif holder != NOBODY and knights[holder] == best:
            return
        else:
            leaders = [p for p, k in enumerate(knights) if k == best]
            new = leaders[0] if len(leaders) == 1 else holder
        if new != holder:
            s.army_holder = new
            events.append(E.SpecialCardMoved("largest_army", None if new == NOBODY else new, best))

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
            for q in trade.partners():
                give, get = trade.terms_with(q)
                if all(g <= h for g, h in zip(give, s.hands[player])) and all(
                        g <= h for g, h in zip(get, s.hands[q])):
                    out.append(table.confirm[q])
            return out
        return []

    # The listing itself, for variants that add to it (legal_actions gets wrapped to remember what it lists).
    _catan_legal_actions = legal_actions

    def _legal_robber_moves(self, player: int) -> list[Action]:
        s = self.state
        hands = s.hands
        robbable = 0  # a bit per opponent holding a card
        for owner in range(s.num_players):
            if owner != player and any(hands[owner]):
                robbable |= 1 << owner
        occupied = self._hex_occupants()
        table = _action_table(player)
        moves = table.robber_by_victims
        out: list[Action] = []
        robber = s.robber
        optional = s.robber_cause == "knight"  # a knight's steal may be declined: the victim None stays legal
        for h in range(19):
            if h != robber:
                victims = occupied[h] & robbable
                out.extend(moves[h][victims])
                if optional and victims:
                    out.append(table.robber[h][None])
        return out

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

    def _legal_dev_plays(self, player: int, out: list[Action]) -> None:
        """Add the development cards the player may play now (callers may skip it while the player holds only
        cards bought this turn)."""
        s = self.state
        hand, new = s.dev_hand[player], s.dev_new[player]
        if s.dev_played_turn or hand == new:  # usually: no card at all, or only cards bought this turn
            return
        if hand[KNIGHT] > new[KNIGHT]:
            out.append(_action_table(player).knight)
        if hand[ROAD_BUILDING] > new[ROAD_BUILDING]:
            out.append(_action_table(player).road_building)
        if hand[MONOPOLY] > new[MONOPOLY]:
            out.extend(_action_table(player).monopoly)
        if hand[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
            bank = s.bank
            plenty = _action_table(player).plenty
            if sum(bank) >= 2:
                out.extend(plenty[r1, r2] for r1 in range(5) for r2 in range(r1, 5)
                           if bank[r1] >= 1 + (r1 == r2) and bank[r2] >= 1)
            else:
                out.extend(plenty[r,] for r in range(5) if bank[r])

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
        for give in range(5):
            held = hand[give]
            if held:
                if held >= rates[give]:
                    if bank_has_all:
                        out.extend(maritime[give])
                    else:
                        out.extend(a for a in maritime[give] if bank[a.get])
                out.extend(offers[give])
        return out

    def _legal_answers(self, player: int) -> list[Action]:
        s = self.state
        trade = s.trade
        assert trade is not None
        hand = s.hands[player]
        table = _action_table(player)
        out: list[Action] = [table.decline]
        if all(g <= h for g, h in zip(trade.get, hand)):
            out.append(table.accept)
        # Counter-offers: ask for what was offered, give one card of another kind.
        for r in range(5):
            if hand[r] and not trade.give[r] and not trade.get[r]:
                out.append(_counter_trade(player, _ONES[r], trade.give))
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

_ONES = tuple(tuple(1 if i == r else 0 for i in range(5)) for r in range(5))
_SINGLES = tuple((p,) for p in range(8))
_NO_VICTORY_PHASES = frozenset({SETUP_SETTLEMENT, SETUP_ROAD, GAME_OVER})
# Actions that never change anyone's points, so the victory check can be skipped after them. The roll is not
# among them: it is the first action of a turn, and a turn player who already holds the target wins at it.
_POINTLESS_ACTIONS = frozenset({
    A.MoveRobber, A.Discard, A.MaritimeTrade, A.OfferTrade, A.AcceptTrade, A.DeclineTrade,
    A.CounterTrade, A.ConfirmTrade, A.CancelTrade, A.PlayYearOfPlenty, A.PlayMonopoly, A.PlayRoadBuilding,
})


class _ActionTable:
    """Pre-built immutable actions of one player, so that listing legal actions allocates little."""

    def __init__(self, player: int) -> None:
        self.end_turn = A.EndTurn(player)
        self.buy_dev_card = A.BuyDevCard(player)
        self.maritime = tuple(tuple(A.MaritimeTrade(player, give, get) for get in range(5) if get != give)
                              for give in range(5))
        self.offers = tuple(tuple(A.OfferTrade(player, _ONES[give], _ONES[get], ()) for get in range(5) if get != give)
                            for give in range(5))
        topo = topology()
        self.road = tuple(A.BuildRoad(player, e) for e in range(topo.num_edges))
        self.settlement = tuple(A.BuildSettlement(player, n) for n in range(topo.num_nodes))
        self.city = tuple(A.BuildCity(player, n) for n in range(topo.num_nodes))
        self.roll = A.Roll(player)
        self.knight = A.PlayKnight(player)
        self.road_building = A.PlayRoadBuilding(player)
        self.monopoly = tuple(A.PlayMonopoly(player, r) for r in range(5))
        # Year of Plenty by the resources taken: one of a kind, or two (r1 <= r2)
        self.plenty = {(r1, *rest): A.PlayYearOfPlenty(player, (r1, *rest))
                       for r1 in range(5) for rest in ((), *((r2,) for r2 in range(r1, 5)))}
        self.cancel = A.CancelTrade(player)
        self.confirm = tuple(A.ConfirmTrade(player, q) for q in range(8))
        self.accept = A.AcceptTrade(player)
        self.decline = A.DeclineTrade(player)
        self.discard_one = tuple(A.Discard(player, _ONES[r]) for r in range(5))
        self.robber = tuple({v: A.MoveRobber(player, h, v) for v in (None, *range(6))} for h in range(19))
        # robber_by_victims[h][mask]: the moves to hex h when `mask` holds a bit per player who can be robbed there
        self.robber_by_victims = tuple(
            tuple(tuple(row[v] for v in range(6) if mask >> v & 1) if mask else (row[None],) for mask in range(64))
            for row in self.robber)


@cache
def _action_table(player: int) -> _ActionTable:
    return _ActionTable(player)


# Counter-offers are shared per value too (their terms depend on the offer, so they are not in the table); bounded,
# as the offers a batch of games sees keep coming.
_counter_trade = lru_cache(maxsize=1024)(A.CounterTrade)


# Bounded: hands recur within a game, but thousands of simulated games would otherwise keep every hand ever seen.
DISCARD_CACHE_SIZE = 1024
# Only discards of at most this many cards are memoised: they have at most C(5 + 4, 4) = 126 choices, so the two
# caches together hold a few MB at most. A larger discard (a hoarding bot's 20 cards give thousands of choices,
# hundreds of KB an entry) is worked out anew: such hands seldom recur, and an entry would weigh as much as
# hundreds of small ones (issue 37: a long run's memory grew with them).
DISCARD_CACHED_OWED = 5


def discard_actions(player: int, hand: tuple[int, ...], owed: int) -> tuple[A.Discard, ...]:
    """The whole-discard actions of a player with this hand (small discards cached: the same hands recur)."""
    if owed <= DISCARD_CACHED_OWED:
        return _small_discard_actions(player, hand, owed)
    return tuple([A.Discard(player, cards) for cards in _discard_choices(hand, owed)])


@lru_cache(maxsize=DISCARD_CACHE_SIZE)
def _small_discard_actions(player: int, hand: tuple[int, ...], owed: int) -> tuple[A.Discard, ...]:
    return tuple([A.Discard(player, cards) for cards in _small_discard_choices(hand, owed)])


def discard_choices(hand: tuple[int, ...], owed: int) -> tuple[tuple[int, ...], ...]:
    """Every way to give back exactly `owed` cards from the hand (the discard after a seven, as one decision),
    the most lumber first, then the most wool, and so on (small discards cached)."""
    if owed <= DISCARD_CACHED_OWED:
        return _small_discard_choices(hand, owed)
    return _discard_choices(hand, owed)


@lru_cache(maxsize=DISCARD_CACHE_SIZE)
def _small_discard_choices(hand: tuple[int, ...], owed: int) -> tuple[tuple[int, ...], ...]:
    return _discard_choices(hand, owed)


def _discard_choices(hand: tuple[int, ...], owed: int) -> tuple[tuple[int, ...], ...]:
    h0, h1, h2, h3, h4 = hand
    room1, room2, room3 = h1 + h2 + h3 + h4, h2 + h3 + h4, h3 + h4  # what the later resources can still give
    choices: list[tuple[int, ...]] = []
    # Each count runs from the most down to none, so what is left for the rest only grows: once it exceeds
    # what the rest can give, no smaller count can work either.
    for k0 in range(min(h0, owed), -1, -1):
        left0 = owed - k0
        if left0 > room1:
            break
        for k1 in range(min(h1, left0), -1, -1):
            left1 = left0 - k1
            if left1 > room2:
                break
            for k2 in range(min(h2, left1), -1, -1):
                left2 = left1 - k2
                if left2 > room3:
                    break
                for k3 in range(min(h3, left2), -1, -1):
                    left3 = left2 - k3
                    if left3 > h4:
                        break
                    choices.append((k0, k1, k2, k3, left3))
    return tuple(choices)
