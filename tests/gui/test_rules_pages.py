"""Every game that can be started has its rules in the almanac, in Czech and English, reachable from the main menu's
Rules and from the table's menu; each has a screenshot scene."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.registry import available_variants, get_variant
from gui.rules_scene import DOCS, RULES_DIR, RulesScene, doc_for_variant, load_rules, rules_path
from gui.screenshot import RULES_SCENES, scene_name
from tests.gui.conftest import click

VARIANTS = [v.id for v in available_variants()]


@pytest.mark.parametrize("variant_id", VARIANTS)
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_every_variant_has_its_own_rules_in_both_languages(variant_id: str, lang: str) -> None:
    variant = get_variant(variant_id)
    doc = doc_for_variant(variant.id, variant.family)
    assert doc in DOCS
    path = rules_path(lang, doc)
    assert path.parent == RULES_DIR and path.name.endswith(f"_{lang}.md" if doc != "catan" else f"{lang}.md")
    title, terms = load_rules(lang, doc)
    assert title and len(terms) >= 5
    assert all(term.blocks for term in terms)


def test_the_variants_reach_their_documents() -> None:
    assert doc_for_variant("catan-base", "catan") == "catan"
    assert doc_for_variant("catan-compact", "catan") == "compact"
    assert doc_for_variant("catan-2p", "catan") == "two_player"
    assert doc_for_variant("rivals-duel", "rivals") == "rivals"
    assert doc_for_variant("catan-cards", "cards") == "cards"


@pytest.mark.parametrize("doc", ("compact", "two_player", "cards"))  # the base almanac is sorted by each language's terms
def test_czech_and_english_pages_match_term_for_term(doc: str) -> None:
    cs_terms, en_terms = load_rules("cs", doc)[1], load_rules("en", doc)[1]
    assert len(cs_terms) == len(en_terms)
    assert [len(t.blocks) for t in cs_terms] == [len(t.blocks) for t in en_terms]


@pytest.mark.parametrize(("doc", "lang", "needles"), [
    ("cards", "cs", ("dřevo + cihly", "2× obilí + 3× ruda", "10 vítězných bodů", "karta osudu", "tržiště")),
    ("cards", "en", ("lumber + brick", "2 grain + 3 ore", "10 victory points", "fate card", "market")),
    ("compact", "cs", ("A1", "velká", "3× ruda + 2× obilí", "10 vítězných bodů")),
    ("compact", "en", ("A1", "large", "3 ore + 2 grain", "10 victory points")),
    ("two_player", "cs", ("14 obchodních karet", "dvakrát", "Vynucený obchod", "víc než 7 obchodních karet")),
    ("two_player", "en", ("14 trade cards", "twice", "Forced trade", "more than 7 trade cards")),
])
def test_the_pages_cover_the_rules(doc: str, lang: str, needles: tuple[str, ...]) -> None:
    text = rules_path(lang, doc).read_text(encoding="utf-8")
    for needle in needles:
        assert needle in text, needle


def test_the_screenshot_scenes_exist() -> None:
    for name, doc in RULES_SCENES.items():
        assert scene_name(name) == name and doc in DOCS
    assert set(RULES_SCENES.values()) == set(DOCS)


def test_the_main_menu_rules_offer_every_document(make_app: Any) -> None:
    app = make_app(lang="cs")
    app.push(RulesScene(app))
    app.step([], 0.016)
    scene = app.top
    assert len(scene.doc_buttons) == len(DOCS)
    for doc, button in zip(DOCS, scene.doc_buttons):
        app.step(click(button.rect.center), 0.016)
        assert scene.doc == doc
        assert scene.title == load_rules("cs", doc)[0]


@pytest.mark.parametrize(("variant_id", "players", "doc"), [
    ("catan-base", 3, "catan"), ("catan-compact", 3, "compact"), ("catan-2p", 2, "two_player"),
    ("rivals-gold", 2, "rivals"), ("catan-cards", 3, "cards")])
def test_the_table_menu_opens_this_games_rules(make_app: Any, variant_id: str, players: int, doc: str) -> None:
    app = make_app(lang="en")
    variant = get_variant(variant_id)
    app.start_game(variant.new_game(variant.default_seats(players), 1))
    table = app.top
    table.open_dialog("menu")
    app.step([], 0.016)
    button = next(b for b in table.dialog.buttons if b.label == app.t("table.menu.rules"))
    app.step(click(button.rect.center), 0.016)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.doc == doc
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], 0.016)
    assert app.top is table
