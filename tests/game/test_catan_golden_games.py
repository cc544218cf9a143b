"""Seeded random Catan games (base 3-4 players, compact, two players) list, play and end exactly as recorded."""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable
from typing import Any

import pytest

from game.core.registry import get_variant
from tests.game.golden import game_digest

# Recorded before the engine was made faster. A deliberate rules change moves these: print the new values with
# `python -m tests.game.golden VARIANT PLAYERS SEED...` and replace them, saying why in the commit.
GOLDEN: dict[tuple[str, int, int], str] = {
    ("catan-base", 4, 1): "feb561b20981c9149987cc54def255272a7078c5a44fc3dc8328c9223cf886d7",
    ("catan-base", 4, 2): "3e6e4dbe24459300fabebc00ca2db6bafe4257381b33d238a8480c5a280ea959",
    ("catan-base", 4, 3): "57ba3be12c037bfc39333f6533f2a316b17f26dc81629b145de84d31d49e8747",
    ("catan-base", 3, 1): "b082ddc9a3f8838f80920f4520215d7032af455764e42b2f8165a6e74785f847",
    ("catan-base", 3, 2): "6a5ba178dbf54b543993b20b8e736d9045f38b7728677cf9f489616c1bf2ee4a",
    ("catan-compact", 4, 1): "8ecc521c09b5ce7c388ab835db81d37a5908e4e686ae79afe49f67814589b6a9",
    ("catan-compact", 4, 2): "efa1bd5a70e28aeedd7bd7bdf98cc081d90631f911815ad5490fd5dd517e2c96",
    ("catan-compact", 3, 1): "99021707253c28d3d29c021b82dcfeea349aa1962b00013f630f44b29a99cdb2",
    ("catan-2p", 2, 1): "c5a1671db4d2c173650698a51a95cfa212c9e97b493b069ae4c71f08182669fa",
    ("catan-2p", 2, 2): "686f535cf712c355a59f05e6393df97bae7d5da66b6d8fa268a632f8ac7b78b9",
    ("catan-2p", 2, 3): "d8c827fe3db3c4aab2f878d06ade550aed7daf550795ac3fb5bc29774c0ab4a1",
}

# The digests above cover a game's first 600 actions (the set-up and a few turns, as a random player trades a
# lot); these follow whole games to their end, with the options that change rules. Print new values with
# `python -m tests.game.test_catan_golden_games`.
WHOLE_GAMES: dict[tuple[str, int, int, str], str] = {
    ('catan-base', 4, 5, 'default'): "a8cd3d85d13c66471e5c9c0f0ee9cfab650f85aac260293344a28e16307ac9c4",
    ('catan-base', 4, 6, 'variable'): "d3a19444918fae6fbd98b5532b5529db554e0d5df67f95f54c25402761a3c33b",
    ('catan-base', 3, 7, 'variable-random-tokens'): "b473e4fd1f180eb76c1a7c9b39a6c0b14c34333fc6073b8605338d78f9e88a0d",
    ('catan-base', 4, 8, 'strict-bank'): "7052f159386c87e5bba6dc77e4d4263a3985ac57c11f0304e021a80ae5efc15d",
    ('catan-base', 3, 9, 'fifth-edition-phases'): "d7831f680e7c8cfc210f6183b00af07c74349f7c355aadcbf6b576520de7e45b",
    ('catan-compact', 4, 5, 'compact-variable'): "c413db0e37c41623c6f7b2e62940f1e3e0125ef51dab7fcf4689f45d898c170d",
    ('catan-2p', 2, 5, 'default'): "9128f85c21a945a8910783bf412429eecfab16a8ee24c1d1fcde78f1919e2ab8",
    ('catan-2p', 2, 6, 'variable'): "701db95bb2249e945f15d7c7e9425e12a91e4fe371e53f8551bd640650d6d595",
}
OPTIONS: dict[str, dict[str, Any]] = {
    "default": {},
    "variable": {"board": "variable"},
    "variable-random-tokens": {"board": "variable", "tokens": "random", "no_adjacent_red": False},
    "strict-bank": {"bank_rule": "strict", "discard_limit": 9},
    "fifth-edition-phases": {"bank_rule": "fifth_edition", "separate_phases": True, "vp_target": 8},
    "compact-variable": {"board": "variable"},
}
WHOLE_GAME_CASES: tuple[tuple[str, int, int, str], ...] = tuple(WHOLE_GAMES)
# Whole games played as the benchmark's random bot plays (offers and counters only now and then), so that
# they build more and the bank runs short now and then (each bank rule's cut is taken in these seeds).
FEW_OFFERS: dict[tuple[str, int, int, str], str] = {
    ('catan-base', 4, 1, 'per-resource'): "bb894dda110f907d9f28a6a217e8546ba28c28d21d7cd7e448a9beff73b03b36",
    ('catan-base', 4, 19, 'per-resource'): "397baf160483d028dfff52c182103b1ad05d8d0bb14c192436b636f78353cb81",
    ('catan-base', 4, 19, 'strict'): "2959c8f4b88229dd55b8319fc570307efa2a2d3d1c193edd4f3569bdd50241e7",
    ('catan-base', 4, 19, 'fifth-edition'): "397baf160483d028dfff52c182103b1ad05d8d0bb14c192436b636f78353cb81",
    ('catan-base', 3, 47, 'per-resource'): "366382c89fc1759d5fc3cc6222627ee57c9d8d985a13023ee64735a02b59bfbc",
    ('catan-base', 3, 47, 'strict'): "366382c89fc1759d5fc3cc6222627ee57c9d8d985a13023ee64735a02b59bfbc",
    ('catan-base', 3, 47, 'fifth-edition'): "6db2163872d7a2c899b1d908c5edc3cf64249eda20d6956433f4ac74c95d825a",
    ('catan-compact', 4, 32, 'strict'): "89329862effb00d479dea7366a3a0693f6ec5eb2f120f1d9bff46cdd212e87c6",
    ('catan-2p', 2, 1, 'per-resource'): "c4b4dc2db8c5dcf332253616c26e5a17fb26701d8d7c89d127dccdcacce0b99d",
    ('catan-2p', 2, 2, 'per-resource'): "cbec3dbfa3d8cfdbcad1fb778aff6d2ae3aef5b8a4837ac930dcc996dbd26574",
}
FEW_OFFERS_OPTIONS: dict[str, dict[str, Any]] = {
    "per-resource": {},
    "strict": {"bank_rule": "strict"},
    "fifth-edition": {"bank_rule": "fifth_edition"},
}
FEW_OFFERS_CASES: tuple[tuple[str, int, int, str], ...] = (
    ("catan-base", 4, 1, "per-resource"),
    ("catan-base", 4, 19, "per-resource"),
    ("catan-base", 4, 19, "strict"),
    ("catan-base", 4, 19, "fifth-edition"),
    ("catan-base", 3, 47, "per-resource"),
    ("catan-base", 3, 47, "strict"),
    ("catan-base", 3, 47, "fifth-edition"),
    ("catan-compact", 4, 32, "strict"),
    ("catan-2p", 2, 1, "per-resource"),
    ("catan-2p", 2, 2, "per-resource"),
)
MAX_STEPS = 20_000  # a random game can reach a dead end nobody can win from
RARE_KINDS = frozenset({"offer_trade", "counter_trade"})


