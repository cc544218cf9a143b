"""Short table animations: tumbling dice, resources flying to players, floating gains, rings, the robber's move."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from gui.fonts import render_text

Point = tuple[float, float]


def ease_out(t: float) -> float:
    """Cubic ease-out on [0, 1]."""
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Animation:
    """Base: runs for `duration` seconds after `delay`; `blocking` ones hold back the next AI move."""

    duration: float
    delay: float = 0.0
    elapsed: float = 0.0
    blocking: bool = False

    @property
    def progress(self) -> float:
        """0..1 once started."""
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration)) if self.duration > 0 else 1.0

    @property
    def started(self) -> bool:
        """Whether the delay has passed."""
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        """Whether it has finished."""
        return self.elapsed >= self.delay + self.duration

    def update(self, dt: float) -> None:
        """Advance the clock."""
        self.elapsed += dt

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the current frame."""


@dataclass
class DiceRoll(Animation):
    """Two dice tumbling before they show the roll."""

    dice: tuple[int, int] = (1, 1)
    seed: int = 0
    blocking: bool = True

    def faces(self) -> tuple[int, int]:
        """The faces to show now (random while tumbling, the roll at the end)."""
        if self.progress >= 0.8:
            return self.dice
        rng = random.Random(self.seed * 97 + int(self.elapsed * 14))
        return (rng.randint(1, 6), rng.randint(1, 6))

    def wobble(self) -> float:
        """Tilt of the dice (-1..1), fading out."""
        p = self.progress
        return 0.0 if p >= 0.8 else math.sin(self.elapsed * 26) * (1 - p / 0.8)


@dataclass
class Flyer(Animation):
    """An icon flying along an arc from a hex to a player's row."""

    image: pygame.Surface | None = None
    start: Point = (0.0, 0.0)
    end: Point = (0.0, 0.0)

    def draw(self, surface: pygame.Surface) -> None:
        """The icon on its way."""
        if not self.started or self.image is None or self.done:
            return
        t = ease_out(self.progress)
        x = self.start[0] + (self.end[0] - self.start[0]) * t
        y = self.start[1] + (self.end[1] - self.start[1]) * t - math.sin(t * math.pi) * 60
        surface.blit(self.image, self.image.get_rect(center=(round(x), round(y))))


@dataclass
class FloatText(Animation):
    """A short summary line ('+2 lumber') that rises and fades beside a player's row."""

    text: str = ""
    color: tuple[int, int, int] = (255, 240, 200)
    pos: Point = (0.0, 0.0)
    size: int = 16

    def draw(self, surface: pygame.Surface) -> None:
        """The text, fading in its last third."""
        if not self.started or self.done:
            return
        p = self.progress
        img = render_text(self.text, self.size, self.color, True)
        shadow = render_text(self.text, self.size, (10, 10, 12), True)
        x = round(self.pos[0] - img.get_width())
        y = round(self.pos[1] - 12 * ease_out(p))
        alpha = 255 if p < 0.66 else int(255 * (1 - p) / 0.34)
        box = pygame.Surface((img.get_width() + 12, img.get_height() + 6), pygame.SRCALPHA)
        box.fill((16, 20, 26, min(alpha, 215)))
        box.blit(shadow, (7, 4))
        box.blit(img, (6, 3))
        box.set_alpha(alpha)
        surface.blit(box, (x - 6, y - 3))


@dataclass
class Ring(Animation):
    """An expanding ring where a piece was placed."""

    pos: Point = (0.0, 0.0)
    color: tuple[int, int, int] = (255, 255, 255)
    radius: float = 30.0

    def draw(self, surface: pygame.Surface) -> None:
        """The ring, growing and thinning."""
        if not self.started or self.done:
            return
        p = ease_out(self.progress)
        r = self.radius * (0.4 + 0.9 * p)
        width = max(1, int(5 * (1 - p)) + 1)
        pygame.draw.circle(surface, self.color, (round(self.pos[0]), round(self.pos[1])), round(r), width)


@dataclass
class RobberSlide(Animation):
    """The robber moving from one hex to another."""

    start: Point = (0.0, 0.0)
    end: Point = (0.0, 0.0)
    blocking: bool = True

    def position(self) -> Point:
        """Where the robber is drawn now."""
        t = ease_out(self.progress)
        return (self.start[0] + (self.end[0] - self.start[0]) * t,
                self.start[1] + (self.end[1] - self.start[1]) * t - math.sin(t * math.pi) * 40)


@dataclass
class Banner(Animation):
    """A large centred message for a moment (a seven, a win)."""

    text: str = ""
    center: Point = (0.0, 0.0)
    size: int = 34
    color: tuple[int, int, int] = (246, 202, 104)

    def draw(self, surface: pygame.Surface) -> None:
        """The banner, fading out at the end."""
        if not self.started or self.done:
            return
        p = self.progress
        alpha = int(255 * min(1.0, p / 0.12, (1 - p) / 0.25 if p > 0.75 else 1.0))
        img = render_text(self.text, self.size, self.color, True)
        box = pygame.Surface((img.get_width() + 48, img.get_height() + 22), pygame.SRCALPHA)
        pygame.draw.rect(box, (14, 18, 24, 225), box.get_rect(), border_radius=14)
        pygame.draw.rect(box, (*self.color, 255), box.get_rect(), 2, border_radius=14)
        box.blit(img, (24, 11))
        box.set_alpha(alpha)
        surface.blit(box, box.get_rect(center=(round(self.center[0]), round(self.center[1]))))


@dataclass
class Animator:
    """The running animations; the scene adds them from events and draws them over the table."""

    speed: float = 1.0
    items: list[Animation] = field(default_factory=list)

    @property
    def enabled(self) -> bool:
        """Animations are off at speed 0."""
        return self.speed > 0

    def add(self, anim: Animation) -> None:
        """Start an animation (scaled by the speed; dropped when animations are off)."""
        if not self.enabled:
            return
        anim.duration /= self.speed
        anim.delay /= self.speed
        self.items.append(anim)

    def update(self, dt: float) -> None:
        """Advance all and drop the finished ones."""
        for anim in self.items:
            anim.update(dt)
        self.items = [a for a in self.items if not a.done]

    @property
    def blocking(self) -> bool:
        """Whether an animation that should finish before the next AI move is running."""
        return any(a.blocking for a in self.items)

    def dice(self) -> DiceRoll | None:
        """The dice animation running now, if any."""
        for a in self.items:
            if isinstance(a, DiceRoll):
                return a
        return None

    def robber(self) -> Point | None:
        """The robber's animated position, if it is moving."""
        for a in self.items:
            if isinstance(a, RobberSlide):
                return a.position()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every running animation."""
        for a in self.items:
            a.draw(surface)

    def clear(self) -> None:
        """Stop everything."""
        self.items.clear()
