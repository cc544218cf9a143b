"""Dialogs that show cards to choose from: a searched stack (or the discard pile), two new regions, the region
stack for a Scout, and the face-up stack."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
from game.rivals import actions as A
from gui.dialogs import blit_text, fit_text, px
from gui.rivals.dialogs import LEGAL_EDGE, SELECT_EDGE, CardSlot, RivalsDialog, card_under, grid_rects
from gui.rivals.pieces import draw_count
from gui.widgets import TEXT_DIM

if TYPE_CHECKING:
    from gui.rivals.scene import RivalsTableScene


def revealed_pile(view: Any) -> tuple[int, ...]:
    """The cards this seat may look through now: a searched stack, or the discard pile (in their order)."""
    return view.revealed.get("stack") or view.revealed.get("discard") or ()


class StackPickDialog(RivalsDialog):
    """Look through a stack (its order kept) and take one card; the searched stack is shown only to this seat."""

    name = "stack_pick"
    closable = False

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """As large as the table allows."""
        return min(area.w - px(40, scale), px(980, scale)), min(area.h - px(30, scale), px(600, scale))

    def build(self) -> None:
        """The cards in their order."""
        view = self.scene.game.view(self.player)
        self.cards = list(revealed_pile(view))
        kind, data = view.decision if view.decision else ("", ())
        stack = data[0] if data and isinstance(data[0], int) else 0
        key = f"rivals.pick.{kind}"
        self.title = self.t(key if self.scene.app.translator.has(key) else "rivals.pick.search_pick",
                            stack=self.scene.names().stack(stack))
        area = pygame.Rect(self.rect.x + px(20, self.s), self.body_top + px(30, self.s), self.rect.w - px(40, self.s),
                           self.rect.bottom - self.body_top - px(50, self.s))
        self.rects = grid_rects(area, len(self.cards), 1.5, px(140, self.s), px(10, self.s))
        self.hover = -1

    def _pick(self, i: int) -> Action:
        return A.PickFromStack(self.player, i)

    def focus_extra(self) -> list[Any]:
        """Each card the seat may take (Enter takes it)."""
        return [CardSlot(r, lambda i=i: self.act(self._pick(i)), self.is_legal(self._pick(i)))
                for i, r in enumerate(self.rects)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on a card takes it."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), -1)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos) and self.is_legal(self._pick(i)):
                    self.act(self._pick(i))
                    return True
        return super().handle_event(event)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card under pos."""
        return card_under(pos, self.cards, self.rects)

    def draw_body(self, surface: pygame.Surface) -> None:
        """The cards, top first; the hovered one framed."""
        blit_text(surface, self.t("rivals.pick.hint"), max(10, self.fs - 2), TEXT_DIM,
                  (self.rect.centerx, self.body_top + px(4, self.s)), "midtop")
        for i, (card, r) in enumerate(zip(self.cards, self.rects)):
            self.draw_card(surface, card, r, SELECT_EDGE if i == self.hover else None)
            draw_count(surface, str(i + 1), (r.x + px(12, self.s), r.y + px(10, self.s)), max(9, self.fs - 5))


