"""The win-chance bar at the table: when it shows, that it renders for every family, that its worker never holds up
a frame, and that its figures add up to 100 %."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.core.registry import get_variant
from gui.table.win_bar import ChanceRequest, chance_request, normalized, percentages

FAMILIES = (("catan-base", 4), ("rivals-intro", 2), ("catan-cards", 4))


def _table(make_app: Callable[..., Any], variant_id: str, players: int, humans: int = 0,
           size: tuple[int, int] = (1280, 720), lang: str = "en", win_bar: bool = False) -> Any:
    """The app's table for a new game whose first `humans` seats are people, the others Normal AIs."""
    variant = get_variant(variant_id)
    controllers = ["human"] * humans + ["normal"] * (players - humans)
    game = variant.new_game(variant.default_seats(players, controllers), 5, {})
    app = make_app(size, lang)
    app.settings.win_bar = win_bar
    app.start_game(game, tour=False)
    return app.top


def _pump(table: Any, until: Callable[[], bool], timeout: float = 20.0) -> None:
    """Feed the bar frames (without moving the game) until the condition holds."""
    end = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < end, "the bar got no estimate in time"
        table.win_bar.update(1 / 60)
        time.sleep(0.005)


def _apply_one(table: Any) -> None:
    """Let the game move on by one legal action of the seat to act."""
    game = table.game
    player = game.active_players()[0]
    table.session.apply(game.legal_actions(player)[0])


@pytest.mark.parametrize("values", [(1 / 3, 1 / 3, 1 / 3), (0.995, 0.005), (0.125,) * 8, (0.0, 0.0, 0.0),
                                    (0.2449, 0.2449, 0.2551, 0.2551), (3.0, 1.0), (0.4, 0.3, 0.2, 0.1)])
def test_the_figures_sum_to_100(values: tuple[float, ...]) -> None:
    shown = percentages(values)
    assert sum(shown) == 100
    for figure, share in zip(shown, normalized(values)):
        assert abs(figure - 100 * share) < 1


def test_watch_mode_asks_each_seat_for_its_own_figure_and_a_human_table_its_view(make_app: Callable[..., Any]) -> None:
    table = _table(make_app, "catan-base", 4)
    request = chance_request(table.game, table.session, 1)
    assert request.own_seat_only and [seat for seat, _ in request.views] == [0, 1, 2, 3]
    table = _table(make_app, "catan-base", 4, humans=2, win_bar=True)
    request = chance_request(table.game, table.session, 1)
    assert not request.own_seat_only and [seat for seat, _ in request.views] == [0]


def test_at_a_table_of_several_people_the_bar_reads_the_view_on_screen(make_app: Callable[..., Any]) -> None:
    """With two people at one table the bar reads the view the table shows: once the device is passed to the
    second person, the bar asks again from that person's view (never from the other's hidden hand)."""
    from gui.table.win_bar import reading_seat

    table = _table(make_app, "catan-base", 4, humans=2, win_bar=True)
    table.win_bar.estimator = lambda request: tuple(1.0 if q == request.views[0][0] else 0.0
                                                    for q in range(request.seats))
    _pump(table, lambda: table.win_bar.target is not None)
    assert reading_seat(table.session) == 0 and table.win_bar.target[0] == 1.0
    table.session.viewer = 1
    _pump(table, lambda: table.win_bar.target is not None and table.win_bar.target[1] == 1.0)
    request = chance_request(table.game, table.session, 9)
    assert [seat for seat, _ in request.views] == [1]
    table.session.viewer = 3  # an AI seat: the bar keeps to a person's view
    assert reading_seat(table.session) == 0


@pytest.mark.parametrize(("variant_id", "players"), FAMILIES)
def test_on_when_watching_off_with_a_human_unless_the_setting_is_on(make_app: Callable[..., Any], variant_id: str,
                                                                      players: int) -> None:
    watch = _table(make_app, variant_id, players)
    assert watch.session.all_ai and watch.win_bar.enabled and watch.win_bar.rect.w > 0
    assert not watch.win_bar.rect.colliderect(watch.lay.log)
    human = _table(make_app, variant_id, players, humans=1)
    assert not human.win_bar.enabled and human.win_bar.rect.w == 0
    log_before = pygame.Rect(human.lay.log)
    human.app.settings.win_bar = True
    human.update(1 / 60)  # the table follows the setting at its next frame
    assert human.win_bar.enabled and human.win_bar.rect.w > 0
    assert human.lay.log.h < log_before.h and not human.win_bar.rect.colliderect(human.lay.log)
    human.app.settings.win_bar = False
    human.update(1 / 60)
    assert not human.win_bar.enabled and human.lay.log == log_before


