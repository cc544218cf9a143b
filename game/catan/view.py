"""A player's view of a Catan game: the public board and counts, the own hand and development cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.catan.constants import VICTORY_POINT
from game.catan.state import CatanState
from game.core.seats import Seat

if TYPE_CHECKING:
    from game.catan.rules import CatanGame


@dataclass(frozen=True, slots=True)
class CatanView:
    """What one seat may know. `state` is a copy in which others' hands and cards and the deck order are blanked."""

    player: int
    state: CatanState
    resource_counts: tuple[int, ...]
    dev_counts: tuple[int, ...]
    public_vp: tuple[int, ...]
    own_vp: int
    dev_deck_size: int
    target_vp: int
    maritime_rates: tuple[int, ...]
    options: dict[str, object]
    # What a searching bot needs to rebuild a full game from this view (all public).
    variant_id: str = "catan-base"
    seats: tuple[Seat, ...] = ()
    game_attrs: tuple[tuple[str, object], ...] = ()
    # The resource cards this seat knows each seat holds (its own exactly; the others' as far as it has followed
    # their cards, game/catan/card_memory.py); empty where nothing is followed.
    known_hands: tuple[tuple[int, ...], ...] = ()

    @staticmethod
    def of(game: CatanGame, player: int, blank: bool = True) -> CatanView:
        """Build the view of a seat (player -1 gives the public view of a spectator).

        blank=False hands over the game's own state, neither copied nor blanked: only for playing forward a
        world that a searching bot sampled from its own view, where nothing is hidden from anyone.
        """
        s = game.state
        n = s.num_players
        redacted = s
        if blank:
            redacted = s.clone()
            for q in range(n):
                if q != player:
                    redacted.hands[q] = [0] * 5
                    redacted.dev_hand[q] = [0] * 5
                    redacted.dev_new[q] = [0] * 5
            redacted.dev_deck = []
        # map() and list displays rather than generators: a searching bot builds a view for every action it plays.
        rates = tuple([game.maritime_rate(player, r) for r in range(5)]) if 0 <= player < n else (4,) * 5
        return CatanView(
            player=player,
            state=redacted,
            resource_counts=tuple(map(sum, s.hands)),
            dev_counts=tuple(map(sum, s.dev_hand)),
            public_vp=tuple(map(game.public_vp, range(n))),
            own_vp=game.public_vp(player) + s.dev_hand[player][VICTORY_POINT] if 0 <= player < n else 0,
            dev_deck_size=len(s.dev_deck),
            target_vp=game.target_vp(),
            maritime_rates=rates,
            options=dict(game.options),
            variant_id=game.variant.id,
            seats=game.seats,
            game_attrs=game.public_attributes(),
            known_hands=(game.card_memory.seen_by(player, s.hands)
                         if blank and game.card_memory is not None and 0 <= player < n else ()),
        )
