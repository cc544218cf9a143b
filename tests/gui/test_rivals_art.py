"""Tests of the Rivals card art: every face, region and back renders; effect texts fit; region marks rotate right."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from PIL import Image, ImageChops

from game.rivals.catalogue import catalogue
from gui.art import KINDS, ArtCache, natural_size, render, rivals_sizes
from gui.art.canvas import SCALE
from gui.art.context import RenderContext
from gui.art.rivals_faces import effect_layout
from gui.art.rivals_icons import CREAM_DISC
from gui.art.rivals_text import (
    MIN_TEXT_PX, NO_EFFECT_TEXT, SMALLEST_WIDTH, TextOverflow, card_text, layout_text, text_key,
)
from gui.art.text import FontBook
from gui.i18n import DEFAULT_CATALOG_DIR, Translator
from tests.gui.conftest import SIZES, click, key

LANGS = ("cs", "en")
WIDTHS = (120, 240)
RIVALS_KINDS = ("rivals_card", "rivals_region", "rivals_back")


@pytest.fixture(scope="module")
def contexts() -> dict[str, RenderContext]:
    return {lang: RenderContext(Translator(lang)) for lang in LANGS}


def test_names_follow_the_catalogue() -> None:
    cat = catalogue()
    assert set(KINDS["rivals_card"].names) == {c.id for c in cat.cards.values() if c.type != "region"}
    assert {"road", "settlement", "city", "yule", "gold_cache", "university", "plague"} <= set(
        KINDS["rivals_card"].names)
    regions = {f"{i.card.id}.{i.number}" for i in cat.instances if i.card.type == "region"}
    assert len(regions) == 24  # 6 region types, each with 4 different die numbers
    assert regions <= set(KINDS["rivals_region"].names)
    assert {n.partition(".")[0] for n in KINDS["rivals_region"].names} == {
        "forest", "hills", "pasture", "fields", "mountains", "gold_field", "gold_cache"}
    assert {i.back for i in cat.instances} <= set(KINDS["rivals_back"].names)
    assert {"basic", "gold", "turmoil", "progress", "event"} <= set(KINDS["rivals_back"].names)


def test_proportions() -> None:
    assert natural_size("rivals_card", "road", 100) == (100, 150)
    assert natural_size("rivals_region", "forest.4", 90) == (90, 90)
    assert natural_size("rivals_back", "region", 90) == (90, 90)
    for name in ("basic", "red", "blue", "event", "city"):
        assert natural_size("rivals_back", name, 100) == (100, 150)
    assert KINDS["rivals_card"].uses_text and KINDS["rivals_region"].uses_text
    assert not KINDS["rivals_back"].uses_text


@pytest.mark.parametrize("kind", RIVALS_KINDS)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_renders_at_its_exact_size(kind: str, width: int, contexts: dict[str, RenderContext]) -> None:
    for lang in LANGS:
        for name in KINDS[kind].names:
            size = natural_size(kind, name, width)
            img = render(kind, name, size, contexts[lang])
            assert img.size == size and img.mode == "RGBA", (kind, name, lang)
            alpha = img.getchannel("A")
            assert alpha.getpixel((size[0] // 2, size[1] // 2)) == 255, (kind, name)
            assert alpha.getpixel((0, 0)) < 128, f"{kind}/{name} has no rounded corner"


def test_explicit_sizes_are_honoured(contexts: dict[str, RenderContext]) -> None:
    assert render("rivals_card", "abbey", (77, 131), contexts["cs"]).size == (77, 131)
    assert render("rivals_region", "hills.3", (64, 64), contexts["cs"]).size == (64, 64)


def test_faces_differ_by_language(contexts: dict[str, RenderContext]) -> None:
    for kind, name in (("rivals_card", "brigitta"), ("rivals_card", "plague"), ("rivals_region", "fields.6")):
        cs = render(kind, name, 160, contexts["cs"])
        en = render(kind, name, 160, contexts["en"])
        assert ImageChops.difference(cs.convert("RGB"), en.convert("RGB")).getbbox() is not None, name


# ------------------------------------------------------------------ texts


def _catalog(lang: str) -> dict[str, object]:
    return json.loads((DEFAULT_CATALOG_DIR / lang / "rivals_cards.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_with_an_effect_has_a_text(lang: str) -> None:
    names = set(KINDS["rivals_card"].names)
    catalog = _catalog(lang)
    with_text = {key.split(".")[1] for key, value in catalog.items() if key.endswith(".text")}
    assert with_text == names - NO_EFFECT_TEXT
    assert NO_EFFECT_TEXT <= names
    for name in names - NO_EFFECT_TEXT:
        text = catalog[text_key(name)]
        assert isinstance(text, str) and len(text) > 10, name
    tr = Translator(lang)
    assert all(card_text(tr, name) == "" for name in NO_EFFECT_TEXT)


def test_czech_texts_use_czech_letters() -> None:
    texts = " ".join(str(v) for v in _catalog("cs").values())
    for letter in "ěščřžýáíéůÚ":
        assert letter in texts, letter
    assert card_text(Translator("cs"), "plague") != card_text(Translator("en"), "plague")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", (SMALLEST_WIDTH, 140, 400))
def test_every_effect_text_fits_its_box(lang: str, width: int) -> None:
    """At the smallest supported table width and above, every text fits at a legible size (never cut)."""
    fonts = FontBook()
    tr = Translator(lang)
    smallest = None
    for name in KINDS["rivals_card"].names:
        text = card_text(tr, name)
        if not text:
            continue
        layout = effect_layout(fonts, text, natural_size("rivals_card", name, width))
        assert layout.px >= MIN_TEXT_PX * SCALE - 1, name
        assert " ".join(layout.lines).split() == text.split(), name  # every word is drawn
        smallest = min(smallest or layout.px, layout.px)
    assert smallest is not None


def test_text_that_cannot_fit_is_an_error(contexts: dict[str, RenderContext]) -> None:
    fonts = FontBook()
    with pytest.raises(TextOverflow):
        layout_text(fonts, "slovo " * 200, "condensed", 100, 40, 20, 10)
    assert layout_text(fonts, "krátký text", "condensed", 400, 100, 20, 10).px == 20
    # Below the smallest table width a face is a thumbnail: it renders, without its text.
    assert render("rivals_card", "riots", 40, contexts["cs"]).size == (40, 60)


# ------------------------------------------------------------------ region marks


def _cream_in_bottom_band(img: Image.Image) -> int:
    w, h = img.size
    # The lower part of the bottom band: the side bands' lowest marks end above it.
    band = img.crop((round(w * 0.17), round(h * 0.83), round(w * 0.83), h)).convert("RGB")
    r0, g0, b0 = CREAM_DISC
    data = band.tobytes()
    return sum(1 for i in range(0, len(data), 3)
               if abs(data[i] - r0) <= 3 and abs(data[i + 1] - g0) <= 3 and abs(data[i + 2] - b0) <= 3)


@pytest.mark.parametrize("name", ["forest.4", "gold_field.1", "pasture.5", "gold_cache.0"])
def test_turning_a_region_brings_k_marks_to_the_bottom(name: str, contexts: dict[str, RenderContext]) -> None:
    """rotate(face, 90 * k) (counter-clockwise, as pygame.transform.rotate) shows k marks at the bottom."""
    face = render("rivals_region", name, 150, contexts["en"])
    counts = [_cream_in_bottom_band(face.rotate(90 * k, expand=True)) for k in range(4)]
    one = counts[1]
    assert one > 50
    assert counts[0] < one * 0.1
    assert 1.6 < counts[2] / one < 2.4
    assert 2.4 < counts[3] / one < 3.6


# ------------------------------------------------------------------ cache and commands


def test_rivals_sizes_warm_every_face(tmp_path: Path) -> None:
    cache = ArtCache(tmp_path, "cs")
    seen: list[tuple[int, int]] = []
    sizes = rivals_sizes(48)
    rendered = cache.warm(sizes, lambda done, total: seen.append((done, total)))
    total = sum(len(KINDS[kind].names) for kind in sizes)
    assert rendered == total and seen[-1] == (total, total)
    assert cache.path_for("rivals_card", "abbey", 48).parent.name == "cs"
    assert cache.path_for("rivals_back", "gold", 48).parent.name == "common"
    assert cache.warm(sizes) == 0


def test_bench_and_sheet_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from gui.art.__main__ import main

    assert main(["bench-rivals", "--width", "40", "--lang", "en"]) == 0
    assert "images in" in capsys.readouterr().out
    out = tmp_path / "rivals.png"
    assert main(["rivals-sheet", str(out), "--lang", "cs", "--width", "50"]) == 0
    with Image.open(out) as img:
        assert img.width > 400 and img.height > 400


# ------------------------------------------------------------------ catalogue screen


def _catalogue(make_app: Any, size: tuple[int, int] = (1280, 720), lang: str = "cs") -> tuple[Any, Any]:
    from gui.menu import MenuScene
    from gui.rivals_catalogue import RivalsCatalogueScene

    app = make_app(size, lang)
    app.push(MenuScene(app))
    scene = RivalsCatalogueScene(app)
    app.push(scene)
    return app, scene


def _button(scene: Any, label: str) -> Any:
    return next(b for b in scene.filter_buttons if b.label == label)


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_draws_at_every_size(make_app: Any, lang: str) -> None:
    app, scene = _catalogue(make_app, SIZES[0], lang)
    for size in SIZES:
        app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 1 / 60)
        app.step([], 1 / 60)
        assert app.size == size and app.top is scene
        assert scene.grid_panel.right < scene.zoom_panel.left <= scene.zoom_panel.right <= size[0]
        assert all(b.rect.right <= size[0] and b.rect.bottom < scene.grid_panel.top for b in scene.filter_buttons)
        # The faces of every visible card are loaded and the first row is on screen.
        visible = list(scene.visible_indices())
        assert visible and all((scene.shown[i].kind, scene.shown[i].name, scene.card_w) in scene._faces
                               for i in visible)


def test_catalogue_filters_change_the_shown_cards(make_app: Any) -> None:
    from gui.rivals_catalogue import catalogue_entries

    app, scene = _catalogue(make_app, (1600, 900), "cs")
    entries = catalogue_entries()
    assert len(scene.shown) == len(entries) == 86 + 24  # every card face and every numbered region
    app.step(click(_button(scene, "Období zlata").rect.center), 1 / 60)
    gold = {e.name for e in scene.shown}
    assert gold == {c.id for c in catalogue().cards.values() if c.copies.get("gold")}
    assert "merchant_guild" in gold and "road" not in gold
    app.step(click(_button(scene, "Události").rect.center), 1 / 60)
    assert {e.name for e in scene.shown} == {"traveling_merchant", "gift_for_the_prince", "trade_ships_race"}
    assert [scene.app.t("rcatalog.copies", count=e.count("gold")) for e in scene.shown] == ["1×"] * 3
    app.step(click(_button(scene, "Centrální karty").rect.center), 1 / 60)
    assert scene.shown == []
    app.step([], 1 / 60)  # an empty selection draws its message
    app.step(click(_button(scene, "Krajiny").rect.center), 1 / 60)
    assert len(scene.shown) == 24 and all(e.kind == "rivals_region" for e in scene.shown)
    app.step(click(_button(scene, "Vše").rect.center), 1 / 60)  # the first "Vše" is the set row
    assert len(scene.shown) == 24
    types = [b for b in scene.filter_buttons if b.label == "Vše"]
    app.step(click(types[1].rect.center), 1 / 60)
    assert len(scene.shown) == len(entries)


def test_catalogue_counts_copies_per_set(make_app: Any) -> None:
    app, scene = _catalogue(make_app)
    by_name = {e.name: e for e in scene.entries}
    assert by_name["brigitta"].count("all") == 3 and by_name["brigitta"].count("basic") == 2
    assert by_name["road"].count("center") == 9
    assert by_name["plague"].count("progress") == 3
    assert by_name["forest.4"].count("center") == 1


def test_catalogue_hover_zooms_click_pins_and_wheel_scrolls(make_app: Any) -> None:
    app, scene = _catalogue(make_app, (1280, 720), "en")
    target = scene.cell_rect(4).center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    assert scene.hover is scene.shown[4] and scene.focus is scene.shown[4]
    zoom = (scene.shown[4].kind, scene.shown[4].name, scene._zoom_face_width(scene.shown[4]))
    assert zoom in scene._faces
    app.step(click(target), 1 / 60)
    assert scene.selected is scene.shown[4]
    away = (scene.zoom_panel.centerx, scene.zoom_panel.bottom - 5)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    assert scene.hover is None and scene.focus is scene.shown[4]
    assert scene.max_scroll > 0
    inside = scene.grid_rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)], 1 / 60)
    assert scene.scroll > 0
    app.step([key(pygame.K_END)], 1 / 60)
    assert scene.scroll == scene.max_scroll
    last = list(scene.visible_indices())[-1]
    assert last == len(scene.shown) - 1
    app.step([key(pygame.K_HOME)], 1 / 60)
    assert scene.scroll == 0


def test_menu_opens_the_catalogue_and_screenshot_knows_it(make_app: Any) -> None:
    from gui.menu import MenuScene
    from gui.rivals_catalogue import RivalsCatalogueScene
    from gui.screenshot import SCENES, build_scene

    app = make_app()
    menu = MenuScene(app)
    app.push(menu)
    app.step(click(menu.button("menu.rivals_cards").rect.center), 1 / 60)
    assert isinstance(app.top, RivalsCatalogueScene)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is menu
    assert "rivals_cards" in SCENES and "rules_rivals" in SCENES
    other = make_app()
    build_scene(other, "rivals_cards", None)
    assert isinstance(other.top, RivalsCatalogueScene)


def test_catalogue_monkey(make_app: Any) -> None:
    """Random clicks, wheel turns, keys and resizes: no exception, and the scene stays consistent."""
    rng = random.Random(6)
    app, scene = _catalogue(make_app)
    keys = [pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END]
    for _ in range(400):
        if app.top is not scene:
            app.push(scene)
        w, h = app.size
        pos = (rng.randrange(w), rng.randrange(h))
        roll = rng.random()
        if roll < 0.45:
            events = click(pos, rng.choice((1, 1, 3)))
        elif roll < 0.7:
            events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False)]
        elif roll < 0.95:
            events = [key(rng.choice(keys))]
        else:
            size = rng.choice(SIZES)
            events = [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
        app.step(events, 1 / 60)
        assert 0 <= scene.scroll <= scene.max_scroll
        assert scene.selected is None or scene.selected in scene.shown


# ------------------------------------------------------------------ rules summary


@pytest.mark.parametrize("lang", LANGS)
def test_rivals_rules_parse(lang: str) -> None:
    from gui.rules_scene import load_rules

    title, terms = load_rules(lang, "rivals")
    catan_title, _ = load_rules(lang)
    assert title and title != catan_title
    assert len(terms) >= 18 and all(term.blocks for term in terms)
    text = " ".join(b.text for t in terms for b in t.blocks)
    for fact in ("7", "12", "13", "3"):
        assert fact in text
    if lang == "cs":
        assert {"Knížectví", "Kostka události", "Souboj knížat"} <= {t.title for t in terms}
        assert "ř" in text and "ů" in text


def test_rules_scene_offers_the_rivals_summary(make_app: Any) -> None:
    from gui.rules_scene import DOCS, RulesScene, load_rules

    app = make_app((1280, 720), "cs")
    scene = RulesScene(app, "rivals")
    app.push(scene)
    app.step([], 1 / 60)
    assert scene.title == load_rules("cs", "rivals")[0] and scene.page is not None
    catan_tab, rivals_tab = scene.doc_buttons[DOCS.index("catan")], scene.doc_buttons[DOCS.index("rivals")]
    assert rivals_tab.label == "Katan – Duel" and rivals_tab.style == "primary"
    app.step(click(catan_tab.rect.center), 1 / 60)
    assert scene.doc == "catan" and scene.title == load_rules("cs")[0]
    app.step(click(scene.doc_buttons[DOCS.index("rivals")].rect.center), 1 / 60)
    assert scene.doc == "rivals" and scene.terms[scene.index].title == "O hře"
    for size in SIZES:
        app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 1 / 60)
        assert scene.doc == "rivals" and scene.list_panel.bottom <= size[1]


# ------------------------------------------------------------------ reuse within a build


def test_art_memo_reuses_and_stays_small() -> None:
    from gui.art.memo import ArtMemo

    memo = ArtMemo(max_items=2)
    made: list[str] = []

    def make(name: str) -> Image.Image:
        made.append(name)
        return Image.new("RGBA", (2, 2))

    first = memo.get("a", lambda: make("a"))
    assert memo.get("a", lambda: make("a")) is first and made == ["a"]
    memo.get("b", lambda: make("b"))
    memo.get("c", lambda: make("c"))
    assert len(memo) == 2
    memo.get("a", lambda: make("a"))  # "a" was the least recently used, so it is drawn again
    assert made == ["a", "b", "c", "a"]


def test_regions_of_one_type_share_the_landscape_not_the_number() -> None:
    ctx = RenderContext(Translator("en"))
    four = render("rivals_region", "forest.4", 120, ctx)
    six = render("rivals_region", "forest.6", 120, ctx)
    assert len(ctx.memo) >= 1
    assert ImageChops.difference(four.convert("RGB"), six.convert("RGB")).getbbox() is not None
    fresh = render("rivals_region", "forest.6", 120, RenderContext(Translator("en")))
    assert fresh.tobytes() == six.tobytes()  # the shared landscape changes nothing in the result
