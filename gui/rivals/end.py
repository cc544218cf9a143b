"""The end screen of Rivals for Catan: the winner, each seat's points split by where they came from (summing to
the total) with the luck meter's dice against the odds beside them, and both principalities as they ended, as large as
the window allows, each under its owner's production expected against received and the Brigand's toll (a card under
the mouse is shown large)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rivals.scoring import SOURCES, PointsBySource, points_by_source
from gui.dialogs import GOLD, PLAYER_SWATCH, blit_text, ellipsize, px, ui_scale
from gui.fonts import font
from gui.luck_panel import draw_dice, luck_color, luck_of, production_text
from gui.rivals.faces import CardFaces, is_region
from gui.rivals.pieces import draw_event_die
from gui.rivals.principality import PrincipalityGeometry, RowPlan, draw_principality
from gui.score_end import WINNER_ROW, ScoreTableEndScene
from gui.widgets import PANEL, TEXT, TEXT_DIM

if TYPE_CHECKING:
    from game.coach.luck import LuckMeter
    from gui.app import App

# One colour per source of points: settlements green, cities red (the frames of their cards), expansions
# purple, the strength advantage steel blue, the trade advantage amber.
SOURCE_COLORS = ((70, 142, 70), (176, 62, 46), (124, 72, 146), (70, 104, 156), (196, 150, 52))
SOURCE_KEYS = {"settlements": "rivals.end.col_settlements", "cities": "rivals.end.col_cities",
               "expansions": "rivals.end.col_expansions", "strength": "rivals_layout.end.strength",
               "trade": "rivals_layout.end.trade"}
MARGIN = 36          # left and right margin of the screen, at scale 1
CARD_CAP = 150       # the largest card width of an end-screen principality, at scale 1
DICE_SHARE = 0.36    # the share of the points panel's width that the luck meter's dice chart takes
LUCK_TABLE_H = 170   # the points panel's least height with the dice chart in it, at scale 1


class RivalsEndScene(ScoreTableEndScene):
    """Who won the duel, where each seat's points came from, both principalities as they ended, the way back."""

    background = (22, 30, 28)
    summary_key = "rivals.end.summary"

    def __init__(self, app: App, game: Any) -> None:
        self.faces = CardFaces(app.art)
        self._mats: pygame.Surface | None = None
        self._mats_key: Any = None
        self._geos: list[PrincipalityGeometry] = []
        self._origin = (0, 0)                     # where the principalities' layer was last blitted
        self.mouse = (-1, -1)
        self.luck: LuckMeter | None = luck_of(game)
        self._dice: pygame.Surface | None = None
        self._dice_key: Any = None
        super().__init__(app, game)

    def points(self, player: int) -> PointsBySource:
        """Where a seat's victory points came from (the rules model splits them)."""
        return points_by_source(self.game.state, player)

    def column_keys(self) -> list[str]:
        """The sources of points, then the total."""
        return [SOURCE_KEYS[source] for source in SOURCES] + ["end.col_total"]

    def row_values(self, view: Any, player: int) -> list[int]:
        """A seat's points by source, then its total."""
        split = self.points(player)
        return [*split.parts, split.total]

    def table_rect(self, size: tuple[int, int], s: float) -> pygame.Rect:
        """The chart of points under the heading, across the screen."""
        n = self.game.num_players
        height = px(74, s) + n * px(38, s)
        if self.luck is not None:
            height = max(height, px(LUCK_TABLE_H, s))
        return pygame.Rect(px(MARGIN, s), px(112, s), size[0] - 2 * px(MARGIN, s), height)

    def draw_table(self, surface: pygame.Surface, view: Any, rect: pygame.Rect, winner: int | None,
                   s: float) -> None:
        """One bar per seat: a part per source with its points written on it, then '= total'; a mark at the
        goal; the sources' legend at the top right."""
        t = self.app.t
        self.panels.blit(surface, rect, PANEL, 236, 12, GOLD)
        fs, small = px(17, s), px(14, s)
        pad = px(16, s)
        blit_text(surface, t("rivals_layout.end.sources"), small, TEXT_DIM, (rect.x + pad, rect.y + px(18, s)),
                  "midleft", bold=True)
        if self.luck is not None:
            dice = pygame.Rect(rect.right - int(rect.w * DICE_SHARE), rect.y + px(6, s), 0, rect.h - px(12, s))
            dice.w = rect.right - px(6, s) - dice.x
            self._draw_dice(surface, dice, s)
            rect = pygame.Rect(rect.x, rect.y, dice.x - px(8, s) - rect.x, rect.h)
            note = ellipsize(t("luck.note"), px(12, s), rect.w - 2 * pad)
            blit_text(surface, note, px(12, s), TEXT_DIM, (rect.x + pad, rect.bottom - px(14, s)), "midleft")
        self._draw_legend(surface, pygame.Rect(rect.x + pad, rect.y + px(6, s), rect.w - 2 * pad, px(24, s)), s)
        name_w = min(px(230, s), rect.w // 4)
        total_w = px(70, s)
        bar_x = rect.x + pad + name_w
        bar_w = rect.right - pad - total_w - bar_x
        target = view.target_vp
        rows = [self.points(p) for p in range(self.game.num_players)]
        top = max([target, *(r.total for r in rows)])
        unit = bar_w / max(1, top)
        y = rect.y + px(40, s)
        row_h = px(38, s)
        for p, (seat, split) in enumerate(zip(self.game.seats, rows)):
            row = pygame.Rect(rect.x + px(8, s), y, rect.w - px(16, s), row_h - px(4, s))
            if p == winner:
                pygame.draw.rect(surface, WINNER_ROW, row, border_radius=8)
            dot = (rect.x + pad + px(10, s), row.centery)
            pygame.draw.circle(surface, PLAYER_SWATCH.get(seat.color, (150, 150, 150)), dot, px(9, s))
            name = ellipsize(seat.name + ("  ★" if p == winner else ""), fs, name_w - px(40, s), True)
            blit_text(surface, name, fs, TEXT, (dot[0] + px(18, s), row.centery), "midleft", bold=True)
            bar = pygame.Rect(bar_x, row.y + px(5, s), 0, row.h - px(10, s))
            done = 0
            for part, value in enumerate(split.parts):
                if value <= 0:
                    continue
                x0, x1 = bar_x + round(done * unit), bar_x + round((done + value) * unit)
                seg = pygame.Rect(x0, bar.y, x1 - x0, bar.h)
                pygame.draw.rect(surface, SOURCE_COLORS[part], seg)
                pygame.draw.line(surface, (20, 22, 28), (seg.right - 1, seg.y), (seg.right - 1, seg.bottom - 1))
                blit_text(surface, str(value), small, (250, 246, 236), seg.center, "center", bold=True, shadow=True)
                done += value
            end_x = bar_x + round(done * unit)
            label_x = end_x + px(8, s)
            goal_x = bar_x + round(target * unit)
            if label_x - px(4, s) <= goal_x <= label_x + font(fs + 3, True).size(f"= {split.total}")[0] + px(4, s):
                label_x = goal_x + px(8, s)  # the total just short of the goal: written past the goal line
            blit_text(surface, f"= {split.total}", fs + 3, GOLD, (label_x, row.centery), "midleft", bold=True)
            y += row_h
        goal_x = bar_x + round(target * unit)
        goal_top, goal_bottom = rect.y + px(38, s), y - px(2, s)
        for gy in range(goal_top, goal_bottom, px(8, s)):
            pygame.draw.line(surface, GOLD, (goal_x, gy), (goal_x, min(goal_bottom, gy + px(4, s))), 2)
        blit_text(surface, t("rivals_layout.end.goal", target=target), px(13, s), GOLD,
                  (goal_x, goal_bottom + px(2, s)), "midtop")

    def _draw_legend(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        """The colour and name of each source, right-aligned in rect."""
        size = px(13, s)
        box = px(12, s)
        x = rect.right
        for part in reversed(range(len(SOURCES))):
            label = self.app.t(SOURCE_KEYS[SOURCES[part]])
            drawn = blit_text(surface, label, size, TEXT, (x, rect.centery), "midright")
            x = drawn.x - px(6, s) - box
            pygame.draw.rect(surface, SOURCE_COLORS[part], (x, rect.centery - box // 2, box, box), border_radius=2)
            x -= px(18, s)

    def draw_below(self, surface: pygame.Surface, view: Any, area: pygame.Rect, s: float) -> None:
        """Both principalities under the chart."""
        self._draw_principalities(surface, view, area, s)

    def _draw_dice(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        """Both dice of the luck meter against the odds (drawn once per size and language)."""
        assert self.luck is not None
        key = (rect.size, self.app.translator.lang)
        if self._dice is None or self._dice_key != key:
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            t = self.app.t
            draw_dice(layer, layer.get_rect(), self.luck, t, t("stats.dice_title", rolls=self.luck.rolls), s,
                      lambda target, box, face: draw_event_die(target, box, face))
            self._dice, self._dice_key = layer, key
        surface.blit(self._dice, rect.topleft)

    def _luck_line(self, mats: pygame.Surface, p: int, x: int, right: int, s: float) -> None:
        """A seat's production expected against received (coloured by how lucky) and the Brigand's toll, on its
        principality's name line from x."""
        if self.luck is None or p >= len(self.luck.seats) or right - x < px(80, s):
            return
        luck = self.luck.seats[p]
        t = self.app.t
        size = px(14, s)
        y = px(8, s) + px(17, s) // 2 + 1
        text = production_text(self.app.translator, luck)
        drawn = blit_text(mats, ellipsize(text, size, right - x), size, luck_color(luck), (x, y), "midleft")
        lost = t("luck.brigand", count=luck.robbed) if luck.robbed else t("luck.no_brigand")
        rest = right - drawn.right - px(8, s)
        if rest > px(60, s):
            blit_text(mats, ellipsize("· " + lost, size, rest), size, TEXT_DIM, (drawn.right + px(8, s), y), "midleft")

    def _boxes(self, view: Any, area: pygame.Rect, s: float) -> list[pygame.Rect]:
        """The two principality panels side by side, the width shared so that the smaller of the two card widths
        is as large as it can be (a principality of many columns gets more of it)."""
        gap, head = px(12, s), self._head(s)
        plans = [RowPlan.of([c for c, k in enumerate(view.grid[p]) if k >= 0]) for p in (0, 1)]
        inner_h = area.h - head - px(4, s)
        cap = px(CARD_CAP, s)
        usable = area.w - gap - 2 * px(12, s)
        best: tuple[tuple[int, int], int] | None = None
        for left in range(usable // 4, usable - usable // 4 + 1, 2):
            widths = (plans[0].card_width((left, inner_h), cap), plans[1].card_width((usable - left, inner_h), cap))
            score = (min(widths), sum(widths))
            if best is None or score > best[0]:
                best = (score, left)
        left = best[1] + px(12, s) if best is not None else (area.w - gap) // 2
        return [pygame.Rect(0, 0, left, area.h), pygame.Rect(left + gap, 0, area.w - left - gap, area.h)]

    def _head(self, s: float) -> int:
        """The height of a principality panel's name line."""
        return px(17, s) + px(12, s)

    def _draw_principalities(self, surface: pygame.Surface, view: Any, area: pygame.Rect, s: float) -> None:
        """Both principalities as they ended, side by side under their owners' names (drawn once per size)."""
        key = (area.size, self.app.translator.lang, self.app.art)
        if self._mats is None or self._mats_key != key:
            self.faces = CardFaces(self.app.art)
            mats = pygame.Surface(area.size, pygame.SRCALPHA)
            self._geos = []
            fs, head = px(17, s), self._head(s)
            for p, (seat, box) in enumerate(zip(self.game.seats, self._boxes(view, area, s))):
                self.panels.blit(mats, box, PANEL, 200, 12)
                named = blit_text(mats, seat.name, fs, PLAYER_SWATCH.get(seat.color, TEXT),
                                  (box.x + px(14, s), px(8, s)), bold=True)
                self._luck_line(mats, p, named.right + px(16, s), box.right - px(12, s), s)
                inner = pygame.Rect(box.x + px(6, s), head, box.w - px(12, s), box.h - head - px(4, s))
                grid = view.grid[p]
                cells = [c for c, k in enumerate(grid) if k >= 0]
                geo = PrincipalityGeometry.build(inner, cells, False, px(CARD_CAP, s))
                self._geos.append(geo)
                draw_principality(mats, self.faces, geo, grid, view.store[p], ())
            self._mats, self._mats_key = mats, key
        surface.blit(self._mats, area.topleft)
        self._origin = area.topleft

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card of either principality under a screen position (None where there is none)."""
        local = (pos[0] - self._origin[0], pos[1] - self._origin[1])
        view = self.game.view(-1)
        for p, geo in enumerate(self._geos):
            grid = view.grid[p]
            if geo.bounds.collidepoint(local):
                c = geo.cell_at(local, (c for c, k in enumerate(grid) if k >= 0), grid)
                if c is not None:
                    return grid[c]
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Note where the mouse is (a card under it is shown large), then the buttons and keys."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The screen, and the card under the mouse shown large beside it."""
        super().draw(surface)
        card = self.card_at(self.mouse)
        if card is None:
            return
        w, h = surface.get_size()
        side = min(h * 3 // 5, px(420, ui_scale((w, h))))
        size = (side, side) if is_region(card) else (side * 2 // 3, side)
        img = self.faces.face(card, size)
        rect = img.get_rect(midleft=(self.mouse[0] + px(24, ui_scale((w, h))), self.mouse[1]))
        if rect.right > w:
            rect.right = self.mouse[0] - px(24, ui_scale((w, h)))
        rect.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (8, 10, 12), rect.move(6, 8), border_radius=max(4, side // 30))
        surface.blit(img, rect)

    def card_widths(self) -> list[int]:
        """The card width of each seat's principality as last drawn (tests read it)."""
        return [geo.card_w for geo in self._geos]
