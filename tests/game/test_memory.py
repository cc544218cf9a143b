"""Long runs keep their memory bounded (issue 37 item 7): the caches of big entries are capped, and the longrun
measurement (`python -m game bench --longrun N`) reports its figures; no timing is asserted."""

from __future__ import annotations

import itertools
import json

from game.catan import robber
from game.catan.action_table import _action_table
from game.cards import choices as card_choices
from game.cards import payment as card_payment
from game.core.actions import SHARED_ACTIONS_PER_CLASS
from game.longrun import longrun
from game.rivals import actions as RA


def test_large_discards_are_not_cached_and_the_cache_stays_bounded() -> None:
    """Thousands of distinct hands: the small-discard caches never pass their size, a large discard (thousands
    of choices) is never kept, and cached and uncached answers are the same."""
    for hand in itertools.islice(itertools.product(range(9), repeat=5), 3000):
        owed = sum(hand) // 2
        if sum(hand) > 7:
            robber.discard_actions(0, hand, owed)
    for cache in (robber._small_discard_actions, robber._small_discard_choices):
        info = cache.cache_info()
        assert info.maxsize == robber.DISCARD_CACHE_SIZE and info.currsize <= info.maxsize
    big = (9, 9, 9, 9, 9)
    before = robber._small_discard_choices.cache_info().currsize
    choices = robber.discard_choices(big, 22)
    assert len(choices) > 1000 and robber._small_discard_choices.cache_info().currsize == before
    assert [a.cards for a in robber.discard_actions(1, big, 22)] == list(choices)
    small = (3, 2, 2, 1, 1)
    assert robber.discard_choices(small, 4) == robber._discard_choices(small, 4)
    assert all(sum(c) == 4 and all(k <= h for k, h in zip(c, small)) for c in robber.discard_choices(small, 4))
    assert not hasattr(_action_table(0), "discards")  # no per-player table of every discard seen


def test_the_caches_of_large_entries_have_small_bounds() -> None:
    """The card game's priced builds and payments, and every shared action constructor, are capped (a few MB in all;
    the priced builds keep 16,384 hands, below which the listing slows by a fifth)."""
    assert card_choices._priced.cache_info().maxsize <= 1 << 14
    assert card_payment.build_payments.cache_info().maxsize <= 1 << 12
    assert card_payment._covers.cache_info().maxsize <= 1 << 12
    assert SHARED_ACTIONS_PER_CLASS <= 1024 and RA.trade.cache_info().maxsize == SHARED_ACTIONS_PER_CLASS
    for hand in itertools.islice(itertools.product(range(7), repeat=5), 5000):
        card_choices._priced(0, hand, True, True)
    info = card_choices._priced.cache_info()
    assert info.currsize <= info.maxsize


def test_longrun_reports_growth_per_game(capsys) -> None:
    """The measurement plays round robin and reports held memory before, after the warm-up and at the end."""
    growth = longrun(2, ["catan-cards", "rivals-intro"], warmup_games=2)
    assert growth.games == 4 and growth.warmup_games == 2 and growth.warmup_rounds == 1
    assert growth.end_bytes > growth.start_bytes and growth.per_game_after_warmup is not None
    from game.cli import main

    assert main(["bench", "--longrun", "1", "--warmup", "0", "--longrun-variants", "catan-cards", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 1 and data["variants"] == ["catan-cards"] and data["bytes_per_game_after_warmup"] > 0
