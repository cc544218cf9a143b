"""The legal actions offered to a player reveal nothing that player's view hides (issue 14 item 12): a world that
agrees with the view but differs in hidden information (another determinization) offers the same list."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai.random_bot import RandomBot
from game.cards import actions as CA
from game.core.registry import new_game
from tests.game.cards.helpers import add_development, add_roads, cards, make, set_hand

FAMILIES = [("catan", "catan-base", 4), ("rivals", "rivals-intro", 2), ("cards", "catan-cards", 4)]


def determinizer(family: str) -> Any:
    """The family's determinize(view, rng)."""
    if family == "catan":
        from game.catan.determinize import determinize
    elif family == "rivals":
        from game.rivals.determinize import determinize
    else:
        from game.cards.determinize import determinize
    return determinize


def same_offer(game: Any, player: int, determinize: Any, rng: random.Random, worlds: int = 3) -> None:
    """Every sampled world consistent with the player's view offers exactly the player's legal actions."""
    offered = sorted(map(repr, game.legal_actions(player)))
    for _ in range(worlds):
        world = determinize(game.view(player), rng)
        assert sorted(map(repr, world.legal_actions(player))) == offered


@pytest.mark.parametrize("family, variant, players", FAMILIES)
def test_legal_actions_depend_only_on_the_view(family: str, variant: str, players: int) -> None:
    """Along random games, at every tenth decision, hidden cards redealt never change the actor's offer."""
    determinize = determinizer(family)
    for seed in range(2):
        game = new_game(variant, players, seed=seed)
        bot, rng = RandomBot(), random.Random(seed)
        for step in range(400):
            if game.is_over():
                break
            player = game.active_players()[0]
            if step % 10 == 0:
                same_offer(game, player, determinize, rng)
            game.apply(bot.choose(None, game.legal_actions(player), rng))


def test_library_owner_sees_no_hand_before_choosing_and_only_the_chosen_one_after() -> None:
    """The case that leaked: a Library owner in the exchange phase, before and after looking into one hand."""
    from game.cards.determinize import determinize

    game = make(4)
    add_roads(game, 0, 2)
    add_development(game, 0, "library")
    set_hand(game, 1, cards(ore=2, grain=1))
    set_hand(game, 2, cards(wool=1, brick=2))
    set_hand(game, 3, cards(lumber=3))
    rng = random.Random(7)
    same_offer(game, 0, determinize, rng, worlds=8)
    game.apply(CA.LookAtHand(0, 2))
    same_offer(game, 0, determinize, rng, worlds=8)
    assert {a.resource for a in game.legal_actions(0)} == {r for r, c in enumerate(cards(wool=1, brick=2)) if c}
