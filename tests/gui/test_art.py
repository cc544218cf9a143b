"""Tests for the Pillow art: every kind renders, tiles are hex-shaped, the PNG cache works."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from gui.art import KINDS, RENDERER_VERSION, ArtCache, natural_size, render, rivals_sizes, table_sizes
from gui.art.context import RenderContext
from gui.art.text import FontBook
from gui.i18n import Translator

ROOT = Path(__file__).resolve().parents[2]
WIDTHS = (36, 84)


@pytest.fixture(scope="module")
def contexts() -> dict[str, RenderContext]:
    return {lang: RenderContext(Translator(lang)) for lang in ("cs", "en")}


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("width", WIDTHS)
def test_every_art_renders_at_its_size(kind: str, width: int, contexts: dict[str, RenderContext]) -> None:
    spec = KINDS[kind]
    langs = ("cs", "en") if spec.uses_text else ("en",)
    for lang in langs:
        for name in spec.names:
            size = natural_size(kind, name, width)
            img = render(kind, name, size, contexts[lang])
            assert img.size == size, (kind, name)
            assert img.mode == "RGBA", (kind, name)
            assert img.getchannel("A").getextrema()[1] == 255, f"{kind}/{name} is empty"


def test_explicit_size_is_honoured(contexts: dict[str, RenderContext]) -> None:
    img = render("sea", "background", (123, 45), contexts["en"])
    assert img.size == (123, 45)
    assert render("dev_card", "knight", (50, 90), contexts["cs"]).size == (50, 90)


def test_unknown_art_is_a_key_error(contexts: dict[str, RenderContext]) -> None:
    with pytest.raises(KeyError):
        render("terrain", "swamp", 50, contexts["en"])
    with pytest.raises(KeyError):
        render("spaceship", "x", 50, contexts["en"])
    with pytest.raises(ValueError):
        render("token", "6", (0, 10), contexts["en"])


@pytest.mark.parametrize("name", ["forest", "pasture", "fields", "hills", "mountains", "desert", "mountains.2"])
def test_hex_tile_is_transparent_outside_and_opaque_inside(name: str, contexts: dict[str, RenderContext]) -> None:
    img = render("terrain", name, 120, contexts["en"])
    w, h = img.size
    assert (w, h) == (120, 139)
    alpha = img.getchannel("A")
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (3, 3), (w - 4, h - 4)):
        assert alpha.getpixel(corner) == 0, corner
    for inside in ((w // 2, h // 2), (w // 2, 5), (5, h // 2), (w - 6, h // 2)):
        assert alpha.getpixel(inside) == 255, inside


def test_terrain_is_deterministic_and_variants_differ(contexts: dict[str, RenderContext]) -> None:
    a = render("terrain", "forest", 90, contexts["en"])
    b = render("terrain", "forest", 90, contexts["cs"])
    c = render("terrain", "forest.1", 90, contexts["en"])
    assert a.tobytes() == b.tobytes()
    assert a.tobytes() != c.tobytes()


def _red_pixels(img: Image.Image) -> int:
    data = img.tobytes()
    pixels = (data[i:i + 4] for i in range(0, len(data), 4))
    return sum(1 for r, g, b, a in pixels if a > 200 and r > 150 and g < 80 and b < 80)


def test_six_and_eight_are_red(contexts: dict[str, RenderContext]) -> None:
    ctx = contexts["en"]
    assert _red_pixels(render("token", "6", 64, ctx)) > 50
    assert _red_pixels(render("token", "8", 64, ctx)) > 50
    assert _red_pixels(render("token", "9", 64, ctx)) == 0


def test_languages_give_different_cards(contexts: dict[str, RenderContext]) -> None:
    for kind, name in (("resource_card", "lumber"), ("dev_card", "year_of_plenty"), ("special_card", "largest_army")):
        cs = render(kind, name, 120, contexts["cs"])
        en = render(kind, name, 120, contexts["en"])
        # getbbox() of an RGBA image looks at alpha only, so compare the colours.
        assert ImageChops.difference(cs.convert("RGB"), en.convert("RGB")).getbbox() is not None, (kind, name)


def test_czech_letters_have_their_own_glyphs() -> None:
    font = FontBook().get("condensed-bold", 40)
    for plain, accented in (("r", "ř"), ("i", "í"), ("e", "ě"), ("s", "š"), ("y", "ý"), ("u", "ů")):
        assert font.getmask(accented).getbbox() is not None
        assert bytes(font.getmask(plain)) != bytes(font.getmask(accented)), accented


def test_cache_writes_png_and_reuses_it(tmp_path: Path) -> None:
    cache = ArtCache(tmp_path, "cs")
    first = cache.get("resource_card", "grain", 90)
    assert cache.renders == 1
    path = tmp_path / RENDERER_VERSION / "cs" / "resource_card-grain-90x135.png"
    assert path.is_file()
    assert cache.path_for("resource_card", "grain", 90) == path
    second = cache.get("resource_card", "grain", (90, 135))
    assert cache.renders == 1
    assert second.tobytes() == first.tobytes()
    # A new cache object (a new run of the program) loads the PNG instead of drawing.
    again = ArtCache(tmp_path, "cs").get("resource_card", "grain", 90)
    assert again.tobytes() == first.tobytes()


def test_cache_keys_language_only_for_text(tmp_path: Path) -> None:
    cs, en = ArtCache(tmp_path, "cs"), ArtCache(tmp_path, "en")
    assert cs.path_for("token", "6", 40) == en.path_for("token", "6", 40)
    assert "common" in cs.path_for("terrain", "forest", 40).parts
    assert cs.path_for("dev_card", "knight", 40) != en.path_for("dev_card", "knight", 40)
    cs.get("token", "6", 40)
    en.get("token", "6", 40)
    assert en.renders == 0  # the language-free PNG written by the Czech cache is reused


def test_cache_rerenders_a_damaged_png(tmp_path: Path) -> None:
    cache = ArtCache(tmp_path, "en")
    path = cache.path_for("die", "3", 30)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a png")
    img = cache.get("die", "3", 30)
    assert cache.renders == 1 and img.size == (30, 30)
    assert Image.open(path).size == (30, 30)


def test_warm_reports_progress(tmp_path: Path) -> None:
    cache = ArtCache(tmp_path, "en")
    seen: list[tuple[int, int]] = []
    sizes = {"token": [30, 40], "die": 20, "sea": (50, 30)}
    rendered = cache.warm(sizes, lambda done, total: seen.append((done, total)))
    total = 2 * len(KINDS["token"].names) + len(KINDS["die"].names) + len(KINDS["sea"].names)
    assert rendered == total
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert [d for d, _ in seen] == list(range(total + 1))
    assert cache.warm(sizes) == 0


def test_table_sizes_cover_every_kind() -> None:
    # The board game's table warms table_sizes, the Rivals table rivals_sizes; together they name every kind.
    assert set(table_sizes(100)) | set(rivals_sizes(100)) == set(KINDS)
    assert not set(table_sizes(100)) & set(rivals_sizes(100))


def test_art_package_does_not_import_pygame() -> None:
    code = "import sys, gui.art, gui.art.sheet, gui.art.surfaces; assert 'pygame' not in sys.modules"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env=env)


def test_to_surface(monkeypatch: pytest.MonkeyPatch, contexts: dict[str, RenderContext]) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from gui.art.surfaces import to_surface

    img = render("token", "8", 48, contexts["en"])
    surface = to_surface(img)
    assert surface.get_size() == (48, 48)
    assert tuple(surface.get_at((24, 24))) == img.getpixel((24, 24))
    assert surface.get_at((0, 0)).a == 0
    assert pygame.SRCALPHA & surface.get_flags()


def test_sheet_command(tmp_path: Path) -> None:
    from gui.art.__main__ import main

    out = tmp_path / "sheet.png"
    assert main(["sheet", str(out), "--lang", "cs"]) == 0
    with Image.open(out) as img:
        assert img.width == 2000 and img.height > 1000


def test_a_text_too_wide_is_cut_short_with_an_ellipsis_not_clipped() -> None:
    from gui.art.text import shortened

    font = FontBook().get("condensed-bold", 12)
    text = "Přepadení zloději"
    assert shortened(text, font, font.getlength(text)) == text
    short = shortened(text, font, font.getlength(text) * 0.6)
    assert short.endswith("…") and text.startswith(short[:-1].rstrip())
    assert font.getlength(short) <= font.getlength(text) * 0.6
    assert shortened(text, font, 1) == ""
