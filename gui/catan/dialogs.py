"""The Catan table's own dialogs: trades, the bank, discarding, the robber's victim, Year of Plenty, Monopoly and
the offerer's confirmation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.catan import actions as A
from game.catan.constants import RESOURCES
from game.catan.state import ACCEPTED, COUNTERED, DECLINED, PENDING
from gui.dialogs import GOLD, GOLD_DARK, Stepper, StyledButton, blit_text, fit_text, px
from gui.fonts import render_text
from gui.table.colors import player_rgb
from gui.table.dialogs import ResourceGrid, TableDialog
from gui.table.log_view import format_cards
from gui.widgets import TEXT, TEXT_DIM

if TYPE_CHECKING:
    from gui.catan.scene import CatanTableScene

ZERO = (0, 0, 0, 0, 0)


def draw_cards_inline(surface: pygame.Surface, pos: tuple[int, int], cards: Sequence[int],
                      icon: Callable[[int], pygame.Surface], fs: int, empty: str) -> int:
    """Resource icons each followed by '×n'; returns the x after the last one."""
    x, y = pos
    shown = False
    for r, n in enumerate(cards):
        if not n:
            continue
        img = icon(r)
        surface.blit(img, (x, y - img.get_height() // 2))
        x += img.get_width() + 2
        txt = render_text(f"×{n}", fs, TEXT, True)
        surface.blit(txt, (x, y - txt.get_height() // 2))
        x += txt.get_width() + max(8, fs // 2)
        shown = True
    if not shown:
        txt = render_text(empty, fs, TEXT_DIM)
        surface.blit(txt, (x, y - txt.get_height() // 2))
        x += txt.get_width()
    return x


class MaritimeDialog(TableDialog):
    """Trade with the bank at the best rate per resource, once or several times in one go; stays open for more."""

    name = "maritime"

    def __init__(self, scene: CatanTableScene, player: int) -> None:
        super().__init__(scene, player)
        self.give: int | None = None
        self.get: int | None = None
        self.times = 1

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Two columns of five, the number of trades and the buttons."""
        return px(560, scale), px(500, scale)

    def most_times(self) -> int:
        """How many times the chosen trade can be made in a row: the cards for the rate, the bank's stock."""
        if self.give is None or self.get is None or (self.give, self.get) not in self.legal_pairs():
            return 1
        bank = self.scene.view.state.bank
        return max(1, min(self.hand()[self.give] // max(1, self.rates()[self.give]), bank[self.get]))

    def rates(self) -> tuple[int, ...]:
        """The player's rates from the view."""
        view = self.scene.view
        if view.player == self.player:
            return tuple(view.maritime_rates)
        return tuple(self.scene.game.maritime_rate(self.player, r) for r in range(5))

    def legal_pairs(self) -> set[tuple[int, int]]:
        """(give, get) pairs the game allows now."""
        return {(a.give, a.get) for a in self.legal() if isinstance(a, A.MaritimeTrade)}

    def build(self) -> None:
        """Resource buttons in two columns and the action buttons."""
        self.title = self.t("table.bank.title")
        row_h = px(46, self.s)
        col_w = (self.rect.w - px(72, self.s)) // 2
        y0 = self.body_top + px(30, self.s)
        self.give_buttons: list[StyledButton] = []
        self.get_buttons: list[StyledButton] = []
        for r in range(5):
            for side, col in (("give", 0), ("get", 1)):
                x = self.rect.x + px(24, self.s) + col * (col_w + px(24, self.s))
                rect = pygame.Rect(x, y0 + r * row_h, col_w, row_h - px(6, self.s))

                def pick(r: int = r, side: str = side) -> None:
                    if side == "give":
                        self.give = r
                    else:
                        self.get = r
                    self.refresh()

                b = StyledButton(rect, "", pick, font_size=max(10, self.fs - 1))
                self.buttons.append(b)
                (self.give_buttons if side == "give" else self.get_buttons).append(b)
        self.y0 = y0
        sh = px(36, self.s)
        self.times_y = y0 + 5 * row_h + px(10, self.s)
        self.times_stepper = Stepper(pygame.Rect(self.rect.x + px(24, self.s) + col_w - px(150, self.s), self.times_y,
                                                 px(150, self.s), sh), self.times, 1, self.most_times(),
                                     self._set_times, max(11, self.fs - 1))
        self.steppers.append(self.times_stepper)
        self.trade, _ = self.bottom_buttons([
            ("table.bank.trade", self._trade, "primary"),
            ("table.close", self.close, "secondary"),
        ])

    def refresh(self) -> None:
        """Enable what can be given and got; selected buttons in gold."""
        pairs = self.legal_pairs()
        gives = {g for g, _ in pairs}
        for r, b in enumerate(self.give_buttons):
            b.enabled = r in gives
            b.style = "primary" if r == self.give else "secondary"
        if self.give is not None and self.give not in gives:
            self.give = None
        for r, b in enumerate(self.get_buttons):
            b.enabled = self.give is None or (self.give, r) in pairs
            b.style = "primary" if r == self.get else "secondary"
        self.trade.enabled = (self.give, self.get) in pairs
        most = self.most_times()
        self.times = min(self.times, most)
        self.times_stepper.maximum = most
        self.times_stepper.value = self.times

    def _set_times(self, value: int) -> None:
        self.times = value

    def _trade(self) -> None:
        """The chosen trade, `times` times: each one a MaritimeTrade checked by the rules model before it is
        applied; the first that is refused stops the rest."""
        if self.give is None or self.get is None:
            return
        count, self.times = self.times, 1
        for _ in range(count):
            action = A.MaritimeTrade(self.player, self.give, self.get)
            if action not in self.legal() or not self.scene.act(action):
                break
        self.refresh()

    def draw_body(self, surface: pygame.Surface) -> None:
        """Column headers, icons, names, rates and counts on the buttons."""
        hand, rates = self.hand(), self.rates()
        for buttons, head in ((self.give_buttons, "table.bank.give"), (self.get_buttons, "table.bank.get")):
            blit_text(surface, self.t(head), max(10, self.fs - 2), TEXT_DIM,
                      (buttons[0].rect.centerx, self.y0 - 4), "midbottom", bold=True)
        for b in self.give_buttons + self.get_buttons:
            b.draw(surface)
        for r in range(5):
            for b, side in ((self.give_buttons[r], "give"), (self.get_buttons[r], "get")):
                img = self.icon(r)
                surface.blit(img, (b.rect.x + 8, b.rect.centery - img.get_height() // 2))
                color = (34, 27, 18) if b.style == "primary" and b.enabled else (TEXT if b.enabled else TEXT_DIM)
                label = self.t("resource." + RESOURCES[r])
                blit_text(surface, label, self.fs - 1, color, (b.rect.x + img.get_width() + 14, b.rect.centery),
                          "midleft", bold=True)
                extra = f"{rates[r]}:1  ({hand[r]})" if side == "give" else ""
                if extra:
                    blit_text(surface, extra, self.fs - 1, color, (b.rect.right - 10, b.rect.centery), "midright",
                              bold=True)
        st = self.times_stepper
        blit_text(surface, self.t("table.bank.times"), self.fs - 1, TEXT, (self.give_buttons[0].rect.x, st.rect.centery),
                  "midleft", bold=True)
        if self.give is not None and self.get is not None and self.trade.enabled:
            give = [0] * 5
            give[self.give] = rates[self.give] * self.times
            get = [0] * 5
            get[self.get] = self.times
            summary = self.t("table.bank.summary", give=format_cards(give, self.t), get=format_cards(get, self.t))
            size = fit_text(summary, self.fs - 1, self.rect.w - px(48, self.s))
            blit_text(surface, summary, size, GOLD, (self.rect.centerx, st.rect.bottom + px(24, self.s)), "center")

    def focus_widgets(self) -> list[Any]:
        """Give and get columns, the number of trades, then the other buttons (the same list while draw() hides the
        columns)."""
        sides = self.give_buttons + self.get_buttons
        return [*sides, *self.steppers, *(b for b in self.buttons if b not in sides)]

    def draw(self, surface: pygame.Surface) -> None:
        """Buttons are drawn by draw_body so the labels sit on top."""
        buttons = self.buttons
        self.buttons = [b for b in buttons if b not in self.give_buttons and b not in self.get_buttons]
        super().draw(surface)
        self.buttons = buttons


class DiscardDialog(ResourceGrid):
    """After a seven: choose exactly the owed number of cards, then one Discard action with all of them."""

    name = "discard"
    closable = False
    columns = ("give",)

    def owed(self) -> int:
        """How many cards the player must give back."""
        owed = self.scene.game.state.owed[self.player]
        return owed or sum(self.hand()) // 2

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Five rows and a button."""
        return px(440, scale), px(370, scale)

    def maximum(self, column: str, r: int) -> int | None:
        """Not more than one holds."""
        return self.hand()[r]

    def build(self) -> None:
        """Steppers and the Discard button."""
        self.title = self.t("table.discard.title", count=self.owed(), player=self.scene.player_name(self.player))
        self.build_grid()
        self.ok, = self.bottom_buttons([("table.discard.ok", self._ok, "primary")])

    def refresh(self) -> None:
        """Enabled at exactly the owed number."""
        cards = tuple(self.values["give"])
        self.ok.enabled = sum(cards) == self.owed() and self.scene.session.is_legal(A.Discard(self.player, cards))
        self.ok.label = self.t("table.discard.ok", count=sum(cards), owed=self.owed())

    def _ok(self) -> None:
        self.act(A.Discard(self.player, tuple(self.values["give"])))

    def draw_body(self, surface: pygame.Surface) -> None:
        """The rows."""
        self.draw_grid(surface, (self.t("table.discard.header"),), self.hand())


class VictimDialog(TableDialog):
    """Whom the robber steals from, when several players border the hex (or, after a knight, whether to steal)."""

    name = "robber"

    def __init__(self, scene: CatanTableScene, player: int, hex_index: int, victims: Sequence[int]) -> None:
        super().__init__(scene, player)
        self.hex = hex_index
        self.victims = tuple(victims)
        # After a knight the rules model also offers the robber's move without a theft.
        self.may_decline = A.MoveRobber(player, hex_index, None) in self.legal()

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """One button per victim."""
        return px(420, scale), px(140 + 56 * len(self.victims), scale)

    def place(self, area: pygame.Rect) -> None:
        """Beside the hex, never over it: of the places left, right, above and below it inside the board area,
        the one that keeps the hex and its corners (the victims' pieces) clear, farthest from it."""
        bv = self.scene.board_view
        hx, hy = bv.hex_screen_pos(self.hex)
        keep = pygame.Rect(0, 0, int(bv.R * 2.6), int(bv.R * 2.8))
        keep.center = (hx, hy)
        gap = px(12, self.s)
        box = self.rect.copy()
        candidates = []
        for dx, dy in ((1, 0), (-1, 0), (0, -1), (0, 1)):
            box.center = (hx, hy)
            if dx:
                box.x = keep.right + gap if dx > 0 else keep.x - gap - box.w
            else:
                box.y = keep.bottom + gap if dy > 0 else keep.y - gap - box.h
            box.clamp_ip(area)
            clear = not box.colliderect(keep)
            distance = abs(box.centerx - hx) + abs(box.centery - hy)
            candidates.append((clear, distance, box.copy()))
        self.rect = max(candidates, key=lambda c: (c[0], c[1]))[2]

    def build(self) -> None:
        """A button per victim and Cancel."""
        self.title = self.t("table.robber.title")
        y = self.body_top + px(10, self.s)
        counts = self.scene.view.resource_counts
        for v in self.victims:
            rect = pygame.Rect(self.rect.x + px(30, self.s), y, self.rect.w - px(60, self.s), px(46, self.s))
            label = self.t("table.robber.victim", player=self.scene.player_name(v), count=counts[v])
            b = StyledButton(rect, label, lambda v=v: self._steal(v), font_size=max(11, self.fs))
            self.buttons.append(b)
            y += px(56, self.s)
        buttons = [("table.cancel", self.close, "secondary")]
        if self.may_decline:
            buttons.insert(0, ("table.robber.decline", self._decline, "secondary"))
        self.bottom_buttons(buttons)

    def _steal(self, victim: int) -> None:
        self.act(A.MoveRobber(self.player, self.hex, victim))

    def _decline(self) -> None:
        self.act(A.MoveRobber(self.player, self.hex, None))

    def draw(self, surface: pygame.Surface) -> None:
        """The buttons with colour marks beside the names."""
        super().draw(surface)
        for v, b in zip(self.victims, self.buttons):
            pygame.draw.circle(surface, player_rgb(self.scene.game.seats[v].color),
                               (b.rect.x + px(18, self.s), b.rect.centery), px(8, self.s))


class YearOfPlentyDialog(ResourceGrid):
    """Year of Plenty: choose 2 (or 1, when the bank is nearly empty) resources among the legal choices."""

    name = "year_of_plenty"

    def choices(self) -> set[tuple[int, ...]]:
        """The legal resource tuples."""
        return {tuple(sorted(a.resources)) for a in self.legal() if isinstance(a, A.PlayYearOfPlenty)}

    def amount(self) -> int:
        """How many resources to take (2 normally)."""
        sizes = {len(c) for c in self.choices()}
        return max(sizes) if sizes else 2

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Five rows and buttons."""
        return px(460, scale), px(370, scale)

    def maximum(self, column: str, r: int) -> int | None:
        """Up to the amount."""
        return self.amount()

    def build(self) -> None:
        """Steppers, Take and Cancel."""
        self.title = self.t("table.yop.title", count=self.amount())
        self.build_grid()
        self.ok, _ = self.bottom_buttons([("table.yop.ok", self._ok, "primary"), ("table.cancel", self.close,
                                                                                  "secondary")])

    def chosen(self) -> tuple[int, ...]:
        """The chosen resources as a sorted tuple."""
        return tuple(r for r in range(5) for _ in range(self.values["give"][r]))

    def refresh(self) -> None:
        """Take only a legal choice."""
        self.ok.enabled = self.chosen() in self.choices()

    def _ok(self) -> None:
        self.act(A.PlayYearOfPlenty(self.player, self.chosen()))

    def draw_body(self, surface: pygame.Surface) -> None:
        """The rows."""
        self.draw_grid(surface, (self.t("table.yop.header"),), None)


class MonopolyDialog(TableDialog):
    """Monopoly: one button per resource."""

    name = "monopoly"

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Five buttons and Cancel."""
        return px(420, scale), px(410, scale)

    def build(self) -> None:
        """The resource buttons."""
        self.title = self.t("table.monopoly.title")
        legal = {a.resource for a in self.legal() if isinstance(a, A.PlayMonopoly)}
        y = self.body_top + px(6, self.s)
        self.res_buttons = []
        for r in range(5):
            rect = pygame.Rect(self.rect.x + px(40, self.s), y, self.rect.w - px(80, self.s), px(44, self.s))
            b = StyledButton(rect, self.t("resource." + RESOURCES[r]), lambda r=r: self.act(
                A.PlayMonopoly(self.player, r)), enabled=r in legal, font_size=max(11, self.fs))
            self.buttons.append(b)
            self.res_buttons.append(b)
            y += px(52, self.s)
        self.bottom_buttons([("table.cancel", self.close, "secondary")])

    def draw(self, surface: pygame.Surface) -> None:
        """Buttons with icons."""
        super().draw(surface)
        for r, b in enumerate(self.res_buttons):
            img = self.icon(r)
            surface.blit(img, (b.rect.x + 10, b.rect.centery - img.get_height() // 2))


class RespondDialog(ResourceGrid):
    """Answer an offer: accept, decline, or counter with other terms."""

    name = "respond"
    closable = False
    columns = ("give", "get")

    def __init__(self, scene: CatanTableScene, player: int) -> None:
        super().__init__(scene, player)
        trade = scene.game.state.trade
        if trade is not None:
            self.values["give"] = list(trade.get)
            self.values["get"] = list(trade.give)

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Offer summary, counter grid, buttons."""
        return px(620, scale), px(514, scale)

    def maximum(self, column: str, r: int) -> int | None:
        """Give at most what one holds."""
        return self.hand()[r] if column == "give" else 19

    def grid_top(self) -> int:
        """Below the offer summary and the hint line."""
        return self.body_top + px(134, self.s)

    def build(self) -> None:
        """Accept, Decline, Counter."""
        trade = self.scene.game.state.trade
        offerer = trade.offerer if trade is not None else 0
        self.title = self.t("table.respond.title", player=self.scene.player_name(offerer),
                            you=self.scene.player_name(self.player))
        self.build_grid()
        self.accept, self.counter, self.decline = self.bottom_buttons([
            ("table.respond.accept", self._accept, "primary"),
            ("table.respond.counter", self._counter, "secondary"),
            ("table.respond.decline", self._decline, "danger"),
        ])

    def refresh(self) -> None:
        """Enable what the game accepts."""
        legal = self.legal()
        self.accept.enabled = any(isinstance(a, A.AcceptTrade) for a in legal)
        self.decline.enabled = any(isinstance(a, A.DeclineTrade) for a in legal)
        counter = A.CounterTrade(self.player, tuple(self.values["give"]), tuple(self.values["get"]))
        self.counter.enabled = self.scene.session.is_legal(counter)

    def _accept(self) -> None:
        self.act(A.AcceptTrade(self.player))

    def _decline(self) -> None:
        self.act(A.DeclineTrade(self.player))

    def _counter(self) -> None:
        self.act(A.CounterTrade(self.player, tuple(self.values["give"]), tuple(self.values["get"])))

    def draw_body(self, surface: pygame.Surface) -> None:
        """What is offered and asked, then the counter grid."""
        trade = self.scene.game.state.trade
        x = self.rect.x + px(24, self.s)
        y = self.body_top + px(12, self.s)
        if trade is not None:
            blit_text(surface, self.t("table.respond.you_get"), self.fs, TEXT_DIM, (x, y), "midleft", bold=True)
            draw_cards_inline(surface, (x + px(170, self.s), y), trade.give, self.icon, self.fs,
                              self.t("table.nothing"))
            y += px(36, self.s)
            blit_text(surface, self.t("table.respond.you_give"), self.fs, TEXT_DIM, (x, y), "midleft", bold=True)
            draw_cards_inline(surface, (x + px(170, self.s), y), trade.get, self.icon, self.fs,
                              self.t("table.nothing"))
        y += px(34, self.s)
        pygame.draw.line(surface, GOLD_DARK, (x, y), (self.rect.right - px(24, self.s), y), 1)
        blit_text(surface, self.t("table.respond.counter_hint"), max(10, self.fs - 2), TEXT_DIM, (x, y + 6),
                  bold=False)
        self.draw_grid(surface, (self.t("table.trade.you_give"), self.t("table.trade.you_get")), self.hand())


class ConfirmDialog(TableDialog):
    """The offerer sees the answers and closes the trade with one partner, or withdraws the offer."""

    name = "confirm"
    closable = False

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """A row per target."""
        n = max(1, self.scene.game.num_players - 1)
        return px(640, scale), px(200 + 74 * n, scale)

    def build(self) -> None:
        """A Trade button per partner who accepted or countered, and Withdraw."""
        self.title = self.t("table.confirm.title")
        trade = self.scene.game.state.trade
        legal = {a.partner for a in self.legal() if isinstance(a, A.ConfirmTrade)}
        self.rows: list[tuple[int, int]] = []
        y = self.body_top + px(6, self.s)
        if trade is not None:
            for q in trade.targets:
                self.rows.append((q, y))
                if trade.answers[q] in (ACCEPTED, COUNTERED):
                    rect = pygame.Rect(self.rect.right - px(164, self.s), y + px(14, self.s), px(140, self.s),
                                       px(40, self.s))
                    b = StyledButton(rect, self.t("table.confirm.trade"), lambda q=q: self.act(
                        A.ConfirmTrade(self.player, q)), style="primary", enabled=q in legal,
                        font_size=max(11, self.fs - 1))
                    self.buttons.append(b)
                y += px(74, self.s)
        self.bottom_buttons([("table.confirm.cancel", lambda: self.act(A.CancelTrade(self.player)), "danger")])

    def draw_body(self, surface: pygame.Surface) -> None:
        """Each target's answer and terms."""
        trade = self.scene.game.state.trade
        if trade is None:
            return
        x = self.rect.x + px(24, self.s)
        names = {ACCEPTED: "accepted", COUNTERED: "countered", DECLINED: "declined", PENDING: "pending"}
        for q, y in self.rows:
            pygame.draw.circle(surface, player_rgb(self.scene.game.seats[q].color), (x + 8, y + px(18, self.s)),
                               px(8, self.s))
            answer = self.t(f"table.confirm.{names[trade.answers[q]]}")
            blit_text(surface, f"{self.scene.player_name(q)}: {answer}", self.fs, TEXT,
                      (x + px(24, self.s), y + px(18, self.s)), "midleft", bold=True)
            if trade.answers[q] in (ACCEPTED, COUNTERED):
                give, get = trade.terms_with(q)
                yy = y + px(46, self.s)
                blit_text(surface, self.t("table.confirm.you_give"), self.fs - 2, TEXT_DIM,
                          (x + px(24, self.s), yy), "midleft")
                xe = draw_cards_inline(surface, (x + px(100, self.s), yy), give, self.icon, self.fs - 2,
                                       self.t("table.nothing"))
                blit_text(surface, self.t("table.confirm.you_get"), self.fs - 2, TEXT_DIM, (xe + 10, yy),
                          "midleft")
                draw_cards_inline(surface, (xe + px(86, self.s), yy), get, self.icon, self.fs - 2,
                                  self.t("table.nothing"))


__all__ = [
    "ConfirmDialog", "DiscardDialog", "MaritimeDialog", "MonopolyDialog", "RespondDialog", "VictimDialog",
    "YearOfPlentyDialog", "draw_cards_inline",
]
