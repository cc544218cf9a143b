"""`python -m game position export|legal`: positions in the shared catan-position format."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def cmd_export(args: argparse.Namespace) -> int:
    """Print the final position of a save in the position format."""
    from game.catan.position import export_position
    from game.core.saves import load_game

    game = load_game(Path(args.save))
    print(json.dumps(export_position(game, include_legal=args.legal, include_hidden=args.hidden), indent=1))
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    """Print the legal actions of a position file in the format's action notation, one per line."""
    from game.catan.position import legal_actions_in_format, load_position, position_game

    game = position_game(load_position(Path(args.file)))
    for action in legal_actions_in_format(game):
        print(json.dumps(action, sort_keys=True))
    return 0


def add_position_parser(sub: Any) -> None:
    """Register the `position` subcommand and its verbs."""
    p = sub.add_parser("position", help="export positions and list their legal actions")
    verbs = p.add_subparsers(dest="verb", required=True)
    e = verbs.add_parser("export", help="print the final position of a save")
    e.add_argument("save")
    e.add_argument("--legal", action="store_true", help="include the legal actions")
    e.add_argument("--hidden", action="store_true", help="include the development deck order")
    e.set_defaults(func=cmd_export)
    legal = verbs.add_parser("legal", help="list the legal actions of a position file")
    legal.add_argument("file")
    legal.set_defaults(func=cmd_legal)
