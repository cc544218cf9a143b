"""'What would Hard do?': Hard's action for a view, with a reason key every catalog translates, for every kind of
action of every family."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.ai.registry import make_bot
from game.coach.hint import CATAN_GOALS, hard_hint
from game.core.registry import get_variant

CATALOGS = Path(__file__).resolve().parents[3] / "assets" / "i18n"


def _keys(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted((CATALOGS / lang).glob("*.json")):
        out.update(json.loads(path.read_text(encoding="utf-8")))
    return out


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_every_action_kind_of_every_family_has_a_hint_line(lang: str) -> None:
    keys = _keys(lang)
    for variant in ("catan-base", "catan-2p", "rivals-intro", "rivals-duel", "catan-cards"):
        for kind in get_variant(variant).codec().kinds:
            assert f"coach.hint.{kind}" in keys, (lang, kind)
    for goal in CATAN_GOALS:
        assert f"coach.goal.{goal}" in keys
    assert all(f"coach.hint.{k}.toward" in keys for k in ("end_turn", "maritime_trade", "offer_trade",
                                                          "buy_dev_card", "build_road"))


@pytest.mark.parametrize("variant,players", [("catan-base", 4), ("rivals-intro", 2), ("catan-cards", 3)])
def test_the_hint_is_hards_own_choice_and_legal(variant: str, players: int) -> None:
    v = get_variant(variant)
    game = v.new_game(v.default_seats(players), 9, {})
    bots = [make_bot("normal", v.family) for _ in range(players)]
    rng = random.Random(9)
    for _ in range(60):
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
    p = game.active_players()[0]
    legal = game.legal_actions(p)
    hint = hard_hint(game.view(p), legal, random.Random(2), bot=make_bot("hard", v.family, rollouts=8))
    same = make_bot("hard", v.family, rollouts=8).choose(game.view(p), legal, random.Random(2))
    assert hint.action == same and hint.action in legal
    assert hint.key.startswith(f"coach.hint.{hint.action.kind}")
    assert hint.key in _keys("cs") and hint.key in _keys("en")
