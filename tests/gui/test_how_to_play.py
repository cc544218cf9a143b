"""The rules open at a one-screen How to play page with a picture of the table for every game, in Czech and
English, with the A-Z glossary after it; the document tabs share one font size and one spelling of the name."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from gui.dialogs import fit_text
from gui.rules_pictures import KEPT_PICTURES, TablePictures, pictures_for
from gui.rules_scene import (
    DOCS, GUIDE_MARKER, RulesScene, load_document, load_rules, parse_document, parse_rules, tab_rects,
)
from tests.gui.conftest import click, key

LANGS = ("cs", "en")
SIZES = ((1280, 720), (1920, 1080))


@pytest.mark.parametrize("doc", DOCS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_game_has_a_how_to_play_page(doc: str, lang: str) -> None:
    document = load_document(lang, doc)
    guide = document.guide
    assert guide is not None and guide.title and GUIDE_MARKER not in guide.title
    kinds = [block.kind for block in guide.blocks]
    # Set-up in one line, then the turn in numbered steps, then the win condition.
    assert kinds[0] == "para" and kinds[-1] == "para"
    steps = [block.marker for block in guide.blocks if block.kind == "number"]
    assert steps == [f"{i}." for i in range(1, len(steps) + 1)] and len(steps) >= 3
    assert "10" in guide.blocks[-1].text or "13" in guide.blocks[-1].text
    # The glossary keeps its terms and does not list the page again.
    assert guide.title not in [term.title for term in document.terms]
    assert list(document.terms) == load_rules(lang, doc)[1]


@pytest.mark.parametrize("doc", DOCS)
def test_the_czech_and_english_turns_have_the_same_steps(doc: str) -> None:
    cs, en = load_document("cs", doc).guide, load_document("en", doc).guide
    assert cs is not None and en is not None
    assert [b.kind for b in cs.blocks] == [b.kind for b in en.blocks]
    assert cs.title == "Jak se hraje" and en.title == "How to play"


def test_the_marked_section_is_the_page_wherever_it_stands() -> None:
    text = f"# Title\n\n## Alpha\nA.\n\n## Play {GUIDE_MARKER}\n1. Roll.\n2. Build.\n\n## Beta\nB.\n"
    document = parse_document(text)
    assert document.guide is not None and document.guide.title == "Play"
    assert [t.title for t in document.terms] == ["Alpha", "Beta"]
    assert [t.title for t in parse_rules(text)[1]] == ["Alpha", "Beta"]
    assert parse_document("# T\n\n## Only\nx\n").guide is None


@pytest.mark.parametrize("doc", DOCS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_open_at_how_to_play(make_app: Any, doc: str, lang: str) -> None:
    app = make_app((1280, 720), lang)
    scene = RulesScene(app, doc)
    app.push(scene)
    app.step([], 1 / 60)
    assert scene.showing_guide and scene.list.selected == -1
    assert scene.guide_button is not None and scene.guide_button.style == "primary"
    assert scene.guide_button.label == scene.guide.title
    # The guide button sits above the glossary in the index panel.
    assert scene.list_panel.contains(scene.guide_button.rect)
    assert scene.guide_button.rect.bottom <= scene.list.rect.top


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_each_page_fits_one_screen_with_its_picture(make_app: Any, size: tuple[int, int], lang: str) -> None:
    app = make_app(size, lang)
    scene = RulesScene(app)
    app.push(scene)
    for doc in DOCS:
        scene.show_doc(doc)
        app.step([], 1 / 60)
        assert scene.doc == doc and scene.showing_guide and scene.page is not None
        assert scene.page.get_height() <= scene.text_rect.height, (doc, scene.page.get_height())
        assert scene.max_scroll == 0
        assert scene.page.get_width() <= scene.text_rect.width
        # The picture takes the top right of the page: it is drawn, not left empty.
        w, _ = scene.page.get_size()
        corner = scene.page.subsurface(pygame.Rect(w * 3 // 4, 10, w // 4 - 10, 40))
        assert pygame.transform.average_color(corner)[3] > 200, doc


def test_the_glossary_follows_and_leads_back(make_app: Any) -> None:
    app = make_app((1280, 720), "cs")
    scene = RulesScene(app, "rivals")
    app.push(scene)
    app.step([], 1 / 60)
    guide_page = scene.page
    app.step([key(pygame.K_DOWN)], 1 / 60)
    assert not scene.showing_guide and scene.index == 0 and scene.list.selected == 0
    assert scene.terms[0].title == "O hře" and scene.guide_button.style == "secondary"
    app.step([key(pygame.K_UP)], 1 / 60)
    assert scene.showing_guide and scene.list.selected == -1
    scene.list.select(5)
    assert not scene.showing_guide and scene.index == 5
    app.step(click(scene.guide_button.rect.center), 1 / 60)
    assert scene.showing_guide and scene.page is not None
    assert scene.page.get_size() == guide_page.get_size()
    # Another game's tab opens that game at its How to play page too.
    scene.list.select(3)
    app.step(click(scene.doc_buttons[DOCS.index("cards")].rect.center), 1 / 60)
    assert scene.doc == "cards" and scene.showing_guide and scene.guide.title == "Jak se hraje"
    assert scene.title == load_document("cs", "cards").title


@pytest.mark.parametrize("size", ((1024, 600), *SIZES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_tabs_share_one_font_size(make_app: Any, size: tuple[int, int], lang: str) -> None:
    app = make_app(size, lang)
    scene = RulesScene(app)
    app.push(scene)
    app.step([], 1 / 60)
    buttons = scene.doc_buttons
    sizes = {b.font_size for b in buttons}
    assert len(sizes) == 1
    (font_size,) = sizes
    for b in buttons:
        # The button draws its label at font_size unless it had to shrink it to fit (StyledButton leaves 16 px).
        assert fit_text(b.label, font_size, b.rect.width - 16, True) == font_size, b.label
        assert scene.list_panel.left <= b.rect.left and b.rect.right <= scene.list_panel.right
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect)


def test_tab_rows_fill_the_width_and_wrap() -> None:
    pygame.font.init()
    area = pygame.Rect(10, 20, 300, 30)
    rects = tab_rects(["One", "Two", "A much longer label", "Four"], 16, area, 6, 30, 10)
    rows = sorted({r.y for r in rects})
    assert len(rows) >= 2
    for y in rows:
        row = sorted((r for r in rects if r.y == y), key=lambda r: r.x)
        assert row[0].left == area.left and row[-1].right == area.right
    assert rects[-1].y > rects[0].y


@pytest.mark.parametrize("lang", LANGS)
def test_one_spelling_of_the_name_in_the_tab_row(make_app: Any, lang: str) -> None:
    app = make_app((1280, 720), lang)
    scene = RulesScene(app)
    app.push(scene)
    app.step([], 1 / 60)
    labels = " ".join(b.label for b in scene.doc_buttons)
    assert not ("Catan" in labels and "Katan" in labels), labels
    if lang == "cs":
        # The Rivals tab is titled as its Czech box is.
        assert scene.doc_buttons[DOCS.index("rivals")].label == "Katan – Duel"


def test_the_pictures_are_drawn_once_per_size(make_app: Any) -> None:
    app = make_app((1280, 720), "en")
    pictures = TablePictures(app.art)
    for doc in DOCS:
        first = pictures.picture(doc, (300, 260))
        assert first.get_size() == (300, 260)
        assert pictures.picture(doc, (300, 260)) is first
        bigger = pictures.picture(doc, (450, 390))
        assert bigger is not first and bigger.get_size() == (450, 390)
        # Something is drawn in the middle: many colours, not an empty or flat rectangle.
        middle = pygame.transform.scale(first.subsurface(pygame.Rect(75, 65, 150, 130)), (30, 26))
        colours = {middle.get_at((x, y))[:3] for x in range(30) for y in range(26)}
        assert len(colours) > 20, doc


def test_the_app_keeps_the_pictures_between_openings(make_app: Any) -> None:
    """The second time the rules open, the picture is not drawn again; new art (another language) draws anew, and
    many window sizes do not pile up pictures."""
    app = make_app((1280, 720), "en")
    first = pictures_for(app)
    picture = first.picture("catan", (300, 260))
    assert pictures_for(app) is first and pictures_for(app).picture("catan", (300, 260)) is picture
    for w in range(300, 300 + 2 * KEPT_PICTURES):
        first.picture("catan", (w, 260))
    assert len(first._drawn) <= KEPT_PICTURES
    app.set_language("cs")
    assert pictures_for(app) is not first
    for doc in DOCS:  # a tiny text area still gets a picture it can draw
        assert pictures_for(app).picture(doc, (40, 30)).get_size() == (160, 120)
