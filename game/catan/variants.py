"""Variant classes of the Catan board game family (registered by id)."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from game.catan.actions import catan_codec
from game.catan.board import Board, beginner_layout, check_start, generate_variable_board, shared_beginner_layout
from game.catan.compact import assemble, beginner_placements, placements_from_json, random_placements
from game.catan.constants import COLORS, RESOURCES, TERRAIN_RESOURCE
from game.catan.events import StartingPlayerChosen
from game.catan.rules import CatanGame
from game.catan.two_player import TwoPlayerCatanGame, setup_two_player, two_player_codec
from game.catan.state import NOBODY
from game.core.actions import ActionCodec
from game.core.errors import InvalidOptions, InvalidPosition
from game.core.game import Game
from game.core.options import OptionSpec
from game.core.seats import Seat
from game.core.variant import Variant


class CatanBase(Variant):
    """The Catan board game for 3-4 players: beginner or variable set-up (almanac 002)."""

    id = "catan-base"
    aliases = ("catan", "base")
    family = "catan"
    name_key = "variant.catan-base"
    min_players = 3
    max_players = 4
    colors = COLORS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("board", str, "beginner", choices=("beginner", "variable")),
        OptionSpec("vp_target", int, 10, minimum=3, maximum=20),
        OptionSpec("discard_limit", int, 7, minimum=5, maximum=20),
        OptionSpec("separate_phases", bool, False),
        OptionSpec("bank_rule", str, "per_resource", choices=("per_resource", "strict", "fifth_edition")),
        OptionSpec("tokens", str, "spiral", choices=("spiral", "random"), applies_when=(("board", "variable"),)),
        OptionSpec("no_adjacent_red", bool, True, applies_when=(("board", "variable"),)),
        # House rule (issue #39): false forbids trade between players (offers, counter-offers, answers); maritime
        # trade stays. Also in the two-player game, which keeps the base game's trade (seed 003 l.516-518).
        OptionSpec("domestic_trade", bool, True),
    )
    game_class: ClassVar[type[CatanGame]] = CatanGame
    # Ruling (undo): builds and bank trades can be taken back; rolls, the robber, discards, development cards (bought
    # or played: a card drawn or revealed), every step of a domestic trade (shown to others) and ending the turn cannot.
    undoable_kinds: ClassVar[frozenset[str]] = frozenset({"build_road", "build_settlement", "build_city",
                                                          "maritime_trade"})

    @classmethod
    def codec(cls) -> ActionCodec:
        """The Catan action codec."""
        return catan_codec()

    @classmethod
    def default_seats(cls, count: int, controllers: list[str] | None = None) -> tuple[Seat, ...]:
        """Seats by colour; with 3 players red is left out, as the beginner set-up says."""
        cls.check_player_count(count)
        colors = COLORS[1:] if count == 3 else COLORS[:count]
        controllers = controllers or ["human"] * count
        return tuple(Seat(c, c, controllers[i]) for i, c in enumerate(colors))

    @classmethod
    def _start(cls, seats: tuple[Seat, ...], seed: int, options: dict[str, Any],
               setup_outcomes: tuple[Any, ...] | None, layout: Mapping[str, Any] | None) -> Game:
        layout = checked_layout(layout)
        game = cls.game_class()
        game._init_common(cls, seats, seed, options)
        if setup_outcomes:
            game.chance.force(*setup_outcomes)
        if layout is not None:
            board = Board.from_json(layout.get("board"), strict=not layout.get("experimental"))
            start = layout.get("start")
        elif options["board"] == "beginner":
            data = shared_beginner_layout()
            board = Board.from_json(data["board"])
            start = data["start"]
        else:
            board = generate_variable_board(game.chance, options["no_adjacent_red"], options["tokens"])
            start = None
        game._init_state(board)
        game.layout = dict(layout) if layout is not None else None
        cls._set_up(game, start)
        game.setup_outcomes = tuple(game.chance.take_record())
        if game.chance.pending_forced:
            raise InvalidOptions("more set-up outcomes were given than the set-up draws")
        return game

    @classmethod
    def _set_up(cls, game: CatanGame, start: Mapping[str, Any] | None) -> None:
        """Pre-placed beginner pieces (oldest player = seat 0 starts), or the roll-off and set-up rounds."""
        if start:
            place_starting_pieces(game, start)
            game.begin_first_turn(0)
        else:
            first = roll_off(game)
            game.begin_setup_phase(first)
            game.initial_events.append(StartingPlayerChosen(first))


    @classmethod
    def game_from_position(cls, position: Mapping[str, Any], seats: tuple[Seat, ...] | None = None,
                           seed: int = 0) -> Game:
        """Start a game from a catan-position document (validated; InvalidPosition names any fault)."""
        from game.catan.position import position_game

        return position_game(position, seats=seats, seed=seed, variant=cls)


def checked_layout(layout: Any) -> Mapping[str, Any] | None:
    """Check the shape of a layout given to a new game (from a file or a save); InvalidPosition names the fault.

    The board and the compact arrangement are checked where they are read; here: an object, a true/false
    `experimental`, and the starting pieces' shape (check_start).
    """
    if layout is None:
        return None
    if not isinstance(layout, Mapping):
        raise InvalidPosition(f"layout: must be an object, got {type(layout).__name__}")
    if not isinstance(layout.get("experimental", False), bool):
        raise InvalidPosition("layout: 'experimental' must be true or false")
    check_start(layout.get("start"))
    return layout


def roll_off(game: CatanGame) -> int:
    """Everyone rolls two dice; ties among the highest re-roll (ruling: only the tied players)."""
    contenders = list(range(game.num_players))
    while True:
        totals = [game.chance.die() + game.chance.die() for _ in contenders]
        best = max(totals)
        contenders = [p for p, t in zip(contenders, totals) if t == best]
        if len(contenders) == 1:
            return contenders[0]


def place_starting_pieces(game: CatanGame, start: Mapping[str, Any]) -> None:
    """Put each seat's beginner settlements and roads on the board and pay the marked settlement."""
    s = game.state
    topo = game.topo
    seat_colors = [seat.color for seat in game.seats]
    spare = [c for c in start if c not in seat_colors and c != "red"] + [c for c in start if c == "red"]
    for p, color in enumerate(seat_colors):
        pieces = start.get(color)
        if pieces is None:
            if not spare:
                raise InvalidPosition(f"layout start: no starting pieces for {color} (nor a spare colour)")
            pieces = start[spare.pop(0)]
        try:
            nodes = [topo.node(n) for n in pieces["settlements"]]
            edges = [topo.edge(topo.node(a), topo.node(b)) for a, b in pieces["roads"]]
            paying = topo.node(pieces["paying_settlement"])
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidPosition(f"layout start for {color}: bad intersection or path ({exc!s:.60})") from exc
        for node in nodes:
            if not game.can_settle(node):
                raise InvalidPosition(f"layout start for {color}: settlement {topo.node_names[node]} breaks the distance rule")
            s.node_owner[node] = p
            s.node_level[node] = 1
            s.settlements_left[p] -= 1
            s.building_vp[p] += 1
        for e in edges:
            if s.edge_owner[e] != NOBODY:
                raise InvalidPosition(f"layout start for {color}: path taken twice")
            s.edge_owner[e] = p
            s.roads_left[p] -= 1
        for h in topo.node_hexes[paying]:
            res = TERRAIN_RESOURCE[s.board.terrains[h]]
            if res is not None:
                s.hands[p][res] += 1
                s.bank[res] -= 1
    for p in range(game.num_players):
        game._update_longest_road([], (p,))
        game.refresh_rates(p)