def uniform(legal: list[Any], rng: random.Random) -> Any:
    """Any listed action, all equally likely."""
    return legal[rng.randrange(len(legal))]


def few_offers(legal: list[Any], rng: random.Random) -> Any:
    """Uniform among the actions other than offers and counters, which are taken 3% of the time."""
    common = [a for a in legal if a.kind not in RARE_KINDS]
    if common and rng.random() >= 0.03:
        return common[rng.randrange(len(common))]
    return legal[rng.randrange(len(legal))]


def whole_game_digest(variant_id: str, players: int, seed: int, options_name: str,
                      choose: Callable[[list[Any], random.Random], Any] = uniform,
                      options: dict[str, dict[str, Any]] = OPTIONS) -> str:
    """Like tests.game.golden.game_digest, but with options and to the game's end: every listed action and
    event, the state every 50 actions and at the end; a clone now and then must list what its original does."""
    variant = get_variant(variant_id)
    game = variant.new_game(variant.default_seats(players), seed, options[options_name])
    rng = random.Random(seed)
    digest = hashlib.sha256()
    for step in range(MAX_STEPS):
        if game.is_over():
            break
        player = game.active_players()[0]
        legal = game.legal_actions(player)
        digest.update(json.dumps([a.to_json() for a in legal], sort_keys=True).encode())
        if step % 97 == 0:
            assert game.clone().legal_actions(player) == legal, f"a clone lists other actions at step {step}"
        events = game.apply(choose(legal, rng))
        digest.update(json.dumps([e.to_json() for e in events], sort_keys=True, default=str).encode())
        if step % 50 == 0:
            digest.update(json.dumps(game.state_json(), sort_keys=True).encode())
    digest.update(json.dumps(game.state_json(), sort_keys=True).encode())
    digest.update(json.dumps([game.is_over(), game.winner()]).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_seeded_game_lists_and_plays_as_recorded(key: tuple[str, int, int]) -> None:
    """The same listed actions in the same order, the same events and states, as when recorded."""
    assert game_digest(*key) == GOLDEN[key]


@pytest.mark.parametrize("key", WHOLE_GAME_CASES)
def test_seeded_whole_game_plays_to_the_recorded_end(key: tuple[str, int, int, str]) -> None:
    """A whole game, under rule-changing options, lists, plays and ends as when recorded."""
    assert whole_game_digest(*key) == WHOLE_GAMES[key]


@pytest.mark.parametrize("key", FEW_OFFERS_CASES)
def test_seeded_game_with_few_offers_plays_to_the_recorded_end(key: tuple[str, int, int, str]) -> None:
    """A whole game with few offers (the bank runs short in these), under each bank rule, as when recorded."""
    assert whole_game_digest(*key, choose=few_offers, options=FEW_OFFERS_OPTIONS) == FEW_OFFERS[key]


if __name__ == "__main__":  # python -m tests.game.test_catan_golden_games: print the whole-game digests
    for case in WHOLE_GAME_CASES:
        print(f"    {case!r}: \"{whole_game_digest(*case)}\",", file=sys.stdout)
    print()
    for case in FEW_OFFERS_CASES:
        print(f"    {case!r}: \"{whole_game_digest(*case, choose=few_offers, options=FEW_OFFERS_OPTIONS)}\",")
