"""The mutable state of a Catan board game, kept in flat lists so that clone() is cheap."""

from __future__ import annotations

from dataclasses import dataclass

from game.catan.board import Board

NOBODY = -1

# Phases (the names of the position format).
SETUP_SETTLEMENT = "setup_settlement"
SETUP_ROAD = "setup_road"
ROLL = "roll"
MAIN = "main"
ROAD_BUILDING = "road_building"
DISCARD = "discard"
MOVE_ROBBER = "move_robber"
TRADE_RESPONSE = "trade_response"
TRADE_CONFIRM = "trade_confirm"
GAME_OVER = "game_over"

# Answers to a domestic offer.
PENDING, ACCEPTED, DECLINED, COUNTERED = range(4)
ANSWER_NAMES = ("pending", "accepted", "declined", "countered")


@dataclass(frozen=True, slots=True)
class TradeOffer:
    """A domestic offer on the table: give/get from the offerer's side; per-player answers and counters."""

    offerer: int
    give: tuple[int, ...]
    get: tuple[int, ...]
    targets: tuple[int, ...]
    answers: tuple[int, ...]
    counters: tuple[tuple[tuple[int, ...], tuple[int, ...]] | None, ...]

    def answered(self, player: int, answer: int,
                 counter: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> TradeOffer:
        """A copy with one player's answer recorded."""
        answers = list(self.answers)
        answers[player] = answer
        counters = list(self.counters)
        counters[player] = counter
        return TradeOffer(self.offerer, self.give, self.get, self.targets, tuple(answers), tuple(counters))

    def waiting_for(self) -> tuple[int, ...]:
        """Targets who have not answered yet."""
        return tuple(p for p in self.targets if self.answers[p] == PENDING)

    def partners(self) -> tuple[int, ...]:
        """Players who accepted or countered."""
        return tuple(p for p in self.targets if self.answers[p] in (ACCEPTED, COUNTERED))

    def terms_with(self, partner: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(give, get) from the offerer's side if the trade closes with this partner."""
        if self.answers[partner] == COUNTERED:
            counter = self.counters[partner]
            assert counter is not None
            partner_gives, partner_gets = counter
            return partner_gets, partner_gives
        return self.give, self.get


class CatanState:
    """Everything that changes during a game of Catan; the board itself is immutable and shared."""

    __slots__ = (
        "board", "num_players", "robber", "node_owner", "node_level", "edge_owner", "hands", "bank",
        "dev_hand", "dev_new", "dev_played", "dev_deck", "roads_left", "settlements_left", "cities_left",
        "road_length", "longest_holder", "army_holder", "phase", "current", "has_rolled", "dev_played_turn",
        "last_roll", "setup_order", "setup_index", "setup_road_from", "owed", "robber_cause", "free_roads",
        "trade", "winner", "turn_number", "built_this_turn", "start_player", "extra", "rates", "building_vp", "derived",
    )

    board: Board
    num_players: int
    robber: int
    node_owner: list[int]
    node_level: list[int]
    edge_owner: list[int]
    hands: list[list[int]]
    bank: list[int]
    dev_hand: list[list[int]]
    dev_new: list[list[int]]
    dev_played: list[list[int]]
    dev_deck: list[int]
    roads_left: list[int]
    settlements_left: list[int]
    cities_left: list[int]
    road_length: list[int]
    longest_holder: int
    army_holder: int
    phase: str
    current: int
    has_rolled: bool
    dev_played_turn: bool
    last_roll: tuple[int, int] | None
    setup_order: tuple[int, ...]
    setup_index: int
    setup_road_from: int
    owed: list[int]
    robber_cause: str | None
    free_roads: int
    trade: TradeOffer | None
    winner: int
    turn_number: int
    built_this_turn: bool
    start_player: int
    extra: dict[str, object]
    rates: list[tuple[int, ...]]  # per player, the maritime rate per resource
    building_vp: list[int]
    # Caches of values derivable from the lists above (never saved or digested).
    derived: dict[object, object]

    def clone(self) -> CatanState:
        """An independent copy."""
        other = CatanState.__new__(CatanState)
        other.board = self.board
        other.num_players = self.num_players
        other.robber = self.robber
        other.node_owner = self.node_owner[:]
        other.node_level = self.node_level[:]
        other.edge_owner = self.edge_owner[:]
        other.hands = [h[:] for h in self.hands]
        other.bank = self.bank[:]
        other.dev_hand = [h[:] for h in self.dev_hand]
        other.dev_new = [h[:] for h in self.dev_new]
        other.dev_played = [h[:] for h in self.dev_played]
        other.dev_deck = self.dev_deck[:]
        other.roads_left = self.roads_left[:]
        other.settlements_left = self.settlements_left[:]
        other.cities_left = self.cities_left[:]
        other.road_length = self.road_length[:]
        other.longest_holder = self.longest_holder
        other.army_holder = self.army_holder
        other.phase = self.phase
        other.current = self.current
        other.has_rolled = self.has_rolled
        other.dev_played_turn = self.dev_played_turn
        other.last_roll = self.last_roll
        other.setup_order = self.setup_order
        other.setup_index = self.setup_index
        other.setup_road_from = self.setup_road_from
        other.owed = self.owed[:]
        other.robber_cause = self.robber_cause
        other.free_roads = self.free_roads
        other.trade = self.trade
        other.winner = self.winner
        other.turn_number = self.turn_number
        other.built_this_turn = self.built_this_turn
        other.start_player = self.start_player
        other.extra = dict(self.extra)
        other.rates = self.rates[:]
        other.building_vp = self.building_vp[:]
        other.derived = dict(self.derived)
        return other

    def to_json(self) -> dict[str, object]:
        """The whole state as plain JSON values (for digests and equality)."""
        out: dict[str, object] = {}
        for name in CatanState.__slots__:
            if name == "derived":
                continue
            value = getattr(self, name)
            if name == "board":
                value = value.to_json()
            elif name == "trade" and value is not None:
                value = {
                    "offerer": value.offerer, "give": list(value.give), "get": list(value.get),
                    "targets": list(value.targets), "answers": list(value.answers),
                    "counters": [None if c is None else [list(c[0]), list(c[1])] for c in value.counters],
                }
            elif name == "rates":
                value = [list(r) for r in value]
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out
