"""The luck meter: the expected production of a worked example, received production as the log paid it, dice
histograms that sum to the rolls, Rivals' dice counts, and no meter for the card game."""

from __future__ import annotations

import json
import random

import pytest

from game.ai.registry import make_bot
from game.catan import actions as A
from game.catan.position_export import export_position
from game.catan.stats import compute_stats as catan_stats
from game.coach.luck import luck_meter
from game.core.errors import GameError
from game.core.game import Game
from game.core.registry import get_variant
from game.rivals.actions import Roll as RivalsRoll
from game.rivals.stats import compute_stats as rivals_stats
from game.sim import play_out
from tests.game.catan_scenarios import Scenario


def _played(variant_id: str, players: int, seed: int, actions: int = 50_000) -> Game:
    variant = get_variant(variant_id)
    game = variant.new_game(variant.default_seats(players), seed, {})
    play_out(game, [make_bot("normal", variant.family) for _ in range(players)], random.Random(seed),
             max_actions=actions)
    return game


def _six_and_eight() -> Game:
    """Three seats on the beginner board; seat 0's first settlement touches a 6 (hills), an 8 (pasture) and the
    desert (hex 5's 4 and hex 11's 8 are swapped to make that corner), its second only hex 11, which the robber
    blocks; the others sit elsewhere."""
    sc = Scenario(players=3)

    def put(seat: int, name: str) -> None:
        sc.settle(seat, name)
        sc.road(seat, name, sc.topo.node_names[sc.topo.node_neighbors[sc.node(name)][0]])

    for seat, name in [(0, "h4.SE"), (0, "h11.NE"), (1, "h0.N"), (1, "h2.N"), (2, "h18.S"), (2, "h15.SW")]:
        put(seat, name)
    sc.game.state.robber = 11
    doc = export_position(sc.game)
    numbers = {h["hex"]: h for h in doc["board"]["hexes"]}
    numbers[5]["number"], numbers[11]["number"] = 8, 4
    game = get_variant("catan-base").game_from_position(doc, seed=3)
    assert sorted(game.state.board.numbers[h] for h in game.topo.node_hexes[game.topo.node("h4.SE")]) == [0, 6, 8]
    assert game.state.robber == 11 and game.state.board.numbers[11] == 4
    return game


def test_the_worked_example_expects_ten_36ths_of_a_card_a_roll() -> None:
    game = _six_and_eight()
    for p, dice in enumerate([(3, 3), (4, 4), (2, 3), (6, 6)]):
        seat = p % 3
        game.chance.force(*dice)
        game.apply(A.Roll(seat))
        game.apply(A.EndTurn(seat))
    meter = luck_meter(game)
    me = meter.seats[0]
    assert meter.rolls == 4
    assert me.expected == pytest.approx(4 * 10 / 36)
    assert me.spread == pytest.approx((4 * (10 / 36 - (10 / 36) ** 2)) ** 0.5)
    assert me.received == 2  # the 6 and the 8 paid one card each; the 5 and the 12 nothing
    assert me.luck == pytest.approx(2 - 40 / 36)
    stats = catan_stats(game)
    assert [s.received for s in meter.seats] == [sum(row) for row in stats.production]
    (dice,) = meter.dice
    assert dice.counts == (0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1)
    assert sum(dice.expected) == pytest.approx(4)
    assert dice.expected[5] == pytest.approx(4 * 6 / 36)


def test_the_robber_on_the_six_leaves_the_eight_and_frees_the_four() -> None:
    game = _six_and_eight()
    game.state.robber = 4  # the hills' 6
    game = get_variant("catan-base").game_from_position(export_position(game), seed=3)
    game.chance.force(3, 3)
    game.apply(A.Roll(0))
    meter = luck_meter(game)
    assert meter.seats[0].expected == pytest.approx((5 + 3) / 36)
    assert meter.seats[0].received == 0


@pytest.mark.parametrize(("variant_id", "players", "seed"),
                         [("catan-base", 4, 5), ("catan-compact", 3, 6), ("catan-2p", 2, 7)])
def test_catan_received_is_what_the_log_paid(variant_id: str, players: int, seed: int) -> None:
    game = _played(variant_id, players, seed)
    meter = luck_meter(game)
    stats = catan_stats(game)
    assert [s.received for s in meter.seats] == [sum(row) for row in stats.production]
    assert [s.robbed for s in meter.seats] == list(stats.stolen_from)
    assert [s.discarded for s in meter.seats] == list(stats.discarded)
    (dice,) = meter.dice
    assert dice.rolls == meter.rolls == stats.rolls > 0
    assert sum(dice.expected) == pytest.approx(meter.rolls)
    for s in meter.seats:
        assert s.expected > 0 and s.spread > 0
        assert abs(s.luck) < 6 * s.spread + 1  # far out of line would mean a wrong expectation
    assert json.loads(json.dumps(meter.to_json()))["rolls"] == meter.rolls


def test_the_two_player_second_roll_cannot_repeat_the_first() -> None:
    game = _played("catan-2p", 2, 9)
    (dice,) = luck_meter(game).dice
    plain = [meter_rolls * w / 36 for meter_rolls, w in ((dice.rolls, w) for w in (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1))]
    # Second rolls exclude the first's total, which is likelier a 6-8: the sevens are expected less often.
    assert dice.expected[5] < plain[5]
    assert sum(dice.expected) == pytest.approx(dice.rolls)


@pytest.mark.parametrize(("variant_id", "seed"), [("rivals-intro", 4), ("rivals-duel", 5)])
def test_rivals_dice_counts_and_production(variant_id: str, seed: int) -> None:
    game = _played(variant_id, 2, seed)
    meter = luck_meter(game)
    stats = rivals_stats(game)
    production, event = meter.dice
    assert production.counts == stats.production_counts[1:7] and event.counts == stats.event_counts
    assert production.rolls == event.rolls == meter.rolls == stats.rolls > 0
    assert sum(production.expected) == pytest.approx(meter.rolls) and sum(event.expected) == pytest.approx(meter.rolls)
    assert event.expected[0] == pytest.approx(2 * event.expected[1])  # the event card is on two sides
    assert [s.received for s in meter.seats] == list(stats.produced)
    assert [s.robbed for s in meter.seats] == list(stats.brigand_losses)
    for s in meter.seats:
        assert 0 < s.expected <= 3 * meter.rolls


def test_rivals_first_roll_pays_every_region_one() -> None:
    variant = get_variant("rivals-intro")
    game = variant.new_game(variant.default_seats(2), 3, {})
    bots = [make_bot("normal", "rivals") for _ in range(2)]
    rng = random.Random(3)
    while True:
        p = game.active_players()[0]
        legal = game.legal_actions(p)
        roll = next((a for a in legal if isinstance(a, RivalsRoll)), None)
        if roll is not None:
            game.apply(roll)
            break
        game.apply(bots[p].choose(game.view(p), legal, rng))
    meter = luck_meter(game)
    # One region of each number 1-6 per principality, none full yet: whatever the die shows pays each seat one.
    assert [(s.expected, s.spread, s.received) for s in meter.seats] == [(1.0, 0.0, 1), (1.0, 0.0, 1)]
    assert meter.rolls == 1


def test_the_card_game_has_no_luck_meter() -> None:
    variant = get_variant("catan-cards")
    game = variant.new_game(variant.default_seats(3), 1, {})
    with pytest.raises(GameError):
        luck_meter(game)
