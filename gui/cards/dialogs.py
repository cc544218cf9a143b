"""The quick card game's dialogs: exchanges, builds with a payment picker, give-backs and discards.

Every OK button is enabled only when game.is_legal accepts the action it would send."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.cards import actions as A
from game.cards.catalogue import RESOURCES, card
from gui.dialogs import GOLD, Cycler, Stepper, Toggle, blit_text, fit_text, px
from gui.fonts import wrap_text
from gui.table.dialogs import ResourceGrid, TableDialog
from gui.widgets import TEXT, TEXT_DIM

if TYPE_CHECKING:
    from gui.cards.scene import CardsTableScene

ZERO = (0, 0, 0, 0, 0)


class CardsDialog(TableDialog):
    """A TableDialog that reads the quick card game's hands and icons."""

    scene: CardsTableScene  # type: ignore[assignment]

    def hand(self) -> tuple[int, ...]:
        """The dialog player's resource cards."""
        return tuple(self.scene.game.state.hands[self.player])

    def legal_of(self, cls: type) -> list[Any]:
        """The dialog player's legal actions of one type."""
        return [a for a in self.legal() if isinstance(a, cls)]

    def is_legal(self, action: A.Action) -> bool:
        """Whether the game would accept the action now."""
        return self.scene.session.is_legal(action)

    def opponent_buttons(self, y: int, actions: Sequence[Any], on_pick: Any) -> int:
        """One button per opponent named in actions (their `opponent`); returns the y under them."""
        opponents = sorted({a.opponent for a in actions})
        pad = px(16, self.s)
        bh = px(38, self.s)
        bw = (self.rect.w - 2 * pad - px(8, self.s) * 2) // 3
        for i, q in enumerate(opponents):
            col, row = i % 3, i // 3
            rect = pygame.Rect(self.rect.x + pad + col * (bw + px(8, self.s)), y + row * (bh + px(8, self.s)), bw, bh)
            label = f"{self.scene.player_name(q)} ({self.scene.game_view_hand_size(q)})"
            b = self.button(rect, "cards.dlg.ok", lambda q=q: on_pick(q))
            b.label = label
        rows = (len(opponents) + 2) // 3
        return y + rows * (bh + px(8, self.s))


class _Grid(CardsDialog, ResourceGrid):
    """Rows of the five resources with one or two steppers each."""

    resource_names = RESOURCES
    grid_offset = 24
    grid_left = 22
    row_height = 38
    stepper_width = 124
    label_width = 160
    column_gap = 24

    def maximum(self, column: str, r: int) -> int | None:
        """Upper bound of a stepper."""
        return self.hand()[r]


