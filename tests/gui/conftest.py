"""Headless pygame for the GUI tests, and an App factory with temporary config, cache and save folders."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

SIZES = ((1280, 720), (1600, 900), (1920, 1080))
LANGS = ("cs", "en")


@pytest.fixture(scope="session")
def art_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One temporary cache folder per test session (rendered art is reused between tests)."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture
def make_app(tmp_path: Path, art_cache_dir: Path) -> Iterator[Callable[..., Any]]:
    """Build Apps with temporary config and save folders; they are shut down after the test."""
    from gui.app import App

    apps: list[Any] = []

    def factory(size: tuple[int, int] = (1280, 720), lang: str = "en", **kwargs: Any) -> Any:
        kwargs.setdefault("config_dir", tmp_path / "config")
        kwargs.setdefault("cache_dir", art_cache_dir)
        kwargs.setdefault("save_dir", tmp_path / "saves")
        app = App(size, lang=lang, **kwargs)
        apps.append(app)
        return app

    yield factory
    for app in apps:
        while app.stack:
            app.stack.pop().on_exit()
    pygame.display.quit()


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    """A mouse press and release at pos."""
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def key(k: int, mod: int = 0) -> pygame.event.Event:
    """A key press."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def typed(text: str) -> pygame.event.Event:
    """Typed text (what the keyboard sends to a focused text field)."""
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def finished_game(seed: int = 3, board: str = "beginner", bot: str = "random") -> Any:
    """A game of catan-base played to its end by bots."""
    import random

    from game.ai.registry import make_bot
    from game.core.registry import get_variant
    from game.sim import play_out

    variant = get_variant("catan-base")
    game = variant.new_game(variant.default_seats(4), seed, {"board": board})
    play_out(game, [make_bot(bot, "catan") for _ in range(4)], random.Random(seed))
    assert game.is_over()
    return game


def running_game(seed: int = 3, actions: int = 150) -> Any:
    """A game of catan-base part-way through."""
    import random

    from game.ai.registry import make_bot
    from game.core.registry import get_variant
    from game.sim import play_out

    variant = get_variant("catan-base")
    game = variant.new_game(variant.default_seats(4), seed, {"board": "variable"})
    play_out(game, [make_bot("random", "catan") for _ in range(4)], random.Random(seed), max_actions=actions)
    return game
