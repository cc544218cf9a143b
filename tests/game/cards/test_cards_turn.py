"""City events, the draw phase, the reshuffle, winning, views, the codec and the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cards import actions as A
from game.cards import events as E
from game.cards.state import BLACK, BUILD, DISCARD, GAME_OVER, TRADE, WHITE
from game.cli import main
from game.core.errors import IllegalAction
from game.core.saves import game_to_json, save_game, state_digest
from game.sim import run_game
from tests.game.cards.helpers import (
    CITY_COST, ROAD_COST, SETTLEMENT_COST, add_city, add_development, add_knights, add_roads, cards, in_build, make,
    put_settlement_first, set_hand,
)
from tests.game.cards.invariants import check_invariants
from tests.game.cards.test_cards_random_games import random_action


def refused(game, action) -> None:
    """The action raises IllegalAction and changes nothing."""
    before = state_digest(game)
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert state_digest(game) == before


def test_robber_raid_cuts_hands_to_seven_and_flips_fate() -> None:
    """Everyone above 7 cards (the builder too) discards down to 7; the fate card flips; others decide."""
    game = in_build(make(3))
    put_settlement_first(game, 0, "robber_raid")
    set_hand(game, 0, cards(ore=5, grain=5))        # 10 -> pays 5 -> 5 left, no discard
    set_hand(game, 1, cards(wool=9))               # owes 2
    set_hand(game, 2, cards(brick=4, lumber=4))    # owes 1
    events = game.apply(A.BuildCity(0, 0, CITY_COST))
    assert E.RobberRaid((0, 2, 1)) in events and E.FateFlipped(BLACK) in events
    assert game.state.phase == DISCARD and game.active_players() == (1, 2)
    refused(game, A.EndTurn(0))
    refused(game, A.Discard(1, cards(wool=1)))
    refused(game, A.Discard(2, cards(wool=1)))
    assert all(sum(a.cards) == 1 for a in game.legal_actions(2))
    game.apply(A.Discard(2, cards(lumber=1)))
    assert game.active_players() == (1,)
    game.apply(A.Discard(1, cards(wool=2)))
    assert game.state.phase == BUILD and game.active_players() == (0,)
    assert [sum(h) for h in game.state.hands] == [5, 7, 7]
    check_invariants(game)


def test_robber_raid_includes_the_builder() -> None:
    """Ruling Q12: the builder with more than 7 cards discards too."""
    game = in_build(make(3))
    put_settlement_first(game, 0, "robber_raid")
    set_hand(game, 0, cards(ore=7, grain=7))
    game.apply(A.BuildCity(0, 0, CITY_COST))
    assert game.state.owed == [2, 0, 0] and game.active_players() == (0,)


def test_robber_raid_without_big_hands_needs_no_decision() -> None:
    """Nobody above 7: no discard phase, but the fate card still flips (not with two players)."""
    game = in_build(make(2))
    put_settlement_first(game, 0, "robber_raid")
    set_hand(game, 0, CITY_COST)
    events = game.apply(A.BuildCity(0, 0, CITY_COST))
    assert game.state.phase == BUILD and not any(isinstance(e, E.FateFlipped) for e in events)


def test_market_day_deals_a_new_market() -> None:
    """Ruling Q6: the market goes to the discard pile and five new cards come from the draw pile."""
    game = in_build(make(3))
    put_settlement_first(game, 0, "market_day")
    set_hand(game, 0, CITY_COST)
    old = list(game.state.market)
    top = game.state.draw[-5:][::-1]
    events = game.apply(A.BuildCity(0, 0, CITY_COST))
    assert game.state.market == top and sorted(game.state.discard) == sorted(old + [2, 2, 2, 4, 4])
    assert E.MarketRenewed(tuple(top)) in events
    assert game.state.fate == WHITE
    check_invariants(game)


def test_draw_phase_draws_two_plus_a_side_knights() -> None:
    """Two cards, plus one per A-side knight (A, B, A: two more)."""
    game = in_build(make(3))
    add_knights(game, 0, 3)
    set_hand(game, 0, (0, 0, 0, 0, 0))
    top = game.state.draw[-4:]
    events = game.apply(A.EndTurn(0))
    assert sorted(top) == sorted(r for r in range(5) for _ in range(game.state.hands[0][r]))
    assert E.CardsDrawn(0, 4) in events
    assert game.state.current == 1 and game.state.phase == TRADE and game.state.turn_number == 2


def test_draw_pile_reshuffles_the_discard_pile() -> None:
    """When the draw pile runs out the discard pile is shuffled (by chance) into a new one."""
    game = in_build(make(3))
    s = game.state
    s.discard.extend(s.draw[1:])
    s.draw[:] = s.draw[:1]
    last, bottom = s.draw[0], s.discard[0]
    order = list(range(len(s.discard)))[::-1]  # reversed: the old bottom card comes out on top
    game.chance.force(order)
    hand = list(s.hands[0])
    events = game.apply(A.EndTurn(0))
    assert E.DrawPileReshuffled(len(order)) in events
    hand[last] += 1
    hand[bottom] += 1
    assert s.hands[0] == hand and s.discard == []
    assert game.log[-1].outcomes == (order,)
    check_invariants(game)


def test_empty_piles_draw_nothing() -> None:
    """Ruling Q14: with both piles empty nothing is drawn."""
    game = in_build(make(3))
    s = game.state
    s.hands[1] = [h + s.draw.count(r) for r, h in enumerate(s.hands[1])]
    s.draw.clear()
    events = game.apply(A.EndTurn(0))
    assert E.CardsDrawn(0, 0) in events
    check_invariants(game)


def test_ten_points_win_at_once_on_the_own_turn() -> None:
    """Reaching 10 by a build ends the game at once; the winner is the builder."""
    game = in_build(make(3))
    add_development(game, 0, "town_hall")   # 1 + 4
    add_city(game, 0)                       # + 2
    add_roads(game, 0, 3)                   # A B A B: + 2
    assert game.vp(0) == 9
    set_hand(game, 0, SETTLEMENT_COST)
    events = game.apply(A.BuildSettlement(0, SETTLEMENT_COST, False))
    assert E.GameWon(0, 10) in events
    assert game.is_over() and game.winner() == 0 and game.state.phase == GAME_OVER
    assert game.active_players() == () and game.legal_actions(0) == []
    refused(game, A.EndTurn(0))
    check_invariants(game)


def test_ten_points_off_turn_do_not_win() -> None:
    """A player at 10 VP wins only on their own turn: other players' actions never end the game, but the turn that
    passes to them does, at once (facts §10: the game ends as soon as the active player has 10; issue 14 item 10)."""
    game = in_build(make(3))
    add_development(game, 1, "town_hall")
    add_city(game, 1)
    add_roads(game, 1, 3)
    add_knights(game, 1, 2)                 # seat 1 now shows 10
    assert game.vp(1) == 10
    set_hand(game, 0, ROAD_COST)
    game.apply(A.BuildRoad(0, ROAD_COST))
    assert not game.is_over()
    game.apply(A.EndTurn(0))
    assert game.is_over() and game.winner() == 1 and game.state.current == 1


def test_ten_points_held_at_the_end_of_own_turn_win_instead_of_passing() -> None:
    """However the active player came to hold 10, ending the turn wins instead of passing it (issue 14 item 10)."""
    game = in_build(make(3))
    add_development(game, 0, "town_hall")
    add_city(game, 0)
    add_roads(game, 0, 3)
    add_knights(game, 0, 2)
    assert game.vp(0) == 10 and not game.is_over()
    game.apply(A.EndTurn(0))
    assert game.is_over() and game.winner() == 0 and game.state.current == 0


def test_view_hides_what_a_seat_may_not_know() -> None:
    """Own hand only, others' sizes, no settlement ids, no draw order; the market is open."""
    game = make(3)
    view = game.view(1)
    assert view.hand == tuple(game.state.hands[1])
    assert [t.hand_size for t in view.tables] == [3, 3, 3]
    assert view.market == tuple(sorted(game.state.market))
    assert view.draw_size == len(game.state.draw)
    text = repr(view)
    assert all(sid not in text for row in game.state.settlements for sid in row)
    assert all(sid not in text for sid in game.state.settlement_supply)
    assert view.tables[0].roads == ((game.state.roads[0][0], "A"),)
    assert game.view(-1).hand is None


