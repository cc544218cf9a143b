"""The win-chance evaluation a search or the coach puts at its leaves: the shipped network of a game
(game/ai/weights/: catan-<players>p.json for Catan by player count (2: the two-player game), with catan-4p-variable.json
for four players on a variable board, cards-<players>p.json for the quick card game, <variant>-2p.json for a Rivals
mode,
each checked by its SHA-256), or today's fitted evaluation when there is none, or the file is missing or damaged
(then with one warning line on stderr, once per file and process)."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Mapping, Sequence
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
SHIPPED: frozenset[str] = frozenset({"catan-2p", "catan-3p", "catan-4p", "catan-4p-variable",
                                     *(f"cards-{n}p" for n in range(2, 7))})
# Networks made for one kind of board, by the game's weights name and its `board` option. Both 4-player networks were
# fitted to games on variable boards; the one with 64 hidden units fitted to twice the games (held-out log-loss
# 1.093 against 1.104) made Hard stronger on variable boards, the smaller one on the beginner board (1 Hard against 3
# Normal, seat-rotated from seed 3900, 300 games each; the figures are in family_search, game/ai/search.py).
BOARD_NETS: dict[tuple[str, str], str] = {("catan-4p", "variable"): "catan-4p-variable"}


def weights_name(variant_id: str, players: int, options: Mapping[str, object] | None = None) -> str:
    """The weights name of a game: Catan's and the card game's by player count (and for some, the board its
    `options` name), a Rivals mode's by its id."""
    family = get_variant(variant_id).family
    name = f"{get_variant(variant_id).id}-{players}p" if family == "rivals" else f"{family}-{players}p"
    board = (options or {}).get("board")
    return BOARD_NETS.get((name, board), name) if isinstance(board, str) else name


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
                folder: Path = WEIGHTS_FOLDER, options: Mapping[str, object] | None = None) -> LeafValues:
    """The leaf evaluation of a variant and player count (played with `options`, which may name a board with a
    network of its own): the shipped network, or `fallback` (with one warning line when a network should be there
    but cannot be read)."""
    name = weights_name(variant_id, players, options)
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
