"""The Catan rules, catan-position format and lab charts split into modules of one concern (issue 38 point 5)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.catan import actions as A
from game.catan.rules import CatanGame
from game.catan.two_player import TwoPlayerCatanGame
from game.core.registry import new_game

ROOT = Path(__file__).resolve().parents[2]
ROOMS = (
    "game/catan/rules.py", "game/catan/spots.py", "game/catan/production.py", "game/catan/robber.py",
    "game/catan/building.py", "game/catan/trade.py", "game/catan/development.py", "game/catan/action_table.py",
    "game/catan/position.py", "game/catan/position_format.py", "game/catan/position_values.py",
    "game/catan/position_actions.py", "game/catan/position_export.py", "game/catan/position_checks.py",
    "game/catan/position_reader.py", "game/lab/charts.py", "game/lab/chart_style.py", "game/lab/chart_frame.py",
    "game/lab/chart_layouts.py", "game/lab/chart_board.py", "game/lab/chart_compare.py",
)
PILLOW_FREE_CHARTS = ("chart_style", "chart_frame", "chart_layouts", "chart_board", "chart_compare")


@pytest.mark.parametrize(("kind", "module"), [
    (A.Roll, "game.catan.production"), (A.Discard, "game.catan.robber"), (A.MoveRobber, "game.catan.robber"),
    (A.BuildRoad, "game.catan.building"), (A.BuildCity, "game.catan.building"),
    (A.MaritimeTrade, "game.catan.trade"), (A.ConfirmTrade, "game.catan.trade"),
    (A.PlayKnight, "game.catan.development"), (A.BuyDevCard, "game.catan.development"),
    (A.EndTurn, "game.catan.rules"),
])
def test_the_dispatch_finds_checks_and_effects_in_the_concern_mixins(kind: type, module: str) -> None:
    """The action table bound at class creation resolves methods that live in the mixins."""
    assert CatanGame._CHECKS[kind].__module__ == module
    assert CatanGame._EFFECTS[kind].__module__ == module


def test_variant_overrides_win_over_the_mixins() -> None:
    """The two-player game's own roll and road effects replace the mixins' in its dispatch table."""
    for kind in (A.Roll, A.BuildRoad, A.BuildSettlement, A.EndTurn):
        effect = TwoPlayerCatanGame._EFFECTS[kind]
        assert effect.__qualname__.startswith("TwoPlayerCatanGame."), kind
        assert CatanGame._EFFECTS[kind] is not effect


def test_legal_actions_stays_on_the_game_class_and_is_remembered() -> None:
    """legal_actions is defined on CatanGame itself, so the base class wraps it to remember what it lists."""
    assert "legal_actions" in vars(CatanGame)
    assert CatanGame.legal_actions is not CatanGame._catan_legal_actions
    game = new_game("catan-base", 4, seed=5)
    listed = game.legal_actions(game.active_players()[0])
    assert listed and game._listed == tuple(listed)


@pytest.mark.parametrize("path", ROOMS)
def test_each_room_is_small_and_says_what_it_holds(path: str) -> None:
    """Every module of the split is well under 800 lines and opens with a docstring line."""
    source = (ROOT / path).read_text(encoding="utf-8")
    assert len(source.splitlines()) < 700
    doc = ast.get_docstring(ast.parse(source))
    assert doc and doc.splitlines()[0].strip()


@pytest.mark.parametrize("name", PILLOW_FREE_CHARTS)
def test_only_the_drawing_surface_imports_pillow(name: str) -> None:
    """The charts themselves need no Pillow at run time: only game.lab.charts (the canvas) imports it."""
    tree = ast.parse((ROOT / "game" / "lab" / f"{name}.py").read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(m.split(".")[0] == "PIL" for m in imported)
