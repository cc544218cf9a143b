"""Tests for the quick card game's look: one label size across the action bar, the reason in an empty "take
cards" dialog, card text never under 11 px, the fate card's art, and the end screen's charts."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cards.state import TRADE
from gui.art.canvas import SCALE
from gui.art.context import RenderContext
from gui.art.quick_cards import MIN_TEXT_PX, QUICK_CARDS, desc_key, render_fate_card, text_layout
from gui.cards.buttons import LabelButton, label_lines
from gui.cards.dialogs import PlayerDialog
from gui.cards.end import CardsEndScene
from gui.cards.stats import compute_cards_stats
from gui.i18n import Translator
from tests.game.cards.helpers import set_hand
from tests.gui.table_fixtures import make_app
from tests.gui.test_cards_table import _advance, _open, cards_game

BAR = ("pile", "market", "player", "library", "guild", "end_trade", "settlement", "city", "development", "road",
       "knight", "end_turn")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_action_bar_labels_share_one_size(tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    """Every action button's label is drawn at the same size, at least 11 px, and fits its button."""
    game = cards_game(["human", "heuristic", "heuristic"], seed=3)
    app, scene = _open(tmp_path, size, lang, game)
    app.step([], 0.016)
    buttons = [scene.buttons[bid] for bid in BAR]
    assert all(isinstance(b, LabelButton) for b in buttons)
    sizes = {b.font_size for b in buttons}
    assert len(sizes) == 1 and sizes.pop() >= 11
    for b in buttons:
        assert label_lines(b.label, b.font_size, b.rect.w - 6, not b.cost) is not None, b.label
    scene.on_exit()


def test_take_dialog_says_why_it_is_empty(tmp_path: Path) -> None:
    """With no opponent holding a card, the "take cards" dialog has no opponent buttons and says why."""
    game = cards_game(["human", "heuristic", "heuristic"], seed=3)
    app, scene = _open(tmp_path, (1280, 720), "cs", game)
    s = game.state
    s.current, s.phase = 0, TRADE
    for q in (1, 2):
        set_hand(game, q, (0, 0, 0, 0, 0))
    scene.game_changed()
    app.step([], 0.016)
    scene.open_dialog("player")
    dialog = scene.dialog
    assert isinstance(dialog, PlayerDialog)
    assert dialog.reason == app.t("cards.dlg.player.nobody_holds")
    assert [b.label for b in dialog.buttons] == [app.t("cards.dlg.cancel")]
    app.step([], 0.016)
    scene.on_exit()


@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("width", [60, 100, 200])
def test_card_text_is_never_under_11_px(lang: str, width: int) -> None:
    """A face's text is laid out at MIN_TEXT_PX (11) screen pixels or more, however small the card."""
    ctx = RenderContext(Translator(lang))
    for name in QUICK_CARDS:
        font, lines = text_layout(ctx, ctx.translator.t(desc_key(name)), width * SCALE * 0.8, width * SCALE)
        assert font.size >= MIN_TEXT_PX * SCALE and lines
    assert MIN_TEXT_PX >= 11


def test_fate_card_has_two_distinct_sides() -> None:
    """The fate card is a painted card: the white and the black side differ and neither is blank."""
    ctx = RenderContext(Translator("en"))
    white = render_fate_card("white", (80, 120), ctx)
    black = render_fate_card("black", (80, 120), ctx)
    assert white.size == black.size == (80, 120)
    assert white.tobytes() != black.tobytes()
    for img in (white, black):
        assert len(img.convert("RGB").getcolors(maxcolors=100_000) or ()) > 20


def test_end_screen_stats_and_charts(tmp_path: Path) -> None:
    """The end screen's statistics replay the game: the last points read are the final points, and the points
    by source add up to them; the screen draws with its charts."""
    game = cards_game(["heuristic"] * 4, seed=3)
    _advance(game, 50_000, 3)
    assert game.is_over()
    stats = compute_cards_stats(game)
    final = [t.vp for t in game.view(-1).tables]
    assert [series[-1] for series in stats.vp_series] == final
    assert [sum(row) for row in stats.sources] == final
    assert list(stats.turns) == sorted(stats.turns) and len(stats.turns) > 10
    app = make_app((1280, 720), "en", tmp_path)
    app.show_end_of_game(game)
    app.step([], 0.016)
    scene = app.stack[-1]
    assert isinstance(scene, CardsEndScene) and scene.stats is not None
    app.draw(app.screen)
    assert scene._charts is not None
    chart = scene._charts[1]
    assert pygame.transform.average_color(chart)[3] > 100  # the charts fill their area


@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("width", [56, 80, 140])
def test_city_event_name_is_shown_whole_on_small_cards(lang: str, width: int) -> None:
    """At six players the city cards are ~60 px wide: the event name wraps to two lines instead of "Přepade…"."""
    from gui.art.quick_cards import event_name_lines
    ctx = RenderContext(Translator(lang))
    w = width * SCALE
    least = MIN_TEXT_PX * SCALE
    for event in ("robber_raid", "market_day"):
        name = ctx.translator.t(f"cards.event.{event}")
        font, lines = event_name_lines(ctx, name, w * 0.85, max(w * 0.085, least), least * 0.8)
        assert " ".join(lines) == name
        assert len(lines) <= 2
        assert all(font.getlength(line) <= w * 0.85 for line in lines), (name, lines)
