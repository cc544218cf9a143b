"""Variant classes of Rivals for Catan (registered by id)."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from game.core.actions import ActionCodec
from game.core.errors import InvalidOptions
from game.core.game import Game
from game.core.seats import Seat
from game.core.variant import Variant
from game.rivals.actions import rivals_codec
from game.rivals.card_rules import CardRules
from game.rivals.constants import COLORS
from game.rivals.effects.registry import CARD_RULES
from game.rivals.mode import DUEL, GOLD, INTRO, PROGRESS, TURMOIL, Mode
from game.rivals.rules import RivalsGame
from game.rivals.setup import set_up


class RivalsIntro(Variant):
    """The introductory game "The First Catanians": basic set, centre cards and the 9 basic events, 7 VP."""

    id = "rivals-intro"
    aliases = ("rivals", "katan-duel-intro")
    family = "rivals"
    name_key = "variant.rivals-intro"
    min_players = 2
    max_players = 2
    colors = COLORS
    mode: ClassVar[Mode] = INTRO
    game_class: ClassVar[type[RivalsGame]] = RivalsGame
    card_rules: ClassVar[CardRules] = CARD_RULES
    # Ruling (undo): builds (roads, cities, expansions), trades with the supply, buying from the merchant, choosing a
    # gained resource, arranging regions and removing an own card can be taken back; rolls, action cards, settlements
    # (new regions are drawn), ending the action phase (hand cards are drawn next) and anything that touches the
    # opponent cannot.
    undoable_kinds: ClassVar[frozenset[str]] = frozenset({
        "build_road", "build_city", "build_expansion", "trade", "buy_resource", "gain", "swap_regions", "remove_card"})

    @classmethod
    def codec(cls) -> ActionCodec:
        """The Rivals action codec."""
        return rivals_codec()

    @classmethod
    def logged_turn(cls, log: list[Any]) -> int:
        """A Rivals turn ends by itself (no end-turn action), so an old save's turn is read from its rolls: one roll
        a turn (a save made before that turn's roll shows the turn before)."""
        rolls = sum(1 for entry in log if isinstance(entry, dict) and isinstance(entry.get("action"), dict)
                    and entry["action"].get("kind") == "roll")
        return max(1, rolls)

    @classmethod
    def _start(cls, seats: tuple[Seat, ...], seed: int, options: dict[str, Any],
               setup_outcomes: tuple[Any, ...] | None, layout: Mapping[str, Any] | None) -> Game:
        game = cls.game_class()
        game._init_common(cls, seats, seed, options)
        game.mode = cls.mode
        if setup_outcomes:
            game.chance.force(*setup_outcomes)
        state, events = set_up(cls.mode, tuple(seat.color for seat in seats), game.chance, cls.card_rules)
        game.state = state
        game.initial_events.extend(events)
        game.setup_outcomes = tuple(game.chance.take_record())
        if game.chance.pending_forced:
            raise InvalidOptions("more set-up outcomes were given than the set-up draws")
        return game


class RivalsGold(RivalsIntro):
    """The theme game "Era of Gold": basic set plus the Era of Gold, face-up Merchant Guilds, 12 VP."""

    id = "rivals-gold"
    aliases = ("katan-duel-gold",)
    name_key = "variant.rivals-gold"
    mode: ClassVar[Mode] = GOLD


class RivalsTurmoil(RivalsIntro):
    """The theme game "Era of Turmoil": basic set plus the Era of Turmoil, face-up Hedge Taverns, 12 VP."""

    id = "rivals-turmoil"
    aliases = ("katan-duel-turmoil",)
    name_key = "variant.rivals-turmoil"
    mode: ClassVar[Mode] = TURMOIL


class RivalsProgress(RivalsIntro):
    """The theme game "Era of Progress": basic set plus the Era of Progress, face-up Universities, 12 VP."""

    id = "rivals-progress"
    aliases = ("katan-duel-progress",)
    name_key = "variant.rivals-progress"
    mode: ClassVar[Mode] = PROGRESS


class RivalsDuel(RivalsIntro):
    """Duel of the Princes: the basic set and all three eras without crescent cards, 6 + 6 events, 13 VP."""

    id = "rivals-duel"
    aliases = ("katan-duel-princes", "duel-of-the-princes")
    name_key = "variant.rivals-duel"
    mode: ClassVar[Mode] = DUEL


VARIANTS: tuple[type[Variant], ...] = (RivalsIntro, RivalsGold, RivalsTurmoil, RivalsProgress, RivalsDuel)
