"""The scene interface: handle_event, update, draw; the App keeps them on a stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from gui.app import App


class Scene:
    """One screen (menu, table, dialog). `draw` only draws; state changes happen in handle_event/update."""

    #: A scene that is not opaque lets the scene below it show (dialogs).
    opaque: bool = True

    def __init__(self, app: App) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; return True when it was consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and background work by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto the surface (never changes state)."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size; recompute the layout."""

    def on_enter(self) -> None:
        """The scene became the top of the stack."""

    def on_exit(self) -> None:
        """The scene left the stack."""
