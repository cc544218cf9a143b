"""Entry point of `python -m game`."""

import sys

from game.cli import main

sys.exit(main())
