"""Command line: `python -m gui.art sheet OUT.png [--lang cs|en]` writes a contact sheet."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from gui.i18n import Translator


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and run the requested art command."""
    parser = argparse.ArgumentParser(prog="python -m gui.art", description="Catan Table art tools")
    sub = parser.add_subparsers(dest="command", required=True)
    sheet = sub.add_parser("sheet", help="write a contact sheet of every piece of art")
    sheet.add_argument("out", type=Path, help="output PNG file")
    sheet.add_argument("--lang", default=None, choices=Translator.available_languages() or ["cs", "en"],
                       help="language of card text (default: from the system locale)")
    args = parser.parse_args(argv)
    if args.command == "sheet":
        from gui.art.sheet import make_sheet

        lang = args.lang or Translator.default_language()
        start = time.perf_counter()
        image = make_sheet(lang)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        image.save(args.out)
        print(f"wrote {args.out} ({image.width}x{image.height}, {lang}) in {time.perf_counter() - start:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
