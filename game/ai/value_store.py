"""The win-chance evaluation a search or the coach puts at its leaves: the shipped network of a game
(game/ai/weights/: catan-<players>p.json for Catan by player count (2: the two-player game), cards-<players>p.json for
the quick card game, <variant>-2p.json for a Rivals mode,
each checked by its SHA-256), or today's fitted evaluation when there is none, or the file is missing or damaged
(then with one warning line on stderr, once per file and process)."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.ai.value_features import feature_reader
from game.ai.value_net import ValueNet, load_net
from game.core.errors import GameError
from game.core.game import Game
from game.core.registry import get_variant

WEIGHTS_FOLDER = Path(__file__).with_name("weights")
# The games a network is trained and shipped for, by weights name (the others use the fitted evaluation). Rivals
# has none: on the fitted evaluation's own facts a network predicted the winner of held-out intro games no better
# (log-loss 0.5324 against 0.5335; python3 -m game train --variant rivals-intro --games 3000 --seed 20000).
SHIPPED: frozenset[str] = frozenset({"catan-2p", "catan-3p", "catan-4p", *(f"cards-{n}p" for n in range(2, 7))})


def weights_name(variant_id: str, players: int) -> str:
    """The weights name of a game: Catan's and the card game's by player count, a Rivals mode's by its id."""
    family = get_variant(variant_id).family
    return f"{get_variant(variant_id).id}-{players}p" if family == "rivals" else f"{family}-{players}p"


def weights_path(family: str, players: int, folder: Path = WEIGHTS_FOLDER) -> Path:
    """Where the Catan weights of a player count live (a family's name and count: `<family>-<players>p.json`)."""
    return folder / f"{family}-{players}p.json"


@dataclass(frozen=True)
class LeafValues:
    """Each position's chance for one seat: by the network when it has one (batched), else by `fallback`."""

    net: ValueNet | None
    read: Callable[[Game], tuple[tuple[float, ...], ...]] | None
    fallback: Callable[[Game, int], float]
    source: str  # "network" or "fitted", for reports

    def chances(self, games: Sequence[Game]) -> np.ndarray:
        """Every seat's chance to win in each game, (games, seats), rows summing to 1 (a finished game: 1 for its
        winner)."""
        seats = games[0].num_players if games else 0
        out = np.zeros((len(games), seats))
        open_games = []
        for i, game in enumerate(games):
            winner = game.winner() if game.is_over() else None
            if winner is not None:
                out[i, winner] = 1.0
            elif game.is_over():
                out[i] = 1.0 / seats
            else:
                open_games.append(i)
        if not open_games:
            return out
        if self.net is None or self.read is None:
            for i in open_games:
                out[i] = [self.fallback(games[i], q) for q in range(seats)]
            return out
        batch = np.asarray([self.read(games[i]) for i in open_games], dtype=float)
        out[open_games] = self.net.chances(batch)
        return out

    def values(self, games: Sequence[Game], player: int) -> list[float]:
        """The chance of `player` to win in each game (1 or 0 for a finished game)."""
        return [float(v) for v in self.chances(games)[:, player]] if games else []


def leaf_values(variant_id: str, players: int, fallback: Callable[[Game, int], float],
                folder: Path = WEIGHTS_FOLDER) -> LeafValues:
    """The leaf evaluation of a variant and player count: the shipped network, or `fallback` (with one warning
    line when a network should be there but cannot be read)."""
    name = weights_name(variant_id, players)
    if name not in SHIPPED:
        return LeafValues(None, None, fallback, "fitted")
    names, read = feature_reader(variant_id, players)
    net = shipped_net(folder / f"{name}.json", tuple(names))
    if net is None:
        return LeafValues(None, None, fallback, "fitted")
    return LeafValues(net, read, fallback, "network")


@functools.cache
def shipped_net(path: Path, names: tuple[str, ...], instead: str = "the fitted evaluation") -> ValueNet | None:
    """The network of a weights file, read once per process; None (after one warning line saying that `instead`
    is used) if it cannot be read or was made for other facts than `names`."""
    try:
        net, _ = load_net(path)
    except GameError as exc:
        _warn(f"{exc}; {instead} is used instead")
        return None
    if net.names != names:
        _warn(f"{path}: made for other facts than this program reads; {instead} is used instead")
        return None
    return net


def _warn(message: str) -> None:
    print(f"warning: {message}", file=sys.stderr)
