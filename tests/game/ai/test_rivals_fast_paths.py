"""The Rivals Normal bot's precomputed lookups and fast valuation paths equal the plain computations."""

from __future__ import annotations

import random
from typing import Any

from game.ai.rivals_heuristic import RivalsHeuristicBot, Scorer
from game.ai.rivals_plan import Plan, StructureCache, Valuer, after, swap
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


def _aim_gains(v: Valuer, plan: Plan) -> dict[int, float]:
    """The worth of each expansion-card aim of a plan, by cost-free lookup: card -> worth (absent: no aim)."""
    s = v.structure(plan.grid)
    aims = v.aims(plan, s)
    out: dict[int, float] = {}
    for k in dict.fromkeys(plan.hand + plan.face_up):
        info = card_of()[k]
        if info.is_expansion:
            gain = v.aim_gain(tuple(plan.grid), s, k)
            if gain > 0:
                assert (gain, info.cost) in aims
                out[k] = gain
    return out


def test_aims_of_a_build_measure_cards_on_the_principality_unless_the_build_changes_whether_they_fit() -> None:
    """A plan's aims count each card in reach at its gain on the principality as it stands, unless the plan is
    what lets the card be built (then on the plan's grid) or leaves it no room (then it is no aim)."""
    kinds = {"enabled": 0, "blocked": 0, "kept": 0}
    for mode, seed in (("intro", 3), ("gold", 6), ("duel", 8)):
        for view, legal in _normal_game_decisions(mode, seed, 150):
            v = Valuer(view)
            now = Plan.of(view)
            now_s = v.structure(now.grid)
            for action in legal:
                plan = after(v, now, action)
                if plan is None or plan.grid == now.grid:
                    continue
                s = v.structure(plan.grid)
                gains = _aim_gains(v, plan)
                for k in dict.fromkeys(plan.hand + plan.face_up):
                    if not card_of()[k].is_expansion:
                        continue
                    if not v.buildable(s, k):
                        assert k not in gains
                        kinds["blocked"] += v.buildable(now_s, k)
                    elif not v.buildable(now_s, k):
                        assert gains.get(k, 0.0) == max(0.0, v.card_gain(plan.grid, s, k))
                        kinds["enabled"] += 1
                    else:
                        assert gains.get(k, 0.0) == max(0.0, v.card_gain(now.grid, now_s, k))
                        kinds["kept"] += 1
    assert min(kinds.values()) > 0, kinds


def test_a_relocation_with_many_swaps_analyses_each_swapped_grid_about_once() -> None:
    """Scoring a Relocation decision analyses each swapped grid and the cards in reach on the principality as it
    stands, not every card in reach again on every swapped grid (that was six analyses a swap, and 50 ms)."""
    for view, legal in _normal_game_decisions("intro", 3, 400):
        plays = [a for a in legal if a.kind == "play_card" and card_of()[a.card].id == "relocation"]
        if len(plays) < 20:
            continue
        own = StructureCache()
        v = Valuer(view, own)
        now = Plan.of(view)
        for k in set(view.hand) | set(view.face_up):
            v.card_gain(now.grid, v.structure(now.grid), k)
        cache = StructureCache()
        scorer = Scorer(view, None, cache)
        for a in legal:
            scorer.score(a)
        swapped = set()
        for a in plays:
            p = now.copy()
            swap(p, *a.targets)
            swapped.add(tuple(p.grid))
        # A card the swap newly lets be built is measured on the swapped grid too: at most one more a swap here.
        assert cache._count <= own._count + 2 * len(swapped)
        return
    raise AssertionError("no Relocation decision with many swaps in the seeded game")


def test_the_searchs_rivals_evaluation_is_a_fitted_share_of_the_winning_chances() -> None:
    """Both seats' shares add up to one; a larger lead in a fact with a positive weight is a larger share; a worth
    lead beyond the cap (a winning build in reach) counts as the cap, short of a won game; each fact counts at its
    weight, the turn by its own; a mode without a fit weighs the capped worth alone."""
    import math

    from game.ai.rivals_search import FITTED, WORTH_CAP, WORTH_ONLY, RivalsEvaluator, weighing_for, winning_share

    even = (40.0, 3, 1, 1, 1, 1, 6, 4, 3, 0, 4, 1)
    gold = weighing_for("rivals-gold")
    assert gold is FITTED["rivals-gold"] and weighing_for("no-such-mode") is WORTH_ONLY
    assert winning_share(even, even, gold, True) + winning_share(even, even, gold, False) == 1.0
    assert winning_share(even, even, WORTH_ONLY, True) == 0.5

    def ahead(worth: float = 0.0, regions: int = 0, cities: int = 0) -> tuple[float, ...]:
        return (even[0] + worth, *even[1:6], even[6] + regions, *even[7:9], even[9] + cities, *even[10:])

    for lead in (1.0, 8.0, 31.0):
        share = winning_share(ahead(worth=lead), even, gold, True)
        assert abs(share + winning_share(even, ahead(worth=lead), gold, False) - 1.0) < 1e-12
        assert share > winning_share(ahead(worth=lead / 2), even, gold, True)
    assert winning_share(ahead(worth=WORTH_CAP), even, WORTH_ONLY, True) == winning_share(
        ahead(worth=900.0), even, WORTH_ONLY, True) < 0.9
    z = 2 * gold.regions + gold.cities + gold.to_move
    assert abs(winning_share(ahead(regions=2, cities=1), even, gold, True) - 1 / (1 + math.exp(-z))) < 1e-12
    assert winning_share(ahead(regions=2), even, gold, True) > winning_share(even, even, gold, True)
    evaluate = RivalsEvaluator()
    for mode in ("gold", "intro"):
        variant = get_variant(f"rivals-{mode}")
        game = variant.new_game(variant.default_seats(2), 6, {})
        bots = [RivalsHeuristicBot(strict=True) for _ in range(2)]
        rng = random.Random(6)
        for _ in range(60):
            facts = [evaluate.facts(game, p) for p in (0, 1)]
            assert facts[0][1] == game.vp(0) and facts[1][1] == game.vp(1)
            assert abs(evaluate(game, 0) + evaluate(game, 1) - 1.0) < 1e-12
            p = game.active_players()[0]
            game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))


def test_alike_sites_are_tried_once_and_give_the_best_placement_of_all_sites() -> None:
    """A booster, Storehouse or Abbey is tried at one site of each group of alike sites, and its gain is what the
    best of all free sites gives (to rounding)."""
    from game.ai.rivals_plan import SITE_DEPENDENT, distinct_sites

    grouped = 0
    for mode, seed in (("gold", 6), ("duel", 8), ("turmoil", 4)):
        for view, _ in _normal_game_decisions(mode, seed, 200):
            v = Valuer(view)
            plan = Plan.of(view)
            s = v.structure(plan.grid)
            for k in set(view.hand) | set(view.face_up) | set(draw_cards("basic")):
                info = card_of()[k]
                if not info.is_expansion or not (info.booster or info.id in SITE_DEPENDENT):
                    continue
                if not v.buildable(s, k):
                    continue
                sites = s.free[info.placement or ""]
                every = max(v.placed(plan.grid, k, c).score for c in sites) - s.score
                assert abs(v._placed_gain(plan.grid, s, k) - every) < 1e-9
                grouped += len(distinct_sites(plan.grid, s, sites)) < len(sites)
    assert grouped > 0
