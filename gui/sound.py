"""The app's sounds: synthesised in code at start-up (no recorded assets), played through pygame's mixer on game
events; a silent player where no audio device exists."""

from __future__ import annotations

import io
import logging
import math
import os
import random
import struct
import wave
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pygame

log = logging.getLogger(__name__)

RATE = 22050
#: Bumped whenever a recipe changes, so sounds cached by an older version are made again.
SOUND_VERSION = 1
#: The sounds the app plays, each a synthesis recipe below.
SOUND_NAMES: tuple[str, ...] = ("dice", "build", "card", "robber", "trade", "win", "click")

#: Which game event kinds (all three families) make which sound.
EVENT_SOUNDS: dict[str, str] = {
    # Catan
    "dice_rolled": "dice", "piece_built": "build", "neutral_built": "build", "dev_card_bought": "card",
    "dev_card_played": "card", "robber_moved": "robber", "card_stolen": "robber", "maritime_traded": "trade",
    "trade_done": "trade", "game_won": "win",
    # Rivals (dice_rolled, game_won as above)
    "card_built": "build", "regions_placed": "build", "card_played": "card", "card_drawn": "card",
    "event_card_drawn": "card", "traded": "trade", "resource_lost": "robber", "hand_card_taken": "robber",
    # the quick card game
    "cards_settlement_built": "build", "cards_city_built": "build", "cards_development_built": "build",
    "cards_pile_card_built": "build", "cards_taken": "card", "cards_drawn": "card", "cards_fate_flipped": "card",
    "cards_robber_raid": "robber", "cards_market_exchanged": "trade", "cards_pile_exchanged": "trade",
    "cards_game_won": "win",
}
#: When one action makes several sounds, only the first in this order plays (a roll's production stays quiet).
PRIORITY: tuple[str, ...] = ("win", "robber", "dice", "build", "trade", "card", "click")
#: Loudness of each sound relative to the loudest (a button click stays soft).
GAIN: dict[str, float] = {"click": 0.3, "card": 0.6, "dice": 0.8}


# ------------------------------------------------------------------ synthesis


def _envelope(i: int, n: int, attack: float, decay: float) -> float:
    """A linear attack then an exponential decay (attack and decay in seconds)."""
    t = i / RATE
    if t < attack:
        return t / attack if attack > 0 else 1.0
    return math.exp(-(t - attack) / decay) * min(1.0, (n - i) / (0.004 * RATE))


def _tone(freq: float, seconds: float, attack: float, decay: float, amp: float = 0.5,
          harmonics: Sequence[float] = (1.0,), glide: float = 0.0) -> list[float]:
    """A decaying tone with harmonics; glide bends the pitch by that factor over its length."""
    n = int(seconds * RATE)
    out = [0.0] * n
    phase = 0.0
    for i in range(n):
        f = freq * (1.0 + glide * i / n)
        phase += 2 * math.pi * f / RATE
        value = sum(h * math.sin(phase * (k + 1)) for k, h in enumerate(harmonics) if h)
        out[i] = amp * value * _envelope(i, n, attack, decay)
    return out


def _noise(seconds: float, decay: float, amp: float, rng: random.Random, smooth: float = 0.5) -> list[float]:
    """Short low-passed noise (smooth near 1 makes it duller)."""
    n = int(seconds * RATE)
    out = [0.0] * n
    last = 0.0
    for i in range(n):
        last = smooth * last + (1 - smooth) * rng.uniform(-1.0, 1.0)
        out[i] = amp * last * _envelope(i, n, 0.001, decay)
    return out


def _mix(length: float, parts: Iterable[tuple[float, list[float]]]) -> list[float]:
    """Lay parts (start second, samples) onto one track of length seconds."""
    track = [0.0] * int(length * RATE)
    for start, samples in parts:
        offset = int(start * RATE)
        for i, v in enumerate(samples[: max(0, len(track) - offset)]):
            track[offset + i] += v
    return track