@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize(("variant_id", "players"), FAMILIES)
def test_renders_headless_with_real_figures(make_app: Callable[..., Any], variant_id: str, players: int,
                                            lang: str) -> None:
    table = _table(make_app, variant_id, players, lang=lang)
    bar = table.win_bar
    _pump(table, lambda: bar.shown is not None)
    surface = table.app.screen
    table.draw(surface)
    assert sum(bar.shown_percentages()) == 100
    assert len(bar.shown_percentages()) == players
    # every seat's colour appears along the bar's middle row (each seat with a share of a pixel or more)
    row = bar.rect.y + bar.height(bar.scale, bar.font) // 2
    seen = {tuple(surface.get_at((x, row)))[:3] for x in range(bar.rect.x, bar.rect.right)}
    widths = [b - a for a, b in zip((0,) + bar._edges(bar.rect.w), bar._edges(bar.rect.w))]
    for p in range(players):
        if widths[p] >= 3:
            assert table.player_color(p) in seen, p
    table.on_exit()


def test_the_worker_never_holds_up_a_frame(make_app: Callable[..., Any]) -> None:
    table = _table(make_app, "catan-base", 4)
    bar = table.win_bar
    release = threading.Event()
    asked: list[int] = []
    n = table.game.num_players

    def slow(request: ChanceRequest) -> tuple[float, ...]:
        asked.append(request.key)
        if len(asked) == 1:
            return tuple([0.7] + [0.1] * (n - 1))
        release.wait(30)
        return tuple([0.1] * (n - 1) + [0.7])

    bar.estimator = slow
    _pump(table, lambda: bar.shown is not None)
    first = bar.shown
    _apply_one(table)
    begin = time.perf_counter()
    for _ in range(5):  # frames while the estimate of the new position is stuck
        bar.update(1 / 60)
        table.draw(table.app.screen)
    assert time.perf_counter() - begin < 1.0
    assert bar.shown == first
    for _ in range(3):  # more positions while the worker is busy: only the newest waits
        _apply_one(table)
        bar.update(1 / 60)
    newest = bar.asked_key
    release.set()
    _pump(table, lambda: bar.target_key == newest)
    assert asked[-1] == newest and len(asked) <= 3
    assert bar.target is not None and bar.target[-1] == pytest.approx(0.7)
    for _ in range(240):  # eased, not jumped: the figures move over frames to the new estimate
        bar.update(1 / 60)
    assert bar.shown == bar.target
    table.on_exit()


def test_the_bar_eases_towards_a_new_estimate(make_app: Callable[..., Any]) -> None:
    table = _table(make_app, "catan-cards", 4)
    bar = table.win_bar
    bar._receive(1, (0.25, 0.25, 0.25, 0.25))
    bar._receive(2, (1.0, 0.0, 0.0, 0.0))
    bar.update(1 / 60)
    assert bar.shown is not None and 0.25 < bar.shown[0] < 1.0
    assert sum(bar.shown) == pytest.approx(1.0)


def test_leaving_the_table_stops_the_worker(make_app: Callable[..., Any]) -> None:
    table = _table(make_app, "catan-cards", 4)
    bar = table.win_bar
    _pump(table, lambda: bar.shown is not None)
    worker = bar._worker
    assert worker is not None and worker.alive
    table.on_exit()
    end = time.monotonic() + 10
    while worker.alive and time.monotonic() < end:
        time.sleep(0.01)
    assert not worker.alive


def test_the_setting_is_stored_and_checked() -> None:
    from gui.settings import Settings

    assert Settings().win_bar is False
    assert Settings.from_json({"win_bar": True}).win_bar is True
    with pytest.raises(ValueError):
        Settings.from_json({"win_bar": "yes"})


def test_the_settings_screen_switches_it(make_app: Callable[..., Any]) -> None:
    from gui.settings_scene import SettingsScene

    app = make_app((1280, 720), "cs")
    scene = SettingsScene(app)
    assert not scene.win_bar.value
    scene._set_win_bar(True)
    assert app.settings.win_bar is True
    scene.draw(app.screen)
    rects = [rect for _, _, rect in scene.rows]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
