"""The house rule domestic_trade=false (issue #39): no trade between players; the bank and harbours stay."""

from __future__ import annotations

import copy
import json
import random

import pytest

from game.ai.registry import make_bot
from game.catan import actions as A
from game.catan.constants import BRICK, ORE, WOOL
from game.catan.position_export import export_position
from game.catan.reasons import why_not
from game.core.errors import IllegalAction
from game.core.options import parse_option_value
from game.core.registry import get_variant, new_game
from game.core.saves import game_from_json, game_to_json, state_digest
from tests.game.catan_scenarios import Scenario

VARIANTS = ("catan-base", "catan-compact", "catan-2p")
DOMESTIC_KINDS = frozenset({"offer_trade", "counter_trade", "accept_trade", "confirm_trade"})


def cards(lumber: int = 0, wool: int = 0, grain: int = 0, brick: int = 0, ore: int = 0) -> tuple[int, ...]:
    """A five-resource count tuple."""
    return (lumber, wool, grain, brick, ore)


def snapshot(game: object) -> tuple[str, int, str]:
    """What must not change when an action is refused: the state, the log's length, the phase."""
    return state_digest(game), len(game.log), game.state.phase  # type: ignore[attr-defined]


def refused(game: object, action: A.Action, match: str = "") -> None:
    """Assert the action raises IllegalAction and leaves the game as it was."""
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)  # type: ignore[attr-defined]
    assert snapshot(game) == before


def trading_scene(domestic: bool, variant: str = "catan-base") -> Scenario:
    """Player 0 in the main phase with 4 ore and 1 wool; player 1 holds a brick."""
    players = 2 if variant == "catan-2p" else 4
    sc = Scenario(players=players, variant=variant, empty=False, domestic_trade=domestic)
    for p in range(players):
        sc.take_all(p)
    sc.give(0, ore=4, wool=1)
    sc.give(1, brick=1)
    sc.main_phase(0)
    sc.game.state.last_roll = (2, 3)  # a roll that produced nothing: the position format wants the dice
    return sc


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_catan_variant_offers_the_option_defaulting_to_on(variant: str) -> None:
    """The option is a bool on every Catan variant (two-player too: its rules keep domestic trade), default True."""
    spec = {s.name: s for s in get_variant(variant).option_specs}["domestic_trade"]
    assert spec.type is bool and spec.default is True
    assert new_game(variant, 2 if variant == "catan-2p" else 4, seed=3).options["domestic_trade"] is True


def test_the_command_line_spelling_parses_to_false() -> None:
    """-o domestic_trade=false (or off/no) gives a game with the option off."""
    for text in ("false", "off", "no", "False"):
        options = {"domestic_trade": parse_option_value(text)}
        assert new_game("catan-base", 4, seed=1, options=options).options["domestic_trade"] is False


