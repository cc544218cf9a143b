"""The game review screen: it renders headless for Catan and Rivals saves, its worker never blocks the frame, a
cancelled review leaves no cache, the chart and the decisions open the replay there (Hard's move marked), and the
entry points (Load, the replay viewer, `--review SAVE`, the screenshot scene) open it."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

import pygame
import pytest

from game.ai.registry import make_bot
from game.coach.cache import cache_path
from game.core.registry import get_variant
from game.core.saves import save_game
from game.core.seats import Seat
from tests.gui.conftest import click, key

ROOT = Path(__file__).resolve().parents[2]


def _played_save(path: Path, variant_id: str, players: int, actions: int, seed: int = 3) -> Path:
    """A save of a game whose seat 0 is human (its moves played by a Normal bot), `actions` actions long."""
    variant = get_variant(variant_id)
    seats = tuple(Seat(s.name, s.color, "human" if i == 0 else "normal")
                  for i, s in enumerate(variant.default_seats(players)))
    game = variant.new_game(seats, seed)
    bots = [make_bot("normal", variant.family) for _ in seats]
    rng = random.Random(seed)
    while len(game.log) < actions and not game.is_over():
        player = game.active_players()[0]
        game.apply(bots[player].choose(game.view(player), game.legal_actions(player), rng))
    save_game(game, path)
    return path


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A short Catan and a short Rivals save (copied per test, since the review is kept beside its save)."""
    folder = tmp_path_factory.mktemp("review_saves")
    return {"catan": _played_save(folder / "catan.json", "catan-base", 3, 70),
            "rivals": _played_save(folder / "rivals.json", "rivals-intro", 2, 50)}


