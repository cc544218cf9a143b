"""Variant classes of the Catan quick card game (registered by id)."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from game.cards.actions import cards_codec
from game.cards.rules import CardsGame
from game.core.actions import ActionCodec
from game.core.errors import InvalidOptions
from game.core.game import Game
from game.core.options import OptionSpec
from game.core.seats import Seat
from game.core.variant import Variant

COLORS: tuple[str, ...] = ("red", "blue", "white", "orange", "green", "brown")


class CatanCards(Variant):
    """The quick card game: 2-4 players, 5-6 with a second copy's resource cards and marked building cards."""

    id = "catan-cards"
    aliases = ("cards", "quick-cards")
    family = "cards"
    name_key = "variant.catan-cards"
    min_players = 2
    max_players = 6
    colors = COLORS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("vp_target", int, 10, minimum=3, maximum=20),
    )

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
