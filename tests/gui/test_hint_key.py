"""Key H at the table: Hard's suggestion for the human on move, worked out in the background and shown in one line
in the player's language, counted in the game's assists; nothing in watch mode."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.core.assists import hints_used
from game.core.registry import get_variant


def _table(make_app: Callable[..., Any], variant_id: str, players: int, humans: int, lang: str) -> Any:
    variant = get_variant(variant_id)
    controllers = ["human"] * humans + ["normal"] * (players - humans)
    game = variant.new_game(variant.default_seats(players, controllers), 6, {})
    app = make_app((1280, 720), lang)
    app.settings.think_seconds = 0.5
    app.start_game(game, tour=False)
    return app.top


def _press_h(table: Any) -> None:
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))


@pytest.mark.parametrize("variant,players,lang", [("catan-base", 4, "cs"), ("rivals-intro", 2, "en"),
                                                  ("catan-cards", 3, "en")])
def test_h_shows_what_hard_would_do_and_counts_it(make_app: Callable[..., Any], variant: str, players: int,
                                                  lang: str) -> None:
    table = _table(make_app, variant, players, 1, lang)
    end = time.monotonic() + 30
    while table.session.human_actor() is None:  # let the AIs move until the person is on
        assert time.monotonic() < end
        table.update(1 / 30)
        time.sleep(0.01)
    seat = table.session.human_actor()
    _press_h(table)
    assert table.hint_job is not None
    while table.hint_job is not None:
        assert time.monotonic() < end, "the hint never came"
        table.update(1 / 60)  # the table never waits for it
        time.sleep(0.01)
    assert hints_used(table.game, seat) == 1
    shown = table.notice.text
    assert ("Těžký počítač by" in shown) if lang == "cs" else ("Hard would" in shown)


def test_no_hint_in_watch_mode(make_app: Callable[..., Any]) -> None:
    table = _table(make_app, "catan-base", 4, 0, "en")
    _press_h(table)
    assert table.hint_job is None
