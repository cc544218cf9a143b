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
from gui.families import families

SCENES = ("menu", "new_game", "settings", "comfort", "load", "save", "rules", "rules_rivals", "rivals_cards", "table", "end", "lab",
          "replay", "review", "review:better")
# The rules almanac's documents as screens: rules_<doc> (rules itself is the base game).
RULES_SCENES = {"rules": "catan", "rules_compact": "compact", "rules_2p": "two_player", "rules_rivals": "rivals",
                "rules_cards": "cards"}
# Views of the layout lab: lab:<view>.
LAB_VIEWS = ("heat", "compare", "files", "source", "help")
SETTLE_FRAMES = 4
# --size bounds: below MIN_SIZE nothing fits, above MAX_SIZE (8K and a margin) the frame alone takes gigabytes.
MIN_SIZE = (200, 150)
MAX_SIZE = (8192, 8192)
STATS = "stats"  # table:stats opens the live statistics panel (not a dialog)


class ScreenshotError(Exception):
    """The requested screen cannot be shown as asked (the message says why)."""


def dialog_help() -> str:
    """The table:<dialog> names per game, for --help and error messages."""
    return "; ".join(f"{f.id}: {', '.join(f.dialogs)}" for f in families().values())


def parse_size(text: str) -> tuple[int, int]:
    """'1600x900' -> (1600, 900); refuses sizes below MIN_SIZE or above MAX_SIZE."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, got {text!r}") from exc
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise argparse.ArgumentTypeError(f"the size {text!r} is too small (at least {MIN_SIZE[0]}x{MIN_SIZE[1]})")
    if w > MAX_SIZE[0] or h > MAX_SIZE[1]:
        raise argparse.ArgumentTypeError(f"the size {text!r} is too large (at most {MAX_SIZE[0]}x{MAX_SIZE[1]})")
    return w, h


def check_numbers(args: argparse.Namespace) -> None:
    """Refuse numeric options that no run can use (ScreenshotError, one line) before anything is built."""
    bench = getattr(args, "bench_frames", None)
    if bench is not None and bench < 1:
        raise ScreenshotError(f"--bench-frames needs a count of 1 or more, got {bench}")
    autoplay = getattr(args, "autoplay", 0)
    if autoplay < 0:
        raise ScreenshotError(f"--autoplay needs a count of 0 or more, got {autoplay}")
    players = getattr(args, "players", None)
    if players is not None and players < 1:
        raise ScreenshotError(f"--players needs a count of 1 or more, got {players}")


def scene_name(text: str) -> str:
    """Check a --scene value: one of SCENES, table:<dialog> or lab:<view>."""
    if text in SCENES or text in RULES_SCENES or (text.startswith("table:") and len(text) > 6):
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
    if name in ("menu", "new_game", "settings", "comfort", "load", "rules", "rules_rivals", "rivals_cards") or name in RULES_SCENES:
        app.push(MenuScene(app))
    if name == "new_game":
        from gui.new_game import NewGameScene

        app.push(NewGameScene(app))
    elif name == "settings":
        from gui.settings_scene import SettingsScene

        app.push(SettingsScene(app))
    elif name == "comfort":
        from gui.settings_comfort import ComfortSettingsScene

        app.push(ComfortSettingsScene(app))
    elif name == "load":
        from gui.dialogs.files import LoadDialog

        app.push(LoadDialog(app))
    elif name in RULES_SCENES:
        from gui.rules_scene import RulesScene

        app.push(RulesScene(app, RULES_SCENES[name]))
    elif name == "rivals_cards":
        from gui.rivals_catalogue import RivalsCatalogueScene

        app.push(RivalsCatalogueScene(app))
    elif name == "replay":
        from game.core.replay import ReplayCursor
        from gui.replay.scene import ReplayScene

        assert game is not None
        app.push(MenuScene(app))
        cursor = ReplayCursor(game)
        app.push(ReplayScene(app, cursor, cursor.length, source=game))
    elif name in ("save", "end") or name.startswith("table"):
        assert game is not None
        app.push(MenuScene(app))
        app.start_game(game)
        if name.startswith("table:"):
            open_table_dialog(app.top, game, name.split(":", 1)[1])
        elif name == "save":
            from gui.dialogs.files import SaveDialog

            app.push(SaveDialog(app, game))
        elif name == "end":
            app.show_end_of_game(game)


def _dialog_problem(table: Any, game: Game, family: str, dialog: str) -> str:
    """Why the dialog does not apply to the table now ("" when it does)."""
    player = table._dialog_player()
    seat = f"{game.seats[player].name} (seat {player})" if 0 <= player < len(game.seats) else f"seat {player}"
    if game.is_over():
        return f"the game is over (--autoplay {len(game.log)} played it to its end)" if dialog != "menu" else ""
    legal = table.session.legal(player) if player in game.active_players() else []
    family_gui = families()[family]
    kinds = family_gui.dialogs[dialog]
    waiting = ", ".join(game.seats[p].name for p in game.active_players())
    moment = f"turn {game.turn_number()}, phase {getattr(game.state, 'phase', '?')}, waiting for {waiting}"
    if kinds and not any(a.kind in kinds for a in legal):
        return f"{seat} has no legal {' or '.join(kinds)} now ({moment})"
    if dialog in family_gui.whole_decisions and any(a.kind not in kinds for a in legal):
        others = sorted({a.kind for a in legal if a.kind not in kinds})
        return f"{seat} is deciding something else ({', '.join(others)}; {moment})"
    if family_gui.dialog_problem is not None:
        return family_gui.dialog_problem(game, player, dialog, legal, f"{seat}", moment)
    return ""


def open_table_dialog(table: Any, game: Game, dialog: str) -> None:
    """Open a dialog of the table by name for a screenshot; ScreenshotError when the game has no such dialog or it
    does not apply at this moment of the game (a dialog is never shown with another decision's content)."""
    family = game.variant.family
    names = families()[family].dialogs if family in families() else {}
    if dialog not in names:
        raise ScreenshotError(f"table:{dialog}: the {family} table has no dialog {dialog!r}; "
                              f"its dialogs: {', '.join(names) or 'none'}")
    if dialog == STATS:  # not a dialog: the live statistics panel over the log, open at any moment of the game
        if not table.stats_open():
            table.toggle_stats()
        return
    problem = _dialog_problem(table, game, family, dialog)
    if problem:
        raise ScreenshotError(f"table:{dialog} does not apply: {problem}; "
                              "try another --autoplay count, --seed or --ai")
    table.open_dialog(dialog)
    if getattr(table.dialog, "name", None) != dialog.partition(".")[0]:
        raise ScreenshotError(f"table:{dialog}: the table did not open it")


def check_dialog_shown(app: Any, scene: str) -> None:
    """After the frames that settle the layout: the requested table dialog is still the one shown."""
    if not scene.startswith("table:"):
        return
    wanted = scene.split(":", 1)[1].partition(".")[0]
    table = app.top
    if wanted == STATS:
        if not table.stats_open():
            raise ScreenshotError(f"{scene}: the statistics panel is not open")
        return
    shown = getattr(getattr(table, "dialog", None), "name", None)
    if getattr(table, "pass_screen", None) is not None:
        raise ScreenshotError(f"{scene}: the pass screen covers the table (more than one human seat; use --ai)")
    if shown != wanted:
        instead = f"it shows {shown!r} instead" if shown else "it closed it"
        raise ScreenshotError(f"{scene}: the table put the dialog away ({instead}; the game waits for another "
                              "decision)")


def make_app(args: argparse.Namespace) -> Any:
    """An App for headless use with the sizes, language and folders of the command line.

    It is read_only: it shows the user's saves, settings and layouts but writes none of them (no autosave, no
    settings, no stale temporaries removed); only the art and sound cache folder is written.
    """
    from gui.app import App

    return App(args.size, config_dir=args.config_dir, cache_dir=args.cache_dir, save_dir=args.save_dir,
               lang=args.lang, read_only=True)


def prepare(args: argparse.Namespace) -> Any:
    """Build the app, the game (when the scene needs one) and the scene; let the layout settle."""
    check_numbers(args)
    app = make_app(args)
    if args.scene in ("review", "review:better"):
        _push_review(app, args, better=args.scene == "review:better")
        for _ in range(SETTLE_FRAMES):
            app.step([], 1 / 60)
        return app
    needs_game = args.scene in ("save", "end", "replay") or args.scene.startswith("table")
    if args.scene == "replay" and getattr(args, "replay", None) is not None:
        from game.core.saves import load_game

        game: Game | None = load_game(Path(args.replay))
    else:
        game = build_game(args, lambda color: app.t(f"color.{color}.player"),
                          app.settings.hard_think_seconds) if needs_game else None
    build_scene(app, args.scene, game, getattr(args, "layout", None))
    if args.scene == "new_game":
        _choose_variant(app.top, args.variant)
    for _ in range(SETTLE_FRAMES):
        app.step([], 1 / 60)
    check_dialog_shown(app, args.scene)
    return app


def _push_review(app: Any, args: argparse.Namespace, better: bool = False) -> None:
    """The review screen of --review SAVE (or --replay SAVE), computed at once (a kept review is read; nothing is
    written); with `better`, the replay at the decision that lost most, Hard's choice marked."""
    from gui.menu import MenuScene

    save = getattr(args, "review", None) or getattr(args, "replay", None)
    if save is None:
        raise ScreenshotError("--scene review needs --review SAVE (or --replay SAVE)")
    app.push(MenuScene(app))
    scene = app.push("review", path=Path(save), sync=True)
    if scene.error is not None:
        raise ScreenshotError(f"the review of {save} failed: {scene.error}")
    if better:
        judged = [j for j in scene.review.judgements if j.best != j.taken] if scene.review is not None else []
        if not judged:
            raise ScreenshotError(f"the review of {save} judges no decision where Hard would differ")
        scene.show_better_move(max(judged, key=lambda j: j.lost))


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
