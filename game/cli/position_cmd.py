"""`python -m game position export|import|legal`: positions in the shared catan-position format."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core.i18n import Translator


def cmd_export(args: argparse.Namespace) -> int:
    """Print the final position of a save in the position format."""
    from game.catan.position_export import export_position
    from game.core.saves import load_game

    game = load_game(Path(args.save))
    print(json.dumps(export_position(game, include_legal=args.legal, include_hidden=args.hidden), indent=1))
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    """Print the legal actions of a position file in the format's action notation, one per line.

    With --derive the corrections go to standard error, so that standard output stays one action per line.
    """
    from game.catan.position import load_position
    from game.catan.position_actions import legal_actions_in_format
    from game.catan.position_derive import import_position

    game, corrections = import_position(load_position(Path(args.file)), derive=args.derive)
    translator = _translator(args.lang)
    for correction in corrections:
        print(correction_text(translator, correction), file=sys.stderr)
    for action in legal_actions_in_format(game):
        print(json.dumps(action, sort_keys=True))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """Import a position file, strictly or deriving what follows from the pieces; print each correction on a line."""
    from game.catan.position import load_position
    from game.catan.position_derive import import_position
    from game.core.files import write_json_atomically

    game, corrections = import_position(load_position(Path(args.file)), derive=args.derive)
    translator = _translator(args.lang)
    for correction in corrections:
        print(correction_text(translator, correction))
    if corrections:
        print(translator.t("position.cli.corrected", count=len(corrections)))
    else:
        print(translator.t("position.cli.exact"))
    if args.out:
        try:
            write_json_atomically(Path(args.out), game.start_position)
        except OSError as exc:
            print(translator.t("position.cli.write_failed", path=args.out, reason=exc.strerror or exc),
                  file=sys.stderr)
            return 2
        print(translator.t("position.cli.written", path=args.out))
    return 0


def correction_text(translator: Translator, correction: tuple[str, Mapping[str, Any]]) -> str:
    """One correction of a lenient import as a line of text in the translator's language."""
    key, params = correction
    shown = dict(params)
    if "color" in params:
        shown["who"] = _color_name(translator, params["color"])
    if "piece" in params:
        shown["piece"] = translator.t(f"position.piece.{params['piece']}")
    if "resource" in params:
        shown["resource"] = translator.t(f"resource.{params['resource']}")
    holder = key.endswith("_holder")
    for name in ("was", "now"):
        if name in params:
            shown[name] = _value_text(translator, params[name], holder)
    return translator.t(key, **shown)


def _value_text(translator: Translator, value: Any, holder: bool) -> str:
    if value is None:
        return translator.t("position.derived.nobody" if holder else "position.derived.none")
    if holder and isinstance(value, str):
        return _color_name(translator, value)
    return json.dumps(value)


def _color_name(translator: Translator, color: str) -> str:
    key = f"color.{color}.player"
    return translator.t(key) if translator.has(key) else color


def _translator(lang: str) -> Translator:
    from game.core.i18n import Translator

    return Translator(lang)


def add_position_parser(sub: Any) -> None:
    """Register the `position` subcommand and its verbs."""
    p = sub.add_parser("position", help="export and import positions and list their legal actions")
    verbs = p.add_subparsers(dest="verb", required=True)
    e = verbs.add_parser("export", help="print the final position of a save")
    e.add_argument("save")
    e.add_argument("--legal", action="store_true", help="include the legal actions")
    e.add_argument("--hidden", action="store_true", help="include the development deck order")
    e.set_defaults(func=cmd_export)
    imp = verbs.add_parser("import", help="import a position file and report what --derive corrected")
    imp.add_argument("file")
    _lenient_arguments(imp)
    imp.add_argument("--out", help="write the imported (corrected) position to this file")
    imp.set_defaults(func=cmd_import)
    legal = verbs.add_parser("legal", help="list the legal actions of a position file")
    legal.add_argument("file")
    _lenient_arguments(legal)
    legal.set_defaults(func=cmd_legal)


def _lenient_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--derive", action="store_true",
                        help="recompute road lengths, special cards, points, pieces left, the bank and the deck size "
                             "from the pieces and cards instead of refusing a position whose values differ")
    parser.add_argument("--lang", choices=("en", "cs"), default="en", help="language of the corrections")
