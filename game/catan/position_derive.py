"""Lenient position import: recompute from the pieces and cards everything a position states that follows from them."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from game.catan.constants import (
    BANK_PER_RESOURCE, DEV_CARDS, DEV_DECK_COUNTS, KNIGHT, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, PIECES, RESOURCES,
)
from game.catan.longest_road import longest_road
from game.catan.position import _check_header, _read_board, _read_rules, _read_seat_colors, _table_seats, position_game
from game.catan.position_actions import legal_actions_in_format
from game.catan.position_format import PIECE_NAMES, PLAYER_FIELDS, TOP_FIELDS, _json_key
from game.catan.position_reader import _PositionReader
from game.catan.position_values import _need_keys
from game.catan.rules import CatanGame
from game.catan.state import NOBODY
from game.core.seats import Seat

# A correction: a catalog key and its parameters (never a sentence); "field" is the path in the position format.
Correction = tuple[str, dict[str, Any]]

DERIVED_TOP: tuple[str, ...] = ("longest_road", "largest_army", "bank")
PLAYER_DERIVED: tuple[str, ...] = ("vp_public", "vp_actual", "longest_road_length", "pieces_left")
PLAYER_GIVEN: tuple[str, ...] = tuple(f for f in PLAYER_FIELDS if f not in PLAYER_DERIVED)
MISSING_KEY = "position.derived.missing"
_ABSENT = object()


def import_position(position: Mapping[str, Any], seats: Sequence[Seat] | None = None, seed: int = 0,
                    variant: Any = None, derive: bool = False) -> tuple[CatanGame, list[Correction]]:
    """A game in the given position and the corrections made to it.

    Strict (the default): exactly position_game, no corrections; any fault is refused with InvalidPosition.
    Lenient (derive=True): road lengths, Longest Road and Largest Army, points, pieces left, the bank, the
    development deck size and the listed legal actions are first recomputed from the pieces and cards, and
    every value that changed is reported; what cannot be derived is still checked as strictly as before.
    """
    if not derive:
        return position_game(position, seats=seats, seed=seed, variant=variant), []
    fixed, corrections = _derived_copy(position, variant)
    game = position_game(fixed, seats=seats, seed=seed, variant=variant)
    _derive_legal_actions(game, corrections)
    return game, corrections


def derive_position(position: Mapping[str, Any], variant: Any = None) -> tuple[dict[str, Any], list[Correction]]:
    """A corrected copy of a position (which strict import accepts) and the corrections made; the input stays as is."""
    game, corrections = import_position(position, variant=variant, derive=True)
    return copy.deepcopy(game.start_position), corrections


# ---------------------------------------------------------------- the derivation


def _derived_copy(position: Mapping[str, Any], variant: Any) -> tuple[dict[str, Any], list[Correction]]:
    """Read what cannot be derived (as strictly as position_game does), then fill in a copy what can."""
    if variant is None:
        from game.catan.variants import CatanBase

        variant = CatanBase
    _check_header(position, "position")
    _need_keys(position, "position", tuple(f for f in TOP_FIELDS if f not in DERIVED_TOP),
               (*DERIVED_TOP, "source", "legal_actions", "hidden"))
    options = _read_rules(variant, position["rules"])
    colors = _read_seat_colors(variant, position["seats"])
    board = _read_board(position["board"])
    game: CatanGame = variant.game_class()
    game._init_common(variant, _table_seats(colors, None), 0, options)
    game._init_state(board)
    _PositionReader(game, position).read_pieces_and_cards(PLAYER_GIVEN, PLAYER_DERIVED)
    fixed = copy.deepcopy(dict(position))
    corrections: list[Correction] = []
    _Deriver(game, fixed, corrections).run()
    return fixed, corrections


class _Deriver:
    """Writes the derivable fields into a position copy from a game state holding its pieces and cards."""

    def __init__(self, game: CatanGame, fixed: dict[str, Any], corrections: list[Correction]) -> None:
        self.game = game
        self.s = game.state
        self.fixed = fixed
        self.out = corrections
        self.n = game.num_players

    def run(self) -> None:
        """Derive every field, then put the fields in the format's order (a filled-in field would come last)."""
        players = self.fixed["players"]
        self._derive_pieces(players)
        self._derive_longest_road(players)
        self._derive_largest_army()
        self._derive_points(players)
        self._derive_bank()
        _reorder(self.fixed, TOP_FIELDS)
        for entry in players:
            _reorder(entry, PLAYER_FIELDS)
            _reorder(entry.get("pieces_left"), tuple(name for name, _ in PIECE_NAMES))
        _reorder(self.fixed.get("longest_road"), ("holder", "length"))
        _reorder(self.fixed.get("largest_army"), ("holder", "knights"))
        _reorder(self.fixed.get("bank"), ("resources", "dev_deck_size"))
        if isinstance(self.fixed.get("bank"), dict):
            _reorder(self.fixed["bank"].get("resources"), RESOURCES)

    def color(self, p: int) -> str:
        """The colour of a seat."""
        return self.game.seats[p].color

    def _set(self, holder: dict[str, Any], name: str, now: Any, key: str, field: str, **params: Any) -> None:
        """Set holder[name] to now, reporting the change (or the addition of a missing field)."""
        was = holder.get(name, _ABSENT)
        if was is _ABSENT:
            self.out.append((MISSING_KEY, {"field": field, "now": now}))
        elif not _same(was, now):
            self.out.append((key, {**params, "field": field, "was": was, "now": now}))
        holder[name] = now

    def _section(self, holder: dict[str, Any], name: str) -> dict[str, Any] | None:
        """A sub-object to fill: created when missing; None (left to strict import) when it is not an object."""
        if name not in holder:
            holder[name] = {}
        value = holder[name]
        return value if isinstance(value, dict) else None

    def _player(self, p: int) -> dict[str, Any]:
        return {"player": p, "color": self.color(p)}

    # ------------------------------------------------------------ pieces and roads

    def _derive_pieces(self, players: list[Any]) -> None:
        s = self.s
        for p, entry in enumerate(players):
            levels = [lvl for o, lvl in zip(s.node_owner, s.node_level) if o == p]
            on_board = {"roads": s.edge_owner.count(p), "settlements": levels.count(1), "cities": levels.count(2)}
            s.building_vp[p] = on_board["settlements"] + 2 * on_board["cities"]
            left = self._section(entry, "pieces_left")
            if left is None:
                continue
            for name, piece in PIECE_NAMES:
                now = PIECES[piece] - on_board[name]
                if now >= 0:  # more pieces than the supply is a fault strict import names
                    self._set(left, name, now, "position.derived.pieces_left", f"players[{p}].pieces_left.{name}",
                              piece=name, **self._player(p))

    def _derive_longest_road(self, players: list[Any]) -> None:
        s = self.s
        lengths = [longest_road(self.game.topo, s.edge_owner, s.node_owner, p) for p in range(self.n)]
        s.road_length = lengths
        for p, entry in enumerate(players):
            self._set(entry, "longest_road_length", lengths[p], "position.derived.road_length",
                      f"players[{p}].longest_road_length", **self._player(p))
        card = self._section(self.fixed, "longest_road")
        if card is None:
            return
        best = max(lengths)
        given = self._seat_of(card.get("holder"))
        leaders = [p for p, length in enumerate(lengths) if length == best]
        if given is not None and best >= LONGEST_ROAD_MIN and lengths[given] == best:
            holder = given  # the holder keeps the card on a tie
        elif best >= LONGEST_ROAD_MIN and len(leaders) == 1:
            holder = leaders[0]
        else:
            holder = NOBODY  # nobody long enough, or a tie without the holder: the card is set aside
        s.longest_holder = holder
        self._set(card, "holder", self._color_or_none(holder), "position.derived.longest_road_holder",
                  "longest_road.holder")
        self._set(card, "length", None if holder == NOBODY else lengths[holder],
                  "position.derived.longest_road_length", "longest_road.length")

    def _derive_largest_army(self) -> None:
        s = self.s
        knights = [played[KNIGHT] for played in s.dev_played]
        card = self._section(self.fixed, "largest_army")
        if card is None:
            return
        best = max(knights)
        given = self._seat_of(card.get("holder"))
        leaders = [p for p, k in enumerate(knights) if k == best]
        if best < LARGEST_ARMY_MIN:
            holder = NOBODY
        elif given is not None and knights[given] == best:
            holder = given
        elif len(leaders) == 1:
            holder = leaders[0]
        else:
            # Knights are played one at a time, so the first of the tied leaders holds the card: the pieces
            # do not say who that was; strict import names the fault.
            return
        s.army_holder = holder
        self._set(card, "holder", self._color_or_none(holder), "position.derived.largest_army_holder",
                  "largest_army.holder")
        self._set(card, "knights", None if holder == NOBODY else knights[holder],
                  "position.derived.largest_army_knights", "largest_army.knights")

    def _seat_of(self, color: Any) -> int | None:
        return next((p for p, seat in enumerate(self.game.seats) if seat.color == color), None)

    def _color_or_none(self, p: int) -> str | None:
        return None if p == NOBODY else self.color(p)

    # ------------------------------------------------------------ points, bank and deck

    def _derive_points(self, players: list[Any]) -> None:
        for p, entry in enumerate(players):
            self._set(entry, "vp_public", self.game.public_vp(p), "position.derived.vp_public",
                      f"players[{p}].vp_public", **self._player(p))
            self._set(entry, "vp_actual", self.game.total_vp(p), "position.derived.vp_actual",
                      f"players[{p}].vp_actual", **self._player(p))

    def _derive_bank(self) -> None:
        s = self.s
        bank = self._section(self.fixed, "bank")
        if bank is None:
            return
        resources = self._section(bank, "resources")
        if resources is not None:
            for r, name in enumerate(RESOURCES):
                held = sum(hand[r] for hand in s.hands)
                if held <= BANK_PER_RESOURCE:  # more in hands than the game has is a fault strict import names
                    self._set(resources, name, BANK_PER_RESOURCE - held, "position.derived.bank",
                              f"bank.resources.{name}", resource=name)
        out_of_deck = [sum(hand[k] for hand in s.dev_hand) + sum(done[k] for done in s.dev_played)
                       for k in range(len(DEV_CARDS))]
        if all(used <= total for used, total in zip(out_of_deck, DEV_DECK_COUNTS)):
            self._set(bank, "dev_deck_size", sum(DEV_DECK_COUNTS) - sum(out_of_deck),
                      "position.derived.dev_deck_size", "bank.dev_deck_size")


def _derive_legal_actions(game: CatanGame, corrections: list[Correction]) -> None:
    """Replace a listed set of legal actions (maritime rates included) by the game's own, reporting the difference."""
    position = game.start_position
    if "legal_actions" not in position:
        return
    given = position["legal_actions"]
    ours = legal_actions_in_format(game)
    if given == ours:
        return
    listed = Counter(_json_key(a) for a in given) if isinstance(given, list) else Counter()
    legal = Counter(_json_key(a) for a in ours)
    added, removed = sum((legal - listed).values()), sum((listed - legal).values())
    if added or removed or not isinstance(given, list):
        corrections.append(("position.derived.legal_actions",
                            {"field": "legal_actions", "added": added, "removed": removed}))
    position["legal_actions"] = ours


def _reorder(obj: Any, order: Sequence[str]) -> None:
    """Put an object's known keys in the given order, in place, and any others after them."""
    if not isinstance(obj, dict):
        return
    items = sorted(obj.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order))
    obj.clear()
    obj.update(items)


def _same(was: Any, now: Any) -> bool:
    """Equal and of the same JSON type (true is not 1)."""
    return type(was) is type(now) and was == now
