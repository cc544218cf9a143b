"""What the table tells on request: a hex's number and odds, a harbor's rate, and the bank's stock in a corner."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.core.i18n import decimal_text
from game.catan.constants import HARBOR_RESOURCE, PIPS, RESOURCES, TERRAIN_RESOURCE
from gui.dialogs import GOLD_DARK, blit_text, px
from gui.fonts import render_text
from gui.widgets import TEXT, TEXT_DIM

Translate = Callable[..., str]
EMPTY = (235, 110, 96)  # a resource the bank has run out of
DEV_CARD = ((118, 70, 140), (60, 30, 70))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def hex_tooltip(t: Translate, terrain: str, number: int, robber: bool) -> str:
    """A hex's terrain and resource, its number with pips and the odds of rolling it (as n/36 and %)."""
    if terrain not in TERRAIN_RESOURCE:
        return _capital(t("terrain." + terrain))
    resource = TERRAIN_RESOURCE[terrain]
    if resource is None or not number:
        text = t("table.tip.hex_barren", terrain=_capital(t("terrain." + terrain)))
    else:
        pips = PIPS.get(number, 0)
        percent = decimal_text(t, pips * 100 / 36, 1)
        text = t("table.tip.hex", terrain=_capital(t("terrain." + terrain)),
                 resource=t("resource." + RESOURCES[resource]), number=number,
                 pips=t("table.tip.pips", count=pips), fraction=f"{pips}/36", percent=percent)
    if robber:
        text += " · " + t("table.tip.hex_robber")
    return text


def harbor_tooltip(t: Translate, kind: str) -> str:
    """A harbor's rate and resource, and who trades there."""
    resource = HARBOR_RESOURCE.get(kind)
    if resource is None:
        return t("table.tip.harbor_generic")
    return t("table.tip.harbor_specific", resource=t("resource." + RESOURCES[resource]))


def bank_tooltip(t: Translate, bank: Sequence[int], deck: int) -> str:
    """The bank's stock in words."""
    cards = ", ".join(f"{t('resource.' + RESOURCES[r])} {n}" for r, n in enumerate(bank))
    return t("table.tip.bank_stock", cards=cards, deck=deck)


class BankBox:
    """The bank's stock, public to all: cards left per resource and development cards left, in the board's
    top-left corner (the dice have the top-right one)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, board: pygame.Rect, dice: pygame.Rect, scale: float) -> None:
        """Mirror the dice's box across the board's rectangle, in three columns of two rows."""
        pad = dice.y - board.y
        self.rect = pygame.Rect(board.x + pad, dice.y, px(164, scale), px(86, scale))

    def draw(self, surface: pygame.Surface, panels: object, icon: Callable[[int, int], pygame.Surface],
             bank: Sequence[int], deck: int, title: str, scale: float) -> None:
        """The box: a small title, then the five resources and the development cards with their counts."""
        rect = self.rect
        panels.blit(surface, rect, (24, 30, 40), 215, px(8, scale), GOLD_DARK)  # type: ignore[attr-defined]
        fs = max(10, px(17, scale))
        blit_text(surface, title, max(10, px(14, scale)), TEXT_DIM, (rect.x + px(7, scale), rect.y + px(3, scale)),
                  bold=True)
        size = max(12, px(22, scale))
        col_w = (rect.w - px(8, scale)) // 3
        top = rect.y + px(22, scale)
        row_h = (rect.bottom - px(4, scale) - top) // 2
        items: list[tuple[int | None, int]] = [(r, bank[r]) for r in range(5)] + [(None, deck)]
        for i, (r, count) in enumerate(items):
            x = rect.x + px(5, scale) + (i % 3) * col_w
            cy = top + (i // 3) * row_h + row_h // 2
            if r is None:
                w = max(6, int(size * 0.7))
                card = pygame.Rect(x + (size - w) // 2, cy - size // 2, w, size)
                pygame.draw.rect(surface, DEV_CARD[1], card, border_radius=max(2, size // 6))
                pygame.draw.rect(surface, DEV_CARD[0], card.inflate(-2, -2), border_radius=max(2, size // 6))
            else:
                img = icon(r, size)
                surface.blit(img, img.get_rect(center=(x + size // 2, cy)))
            num = render_text(str(count), fs, EMPTY if count == 0 else TEXT, True)
            surface.blit(num, (x + size + px(3, scale), cy - num.get_height() // 2))


__all__ = ["BankBox", "bank_tooltip", "harbor_tooltip", "hex_tooltip"]
