"""A toast: a short note that fades in, stays a moment and fades out without blocking anything (e.g. "saved")."""

from __future__ import annotations

import pygame

from gui.fonts import render_text

FADE_IN = 0.15
FADE_OUT = 0.6
TONES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]] = {
    # background, edge, text
    "info": ((30, 62, 52), (120, 196, 150), (232, 250, 238)),
    "error": ((90, 40, 36), (214, 168, 58), (255, 230, 200)),
}


class Toast:
    """One note at a time: show() replaces the current one; update() runs the clock; draw() fades it."""

    def __init__(self) -> None:
        self.text = ""
        self.tone = "info"
        self.total = 0.0
        self.left = 0.0
        self._image: tuple[tuple[str, str, int, int], pygame.Surface] | None = None

    def show(self, text: str, seconds: float = 2.6, tone: str = "info") -> None:
        """Put up a note for `seconds` (tone 'info' or 'error')."""
        self.text = text
        self.tone = tone if tone in TONES else "info"
        self.total = self.left = max(FADE_IN + FADE_OUT, seconds)

    def update(self, dt: float) -> None:
        """Advance the clock."""
        self.left = max(0.0, self.left - dt)

    @property
    def visible(self) -> bool:
        """Whether a note is up."""
        return self.left > 0 and bool(self.text)

    def alpha(self) -> int:
        """The note's opacity now: fading in, full, fading out."""
        if not self.visible:
            return 0
        shown = self.total - self.left
        k = min(1.0, shown / FADE_IN, self.left / FADE_OUT)
        return max(0, min(255, int(255 * k)))

    def image(self, font_size: int, max_width: int) -> pygame.Surface:
        """The note's box (cached per text, tone and size)."""
        key = (self.text, self.tone, font_size, max_width)
        if self._image is None or self._image[0] != key:
            bg, edge, fg = TONES[self.tone]
            size = font_size
            label = render_text(self.text, size, fg, True)
            while label.get_width() > max_width - 28 and size > 10:
                size -= 1
                label = render_text(self.text, size, fg, True)
            box = pygame.Surface((min(max_width, label.get_width() + 28), label.get_height() + 16), pygame.SRCALPHA)
            radius = box.get_height() // 2
            pygame.draw.rect(box, (*bg, 240), box.get_rect(), border_radius=radius)
            pygame.draw.rect(box, (*edge, 255), box.get_rect(), 2, border_radius=radius)
            box.blit(label, label.get_rect(center=box.get_rect().center))
            self._image = (key, box)
        return self._image[1]

    def draw(self, surface: pygame.Surface, midtop: tuple[int, int], font_size: int, max_width: int) -> None:
        """Draw the note with its top centre at midtop (nothing when none is up)."""
        alpha = self.alpha()
        if not alpha:
            return
        img = self.image(font_size, max_width)
        img.set_alpha(alpha)
        surface.blit(img, img.get_rect(midtop=midtop))


__all__ = ["Toast"]
