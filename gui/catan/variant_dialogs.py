"""Dialogs of the two-player game: giving cards back after a forced trade, and choosing a neutral colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.catan.two_player import BuildNeutral, GiveBack
from gui.catan.dialogs import draw_cards_inline
from gui.dialogs import GOLD, GOLD_DARK, StyledButton, blit_text, px
from gui.table.colors import player_rgb
from gui.table.dialogs import ResourceGrid, TableDialog
from gui.widgets import TEXT_DIM

if TYPE_CHECKING:
    from gui.catan.scene import CatanTableScene


class GiveBackDialog(ResourceGrid):
    """After a forced trade: choose exactly the owed cards (2, or all one has) for the opponent."""

    name = "give_back"
    closable = False
    columns = ("give",)

    def owed(self) -> int:
        """How many cards go back (asked of the game)."""
        count = getattr(self.scene.game, "give_back_count", None)
        return int(count(self.player)) if callable(count) else min(2, sum(self.hand()))

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """The taken cards, five rows and a button."""
        return px(480, scale), px(430, scale)

    def maximum(self, column: str, r: int) -> int | None:
        """Not more than one holds."""
        return self.hand()[r]

    def grid_top(self) -> int:
        """Below the line with the taken cards."""
        return self.body_top + px(66, self.s)

    def build(self) -> None:
        """Steppers and the Give back button."""
        opponent = self.scene.player_name(1 - self.player) if self.scene.game.num_players == 2 else "?"
        self.title = self.t("table.give_back.title", count=self.owed(), player=opponent)
        self.build_grid()
        self.ok, = self.bottom_buttons([("table.give_back.ok", self._ok, "primary")])

    def chosen(self) -> GiveBack:
        """The action as the steppers stand."""
        return GiveBack(self.player, tuple(self.values["give"]))

    def refresh(self) -> None:
        """Enabled exactly when the game would take the choice."""
        cards = self.values["give"]
        self.ok.enabled = self.scene.session.is_legal(self.chosen())
        self.ok.label = self.t("table.give_back.ok", count=sum(cards), owed=self.owed())

    def _ok(self) -> None:
        self.act(self.chosen())

    def draw_body(self, surface: pygame.Surface) -> None:
        """What the forced trade took, then the rows."""
        x = self.rect.x + px(24, self.s)
        y = self.body_top + px(10, self.s)
        taken = self.scene.game.state.extra.get("forced_taken", self.scene.last_taken)
        label = self.t("table.give_back.taken")
        r = blit_text(surface, label, self.fs - 1, TEXT_DIM, (x, y), "midleft", bold=True)
        if taken is not None:
            draw_cards_inline(surface, (r.right + px(10, self.s), y), taken, self.icon, self.fs - 1,
                              self.t("table.nothing"))
        else:
            blit_text(surface, self.t("table.give_back.taken_unknown"), self.fs - 1, TEXT_DIM,
                      (r.right + px(10, self.s), y), "midleft")
        y += px(24, self.s)
        pygame.draw.line(surface, GOLD_DARK, (x, y), (self.rect.right - px(24, self.s), y), 1)
        self.draw_grid(surface, (self.t("table.give_back.header"),), self.hand())


class NeutralChoiceDialog(TableDialog):
    """Both neutral colours could take the clicked spot: which one builds there?"""

    name = "neutral"

    def __init__(self, scene: CatanTableScene, player: int, options: Sequence[BuildNeutral],
                 anchor: tuple[int, int] | None = None) -> None:
        super().__init__(scene, player)
        self.options = tuple(options)
        self.anchor = anchor

    def layout(self, area: pygame.Rect, scale: float) -> None:
        """Centred, but moved to the half of the board away from the clicked spot so it stays visible."""
        super().layout(area, scale)
        if self.anchor is None:
            return
        moved = self.rect.copy()
        if self.anchor[1] < area.centery:
            moved.bottom = area.bottom - px(8, scale)
        else:
            moved.top = area.top + px(8, scale)
        dy = moved.y - self.rect.y
        self.rect = moved
        for b in self.buttons:
            b.rect = b.rect.move(0, dy)

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """A button per neutral colour and Cancel."""
        return px(440, scale), px(150 + 58 * len(self.options), scale)

    def build(self) -> None:
        """The colour buttons."""
        piece = self.options[0].piece if self.options else "settlement"
        self.title = self.t("table.neutral_choice.title", piece=self.t(f"table.piece_acc.{piece}"))
        y = self.body_top + px(10, self.s)
        self.choice_buttons: list[tuple[BuildNeutral, StyledButton]] = []
        for action in self.options:
            rect = pygame.Rect(self.rect.x + px(30, self.s), y, self.rect.w - px(60, self.s), px(46, self.s))
            b = StyledButton(rect, self.scene.player_name(action.neutral), lambda a=action: self.act(a),
                             font_size=max(11, self.fs))
            self.buttons.append(b)
            self.choice_buttons.append((action, b))
            y += px(58, self.s)
        self.bottom_buttons([("table.cancel", self.close, "secondary")])

    def refresh(self) -> None:
        """Only choices the game still accepts."""
        for action, b in self.choice_buttons:
            b.enabled = self.scene.session.is_legal(action)

    def draw(self, surface: pygame.Surface) -> None:
        """The buttons with colour marks beside the names, and a ring round the clicked spot."""
        if self.anchor is not None:
            pygame.draw.circle(surface, (20, 16, 10), self.anchor, px(17, self.s), max(2, px(6, self.s)))
            pygame.draw.circle(surface, GOLD, self.anchor, px(17, self.s), max(2, px(3, self.s)))
        super().draw(surface)
        for action, b in self.choice_buttons:
            center = (b.rect.x + px(20, self.s), b.rect.centery)
            pygame.draw.circle(surface, player_rgb(self.scene.owner_color(action.neutral)), center, px(9, self.s))
            pygame.draw.circle(surface, (20, 20, 24), center, px(9, self.s), 1)


__all__ = ["GiveBackDialog", "NeutralChoiceDialog"]
