"""The speed-ups of the core and the Catan rules give exactly what the plain computations give."""

from __future__ import annotations

import random

import pytest

from game.ai.registry import make_bot
from game.core.chance import Chance
from game.core.errors import IllegalAction
from game.core.game import LogEntry
from game.core.registry import get_variant


@pytest.mark.parametrize("forced", [(), (4,), (2, 6), (3, 5, 1)])
def test_two_dice_draw_and_record_as_two_single_dice(forced: tuple[int, ...]) -> None:
    """dice() returns, records and leaves the generator as die() twice would, forced outcomes included."""
    pair, single = Chance(11), Chance(11)
    pair.force(*forced)
    single.force(*forced)
    assert pair.dice() == (single.die(), single.die())
    assert pair.take_record() == single.take_record()
    assert pair.pending_forced == single.pending_forced
    assert [pair.die() for _ in range(5)] == [single.die() for _ in range(5)]


def test_two_dice_of_a_clone_leave_the_parent_alone() -> None:
    """A clone shares its parent's generator until it draws: its dice must not advance the parent."""
    parent = Chance(3)
    expected = Chance(3)
    clone = parent.clone()
    clone.dice()
    assert parent.dice() == expected.dice()


def test_a_bad_forced_die_is_refused_by_the_two_dice_too() -> None:
    """A forced value that is no die is refused (a damaged save), as die() refuses it."""
    chance = Chance(5)
    chance.force(7)
    with pytest.raises(IllegalAction):
        chance.dice()


def test_applied_actions_are_logged_with_their_outcomes_and_barriers() -> None:
    """Each log entry is a LogEntry holding the action and exactly the chance it drew; the undo floor
    rises at a chance draw or an action that cannot be taken back."""
    variant = get_variant("catan-base")
    game = variant.new_game(variant.default_seats(4), 9)
    bot = make_bot("random", variant.family)
    rng = random.Random(9)
    for _ in range(400):
        player = game.active_players()[0]
        action = bot.choose(None, game.legal_actions(player), rng)
        floor = game.undo_floor
        game.apply(action)
        entry = game.log[-1]
        assert type(entry) is LogEntry and entry.action is action and isinstance(entry.outcomes, tuple)
        if action.kind == "roll":
            assert entry.outcomes == game.state.last_roll  # type: ignore[attr-defined]
        elif entry.outcomes:
            assert action.kind == "move_robber" and len(entry.outcomes) == 1  # the stolen card
        if entry.outcomes or action.kind not in variant.undoable_kinds:
            assert game.undo_floor == len(game.log)
        else:
            assert game.undo_floor in (floor, len(game.log))


@pytest.mark.parametrize("variant_id", ["catan-base", "catan-2p"])
def test_cached_listings_equal_a_listing_with_every_cache_thrown_away(variant_id: str) -> None:
    """After rolls, robber moves, discards and two-player turns, the listing built from the state's caches is
    the one a copy lists with its caches emptied."""
    variant = get_variant(variant_id)
    checked = 0
    for seed in range(4):
        game = variant.new_game(variant.default_seats(variant.max_players), seed)
        bot = make_bot("random", variant.family)
        rng = random.Random(seed)
        while not game.is_over() and len(game.log) < 3000:
            player = game.active_players()[0]
            legal = game.legal_actions(player)
            if len(game.log) % 7 == 0 or game.state.phase in ("move_robber", "discard"):  # type: ignore[attr-defined]
                fresh = game.clone()
                fresh.state.derived = {}  # type: ignore[attr-defined]
                assert fresh.legal_actions(player) == legal
                checked += 1
            game.apply(bot.choose(None, legal, rng))
    assert checked > 100