class CatanTwoPlayer(CatanBase):
    """Catan for two (seed 003): two neutral colours, trade cards, two rolls a turn."""

    id = "catan-2p"
    aliases = ("catan-two", "2p")
    name_key = "variant.catan-2p"
    min_players = 2
    max_players = 2
    game_class = TwoPlayerCatanGame
    undoable_kinds = CatanBase.undoable_kinds | {"build_neutral"}

    @classmethod
    def codec(cls) -> ActionCodec:
        """Base actions plus the two-player ones."""
        return two_player_codec()

    @classmethod
    def default_seats(cls, count: int, controllers: list[str] | None = None) -> tuple[Seat, ...]:
        """Red and blue play; white and orange are the neutral colours."""
        cls.check_player_count(count)
        controllers = controllers or ["human"] * count
        return tuple(Seat(c, c, controllers[i]) for i, c in enumerate(COLORS[:count]))

    @classmethod
    def _set_up(cls, game: CatanGame, start: Mapping[str, Any] | None) -> None:
        """Neutral settlements first (ruling Q-N1), then the normal set-up phase for the two players."""
        assert isinstance(game, TwoPlayerCatanGame)
        seat_colors = [seat.color for seat in game.seats]
        game.neutral_colors = tuple(c for c in COLORS if c not in seat_colors)
        spots = None
        if start:
            spots = []
            for color in game.neutral_colors:
                try:
                    spots.append(game.topo.node(start[color]["settlements"][0]))
                except (KeyError, TypeError, IndexError, ValueError) as exc:
                    raise InvalidPosition(f"layout start: the neutral {color} needs a first settlement "
                                          f"on an intersection ({exc!s:.60})") from exc
        setup_two_player(game, spots)
        first = roll_off(game)
        game.begin_setup_phase(first)
        game.initial_events.append(StartingPlayerChosen(first))


class CatanCompact(CatanBase):
    """The compact edition (seed 003): the board from 6 double-sided parts, the base game's rules."""

    id = "catan-compact"
    aliases = ("compact",)
    name_key = "variant.catan-compact"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = tuple(
        spec for spec in CatanBase.option_specs if spec.name not in ("tokens", "no_adjacent_red"))

    @classmethod
    def _start(cls, seats: tuple[Seat, ...], seed: int, options: dict[str, Any],
               setup_outcomes: tuple[Any, ...] | None, layout: Mapping[str, Any] | None) -> Game:
        """Assemble the parts (all A from A1 for beginners, random otherwise), or take a saved arrangement."""
        layout = checked_layout(layout)
        if layout is None or "compact_parts" in layout:
            game = cls.game_class()
            game._init_common(cls, seats, seed, options)
            if setup_outcomes:
                game.chance.force(*setup_outcomes)
            if layout is not None:
                placements = placements_from_json(layout["compact_parts"])
            elif options["board"] == "beginner":
                placements = beginner_placements()
            else:
                placements = random_placements(game.chance)
            board = assemble(placements)
            game._init_state(board)
            game.layout = dict(layout) if layout is not None else None
            game.compact_placements = placements
            start = beginner_layout()["start"] if placements == beginner_placements() and (
                layout is None or layout.get("start")) else None
            cls._set_up(game, start)
            game.setup_outcomes = tuple(game.chance.take_record())
            if game.chance.pending_forced:
                raise InvalidOptions("more set-up outcomes were given than the set-up draws")
            return game
        return super()._start(seats, seed, options, setup_outcomes, layout)


VARIANTS: tuple[type[Variant], ...] = (CatanBase, CatanCompact, CatanTwoPlayer)
__all__ = ["CatanBase", "VARIANTS", "RESOURCES"]
