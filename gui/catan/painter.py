"""Drawing the Catan table (a mixin of CatanTableScene): the players' and neutral panels, the hand, the board
with its marks and animations, the log or the statistics, the hint line and the watch-mode bar."""

from __future__ import annotations

import math

import pygame

from game.catan import actions as A
from game.catan import state as S
from game.catan import two_player as T
from game.catan.constants import KNIGHT, MONOPOLY, RESOURCES, ROAD_BUILDING, YEAR_OF_PLENTY
from gui.catan.board_info import bank_tooltip, harbor_tooltip, hex_tooltip
from gui.catan.board_view import TABLE_BG
from gui.catan.dialogs import VictimDialog
from gui.catan.hints import catan_hint
from gui.catan.neutral_panel import NeutralInfo
from gui.catan.panels import HandCard, HandInfo, PlayerInfo, draw_dice
from gui.catan.two_player_view import draw_roll_labels, neutral_infos, roll_number
from gui.dialogs import blit_text, ellipsize, px
from gui.fonts import render_text
from gui.hints import draw_hint_line
from gui.table.stats_panel import panel_rect
from gui.widgets import draw_tooltip_above

DEV_PLAY = {A.PlayKnight: KNIGHT, A.PlayRoadBuilding: ROAD_BUILDING, A.PlayYearOfPlenty: YEAR_OF_PLENTY,
            A.PlayMonopoly: MONOPOLY}
RESIZE_SETTLE = 0.25  # seconds without a new size before the board art is redrawn at the new size


