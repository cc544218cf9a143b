"""The two-player game's strip under the players: the neutral colours' pieces and the trade-card supply."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from gui.catan.board_extras import neutral_marked
from gui.catan.panels import TRADE_CARD, TRADE_CARD_EDGE
from gui.dialogs import GOLD, blit_text, ellipsize, fit_text
from gui.fonts import render_text
from gui.table.panels import PanelCache
from gui.table.sprites import SpriteBook
from gui.widgets import PANEL, TEXT, TEXT_DIM


@dataclass(frozen=True)
class NeutralInfo:
    """What the strip shows about one neutral colour."""

    owner: int
    name: str
    color: str
    settlements: int
    roads: int
    road_length: int
    longest: bool


class NeutralPanel:
    """One strip: a heading with the trade-card supply, then a cell per neutral colour."""

    def __init__(self, panels: PanelCache) -> None:
        self.panels = panels
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tips: list[tuple[pygame.Rect, str]] = []
        self._icons: dict[tuple[str, int], pygame.Surface] = {}

    def layout(self, rect: pygame.Rect) -> None:
        """Place the strip."""
        self.rect = rect

    def _icon(self, sprites: SpriteBook, color: str, size: int) -> pygame.Surface:
        key = (color, size)
        icon = self._icons.get(key)
        if icon is None:
            if len(self._icons) > 16:
                self._icons.clear()
            icon = self._icons[key] = neutral_marked(sprites.get("piece", f"settlement_{color}", size),
                                                     max(3, size // 5))
        return icon

    def draw(self, surface: pygame.Surface, sprites: SpriteBook, infos: Sequence[NeutralInfo], supply: int,
             t: Callable[..., str], fs: int) -> None:
        """Draw the strip (nothing when it has no room)."""
        self.tips = []
        rect = self.rect
        if rect.h < 20 or not infos:
            return
        inner = rect.inflate(0, -max(4, rect.h // 14))
        self.panels.blit(surface, inner, PANEL, 225, max(6, inner.h // 6))
        sfs = max(10, int(fs * 0.82))
        pad = max(6, fs // 2)
        head_y = inner.y + max(3, inner.h // 14)
        title = t("table.neutral.title")
        blit_text(surface, title, sfs, TEXT_DIM, (inner.x + pad, head_y), bold=True)
        # the supply, right-aligned on the heading line
        supply_text = t("table.neutral.supply", count=supply)
        gh = int(sfs * 1.15)
        text = render_text(supply_text, sfs, TEXT, True)
        sx = inner.right - pad - text.get_width()
        surface.blit(text, (sx, head_y))
        glyph = pygame.Rect(sx - int(gh * 0.7) - 5, head_y, int(gh * 0.7), gh)
        pygame.draw.rect(surface, TRADE_CARD_EDGE, glyph, border_radius=max(2, gh // 6))
        pygame.draw.rect(surface, TRADE_CARD, glyph.inflate(-2, -2), border_radius=max(2, gh // 6))
        blit_text(surface, "⇄", max(8, gh * 2 // 3), (236, 250, 246), glyph.center, "center", bold=True)
        self.tips.append((pygame.Rect(glyph.x, head_y, inner.right - glyph.x, gh),
                          t("table.tip.trade_supply", count=supply)))
        # one cell per neutral colour
        cell_y = head_y + gh + max(2, inner.h // 16)
        cell_h = inner.bottom - cell_y - 2
        if cell_h < 10:
            return
        cell_w = (inner.w - pad) // len(infos)
        for i, info in enumerate(infos):
            cell = pygame.Rect(inner.x + pad // 2 + i * cell_w, cell_y, cell_w - pad // 2, cell_h)
            self._cell(surface, sprites, info, cell, t, sfs)

    def _cell(self, surface: pygame.Surface, sprites: SpriteBook, info: NeutralInfo, cell: pygame.Rect,
              t: Callable[..., str], sfs: int) -> None:
        icon = self._icon(sprites, info.color, max(10, min(int(cell.h * 0.8), sfs * 3)))
        surface.blit(icon, icon.get_rect(midleft=(cell.x + 2, cell.centery)))
        x = cell.x + icon.get_width() + 6
        width = cell.right - x - 2
        counts = f"⌂ {info.settlements}   ▬ {info.roads}"
        size = fit_text(counts, sfs, width, True)
        line = cell.centery if not info.longest else cell.y + cell.h // 4 + 1
        r = blit_text(surface, ellipsize(counts, size, width, True), size, TEXT, (x, line), "midleft", bold=True)
        self.tips.append((pygame.Rect(cell.x, cell.y, max(r.right, x + width // 2) - cell.x, cell.h),
                          t("table.tip.neutral", player=info.name, settlements=info.settlements, roads=info.roads,
                            length=info.road_length)))
        if info.longest:
            label = t("table.badge.longest_road")
            bs = fit_text(label, max(8, sfs - 2), width - 10, True)
            badge = render_text(ellipsize(label, bs, width - 10, True), bs, (250, 240, 220), True)
            pill = pygame.Rect(0, 0, badge.get_width() + 10, badge.get_height() + 2)
            pill.midleft = (x - 2, cell.y + cell.h * 3 // 4)
            pygame.draw.rect(surface, (150, 60, 40), pill, border_radius=pill.h // 2)
            pygame.draw.rect(surface, GOLD, pill, 1, border_radius=pill.h // 2)
            surface.blit(badge, badge.get_rect(center=pill.center))
            self.tips.insert(0, (pill, t("table.tip.neutral_longest", player=info.name, length=info.road_length)))

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """The tooltip under the mouse, if any."""
        for rect, text in self.tips:
            if rect.collidepoint(pos):
                return text
        return None


__all__ = ["NeutralInfo", "NeutralPanel"]
