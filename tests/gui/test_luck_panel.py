"""The luck meter on the end screens: Catan (base and two-player) and Rivals render headless in Czech and English with
each seat's production expected against received, in the language's decimal mark, and their losses."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.ai.registry import make_bot
from game.core.game import Game
from game.core.registry import get_variant
from game.sim import play_out

GAMES = [("catan-base", 4, 3), ("catan-2p", 2, 4), ("rivals-intro", 2, 5)]


def _finished(variant_id: str, players: int, seed: int) -> Game:
    variant = get_variant(variant_id)
    game = variant.new_game(variant.default_seats(players), seed, {})
    play_out(game, [make_bot("normal", variant.family) for _ in range(players)], random.Random(seed))
    assert game.is_over()
    return game


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    """One finished game per variant (shared by the languages and sizes)."""
    return {variant_id: _finished(variant_id, players, seed) for variant_id, players, seed in GAMES}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("variant_id", [g[0] for g in GAMES])
def test_the_end_screen_shows_the_luck_meter(make_app: Any, games: dict[str, Game], monkeypatch: pytest.MonkeyPatch,
                                             variant_id: str, lang: str, size: tuple[int, int]) -> None:
    import gui.end_game
    import gui.luck_panel
    import gui.rivals.end

    drawn: list[str] = []
    for module in (gui.end_game, gui.luck_panel, gui.rivals.end):
        original = module.blit_text

        def recording(surface: pygame.Surface, text: str, *args: Any, _original: Any = original,
                      **kwargs: Any) -> pygame.Rect:
            drawn.append(text)
            return _original(surface, text, *args, **kwargs)

        monkeypatch.setattr(module, "blit_text", recording)
    game = games[variant_id]
    app = make_app(size, lang)
    app.show_end_of_game(game)
    scene = app.top
    assert scene.luck is not None and len(scene.luck.seats) == game.num_players
    app.step([], 1 / 60)
    app.draw(app.screen)
    tr = app.translator
    mark = "," if lang == "cs" else "."
    key = "luck.production_cell" if game.variant.family == "catan" else "luck.production_line"
    for seat in scene.luck.seats:
        text = tr.t(key, expected=tr.number(seat.expected, 1), received=seat.received)
        assert mark in text and text in drawn
        if game.variant.family == "catan":
            assert tr.t("luck.losses_cell", robbed=seat.robbed, discarded=seat.discarded) in drawn
    assert any(text.startswith(tr.t("luck.note")[:12]) for text in drawn)
    assert pygame.transform.average_color(app.screen)[:3] != (0, 0, 0)


def test_the_card_game_end_screen_has_no_luck_meter() -> None:
    from gui.luck_panel import luck_of

    variant = get_variant("catan-cards")
    assert luck_of(variant.new_game(variant.default_seats(3), 1, {})) is None
