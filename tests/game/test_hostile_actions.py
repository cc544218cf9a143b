"""Actions built directly in Python with wrong types or implausible values are refused before anything changes."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from game.cards import actions as CA
from game.catan import actions as A
from game.catan.two_player import two_player_codec
from game.core.actions import FIELD_INT_RANGE, Action, InvalidActionField, validate_action
from game.core.errors import GameError, IllegalAction, MalformedAction
from game.core.registry import get_variant
from game.core.saves import state_digest
from game.rivals import actions as RA

FAMILIES = (("catan-base", 4), ("catan-2p", 2), ("rivals-intro", 2), ("rivals-turmoil", 2), ("catan-cards", 4))


def started(variant_id: str, players: int, seed: int = 1):
    variant = get_variant(variant_id)
    return variant.new_game(variant.default_seats(players), seed, {})


def play_until(game, wanted, rng: random.Random, limit: int = 3000):
    """Play random legal actions until one satisfying wanted(action) is legal; return it (None if the game ends)."""
    for _ in range(limit):
        if game.is_over():
            return None
        player = game.active_players()[0]
        legal = game.legal_actions(player)
        for action in legal:
            if wanted(action):
                return action
        game.apply(rng.choice(legal))
    return None


def assert_refused(game, action) -> None:
    """The action is refused with a typed error, is_legal agrees, and the game is exactly as before."""
    before, log = state_digest(game), len(game.log)
    assert not game.is_legal(action)
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert state_digest(game) == before and len(game.log) == log


# ------------------------------------------------------------------ item 4: types

@pytest.mark.parametrize("variant_id,players", FAMILIES)
def test_player_true_or_float_is_refused_and_leaves_no_trace(variant_id: str, players: int) -> None:
    """player=True once acted as player 1 and a float player id could change part of the state before a refusal."""
    game = started(variant_id, players)
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        if game.is_over():
            break
        player = game.active_players()[0]
        legal = game.legal_actions(player)
        for action in legal[:8]:
            for bad in (True if player == 1 else False, float(player)):
                assert_refused(game, dataclasses.replace(action, player=bad))
                checked += 1
        game.apply(rng.choice(legal))
    assert checked > 60


@pytest.mark.parametrize("variant_id,players", FAMILIES)
def test_nan_dict_and_out_of_range_field_values_are_refused(variant_id: str, players: int) -> None:
    """Every field of a legal action, replaced by nan, {}, a float, text or a huge number, is refused untouched."""
    game = started(variant_id, players, seed=3)
    rng = random.Random(9)
    hostile = (math.nan, {}, [], 1.5, "1", 10**18, -(10**18), (10**18,) * 5, (math.nan,), (True,))
    seen = 0
    for _ in range(80):
        if game.is_over():
            break
        player = game.active_players()[0]
        legal = game.legal_actions(player)
        action = rng.choice(legal)
        for field in dataclasses.fields(action):
            if field.name == "player":
                continue
            for value in hostile:
                if type(value) is type(getattr(action, field.name)) and value == getattr(action, field.name):
                    continue
                bad = dataclasses.replace(action, **{field.name: value})
                try:
                    validate_action(bad)
                except InvalidActionField:
                    assert_refused(game, bad)
                    seen += 1
                    continue
                # A well-typed value in range (e.g. an empty tuple) may still be illegal; never a crash.
                try:
                    game.clone().apply(bad)
                except GameError:
                    pass
        game.apply(action)
    assert seen > 20


def test_a_non_action_is_a_typed_refusal() -> None:
    """Anything that is not an Action is refused with InvalidActionField, not an AttributeError."""
    game = started("catan-base", 4)
    for thing in (None, "roll", {"kind": "roll", "player": 0}, 3):
        with pytest.raises(InvalidActionField):
            game.apply(thing)  # type: ignore[arg-type]
        assert not game.is_legal(thing)  # type: ignore[arg-type]


def test_every_action_class_of_every_family_has_a_field_check() -> None:
    """The validator is generated from each action class's type hints; an unsupported hint would fail here."""
    codecs = [get_variant(v).codec() for v in ("catan-base", "catan-compact", "rivals-intro", "catan-cards")]
    codecs.append(two_player_codec())
    classes: set[type[Action]] = set()
    for codec in codecs:
        for kind in codec.kinds:
            classes.add(codec._by_kind[kind])
    for cls in classes:
        values = {}
        for field in dataclasses.fields(cls):
            values[field.name] = 1.5  # no field of any action takes a float
        with pytest.raises(InvalidActionField, match=f"field '{dataclasses.fields(cls)[0].name}'"):
            validate_action(cls(**values))


def test_invalid_field_error_is_both_malformed_and_illegal() -> None:
    """Callers that catch either IllegalAction (the GUI, bots) or MalformedAction (files) see the refusal."""
    assert issubclass(InvalidActionField, IllegalAction) and issubclass(InvalidActionField, MalformedAction)


def test_codec_refuses_an_action_field_nested_hundreds_of_lists_deep() -> None:
    """The codec turned every nested list into tuples recursively: 900 levels raised RecursionError."""
    deep: object = 5
    for _ in range(900):
        deep = [deep]
    codec = get_variant("catan-base").codec()
    for data in ({"kind": "build_road", "player": 0, "edge": deep},
                 {"kind": "discard", "player": 0, "cards": deep},
                 {"kind": "offer_trade", "player": 0, "give": [deep], "get": [0] * 5, "to": []}):
        with pytest.raises(MalformedAction):
            codec.from_json(data)


