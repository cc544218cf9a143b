"""The Rivals table's dialog base and its general dialogs: which regions pay, and a list of options for any other
choice. Every button acts only with an action the game accepts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
from gui.dialogs import ListBox, ListRow, Stepper, StyledButton, blit_text, ellipsize, fit_text, px
from gui.fonts import font, wrap_text
from gui.rivals.faces import is_region
from gui.rivals.interact import storing_cells, with_payment
from gui.rivals.principality import draw_stock
from gui.table.dialogs import TableDialog
from gui.widgets import TEXT, TEXT_DIM

if TYPE_CHECKING:
    from gui.rivals.scene import RivalsTableScene

SELECT_EDGE = (240, 200, 90)
LEGAL_EDGE = (96, 200, 110)


def grid_rects(area: pygame.Rect, count: int, aspect: float, max_w: int, gap: int) -> list[pygame.Rect]:
    """Rects for count cards of the aspect (height / width) in rows filling area, centred."""
    if count <= 0:
        return []
    best: list[pygame.Rect] = []
    for cols in range(1, count + 1):
        rows = (count + cols - 1) // cols
        w = min(max_w, (area.w - gap * (cols - 1)) // cols, int((area.h - gap * (rows - 1)) / rows / aspect))
        if w <= 0:
            continue
        if best and w <= best[0].w:
            continue
        h = int(w * aspect)
        total_w = cols * w + (cols - 1) * gap
        total_h = rows * h + (rows - 1) * gap
        x0 = area.centerx - total_w // 2
        y0 = area.y + (area.h - total_h) // 2
        best = [pygame.Rect(x0 + (i % cols) * (w + gap), y0 + (i // cols) * (h + gap), w, h) for i in range(count)]
    return best


class CardSlot:
    """A card in a dialog as the keyboard focus sees it: its rectangle, what Enter does, and whether it may."""

    def __init__(self, rect: pygame.Rect, on_click: Callable[[], None], enabled: bool = True) -> None:
        self.rect = rect
        self.on_click = on_click
        self.enabled = enabled


def card_under(pos: tuple[int, int], cards: Iterable[int], rects: Iterable[pygame.Rect]) -> int | None:
    """The card whose rectangle holds pos (cards and rects in the same order), or None."""
    for card, rect in zip(cards, rects):
        if rect.collidepoint(pos):
            return card
    return None

class IconButton(StyledButton):
    """A styled button with an icon before its label."""

    def __init__(self, rect: pygame.Rect, label: str, on_click: Callable[[], None], icon: pygame.Surface,
                 font_size: int) -> None:
        super().__init__(rect, label, on_click, font_size=font_size)
        self.picture = icon

    def draw(self, surface: pygame.Surface) -> None:
        """The button, then the icon and the label side by side."""
        label = self.label
        self.label = ""
        super().draw(surface)
        self.label = label
        iw = self.picture.get_width()
        gap = max(4, iw // 5)
        size = fit_text(label, self.font_size, self.rect.w - iw - gap - 12, True)
        tw = font(size, True).size(label)[0]
        x = self.rect.centerx - (iw + gap + tw) // 2
        img = self.picture if self.enabled else _faded(self.picture)
        surface.blit(img, (x, self.rect.centery - img.get_height() // 2))
        color = (34, 27, 18) if self.style == "primary" and self.enabled else TEXT if self.enabled else TEXT_DIM
        blit_text(surface, label, size, color, (x + iw + gap, self.rect.centery), "midleft", bold=True)


def _faded(img: pygame.Surface) -> pygame.Surface:
    out = img.copy()
    out.set_alpha(90)
    return out


class RivalsDialog(TableDialog):
    """A table dialog that shows Rivals cards and knows the scene's names."""

    scene: RivalsTableScene  # type: ignore[assignment]

    def is_legal(self, action: Action) -> bool:
        """Whether the game would accept the action now."""
        return self.scene.session.is_legal(action)

    def legal_of(self, *classes: type) -> list[Any]:
        """The dialog player's legal actions of some classes."""
        return [a for a in self.legal() if isinstance(a, classes)]

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """A card shown under pos (the scene zooms it)."""
        return None

    def draw_card(self, surface: pygame.Surface, card: int, rect: pygame.Rect, edge: tuple[int, int, int] | None = None,
                  quarter: int = 0, dim: bool = False) -> None:
        """A card face in rect (regions square), with an optional frame."""
        img = self.scene.faces.face(card, rect.size if quarter % 2 == 0 else (rect.h, rect.w), quarter)
        surface.blit(img, img.get_rect(center=rect.center))
        if dim:
            surface.blit(self.scene.veil(rect.size, 150), rect.topleft)
        if edge is not None:
            pygame.draw.rect(surface, edge, rect.inflate(4, 4), max(2, rect.w // 30), border_radius=max(3, rect.w // 10))

    def hint(self, surface: pygame.Surface, text: str, y: int, color: tuple[int, int, int] = TEXT_DIM) -> int:
        """Wrapped small text across the dialog; returns the y below it."""
        x = self.rect.x + px(22, self.s)
        fs = max(10, self.fs - 2)
        for line in wrap_text(text, fs, self.rect.w - px(44, self.s))[:3]:
            blit_text(surface, line, fs, color, (x, y))
            y += int(fs * 1.3)
        return y


class PaymentDialog(RivalsDialog):
    """Choose which regions pay: one stepper under each own card holding resources, starting from the payment
    the game offered; Pay only while the game accepts the payment."""

    name = "payment"

    def __init__(self, scene: RivalsTableScene, player: int, action: Action, what: str) -> None:
        self.action = action
        self.what = what
        view = scene.game.view(player)
        self.grid, self.store = view.grid[player], view.store[player]
        self.cells = storing_cells(self.grid, self.store)
        self.amounts = dict(getattr(action, "payment", ()))
        super().__init__(scene, player)

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Tiles in rows of up to seven."""
        cols = min(7, max(4, len(self.cells)))
        rows = (len(self.cells) + cols - 1) // cols
        return px(40 + 104 * cols, scale), px(214 + 150 * rows, scale)

    def chosen(self) -> Action:
        """The action with the payment as chosen."""
        return with_payment(self.action, self.amounts)

    def build(self) -> None:
        """A tile and a stepper per storing card, Pay and Cancel."""
        self.title = self.t("rivals.pay.title", what=self.what)
        cols = min(7, max(4, len(self.cells)))
        tile = px(96, self.s)
        gap = px(8, self.s)
        total = cols * tile + (cols - 1) * gap
        x0 = self.rect.centerx - total // 2
        y0 = self.body_top + px(44, self.s)
        self.tiles: list[tuple[int, pygame.Rect]] = []
        for i, c in enumerate(self.cells):
            col, row = i % cols, i // cols
            r = pygame.Rect(x0 + col * (tile + gap), y0 + row * px(150, self.s), tile, px(100, self.s))
            self.tiles.append((c, r))

            def change(v: int, c: int = c) -> None:
                self.amounts[c] = v

            st = Stepper(pygame.Rect(r.x, r.bottom + px(8, self.s), tile, px(30, self.s)), self.amounts.get(c, 0),
                         0, self.store[c], change, font_size=max(11, self.fs - 1))
            self.steppers.append(st)
        self.ok, _ = self.bottom_buttons([("rivals.pay.ok", self._ok, "primary"),
                                          ("rivals.cancel", self.close, "secondary")])

    def refresh(self) -> None:
        """Pay only with an accepted payment."""
        self.ok.enabled = self.is_legal(self.chosen())

    def _ok(self) -> None:
        self.act(self.chosen())

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card of the tile under pos."""
        for c, r in self.tiles:
            if r.collidepoint(pos):
                return self.grid[c]
        return None

    def draw_body(self, surface: pygame.Surface) -> None:
        """What is paid so far, and the tiles."""
        names = self.scene.names()
        text = self.t("rivals.pay.paying", items=names.payment(self.grid, tuple(self.amounts.items())))
        blit_text(surface, ellipsize(text, self.fs, self.rect.w - px(44, self.s), True), self.fs, TEXT,
                  (self.rect.centerx, self.body_top + px(4, self.s)), "midtop", bold=True)
        blit_text(surface, self.t("rivals.pay.hint"), max(10, self.fs - 3), TEXT_DIM,
                  (self.rect.centerx, self.body_top + px(26, self.s)), "midtop")
        for c, r in self.tiles:
            card = self.grid[c]
            side = min(r.w, r.h)
            box = pygame.Rect(0, 0, side, side) if is_region(card) else pygame.Rect(0, 0, side * 2 // 3, side)
            box.center = r.center
            edge = SELECT_EDGE if self.amounts.get(c, 0) else None
            self.draw_card(surface, card, box, edge, self.store[c] if is_region(card) else 0)
            if not is_region(card):
                draw_stock(surface, box, self.store[c], box.w)


class OptionsDialog(RivalsDialog):
    """A list of legal actions in words; hovering one shows its cards on the table; Choose acts (with the
    payment dialog when the payment can be chosen)."""

    name = "options"

    def __init__(self, scene: RivalsTableScene, player: int, actions: Sequence[Action] | None = None,
                 title: str = "", card: int = -1) -> None:
        self.fixed = list(actions) if actions is not None else None
        self.title_text = title
        self.card = card
        super().__init__(scene, player)

    def options(self) -> list[Action]:
        """The actions offered."""
        return self.fixed if self.fixed is not None else list(self.legal())

    def size(self, area: pygame.Rect, scale: float) -> tuple[int, int]:
        """Room for the list (and the card when there is one)."""
        return px(760 if self.card >= 0 else 620, scale), px(520, scale)

    def build(self) -> None:
        """The list, Choose and Cancel."""
        self.title = self.title_text or self.t("rivals.options.title")
        names = self.scene.names()
        grids = self.scene.view.grid
        revealed = self.scene.game.view(self.player).revealed
        stack = revealed.get("stack") or revealed.get("discard") or ()
        self.actions = self.options()
        rows = [ListRow((names.action(a, grids, stack),), a) for a in self.actions]
        left = self.rect.x + px(20, self.s)
        if self.card >= 0:
            cw = px(150, self.s)
            self.card_rect = pygame.Rect(left, self.body_top + px(4, self.s), cw, cw * 3 // 2)
            left = self.card_rect.right + px(16, self.s)
        top = self.body_top + px(4, self.s)
        rect = pygame.Rect(left, top, self.rect.right - px(20, self.s) - left,
                           self.rect.bottom - px(76, self.s) - top)
        self.list = ListBox(rect, rows, font_size=max(11, self.fs - 2), row_height=px(30, self.s),
                            on_select=self._select, on_activate=self._choose)
        specs: list[tuple[str, Callable[[], None], str]] = [("rivals.options.choose", self._ok, "primary")]
        if self.closable:
            specs.append(("rivals.cancel", self.close, "secondary"))
        self.ok = self.bottom_buttons(specs)[0]
        if rows:
            self.list.select(0)

    def refresh(self) -> None:
        """Choose needs a chosen row."""
        self.ok.enabled = self.list.value is not None

    def _select(self, action: Action) -> None:
        self.scene.preview = action
        self.refresh()

    def _choose(self, action: Action) -> None:
        self.scene.preview = None
        self.scene.perform(action)

    def _ok(self) -> None:
        if self.list.value is not None:
            self._choose(self.list.value)

    def close(self) -> None:
        """Close (the table's preview goes too)."""
        self.scene.preview = None
        super().close()

    def focus_extra(self) -> list[Any]:
        """The list comes first."""
        return [self.list]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The list first (its arrows and Enter only while the keyboard focus is on it or on nothing)."""
        focused = self.focus.focused(self.focus_widgets())
        if (focused is None or focused is self.list or event.type != pygame.KEYDOWN) and self.list.handle_event(event):
            self.refresh()
            return True
        return super().handle_event(event)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card shown beside the list."""
        if self.card >= 0 and self.card_rect.collidepoint(pos):
            return self.card
        return None

    def draw_body(self, surface: pygame.Surface) -> None:
        """The card and the list."""
        if self.card >= 0:
            self.draw_card(surface, self.card, self.card_rect)
        self.list.draw(surface)


class DecisionDialog(OptionsDialog):
    """A pending decision without its own control: its legal actions as a list (it cannot be put off)."""

    name = "decision"
    closable = False

    def __init__(self, scene: RivalsTableScene, player: int) -> None:
        view = scene.game.view(player)
        kind = view.decision[0] if view.decision else ""
        key = f"rivals.decision.{kind}"
        title = scene.app.t(key, player=scene.player_name(player)) if scene.app.translator.has(key) else \
            scene.app.t("rivals.decision.other", player=scene.player_name(player))
        super().__init__(scene, player, None, title)


__all__ = ["CardSlot", "DecisionDialog", "IconButton", "OptionsDialog", "PaymentDialog", "RivalsDialog", "grid_rects"]
