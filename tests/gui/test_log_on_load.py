"""Loading a game (Continue or Load) rebuilds the table's log from the replayed actions: the same lines as before."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from game.ai.registry import make_bot
from game.core.log_events import replayed_events
from game.core.registry import get_variant
from game.core.saves import load_game, save_game

CASES = (("catan-base", 4, 160), ("catan-2p", 2, 120), ("rivals-intro", 2, 160), ("catan-cards", 3, 120))


def play_at_table(app: Any, variant_id: str, players: int, actions: int) -> Any:
    """Open a table for a new game (seat 0 human, the rest AIs) and play bot-chosen actions through its session."""
    variant = get_variant(variant_id)
    seats = variant.default_seats(players, ["human"] + ["normal"] * (players - 1))
    game = variant.new_game(seats, 5)
    app.start_game(game)
    scene = app.top
    bot = make_bot("random", variant.family)
    rng = random.Random(5)
    for _ in range(actions):
        if game.is_over():
            break
        player = game.active_players()[0]
        scene.session.apply(bot.choose(game.view(player), game.legal_actions(player), rng))
    return scene


def lines(scene: Any) -> list[tuple[str, Any, bool]]:
    return [(e.text, e.color, e.dim) for e in scene.log.entries]


@pytest.mark.parametrize(("variant_id", "players", "actions"), CASES)
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_log_after_load_equals_log_before_saving(make_app: Any, tmp_path: Path, variant_id: str, players: int,
                                                 actions: int, lang: str) -> None:
    app = make_app(lang=lang)
    scene = play_at_table(app, variant_id, players, actions)
    before = lines(scene)
    assert len(before) > 20
    path = tmp_path / "game.json"
    save_game(scene.game, path)
    app.start_game(load_game(path))
    after = lines(app.top)
    assert after == before
    assert not any("resumed" in text or "obnovena" in text for text, _, _ in after)


def test_replayed_events_leave_the_game_alone() -> None:
    variant = get_variant("rivals-intro")
    game = variant.new_game(variant.default_seats(2), 9)
    bot = make_bot("random", "rivals")
    rng = random.Random(9)
    applied = []
    for _ in range(60):
        player = game.active_players()[0]
        action = bot.choose(game.view(player), game.legal_actions(player), rng)
        applied.append((action, game.apply(action)))
    state = game.state_json()
    initial, steps = replayed_events(game)
    assert game.state_json() == state and len(game.log) == 60
    assert [k for k, _ in steps] == [a for a, _ in applied]
    assert [ev for _, ev in steps] == [ev for _, ev in applied]
    assert initial == list(game.initial_events)


def test_a_domestic_trade_is_one_line_with_its_outcome() -> None:
    """An offer, its answers and counter-offers make no lines of their own: the offer's end writes one."""
    from game.catan import events as E
    from gui.catan.narrator import EventNarrator
    from gui.i18n import Translator

    t = Translator("en").t
    names = ["Red", "Blue", "White"]
    narrator = EventNarrator(t, lambda p: names[p], lambda p: (p, p, p), lambda h: ("forest", 6))
    offer = E.TradeOffered(1, (1, 0, 0, 0, 0), (0, 0, 0, 1, 0), (0, 2))
    assert narrator.describe(offer) == [] and narrator.describe(E.TradeAnswered(0, "decline")) == []
    assert narrator.describe(E.TradeOffered(2, (0, 0, 0, 1, 0), (2, 0, 0, 0, 0), (1,))) == []  # a counter
    [line] = narrator.describe(E.TradeClosed(1, "declined"))
    assert line.text == "Blue offered 1× lumber for 1× brick: nobody accepted"
    narrator.describe(offer)
    narrator.describe(E.TradeAnswered(0, "accept"))
    [done] = narrator.describe(E.TradeDone(1, 0, (1, 0, 0, 0, 0), (0, 0, 0, 1, 0)))
    assert "Blue" in done.text and "Red" in done.text
    narrator.describe(offer)
    [withdrawn] = narrator.describe(E.TradeClosed(1, "cancelled"))
    assert withdrawn.text == "Blue offered 1× lumber for 1× brick and withdrew the offer"


def test_the_catan_log_filters_builds_and_trades_or_dice_and_production(tmp_path: Path) -> None:
    """A click on the log's title (or L) cycles all lines, builds and trades, dice and production."""
    import pygame

    from gui.catan.scene import CatanTableScene
    from gui.table.log_view import LogEntry
    from tests.gui.table_fixtures import catan_game, make_app

    app = make_app((1280, 720), "en", tmp_path)
    scene = CatanTableScene(app, catan_game(["human", "normal", "normal"], seed=2))
    app.push(scene)
    app.step([], 0.016)
    log = scene.log
    log.add([LogEntry("rolled", topic="dice"), LogEntry("built", topic="builds"), LogEntry("turn")])
    assert log.filters == ("all", "builds", "dice") and len(log.shown()) == len(log.entries)
    scene._mouse_down(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=log.header.center, button=1))
    assert log.filter == "builds" and [e.text for e in log.shown()][-1:] == ["built"]
    assert all(e.topic == "builds" for e in log.shown())
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
    assert log.filter == "dice" and all(e.topic == "dice" for e in log.shown())
    app.step([], 0.016)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
    assert log.filter == "all"


@pytest.mark.parametrize(("variant_id", "players", "filters", "topics"), [
    ("rivals-gold", 2, ("all", "builds", "dice"), {"dice_rolled": "dice", "card_built": "builds"}),
    ("catan-cards", 3, ("all", "builds", "draws"), {"cards_drawn": "draws", "cards_settlement_built": "builds"}),
])
def test_rivals_and_card_game_logs_filter_by_topic(make_app: Any, variant_id: str, players: int,
                                                   filters: tuple[str, ...], topics: dict[str, str]) -> None:
    """Rivals offers builds and trades, dice and production; the card game (no dice) builds and trades, draws and
    events; a played game's lines carry those topics, and each filter shows only its own."""
    import pygame

    app = make_app(lang="cs")
    scene = play_at_table(app, variant_id, players, 400)
    log = scene.log
    assert log.filters == filters
    setup, steps = replayed_events(scene.game)
    events = setup + [e for _, evs in steps for e in evs]
    for kind, topic in topics.items():
        entries = [entry for e in events if e.kind == kind for entry in scene.narrator.describe(e)]
        assert entries and all(entry.topic == topic for entry in entries), kind
    for expected in filters[1:]:
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
        assert log.filter == expected
        shown = log.shown()
        assert shown and len(shown) < len(log.entries) and all(e.topic == expected for e in shown)
    label = app.t(f"table.log.filter.{filters[2]}")
    app.step([], 0.016)
    scene.dialog = None
    scene.hover_pos = log.header.center
    assert label != f"table.log.filter.{filters[2]}" and label in (scene._tooltip() or "")