class CatanPainter:
    """The Catan table's drawing; the scene supplies what it reads (layout, view, session, panels, animator)."""

    # ------------------------------------------------------------------ drawing

    def _player_infos(self) -> list[PlayerInfo]:
        view = self.view
        active = set(self.game.active_players())
        key = (self.session.revision, self.session.viewer)
        if key == self._infos_key:
            return self._infos
        s = view.state
        viewer = self.session.viewer
        infos = []
        trade_cards = s.extra.get("trade_cards") if self.two_player else None
        over = self.game.is_over()
        busy_key = f"table.busy.{s.phase}" if s.phase in (S.TRADE_RESPONSE, S.DISCARD) else "table.busy.deciding"
        for p, seat in enumerate(self.game.seats):
            on_turn = p == s.current and not over
            hidden = view.own_vp - view.public_vp[p] if p == viewer else 0
            infos.append(PlayerInfo(
                index=p, name=self.player_name(p), color=seat.color, vp=view.public_vp[p], hidden_vp=max(0, hidden),
                cards=view.resource_counts[p], devs=view.dev_counts[p], knights=s.dev_played[p][KNIGHT],
                road=s.road_length[p], longest=s.longest_holder == p, army=s.army_holder == p, acting=p in active,
                is_ai=not seat.is_human, is_viewer=p == viewer and len(self.session.human_seats) > 1,
                trade_cards=trade_cards[p] if isinstance(trade_cards, (tuple, list)) else None,
                trade_max=T.TRADE_CARDS_MAX, level=self.player_level(p), on_turn=on_turn,
                busy=self.app.t(busy_key) if p in active and not on_turn else ""))
        self._infos, self._infos_key = infos, key
        return infos

    def _neutral_infos(self) -> list[NeutralInfo]:
        key = self.session.revision
        if key != self._neutrals_key:
            self._neutrals = neutral_infos(self.game.state, self.neutral_owners, self.player_name, self.owner_color)
            self._neutrals_key = key
        return self._neutrals

    def _hand_info(self) -> HandInfo | None:
        viewer = self.session.viewer
        key = (self.session.revision, viewer, self.pass_screen is None, self.session.human_actor())
        if key == self._hand_key:
            return self._hand
        if viewer < 0:
            hand = None
        else:
            s = self.view.state
            playable = frozenset(DEV_PLAY[type(a)] for a in self.actor_legal() if type(a) in DEV_PLAY)
            hand = HandInfo(tuple(s.hands[viewer]), tuple(s.dev_hand[viewer]), tuple(s.dev_new[viewer]), playable,
                            self.pass_screen is None)
        self._hand, self._hand_key = hand, key
        self.hand_panel.layout(self.lay.hand, hand)
        return hand

    def _actor_prompt(self, actor: int, name: str) -> str:
        """What the human player must do: the active mode, or the phase."""
        t = self.app.t
        g = self.game
        s = g.state
        if self.mode is not None:
            return t(f"table.prompt.mode.{self.mode}", player=name)
        count = s.free_roads if s.phase == S.ROAD_BUILDING else s.owed[actor] if s.phase == S.DISCARD else 0
        if self.two_player:
            if s.phase == S.ROLL:
                return t(f"table.prompt.roll_{roll_number(s)}", player=name)
            if s.phase == T.GIVE_BACK:
                return t("table.prompt.give_back", player=name, count=g.give_back_count(actor))
            if s.phase == T.NEUTRAL_BUILD:
                builds = [a for a in self.session.legal(actor) if isinstance(a, T.BuildNeutral)]
                piece = builds[0].piece if builds else "settlement"
                return t(f"table.prompt.neutral_build.{piece}", player=name)
        if s.phase == S.ROLL:
            return t(self._roll_prompt_key(actor), player=name)
        return t(f"table.prompt.{s.phase}", player=name, count=count)

    def _roll_prompt_key(self, actor: int) -> str:
        """Before the roll: mention a knight or another development card only when the rules let one be played."""
        kinds = {type(a) for a in self.session.legal(actor)}
        if A.PlayKnight in kinds:
            return "table.prompt.roll"
        if kinds & set(DEV_PLAY):
            return "table.prompt.roll_or_dev"
        return "table.prompt.roll_only"

    def discard_warning(self) -> str | None:
        """Before a roll: the shown hand holds more cards than the discard limit, and what a seven would cost."""
        viewer = self.session.viewer
        if viewer < 0 or self.pass_screen is not None or self.game.state.phase != S.ROLL:
            return None
        held = sum(self.view.state.hands[viewer])
        owed = self.game.discard_owed(held)
        if not owed:
            return None
        return self.app.t("table.warn.discard", count=held, owed=owed)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole table (reads state only)."""
        lay = self.lay
        if surface.get_size() != lay.size:
            surface.fill(TABLE_BG)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        state = self.game.state
        marks = self.marks()
        marks.pulse = pulse
        quick = self.clock - self._resized_at < RESIZE_SETTLE
        marks_on = bool(getattr(self.app.settings, "colour_marks", False))
        self.board_view.colour_marks = self.players_panel.colour_marks = marks_on
        robber_at = self.animator.robber()
        if robber_at is None and isinstance(self.dialog, VictimDialog):
            robber_at = self.board_view.robber_pos(self.dialog.hex)  # the robber stands where it is going
        self.board_view.draw(surface, state, marks, robber_at, quick)
        self.bank_box.draw(surface, self.panels, self.icon, self.view.state.bank, self.view.dev_deck_size,
                           self.app.t("table.bank_stock"), lay.scale)
        # side and bottom
        surface.fill(TABLE_BG, lay.side)
        surface.fill(TABLE_BG, lay.bottom)
        self.players_panel.draw(surface, self._player_infos(), self.app.t, lay.font, pulse)
        if self.two_player:
            self.neutral_panel.draw(surface, self.sprites, self._neutral_infos(), self.game.trade_card_supply(),
                                    self.app.t, lay.font)
        if not self.stats_open():
            self.panels.blit(surface, lay.log, alpha=220, radius=10)
            self.log.draw(surface, max(10, lay.font - 3), self.app.t("table.log.title"),
                          self.app.t(f"table.log.filter.{self.log.filter}"))
        hand = self._hand_info()
        viewer = self.session.viewer
        if viewer >= 0 and self.pass_screen is None:
            title = self.app.t("table.hand.title", player=self.player_name(viewer))
        elif viewer < 0:
            title = self.app.t("table.hand.watching")
        else:
            title = self.app.t("table.hand.hidden")
        hover_card = self.hand_panel.card_at(self.hover_pos) if self.dialog is None else None
        if lay.hand.h:
            self.hand_panel.draw(surface, self.sprites, hand, title, lay.font, pulse, hover_card)
            self._draw_discard_warning(surface)
        for bid, b in self.buttons.items():
            if bid != "menu":
                b.draw(surface)
        dice_anim = self.animator.dice()
        live = bool(self._legal_of(A.Roll)) and self.dialog is None
        faces = dice_anim.faces() if dice_anim else None
        draw_dice(surface, self.sprites, lay.dice, state.last_roll, live, pulse, faces,
                  dice_anim.wobble() if dice_anim else 0.0)
        if self.two_player and dice_anim is None:
            draw_roll_labels(surface, self.sprites, lay.dice, state, self.app.t, max(10, lay.font - 4))
        self._draw_top(surface, self._info_line())
        self.animator.draw(surface)
        self._draw_stats(surface)  # over the notes that float in the players' rows it may cover
        self._draw_notice(surface)
        draw_hint_line(surface, catan_hint(self), lay.board, lay.scale)
        self._draw_overlays(surface)
        self._draw_tooltip(surface)

    def discard_warning_rect(self) -> pygame.Rect | None:
        """Where the warning about the discard limit is shown (the hand panel's top-right corner), if it is."""
        text = self.discard_warning()
        if text is None or not self.lay.hand.h:
            return None
        fs = max(10, self.lay.font - 3)
        img = render_text(text, fs, (34, 20, 12), True)
        box = pygame.Rect(0, 0, min(img.get_width() + 16, self.lay.hand.w // 2 + px(40, self.lay.scale)),
                          img.get_height() + 4)
        box.topright = (self.lay.hand.right - 6, self.lay.hand.y + 3)
        return box

    def _draw_discard_warning(self, surface: pygame.Surface) -> None:
        box = self.discard_warning_rect()
        text = self.discard_warning()
        if box is None or text is None:
            return
        fs = max(10, self.lay.font - 3)
        pygame.draw.rect(surface, (236, 150, 64), box, border_radius=box.h // 2)
        pygame.draw.rect(surface, (120, 60, 20), box, 1, border_radius=box.h // 2)
        blit_text(surface, ellipsize(text, fs, box.w - 16, True), fs, (34, 20, 12), box.center, "center", bold=True)

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        """Buttons of the action area show their tooltips above the whole button block, never over the next
        button; everything else as usual."""
        if self.tour is None and self.pass_screen is None and self.dialog is None:
            block = [b for bid, b in self.buttons.items() if bid not in ("menu", "undo", "stats")]
            hovered = next((b for b in block if b.rect.collidepoint(self.hover_pos)), None)
            if hovered is not None:
                if hovered.tooltip:
                    top = min(b.rect.y for b in block)
                    draw_tooltip_above(surface, hovered.tooltip, hovered.rect, top - px(6, self.lay.scale))
                return
        super()._draw_tooltip(surface)

    def show_toast(self, text: str, seconds: float = 2.5) -> None:
        """A refused action's note: the fading toast, in the warning tone."""
        self.notify(text, seconds, "error")

    def _info_line(self) -> str:
        """The top bar's right side: the turn ('Set-up' before the first roll), the deck and the goal; while
        watching, the AIs' speed too."""
        t = self.app.t
        state = self.game.state
        turn = (t("table.info.setup") if state.phase in (S.SETUP_SETTLEMENT, S.SETUP_ROAD) or state.turn_number < 1
                else t("table.info.turn", turn=state.turn_number))
        text = t("table.info.line", turn=turn, deck=self.view.dev_deck_size, target=self.view.target_vp)
        if self.session.all_ai and not self.game.is_over():
            text += " · " + t("table.watch.speed", speed=self.app.translator.number(self.session.watch_speed))
        return text

    def stats_rect(self) -> pygame.Rect:
        """Where the statistics go: the log's place, and the players' panels above it when the log is short."""
        return panel_rect(self.lay.log, self.lay.players, self.lay.scale)

    def _table_tooltip(self, pos: tuple[int, int]) -> str | None:
        card: HandCard | None = self.hand_panel.card_at(pos)
        if card is not None:
            t = self.app.t
            if card.kind == "resource":
                return f"{t('resource.' + RESOURCES[card.index])}: {card.count}"
            from game.catan.constants import DEV_CARDS

            name = DEV_CARDS[card.index]
            text = f"{t('dev.' + name)} — {t('dev.' + name + '.desc')}"
            if card.playable:
                text += " " + t("table.tip.play")
            return text
        part = self.board_view.part_at(pos)
        if part is not None:
            label = self.board_view.part_labels[part]
            return self.app.t("table.tip.part", label=label, side=label[:1], number=label[1:])
        warning = self.discard_warning_rect()
        if warning is not None and warning.collidepoint(pos):
            return self.discard_warning()
        if self.bank_box.rect.collidepoint(pos):
            return bank_tooltip(self.app.t, self.view.state.bank, self.view.dev_deck_size)
        if self.lay.board.collidepoint(pos) and not self.lay.dice.collidepoint(pos):
            tip = self._board_tooltip(pos)
            if tip:
                return tip
        return self.players_panel.tooltip_at(pos) or self.neutral_panel.tooltip_at(pos)

    def _board_tooltip(self, pos: tuple[int, int]) -> str | None:
        """A harbor's rate, or a hex's number and odds (not while the mouse is on a spot to click)."""
        if self.hover is not None and self.hover[0] != "hex":
            return None
        board = self.game.state.board
        harbor = self.board_view.harbor_at(pos)
        if harbor is not None:
            return harbor_tooltip(self.app.t, board.harbors[harbor])
        h = self.board_view.hex_at(pos)
        if h is None:
            return None
        return hex_tooltip(self.app.t, board.terrains[h], board.numbers[h], h == self.game.state.robber)
