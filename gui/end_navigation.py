"""The end screens' ways out (a mixin): the main menu, a new game, the replay or the review of the game just played."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gui.app import App


class EndNavigation:
    """The end screens' ways out: to the main menu or straight to a new game (a mixin for scenes)."""

    app: App

    def to_menu(self) -> None:
        """Back to the main menu."""
        self.app.to_menu()

    def new_game(self) -> None:
        """Straight to the new game screen."""
        self.to_menu()
        self.app.push("new_game")

    def review(self) -> None:
        """Open the coach's review of the game just played (closing it comes back here)."""
        self.app.push("review", game=self.game)  # type: ignore[attr-defined]

    def watch_replay(self) -> None:
        """Open the replay viewer on the game just played (closing it comes back here)."""
        self.app.go("replay", source=self.game)  # type: ignore[attr-defined]
