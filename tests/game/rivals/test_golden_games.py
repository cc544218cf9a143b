"""Seeded random Rivals games (every mode) list, play and end exactly as recorded."""

from __future__ import annotations

import pytest

from tests.game.golden import game_digest

# Recorded before the engine was made faster, and again when an exchanged card could go under any stack of its back.
# A deliberate rules change moves these: print the new values with `python -m tests.game.golden VARIANT PLAYERS
# SEED...` and replace them, saying why in the commit.
GOLDEN: dict[tuple[str, int, int], str] = {
    ("rivals-intro", 2, 1): "35f53deb8aad3b90343478f2e203352fdbb1fa0c415dc720bc208e20dce543ac",
    ("rivals-intro", 2, 2): "c4d808ad1dceb8829797d8ebf2a1e77cb68ee0563b00bfcca587f7465d12f277",
    ("rivals-gold", 2, 1): "c5c99e15237583ecfad8b7bbec29d6e41e417c8372413ee0c210ad02c0f10ee4",
    ("rivals-gold", 2, 2): "f1f0eb91ff0b21f8305b30c64c87678883eb29a1ba3807e14aecd6f7e8af50dc",
    ("rivals-turmoil", 2, 1): "e7ceb03ceeffd19d60eb38dee70ca219e8948d9d6d4001ab29094046dddec97c",
    ("rivals-turmoil", 2, 2): "1e8cc61cf5f41b002d4cef19469fdc7b46efd67f11e4dd1816469f4c2063c6ff",
    ("rivals-progress", 2, 1): "845d7db0224d62d246bc635f3e28528e2ba734ac25693fae30e8dfe5d5862cd2",
    ("rivals-progress", 2, 2): "f845ecbb772c667a12372ba700d1387ad57f37f11fd47dd78d5e09d9c2bff805",
    ("rivals-duel", 2, 1): "79fb6d1fb6fb58a5776943441aad930a5bd0a177a6225eff61cf5633c25dc2ce",
    ("rivals-duel", 2, 2): "966274c05214db0aa9075e8ad054d0721ea45c29f91518049df1499db18885b0",
}


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_seeded_game_lists_and_plays_as_recorded(key: tuple[str, int, int]) -> None:
    """The same listed actions in the same order, the same events and states, as when recorded."""
    assert game_digest(*key) == GOLDEN[key]
