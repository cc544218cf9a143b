"""Tests of the live statistics in game/: the robber's victims in game.catan.stats and game.rivals.stats."""

from __future__ import annotations

import random

import pytest

from game.ai.registry import make_bot
from game.catan import events as E
from game.catan.stats import compute_stats as catan_stats
from game.catan.stats import fresh_game
from game.core.log_events import replayed_events
from game.core.registry import get_variant
from game.rivals.events import DiceRolled, ResourceChanged, Traded
from game.rivals.stats import FACE_SIDES, FACES, compute_stats, tally
from game.sim import play_out


def _played(variant_id: str, seed: int, actions: int) -> object:
    variant = get_variant(variant_id)
    players = 2 if variant.family == "rivals" or variant_id == "catan-2p" else 4
    game = variant.new_game(variant.default_seats(players), seed, {})
    play_out(game, [make_bot("random", variant.family) for _ in range(players)], random.Random(seed),
             max_actions=actions)
    return game


@pytest.mark.parametrize(("variant_id", "seed"), [("catan-base", 5), ("catan-base", 6), ("catan-2p", 7)])
def test_catan_losses_match_the_events(variant_id: str, seed: int) -> None:
    game = _played(variant_id, seed, 900)
    stats = catan_stats(game)
    n = game.num_players
    stolen, discarded = [0] * n, [0] * n
    g = fresh_game(game)
    for entry in game.log:
        g.chance.force(*entry.outcomes)
        for event in g.apply(entry.action):
            if isinstance(event, E.CardStolen):
                stolen[event.victim] += 1
            elif isinstance(event, E.CardsDiscarded):
                discarded[event.player] += sum(event.cards)
    assert sum(stolen) > 0 and sum(discarded) > 0  # the game is long enough to have robbed someone
    assert list(stats.stolen_from) == stolen
    assert list(stats.discarded) == discarded
    for p in range(n):
        assert stats.received(p) == sum(stats.production[p]) + sum(stats.other_gains[p]) > 0


def test_catan_stats_follow_the_game() -> None:
    """Computed again after more moves, the numbers grow with the log (the table recomputes them live)."""
    game = _played("catan-base", 8, 200)
    before = catan_stats(game)
    play_out(game, [make_bot("random", "catan") for _ in range(4)], random.Random(9), max_actions=400)
    after = catan_stats(game)
    assert after.rolls > before.rolls
    assert sum(after.stolen_from) >= sum(before.stolen_from)
    assert all(after.received(p) >= before.received(p) for p in range(4))


def test_rivals_tally_counts_each_source() -> None:
    steps = [
        [DiceRolled(0, 3, "trade", False), ResourceChanged(0, 5, 1, 1, "production"),
         ResourceChanged(0, 5, 1, 2, "booster"), ResourceChanged(1, 6, 2, 1, "production"),
         ResourceChanged(1, 7, 2, 1, "trade")],  # the trade face: taking from the other player is a gain
        [DiceRolled(1, 6, "event_card", False), DiceRolled(0, 6, "brigand_attack", True),
         ResourceChanged(1, 7, 3, -2, "brigand_attack"), ResourceChanged(0, 8, 4, 1, "plentiful_harvest")],
        [ResourceChanged(0, 5, 1, -3, "trade"), ResourceChanged(0, 9, 2, 1, "trade"), Traded(0, 1, 3, 2)],
        [ResourceChanged(1, 6, 2, -1, "paid")],
    ]
    stats = tally(steps)
    assert stats.production_counts == (0, 0, 0, 1, 0, 0, 2)
    assert stats.event_counts[FACES.index("trade")] == 1
    assert stats.event_counts[FACES.index("event_card")] == 1
    assert stats.event_counts[FACES.index("brigand_attack")] == 1
    assert stats.rolls == 3
    assert stats.produced == (3, 1)
    assert stats.other_gains == (1, 1)  # the bank trade's card is no gain
    assert stats.brigand_losses == (0, 2)


def test_rivals_expected_counts() -> None:
    assert sum(FACE_SIDES) == 6 and FACE_SIDES[FACES.index("event_card")] == 2
    stats = tally([[DiceRolled(0, v, "trade", False)] for v in (1, 2, 3, 4, 5, 6)] * 2)
    assert stats.expected_production()[1:] == pytest.approx([2.0] * 6)
    assert sum(stats.expected_events()) == pytest.approx(stats.rolls)
    assert stats.expected_events()[FACES.index("event_card")] == pytest.approx(4.0)


@pytest.mark.parametrize("variant_id", ["rivals-intro", "rivals-gold"])
def test_rivals_stats_of_a_played_game(variant_id: str) -> None:
    game = _played(variant_id, 3, 500)
    state = game.state_json()
    stats = compute_stats(game)
    _initial, steps = replayed_events(game)
    rolls = [e for _a, events in steps for e in events if isinstance(e, DiceRolled)]
    assert stats.rolls == len(rolls) == sum(stats.event_counts) > 5
    for v in range(1, 7):
        assert stats.production_counts[v] == sum(1 for e in rolls if e.production == v)
    for i, face in enumerate(FACES):
        assert stats.event_counts[i] == sum(1 for e in rolls if e.event == face)
    produced = [sum(e.delta for _a, events in steps for e in events if isinstance(e, ResourceChanged)
                    and e.player == p and e.delta > 0 and e.source in ("production", "booster")) for p in (0, 1)]
    assert list(stats.produced) == produced and sum(produced) > 0
    assert game.state_json() == state  # the replay ran on a copy