class PileDialog(_Grid):
    """Discard up to the allowed number of cards and draw as many."""

    name = "pile"

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Five rows and buttons."""
        return px(460, scale), px(360, scale)

    def build(self) -> None:
        """Steppers, OK and Cancel."""
        self.title = self.t("cards.dlg.pile.title")
        self.build_grid()
        self.ok, _ = self.bottom_buttons([("cards.dlg.exchange", self._ok, "primary"),
                                          ("cards.dlg.cancel", self.close, "secondary")])

    def action(self) -> A.ExchangeWithPile:
        """The exchange as chosen."""
        return A.ExchangeWithPile(self.player, tuple(self.values["give"]))

    def refresh(self) -> None:
        """OK only for a legal exchange."""
        self.ok.enabled = self.is_legal(self.action())

    def _ok(self) -> None:
        self.act(self.action())

    def draw_body(self, surface: pygame.Surface) -> None:
        """The rows and how many exchanges are left."""
        self.draw_grid(surface, (self.t("cards.dlg.give"),), self.hand())
        left = self.t("cards.trades_left", count=self.scene.view.trades_left)
        blit_text(surface, left, self.fs - 2, TEXT_DIM, (self.rect.centerx, self.grid_bottom + 4), "midtop")


class MarketDialog(_Grid):
    """Put back cards and take as many from the market: give first, then take, as Catan's trade dialogs read."""

    name = "market"
    columns = ("give", "take")

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Five rows, two columns."""
        return px(600, scale), px(370, scale)

    def maximum(self, column: str, r: int) -> int | None:
        """Take what the market shows; give what the hand holds and what is being taken (the rules allow both)."""
        if column == "take":
            return self.scene.game.state.market.count(r)
        return self.hand()[r] + self.values["take"][r]

    def build(self) -> None:
        """Steppers, OK and Cancel."""
        self.title = self.t("cards.dlg.market.title")
        self.build_grid()
        self.ok, _ = self.bottom_buttons([("cards.dlg.exchange", self._ok, "primary"),
                                          ("cards.dlg.cancel", self.close, "secondary")])
        self.refresh()

    def give_steppers(self) -> list[Stepper]:
        """The give column's stepper of each resource (the grid builds them row by row, column by column)."""
        width = len(self.columns)
        return [self.steppers[r * width + self.columns.index("give")] for r in range(5)]

    def action(self) -> A.ExchangeWithMarket:
        """The exchange as chosen."""
        return A.ExchangeWithMarket(self.player, tuple(self.values["take"]), tuple(self.values["give"]))

    def refresh(self) -> None:
        """A give stepper reaches only what can be given (a resource held by none is greyed at 0); OK only for a
        legal exchange."""
        for r, stepper in enumerate(self.give_steppers()):
            stepper.maximum = self.maximum("give", r)
            if stepper.value > stepper.maximum:
                stepper.value = self.values["give"][r] = stepper.maximum
        self.ok.enabled = self.is_legal(self.action())

    def _ok(self) -> None:
        self.act(self.action())

    def draw_body(self, surface: pygame.Surface) -> None:
        """The rows with market counts."""
        market = [self.scene.game.state.market.count(r) for r in range(5)]
        self.draw_grid(surface, (self.t("cards.dlg.you_give"), self.t("cards.dlg.you_take_market")), self.hand())
        x = self.rect.x + px(22, self.s)
        blit_text(surface, self.t("cards.market") + ": " + ", ".join(
            f"{n}× {self.t('resource.' + RESOURCES[r])}" for r, n in enumerate(market) if n),
            self.fs - 3, TEXT_DIM, (x, self.grid_bottom + 4))


class PlayerDialog(CardsDialog):
    """Take cards blindly from an opponent (the give-back follows)."""

    name = "player"

    def __init__(self, scene: CardsTableScene, player: int) -> None:
        super().__init__(scene, player)
        self.count = 1

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """A stepper and a row of opponents."""
        return px(540, scale), px(300, scale)

    def build(self) -> None:
        """The count stepper and one button per opponent (when no take is legal, the reason instead)."""
        self.title = self.t("cards.dlg.player.title")
        takes = self.legal_of(A.TakeFromPlayer)
        self.reason = "" if takes else self.no_take_reason()
        if not takes:
            self.bottom_buttons([("cards.dlg.cancel", self.close, "secondary")])
            return
        top = max((a.count for a in takes), default=1)
        self.count = min(self.count, top)
        rect = pygame.Rect(0, 0, px(150, self.s), px(36, self.s))
        rect.midtop = (self.rect.centerx + px(60, self.s), self.body_top + px(4, self.s))

        def change(v: int) -> None:
            self.count = v
            self.refresh()

        self.steppers.append(Stepper(rect, self.count, 1, top, change, font_size=self.fs))
        self._count_y = rect.centery
        self.opponent_buttons(rect.bottom + px(20, self.s), takes, self._take)
        self.bottom_buttons([("cards.dlg.cancel", self.close, "secondary")])

    def refresh(self) -> None:
        """Opponents holding fewer cards than the count are greyed out."""
        opponents = sorted({a.opponent for a in self.legal_of(A.TakeFromPlayer)})
        for q, b in zip(opponents, self.buttons):
            b.enabled = self.is_legal(A.TakeFromPlayer(self.player, q, self.count))

    def _take(self, q: int) -> None:
        self.act(A.TakeFromPlayer(self.player, q, self.count))

    def no_take_reason(self) -> str:
        """Why no cards can be taken now: nobody holds any, no exchanges are left, or not in this phase."""
        game = self.scene.game
        if not any(self.scene.game_view_hand_size(q) for q in range(game.num_players) if q != self.player):
            return self.t("cards.dlg.player.nobody_holds")
        if game.trades_left() <= 0:
            return self.t("cards.dlg.player.no_exchanges")
        return self.t("cards.dlg.player.not_now")

    def draw_body(self, surface: pygame.Surface) -> None:
        """The count label, or why nothing can be taken."""
        if self.reason:
            y = self.body_top + px(20, self.s)
            for line in wrap_text(self.reason, self.fs, self.rect.w - px(48, self.s)):
                blit_text(surface, line, self.fs, TEXT, (self.rect.centerx, y), "midtop")
                y += int(self.fs * 1.35)
            return
        blit_text(surface, self.t("cards.dlg.count"), self.fs, TEXT, (self.rect.centerx - px(30, self.s),
                                                                     self._count_y), "midright")


