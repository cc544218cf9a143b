"""A player's view of a quick card game: the own hand, others' hand sizes, the public table; no hidden order."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from game.cards.catalogue import side
from game.core.seats import Seat

if TYPE_CHECKING:
    from game.cards.rules import CardsGame


@cache
def _sides(length: int) -> tuple[str, ...]:
    """The sides shown along a road or knight pile of this length (searching bots build views all the time)."""
    return tuple(side(i) for i in range(length))


def _sided(pile: list[str]) -> tuple[tuple[str, str], ...]:
    """A pile's cards with the side each shows, bottom to top."""
    return tuple(zip(pile, _sides(len(pile))))


@dataclass(frozen=True, slots=True)
class PlayerTable:
    """One player's face-up cards: settlements (backs unseen, so only a count), cities, piles with their sides."""

    settlements: int
    cities: tuple[tuple[str, str | None], ...]   # (city card id, development card id or None)
    roads: tuple[tuple[str, str], ...]           # (card id, side) bottom to top
    knights: tuple[tuple[str, str], ...]
    vp: int
    hand_size: int


@dataclass(frozen=True, slots=True)
class CardsView:
    """What one seat may know (player -1 is a spectator and sees no hand)."""

    player: int
    hand: tuple[int, ...] | None
    tables: tuple[PlayerTable, ...]
    market: tuple[int, ...]
    draw_size: int
    discard_size: int
    road_supply: int
    knight_supply: int
    settlement_supply: int
    development_supply: tuple[str, ...]
    fate: str
    current: int
    phase: str
    turn_number: int
    trades_left: int
    built: tuple[str, ...]
    give_back: tuple[int, int] | None       # (opponent, count) owed after a take
    looking_at: int | None                  # Library: whose hand the turn player is looking into (public)
    shown_hand: tuple[int, ...] | None      # that hand, in the view of the turn player only
    owed: tuple[int, ...]
    winner: int | None
    target_vp: int
    # What a searching bot needs to rebuild a full game from this view (all public).
    library_used: bool = False
    guild_used: bool = False
    university_used: bool = False
    options: dict[str, object] | None = None
    variant_id: str = "catan-cards"
    seats: tuple[Seat, ...] = ()
    game_attrs: tuple[tuple[str, object], ...] = ()

    @staticmethod
    def of(game: CardsGame, player: int) -> CardsView:
        """Build the view of a seat."""
        s = game.state
        n = s.num_players
        tables = tuple(
            PlayerTable(
                settlements=len(s.settlements[q]),
                cities=tuple([(c, s.developed[q].get(c)) for c in s.cities[q]]),
                roads=_sided(s.roads[q]),
                knights=_sided(s.knights[q]),
                vp=game.vp(q),
                hand_size=sum(s.hands[q]),
            )
            for q in range(n)
        )
        return CardsView(
            player=player,
            hand=tuple(s.hands[player]) if 0 <= player < n else None,
            tables=tables,
            market=tuple(sorted(s.market)),
            draw_size=len(s.draw),
            discard_size=len(s.discard),
            road_supply=len(s.road_supply),
            knight_supply=len(s.knight_supply),
            settlement_supply=len(s.settlement_supply),
            development_supply=tuple(s.development_supply),
            fate=s.fate,
            current=s.current,
            phase=s.phase,
            turn_number=s.turn_number,
            trades_left=game.trades_left(),
            built=tuple(s.built),
            give_back=(s.give_back_to, s.give_back_count) if s.give_back_to >= 0 else None,
            looking_at=s.looking_at if s.looking_at >= 0 else None,
            shown_hand=tuple(s.hands[s.looking_at]) if s.looking_at >= 0 and player == s.current else None,
            owed=tuple(s.owed),
            winner=game.winner(),
            target_vp=game.target_vp(),
            library_used=s.library_used,
            guild_used=s.guild_used,
            university_used=s.university_used,
            options=dict(game.options),
            variant_id=game.variant.id,
            seats=game.seats,
            game_attrs=game.public_attributes(),
        )
