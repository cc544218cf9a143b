"""A learned win-chance evaluation in NumPy: one small network scores each seat from its facts (the same weights for
every seat), and a softmax over the seats gives each seat's chance to win. Batched inference, a fit by Adam on
sampled positions, held-out log-loss and calibration, and a versioned weights file checked by its SHA-256."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from game.core.errors import GameError
from game.core.files import PUBLIC_FILE_MODE, read_json_file, write_json_atomically

WEIGHTS_FORMAT = "catan-table-value-net"
WEIGHTS_VERSION = 1
MAX_WEIGHTS_BYTES = 5_000_000
CALIBRATION_BINS = 10


@dataclass(frozen=True)
class ValueNet:
    """Per seat: tanh(x W1 + b1) w2 -> a score; the chances are the softmax of the seats' scores."""

    names: tuple[str, ...]   # the facts each seat's row holds, in order
    w1: np.ndarray           # (facts, hidden)
    b1: np.ndarray           # (hidden,)
    w2: np.ndarray           # (hidden,)

    def scores(self, batch: np.ndarray) -> np.ndarray:
        """Each seat's score for a batch of positions shaped (positions, seats, facts)."""
        return np.tanh(batch @ self.w1 + self.b1) @ self.w2

    def chances(self, batch: np.ndarray) -> np.ndarray:
        """Each seat's chance to win, (positions, seats), every row summing to 1."""
        return softmax(self.scores(batch))


def softmax(scores: np.ndarray) -> np.ndarray:
    """The softmax over the last axis, computed stably."""
    shifted = scores - scores.max(axis=-1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=-1, keepdims=True)  # type: ignore[no-any-return]


def new_net(names: Sequence[str], hidden: int, seed: int) -> ValueNet:
    """A network with small random weights drawn from seed."""
    rng = np.random.default_rng(seed)
    n = len(names)
    return ValueNet(tuple(names), rng.normal(0, 1 / math.sqrt(n), (n, hidden)), np.zeros(hidden),
                    rng.normal(0, 1 / math.sqrt(hidden), hidden))


def log_loss(net: ValueNet, batch: np.ndarray, winners: np.ndarray) -> float:
    """Mean negative log-likelihood of the winners."""
    if len(batch) == 0:
        raise GameError("no positions to measure")
    p = net.chances(batch)[np.arange(len(batch)), winners]
    return float(-np.log(np.clip(p, 1e-12, 1.0)).mean())


def calibration(net: ValueNet, batch: np.ndarray, winners: np.ndarray,
                bins: int = CALIBRATION_BINS) -> tuple[float, list[tuple[float, float, int]]]:
    """The expected calibration error over every seat's predicted chance, and per bin (mean prediction, share of
    wins, count) for the bins that hold any prediction."""
    chances = net.chances(batch).ravel()
    won = (np.arange(batch.shape[1])[None, :] == winners[:, None]).ravel().astype(float)
    which = np.minimum((chances * bins).astype(int), bins - 1)
    table = []
    error = 0.0
    for b in range(bins):
        mask = which == b
        count = int(mask.sum())
        if count:
            mean, share = float(chances[mask].mean()), float(won[mask].mean())
            table.append((mean, share, count))
            error += count * abs(mean - share)
    return error / max(1, len(chances)), table


def targets_of(winners: np.ndarray, seats: int) -> np.ndarray:
    """Winners (one seat index per position) as one-hot rows; rows of chances (positions, seats) stay as they are."""
    if winners.ndim == 2:
        return winners.astype(float)
    out = np.zeros((len(winners), seats))
    out[np.arange(len(winners)), winners] = 1.0
    return out