def test_codec_round_trip_of_every_action() -> None:
    """Every action kind survives JSON."""
    from game.cards.actions import cards_codec

    codec = cards_codec()
    game = make(4)
    import random as _random

    rng = _random.Random(3)
    seen = set()
    for _ in range(400):
        action = random_action(game, rng)
        data = json.loads(json.dumps(action.to_json()))
        assert codec.from_json(data) == action
        seen.add(action.kind)
    assert seen == set(codec.kinds)


def test_events_are_keys_and_params() -> None:
    """Events carry a kind and JSON-ready parameters, never sentences."""
    game, _ = run_game("catan-cards", 3, 5, ["random"])
    assert game.is_over()
    replay = make(3, seed=5)
    for entry in game.log:
        replay.chance.force(*entry.outcomes)
        for event in replay.apply(entry.action):
            data = json.loads(json.dumps(event.to_json()))
            assert data["kind"].startswith("cards_")
            assert all(not isinstance(v, str) or " " not in v for v in data.values())


def test_cli_simulate_bench_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """simulate, bench and replay run for catan-cards."""
    assert main(["simulate", "--variant", "catan-cards", "--players", "4", "--games", "5", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["unfinished"] == 0 and sum(summary["wins_per_seat"]) == 5
    assert main(["bench", "--variant", "catan-cards", "--players", "4", "--games", "3", "--runs", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games_per_second"] > 0
    game, _ = run_game("catan-cards", 5, 9, ["random"])
    path = tmp_path / "cards.json"
    save_game(game, path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "catan-cards" in out and "winner: seat" in out
    data = game_to_json(game)
    data["log"][3]["action"]["kind"] = "build_road" if data["log"][3]["action"]["kind"] != "build_road" else "end_turn"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
