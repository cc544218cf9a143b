"""Short animations of the Rivals table: regions turning to their new stock, the dice tumbling, an event card
shown large; all driven by the scene's clock, none of them changes the game."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field


def ease(t: float) -> float:
    """Smooth start and end on [0, 1]."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


@dataclass
class Anim:
    """Base: runs `duration` seconds after `delay`."""

    duration: float
    delay: float = 0.0
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        """0..1 once started."""
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def done(self) -> bool:
        """Whether it has run out."""
        return self.elapsed >= self.delay + self.duration


@dataclass
class RegionTurn(Anim):
    """A region turning from one stock to another (quarter turns, the shorter way is not taken: the card turns
    through every step, as a player turns it one resource at a time)."""

    player: int = 0
    cell: int = 0
    start: int = 0
    end: int = 0

    def quarters(self) -> float:
        """The turn now, in quarter turns."""
        return self.start + (self.end - self.start) * ease(self.progress)


@dataclass
class DiceRoll(Anim):
    """The two dice tumbling before they show the roll."""

    production: int = 1
    face: str = ""
    seed: int = 0
    faces: Sequence[str] = ()

    def shown(self) -> tuple[int, str]:
        """The faces to show now."""
        if self.progress >= 0.8 or not self.faces:
            return self.production, self.face
        k = int(self.elapsed * 16) + self.seed
        return (k * 5 + 3) % 6 + 1, self.faces[(k * 7 + 1) % len(self.faces)]

    def tilt(self) -> float:
        """The dice's tilt in degrees, fading out."""
        p = self.progress
        return 0.0 if p >= 0.8 else math.sin(self.elapsed * 24) * 22 * (1 - p / 0.8)


@dataclass
class EventShow(Anim):
    """An event card held up large for a moment after it is drawn."""

    card: int = -1

    def alpha(self) -> int:
        """Fade in quickly, stay, fade out."""
        p = self.progress
        if p < 0.12:
            return int(255 * p / 0.12)
        if p > 0.8:
            return int(255 * (1 - p) / 0.2)
        return 255


@dataclass
class Animator:
    """The running animations; speed scales the clock (0: animations are skipped)."""

    speed: float = 1.0
    items: list[Anim] = field(default_factory=list)

    @property
    def enabled(self) -> bool:
        """Whether animations are shown at all."""
        return self.speed > 0

    def add(self, anim: Anim) -> None:
        """Start an animation (ignored when animations are off)."""
        if self.enabled:
            self.items.append(anim)

    def update(self, dt: float, waiting: tuple[type, ...] = ()) -> bool:
        """Advance (animations of the `waiting` classes stand still); return whether the set of running
        animations changed."""
        if not self.items:
            return False
        for a in self.items:
            if not isinstance(a, waiting):
                a.elapsed += dt * self.speed
        before = len(self.items)
        self.items = [a for a in self.items if not a.done]
        return len(self.items) != before

    @property
    def busy(self) -> bool:
        """Whether anything is still moving."""
        return bool(self.items)

    def of(self, cls: type) -> list:
        """The running animations of one class."""
        return [a for a in self.items if isinstance(a, cls)]

    def clear(self) -> None:
        """Stop everything."""
        self.items.clear()