class PlaceRegionsDialog(RivalsDialog):
    """A new settlement's two regions: keep them as drawn or swap them (top and bottom)."""

    name = "place_regions"
    closable = False

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Two columns of two regions."""
        return px(560, scale), px(460, scale)

    def build(self) -> None:
        """Keep and Swap under their previews."""
        self.title = self.t("rivals.place.title")
        view = self.scene.game.view(self.player)
        top, bottom = view.decision[1] if view.decision else (0, 0)
        grid = view.grid[self.player]
        self.pair = (grid[top], grid[bottom])
        side = px(120, self.s)
        gap = px(10, self.s)
        self.columns = []
        for k, swap in enumerate((False, True)):
            cx = self.rect.x + self.rect.w * (1 + 2 * k) // 4
            r1 = pygame.Rect(0, 0, side, side)
            r1.midtop = (cx, self.body_top + px(30, self.s))
            r2 = r1.move(0, side + gap)
            self.columns.append((swap, r1, r2))
            b = pygame.Rect(0, 0, px(200, self.s), px(40, self.s))
            b.midtop = (cx, r2.bottom + px(18, self.s))
            self.button(b, "rivals.place.swap" if swap else "rivals.place.keep",
                        lambda swap=swap: self.act(A.PlaceRegions(self.player, swap)),
                        "primary" if not swap else "secondary")

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """A region under pos."""
        for swap, r1, r2 in self.columns:
            first, second = (self.pair[1], self.pair[0]) if swap else self.pair
            if r1.collidepoint(pos):
                return first
            if r2.collidepoint(pos):
                return second
        return None

    def draw_body(self, surface: pygame.Surface) -> None:
        """Both arrangements."""
        blit_text(surface, self.t("rivals.place.hint"), max(10, self.fs - 2), TEXT_DIM,
                  (self.rect.centerx, self.body_top + px(4, self.s)), "midtop")
        for swap, r1, r2 in self.columns:
            first, second = (self.pair[1], self.pair[0]) if swap else self.pair
            self.draw_card(surface, first, r1)
            self.draw_card(surface, second, r2)


class ScoutDialog(RivalsDialog):
    """A settlement with a Scout in hand: build it with the top two regions, or play the Scout and pick two
    regions from the region stack (the first pick lies above the road, the second below)."""

    name = "scout"

    def __init__(self, scene: RivalsTableScene, player: int, options: Sequence[A.BuildSettlement]) -> None:
        self.plain = next((a for a in options if a.scout < 0), None)
        self.with_scout = next((a for a in options if a.scout >= 0), None)
        self.picks: list[int] = []
        super().__init__(scene, player)

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """The region stack in rows."""
        return min(area.w - px(40, scale), px(900, scale)), min(area.h - px(30, scale), px(560, scale))

    def build(self) -> None:
        """The regions and the buttons."""
        self.title = self.t("rivals.scout.title")
        self.regions = list(self.scene.game.view(self.player).revealed.get("region_stack", ()))
        area = pygame.Rect(self.rect.x + px(20, self.s), self.body_top + px(34, self.s), self.rect.w - px(40, self.s),
                           self.rect.bottom - self.body_top - px(110, self.s))
        self.rects = grid_rects(area, len(self.regions), 1.0, px(110, self.s), px(10, self.s))
        self.use_b, self.plain_b, _ = self.bottom_buttons([
            ("rivals.scout.use", self._use, "primary"), ("rivals.scout.plain", self._plain, "secondary"),
            ("rivals.cancel", self.close, "secondary")])

    def chosen(self) -> A.BuildSettlement | None:
        """The Scout build with the picks so far."""
        if self.with_scout is None:
            return None
        return A.BuildSettlement(self.player, self.with_scout.x, self.with_scout.payment, self.with_scout.scout,
                                 tuple(self.picks))

    def refresh(self) -> None:
        """Use the Scout only with an accepted pick."""
        chosen = self.chosen()
        self.use_b.enabled = chosen is not None and self.is_legal(chosen)
        self.plain_b.enabled = self.plain is not None

    def _use(self) -> None:
        chosen = self.chosen()
        if chosen is not None:
            self.scene.perform(chosen)

    def _plain(self) -> None:
        if self.plain is not None:
            self.scene.perform(self.plain)

    def _toggle(self, i: int) -> None:
        """Pick (up to two) or unpick a region."""
        if i in self.picks:
            self.picks.remove(i)
        elif len(self.picks) < 2:
            self.picks.append(i)
        self.refresh()

    def focus_extra(self) -> list[Any]:
        """Each region of the stack (Enter picks or unpicks it)."""
        return [CardSlot(r, lambda i=i: self._toggle(i)) for i, r in enumerate(self.rects)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks pick (up to two) or unpick regions."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self._toggle(i)
                    return True
        return super().handle_event(event)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The region under pos."""
        return card_under(pos, self.regions, self.rects)

    def draw_body(self, surface: pygame.Surface) -> None:
        """The region stack; picks framed and numbered."""
        blit_text(surface, self.t("rivals.scout.hint"), max(10, self.fs - 2), TEXT_DIM,
                  (self.rect.centerx, self.body_top + px(6, self.s)), "midtop")
        for i, (card, r) in enumerate(zip(self.regions, self.rects)):
            picked = i in self.picks
            self.draw_card(surface, card, r, SELECT_EDGE if picked else None)
            if picked:
                draw_count(surface, str(self.picks.index(i) + 1), (r.centerx, r.y + px(12, self.s)), self.fs)


class FaceUpDialog(RivalsDialog):
    """The face-up stack: every card is visible; click one that can be built to choose it."""

    name = "face_up"

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """A row or two of cards."""
        return px(760, scale), px(420, scale)

    def build(self) -> None:
        """The cards and Close."""
        self.title = self.t("rivals.face_up.title")
        self.cards = list(self.scene.view.face_up)
        area = pygame.Rect(self.rect.x + px(20, self.s), self.body_top + px(30, self.s), self.rect.w - px(40, self.s),
                           self.rect.bottom - self.body_top - px(100, self.s))
        self.rects = grid_rects(area, len(self.cards), 1.5, px(150, self.s), px(12, self.s))
        self.buildable = {a.card for a in self.legal_of(A.BuildExpansion)}
        self.bottom_buttons([("rivals.close", self.close, "secondary")])

    def _take(self, card: int) -> None:
        self.close()
        self.scene.choose(("face_up", card))

    def focus_extra(self) -> list[Any]:
        """Each card one can build (Enter chooses it)."""
        return [CardSlot(r, lambda c=card: self._take(c), card in self.buildable)
                for card, r in zip(self.cards, self.rects)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on a buildable card chooses it for building."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for card, r in zip(self.cards, self.rects):
                if r.collidepoint(event.pos) and card in self.buildable:
                    self._take(card)
                    return True
        return super().handle_event(event)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card under pos."""
        return card_under(pos, self.cards, self.rects)

    def draw_body(self, surface: pygame.Surface) -> None:
        """The cards; those one can build framed green."""
        text = self.t("rivals.face_up.hint")
        size = fit_text(text, max(10, self.fs - 2), self.rect.w - px(40, self.s))
        blit_text(surface, text, size, TEXT_DIM, (self.rect.centerx, self.body_top + px(4, self.s)), "midtop")
        for card, r in zip(self.cards, self.rects):
            buildable = card in self.buildable
            self.draw_card(surface, card, r, LEGAL_EDGE if buildable else None, dim=not buildable)
