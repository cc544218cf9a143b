"""The Rivals table gives both principalities the room they need: the mats share the height by the rows each needs,
both seats' cards come out about equally large and upright, small card faces carry a name (and costs) sized to be
read; the end screen splits the points by source and shows the principalities large."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rivals.catalogue import catalogue
from game.rivals.constants import CENTER_ROW, WIDTH
from game.rivals.scoring import points_by_source
from gui.art.canvas import SCALE
from gui.art.rivals_faces import COMPACT_W, compact_name
from gui.art.rivals_text import card_name
from gui.art.text import FontBook
from gui.dialogs import ui_scale
from gui.rivals.faces import is_region
from gui.rivals.mats import share_mats
from gui.rivals.principality import OVERLAP, SITE_TUCK, PrincipalityGeometry, RowPlan
from tests.gui.table_fixtures import make_app
from tests.gui.test_rivals_table import RIVALS, _advance, _open, rivals_game

LEGIBLE_PX = 8       # a name this large (final pixels) reads without zoom
# The smallest card width of either principality after 120 random actions (before: 34 px and 52 px).
LEAST_CARD_W = {(1280, 720): 42, (1920, 1080): 62}


@pytest.mark.parametrize("size", sorted(LEAST_CARD_W))
@pytest.mark.parametrize("variant", RIVALS)
def test_both_principalities_are_large_and_alike(tmp_path: Path, variant: str, size: tuple[int, int]) -> None:
    """Mid-game, the opponent's cards are as large as one's own (within a sixth) and neither is small."""
    game = rivals_game(variant, ["human", "random"], seed=4)
    _advance(game, 120, 4)
    app, scene = _open(tmp_path, size, "cs", game)
    app.step([], 0.016)
    far, near = scene.geometry(1 - scene.near), scene.geometry(scene.near)
    assert min(far.card_w, near.card_w) >= LEAST_CARD_W[size]
    assert abs(far.card_w - near.card_w) <= max(far.card_w, near.card_w) / 6
    lay = scene.lay
    assert lay.far_mat.bottom < lay.near_mat.y and lay.near_mat.bottom <= lay.hand.y
    assert lay.far.contains(far.bounds.inflate(-2, -2)) and lay.near.contains(near.bounds.inflate(-2, -2))
    scene.on_exit()


def test_far_cards_stand_upright_and_keep_their_names() -> None:
    """The far seat's cards are not turned upside down (regions still turn their stock towards the owner); of
    two overlapping building rows the lower one on screen is drawn later, so the upper card's name stays in
    sight, and in one's own region columns the other way round, so a region's foot (its stock) does."""
    regions = [k for k in range(len(catalogue().instances)) if is_region(k)]
    others = [k for k in range(len(catalogue().instances)) if not is_region(k)]
    cells = [r * WIDTH + x for r in range(5) for x in range(10, 17)]
    geo = PrincipalityGeometry.build(pygame.Rect(0, 0, 800, 400), cells, True, 100)
    building = (CENTER_ROW - 1) * WIDTH + 13
    assert geo.quarter(building, others[0], 0) == 0
    assert geo.quarter(CENTER_ROW * WIDTH + 12, others[0], 0) == 1  # a road lies across
    assert geo.quarter(building - 1, regions[0], 1) == 3
    order = geo.draw_order(cells)
    tops = [geo.cell_rect(c).y for c in order]
    assert tops == sorted(tops)
    near = PrincipalityGeometry.build(pygame.Rect(0, 0, 800, 400), cells, False, 100)
    for x in (12, 13):  # a region column, then a building column
        column = [c for c in near.draw_order(cells) if c % WIDTH == x]
        tops = [near.cell_rect(c).y for c in column]
        assert tops == sorted(tops, reverse=x % 2 == 0)  # regions keep their foot (the stock) in sight


def test_empty_outer_sites_peek_out_from_under_their_row() -> None:
    """An outer row of empty sites takes less height than one with a card; the mats then share the height by
    the rows each principality needs."""
    inner = [r * WIDTH + x for r in (1, 2, 3) for x in range(11, 18)]
    outer = [0 * WIDTH + 13, 4 * WIDTH + 13]
    sites = RowPlan.of(inner + outer, shallow=outer)
    cards = RowPlan.of(inner + outer)
    assert sites.tucks == {0: SITE_TUCK, 4: SITE_TUCK} and cards.tucks == {0: OVERLAP, 4: OVERLAP}
    assert sites.height_units < cards.height_units
    bare = RowPlan.of(inner)
    assert bare.height_units < sites.height_units


def test_the_mats_share_the_height_by_the_rows_needed(tmp_path: Path) -> None:
    """A principality of five full rows gets a taller mat than one of three; both cards come out close."""
    game = rivals_game("rivals-intro", ["human", "random"], seed=4)
    app, scene = _open(tmp_path, (1280, 720), "en", game)
    app.step([], 0.016)
    lay = scene.lay
    inner = [r * WIDTH + x for r in (1, 2, 3) for x in range(11, 18)]
    tall = RowPlan.of(inner + [0 * WIDTH + 13, 4 * WIDTH + 13])
    short = RowPlan.of(inner)
    for far, near in ((tall, short), (short, tall)):
        shared = share_mats(lay, far, near, 200)
        taller = shared.far_mat if far is tall else shared.near_mat
        lower = shared.near_mat if far is tall else shared.far_mat
        assert taller.h > lower.h
        assert shared.far_mat.y == lay.far_mat.y and shared.near_mat.bottom == lay.near_mat.bottom
        w_far = far.card_width(shared.far.size, 200)
        w_near = near.card_width(shared.near.size, 200)
        assert abs(w_far - w_near) <= 4
        assert shared.far_info.h == shared.far_mat.h - 2 * (lay.far_info.y - lay.far_mat.y)
    scene.on_exit()


@pytest.mark.parametrize("lang", ("cs", "en"))
@pytest.mark.parametrize("width", (40, 46, 64, 90))
def test_small_faces_have_a_name_one_can_read(lang: str, width: int) -> None:
    """Below COMPACT_W a face's name is set for its size: every line fits the banner, a name of up to a dozen
    letters hardly goes below LEGIBLE_PX on a face of the table's size, no name is smaller than the largest name
    of a scaled-down face (a tenth of its width), and the banner is taller than the scaled-down one."""
    assert width < COMPACT_W
    fonts = FontBook()
    size = (width, width * 3 // 2)
    W = width * SCALE
    inner_w = (W - 2 * W * 0.045) * 0.92
    for card in catalogue().cards.values():
        if card.type == "region":
            continue
        text = card_name(card, lang)
        name = compact_name(fonts, text, size)
        assert all(name.font.getlength(line) <= inner_w + 1 for line in name.lines), card.id
        assert "".join(name.lines).replace("-", "").replace(" ", "") == text.replace("-", "").replace(" ", "")
        assert name.font.size >= int(W * 0.1), (card.id, name.lines)
        if len(text) <= 12 and width >= 46:
            assert name.font.size >= int(LEGIBLE_PX * SCALE * 0.85), (card.id, name.lines, name.font.size)
        assert name.height >= W * 0.24 > W * 0.16


def test_table_faces_are_drawn_at_their_size(tmp_path: Path) -> None:
    """A principality card narrower than COMPACT_W is drawn from art rendered at its own size (its larger name),
    not scaled down from the large face."""
    game = rivals_game("rivals-intro", ["human", "random"], seed=4)
    app, scene = _open(tmp_path, (1280, 720), "en", game)
    app.step([], 0.016)
    geo = scene.geometry(scene.near)
    grid = scene.view.grid[scene.near]
    settlement = next(k for c, k in enumerate(grid) if k >= 0 and c // WIDTH == CENTER_ROW and c % 2)
    size = (geo.card_w, geo.card_h)
    assert geo.card_w < COMPACT_W
    small = scene.faces.face(settlement, size)
    scaled = pygame.transform.smoothscale(scene.faces.master("rivals_card", "settlement"), size)
    differs = sum(1 for x in range(size[0]) for y in range(size[1] // 4)
                  if sum(abs(a - b) for a, b in zip(small.get_at((x, y))[:3], scaled.get_at((x, y))[:3])) > 60)
    assert differs > size[0] * size[1] // 40  # the banner is set anew, not the scaled one
    scene.on_exit()


def _finished(variant: str, seed: int) -> Any:
    game = rivals_game(variant, ["random", "random"], seed=seed)
    _advance(game, 50_000, seed)
    assert game.is_over()
    return game


@pytest.mark.parametrize("size", ((1280, 720), (1920, 1080)))
def test_end_screen_splits_points_and_shows_large_principalities(tmp_path: Path, size: tuple[int, int]) -> None:
    """The end screen's rows are the points by source from the rules model, summing to each seat's points; the
    chart fits the top third and the principalities share the width so that both are large (with the panels
    halved, this game's wider principality got 40 px cards at 1280x720)."""
    from gui.rivals.end import RivalsEndScene

    game = _finished("rivals-gold", 2)
    app = make_app(size, "cs", tmp_path)
    app.show_end_of_game(game)
    app.step([], 0.016)
    scene = app.stack[-1]
    assert isinstance(scene, RivalsEndScene)
    view = game.view(-1)
    for p in (0, 1):
        values = scene.row_values(view, p)
        assert values[:-1] == list(points_by_source(game.state, p).parts)
        assert sum(values[:-1]) == values[-1] == view.vp[p]
    assert len(scene.column_keys()) == 6 and all(app.translator.has(k) for k in scene.column_keys())
    assert min(scene.card_widths()) >= (44 if size == (1280, 720) else 66)
    rect = scene.table_rect(size, ui_scale(size))
    assert rect.right <= size[0] and rect.bottom < size[1] // 3


def test_end_screen_shows_the_card_under_the_mouse_large(tmp_path: Path) -> None:
    """Pointing at a card of an ended principality draws that card large beside the mouse."""
    from gui.rivals.end import RivalsEndScene

    game = _finished("rivals-intro", 3)
    app = make_app((1280, 720), "en", tmp_path)
    app.show_end_of_game(game)
    app.step([], 0.016)
    scene = app.stack[-1]
    assert isinstance(scene, RivalsEndScene)
    geo = scene._geos[0]
    grid = game.view(-1).grid[0]
    cell = next(c for c, k in enumerate(grid) if k >= 0 and c // WIDTH == CENTER_ROW and c % 2)
    local = geo.card_rect(cell, grid[cell]).center
    pos = (local[0] + scene._origin[0], local[1] + scene._origin[1])
    plain = app.screen.copy()
    assert scene.card_at(pos) == grid[cell]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.016)
    big = pygame.Rect(pos[0] + 10, pos[1] - 100, 120, 200).clip(app.screen.get_rect())
    changed = sum(1 for x in range(big.x, big.right, 4) for y in range(big.y, big.bottom, 4)
                  if app.screen.get_at((x, y)) != plain.get_at((x, y)))
    assert changed > (big.w // 4) * (big.h // 4) // 2
    assert scene.card_at((2, 2)) is None
