"""The app's command line (`catan-table`, and `python3 main.py` in a checkout): the window, or headless renders."""

from __future__ import annotations

import time

STARTED = time.perf_counter()

import argparse  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402


def build_parser() -> argparse.ArgumentParser:
    """The command line: the window by default, --screenshot and --bench-frames for headless runs."""
    from gui.screenshot import RULES_SCENES, SCENES, dialog_help, parse_size, scene_name

    scenes = "|".join(dict.fromkeys((*SCENES, *RULES_SCENES)))

    parser = argparse.ArgumentParser(
        description="Catan Table – play Catan at one PC against friends and AIs. "
                    "Without options the window opens at the main menu (F11 toggles full screen).",
    )
    headless = parser.add_argument_group("headless rendering (no window; SDL_VIDEODRIVER=dummy)")
    headless.add_argument("--screenshot", metavar="OUT.png", help="render one frame of --scene and save it as PNG")
    headless.add_argument("--bench-frames", metavar="N", type=int,
                          help="render N frames of --scene and print the median and p99 frame time")
    headless.add_argument("--scene", type=scene_name, default="menu",
                          help=f"what to show: {scenes}|table:<dialog>|lab:<view> "
                               "(heat, compare, files, source, help); "
                               "'end' plays the game to its end first (default: menu); "
                               "'replay' shows the replay viewer at the last action of --replay SAVE or of the "
                               "game --autoplay played; 'review' shows the finished review of --review SAVE "
                               "(or --replay SAVE). "
                               f"Table dialogs per game ({dialog_help()}); a dialog that does not apply at "
                               "that moment of the game is an error (exit status 2)")
    headless.add_argument("--variant", default="catan-base", help="variant id (default: catan-base)")
    headless.add_argument("--seed", type=int, default=1, help="game seed (default: 1)")
    headless.add_argument("--players", type=int, default=None,
                          help="number of players (default: 4, or as many as the variant allows)")
    headless.add_argument("--ai", default="3",
                          help="AI seats: all | none | a number (the last N seats) | a comma list of controllers "
                               "such as human,easy,normal,hard (default: 3)")
    headless.add_argument("--bot", default="normal",
                          help="bot for AI seats and autoplay: easy|normal|hard (random for tests; default: normal)")
    headless.add_argument("--autoplay", type=int, default=0, metavar="N",
                          help="let bots play N actions before rendering")
    headless.add_argument("-o", "--option", action="append", metavar="NAME=VALUE",
                          help="variant option, e.g. -o board=variable (repeatable)")
    headless.add_argument("--layout", metavar="FILE",
                          help="the layout lab's starting layout (--scene lab): a layout file, a saved game, "
                               "beginner, variable:SEED or compact:A1,B2,...")
    headless.add_argument("--size", type=parse_size, default=(1600, 900), help="window size WxH (default: 1600x900)")
    parser.add_argument("--lang", choices=("cs", "en"), help="language for this run (default: from the settings)")
    parser.add_argument("--replay", metavar="SAVE", type=Path,
                        help="open the replay viewer on a saved game (with --screenshot: the replay scene's game)")
    parser.add_argument("--review", metavar="SAVE", type=Path,
                        help="open the review of a saved game (win chances, key moments, luck, decisions); with "
                             "--screenshot --scene review: the save it reviews")
    folders = parser.add_argument_group("folders (default: the platform's user folders)")
    folders.add_argument("--config-dir", type=Path, help="where settings.json lives")
    folders.add_argument("--cache-dir", type=Path, help="where the art cache lives")
    folders.add_argument("--save-dir", type=Path, help="where saves and the autosave live")
    return parser


def app_version() -> str:
    """The installed package's version (or "dev" when run from a checkout that was never installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("catan-table")
    except PackageNotFoundError:
        return "dev"


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen mode."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = build_parser().parse_args(argv)
    if args.screenshot or args.bench_frames is not None:  # --bench-frames 0 is refused, never the window
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.core.errors import GameError
        from gui.screenshot import ScreenshotError

        try:
            if args.screenshot:
                from gui.screenshot import take_screenshot

                return take_screenshot(args)
            from gui.bench import bench_frames

            return bench_frames(args, STARTED)
        except (GameError, ScreenshotError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    if args.review is not None:
        from game.core.errors import GameError
        from game.core.saves import load_game

        try:
            load_game(args.review)
        except GameError as exc:
            print(f"error: the review cannot be opened: {exc}", file=sys.stderr)
            return 2
    cursor = None
    if args.replay is not None:
        from game.core.errors import GameError
        from game.core.replay import ReplayCursor

        try:
            cursor = ReplayCursor.from_file(args.replay)
        except GameError as exc:
            print(f"error: the replay cannot be opened: {exc}", file=sys.stderr)
            return 2
    from gui.app import App

    app = App(None, config_dir=args.config_dir, cache_dir=args.cache_dir, save_dir=args.save_dir, lang=args.lang)
    print(f"Catan Table {app_version()}: saves in {app.save_dir}, settings in {app.config_dir}", flush=True)
    if cursor is not None:
        from gui.menu import MenuScene
        from gui.replay.scene import ReplayScene

        app.push(MenuScene(app))
        app.push(ReplayScene(app, cursor, source=args.replay))
    if args.review is not None:
        if not app.stack:
            app.push("menu")
        app.push("review", path=args.review)
    app.run()
    return 0
