"""The first-game tour of a table: a few steps, each lighting one part (dice, hand, build buttons, trade, log)
with a note and Next / Skip; shown once (remembered in the settings), again with F1 or from the settings."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from gui.dialogs import GOLD, SHADOW, TEXT, TEXT_DIM, StyledButton, blit_text, px
from gui.fonts import font, wrap_text
from gui.widgets import FocusRing


@dataclass(frozen=True)
class TourStep:
    """One stop: the text key ('tour.<name>.title' / '.text') and where on screen the part is."""

    name: str
    target: Callable[[], pygame.Rect]


def _union(rects: list[pygame.Rect]) -> pygame.Rect:
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)


def button_area(scene: Any, *ids: str) -> Callable[[], pygame.Rect]:
    """Where the scene's buttons of these ids are together (for a tour stop)."""
    return lambda: _union([scene.buttons[b].rect for b in ids if b in scene.buttons])


def table_steps(scene: Any) -> list[TourStep]:
    """The stops of a table: first its family's own (scene.tour_steps(): the Catan table's dice and build buttons,
    the others' hand and actions), then players, log, statistics and the menu that every table has."""
    lay = scene.lay
    steps: list[TourStep] = list(scene.tour_steps())

    def buttons(*ids: str) -> Callable[[], pygame.Rect]:
        return button_area(scene, *ids)

    if getattr(lay, "players", None) is not None:
        steps.append(TourStep("players", lambda: scene.lay.players))
    steps.append(TourStep("log", lambda: scene.lay.log))
    if "stats" in scene.buttons:  # the live statistics take the log's place (the I key)
        steps.append(TourStep("stats", buttons("stats")))
    steps.append(TourStep("end", buttons("menu")))
    return steps


class Tour:
    """A modal overlay on a table: the lit part, a note beside it, Next (Enter, →) and Skip (Esc)."""

    def __init__(self, app: Any, steps: list[TourStep], on_done: Callable[[], None]) -> None:
        self.app = app
        self.steps = steps
        self.index = 0
        self.on_done = on_done
        self.focus = FocusRing()
        self.card = pygame.Rect(0, 0, 0, 0)
        self.next_button: StyledButton | None = None
        self.skip_button: StyledButton | None = None
        self.hover_pos: tuple[int, int] = (-1, -1)

    @property
    def step(self) -> TourStep:
        """The current stop."""
        return self.steps[self.index]

    def next(self) -> None:
        """The next stop, or the end after the last."""
        if self.index + 1 >= len(self.steps):
            self.finish()
        else:
            self.index += 1

    def finish(self) -> None:
        """End the tour (Skip or after the last stop): remembered as seen."""
        self.app.settings.tour_seen = True
        save = getattr(self.app, "save_settings", None)
        if callable(save):
            save()
        self.on_done()

    def _layout(self, surface_size: tuple[int, int], scale: float) -> tuple[pygame.Rect, list[str]]:
        """Place the note beside the lit part (below, above, left or right, whichever has room)."""
        t = self.app.t
        target = self.step.target()
        w, h = surface_size
        fs = px(18, scale)
        width = min(w - 40, px(440, scale))
        lines = wrap_text(t(f"tour.{self.step.name}.text"), fs, width - px(36, scale))
        height = px(64, scale) + len(lines) * font(fs).get_linesize() + px(70, scale)
        card = pygame.Rect(0, 0, width, height)
        gap = px(16, scale)
        if target.bottom + gap + height <= h:
            card.midtop = (target.centerx, target.bottom + gap)
        elif target.top - gap - height >= 0:
            card.midbottom = (target.centerx, target.top - gap)
        elif target.left - gap - width >= 0:
            card.midright = (target.left - gap, target.centery)
        else:
            card.midleft = (target.right + gap, target.centery)
        card.clamp_ip(pygame.Rect(0, 0, w, h))
        bw, bh = px(150, scale), px(42, scale)
        y = card.bottom - bh - px(16, scale)
        last = self.index + 1 >= len(self.steps)
        self.next_button = StyledButton(pygame.Rect(card.right - bw - px(18, scale), y, bw, bh),
                                        t("tour.done" if last else "tour.next"), self.next, "primary", font_size=fs)
        self.skip_button = StyledButton(pygame.Rect(card.x + px(18, scale), y, bw, bh), t("tour.skip"), self.finish,
                                        font_size=fs)
        for button in self.widgets:
            button.hovered = button.rect.collidepoint(self.hover_pos)
        self.card = card
        return card, lines

    @property
    def widgets(self) -> list[StyledButton]:
        """The note's buttons (Skip, Next)."""
        return [b for b in (self.skip_button, self.next_button) if b is not None]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Every input goes to the tour while it is up: its buttons, Tab focus, Enter/→ next, Esc skip."""
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = tuple(event.pos)
        if self.focus.handle_event(event, self.widgets):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT, pygame.K_SPACE):
                self.next()
            elif event.key == pygame.K_ESCAPE:
                self.finish()
            return True
        for button in self.widgets:
            if button.handle_event(event) and event.type == pygame.MOUSEBUTTONDOWN:
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.TEXTINPUT)

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        """Darken all but the lit part, ring it in gold, and draw the note with its buttons."""
        w, h = surface.get_size()
        target = self.step.target().inflate(px(12, scale), px(12, scale))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((6, 8, 12, 150))
        shade.fill((0, 0, 0, 0), target)
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, GOLD, target, max(2, px(3, scale)), border_radius=px(10, scale))
        card, lines = self._layout((w, h), scale)
        pygame.draw.rect(surface, SHADOW, card.move(0, px(5, scale)), border_radius=px(12, scale))
        pygame.draw.rect(surface, (36, 42, 56), card, border_radius=px(12, scale))
        pygame.draw.rect(surface, GOLD, card, 2, border_radius=px(12, scale))
        x = card.x + px(18, scale)
        y = card.y + px(14, scale)
        t = self.app.t
        blit_text(surface, t(f"tour.{self.step.name}.title"), px(22, scale), GOLD, (x, y), bold=True)
        blit_text(surface, t("tour.count", step=self.index + 1, total=len(self.steps)), px(15, scale), TEXT_DIM,
                  (card.right - px(18, scale), y + px(4, scale)), "topright")
        fs = px(18, scale)
        y += px(40, scale)
        for line in lines:
            blit_text(surface, line, fs, TEXT, (x, y))
            y += font(fs).get_linesize()
        for button in self.widgets:
            button.draw(surface)
        self.focus.draw(surface, self.widgets)
