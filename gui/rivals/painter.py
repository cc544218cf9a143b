"""Drawing the Rivals table: a cached layer of everything that changes only with the game, and on top of it
the glowing targets, turning regions, tumbling dice, the dragged card, the event card and the zoomed card
(part of RivalsTableScene)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.core.actions import Action
from game.rivals.catalogue import catalogue
from game.rivals.constants import TOKENS
from gui.dialogs import blit_text, ellipsize, px
from gui.fonts import wrap_text
from gui.rivals.animations import DiceRoll, EventShow, RegionTurn
from gui.rivals.centre import CentreState, draw_centre, draw_dice
from gui.rivals.faces import is_region
from gui.rivals.hand import draw_backs, draw_fan
from gui.rivals.interact import buildable_supply, playable_cards
from gui.rivals.pieces import draw_token
from gui.rivals.principality import PrincipalityGeometry, draw_principality, settlement_cells
from gui.hints import draw_hint_line
from gui.rivals.hints import rivals_hint
from gui.rivals.seats import SeatInfo, draw_phases, draw_seat, stat_rects

FELT = (30, 52, 44)
MAT = (38, 64, 54)
LIT = (250, 214, 96)
ZOOM_W = 250
HOVER_DELAY = 0.6       # seconds the mouse rests on a card before it is shown large


class RivalsPainter:
    """How the Rivals table looks (a part of RivalsTableScene)."""

    # ------------------------------------------------------------------ hover

    def _card_under(self, pos: tuple[int, int]) -> int | None:
        """The face-up card under pos (hand, principalities, discard pile, face-up stack)."""
        if self.pass_screen is not None:
            return None
        if self.dialog is not None:
            finder = getattr(self.dialog, "card_at", None)
            return finder(pos) if finder is not None else None
        if not self._hand_hidden():
            self._layout_fan()
            i = self.fan.index_at(pos, self._chosen_card())
            if i is not None:
                return self.fan.cards[i]
        view = self.view
        for p in (self.near, 1 - self.near):
            geo = self.geometry(p)
            grid = view.grid[p]
            if geo.bounds.collidepoint(pos):
                c = geo.cell_at(pos, (c for c, card in enumerate(grid) if card >= 0), grid)
                if c is not None:
                    return grid[c]
        if self.spots is not None:
            hit = self.spots.hit(pos)
            if hit == "discard" and view.discard_top >= 0:
                return view.discard_top
            if hit == "face_up" and view.face_up:
                return view.face_up[0]
            if hit and hit.startswith("supply.") and hit != "supply.region":
                found = catalogue().find(hit.split(".", 1)[1])
                return found[0] if found else None
        return None

    def _track_hover(self, dt: float) -> None:
        """Note which card the mouse rests on and for how long (its zoom waits for HOVER_DELAY)."""
        card = None if self.dragging or self.press is not None else self._card_under(self.hover_pos)
        held, since = self.hovered
        self.hovered = (card, since + dt if card == held else 0.0)

    def zoom_dock(self) -> pygame.Rect:
        """Where a card is shown large without covering anything one clicks: over the log in the side column."""
        return self.lay.log

    def hover_zoom_card(self) -> int | None:
        """The card shown large in the dock now: the event card just drawn, else the card the mouse has rested
        on for HOVER_DELAY (None while a card is pinned or dragged)."""
        if self.pinned is not None:
            return None
        shown = self._event_showing()
        if shown is not None:
            return shown.card
        if self.dragging or self.press is not None:
            return None
        card, since = self.hovered
        return card if card is not None and since >= HOVER_DELAY else None

    def _event_showing(self) -> EventShow | None:
        for a in self.animator.of(EventShow):
            if a.elapsed >= a.delay:
                return a
        return None

    def _table_tooltip(self, pos: tuple[int, int]) -> str | None:
        for rect in (self.lay.far_info, self.lay.near_info):
            if rect.collidepoint(pos):
                for stat, r in stat_rects(rect, self.lay.font, self.lay.scale).items():
                    if r.collidepoint(pos):
                        return self.app.t(f"rivals.tip.stat.{stat}")
                return None
        if self.spots is None:
            return None
        hit = self.spots.hit(pos)
        if hit is None:
            return None
        t = self.app.t
        if hit.startswith("stack."):
            i = int(hit.split(".")[1])
            tip = t("rivals.tip.stack", stack=self.names().stack(i))
            returned = self.view.stack_returned
            under = returned[i] if i < len(returned) else 0
            return f"{tip} · {t('rivals.tip.stack_returned', n=under)}" if under else tip
        key = f"rivals.tip.{hit.replace('.', '_')}"
        return t(key) if self.app.translator.has(key) else None

    # ------------------------------------------------------------------ drawing

    def _seat(self, p: int) -> SeatInfo:
        view = self.view
        return SeatInfo(self.player_name(p), self.player_color(p), view.vp[p], view.target_vp, view.stats[p],
                         view.hand_sizes[p], view.hand_limit if p == view.player else -1,
                         p in self.game.active_players(), not self.game.seats[p].is_human,
                         tuple(TOKENS[i] for i in range(2) if view.tokens[i] == p), self.player_level(p),
                         self._mark(p))

    def _mark(self, p: int) -> str:
        """The seat's colour id when colour-blind marks are on, else ''."""
        if not getattr(self.app.settings, "colour_marks", False) or not 0 <= p < len(self.game.seats):
            return ""
        return self.game.seats[p].color

    def _turning(self) -> tuple[tuple[int, int], ...]:
        return tuple(sorted((a.player, a.cell) for a in self.animator.of(RegionTurn)))

    def _base_key(self) -> tuple[Any, ...]:
        return (self.session.revision, self.session.viewer, self.near, self.lay.size, self.pass_screen is None,
                self.app.translator.lang, len(self.log.entries), self.log.scroll, self.session.watch_speed,
                self.selected, self.dragging, self._turning(), bool(self.animator.of(DiceRoll)),
                self.session.human_actor(), self.app.art, getattr(self.app.settings, "colour_marks", False))

    def _felt_surface(self) -> pygame.Surface:
        if self._felt is None or self._felt.get_size() != self.lay.size:
            felt = pygame.Surface(self.lay.size)
            felt.fill(FELT)
            w, h = self.lay.size
            cx, cy = self.lay.board.centerx, self.lay.board.centery
            for k in range(12, 0, -1):
                r = pygame.Rect(0, 0, self.lay.board.w * k // 12, self.lay.board.h * k // 12)
                r.center = (cx, cy)
                shade = tuple(min(255, c + (12 - k) * 2) for c in FELT)
                pygame.draw.ellipse(felt, shade, r)
            for area in (self.lay.far_mat, self.lay.near_mat):
                mat = pygame.Surface(area.size, pygame.SRCALPHA)
                pygame.draw.rect(mat, (*MAT, 120), mat.get_rect(), border_radius=px(14, self.lay.scale))
                pygame.draw.rect(mat, (92, 120, 96, 160), mat.get_rect(), 1, border_radius=px(14, self.lay.scale))
                felt.blit(mat, area.topleft)
            pygame.draw.rect(felt, (22, 26, 34), self.lay.side)
            pygame.draw.line(felt, (150, 112, 40), self.lay.side.topleft, self.lay.side.bottomleft, 2)
            self._felt = felt.convert() if pygame.display.get_surface() else felt
        return self._felt

    def _draw_base(self, surface: pygame.Surface) -> None:
        """Everything that changes only with the game, the choice or the size."""
        lay = self.lay
        surface.blit(self._felt_surface(), (0, 0))
        view = self.view
        t = self.app.t
        turning = {(p, c) for p, c in self._turning()}
        far = 1 - self.near
        for p in (far, self.near):
            geo = self.geometry(p)
            sites = self._sites(p)[0] if p == self.near and self.session.human_actor() == p else ()
            skip = {c for q, c in turning if q == p}
            draw_principality(surface, self.faces, geo, view.grid[p], view.store[p], sites, skip)
            self._draw_tokens(surface, p, geo)
        fs = lay.font
        draw_seat(surface, self.panels, self.faces, lay.far_info, self._seat(far), t, fs, lay.scale)
        draw_seat(surface, self.panels, self.faces, lay.near_info, self._seat(self.near), t, fs, lay.scale)
        if view.player != self.near or self._hand_hidden():
            self._draw_hidden_hand(surface)
        else:
            self._layout_fan()
            playable = playable_cards(self.actor_legal(), view.hand)
            skip_card = self._chosen_card() if self.dragging else -1
            draw_fan(surface, self.faces, self.fan, playable, self._chosen_card(), skip_card, self._hand_cache)
        draw_phases(surface, self.panels, lay.phases, view.phase, self.player_color(view.current), t, fs, lay.scale,
                    self._mark(view.current))
        assert self.spots is not None
        state = CentreState(view.center_sizes, view.stack_sizes, self.game.state.stack_backs, view.face_up,
                            view.event_deck_size, view.discard_top, view.discard_size, view.dice, view.tokens,
                            view.stack_returned)
        draw_centre(surface, self.faces, self.panels, lay.center, self.spots, state, t, fs, lay.scale,
                    self._die, show_dice=not self.animator.of(DiceRoll))
        self.panels.blit(surface, lay.log, alpha=220, radius=10)
        self.log.draw(surface, max(10, fs - 3), t("table.log.title"), t(f"table.log.filter.{self.log.filter}"))
        self._draw_watch_speed(surface)
        self._draw_read_hint(surface)

    def _draw_hidden_hand(self, surface: pygame.Surface) -> None:
        lay = self.lay
        view = self.view
        p = self.near
        area = self._fan_area().inflate(0, -px(20, lay.scale))
        area.w = min(area.w, px(360, lay.scale))
        area.centerx = self._fan_area().centerx
        if self.session.all_ai:
            return  # the seat panels show both hands; the watch speed is written here
        draw_backs(surface, self.faces, area, view.hand_sizes[p])
        text = self.app.t("rivals.hand.hidden")
        blit_text(surface, text, lay.font, (200, 204, 196), (self._fan_area().centerx, self._fan_area().y), "midtop",
                  bold=True, shadow=True)

    def _die(self, value: int, size: int) -> pygame.Surface:
        return self.sprites.get("die", str(value), size)

    def _draw_tokens(self, surface: pygame.Surface, p: int, geo: PrincipalityGeometry) -> None:
        """The advantage tokens on the foot of the holder's first settlement."""
        view = self.view
        held = [TOKENS[i] for i in range(2) if view.tokens[i] == p]
        cells = settlement_cells(view.grid[p])
        if not held or not cells:
            return
        cells = sorted(cells, key=lambda c: geo.cell_rect(c).x)
        rect = geo.card_rect(cells[0], view.grid[p][cells[0]])
        r = max(7, geo.card_w // 5)
        for k, token in enumerate(held):  # at the card's foot: its name at the top stays readable
            draw_token(surface, (rect.centerx, rect.bottom - r - 2 - k * (2 * r + 3)), r, token)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table (reads state only); the game-dependent layer is redrawn only when it changes."""
        key = self._base_key()
        if self._base is None or self._base.get_size() != surface.get_size() or key != self._base_seen:
            self._base = pygame.Surface(surface.get_size()).convert() if pygame.display.get_surface() else \
                pygame.Surface(surface.get_size())
            self._draw_base(self._base)
            self._base_seen = key
        surface.blit(self._base, (0, 0))
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        self._draw_moving(surface)
        if self.pass_screen is None:
            self._draw_lit(surface, pulse)
        for bid, b in self.buttons.items():
            if bid != "menu":
                b.draw(surface)
        view = self.view
        turn = self.game.state.turn_number
        self._draw_top(surface, self.app.t("rivals.info", turn=turn, target=view.target_vp) if turn >= 1
                       else self.app.t("rivals.info_setup", target=view.target_vp))
        self._draw_event_show(surface)
        self._draw_dragged(surface)
        self._draw_notes(surface)
        self._draw_notice(surface)
        draw_hint_line(surface, rivals_hint(self), self.lay.near_mat, self.lay.scale)
        self._draw_overlays(surface)
        self._draw_zoom(surface)
        self._draw_tooltip(surface)

    def _draw_moving(self, surface: pygame.Surface) -> None:
        """Regions turning to their new stock, and the tumbling dice."""
        view = self.view
        for a in self.animator.of(RegionTurn):
            geo = self.geometry(a.player)
            if not geo.shown(a.cell):
                continue
            card = view.grid[a.player][a.cell]
            if card < 0:
                continue
            rect = geo.card_rect(a.cell, card)
            base = self.faces.face(card, (geo.card_h, geo.card_h))
            angle = 90 * a.quarters() + (180 if geo.flipped else 0)
            img = self.faces.rotated(base, angle)
            surface.blit(img, img.get_rect(center=rect.center))
        for d in self.animator.of(DiceRoll):
            if self.spots is not None:
                draw_dice(surface, self.spots, d.shown(), self._die, d.tilt())

    def _draw_lit(self, surface: pygame.Surface, pulse: float) -> None:
        """Glowing targets of the current choice, marked cells, the chosen supply and the hovered option's cells."""
        targets = self.targets()
        glow = tuple(int(c * (0.65 + 0.35 * pulse)) for c in LIT)
        width = max(2, px(3, self.lay.scale))
        if targets.lit:
            for p, where in ((self.near, targets.near), (1 - self.near, targets.far)):
                geo = self.geometry(p)
                grid = self.view.grid[p]
                for c in where:
                    if geo.shown(c):
                        pygame.draw.rect(surface, glow, geo.target_rect(c, grid[c]).inflate(6, 6), width,
                                         border_radius=max(4, geo.card_w // 8))
            if self.spots is not None:
                for i in targets.stacks:
                    if i < len(self.spots.stacks):
                        pygame.draw.rect(surface, glow, self.spots.stacks[i].inflate(6, 6), width, border_radius=6)
        for c in self.marked:
            for p in (self.near, 1 - self.near):
                geo = self.geometry(p)
                if geo.shown(c) and (c in targets.far if p != self.near else c in targets.near):
                    pygame.draw.rect(surface, (236, 90, 70), geo.target_rect(c, self.view.grid[p][c]).inflate(10, 10),
                                     width + 1, border_radius=max(4, geo.card_w // 8))
        if self.selected is not None and self.selected[0] == "supply" and self.spots is not None:
            pygame.draw.rect(surface, LIT, self.spots.supply[self.selected[1]].inflate(6, 6), width, border_radius=6)
        if self.preview is not None:
            self._draw_preview(surface, self.preview, width)
        if self.session.human_actor() is not None and not targets.lit and self.spots is not None:
            soft = (120, 200, 130)
            for kind in buildable_supply(self.actor_legal()):
                pygame.draw.rect(surface, soft, self.spots.supply[kind].inflate(4, 4), 2, border_radius=6)

    def _draw_preview(self, surface: pygame.Surface, action: Action, width: int) -> None:
        """The cells an option names (its targets, cell, payment) framed on the table."""
        p = action.player
        cells: list[tuple[int, int]] = []
        for name in ("cell", "pay_cell", "gain_cell", "ship_cell", "a", "b"):
            v = getattr(action, name, -1)
            if isinstance(v, int) and v >= 0:
                cells.append((p, v))
        for c, _ in getattr(action, "payment", ()):
            cells.append((p, c))
        for v in getattr(action, "targets", ()):
            for q in (p, 1 - p):
                if 0 <= v < len(self.view.grid[q]) and self.view.grid[q][v] >= 0:
                    cells.append((q, v))
                    break
        for c in getattr(action, "cells", ()):
            cells.append((1 - p, c))
        for q, c in cells:
            geo = self.geometry(q)
            if geo.shown(c):
                pygame.draw.rect(surface, (110, 210, 240), geo.target_rect(c, self.view.grid[q][c]).inflate(8, 8),
                                 width, border_radius=6)

    def _draw_dragged(self, surface: pygame.Surface) -> None:
        if not self.dragging or self.selected is None:
            return
        kind, key = self.selected
        w = px(90, self.lay.scale)
        size = (w, w * 3 // 2)
        img = self.faces.face(key, size) if kind in ("hand", "face_up") else self.faces.card(key, size)
        rect = img.get_rect(center=self.hover_pos)
        surface.blit(self.veil(rect.size, 110), rect.move(6, 8))
        surface.blit(img, rect)

    def _dock_card(self, surface: pygame.Surface, card: int, alpha: int = 255, caption: str = "") -> pygame.Rect:
        """A card as large as the dock allows, on the dock's panel, with an optional caption under it."""
        lay = self.lay
        dock = self.zoom_dock()
        pad = px(8, lay.scale)
        cap = max(11, lay.font - 3)
        room = dock.inflate(-2 * pad, -2 * pad)
        if caption:
            room.h -= cap + pad
        if is_region(card):
            side = min(room.w, room.h)
            size = (side, side)
        else:
            h = min(room.h, room.w * 3 // 2)
            size = (h * 2 // 3, h)
        img = self.faces.face(card, size)
        rect = img.get_rect(midtop=(room.centerx, room.y))
        self.panels.blit(surface, dock, (24, 28, 36), 250, 10, (150, 112, 40))
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, rect)
        if caption:
            text = ellipsize(caption, cap, room.w)
            blit_text(surface, text, cap, (200, 204, 196), (room.centerx, rect.bottom + pad // 2), "midtop")
        return rect

    def _draw_event_show(self, surface: pygame.Surface) -> None:
        """The event card just drawn, fading in and out in the dock (it waits while a dialog or a pinned card
        is open)."""
        a = self._event_showing()
        if a is None or self.pinned is not None:
            return
        self._dock_card(surface, a.card, a.alpha())

    def _draw_notes(self, surface: pygame.Surface) -> None:
        text, left = self.toast
        if left > 0 and text:
            lay = self.lay
            fs = lay.font
            width = min(lay.board.w - px(40, lay.scale), px(700, lay.scale))
            text = ellipsize(text, fs, width, True)
            box = pygame.Rect(0, 0, width + px(24, lay.scale), fs + px(16, lay.scale))
            box.midtop = (lay.board.centerx, lay.board.y + px(10, lay.scale))
            self.panels.blit(surface, box, (90, 40, 36), 240, 10, (214, 168, 58))
            blit_text(surface, text, fs, (255, 236, 190), box.center, "center", bold=True)

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        """The pinned card large in the middle, or the hovered card beside the mouse."""
        lay = self.lay
        if self.pinned is not None:
            w = px(ZOOM_W * 1.5, lay.scale)
            size = (w, w) if is_region(self.pinned) else (w, w * 3 // 2)
            size = (min(size[0], lay.size[1] * 2 // 3), min(size[1], lay.size[1] - px(60, lay.scale)))
            if not is_region(self.pinned):
                size = (size[1] * 2 // 3, size[1])
            surface.blit(self.veil(lay.size, 150), (0, 0))
            img = self.faces.face(self.pinned, size)
            rect = img.get_rect(center=(lay.size[0] // 2, lay.size[1] // 2))
            surface.blit(img, rect)
            return
        if self._event_showing() is not None:
            return  # the event card has the dock
        card = self.hover_zoom_card()
        if card is not None:
            self._dock_card(surface, card, caption=self.app.t("rivals.zoom.pin"))

    def _draw_read_hint(self, surface: pygame.Surface) -> None:
        """How to read a card, in the far mat's lower right corner where no card lies."""
        lay = self.lay
        size = max(11, lay.font - 3)
        text = self.app.t("rivals.hint.read")
        pad = px(10, lay.scale)
        room = self.geometry(1 - self.near).bounds
        width = min(lay.far_mat.right - room.right - 2 * pad, px(220, lay.scale))
        if width < px(90, lay.scale):
            return
        lines = wrap_text(text, size, width)
        y = lay.far_mat.bottom - pad - len(lines) * (size + 3)
        for line in lines:
            blit_text(surface, line, size, (150, 170, 156), (lay.far_mat.right - pad, y), "topright")
            y += size + 3

    def zoomed_card(self) -> int | None:
        """The card a right click pinned large (tests read it)."""
        return self.pinned
