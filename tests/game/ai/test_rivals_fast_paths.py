"""The Rivals Normal bot's precomputed lookups and fast valuation paths equal the plain computations."""

from __future__ import annotations

import random
from typing import Any

from game.ai.rivals_heuristic import RivalsHeuristicBot, Scorer
from game.ai.rivals_plan import Plan, Valuer
from game.core.registry import get_variant
from game.rivals.catalogue import DRAW_TYPES, SETS, card_of, catalogue
from game.ai.rivals_cards import draw_cards
from game.ai.rivals_plan import center_facts


def test_set_and_card_lookups_equal_a_scan_of_the_instances() -> None:
    cat = catalogue()
    for name in SETS + ("no_such_set",):
        assert cat.of_set(name) == tuple(i for i in cat.instances if i.set == name)
    backs = sorted({i.back for i in cat.instances})
    numbers = sorted({i.number for i in cat.instances})
    for card_id in list(cat.cards) + ["no_such_card"]:
        for back in [None, *backs]:
            for number in [None, *numbers]:
                plain = tuple(i.index for i in cat.instances if i.card.id == card_id
                              and (back is None or i.back == back) and (number is None or i.number == number))
                assert cat.find(card_id, back, number) == plain


def test_draw_cards_and_centre_facts_equal_the_plain_lookups() -> None:
    cat = catalogue()
    for back in SETS:
        assert draw_cards(back) == tuple(i.index for i in cat.instances if i.set == back
                                         and i.card.type in DRAW_TYPES and i.card.face_up != back)
    costs, first = center_facts()
    for name in ("road", "settlement", "city"):
        assert costs[name] == cat.cards[name].cost
        assert first[name] == next(i.index for i in cat.instances if i.card.id == name and i.back == name)


def _normal_game_decisions(mode: str, seed: int, limit: int) -> list[tuple[Any, list[Any]]]:
    """(view, legal) of the first decisions with a choice in a seeded game of two Normal bots."""
    variant = get_variant(f"rivals-{mode}")
    game = variant.new_game(variant.default_seats(2), seed, {})
    bots = [RivalsHeuristicBot(strict=True) for _ in range(2)]
    rngs = [random.Random(seed + p) for p in range(2)]
    out: list[tuple[Any, list[Any]]] = []
    while not game.is_over() and len(out) < limit:
        p = game.active_players()[0]
        view, legal = game.view(p), game.legal_actions(p)
        if len(legal) > 1:
            out.append((view, legal))
        game.apply(bots[p].choose(view, legal, rngs[p]))
    return out


def test_scorers_sharing_a_view_and_memoised_card_gains_score_as_fresh_ones() -> None:
    """After Normal has scored a view, a scorer of the same view (as Easy and Hard ask for) shares its caches,
    and every action scores exactly as with a fresh scorer whose grid analyses start empty."""
    checked = 0
    for mode, seed in (("intro", 3), ("turmoil", 4), ("progress", 5)):
        for i, (view, legal) in enumerate(_normal_game_decisions(mode, seed, 120)):
            normal = RivalsHeuristicBot(strict=True)
            normal.choose(view, legal, random.Random(i))
            shared = normal.scorer(view)
            assert shared.v is normal.scorer(view).v  # one valuation of the view, not a new one
            fresh = Scorer(view)
            assert [shared.score(a) for a in legal] == [fresh.score(a) for a in legal]
            checked += len(legal)
    assert checked > 1000


def test_memoised_card_gain_equals_placing_the_card_at_each_site() -> None:
    """card_gain's memo on the grid analysis gives what placing the card at its best site gives."""
    for view, _ in _normal_game_decisions("gold", 6, 60):
        v = Valuer(view)
        plan = Plan.of(view)
        s = v.structure(plan.grid)
        for k in set(view.hand) | set(view.face_up):
            first = v.card_gain(plan.grid, s, k)
            assert v.card_gain(plan.grid, s, k) == first  # from the memo
            plain = Valuer(view)
            plain_s = plain.structure(plan.grid)
            gain = plain._placed_gain(plan.grid, plain_s, k)
            assert first == (0.0 if gain is None else gain + plain.on_build(card_of()[k].id))