def _copy(source: Path, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / source.name
    target.write_bytes(source.read_bytes())
    return target


def _finished(app: Any, path: Path) -> Any:
    scene = app.push("review", path=path, sync=True)
    app.step([], 1 / 60)
    app.step([], 1 / 60)
    assert scene.review is not None and scene.error is None
    return scene


@pytest.mark.parametrize("family,lang,size", [("catan", "cs", (1280, 720)), ("rivals", "en", (1920, 1080)),
                                              ("rivals", "cs", (1280, 720)), ("catan", "en", (1920, 1080))])
def test_the_review_renders_headless(make_app: Callable[..., Any], saves: dict[str, Path], tmp_path: Path,
                                     family: str, lang: str, size: tuple[int, int]) -> None:
    """A finished review shows the chart, the key moments, the split and the judged decisions, and keeps the
    review beside the save."""
    path = _copy(saves[family], tmp_path / "s")
    app = make_app(size=size, lang=lang)
    app.push("menu")
    scene = _finished(app, path)
    review = scene.review
    assert scene.geometry is not None and scene.geometry.points == len(review.steps) + 1
    assert len(scene.moment_rows) == len(review.key_moments) > 0
    assert review.judgements and scene.decision_rows
    assert cache_path(path).exists()
    for rect in (scene.rects["chart"], scene.rects["split"], scene.rects["moments"], scene.rects["decisions"]):
        assert app.screen.get_rect().contains(rect)
    assert not scene.rects["chart"].colliderect(scene.rects["moments"])
    assert not scene.rects["split"].colliderect(scene.rects["decisions"])
    if lang == "cs":
        assert "," in scene.points(0.1234) and "Tah" in scene.app.t("review.screen.col_turn")


def test_the_worker_does_not_block_the_frame(make_app: Callable[..., Any], saves: dict[str, Path], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """With a slow review, the first frame draws at once with the progress bar and an estimate; the result shows
    when the worker is done."""
    import gui.review.job as job_module

    real = job_module.compute_review
    release = threading.Event()

    def slow(path: Path | None, game: Any, write_cache: bool, progress: Any = None) -> Any:
        for i in range(50):
            if progress is not None and progress(i, 50) is False:
                from game.core.errors import GameError

                raise GameError("cancelled")
            if release.is_set():
                break
            time.sleep(0.02)
        return real(path, game, write_cache, progress)

    monkeypatch.setattr(job_module, "compute_review", slow)
    path = _copy(saves["rivals"], tmp_path / "s")
    app = make_app()
    app.push("menu")
    started = time.perf_counter()
    scene = app.push("review", path=path)
    app.step([], 1 / 60)
    assert time.perf_counter() - started < 1.0
    assert scene.running and "box" in scene.rects
    time.sleep(0.1)
    app.step([], 1 / 60)
    assert scene.running and scene.job.progress()[0] > 0 and scene.job.seconds_left() is not None
    release.set()
    deadline = time.monotonic() + 60
    while scene.running and time.monotonic() < deadline:
        app.step([], 1 / 60)
        time.sleep(0.02)
    assert scene.review is not None and "chart" in scene.rects


def test_cancel_returns_and_leaves_no_cache(make_app: Callable[..., Any], saves: dict[str, Path], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Esc during the review goes back to the previous screen; the worker stops and writes no cache file."""
    import game.coach.cache as cache_module

    real = cache_module.review_game

    def slow_review(game: Any, seats: Any = None, worlds: int = 3, seed: int = 0, progress: Any = None) -> Any:
        def slow(done: int, total: int) -> bool:
            time.sleep(0.02)
            return progress(done, total) if progress is not None else True

        return real(game, seats, worlds, seed, slow)

    monkeypatch.setattr(cache_module, "review_game", slow_review)
    path = _copy(saves["catan"], tmp_path / "s")
    app = make_app()
    menu = app.push("menu")
    scene = app.push("review", path=path)
    app.step([], 1 / 60)
    time.sleep(0.1)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is menu
    scene.job.join(30)
    assert scene.job.done and scene.job.review is None and scene.job.error
    assert not cache_path(path).exists()


def test_clicking_the_chart_opens_the_replay_there(make_app: Callable[..., Any], saves: dict[str, Path],
                                                   tmp_path: Path) -> None:
    """A click on the chart opens the replay after that many actions; a judged decision opens it at the decision
    with Hard's choice marked; the viewer's Review (R) goes back to the review."""
    from gui.replay.scene import ReplayScene

    path = _copy(saves["catan"], tmp_path / "s")
    app = make_app()
    app.push("menu")
    scene = _finished(app, path)
    geo = scene.geometry
    k = geo.points // 2
    app.step(click((geo.x_of(k), geo.area.centery)), 1 / 60)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.index == k and replay.from_review
    app.step([key(pygame.K_r)], 1 / 60)
    assert app.top is scene
    rect, judgement = scene.decision_rows[0]
    app.step(click(rect.center), 1 / 60)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.index == judgement.step
    assert replay.mark is not None and replay.mark["best"] == judgement.best
    app.step([], 1 / 60)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is scene
    rect, index = scene.moment_rows[0]
    app.step(click(rect.center), 1 / 60)
    assert isinstance(app.top, ReplayScene) and app.top.index == index


def test_review_from_load_and_from_the_replay_viewer(make_app: Callable[..., Any], saves: dict[str, Path]) -> None:
    """Load has a Review button for the selected save; the replay viewer opened from Load has one too."""
    from gui.dialogs.files import LoadDialog
    from gui.replay.scene import ReplayScene
    from gui.review.scene import ReviewScene

    app = make_app()
    _copy(saves["rivals"], app.save_dir)
    dialog = LoadDialog(app)
    app.push(dialog)
    app.step([], 1 / 60)
    assert dialog.review_button.enabled
    app.step(click(dialog.review_button.rect.center), 1 / 60)
    assert isinstance(app.top, ReviewScene) and app.top.path == app.save_dir / "rivals.json"
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is dialog
    app.step(click(dialog.replay_button.rect.center), 1 / 60)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.buttons["review"].enabled
    app.step(click(replay.buttons["review"].rect.center), 1 / 60)
    assert isinstance(app.top, ReviewScene)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is replay


def test_the_review_flag_opens_the_review(saves: dict[str, Path], tmp_path: Path, art_cache_dir: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """`main.py --review SAVE` starts at the review screen of that save (above the menu)."""
    from gui import launcher
    from gui.app import App
    from gui.review.scene import ReviewScene

    seen: list[Any] = []

    def run(self: Any) -> None:
        seen.extend(self.stack)
        self.shutdown()

    monkeypatch.setattr(App, "run", run)
    path = _copy(saves["rivals"], tmp_path / "s")
    code = launcher.main(["--review", str(path), "--config-dir", str(tmp_path / "c"), "--cache-dir",
                          str(art_cache_dir), "--save-dir", str(tmp_path / "saves")])
    assert code == 0
    assert isinstance(seen[-1], ReviewScene) and seen[-1].path == path
    assert launcher.main(["--review", str(tmp_path / "missing.json"), "--config-dir", str(tmp_path / "c"),
                          "--save-dir", str(tmp_path / "saves")]) == 2


def test_the_review_screenshot_scene(saves: dict[str, Path], tmp_path: Path, art_cache_dir: Path) -> None:
    """--scene review renders the finished review of --review SAVE and writes nothing beside the save."""
    path = _copy(saves["rivals"], tmp_path / "s")
    out = tmp_path / "review.png"
    run = subprocess.run([sys.executable, "main.py", "--screenshot", str(out), "--scene", "review", "--review",
                          str(path), "--size", "1280x720", "--lang", "cs", "--config-dir", str(tmp_path / "c"),
                          "--cache-dir", str(art_cache_dir), "--save-dir", str(tmp_path / "saves")], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    assert not cache_path(path).exists()


def test_the_end_screens_review_button_opens_the_review_of_the_game_just_played() -> None:
    from types import SimpleNamespace

    from gui.end_navigation import EndNavigation

    pushed: list[tuple[str, dict[str, object]]] = []
    screen = EndNavigation()
    screen.app = SimpleNamespace(push=lambda name, **kw: pushed.append((name, kw)))  # type: ignore[assignment]
    screen.game = "the game"  # type: ignore[attr-defined]
    screen.review()
    assert pushed == [("review", {"game": "the game"})]


def test_a_rivals_decision_reads_in_the_tables_words(make_app: Callable[..., Any], saves: dict[str, Path],
                                                     tmp_path: Path) -> None:
    """Rivals' judged decisions are worded as the table words them (cards by their printed names, read from the
    position before the decision), not as the action's raw fields."""
    from game.core.replay import ReplayCursor
    from game.core.saves import load_game
    from gui.rivals.names import Names

    path = _copy(saves["rivals"], tmp_path / "s")
    app = make_app(lang="cs")
    app.push("menu")
    scene = _finished(app, path)
    codec = get_variant("rivals-intro").codec()
    cursor = ReplayCursor(load_game(path))
    names = Names(app.t, "cs", app.translator.has)
    for j in scene.review.judgements:
        position = cursor.seek(j.step)
        action = codec.from_json(j.taken)
        assert scene.action_text(j.taken, j.step) == names.action(action, position.view(action.player).grid)
    carded = [j for j in scene.review.judgements if isinstance(j.taken.get("card"), int)]
    assert carded, "the sample game plays no card"
    text = scene.action_text(carded[0].taken, carded[0].step)
    assert names.card(carded[0].taken["card"]) in text and "card" not in text


def test_show_the_better_move_marks_it_on_the_principality(make_app: Callable[..., Any], saves: dict[str, Path],
                                                           tmp_path: Path) -> None:
    """Rivals' table places a recorded action: a build on its site (or its supply pile), a roll on the dice, a
    stack on its stack, a cell on the mover's principality; the replay draws the mark there, and its banner
    never covers the mark."""
    from game.rivals.constants import CENTER_ROW, WIDTH
    from gui.replay.scene import ReplayScene

    path = _copy(saves["rivals"], tmp_path / "s")
    app = make_app(size=(1280, 720))
    app.push("menu")
    scene = _finished(app, path)
    judgement = max(scene.review.judgements, key=lambda j: j.lost)
    scene.show_better_move(judgement)
    app.step([], 1 / 60)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    table = replay.table
    board = table.lay.board
    roll = table.action_spots({"kind": "roll", "player": 0})
    assert [s.rect for s in roll] == list(table.spots.dice)
    assert [s.rect for s in table.action_spots({"kind": "draw_card", "player": 1, "stack": 2})] == [
        table.spots.stacks[2]]
    grid = table.view.grid[table.near]
    built = [c for c in range(len(grid)) if grid[c] >= 0 and c // WIDTH == CENTER_ROW]
    x = built[0] % WIDTH
    spot = table.action_spots({"kind": "build_city", "player": table.near, "x": x, "payment": []})
    assert [s.rect for s in spot] == [table.cell_rect(table.near, built[0])]
    assert all(board.contains(s.rect) or table.lay.center.contains(s.rect) for s in spot + roll)
    assert table.action_spots({"kind": "end_actions", "player": 0}) == []
    assert table.action_spots({"kind": "roll"}) == []


def test_catan_marks_a_spot_with_a_ring(make_app: Callable[..., Any], saves: dict[str, Path],
                                        tmp_path: Path) -> None:
    """Catan's table places a settlement on its node, a road on its edge and the robber on its hex, each as a
    ring centred there."""
    path = _copy(saves["catan"], tmp_path / "s")
    app = make_app(size=(1280, 720))
    app.push("menu")
    scene = _finished(app, path)
    scene.open_replay(10)
    app.step([], 1 / 60)
    table = app.top.table
    bv = table.board_view
    for key_, where in (("node", bv.node_screen_pos), ("edge", bv.edge_screen_pos), ("hex", bv.hex_screen_pos)):
        (spot,) = table.action_spots({"kind": "x", "player": 0, key_: 5})
        assert spot.round and spot.rect.center == where(5) and bv.rect.contains(spot.rect)
    assert table.action_spots({"kind": "roll", "player": 0}) == []


def test_the_better_move_screenshot_scene(saves: dict[str, Path], tmp_path: Path, art_cache_dir: Path) -> None:
    """--scene review:better renders the replay at the decision that lost most, Hard's choice marked."""
    path = _copy(saves["rivals"], tmp_path / "s")
    out = tmp_path / "better.png"
    run = subprocess.run([sys.executable, "main.py", "--screenshot", str(out), "--scene", "review:better",
                          "--review", str(path), "--size", "1280x720", "--lang", "en", "--config-dir",
                          str(tmp_path / "c"), "--cache-dir", str(art_cache_dir), "--save-dir",
                          str(tmp_path / "saves")], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_the_header_says_what_help_the_game_was_played_with(make_app: Callable[..., Any],
                                                            saves: dict[str, Path], tmp_path: Path) -> None:
    """A save played with the win-chance bar on and with hints says so in the review's header; one without says
    nothing of it."""
    import json

    plain = _copy(saves["rivals"], tmp_path / "plain")
    helped = tmp_path / "helped" / "rivals.json"
    helped.parent.mkdir()
    data = json.loads(plain.read_text(encoding="utf-8"))
    data["assists"] = {"win_bar": True, "hints": {"0": 3}}
    helped.write_text(json.dumps(data), encoding="utf-8")
    app = make_app(lang="en")
    app.push("menu")
    assert _finished(app, plain).assists_parts() == []
    scene = _finished(app, helped)
    parts = scene.assists_parts()
    assert parts[0] == app.t("review.screen.win_bar") and "3×" in parts[1] and scene.seat_name(0) in parts[1]
