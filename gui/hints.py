"""The hint line for new players: why the action under the mouse is not available, as the rules model explains it
(game.catan.reasons), translated and drawn at the foot of the board."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from gui.dialogs import GOLD, blit_text, ellipsize, px
from gui.fonts import render_text

Translate = Callable[..., str]
HINT_BG = (24, 30, 40)


def reason_text(t: Translate, key: str, params: dict[str, Any]) -> str:
    """A reason from the rules model in the player's language (card counts and piece names translated)."""
    from gui.table.log_view import format_cards

    shown = dict(params)
    if "missing" in shown:
        shown["missing"] = format_cards(shown["missing"], t)
    if "piece" in shown:
        shown["piece"] = t(f"reason.piece.{shown['piece']}")
    return t(key, **shown)


def catan_hint(scene: Any) -> str | None:
    """The hint for what the mouse is over at a Catan table: a disabled action button or a development card in the
    hand that cannot be played; None when hints are off or nothing unavailable is under the mouse."""
    from game.catan.reasons import ACTION_KINDS, why_not

    if not getattr(scene.app.settings, "hints", True) or scene.dialog is not None or scene.pass_screen is not None:
        return None
    human = scene.session.human_actor()
    if human is None or scene.game.is_over():
        return None
    pos = scene.hover_pos
    what = None
    for bid, button in scene.buttons.items():
        if button.rect.collidepoint(pos):
            if button.enabled or bid not in ACTION_KINDS:
                return None
            what = bid
            break
    if what is None:
        card = scene.hand_panel.card_at(pos)
        if card is None or card.kind != "dev" or card.playable:
            return None
        what = "play_dev"
    kinds = {a.kind for a in scene.session.legal(human)}
    reason = why_not(scene.game.state, human, what, kinds)
    return reason_text(scene.app.t, reason.key, reason.params) if reason is not None else None


def _hints_on(scene: Any) -> bool:
    """Hints are wanted and nothing modal lies over the table."""
    return bool(getattr(scene.app.settings, "hints", True)) and scene.dialog is None and scene.pass_screen is None \
        and getattr(scene, "tour", None) is None


def _viewer(scene: Any) -> int | None:
    """The human seat whose table this is (None in watch mode or after the end)."""
    viewer = scene.session.viewer
    if viewer is None or scene.game.is_over() or not 0 <= viewer < len(scene.game.seats):
        return None
    return viewer if scene.game.seats[viewer].is_human else None


def rivals_reason_text(app: Any, names: Any, key: str, params: dict[str, Any]) -> str:
    """A Rivals reason in the player's language: resources, phases, sites and requirements named."""
    t = app.t
    if key == "reason.rivals.requires":
        code = params["requirement"]
        if app.translator.has(f"reason.rivals.req.{code}"):
            return t(key, requirement=t(f"reason.rivals.req.{code}"))
        return t("reason.rivals.requires.cards", cards=t("reason.rivals.or").join(names.card(c) for c in code.split("|")))
    if key == "reason.rivals.no_site":
        specific = f"{key}.{params['placement']}"
        return t(specific) if app.translator.has(specific) else t(key)
    if key == "reason.rivals.phase":
        return t(key, phase=t(f"rivals.phase.{params['phase']}"))
    if key == "reason.rivals.resources":
        text = t(key, missing=names.resources(params["missing"]))
        return text[:-1] + t("reason.rivals.discount", count=params["discount"]) + text[-1] \
            if "discount" in params else text
    return t(key, **params)


def rivals_hint(scene: Any) -> str | None:
    """The hint for what the mouse is over at the Rivals table: a hand card that cannot be played or built, or a
    road, settlement or city of the supply that cannot be built (reasons from game.rivals.reasons)."""
    from game.rivals.reasons import SUPPLY_KINDS, why_not_card, why_not_supply
    from gui.rivals.interact import buildable_supply, playable_cards

    if not _hints_on(scene) or scene.press is not None:
        return None
    player = _viewer(scene)
    if player is None or scene.view.player != player or scene._hand_hidden():
        return None
    legal = scene.session.legal(player) if player in scene.game.active_players() else []
    pos = scene.hover_pos
    scene._layout_fan()
    i = scene.fan.index_at(pos, scene._chosen_card())
    if i is not None:
        card = scene.fan.cards[i]
        if card in playable_cards(legal, scene.view.hand):
            return None
        reason = why_not_card(scene.game, player, card)
    else:
        hit = scene.spots.hit(pos) if scene.spots is not None else None
        kind = hit.split(".", 1)[1] if hit and hit.startswith("supply.") else ""
        if kind not in SUPPLY_KINDS or kind in buildable_supply(legal):
            return None
        reason = why_not_supply(scene.game, player, kind)
    if reason is None:
        return None
    return rivals_reason_text(scene.app, scene.names(), reason.key, reason.params)


def cards_hint(scene: Any) -> str | None:
    """The hint for a greyed action button at the quick card game's table (reasons from game.cards.reasons)."""
    from game.cards.reasons import ACTION_KINDS, why_not
    from gui.cards.log import cards_text

    if not _hints_on(scene):
        return None
    player = _viewer(scene)
    if player is None:
        return None
    what = None
    for bid, button in scene.buttons.items():
        if button.rect.collidepoint(scene.hover_pos):
            if button.enabled or bid not in ACTION_KINDS:
                return None
            what = bid
            break
    if what is None:
        return None
    kinds = {a.kind for a in scene.session.legal(player)} if player in scene.game.active_players() else set()
    reason = why_not(scene.game, player, what, kinds)
    if reason is None:
        return None
    t = scene.app.t
    shown = dict(reason.params)
    if "missing" in shown:
        shown["missing"] = cards_text(shown["missing"], t)
    for name in ("piece", "building"):
        if name in shown:
            shown[name] = t(f"cards.card.{shown[name]}")
    return t(reason.key, **shown)


def draw_hint_line(surface: pygame.Surface, text: str | None, area: pygame.Rect, scale: float) -> None:
    """The hint in a dark strip with a gold (i), along the bottom of area."""
    if not text:
        return
    fs = px(17, scale)
    pad = px(10, scale)
    icon = pygame.Surface((fs + 2, fs + 2), pygame.SRCALPHA)
    pygame.draw.circle(icon, GOLD, ((fs + 2) // 2, (fs + 2) // 2), (fs + 2) // 2)
    letter = render_text("i", fs - 2, HINT_BG, True)
    icon.blit(letter, letter.get_rect(center=icon.get_rect().center))
    width = min(area.w - 2 * pad, render_text(text, fs, (240, 236, 222)).get_width() + icon.get_width() + 3 * pad)
    box = pygame.Rect(0, 0, width, fs + 2 * pad)
    box.midbottom = (area.centerx, area.bottom - pad)
    pygame.draw.rect(surface, HINT_BG, box, border_radius=px(8, scale))
    pygame.draw.rect(surface, GOLD, box, 1, border_radius=px(8, scale))
    surface.blit(icon, (box.x + pad, box.centery - icon.get_height() // 2))
    room = box.right - pad - (box.x + 2 * pad + icon.get_width())
    blit_text(surface, ellipsize(text, fs, room), fs, (240, 236, 222),
              (box.x + 2 * pad + icon.get_width(), box.centery), "midleft")