@pytest.mark.parametrize("variant", VARIANTS)
def test_off_lists_no_offer_but_maritime_trades(variant: str) -> None:
    """Off: the main phase lists bank trades and no offer; on (the default): offers are listed too."""
    off = trading_scene(False, variant).game
    kinds = {a.kind for a in off.legal_actions(0)}
    assert "maritime_trade" in kinds and "offer_trade" not in kinds
    on = trading_scene(True, variant).game
    kinds_on = {a.kind for a in on.legal_actions(0)}
    assert {"maritime_trade", "offer_trade"} <= kinds_on
    assert kinds_on - kinds == {"offer_trade"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_off_an_offer_is_refused_and_changes_nothing(variant: str) -> None:
    """Any offer, to all or to one player, raises IllegalAction naming the house rule; state and log unchanged."""
    g = trading_scene(False, variant).game
    refused(g, A.OfferTrade(0, cards(ore=1), cards(brick=1), ()), "between players is off")
    refused(g, A.OfferTrade(0, cards(ore=1), cards(brick=1), (1,)), "between players is off")
    assert g.state.trade is None and g.state.phase == "main"


def test_off_maritime_trade_still_works() -> None:
    """The bank trades 4:1 as usual with the option off."""
    sc = trading_scene(False)
    g = sc.game
    g.apply(A.MaritimeTrade(0, ORE, BRICK))
    assert sc.hand(0) == {"wool": 1, "brick": 1}
    refused(g, A.MaritimeTrade(0, WOOL, BRICK), "rate")


def test_on_an_offer_is_still_made() -> None:
    """The default game still trades between players (the guard is the option, not a blanket refusal)."""
    g = trading_scene(True).game
    g.apply(A.OfferTrade(0, cards(ore=1), cards(brick=1), (1,)))
    assert g.state.phase == "trade_response"


def test_an_open_offer_from_a_position_can_only_be_declined() -> None:
    """A position may hold an open offer though its rules say no domestic trade: the answers that would make the
    trade (accept, counter) are refused and not listed; declining closes it without a trade."""
    g = trading_scene(True).game
    g.apply(A.OfferTrade(0, cards(ore=1), cards(brick=1), (1,)))
    position = copy.deepcopy(export_position(g))
    position["rules"]["domestic_trade"] = False
    loaded = get_variant("catan-base").game_from_position(position)
    assert loaded.options["domestic_trade"] is False and loaded.state.trade is not None
    assert [a.kind for a in loaded.legal_actions(1)] == ["decline_trade"]
    refused(loaded, A.AcceptTrade(1), "between players is off")
    refused(loaded, A.CounterTrade(1, cards(brick=1), cards(ore=2)), "between players is off")
    loaded.apply(A.DeclineTrade(1))
    assert loaded.state.phase == "main" and loaded.state.trade is None


def test_an_accepted_offer_from_a_position_cannot_be_confirmed() -> None:
    """In the confirm step the offerer may only cancel when the option is off."""
    g = trading_scene(True).game
    g.apply(A.OfferTrade(0, cards(ore=1), cards(brick=1), (1,)))
    g.apply(A.AcceptTrade(1))
    position = copy.deepcopy(export_position(g))
    position["rules"]["domestic_trade"] = False
    loaded = get_variant("catan-base").game_from_position(position)
    assert [a.kind for a in loaded.legal_actions(0)] == ["cancel_trade"]
    refused(loaded, A.ConfirmTrade(0, 1), "between players is off")
    loaded.apply(A.CancelTrade(0))
    assert loaded.state.phase == "main"


def test_the_hint_names_the_house_rule() -> None:
    """The trade button's reason is the house rule when the option is off, and otherwise as before."""
    g = trading_scene(False).game
    kinds = {a.kind for a in g.legal_actions(0)}
    assert why_not(g.state, 0, "trade", kinds, g.options).key == "reason.no_domestic_trade"
    assert why_not(g.state, 0, "bank", kinds, g.options) is None
    on = trading_scene(True).game
    assert why_not(on.state, 0, "trade", {a.kind for a in on.legal_actions(0)}, on.options) is None


def test_the_option_round_trips_in_a_save() -> None:
    """A save states domestic_trade=false and loads to a game with the option off (and the same state)."""
    game = new_game("catan-base", 4, seed=5, options={"board": "variable", "domestic_trade": False})
    rng = random.Random(2)
    for _ in range(150):
        game.apply(rng.choice(game.legal_actions(game.active_players()[0])))
    data = json.loads(json.dumps(game_to_json(game)))
    assert data["options"]["domestic_trade"] is False
    loaded = game_from_json(data)
    assert loaded.options["domestic_trade"] is False
    assert state_digest(loaded) == state_digest(game)
    default = game_to_json(new_game("catan-base", 4, seed=5))
    assert default["options"]["domestic_trade"] is True
    assert game_from_json(json.loads(json.dumps(default))).options["domestic_trade"] is True


@pytest.mark.parametrize(("variant", "bots"), [
    ("catan-base", ("random", "easy", "normal", "hard")),
    ("catan-compact", ("normal", "normal", "easy", "random")),
    ("catan-2p", ("hard", "normal")),
])
def test_a_full_bot_game_finishes_without_domestic_trade(variant: str, bots: tuple[str, ...]) -> None:
    """Bots of every level play a game to its end with the option off; no domestic trade step is ever logged,
    and every chosen action was among the legal ones."""
    game = new_game(variant, len(bots), seed=11, options={"board": "variable", "domestic_trade": False})
    players = [make_bot(b, "catan", rollouts=20) for b in bots]
    rngs = [random.Random(100 + i) for i in range(len(bots))]
    for _ in range(20000):
        if game.is_over():
            break
        p = game.active_players()[0]
        legal = game.legal_actions(p)
        action = players[p].choose(game.view(p), legal, rngs[p])
        assert action in legal
        game.apply(action)
    assert game.is_over()
    logged = {entry.action.kind for entry in game.log}
    assert not logged & DOMESTIC_KINDS


def test_a_save_written_before_the_option_existed_still_loads_with_trade_on() -> None:
    import json
    from pathlib import Path

    from game.core.errors import GameError
    from game.core.saves import game_from_json

    data = json.loads((Path(__file__).parent / "data" / "save-before-domestic-trade.json").read_text())
    assert "domestic_trade" not in data["options"]
    game = game_from_json(data)
    assert game.options["domestic_trade"] is True and len(game.log) == len(data["log"])
    edited = json.loads(json.dumps(data))
    edited["options"]["domestic_trade"] = False  # stating another value than the game was played with
    try:
        game_from_json(edited)
    except GameError:
        pass
    else:
        raise AssertionError("an option changed after the fact must be refused")
    dropped = json.loads(json.dumps(data))
    del dropped["options"]["no_adjacent_red"]
    dropped["options"]["no_adjacent_red_typo"] = True
    try:
        game_from_json(dropped)
    except GameError:
        pass
    else:
        raise AssertionError("an unknown option must be refused")
