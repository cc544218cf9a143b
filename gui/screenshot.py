"""Headless scene building for --screenshot and --bench-frames: a game, autoplayed, shown in any scene."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.ai.registry import make_bot
from game.core.errors import GameError
from game.core.game import Game
from game.core.options import parse_option_value
from game.core.registry import get_variant
from game.core.seats import Seat
from game.sim import play_out

SCENES = ("menu", "new_game", "settings", "load", "save", "rules", "rules_rivals", "rivals_cards", "table", "end", "lab")
# Views of the layout lab: lab:<view>.
LAB_VIEWS = ("heat", "compare", "files", "source", "help")
SETTLE_FRAMES = 4


def parse_size(text: str) -> tuple[int, int]:
    """'1600x900' -> (1600, 900)."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, got {text!r}") from exc
    if w < 200 or h < 150:
        raise argparse.ArgumentTypeError(f"the size {text!r} is too small")
    return w, h


def scene_name(text: str) -> str:
    """Check a --scene value: one of SCENES, table:<dialog> or lab:<view>."""
    if text in SCENES or (text.startswith("table:") and len(text) > 6):
        return text
    if text.startswith("lab:") and text[4:] in LAB_VIEWS:
        return text
    raise argparse.ArgumentTypeError(f"unknown scene {text!r}; scenes: {', '.join(SCENES)}, table:<dialog>, "
                                     f"lab:{'|'.join(LAB_VIEWS)}")


def controllers(spec: str, players: int, bot: str) -> list[str]:
    """Seat controllers from --ai: 'all', 'none', a number of AI seats (the last ones), or a comma list."""
    if spec == "all":
        return [bot] * players
    if spec == "none":
        return ["human"] * players
    if spec.isdigit():
        ai = min(players, int(spec))
        return ["human"] * (players - ai) + [bot] * ai
    items = [s.strip() for s in spec.split(",") if s.strip()]
    if len(items) != players:
        raise GameError(f"--ai needs 'all', 'none', a number or {players} controllers, got {spec!r}")
    return items


def usable_bot(bot_id: str, family: str) -> str:
    """The bot id if it exists for the family, else 'random' (a level's module may not be installed)."""
    try:
        make_bot(bot_id, family)
    except (GameError, ImportError):
        return "random"
    return bot_id


def build_game(args: argparse.Namespace, name_of: Callable[[str], str] = str.capitalize,
               think_seconds: float | None = None) -> Game:
    """A new game from the command line options, with --autoplay actions played by bots (think_seconds: the Hard
    bot's budget per decision, from the settings)."""
    variant = get_variant(args.variant)
    bot = usable_bot(args.bot, variant.family)
    players = args.players
    if players is None:  # 4 where the variant allows it, else the nearest count it takes (2 for Rivals)
        players = max(variant.min_players, min(4, variant.max_players))
    defaults = variant.default_seats(players)
    ctrl = controllers(args.ai, players, bot)
    seats = tuple(Seat(name_of(s.color), s.color, c) for s, c in zip(defaults, ctrl))
    options: dict[str, Any] = {}
    for pair in args.option or []:
        name, _, value = pair.partition("=")
        options[name.strip()] = parse_option_value(value)
    game = variant.new_game(seats, args.seed, options)
    to_end = args.scene == "end"
    count = 50_000 if to_end else args.autoplay
    if count > 0:
        bots = [make_bot(usable_bot(c, variant.family) if c != "human" else bot, variant.family,
                         think_seconds=think_seconds) for c in ctrl]
        play_out(game, bots, random.Random(args.seed ^ 0x5EED), max_actions=count)
    return game


def build_scene(app: Any, name: str, game: Game | None, layout: str | None = None) -> None:
    """Push the scenes that make up the requested screen onto the app (layout: the lab's starting layout)."""
    from gui.menu import MenuScene

    if name == "lab" or name.startswith("lab:"):
        from game.lab.layout import load_any_layout
        from gui.lab.scene import open_lab

        app.push(MenuScene(app))
        open_lab(app, load_any_layout(layout) if layout else None, name.partition(":")[2])
        return
    if name in ("menu", "new_game", "settings", "load", "rules", "rules_rivals", "rivals_cards"):
        app.push(MenuScene(app))
    if name == "new_game":
        from gui.new_game import NewGameScene

        app.push(NewGameScene(app))
    elif name == "settings":
        from gui.settings_scene import SettingsScene

        app.push(SettingsScene(app))
    elif name == "load":
        from gui.dialogs.files import LoadDialog

        app.push(LoadDialog(app))
    elif name in ("rules", "rules_rivals"):
        from gui.rules_scene import RulesScene

        app.push(RulesScene(app, "rivals" if name == "rules_rivals" else "catan"))
    elif name == "rivals_cards":
        from gui.rivals_catalogue import RivalsCatalogueScene

        app.push(RivalsCatalogueScene(app))
    elif name in ("save", "end") or name.startswith("table"):
        assert game is not None
        app.push(MenuScene(app))
        app.start_game(game)
        if name.startswith("table:"):
            top = app.top
            if hasattr(top, "open_dialog"):
                top.open_dialog(name.split(":", 1)[1])
        elif name == "save":
            from gui.dialogs.files import SaveDialog

            app.push(SaveDialog(app, game))
        elif name == "end":
            app.show_end_of_game(game)


def make_app(args: argparse.Namespace) -> Any:
    """An App for headless use with the sizes, language and folders of the command line."""
    from gui.app import App

    return App(args.size, config_dir=args.config_dir, cache_dir=args.cache_dir, save_dir=args.save_dir,
               lang=args.lang)


def prepare(args: argparse.Namespace) -> Any:
    """Build the app, the game (when the scene needs one) and the scene; let the layout settle."""
    app = make_app(args)
    needs_game = args.scene in ("save", "end") or args.scene.startswith("table")
    game = build_game(args, lambda color: app.t(f"color.{color}.player"),
                      app.settings.hard_think_seconds) if needs_game else None
    build_scene(app, args.scene, game, getattr(args, "layout", None))
    if args.scene == "new_game":
        _choose_variant(app.top, args.variant)
    for _ in range(SETTLE_FRAMES):
        app.step([], 1 / 60)
    return app


def _choose_variant(scene: Any, variant_id: str) -> None:
    """Show the new-game screen with the --variant game chosen (when it has a table)."""
    wanted = get_variant(variant_id)
    if wanted in scene.variants:
        scene.set_variant(scene.variants.index(wanted))


def take_screenshot(args: argparse.Namespace) -> int:
    """Render the requested scene once and save it as PNG."""
    app = prepare(args)
    app.step([], 1 / 60)
    out = Path(args.screenshot)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(out))
    w, h = app.size
    app.shutdown()
    print(f"{out} ({w}x{h}, scene {args.scene})")
    return 0