class GuildDialog(CardsDialog):
    """Merchant guild: take one card blindly from a player with at least as many points."""

    name = "guild"

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """A row of opponents."""
        return px(540, scale), px(240, scale)

    def build(self) -> None:
        """One button per possible opponent."""
        self.title = self.t("cards.dlg.guild.title")
        self.opponent_buttons(self.body_top + px(10, self.s), self.legal_of(A.GuildTake),
                              lambda q: self.act(A.GuildTake(self.player, q)))
        self.bottom_buttons([("cards.dlg.cancel", self.close, "secondary")])


class LibraryDialog(CardsDialog):
    """Library: first choose the opponent to trade with, then see only that hand and take one card from it."""

    name = "library"

    def looking_at(self) -> int | None:
        """The opponent whose hand the player sees now (None before the choice)."""
        return self.scene.game.view(self.player).looking_at

    @property
    def closable(self) -> bool:  # type: ignore[override]
        """Once the hand is shown, a card must be taken from it."""
        return self.looking_at() is None

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Opponents, or the shown hand."""
        return px(560, scale), px(260, scale)

    def build(self) -> None:
        """Before the choice one button per opponent; after it one button per resource of the shown hand."""
        q = self.looking_at()
        if q is None:
            self.title = self.t("cards.dlg.library.choose")
            self.opponent_buttons(self.body_top + px(10, self.s), self.legal_of(A.LookAtHand),
                                  lambda q: self.act(A.LookAtHand(self.player, q)))
            self.bottom_buttons([("cards.dlg.cancel", self.close, "secondary")])
            return
        self.title = self.t("cards.dlg.library.from", player=self.scene.player_name(q))
        shown = self.scene.game.view(self.player).shown_hand or ZERO
        pad = px(16, self.s)
        bw = (self.rect.w - 2 * pad - 4 * px(6, self.s)) // 5
        y = self.body_top + px(24, self.s)
        for r in range(5):
            rect = pygame.Rect(self.rect.x + pad + r * (bw + px(6, self.s)), y, bw, px(48, self.s))
            b = self.button(rect, "cards.dlg.ok", lambda r=r: self.act(A.TakeOpenly(self.player, q, r)), "primary")
            b.label = f"{self.t('resource.' + RESOURCES[r])} ×{shown[r]}"
            b.enabled = self.is_legal(A.TakeOpenly(self.player, q, r))


class GiveBackDialog(_Grid):
    """After a take: give as many cards back (any, the taken ones included); the game waits for it."""

    name = "give_back"
    closable = False

    def owed(self) -> tuple[int, int]:
        """(opponent, count) owed back."""
        s = self.scene.game.state
        return s.give_back_to, s.give_back_count

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Five rows and a button."""
        return px(460, scale), px(350, scale)

    def build(self) -> None:
        """Steppers and OK; while exchanges are left, also a blind take of one more card from the same player."""
        to, count = self.owed()
        self.title = self.t("cards.dlg.give_back.title", count=count, player=self.scene.player_name(to))
        self.build_grid()
        self.more = A.TakeFromPlayer(self.player, to, 1)
        specs = [("cards.dlg.ok", self._ok, "primary")]
        if self.is_legal(self.more):
            specs.insert(0, ("cards.dlg.take_more", lambda: self.act(self.more), "secondary"))
        self.ok = self.bottom_buttons(specs)[-1]

    def refresh(self) -> None:
        """OK at exactly the owed count."""
        self.ok.enabled = self.is_legal(A.GiveBack(self.player, tuple(self.values["give"])))

    def _ok(self) -> None:
        self.act(A.GiveBack(self.player, tuple(self.values["give"])))

    def draw_body(self, surface: pygame.Surface) -> None:
        """The rows."""
        self.draw_grid(surface, (self.t("cards.dlg.give"),), self.hand())


