"""Catan Table from a checkout: `python3 main.py [options]` runs what the installed `catan-table` command runs."""

from __future__ import annotations

import sys

from gui.launcher import STARTED, build_parser, main

__all__ = ["STARTED", "build_parser", "main"]

if __name__ == "__main__":
    sys.exit(main())
