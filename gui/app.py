"""The App: window, clock, settings, translator, art cache, save folder and the scene stack."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.files import remove_stale_temporaries
from gui.art import ArtCache
from gui.backdrop import startup_art_ready
from gui.comfort import draw_sound_badge, typing_in
from gui.i18n import Translator
from gui.scene import Scene
from gui.settings import SETTINGS_FILE, load_settings, save_settings
from gui.sound import SoundPlayer

if TYPE_CHECKING:
    from game.core.game import Game

APP_NAME = "catan-table"
DEFAULT_SIZE = (1600, 900)
MIN_SIZE = (960, 600)
MAX_FPS = 60
#: Keys held with M that make it something else than mute.
MODIFIERS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META


def default_window_size() -> tuple[int, int]:
    """1600x900, or smaller to fit the desktop (90 % of it)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        sizes = []
    if not sizes or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return DEFAULT_SIZE
    dw, dh = sizes[0]
    w = min(DEFAULT_SIZE[0], int(dw * 0.92))
    h = min(DEFAULT_SIZE[1], int(dh * 0.88))
    return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)


class App:
    """Owns the window and the scene stack; `step` runs one frame so tests can drive it without a real loop."""

    def __init__(self, size: tuple[int, int] | None = None, *, config_dir: Path | None = None,
                 cache_dir: Path | None = None, save_dir: Path | None = None, lang: str | None = None,
                 read_only: bool = False) -> None:
        """read_only (the headless modes): the user's saves, settings, layouts and lab reports are read but never
        written, and not even their stale temporary files are removed; only the cache folder is written."""
        from platformdirs import user_cache_dir, user_config_dir, user_data_dir

        self.config_dir = Path(config_dir) if config_dir is not None else Path(user_config_dir(APP_NAME, appauthor=False))
        self.cache_dir = Path(cache_dir) if cache_dir is not None else Path(user_cache_dir(APP_NAME, appauthor=False))
        self.save_dir = Path(save_dir) if save_dir is not None else Path(user_data_dir(APP_NAME, appauthor=False)) / "saves"
        self.read_only = read_only
        if not read_only:
            for folder in self.user_data_folders:
                remove_stale_temporaries(folder)  # left by a write that was killed (e.g. kill -9 during autosave)
        self.settings, self.settings_error = load_settings(self.settings_path)
        if lang is not None and lang in Translator.available_languages():
            self.settings.lang = lang
        self.translator = Translator(self.settings.lang)
        self.art = ArtCache(self.cache_dir / "art", self.settings.lang)
        self.art.remove_stale_temporaries()  # the cache is ours to clean in every mode
        self.stack: list[Scene] = []
        # Things scenes share for the app's lifetime (e.g. the title backdrop), by key.
        self.shared: dict[str, Any] = {}
        self.running = False
        self.frame = 0
        self._headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        pygame.display.init()
        pygame.font.init()
        self._windowed_size = size or default_window_size()
        self.screen = self._set_mode(self._windowed_size, self.settings.fullscreen and not self._headless)
        pygame.display.set_caption(self.t("app.title"))
        pygame.key.set_repeat(400, 35)
        pygame.key.start_text_input()
        self.sound = SoundPlayer(lambda: self.settings.volume, lambda: self.settings.muted,
                                 cache_dir=self.cache_dir / "sound")
        self.mute_note = 0.0  # seconds the "sound on/off" note stays up after M

    # ------------------------------------------------------------ services

    @property
    def settings_path(self) -> Path:
        """Where the settings JSON lives."""
        return self.config_dir / SETTINGS_FILE

    @property
    def autosave_path(self) -> Path:
        """The autosave file (written by the table after every turn; read by Continue)."""
        return self.save_dir / "autosave.json"

    @property
    def autosave_target(self) -> Path | None:
        """Where a table autosaves: the autosave file, or None when the app writes nothing (read_only)."""
        return None if self.read_only else self.autosave_path

    @property
    def user_data_folders(self) -> tuple[Path, ...]:
        """The folders the app writes the user's own files to with atomic writes: saves, settings, layouts."""
        return self.save_dir, self.config_dir, self.save_dir.parent / "layouts"

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.screen.get_size()

    @property
    def top(self) -> Scene | None:
        """The scene on top of the stack (it gets events first)."""
        return self.stack[-1] if self.stack else None

    def t(self, key: str, **params: Any) -> str:
        """Translate a key in the current language."""
        return self.translator.t(key, **params)

    def save_settings(self) -> None:
        """Write the settings file (errors are shown, never raised; a read_only app keeps them in memory)."""
        if self.read_only:
            return
        try:
            save_settings(self.settings, self.settings_path)
        except OSError as exc:
            self.show_message("app.settings_not_saved", error=str(exc))

    def toggle_mute(self) -> None:
        """Mute or unmute the sound (the M key), remembering the choice and noting it on screen."""
        self.settings.muted = not self.settings.muted
        self.mute_note = 1.6
        self.save_settings()

    def set_ui_scale(self, factor: float) -> None:
        """Change the UI scale: every scene lays out again."""
        self.settings.ui_scale = factor
        self.save_settings()
        for scene in list(self.stack):
            scene.on_resize(self.size)

    def set_language(self, lang: str) -> None:
        """Switch the UI language: new translator and art language; every scene lays out again."""
        if lang not in Translator.available_languages():
            return
        self.settings.lang = lang
        self.translator = Translator(lang)
        self.art = ArtCache(self.cache_dir / "art", lang)
        pygame.display.set_caption(self.t("app.title"))
        self.save_settings()
        for scene in list(self.stack):
            scene.on_resize(self.size)

    # ------------------------------------------------------------ scene stack

    def make(self, name: str, **params: Any) -> Scene:
        """Build the screen of that name (gui.navigation.SCENES) for this app."""
        from gui.navigation import SCENES

        return SCENES[name](self, **params)

    def push(self, scene: Scene | str, **params: Any) -> Scene:
        """Put a scene on top (a scene, or a screen by name with its parameters); returns it."""
        if isinstance(scene, str):
            scene = self.make(scene, **params)
        self.stack.append(scene)
        scene.on_enter()
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene; the one below becomes the top again."""
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.on_exit()
        if self.stack:
            self.stack[-1].on_enter()
        return scene

    def replace(self, scene: Scene | str, **params: Any) -> Scene:
        """Swap the top scene for another (a scene, or a screen by name); returns it."""
        if isinstance(scene, str):
            scene = self.make(scene, **params)
        if self.stack:
            self.stack.pop().on_exit()
        return self.push(scene)

    def go(self, name: str, **params: Any) -> Any:
        """Open a screen that needs more than building it (gui.navigation.OPENERS: a replay read from a file, a save
        loaded into its table, ...); returns what the opener returns."""
        from gui.navigation import OPENERS

        return OPENERS[name](self, **params)

    def is_screen(self, scene: Scene | None, name: str) -> bool:
        """Whether scene is the screen of that name (e.g. the main menu)."""
        from gui.navigation import SCENES

        return scene is not None and isinstance(scene, SCENES[name])  # type: ignore[arg-type]

    def pop_to_menu(self) -> None:
        """Pop every scene above the main menu (all of them if there is no menu)."""
        while self.stack and not self.is_screen(self.stack[-1], "menu"):
            self.pop()

    def to_menu(self) -> None:
        """Back to the main menu (a new one when none is on the stack)."""
        self.pop_to_menu()
        if not self.stack:
            self.push("menu")

    # ------------------------------------------------------------ what other scenes ask for

    @property
    def table_families(self) -> tuple[str, ...]:
        """The game families that have a table in this front end."""
        from gui.families import families

        return tuple(families())

    def make_table(self, game: Game) -> Scene:
        """The table scene of the game's family, built around game (KeyError for a family without a table)."""
        from gui.families import families

        return families()[getattr(game.variant, "family", "")].table(self, game)

    def start_game(self, game: Game, tour: bool | None = None) -> None:
        """Open the table of a game (above the main menu, replacing any other table); with tour (by default: a game
        started from New game), a player who has not seen the table tour gets it."""
        from gui.families import family_of

        if tour is None:
            tour = self.is_screen(self.top, "new_game")
        family = family_of(game)
        if family is None:
            self.show_message("app.family_unsupported", family=getattr(game.variant, "family", ""))
            return
        self.pop_to_menu()
        table = family.table(self, game)
        self.push(table)
        if tour and not self.settings.tour_seen and not table.session.all_ai:
            table.start_tour()

    def show_end_of_game(self, game: Game) -> None:
        """Show the end-of-game summary of the game's family."""
        from gui.families import family_of

        family = family_of(game)
        if family is not None:
            self.push(family.end(self, game))

    def show_message(self, text_key: str, **params: Any) -> None:
        """A modal message with an OK button (text from the translator)."""
        self.push("message", text_key=text_key, params=params)

    def start(self) -> None:
        """Put the first scenes up: the loading screen on a cold art cache, else the menu."""
        self.push("menu" if startup_art_ready(self) else "loading")
        if self.settings_error:
            self.show_message("app.settings_damaged", error=self.settings_error)

    # ------------------------------------------------------------ frames

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: dispatch events (top scene first), update the top scene, draw the visible scenes."""
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
            elif event.type == pygame.VIDEORESIZE:
                self._resize(event.size)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
            elif (event.type == pygame.KEYDOWN and event.key == pygame.K_m and not event.mod & MODIFIERS
                  and not typing_in(self.top)):
                self.toggle_mute()
            else:
                self._dispatch(event)
        self.mute_note = max(0.0, self.mute_note - dt)
        top = self.top
        if top is not None:
            top.update(dt)
        self.draw(self.screen)
        pygame.display.flip()
        self.frame += 1

    def _dispatch(self, event: pygame.event.Event) -> None:
        """Offer the event from the top scene down, stopping at the first that takes it or is opaque."""
        for scene in reversed(list(self.stack)):
            if scene.handle_event(event) or scene.opaque:
                return

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top scene and, while scenes are not opaque, the scenes below it first."""
        if not self.stack:
            surface.fill((0, 0, 0))
            return
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        if not self.stack[first].opaque:
            surface.fill((0, 0, 0))
        for scene in self.stack[first:]:
            scene.draw(surface)
        draw_sound_badge(surface, self.t, self.settings.muted, self.mute_note)

    def run(self) -> None:
        """The real loop: at most 60 frames a second until Quit."""
        if not self.stack:
            self.start()
        self._set_minimum_size()
        clock = pygame.time.Clock()
        self.running = True
        while self.running and self.stack:
            dt = clock.tick(MAX_FPS) / 1000.0
            self.step(pygame.event.get(), min(dt, 0.1))
        self.shutdown()

    def quit(self) -> None:
        """Ask the loop to end after this frame."""
        self.running = False

    def shutdown(self) -> None:
        """Close every scene (so worker threads stop) and the window."""
        while self.stack:
            self.stack.pop().on_exit()
        self.sound.close()
        pygame.display.quit()

    # ------------------------------------------------------------ window

    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def _resize(self, size: tuple[int, int]) -> None:
        """The window was resized: keep a usable minimum and let every scene lay out again."""
        size = (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
        if self.screen.get_size() != size:
            self.screen = self._set_mode(size, False)
        if not self.settings.fullscreen:
            self._windowed_size = size
        for scene in list(self.stack):
            scene.on_resize(self.size)

    def toggle_fullscreen(self) -> None:
        """Switch between fullscreen and the window (F11), remembering the choice."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.save_settings()
        if self._headless:
            return
        self.screen = self._set_mode(self._windowed_size, self.settings.fullscreen)
        self._set_minimum_size()
        for scene in list(self.stack):
            scene.on_resize(self.size)

    @staticmethod
    def _set_minimum_size() -> None:
        """Stop the window from being dragged smaller than the layouts need (where SDL allows it)."""
        import warnings

        try:
            with warnings.catch_warnings():
                # from_display_module is deprecated, but pygame-ce has no other handle on the display window yet.
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass
