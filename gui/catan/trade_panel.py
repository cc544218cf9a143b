"""The domestic trade panel: docked over the log and hand column so the board stays in view, with give and get rows,
one-click asks for a build, the last offer again, targets, and keys for every control."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.catan import actions as A
from gui.catan.board_view import TABLE_BG
from gui.catan.trade_asks import BUILDS, BuildAsk, build_asks, last_offer
from gui.dialogs import GOLD, GOLD_DARK, StyledButton, blit_text, ellipsize, fit_text, px
from gui.fonts import render_text
from gui.hints import reason_text
from gui.table.buttons import CostButton
from gui.table.dialogs import ResourceGrid
from gui.table.log_view import format_cards
from gui.widgets import TEXT, TEXT_DIM

if TYPE_CHECKING:
    from gui.catan.scene import CatanTableScene

#: The panel's height and width at scale 1 (unscaled px); a smaller column shrinks the whole panel to fit.
PANEL_HEIGHT = 546
PANEL_WIDTH = 440
NARROW_WIDTH = 520  # below this column width (unscaled px) the four asks go in two rows of two
ASK_ROWS_EXTRA = 42  # what the second row of asks adds to the height (unscaled px)
ASK_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)
KEYPAD = {pygame.K_KP1: pygame.K_1, pygame.K_KP2: pygame.K_2, pygame.K_KP3: pygame.K_3, pygame.K_KP4: pygame.K_4,
          pygame.K_KP_ENTER: pygame.K_RETURN}
ASK_LABELS = {"road": "table.action.road", "settlement": "table.action.settlement", "city": "table.action.city",
              "dev": "table.action.dev"}


class PanelButton(CostButton):
    """The panel's button: its label keeps clear of the key's cap; an ask shows the cards it would ask for under
    its label, or a short note why it is off."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.note = ""

    def _draw(self, surface: pygame.Surface) -> None:
        if any(self.cost) and self.icons is not None:
            super()._draw(surface)
            return
        label = self.label
        self.label = ""
        StyledButton.draw(self, surface)
        self.label = label
        color = TEXT if self.enabled else TEXT_DIM
        if self.style == "primary" and self.enabled:
            color = (34, 27, 18)
        room = self.rect.w - 12 - (2 * (self.key_cap_rect().w + 2) if self.key_hint else 0)
        size = fit_text(label, self.font_size, room, True)
        y = self.rect.y + self.rect.h // 4 if self.note else self.rect.centery
        blit_text(surface, label, size, color, (self.rect.centerx, y), "center", True)
        if self.note:
            small = max(9, self.font_size - 3)
            blit_text(surface, ellipsize(self.note, small, self.rect.w - 10), small, TEXT_DIM,
                      (self.rect.centerx, self.rect.y + self.rect.h * 3 // 4), "center")


class TradePanel(ResourceGrid):
    """A domestic offer: what to give, what to get, to whom; Propose when the game would accept it."""

    name = "trade"
    columns = ("give", "get")
    grid_left = 16
    row_height = 36

    def __init__(self, scene: CatanTableScene, player: int) -> None:
        super().__init__(scene, player)
        self.targets: set[int] = set()
        self.asks: tuple[BuildAsk, ...] = ()
        self.repeat_offer: A.OfferTrade | None = None
        self.narrow = False

    # ------------------------------------------------------------------ place and size

    def dock(self) -> pygame.Rect:
        """Where the panel sits: the table's right column from the log down to the action buttons."""
        lay = self.scene.lay
        bottom = max(lay.actions.bottom, lay.hand.bottom)
        return pygame.Rect(lay.log.x, lay.log.y, lay.log.w, max(1, bottom - lay.log.y))

    def layout(self, area: pygame.Rect, scale: float) -> None:
        """Lay out at the table's scale, shrunk as far as the column needs."""
        dock = self.dock()
        self.narrow = dock.w < px(NARROW_WIDTH, scale)
        fit = min(1.0, dock.h / px(self.height(), scale), dock.w / px(PANEL_WIDTH, scale))
        super().layout(area, scale * fit)

    def height(self) -> int:
        """The panel's least height at scale 1: a narrow column puts the asks in two rows."""
        return PANEL_HEIGHT + (ASK_ROWS_EXTRA if self.narrow else 0)

    def place(self, area: pygame.Rect) -> None:
        """Docked beside the board, never over it."""
        self.rect = self.dock()

    def grid_top(self) -> int:
        """Below the asks and their hint line."""
        return self._grid_top

    def maximum(self, column: str, r: int) -> int | None:
        """Give at most what one holds."""
        return self.hand()[r] if column == "give" else 19

    # ------------------------------------------------------------------ the offer

    def offer(self) -> A.OfferTrade:
        """The offer as the panel stands."""
        return A.OfferTrade(self.player, tuple(self.values["give"]), tuple(self.values["get"]),
                            tuple(sorted(self.targets)))

    def others(self) -> list[int]:
        """The players one can trade with."""
        return [q for q in range(self.scene.game.num_players) if q != self.player]

    def ask(self, index: int) -> None:
        """Fill both sides with a build's ask (both stay editable)."""
        if index >= len(self.asks) or not self.asks[index].enabled:
            return
        chosen = self.asks[index]
        self.values["give"] = list(chosen.give)
        self.values["get"] = list(chosen.get)
        for st, (column, r) in zip(self.steppers, self._stepper_cells):
            st.value = self.values[column][r]
        self.refresh()

    def repeat(self) -> None:
        """Send the last offer again, as it was."""
        if self.repeat_offer is not None and self.scene.session.is_legal(self.repeat_offer):
            self.act(self.repeat_offer)

    def propose(self) -> None:
        """Send the offer on the panel."""
        if self.scene.session.is_legal(self.offer()):
            self.act(self.offer())

    def bank(self) -> None:
        """Over to the bank's dialog."""
        self.scene.open_dialog("maritime")

    # ------------------------------------------------------------------ controls

    def _button(self, rect: pygame.Rect, label: str, fn: Any, key: str, style: str = "secondary",
                hotkey: int | None = None, **kwargs: Any) -> PanelButton:
        b = PanelButton(rect, label, fn, style=style, hotkey=hotkey, font_size=max(10, self.fs - 1), **kwargs)
        b.key_hint = key
        self.buttons.append(b)
        return b

    def build(self) -> None:
        """Asks, the give and get steppers, targets, the repeat button and the bottom row."""
        s = self.s
        self.title = self.t("table.trade.title")
        pad = px(16, s)
        x, w = self.rect.x + pad, self.rect.w - 2 * pad
        y = self.body_top + px(20, s)
        # a taller column than the panel needs: the rows and the asks grow a little, the rest stays above the buttons
        room = max(0.0, (self.rect.h - px(self.height(), s)) / s)
        grow = min(8.0, room / 7)
        self.row_height = round(36 + grow)
        ask_h = px((44 if self.narrow else 54) + grow, s)
        gap = px(8, s)
        icon_size = px(17, s)

        def icons(r: int, dim: bool) -> pygame.Surface:
            return self.scene.icon(r, icon_size, dim)

        self.ask_y = y
        self.ask_buttons: list[PanelButton] = []
        cols = 2 if self.narrow else 4
        bw = (w - (cols - 1) * gap) // cols
        for i, (build, _cost) in enumerate(BUILDS):
            row, col = divmod(i, cols)
            rect = pygame.Rect(x + col * (bw + gap), y + row * (ask_h + gap), bw, ask_h)
            self.ask_buttons.append(self._button(rect, self.t(ASK_LABELS[build]), lambda i=i: self.ask(i), str(i + 1),
                                                 hotkey=ASK_KEYS[i], icons=icons))
        ask_h = self.ask_buttons[-1].rect.bottom - y
        y += ask_h
        self.hint_y = y + px(14, s)
        self._grid_top = y + px(50, s)
        step_w = min(px(150, s), (w - px(150, s) - px(20, s)) // 2)
        self.stepper_width = round(step_w / s)
        self.column_gap = 20
        self.label_width = round((w - 2 * step_w - px(20, s)) / s)
        self.build_grid()
        self._stepper_cells = [(c, r) for r in range(5) for c in self.columns]
        y = self.grid_bottom + px(8, s)
        bh = px(34, s)
        self.target_y = y
        self.target_buttons: list[tuple[int | None, StyledButton]] = []
        others = self.others()
        label_w = px(64, s)
        if len(others) > 1:
            n = len(others) + 1
            tw = (w - label_w - gap * (n - 1)) // n
            tx = x + label_w
            for q in [None, *others]:
                label = self.t("table.trade.everyone") if q is None else self.scene.player_name(q)
                b = StyledButton(pygame.Rect(tx, y, tw, bh), label, lambda q=q: self._toggle(q),
                                 font_size=max(10, self.fs - 2))
                self.buttons.append(b)
                self.target_buttons.append((q, b))
                tx += tw + gap
        y += bh + px(10, s)
        self.repeat_button = self._button(pygame.Rect(x, y, w * 2 // 5, bh), "↻ " + self.t("trade_panel.repeat"),
                                          self.repeat, "R", hotkey=pygame.K_r)
        repeat_bottom = y + bh
        bh = px(40, s)
        y = self.rect.bottom - pad - bh
        self.summary_y = (repeat_bottom + y) // 2
        bw = (w - 2 * gap) // 3
        self.propose_button = self._button(pygame.Rect(x, y, bw, bh), self.t("table.trade.propose"), self.propose,
                                           "↵", "primary", pygame.K_RETURN)
        self._button(pygame.Rect(x + bw + gap, y, bw, bh), self.t("table.trade.bank"), self.bank, "K",
                     hotkey=pygame.K_k)
        self._button(pygame.Rect(x + 2 * (bw + gap), y, bw, bh), self.t("table.close"), self.close, "Esc")

    def _toggle(self, q: int | None) -> None:
        if q is None:
            self.targets.clear()
        else:
            self.targets ^= {q}
        self.refresh()

    def refresh(self) -> None:
        """What the rules model allows now: the asks, the repeat, Propose; selected targets in gold."""
        legal = self.legal()
        self.asks = build_asks(self.scene.game, self.player, {a.kind for a in legal})
        for ask, b in zip(self.asks, self.ask_buttons):
            b.enabled = ask.enabled
            b.cost = ask.get
            b.tooltip = self.ask_text(ask)
            b.note = self.ask_note(ask)
        self.repeat_offer = last_offer(self.scene.game, self.player)
        self.repeat_button.enabled = (self.repeat_offer is not None
                                      and self.scene.session.is_legal(self.repeat_offer))
        self.repeat_button.tooltip = self.repeat_text()
        self.propose_button.enabled = self.scene.session.is_legal(self.offer())
        for q, b in self.target_buttons:
            b.style = "primary" if (q is None and not self.targets) or q in self.targets else "secondary"

    def ask_text(self, ask: BuildAsk) -> str:
        """What an ask would put on the panel, or why there is none."""
        if ask.reason is not None:
            return reason_text(self.t, ask.reason.key, ask.reason.params)
        get = format_cards(ask.get, self.t)
        if not any(ask.give):
            return self.t("trade_panel.ask.no_spare", get=get)
        return self.t("trade_panel.ask.tip", get=get, give=format_cards(ask.give, self.t))

    def ask_note(self, ask: BuildAsk) -> str:
        """A word or two under a disabled ask's label: why it is off."""
        if ask.reason is None:
            return ""
        key = ask.reason.key.rpartition(".")[2]
        short = f"trade_panel.short.{'have' if ask.reason.key.startswith('trade_panel.have') else key}"
        return self.t(short) if self.scene.app.translator.has(short) else ""

    def repeat_text(self) -> str:
        """The last offer's terms, or why it cannot be made again."""
        offer = self.repeat_offer
        if offer is None:
            return self.t("trade_panel.repeat.none")
        if any(g > h for g, h in zip(offer.give, self.hand())):
            return self.t("trade_panel.repeat.cards")
        terms = self.t("trade_panel.repeat.tip", give=format_cards(offer.give, self.t),
                       get=format_cards(offer.get, self.t))
        return terms if self.repeat_button.enabled else self.t("trade_panel.repeat.not_now")

    # ------------------------------------------------------------------ keys and focus

    def focus_widgets(self) -> list[Any]:
        """The asks, the rows (give, get), the targets, the repeat button, then the bottom row."""
        rest = [b for b in self.buttons if b not in self.ask_buttons]
        return [*self.ask_buttons, *self.steppers, *rest]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """T closes the panel again (as it opened it); the keypad's digits and Enter work like the main ones."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_t:
                self.close()
                return True
            if event.key in KEYPAD:
                event = pygame.event.Event(pygame.KEYDOWN, key=KEYPAD[event.key], mod=getattr(event, "mod", 0),
                                           unicode="", scancode=0)
        return super().handle_event(event)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The panel hides the column under it completely (the board beside it stays as it is)."""
        surface.fill(TABLE_BG, self.rect)
        super().draw(surface)

    def _explained(self) -> tuple[str, tuple[int, int, int]]:
        """The hint line: the focused or hovered ask's (or repeat's) text, else how the panel works."""
        pointed = self.focus.focused(self.focus_widgets())
        if pointed not in self.ask_buttons and pointed is not self.repeat_button:
            pos = self.scene.hover_pos
            pointed = next((b for b in (*self.ask_buttons, self.repeat_button) if b.rect.collidepoint(pos)), None)
        if pointed is None:
            return self.t("trade_panel.hint"), TEXT_DIM
        return str(getattr(pointed, "tooltip", "")), GOLD if getattr(pointed, "enabled", False) else TEXT_DIM

    def draw_body(self, surface: pygame.Surface) -> None:
        """The asks' heading and hint, the rows, the targets' label and the last offer's terms."""
        s = self.s
        x = self.rect.x + px(16, s)
        w = self.rect.w - px(32, s)
        small = max(10, self.fs - 2)
        blit_text(surface, self.t("trade_panel.asks"), small, TEXT_DIM, (x, self.ask_y - px(4, s)), "bottomleft",
                  bold=True)
        text, color = self._explained()
        size = max(small - 1, fit_text(text, small, w))
        blit_text(surface, ellipsize(text, size, w), size, color, (x, self.hint_y), "midleft")
        line_y = self.hint_y + px(14, s)
        pygame.draw.line(surface, GOLD_DARK, (x, line_y), (x + w, line_y), 1)
        self.draw_grid(surface, (self.t("table.trade.you_give"), self.t("table.trade.you_get")), self.hand())
        label_y = self.target_y + px(17, s)
        others = self.others()
        if len(others) > 1:
            blit_text(surface, self.t("table.trade.to"), small, TEXT_DIM, (x, label_y), "midleft", bold=True)
        else:
            to = self.t("trade_panel.to_one", player=self.scene.player_name(others[0])) if others else ""
            blit_text(surface, to, small, TEXT_DIM, (x, label_y), "midleft", bold=True)
        self._draw_repeat_terms(surface, small)
        lines, color = self.summary()
        bold = color == GOLD
        size = self.fs - 1
        if len(lines) > 1 and render_text(" · ".join(lines), size, color, bold).get_width() <= w:
            lines = (" · ".join(lines),)
        step = render_text("Ag", size, color, bold).get_height()
        y = self.summary_y - step * (len(lines) - 1) // 2
        for line in lines:
            blit_text(surface, ellipsize(line, size, w, bold), size, color, (self.rect.centerx, y), "center",
                      bold=bold)
            y += step

    def summary(self) -> tuple[tuple[str, ...], tuple[int, int, int]]:
        """The offer on the panel in words, give and get apart (gold when it can be sent), else what to choose."""
        give, get = self.values["give"], self.values["get"]
        if not any(give) or not any(get):
            return (self.t("trade_panel.summary.choose"),), TEXT_DIM
        if not self.propose_button.enabled:
            return (self.t("trade_panel.summary.illegal"),), TEXT_DIM
        return (self.t("trade_panel.summary.give", cards=format_cards(give, self.t)),
                self.t("trade_panel.summary.get", cards=format_cards(get, self.t))), GOLD

    def _draw_repeat_terms(self, surface: pygame.Surface, size: int) -> None:
        """Beside the repeat button: the last offer's cards (give → get), or that there is none yet."""
        b = self.repeat_button
        x, y = b.rect.right + px(12, self.s), b.rect.centery
        offer = self.repeat_offer
        color = TEXT if b.enabled else TEXT_DIM
        if offer is None:
            blit_text(surface, self.t("trade_panel.repeat.none"), size, TEXT_DIM, (x, y), "midleft")
            return
        icon_size = int(size * 1.4)
        for cards, after in ((offer.give, " → "), (offer.get, "")):
            for r, n in enumerate(cards):
                if not n:
                    continue
                img = self.scene.icon(r, icon_size, not b.enabled)
                surface.blit(img, (x, y - img.get_height() // 2))
                x += img.get_width() + 1
                txt = render_text(f"×{n}", size, color, True)
                surface.blit(txt, (x, y - txt.get_height() // 2))
                x += txt.get_width() + px(6, self.s)
            if after:
                txt = render_text(after.strip(), size, color, True)
                surface.blit(txt, (x, y - txt.get_height() // 2))
                x += txt.get_width() + px(6, self.s)


__all__ = ["ASK_KEYS", "TradePanel"]
