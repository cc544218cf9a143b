"""Helpers for the table tests: an app (the real App when importable, else a small fake), games, input events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame

from game.core.registry import get_variant
from game.core.seats import Seat

#: Rendered art is kept between test runs here (the art cache is keyed by renderer version).
ART_DIR = Path(tempfile.gettempdir()) / "catan-table-test-art"


class FakeApp:
    """The App contract in small: translator, settings, art, save paths, a scene stack and step()."""

    def __init__(self, size: tuple[int, int], lang: str, root: Path) -> None:
        from gui.art import ArtCache
        from gui.i18n import Translator

        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size)
        self.translator = Translator(lang)
        self.settings = SimpleNamespace(lang=lang, animation_speed=1.0, ai_speed=1.0, fullscreen=False)
        self.art = ArtCache(ART_DIR, lang)
        self.save_dir = root / "saves"
        self.stack: list[Any] = []
        self.ended: list[Any] = []
        self.messages: list[tuple[str, dict[str, Any]]] = []

    @property
    def autosave_path(self) -> Path:
        """Where the table autosaves."""
        return self.save_dir / "autosave.json"

    @property
    def size(self) -> tuple[int, int]:
        """The window size."""
        return self.screen.get_size()

    def t(self, key: str, **params: Any) -> str:
        """Translate."""
        return self.translator.t(key, **params)

    def push(self, scene: Any) -> None:
        """Put a scene on top."""
        self.stack.append(scene)
        scene.on_enter()

    def pop(self) -> Any:
        """Remove the top scene."""
        scene = self.stack.pop() if self.stack else None
        if scene is not None:
            scene.on_exit()
        return scene

    def replace(self, scene: Any) -> None:
        """Swap the top scene."""
        self.pop()
        self.push(scene)

    def show_end_of_game(self, game: Any) -> None:
        """Record the end of the game."""
        self.ended.append(game)

    def show_message(self, text_key: str, **params: Any) -> None:
        """Record a message."""
        self.messages.append((text_key, params))

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: events to the top scene, update, draw."""
        for event in events:
            if event.type == pygame.VIDEORESIZE:
                self.screen = pygame.display.set_mode(event.size)
                for scene in self.stack:
                    scene.on_resize(self.size)
            elif self.stack:
                self.stack[-1].handle_event(event)
        if self.stack:
            self.stack[-1].update(dt)
            self.stack[-1].draw(self.screen)


def make_app(size: tuple[int, int], lang: str, root: Path, real: bool = True) -> Any:
    """The real App (temp dirs, shared art cache) when gui.app imports, else a FakeApp."""
    if real:
        try:
            from gui.app import App
        except ImportError:
            App = None  # noqa: N806
        if App is not None:
            app = App(size, config_dir=root / "config", cache_dir=root / "cache", save_dir=root / "saves", lang=lang)
            from gui.art import ArtCache

            app.art = ArtCache(ART_DIR, lang)
            app.settings.lang = lang
            app.settings.animation_speed = 1.0
            app.settings.ai_speed = 1.0
            return app
    return FakeApp(size, lang, root)


def catan_game(controllers: list[str], seed: int = 1, options: dict[str, Any] | None = None) -> Any:
    """A new catan-base game with the given controllers ('human' or a bot id)."""
    variant = get_variant("catan-base")
    seats = variant.default_seats(len(controllers))
    seats = tuple(Seat(s.name, s.color, c) for s, c in zip(seats, controllers))
    return variant.new_game(seats, seed, options or {})


def click(app: Any, pos: tuple[int, int], dt: float = 0.016) -> None:
    """A left click (motion, press, release) at pos."""
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], dt)


def press(app: Any, key: int, mod: int = 0, dt: float = 0.016) -> None:
    """A key press."""
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)], dt)


def settle(app: Any, frames: int = 10, dt: float = 0.2) -> None:
    """Let animations run out."""
    for _ in range(frames):
        app.step([], dt)


MONKEY_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1100, 700))


def monkey_step(app: Any, scene: Any, rng: Any, keys: list[int], live_targets: Any, *,
                wander: float, live: float, keyed: float, ctrl: bool, hover_live: bool = False) -> None:
    """One random step of a monkey test on a table: a random click (below `wander`), a click on something
    live (below `live`), a key (below `keyed`, with Ctrl now and then when `ctrl`), or a resize; then the
    table must be back on top."""
    w, h = app.size
    roll = rng.random()
    if roll < wander:
        pos = (rng.randrange(w), rng.randrange(h))
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 3]))]
    elif roll < live:
        targets = live_targets()
        if scene.pass_button_rect() is not None:
            targets.append(scene.pass_button_rect().center)
        pos = rng.choice(targets) if targets else (w // 2, h // 2)
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]
        if hover_live:
            events.insert(0, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    elif roll < keyed:
        mod = pygame.KMOD_CTRL if ctrl and rng.random() < 0.05 else 0
        events = [pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=mod, unicode="", scancode=0)]
    else:
        size = rng.choice(MONKEY_SIZES)
        events = [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
    app.step(events, 0.03)
    session = getattr(scene, "session", None)
    if session is not None:  # the bots' answers land at the same step however busy the machine is
        assert session.await_answers(10.0)
    while len(app.stack) > 1 and app.stack[-1] is not scene:
        app.pop()
    assert app.stack and app.stack[-1] is scene