def synthesize(name: str) -> list[float]:
    """The samples (-1..1, mono, RATE per second) of one named sound; the same every time."""
    rng = random.Random(name)  # fixed seed: a sound is part of the program, not of any game's chance
    if name == "dice":
        # Two dice rattling: a handful of wooden clicks, closer together and softer towards the end.
        parts, t = [], 0.0
        for k in range(7):
            click = _tone(rng.uniform(900, 1500), 0.05, 0.001, 0.012, 0.35, (1.0, 0.4, 0.2))
            parts.append((t, [a + b for a, b in zip(click, _noise(0.05, 0.008, 0.25, rng, 0.3))]))
            t += 0.055 + 0.02 * rng.random() + 0.012 * k
        return _mix(t + 0.08, parts)
    if name == "build":
        # A wooden piece set down: a low knock with a short bright tap.
        return _mix(0.3, [(0.0, _tone(170, 0.3, 0.002, 0.06, 0.55, (1.0, 0.5, 0.15), glide=-0.15)),
                          (0.0, _noise(0.04, 0.01, 0.35, rng, 0.2))])
    if name == "card":
        # A card slid across the table: a soft swish of noise.
        n = int(0.18 * RATE)
        swish = _noise(0.18, 0.5, 0.5, rng, 0.75)
        return [v * math.sin(math.pi * i / n) for i, v in enumerate(swish)]
    if name == "robber":
        # Two low, falling notes.
        return _mix(0.75, [(0.0, _tone(196, 0.35, 0.01, 0.18, 0.45, (1.0, 0.3, 0.2))),
                           (0.28, _tone(147, 0.47, 0.01, 0.25, 0.45, (1.0, 0.3, 0.2), glide=-0.05))])
    if name == "trade":
        # Two bright chimes going up.
        return _mix(0.6, [(0.0, _tone(659.3, 0.45, 0.004, 0.15, 0.35, (1.0, 0.25, 0.1))),
                          (0.12, _tone(880.0, 0.48, 0.004, 0.18, 0.35, (1.0, 0.25, 0.1)))])
    if name == "win":
        # A rising fanfare, the last note held.
        notes = (523.3, 659.3, 784.0, 1046.5)
        parts = [(0.14 * k, _tone(f, 0.9 if k == 3 else 0.3, 0.006, 0.45 if k == 3 else 0.14, 0.3,
                                  (1.0, 0.45, 0.25, 0.1))) for k, f in enumerate(notes)]
        return _mix(1.35, parts)
    if name == "click":
        return _tone(1800, 0.03, 0.0005, 0.006, 0.25, (1.0, 0.3))
    raise ValueError(f"no sound named {name!r}")


def wav_bytes(samples: Sequence[float], gain: float = 0.9) -> bytes:
    """Samples as a 16-bit mono WAV file in memory, peak at gain (the mixer converts it to its own format)."""
    peak = max((abs(v) for v in samples), default=0.0) or 1.0
    frames = struct.pack(f"<{len(samples)}h", *(int(32000 * gain * v / peak) for v in samples))
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return buffer.getvalue()


def sound_for(kinds: Iterable[str]) -> str | None:
    """The one sound for a batch of event kinds (highest priority first), or None."""
    names = {EVENT_SOUNDS[k] for k in kinds if k in EVENT_SOUNDS}
    return next((n for n in PRIORITY if n in names), None)


# ------------------------------------------------------------------ the player


class SoundPlayer:
    """Owns the mixer and the app's sounds; silent (every call a no-op) when no audio device could be opened."""

    def __init__(self, volume: Callable[[], float], muted: Callable[[], bool], enabled: bool = True,
                 cache_dir: Path | None = None) -> None:
        self._volume = volume
        self._muted = muted
        self.cache_dir = Path(cache_dir) / f"v{SOUND_VERSION}" if cache_dir is not None else None
        self.sounds: dict[str, Any] = {}
        self.available = False
        self.played: list[str] = []  # every sound actually started, newest last (kept short; tests read it)
        if enabled:
            self._open()

    def _open(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(RATE, -16, 2, 512)
                pygame.mixer.init()
            for name in SOUND_NAMES:
                self.sounds[name] = self._load(name)
            self.available = True
        except (pygame.error, OSError, ValueError) as exc:  # no audio device: the app stays silent
            log.info("sound is off: %s", exc)
            self.sounds.clear()
            self.available = False

    def _load(self, name: str) -> Any:
        """One sound from the cache folder, made (and cached) when missing or unreadable."""
        path = self.cache_dir / f"{name}.wav" if self.cache_dir is not None else None
        if path is not None and path.is_file():
            try:
                return pygame.mixer.Sound(file=str(path))
            except pygame.error:
                log.info("cached sound %s unreadable; making it again", path)
        data = wav_bytes(synthesize(name), GAIN.get(name, 0.9))
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                temporary = path.with_suffix(".tmp")
                temporary.write_bytes(data)
                os.replace(temporary, path)
            except OSError as exc:  # a read-only cache only costs the synthesis at the next start
                log.info("sound cache not written: %s", exc)
        return pygame.mixer.Sound(file=io.BytesIO(data))

    @property
    def muted(self) -> bool:
        """Whether the player has muted the sound (M)."""
        return bool(self._muted())

    @property
    def level(self) -> float:
        """The effective volume 0..1 (0 when muted)."""
        return 0.0 if self.muted else max(0.0, min(1.0, float(self._volume())))

    def play(self, name: str) -> bool:
        """Start one sound at the current volume; False when silent (muted, volume 0, no device)."""
        level = self.level
        sound = self.sounds.get(name)
        if sound is None or level <= 0.0:
            return False
        try:
            sound.set_volume(level)
            sound.play()
        except pygame.error as exc:
            log.info("sound %s not played: %s", name, exc)
            return False
        self.played.append(name)
        del self.played[:-20]
        return True

    def on_game_events(self, action: Any, events: list[Any]) -> None:
        """A session listener: play the sound of an applied action's events."""
        name = sound_for(getattr(e, "kind", "") for e in events)
        if name is not None:
            self.play(name)

    def close(self) -> None:
        """Stop every sound and release the device."""
        if self.available:
            try:
                pygame.mixer.quit()
            except pygame.error:
                pass
        self.available = False
        self.sounds.clear()
