"""The reasons the rules model gives for an unavailable action in Rivals and the quick card game: each one
agrees with the game's own legality, and says what is really in the way."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai.registry import make_bot
from game.cards import reasons as CR
from game.cards.state import BUILD
from game.core.registry import get_variant
from game.core.seats import Seat
from game.rivals import reasons as RR
from game.rivals.catalogue import card_of
from game.rivals.economy import totals
from game.sim import play_out
from tests.game.cards.helpers import set_hand


def _game(variant_id: str, players: int, seed: int) -> Any:
    v = get_variant(variant_id)
    seats = tuple(Seat(s.name, s.color, "human") for s in v.default_seats(players))
    return v.new_game(seats, seed, {})


def _kinds(game: Any, p: int) -> set[str]:
    return {a.kind for a in game.legal_actions(p)} if p in game.active_players() else set()


def test_card_game_reasons_follow_its_checks() -> None:
    game = _game("catan-cards", 3, 4)
    assert game.state.current == 0
    set_hand(game, 0, (0, 0, 0, 0, 0))
    kinds = _kinds(game, 0)
    assert CR.why_not(game, 1, "pile", _kinds(game, 1)).key == "reason.not_your_turn"
    reason = CR.why_not(game, 0, "road", kinds)
    assert reason.key == "reason.cards.cannot_pay" and reason.params["missing"] == game.cost_of("road")
    assert CR.why_not(game, 0, "library", kinds).params == {"building": "library"}
    assert CR.why_not(game, 0, "guild", kinds).key == "reason.cards.needs_building"
    assert CR.why_not(game, 0, "pile", kinds).key == "reason.no_cards"
    assert CR.why_not(game, 0, "end_trade", kinds) is None, "available: no reason"
    set_hand(game, 0, (1, 1, 0, 0, 0))
    kinds = _kinds(game, 0)
    assert "build_road" in kinds and CR.why_not(game, 0, "road", kinds) is None
    game.state.built.append("road")
    assert CR.why_not(game, 0, "road", set()).key == "reason.cards.built_this_turn"
    game.state.phase = BUILD
    assert CR.why_not(game, 0, "market", set()).key == "reason.cards.trade_over"
    with pytest.raises(ValueError):
        CR.why_not(game, 0, "fly", set())


def test_card_game_reasons_never_contradict_legality() -> None:
    """Over seeded games: a family with a legal action has no reason; without one, every reason named is real."""
    for seed in range(3):
        game = _game("catan-cards", 4, seed)
        bots = [make_bot("random", "cards") for _ in range(4)]
        rng = random.Random(seed)
        for _ in range(150):
            if game.is_over():
                break
            for p in range(4):
                kinds = _kinds(game, p)
                for what, family in CR.ACTION_KINDS.items():
                    reason = CR.why_not(game, p, what, kinds)
                    if set(family) & kinds:
                        assert reason is None
                    elif reason is not None and reason.key == "reason.cards.cannot_pay":
                        assert any(reason.params["missing"])
            play_out(game, bots, rng, max_actions=1)


def _rivals_to_actions(seed: int) -> Any:
    game = _game("rivals-intro", 2, seed)
    bots = [make_bot("random", "rivals") for _ in range(2)]
    rng = random.Random(seed)
    for _ in range(600):
        s = game.state
        if s.phase == "action" and game.active_players() == (0,) and not s.pending and s.hands[0] \
                and game.state.turn_number > 2:
            return game
        play_out(game, bots, rng, max_actions=1)
    raise AssertionError("seat 0 never reached its actions")


def test_rivals_reasons_follow_its_checks() -> None:
    game = _rivals_to_actions(8)
    s = game.state
    legal = game.legal_actions(0)
    used = {a.card for a in legal if a.kind in ("play_card", "build_expansion")}
    for card in s.hands[0]:
        reason = RR.why_not_card(game, 0, card)
        if card in used:
            assert reason is None, card_of()[card].id
    for card in s.hands[1]:
        assert RR.why_not_card(game, 1, card).key == "reason.not_your_turn"
    card = s.hands[0][0]
    s.fresh[0].append(card)
    assert RR.why_not_card(game, 0, card).key == "reason.rivals.fresh"
    s.fresh[0].remove(card)
    kinds = {a.kind for a in legal}
    if "build_city" not in kinds:
        reason = RR.why_not_supply(game, 0, "city")
        assert reason is not None
        if reason.key == "reason.rivals.resources":
            from game.rivals.building import center_cost

            have = totals(s, 0)
            assert reason.params["missing"] == tuple(max(0, c - h) for h, c in zip(have, center_cost("city")))
            assert any(reason.params["missing"])
    saved = list(s.center["road"])
    s.center["road"].clear()
    assert RR.why_not_supply(game, 0, "road").params == {"piece": "road"}
    s.center["road"].extend(saved)
    s.phase = "exchange"
    assert RR.why_not_supply(game, 0, "road").params == {"phase": "action"}
    with pytest.raises(ValueError):
        RR.why_not_supply(game, 0, "castle")
    with pytest.raises(ValueError):
        RR.why_not_card(game, 0, s.hands[1][0])


def test_rivals_card_reasons_over_seeded_games() -> None:
    """A hand card some legal action uses never gets a reason; the reasons given carry known keys."""
    import json
    from pathlib import Path

    en = {}
    for f in Path("assets/i18n/en").glob("*.json"):
        en.update(json.loads(f.read_text(encoding="utf-8")))
    for seed in range(3):
        game = _game("rivals-intro", 2, seed)
        bots = [make_bot("random", "rivals") for _ in range(2)]
        rng = random.Random(seed)
        for _ in range(200):
            if game.is_over():
                break
            for p in range(2):
                legal = game.legal_actions(p) if p in game.active_players() else []
                used = {a.card for a in legal if a.kind in ("play_card", "build_expansion")}
                for card in game.state.hands[p]:
                    reason = RR.why_not_card(game, p, card)
                    if card in used:
                        assert reason is None
                    elif reason is not None:
                        assert reason.key in en
                        code = reason.params.get("requirement")
                        if code is not None and f"reason.rivals.req.{code}" not in en:
                            assert all(part in {c.id for c in card_of()} for part in code.split("|")), code
            play_out(game, bots, rng, max_actions=1)
