"""Dialogs of a Rivals turn: trading with the supply, and the exchange of a hand card at the end of the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rivals import actions as A
from game.rivals.constants import RESOURCES
from game.rivals.economy import resource_table
from gui.dialogs import GOLD, StyledButton, blit_text, px
from gui.rivals.dialogs import SELECT_EDGE, CardSlot, IconButton, RivalsDialog, card_under, grid_rects
from gui.rivals.pieces import draw_count

if TYPE_CHECKING:
    from gui.rivals.scene import RivalsTableScene


class TradeDialog(RivalsDialog):
    """Trade with the supply: pick what to give (at its rate, or 2:1 through a Large Trade Ship) and what to get."""

    name = "trade"

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Two rows of choices."""
        return px(700, scale), px(380, scale)

    def build(self) -> None:
        """Give buttons, get buttons, Trade and Close."""
        self.title = self.t("rivals.trade.title")
        names = self.scene.names()
        grid = self.scene.game.view(self.player).grid[self.player]
        table = resource_table()
        self.offers: dict[tuple[int, int, int], list[A.Trade]] = {}
        for a in self.legal_of(A.Trade):
            give = table[grid[a.payment[0][0]]]
            amount = sum(n for _, n in a.payment)
            self.offers.setdefault((give, amount, a.ship_cell), []).append(a)
        self.give_key = next(iter(self.offers), None)
        self.get = -1
        x0 = self.rect.x + px(24, self.s)
        w = self.rect.w - px(48, self.s)
        keys = list(self.offers)
        n = max(1, len(keys))
        cols = min(n, 4)
        bw = (w - px(8, self.s) * (cols - 1)) // cols
        bh = px(36, self.s)
        y = self.body_top + px(28, self.s)
        self.give_buttons: list[tuple[tuple[int, int, int], StyledButton]] = []
        for i, key in enumerate(keys):
            give, amount, ship = key
            label = f"{amount}×"
            if ship >= 0:
                label += " (" + names.card(grid[ship]) + ")"
            r = pygame.Rect(x0 + (i % cols) * (bw + px(8, self.s)), y + (i // cols) * (bh + px(6, self.s)), bw, bh)
            b = IconButton(r, label, lambda k=key: self._set_give(k), self.res_icon(give), max(11, self.fs - 2))
            self.buttons.append(b)
            self.give_buttons.append((key, b))
        rows = (len(keys) + cols - 1) // cols
        self.get_y = y + rows * (bh + px(6, self.s)) + px(30, self.s)
        gw = (w - px(8, self.s) * 5) // 6
        self.get_buttons: list[tuple[int, StyledButton]] = []
        for r in range(6):
            rect = pygame.Rect(x0 + r * (gw + px(8, self.s)), self.get_y, gw, bh)
            b = IconButton(rect, names.resource(r), lambda r=r: self._set_get(r), self.res_icon(r),
                           max(10, self.fs - 3))
            self.buttons.append(b)
            self.get_buttons.append((r, b))
        self.ok, _ = self.bottom_buttons([("rivals.trade.ok", self._ok, "primary"),
                                          ("rivals.close", self.close, "secondary")])

    def res_icon(self, r: int) -> pygame.Surface:
        """A resource icon at the buttons' size."""
        size = px(24, self.s)
        return self.scene.faces.art_surface("rivals_icon", RESOURCES[r], (size, size))

    def _gain_of(self, a: A.Trade) -> int:
        grid = self.scene.game.view(self.player).grid[self.player]
        return resource_table()[grid[a.gain_cell]]

    def chosen(self) -> A.Trade | None:
        """The legal trade for the chosen give and get."""
        for a in self.offers.get(self.give_key, []) if self.give_key is not None else []:
            if self._gain_of(a) == self.get:
                return a
        return None

    def _set_give(self, key: tuple[int, int, int]) -> None:
        self.give_key = key
        self.refresh()

    def _set_get(self, r: int) -> None:
        self.get = r
        self.refresh()

    def refresh(self) -> None:
        """Gold frames on the choices; only kinds the chosen give can buy are enabled."""
        gains = {self._gain_of(a) for a in self.offers.get(self.give_key, [])} if self.give_key is not None else set()
        for key, b in self.give_buttons:
            b.style = "primary" if key == self.give_key else "secondary"
        for r, b in self.get_buttons:
            b.enabled = r in gains
            b.style = "primary" if r == self.get and b.enabled else "secondary"
        self.ok.enabled = self.chosen() is not None

    def _ok(self) -> None:
        a = self.chosen()
        if a is not None:
            self.scene.perform(a)

    def draw_body(self, surface: pygame.Surface) -> None:
        """Row titles."""
        x0 = self.rect.x + px(24, self.s)
        fs = max(10, self.fs - 2)
        blit_text(surface, self.t("rivals.trade.give"), fs, GOLD, (x0, self.body_top + px(22, self.s)), "bottomleft",
                  bold=True)
        blit_text(surface, self.t("rivals.trade.get"), fs, GOLD, (x0, self.get_y - px(6, self.s)), "bottomleft",
                  bold=True)
        self.hint(surface, self.t("rivals.trade.hint"), self.get_y + px(46, self.s))


class ExchangeDialog(RivalsDialog):
    """The exchange at the end of a turn: a hand card goes under a stack of its back, the player's choice; then take a
    stack's top card, or pay and look through a stack to choose one."""

    name = "exchange"

    def __init__(self, scene: RivalsTableScene, player: int, card: int = -1) -> None:
        self.card = card
        self.stack = -1
        self.under = -1
        super().__init__(scene, player)

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Hand row, the stacks to put it under, the stacks to take from, buttons."""
        return px(760, scale), px(640, scale)

    def build(self) -> None:
        """The hand and the stacks as cards (twice: where the card goes, where the new one comes from), and the three
        buttons."""
        self.title = self.t("rivals.exchange.title")
        view = self.scene.game.view(self.player)
        self.hand = list(view.hand)
        if self.card not in self.hand:
            self.card = self.hand[0] if self.hand else -1
        self.sizes = view.stack_sizes
        self.backs = self.scene.game.state.stack_backs
        area = pygame.Rect(self.rect.x + px(24, self.s), self.body_top + px(26, self.s), self.rect.w - px(48, self.s),
                           px(150, self.s))
        self.hand_rects = grid_rects(area, len(self.hand), 1.5, px(100, self.s), px(10, self.s))
        area_under = pygame.Rect(area.x, area.bottom + px(32, self.s), area.w, px(84, self.s))
        self.under_rects = grid_rects(area_under, len(self.sizes), 1.5, px(56, self.s), px(14, self.s))
        self.under_y = area_under.y
        area2 = pygame.Rect(area.x, area_under.bottom + px(40, self.s), area.w, px(110, self.s))
        self.stack_rects = grid_rects(area2, len(self.sizes), 1.5, px(74, self.s), px(14, self.s))
        self.stacks_y = area2.y
        self._default_under()
        searches = self.legal_of(A.ExchangeSearch)
        price = sum(n for _, n in searches[0].payment) if searches else 0
        self.top_b, self.search_b, _ = self.bottom_buttons([
            ("rivals.exchange.top", self._top, "primary"),
            ("rivals.exchange.search", self._search, "secondary"),
            ("rivals.cancel", self.close, "secondary")])
        self.search_b.label = self.t("rivals.exchange.search", count=price)

    def unders(self) -> list[int]:
        """The stacks the chosen card may go under (those of its back), as the game lists them."""
        return sorted({a.under for a in self.legal_of(A.ExchangeTop, A.ExchangeSearch) if a.card == self.card})

    def _default_under(self) -> None:
        """Keep the chosen stack to put the card under while it takes this card, else the first one that does."""
        unders = self.unders()
        if self.under not in unders:
            self.under = unders[0] if unders else -1

    def _find(self, cls: type) -> Any:
        for a in self.legal_of(cls):
            take = a.take if isinstance(a, A.ExchangeTop) else a.search
            if a.card == self.card and a.under == self.under and take == self.stack:
                return a
        return None

    def refresh(self) -> None:
        """The buttons follow the chosen card and stacks."""
        self._default_under()
        self.top_b.enabled = self._find(A.ExchangeTop) is not None
        self.search_b.enabled = self._find(A.ExchangeSearch) is not None

    def _top(self) -> None:
        a = self._find(A.ExchangeTop)
        if a is not None:
            self.scene.perform(a)

    def _search(self) -> None:
        a = self._find(A.ExchangeSearch)
        if a is not None:
            self.scene.perform(a)

    def _choose_card(self, card: int) -> None:
        self.card = card
        self.refresh()

    def _choose_under(self, i: int) -> None:
        if i in self.unders():
            self.under = i
            self.refresh()

    def _choose_stack(self, i: int) -> None:
        self.stack = i
        self.refresh()

    def focus_extra(self) -> list[Any]:
        """The hand cards, the stacks to put it under, then the stacks to take from (Enter chooses one)."""
        return [*(CardSlot(r, lambda c=card: self._choose_card(c)) for card, r in zip(self.hand, self.hand_rects)),
                *(CardSlot(r, lambda i=i: self._choose_under(i)) for i, r in enumerate(self.under_rects)),
                *(CardSlot(r, lambda i=i: self._choose_stack(i)) for i, r in enumerate(self.stack_rects))]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks on cards choose them."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for card, r in zip(self.hand, self.hand_rects):
                if r.collidepoint(event.pos):
                    self._choose_card(card)
                    return True
            for i, r in enumerate(self.under_rects):
                if r.collidepoint(event.pos):
                    self._choose_under(i)
                    return True
            for i, r in enumerate(self.stack_rects):
                if r.collidepoint(event.pos):
                    self._choose_stack(i)
                    return True
        return super().handle_event(event)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """A hand card under pos."""
        return card_under(pos, self.hand, self.hand_rects)

    def draw_body(self, surface: pygame.Surface) -> None:
        """The hand (the chosen card framed), the stacks it may go under (the others veiled) and the stacks to take
        from (the chosen ones framed), with their counts."""
        fs = max(10, self.fs - 2)
        x0 = self.rect.x + px(24, self.s)
        blit_text(surface, self.t("rivals.exchange.give"), fs, GOLD, (x0, self.body_top + px(22, self.s)),
                  "bottomleft", bold=True)
        for card, r in zip(self.hand, self.hand_rects):
            self.draw_card(surface, card, r, SELECT_EDGE if card == self.card else None)
        blit_text(surface, self.t("rivals.exchange.under"), fs, GOLD, (x0, self.under_y - px(6, self.s)),
                  "bottomleft", bold=True)
        unders = self.unders()
        for i, r in enumerate(self.under_rects):
            self._draw_stack(surface, i, r, i == self.under, i not in unders, fs)
        blit_text(surface, self.t("rivals.exchange.take"), fs, GOLD, (x0, self.stacks_y - px(6, self.s)),
                  "bottomleft", bold=True)
        for i, r in enumerate(self.stack_rects):
            self._draw_stack(surface, i, r, i == self.stack, False, fs)
        names = self.scene.names()
        y = self.stack_rects[0].bottom + px(16, self.s) if self.stack_rects else self.stacks_y
        if self.card >= 0:
            self.hint(surface, self.t("rivals.exchange.hint", card=names.card(self.card)), y)

    def _draw_stack(self, surface: pygame.Surface, i: int, r: pygame.Rect, chosen: bool, veiled: bool,
                    fs: int) -> None:
        """One draw stack's back with its count: framed when chosen, veiled where the card may not go."""
        back = self.backs[i] if i < len(self.backs) else "basic"
        surface.blit(self.scene.faces.back(back, r.size), r.topleft)
        if veiled:
            surface.blit(self.scene.veil(r.size, 150), r.topleft)
        if chosen:
            pygame.draw.rect(surface, SELECT_EDGE, r.inflate(4, 4), 3, border_radius=6)
        draw_count(surface, str(self.sizes[i]), (r.centerx, r.bottom), fs)
