"""--scene table:<dialog>: a dialog that does not apply at that moment is refused with a reason (exit status 2),
never a plain table or a dialog filled from another decision; every listed dialog opens where it applies."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from game.ai.registry import make_bot
from game.core.registry import get_variant
from gui.families import families
from gui.screenshot import ScreenshotError, _dialog_problem, open_table_dialog


def table_for(app: Any, variant_id: str, players: int, seed: int = 3) -> Any:
    """A table with seat 0 human and the rest AIs (the AIs do not move: actions are applied by the test)."""
    variant = get_variant(variant_id)
    game = variant.new_game(variant.default_seats(players, ["human"] + ["normal"] * (players - 1)), seed)
    app.start_game(game)
    return app.top


def play_until(table: Any, done: Any, limit: int = 3000, seed: int = 3) -> bool:
    """Apply random legal actions until done(table) holds for the human seat (or the game ends)."""
    game = table.game
    bot = make_bot("random", game.variant.family)
    rng = random.Random(seed)
    for _ in range(limit):
        if done(table):
            return True
        if game.is_over():
            return False
        player = game.active_players()[0]
        table.session.apply(bot.choose(game.view(player), game.legal_actions(player), rng))
    return done(table)


def applies(family: str, dialog: str) -> Any:
    def check(table: Any) -> bool:
        return table.session.human_actor() == 0 and not _dialog_problem(table, table.game, family, dialog)
    return check


def test_an_unknown_dialog_names_the_games_dialogs(make_app: Any) -> None:
    table = table_for(make_app(), "rivals-intro", 2)
    with pytest.raises(ScreenshotError, match="rivals table has no dialog 'robber'.*place_regions"):
        open_table_dialog(table, table.game, "robber")
    assert table.dialog is None


def test_place_regions_is_refused_outside_its_decision(make_app: Any) -> None:
    table = table_for(make_app(), "rivals-turmoil", 2)
    assert play_until(table, lambda t: t.session.human_actor() == 0 and t.game.view(0).decision is not None
                      and any(a.kind != "place_regions" for a in t.session.legal(0)))
    with pytest.raises(ScreenshotError, match="table:place_regions does not apply"):
        open_table_dialog(table, table.game, "place_regions")
    assert table.dialog is None or table.dialog.name != "place_regions"


@pytest.mark.parametrize(("variant_id", "players", "dialogs"), [
    ("catan-base", 3, ("trade", "maritime", "discard", "robber", "respond")),
    ("catan-2p", 2, ("give_back", "neutral")),
    ("rivals-intro", 2, ("trade", "exchange", "options", "place_regions", "decision")),
    ("catan-cards", 3, ("pile", "market", "discard", "build.settlement", "build.road")),
])
def test_each_dialog_opens_where_it_applies_and_is_refused_where_it_does_not(
        make_app: Any, variant_id: str, players: int, dialogs: tuple[str, ...]) -> None:
    family = get_variant(variant_id).family
    for dialog in dialogs:
        assert dialog in families()[family].dialogs
        table = table_for(make_app(), variant_id, players)
        if _dialog_problem(table, table.game, family, dialog):
            with pytest.raises(ScreenshotError, match=f"table:{dialog} does not apply"):
                open_table_dialog(table, table.game, dialog)
        assert play_until(table, applies(family, dialog)), dialog
        table.close_dialog()
        open_table_dialog(table, table.game, dialog)
        assert table.dialog is not None and table.dialog.name == dialog.partition(".")[0]


def test_the_command_line_exits_with_a_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from main import main

    out = tmp_path / "shot.png"
    code = main(["--screenshot", str(out), "--scene", "table:trade", "--autoplay", "0", "--size", "640x360",
                 "--config-dir", str(tmp_path / "c"), "--save-dir", str(tmp_path / "s"),
                 "--cache-dir", str(tmp_path / "a")])
    assert code == 2
    assert "table:trade does not apply" in capsys.readouterr().err
    assert not out.exists()