class DiscardDialog(_Grid):
    """Robber raid: discard exactly the owed number of cards."""

    name = "discard"
    closable = False

    def owed(self) -> int:
        """How many cards must go."""
        return self.scene.game.state.owed[self.player]

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Five rows and a button."""
        return px(460, scale), px(350, scale)

    def build(self) -> None:
        """Steppers and OK."""
        self.title = self.t("cards.dlg.discard.title", count=self.owed())
        self.build_grid()
        self.ok, = self.bottom_buttons([("cards.dlg.ok", self._ok, "primary")])

    def refresh(self) -> None:
        """OK at exactly the owed count."""
        self.ok.enabled = self.is_legal(A.Discard(self.player, tuple(self.values["give"])))

    def _ok(self) -> None:
        self.act(A.Discard(self.player, tuple(self.values["give"])))

    def draw_body(self, surface: pygame.Surface) -> None:
        """The rows."""
        self.draw_grid(surface, (self.t("cards.dlg.give"),), self.hand())


class BuildDialog(_Grid):
    """Build one kind: options (which settlement, development, city, fate flip) and the payment picker."""

    name = "build"

    def __init__(self, scene: CardsTableScene, player: int, build: str) -> None:
        self.build_kind = build
        super().__init__(scene, player)
        self.flip = False
        self.settlement = 0
        self.city = ""
        self.development = ""
        legal = self.options()
        if legal:
            first = legal[0]
            self.values["give"] = list(first.payment)
            self.city = getattr(first, "city", "")
            self.development = getattr(first, "development", "")

    def options(self) -> list[Any]:
        """The legal actions of this build kind."""
        cls = {"settlement": A.BuildSettlement, "city": A.BuildCity, "development": A.BuildDevelopment,
               "road": A.BuildRoad, "knight": A.BuildKnight}[self.build_kind]
        return self.legal_of(cls)

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Options on top, payment rows, buttons."""
        return px(560, scale), px(470, scale)

    def grid_top(self) -> int:
        """Payment rows start under the options."""
        return self.body_top + px(96, self.s)

    def action(self) -> A.Action:
        """The build as chosen."""
        pay = tuple(self.values["give"])
        p = self.player
        if self.build_kind == "settlement":
            return A.BuildSettlement(p, pay, self.flip)
        if self.build_kind == "city":
            return A.BuildCity(p, self.settlement, pay)
        if self.build_kind == "development":
            return A.BuildDevelopment(p, self.city, self.development, pay)
        if self.build_kind == "road":
            return A.BuildRoad(p, pay)
        return A.BuildKnight(p, pay)

    def build(self) -> None:
        """Option pickers, payment steppers, Build and Cancel."""
        name = self.t(f"cards.card.{self.build_kind}" if self.build_kind != "development" else "cards.card.development")
        self.title = self.t("cards.dlg.build.title", build=name)
        self.pickers: list[Any] = []
        y = self.body_top + px(34, self.s)
        x = self.rect.x + px(22, self.s)
        w = self.rect.w - px(44, self.s)
        h = px(34, self.s)
        game = self.scene.game
        if self.build_kind == "settlement" and game.state.fate != "none":
            self.pickers.append(Toggle(pygame.Rect(x, y, w, h), self.flip, self._set_flip,
                                       (self.t("cards.dlg.flip_fate"), self.t("cards.dlg.flip_fate"))))
        elif self.build_kind == "city":
            count = len(game.state.settlements[self.player])
            self.pickers.append(Cycler(pygame.Rect(x + w // 2, y, w // 2, h), list(range(count)), self.settlement,
                                       lambda i: f"{self.t('cards.card.settlement')} {i + 1}", self._set_settlement,
                                       font_size=self.fs - 1))
        elif self.build_kind == "development":
            devs = game.development_choices(self.player)
            if self.development not in devs and devs:
                self.development = devs[0]
            cities = game.uncovered_cities(self.player)
            if self.city not in cities and cities:
                self.city = cities[0]
            if devs:
                self.pickers.append(Cycler(pygame.Rect(x, y, w // 2 - 6, h), devs, devs.index(self.development),
                                           lambda d: self.t(f"cards.card.{card(d).development}"), self._set_dev,
                                           font_size=self.fs - 1))
            if cities:
                self.pickers.append(Cycler(pygame.Rect(x + w // 2 + 6, y, w // 2 - 6, h), cities,
                                           cities.index(self.city),
                                           lambda c: f"{self.t('cards.card.city')} {cities.index(c) + 1}",
                                           self._set_city, font_size=self.fs - 1))
        self.build_grid()
        self.ok, _ = self.bottom_buttons([("cards.dlg.build", self._ok, "primary"),
                                          ("cards.dlg.cancel", self.close, "secondary")])

    def _set_flip(self, value: bool) -> None:
        self.flip = value
        self.refresh()

    def _set_settlement(self, value: int) -> None:
        self.settlement = value
        self.refresh()

    def _set_dev(self, value: str) -> None:
        self.development = value
        self.refresh()

    def _set_city(self, value: str) -> None:
        self.city = value
        self.refresh()

    def cost(self) -> tuple[int, ...]:
        """The printed cost of the build as chosen."""
        if self.build_kind == "development" and self.development:
            return self.scene.game.cost_of("development", self.development)
        return self.scene.game.cost_of(self.build_kind)

    def refresh(self) -> None:
        """Build only when the game accepts the choice and payment."""
        self.ok.enabled = self.is_legal(self.action())

    def focus_extra(self) -> list[Any]:
        """The option pickers come before the payment."""
        return list(getattr(self, "pickers", []))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Pickers first, then the steppers and buttons."""
        for picker in getattr(self, "pickers", []):
            if picker.handle_event(event):
                self.refresh()
                return True
        return super().handle_event(event)

    def _ok(self) -> None:
        self.act(self.action())

    def draw_body(self, surface: pygame.Surface) -> None:
        """Cost, option pickers, payment rows and a hint on three-for-one."""
        x = self.rect.x + px(22, self.s)
        y = self.body_top
        blit_text(surface, self.t("cards.dlg.cost") + ":", self.fs, TEXT, (x, y + px(10, self.s)), "midleft",
                  bold=True)
        cx = x + px(70, self.s)
        for r, n in enumerate(self.cost()):
            for _ in range(n):
                img = self.icon(r)
                surface.blit(img, (cx, y + px(10, self.s) - img.get_height() // 2))
                cx += img.get_width() + 2
        if self.build_kind == "city":  # the label wraps beside the picker on the right half
            size = self.fs - 2
            lines = wrap_text(self.t("cards.dlg.which_settlement"), size, (self.rect.w - px(44, self.s)) // 2
                              - px(12, self.s))
            ly = y + px(51, self.s) - len(lines) * (size + 2) // 2
            for line in lines:
                blit_text(surface, line, size, TEXT_DIM, (x, ly))
                ly += size + 2
        for picker in self.pickers:
            picker.draw(surface)
        self.draw_grid(surface, (self.t("cards.dlg.pay"),), self.hand())
        hint = self.t("cards.tip.three_for_one")
        if self.scene.game.free_unit_available(self.player):
            hint += " " + self.t("cards.dlg.free_unit") + "."
        hy = self.grid_bottom + 2
        for line in wrap_text(hint, self.fs - 3, self.rect.w - px(44, self.s))[:2]:
            blit_text(surface, line, self.fs - 3, GOLD if not self.ok.enabled else TEXT_DIM, (x, hy))
            hy += int((self.fs - 3) * 1.3)


__all__ = ["BuildDialog", "CardsDialog", "DiscardDialog", "GiveBackDialog", "GuildDialog", "LibraryDialog",
           "MarketDialog", "PileDialog", "PlayerDialog", "fit_text"]
