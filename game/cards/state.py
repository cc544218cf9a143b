"""The mutable state of a quick card game, in plain lists so that clone() and JSON are cheap."""

from __future__ import annotations

NOBODY = -1

# Phases.
TRADE = "trade"
BUILD = "build"
DISCARD = "discard"
GAME_OVER = "game_over"

# Sides of the fate card ("none" with two players, who do not use it).
WHITE, BLACK, NO_FATE = "white", "black", "none"


class CardsState:
    """Everything that changes during a game; piles keep their top card at the end of the list."""

    __slots__ = (
        "num_players", "current", "phase", "turn_number", "winner", "hands", "draw", "discard", "market",
        "road_supply", "knight_supply", "settlement_supply", "development_supply", "settlements", "cities",
        "developed", "roads", "knights", "fate", "trades_used", "library_used", "guild_used", "university_used",
        "built", "give_back_to", "give_back_count", "owed", "looking_at",
    )

    num_players: int
    current: int
    phase: str
    turn_number: int
    winner: int
    hands: list[list[int]]            # per player, a count per resource
    draw: list[int]                   # resource ids, top at the end
    discard: list[int]
    market: list[int]
    road_supply: list[str]
    knight_supply: list[str]
    settlement_supply: list[str]      # shuffled, settlement side up
    development_supply: list[str]     # face up
    settlements: list[list[str]]      # per player, the settlement row (backs unseen)
    cities: list[list[str]]
    developed: list[dict[str, str]]   # per player, city card id -> development card id on it
    roads: list[list[str]]            # per player, the overlapped pile; position parity gives the side
    knights: list[list[str]]
    fate: str
    trades_used: int
    library_used: bool
    guild_used: bool
    university_used: bool
    built: list[str]                  # build kinds done this turn
    give_back_to: int                 # the opponent owed cards after a take, or NOBODY
    give_back_count: int
    owed: list[int]                   # cards each player must discard after a robber raid
    looking_at: int                   # Library: the opponent whose hand the turn player sees now, or NOBODY

    def clone(self) -> CardsState:
        """An independent copy (searching bots make many: each field is copied just as deep as it nests)."""
        other = CardsState.__new__(CardsState)
        for name in _VALUES:
            setattr(other, name, getattr(self, name))
        for name in _FLAT_LISTS:
            setattr(other, name, getattr(self, name)[:])
        for name in _PER_PLAYER:
            setattr(other, name, [v.copy() for v in getattr(self, name)])
        return other

    def to_json(self) -> dict[str, object]:
        """The whole state as plain JSON values (for digests and equality)."""
        out: dict[str, object] = {}
        for name in CardsState.__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                value = [v[:] if isinstance(v, list) else dict(v) if isinstance(v, dict) else v for v in value]
            out[name] = value
        return out


# How deep clone() copies each field: plain values are shared, flat lists copied, per-player lists (of lists or
# dicts) copied one level further; tests/game/cards/test_cards_listing_memo.py checks that every field is named once.
_VALUES: tuple[str, ...] = (
    "num_players", "current", "phase", "turn_number", "winner", "fate", "trades_used", "library_used", "guild_used",
    "university_used", "give_back_to", "give_back_count", "looking_at",
)
_FLAT_LISTS: tuple[str, ...] = (
    "draw", "discard", "market", "road_supply", "knight_supply", "settlement_supply", "development_supply", "built",
    "owed",
)
_PER_PLAYER: tuple[str, ...] = ("hands", "settlements", "cities", "developed", "roads", "knights")
