"""Command line: `python -m gui.art sheet OUT.png [--lang cs|en]` writes a contact sheet;
`rivals-sheet OUT.png` the Rivals faces; `bench-rivals [--width W] [--lang cs]` times their cold build."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from gui.i18n import Translator

# --width bounds: narrower cards have no room for their text, wider ones are far beyond any screen.
MIN_CARD_WIDTH = 40
MAX_CARD_WIDTH = 2000


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and run the requested art command."""
    parser = argparse.ArgumentParser(prog="python -m gui.art", description="Catan Table art tools")
    sub = parser.add_subparsers(dest="command", required=True)
    sheet = sub.add_parser("sheet", help="write a contact sheet of every piece of art")
    sheet.add_argument("out", type=Path, help="output PNG file")
    sheet.add_argument("--lang", default=None, choices=Translator.available_languages() or ["cs", "en"],
                       help="language of card text (default: from the system locale)")
    rivals = sub.add_parser("rivals-sheet", help="write a contact sheet of every Rivals face and back")
    rivals.add_argument("out", type=Path, help="output PNG file")
    rivals.add_argument("--lang", default=None, choices=Translator.available_languages() or ["cs", "en"])
    rivals.add_argument("--width", type=int, default=180, help="card width in pixels (default 180)")
    bench = sub.add_parser("bench-rivals", help="time a cold build of every Rivals face into an empty cache")
    bench.add_argument("--width", type=int, default=120, help="card width at the table (default 120)")
    bench.add_argument("--lang", default=None, choices=Translator.available_languages() or ["cs", "en"],
                       help="one language only (default: both)")
    args = parser.parse_args(argv)
    width = getattr(args, "width", None)
    if width is not None and not MIN_CARD_WIDTH <= width <= MAX_CARD_WIDTH:
        print(f"error: --width needs a card width of {MIN_CARD_WIDTH} to {MAX_CARD_WIDTH} pixels, got {width}",
              file=sys.stderr)
        return 2
    if args.command == "rivals-sheet":
        from gui.art.rivals_sheet import make_rivals_sheet

        lang = args.lang or Translator.default_language()
        start = time.perf_counter()
        image = make_rivals_sheet(lang, args.width)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        image.save(args.out)
        print(f"wrote {args.out} ({image.width}x{image.height}, {lang}) in {time.perf_counter() - start:.2f} s")
    if args.command == "bench-rivals":
        from gui.art.rivals_sheet import bench_rivals

        result = bench_rivals(args.width, (args.lang,) if args.lang else ("cs", "en"))
        print(f"cold build of the Rivals art at card width {result.width} ({', '.join(result.langs)}): "
              f"{result.renders} images in {result.seconds:.2f} s "
              f"({1000 * result.seconds / max(1, result.renders):.1f} ms each)")
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