# ------------------------------------------------------------------ item 5: implausible values

def test_trade_offers_asking_for_more_cards_than_the_game_has_are_refused() -> None:
    """An offer for 10^18 cards was accepted; no count may exceed the 19 cards of one resource."""
    game = started("catan-base", 4)
    offer = play_until(game, lambda a: isinstance(a, A.OfferTrade), random.Random(2))
    assert offer is not None
    for get in ((10**18, 0, 0, 0, 0), (0, 20, 0, 0, 0)):
        assert_refused(game, dataclasses.replace(offer, get=get))
    validate_action(dataclasses.replace(offer, get=(0, 19, 0, 0, 0)))  # the bound itself is well-formed
    # From a file: the codec reads the well-typed action back as written, and apply() refuses it.
    from_file = get_variant("catan-base").codec().from_json({**offer.to_json(), "get": [10**18, 0, 0, 0, 0]})
    assert_refused(game, from_file)


def test_quick_card_game_counts_are_bounded_by_the_cards_in_play() -> None:
    """The quick card game: no count above the most cards of one resource in any game (2 x 16)."""
    assert CA.COUNT == (0, 32)
    with pytest.raises(InvalidActionField):
        validate_action(CA.TakeFromPlayer(0, 1, 10**18))
    with pytest.raises(InvalidActionField):
        validate_action(CA.ExchangeWithPile(0, (33, 0, 0, 0, 0)))
    validate_action(CA.ExchangeWithPile(0, (32, 0, 0, 0, 0)))


def test_rivals_none_is_minus_one_only() -> None:
    """ship_cell and scout took any negative number as "none"; only -1 means none now."""
    game = started("rivals-intro", 2, seed=4)
    trade = play_until(game, lambda a: isinstance(a, RA.Trade) and a.ship_cell == -1, random.Random(4))
    assert trade is not None
    for bad in (-2, -(10**18), FIELD_INT_RANGE[1] + 1):
        assert_refused(game, dataclasses.replace(trade, ship_cell=bad))
    assert game.is_legal(trade)
    game = started("rivals-intro", 2, seed=6)
    build = play_until(game, lambda a: isinstance(a, RA.BuildSettlement) and a.scout == -1, random.Random(6))
    assert build is not None
    for bad in (-2, -5):
        assert_refused(game, dataclasses.replace(build, scout=bad))
    assert game.is_legal(build)
    for action in (RA.Gain(0, -2), RA.Take(0, 0, -3)):
        with pytest.raises(InvalidActionField):
            validate_action(action)
    validate_action(RA.Gain(0, -1))


def test_rivals_none_is_accepted_only_where_the_rules_allow_it() -> None:
    """Issue 37 item 5: -1 is the rules' "none" in Trade.ship_cell (a trade at the rate, no Large Trade Ship) and
    BuildSettlement.scout (a settlement without a Scout). The typed check refuses every other value outside the
    grid or the catalogue, and the rules refuse -1 where "none" is no legal answer: a 2:1 trade with
    ship_cell -1 and no ship of that kind (only a Large Trade Ship gives it), Scout picks without a Scout; each
    refusal leaves the game untouched."""
    from game.rivals.catalogue import card_of
    from game.rivals.constants import CARD_COUNT, CELLS
    from tests.game.rivals.helpers import FOREST, LEFT_TOP, PASTURE, build_at, set_store
    from tests.game.rivals.test_cards import action_phase

    assert len(card_of()) == CARD_COUNT
    for action in (RA.Trade(0, ((FOREST, 2),), PASTURE, CELLS), RA.BuildSettlement(0, 17, (), CARD_COUNT, ()),
                   RA.Trade(0, ((FOREST, 2),), PASTURE, -2), RA.BuildSettlement(0, 17, (), -2, ()),
                   RA.Gain(0, CELLS), RA.Take(0, 0, CELLS)):
        with pytest.raises(InvalidActionField):
            validate_action(action)
    validate_action(RA.Trade(0, ((FOREST, 2),), PASTURE, CELLS - 1))
    validate_action(RA.BuildSettlement(0, 17, (), CARD_COUNT - 1, ()))

    g = action_phase()
    build_at(g, 0, "large_trade_ship", LEFT_TOP)  # between forest and gold field
    set_store(g, 0, forest=3, pasture=0)
    two_for_one_via_ship = RA.Trade(0, ((FOREST, 2),), PASTURE, LEFT_TOP)
    assert g.is_legal(two_for_one_via_ship)
    assert_refused(g, dataclasses.replace(two_for_one_via_ship, ship_cell=-1))  # no lumber ship: 3:1
    for bad in (CELLS, 10**18, -2):
        assert_refused(g, dataclasses.replace(two_for_one_via_ship, ship_cell=bad))
    at_rate = RA.Trade(0, ((FOREST, 3),), PASTURE, -1)
    assert g.is_legal(at_rate)
    g.apply(at_rate)
    assert g.state.store[0][PASTURE] == 1

    game = started("rivals-intro", 2, seed=6)
    build = play_until(game, lambda a: isinstance(a, RA.BuildSettlement) and a.scout == -1, random.Random(6))
    assert build is not None and game.is_legal(build)
    for bad in (dataclasses.replace(build, picks=(0, 1)), dataclasses.replace(build, scout=CARD_COUNT),
                dataclasses.replace(build, scout=10**18)):
        assert_refused(game, bad)
