"""Issue 14 loose ends in the Catan rules: a knight's steal may be declined, and the target held on one's own turn
always wins, however the position was reached."""

from __future__ import annotations

import random

import pytest

from game.ai.registry import make_bot
from game.catan import actions as A
from game.catan.constants import KNIGHT, VICTORY_POINT
from game.catan.events import GameWon
from game.core.errors import IllegalAction
from game.core.saves import state_digest
from tests.game.catan_scenarios import Scenario


def refused(game, action, match: str = "") -> None:
    """The action raises IllegalAction and leaves the state untouched."""
    before = state_digest(game)
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)
    assert state_digest(game) == before


def knight_scenario() -> Scenario:
    """Blue (1) with cards borders hex 4; red (0) holds a knight before the roll."""
    sc = Scenario()
    sc.give_dev(0, KNIGHT)
    sc.settle(1, sc.at(3, 4, 8))
    sc.give(1, wool=2)
    return sc


def test_knight_steal_may_be_declined() -> None:
    """After a knight the player may rob nobody even where a victim stands (002 l.401, 003 l.822)."""
    sc = knight_scenario()
    g = sc.game
    g.apply(A.PlayKnight(0))
    legal = g.legal_actions(0)
    assert A.MoveRobber(0, 4, None) in legal and A.MoveRobber(0, 4, 1) in legal
    g.apply(A.MoveRobber(0, 4, None))
    assert g.state.robber == 4 and sc.hand(1) == {"wool": 2} and sc.hand(0) == {}
    assert g.state.phase == "roll" and g.state.robber_cause is None


def test_seven_steal_stays_compulsory() -> None:
    """After a seven the roller must rob a player on the hex when there is one."""
    sc = knight_scenario()
    g = sc.game
    g.chance.force(3, 4)
    g.apply(A.Roll(0))
    assert g.state.robber_cause == "seven"
    refused(g, A.MoveRobber(0, 4, None), "victim")
    assert A.MoveRobber(0, 4, None) not in g.legal_actions(0)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_keep_stealing_after_a_knight(level: str) -> None:
    """Offered the choice, the bots still rob the player on the hex they pick."""
    for seed in range(12):
        sc = knight_scenario()
        g = sc.game
        g.apply(A.PlayKnight(0))
        legal = g.legal_actions(0)
        action = make_bot(level, "catan").choose(g.view(0), legal, random.Random(seed))
        assert isinstance(action, A.MoveRobber) and action in legal
        assert action.victim is not None or not g.robber_victims(0, action.hex)


def ten_points_for(sc: Scenario, player: int) -> None:
    """Four cities, a settlement and a VP card: 10 points, the settlement's placement aside."""
    for hexes in ((0, 1, 4), (2, 5, 6), (14, 15, 18), (12, 13, 16)):
        sc.settle(player, sc.at(*hexes), city=True)
    sc.settle(player, sc.at(7, 8, 12))
    sc.give_dev(player, VICTORY_POINT)
    assert sc.game.total_vp(player) == 10


def test_target_held_at_the_roll_wins_at_the_roll() -> None:
    """A turn that begins with the turn player on 10 (reached by a path the checks did not see) ends at the roll."""
    sc = Scenario()
    g = sc.game
    ten_points_for(sc, 0)
    sc.roll_phase(0)
    assert not g.is_over()
    g.chance.force(2, 3)
    events = g.apply(A.Roll(0))
    assert g.is_over() and g.winner() == 0 and g.legal_actions(0) == []
    assert any(isinstance(e, GameWon) and e.player == 0 for e in events)


def test_target_held_at_the_end_of_turn_never_passes_the_turn() -> None:
    """Ending a turn with the target in hand wins instead of passing the turn."""
    sc = Scenario()
    g = sc.game
    ten_points_for(sc, 0)
    sc.main_phase(0)
    events = g.apply(A.EndTurn(0))
    assert g.is_over() and g.winner() == 0 and g.state.current == 0
    assert [type(e).__name__ for e in events] == ["GameWon"]


def test_two_player_variant_has_no_hole_either() -> None:
    """The two-player game ends the same way at the end of a turn."""
    sc = Scenario(players=2, variant="catan-2p")
    g = sc.game
    ten_points_for(sc, 1)
    sc.main_phase(1)
    g.apply(A.EndTurn(1))
    assert g.is_over() and g.winner() == 1