def train(net: ValueNet, batch: np.ndarray, winners: np.ndarray, epochs: int = 60, rate: float = 0.01,
          ridge: float = 1e-4, minibatch: int = 512, seed: int = 0) -> ValueNet:
    """The network after Adam on the mean cross-entropy of the targets (the winners, or rows of target chances
    such as a search's values mixed with the outcome) plus a ridge on the weights, in minibatches drawn in an
    order from seed."""
    targets = targets_of(winners, batch.shape[1])
    params = [net.w1.copy(), net.b1.copy(), net.w2.copy()]
    moments = [np.zeros_like(x) for x in params]
    squares = [np.zeros_like(x) for x in params]
    rng = np.random.default_rng(seed)
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(batch))
        for start in range(0, len(order), minibatch):
            idx = order[start:start + minibatch]
            grads = _gradients(params, batch[idx], targets[idx], ridge)
            step += 1
            for k, g in enumerate(grads):
                moments[k] = 0.9 * moments[k] + 0.1 * g
                squares[k] = 0.999 * squares[k] + 0.001 * g * g
                m_hat = moments[k] / (1 - 0.9 ** step)
                v_hat = squares[k] / (1 - 0.999 ** step)
                params[k] -= rate * m_hat / (np.sqrt(v_hat) + 1e-8)
    return ValueNet(net.names, *params)


def _gradients(params: list[np.ndarray], x: np.ndarray, winners: np.ndarray, ridge: float) -> list[np.ndarray]:
    w1, b1, w2 = params
    hidden = np.tanh(x @ w1 + b1)                        # (B, S, H)
    p = softmax(hidden @ w2)                             # (B, S)
    target = targets_of(winners, x.shape[1])
    d_score = (p - target) / len(x)                      # (B, S)
    g_w2 = np.einsum("bs,bsh->h", d_score, hidden) + ridge * w2
    d_hidden = d_score[..., None] * w2 * (1 - hidden * hidden)
    g_w1 = np.einsum("bsf,bsh->fh", x, d_hidden) + ridge * w1
    g_b1 = d_hidden.sum(axis=(0, 1))
    return [g_w1, g_b1, g_w2]


def _payload(net: ValueNet, meta: dict[str, Any]) -> dict[str, Any]:
    return {"names": list(net.names), "w1": net.w1.tolist(), "b1": net.b1.tolist(), "w2": net.w2.tolist(),
            "meta": meta}


def _digest(payload: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def save_net(net: ValueNet, path: Path, meta: dict[str, Any]) -> None:
    """Write the weights file: format, version, the weights and what made them, and their SHA-256 (readable by
    all, as a file made to be shipped)."""
    payload = _payload(net, meta)
    write_json_atomically(path, {"format": WEIGHTS_FORMAT, "version": WEIGHTS_VERSION, "payload": payload,
                                 "sha256": _digest(payload)}, indent=None, mode=PUBLIC_FILE_MODE)


def load_net(path: Path) -> tuple[ValueNet, dict[str, Any]]:
    """The network of a weights file and what made it; GameError naming the fault of a missing, damaged or
    foreign file (nothing is changed)."""
    data = read_json_file(path, GameError, MAX_WEIGHTS_BYTES)
    if not isinstance(data, dict) or data.get("format") != WEIGHTS_FORMAT:
        raise GameError(f"{path}: not a {WEIGHTS_FORMAT} file")
    if data.get("version") != WEIGHTS_VERSION:
        raise GameError(f"{path}: version {data.get('version')!r} is not supported (this program reads "
                        f"{WEIGHTS_VERSION})")
    payload = data.get("payload")
    if not isinstance(payload, dict) or data.get("sha256") != _digest(payload):
        raise GameError(f"{path}: the checksum does not match (the file is damaged)")
    try:
        names = tuple(str(n) for n in payload["names"])
        w1, b1, w2 = (np.asarray(payload[k], dtype=float) for k in ("w1", "b1", "w2"))
    except (KeyError, TypeError, ValueError) as exc:
        raise GameError(f"{path}: the weights cannot be read ({exc})") from exc
    if w1.shape != (len(names), len(b1)) or w2.shape != b1.shape or not np.isfinite(w1).all() \
            or not np.isfinite(w2).all() or not np.isfinite(b1).all():
        raise GameError(f"{path}: the weights have the wrong shape or are not finite")
    meta = payload.get("meta")
    return ValueNet(names, w1, b1, w2), meta if isinstance(meta, dict) else {}
