"""Variant classes of the Catan quick card game (registered by id)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Mapping

from game.cards.actions import cards_codec
from game.cards.catalogue import MAX_PLAYERS, MIN_PLAYERS
from game.cards.rules import CardsGame
from game.cards.state import NOBODY
from game.core.actions import Action, ActionCodec, Event
from game.core.errors import InvalidOptions
from game.core.game import Game
from game.core.options import OptionSpec
from game.core.seats import Seat
from game.core.variant import Variant

_DEALING = frozenset({"cards_market_renewed", "cards_draw_pile_reshuffled"})
COLORS: tuple[str, ...] = ("red", "blue", "white", "orange", "green", "brown")


class CatanCards(Variant):
    """The quick card game: 2-4 players, 5-6 with a second copy's resource cards and marked building cards."""

    id = "catan-cards"
    aliases = ("cards", "quick-cards")
    family = "cards"
    name_key = "variant.catan-cards"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    colors = COLORS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("vp_target", int, 10, minimum=3, maximum=20),
    )
    # Ruling (undo): market exchanges, ending the exchange phase and builds can be taken back; exchanges with the draw
    # pile (cards drawn), taking from players, giving back, cities (their event is revealed) and ending the turn
    # cannot, nor a road or knight taken from an opponent's row.
    undoable_kinds: ClassVar[frozenset[str]] = frozenset({
        "exchange_market", "end_trade", "build_settlement", "build_road", "build_knight", "build_development"})

    @classmethod
    def is_barrier(cls, game: Game, action: Action, events: Sequence[Event]) -> bool:
        """Also a barrier: a build that took a card from another player's row, or new cards dealt face up."""
        if super().is_barrier(game, action, events):
            return True
        for e in events:
            if e.kind in _DEALING or getattr(e, "from_player", NOBODY) != NOBODY:
                return True
        return False

    @classmethod
    def codec(cls) -> ActionCodec:
        """The quick card game's action codec."""
        return cards_codec()

    @classmethod
    def _start(cls, seats: tuple[Seat, ...], seed: int, options: dict[str, Any],
               setup_outcomes: tuple[Any, ...] | None, layout: Mapping[str, Any] | None) -> Game:
        if layout is not None:
            raise InvalidOptions("catan-cards has no table layouts")
        game = CardsGame()
        game._init_common(cls, seats, seed, options)
        if setup_outcomes:
            game.chance.force(*setup_outcomes)
        game.set_up()
        game.setup_outcomes = tuple(game.chance.take_record())
        if game.chance.pending_forced:
            raise InvalidOptions("more set-up outcomes were given than the set-up draws")
        return game


VARIANTS: tuple[type[Variant], ...] = (CatanCards,)
