"""The Easy level: legal moves to the end in every family, deterministic, blind to hidden information, and
making its named casual mistakes (while never missing a win)."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from game.ai import easy as E
from game.ai.easy import EasyBot
from game.ai.registry import make_bot
from game.catan import actions as CA
from game.catan.state import MAIN, MOVE_ROBBER, SETUP_SETTLEMENT
from game.cards import actions as KA
from game.core.actions import Action
from game.core.game import Game
from game.core.registry import get_variant

MAX_ACTIONS = 6000
CASES = [("catan-base", 4), ("catan-2p", 2), ("catan-compact", 4), ("rivals-intro", 2), ("rivals-gold", 2),
         ("rivals-turmoil", 2), ("rivals-progress", 2), ("rivals-duel", 2), ("catan-cards", 2),
         ("catan-cards", 4)]


def _new(variant_id: str, players: int, seed: int, options: dict[str, Any] | None = None) -> Game:
    variant = get_variant(variant_id)
    return variant.new_game(variant.default_seats(players), seed, options or {})


Observer = Callable[[Game, int, Any, list[Action], Action], None]


def _play(game: Game, bot_ids: list[str], seed: int, observe: Observer | None = None) -> list[Action]:
    """Play to the end, checking every choice is legal; the actions in order."""
    family = game.variant.family
    bots = [make_bot(b, family) for b in bot_ids]
    rngs = [random.Random(seed * 10 + p) for p in range(len(bots))]
    played: list[Action] = []
    while not game.is_over() and len(played) < MAX_ACTIONS:
        p = game.active_players()[0]
        legal = game.legal_actions(p)
        view = game.view(p)
        action = bots[p].choose(view, legal, rngs[p])
        assert action in legal
        if observe is not None:
            observe(game, p, view, legal, action)
        game.apply(action)
        played.append(action)
    assert game.is_over(), f"{game.variant.id} seed {seed} did not end in {MAX_ACTIONS} actions"
    return played


def test_registry_builds_easy_for_every_family() -> None:
    for family in ("catan", "rivals", "cards"):
        bot = make_bot("easy", family)
        assert isinstance(bot, EasyBot) and bot.needs_view and bot.family == family


@pytest.mark.parametrize("variant,players", CASES)
def test_easy_plays_legal_moves_to_the_end(variant: str, players: int) -> None:
    for seed in (1, 2):
        _play(_new(variant, players, 500 + seed), ["easy"] * players, seed)


@pytest.mark.parametrize("variant,players", [("catan-base", 4), ("rivals-intro", 2), ("catan-cards", 3)])
def test_same_seed_same_game(variant: str, players: int) -> None:
    bots = ["easy", "normal", "easy", "random"][:players]
    first = _play(_new(variant, players, 77), bots, 3)
    again = _play(_new(variant, players, 77), bots, 3)
    assert first == again


def test_variable_board_setup_is_played_too() -> None:
    _play(_new("catan-base", 4, 9, {"board": "variable"}), ["easy"] * 4, 1)


# ------------------------------------------------------------------ hidden information


def _plain(obj: Any) -> Any:
    """A comparable nested form of a view (dataclasses, slotted objects, containers)."""
    if isinstance(obj, dict):
        return tuple(sorted(((repr(k), _plain(v)) for k, v in obj.items()), key=lambda kv: kv[0]))
    if isinstance(obj, (list, tuple)):
        return tuple(_plain(v) for v in obj)
    slots = [s for cls in type(obj).__mro__ for s in getattr(cls, "__slots__", ())]
    if slots:
        return (type(obj).__name__, tuple((s, _plain(getattr(obj, s))) for s in slots if hasattr(obj, s)))
    return obj


def _hide_differently(game: Game, me: int) -> Game:
    """A copy whose hidden parts differ (others' hands, deck orders) while `me` sees the same."""
    other = game.clone()
    s: Any = other.state
    family = game.variant.family
    for q in range(game.num_players):
        if q == me:
            continue
        if family == "catan":
            s.hands[q] = s.hands[q][1:] + s.hands[q][:1]
            s.dev_hand[q] = s.dev_hand[q][1:] + s.dev_hand[q][:1]
        elif family == "cards":
            s.hands[q] = s.hands[q][1:] + s.hands[q][:1]
        else:
            s.hands[q].reverse()
    if family == "catan":
        s.dev_deck.reverse()
    elif family == "cards":
        s.draw.reverse()
    else:
        for stack in s.stacks:
            stack.reverse()
    return other


@pytest.mark.parametrize("variant,players", [("catan-base", 4), ("catan-2p", 2), ("rivals-intro", 2),
                                             ("rivals-duel", 2), ("catan-cards", 3)])
def test_hidden_information_does_not_change_the_choice(variant: str, players: int) -> None:
    family = get_variant(variant).family
    checked = 0

    def observe(game: Game, p: int, view: Any, legal: list[Action], _: Action) -> None:
        nonlocal checked
        if len(legal) < 2 or len(game.log) % 7:
            return
        twin = _hide_differently(game, p)
        twin_view = twin.view(p)
        if _plain(twin_view) != _plain(view) or twin.legal_actions(p) != legal:
            return  # this seat may see what changed right now (e.g. a revealed stack)
        ours = EasyBot(make_bot("normal", family), family).choose(view, legal, random.Random(len(game.log)))
        theirs = EasyBot(make_bot("normal", family), family).choose(twin_view, legal, random.Random(len(game.log)))
        assert ours == theirs
        checked += 1

    _play(_new(variant, players, 31), ["easy"] * players, 4, observe)
    assert checked >= 5


# ------------------------------------------------------------------ the named mistakes


def _decisions(variant: str, players: int, seeds: range, phase_of: Callable[[Any], str], phase: str,
               options: dict[str, Any] | None = None) -> list[tuple[Any, list[Action]]]:
    """(view, legal) of every decision in a phase, from games of Normal bots."""
    out: list[tuple[Any, list[Action]]] = []

    def observe(game: Game, p: int, view: Any, legal: list[Action], _: Action) -> None:
        if phase_of(view) == phase and len(legal) > 1:
            out.append((view, legal))

    for seed in seeds:
        _play(_new(variant, players, seed, options), ["normal"] * players, seed, observe)
    return out


def _easy(family: str) -> EasyBot:
    return EasyBot(make_bot("normal", family), family)


def _catan_phase(view: Any) -> str:
    return str(view.state.phase)


def test_catan_robber_spares_itself_and_often_misses_the_best_target() -> None:
    from game.ai.catan_situation import Situation

    decisions = _decisions("catan-base", 4, range(40, 43), _catan_phase, MOVE_ROBBER)
    assert decisions
    differs = 0
    for i, (view, legal) in enumerate(decisions):
        normal = make_bot("normal", "catan").choose(view, legal, random.Random(i))
        easy = _easy("catan").choose(view, legal, random.Random(i))
        assert isinstance(easy, CA.MoveRobber)
        sit = Situation(view)
        if any(sit.hex_production(a.hex, view.player) == 0 for a in legal if isinstance(a, CA.MoveRobber)):
            assert sit.hex_production(easy.hex, view.player) == 0
        differs += easy != normal
    assert differs >= len(decisions) // 3


def test_catan_setup_picks_among_the_top_spots_not_always_the_best() -> None:
    from game.ai.catan_situation import Situation

    game = _new("catan-base", 4, 5, {"board": "variable"})
    assert game.state.phase == SETUP_SETTLEMENT
    p = game.active_players()[0]
    view, legal = game.view(p), game.legal_actions(p)
    sit = Situation(view)
    ranked = sorted((a for a in legal if isinstance(a, CA.BuildSettlement)),
                    key=lambda a: (-sit.site_value(a.node, setup=True), a.node))
    picks = {_easy("catan").choose(view, legal, random.Random(i)) for i in range(30)}
    assert picks <= set(ranked[:E.SETUP_TOP])
    assert len(picks) > 1


def test_catan_greedy_spending_happens_where_normal_saves() -> None:
    decisions = _decisions("catan-base", 4, range(60, 62), _catan_phase, MAIN)
    greedy = 0
    for i, (view, legal) in enumerate(decisions):
        normal = make_bot("normal", "catan").choose(view, legal, random.Random(i))
        if normal.kind in E.CATAN_BUILD_KINDS or not any(a.kind == "buy_dev_card" for a in legal):
            continue
        greedy += _easy("catan").choose(view, legal, random.Random(i)).kind in ("buy_dev_card", "build_road")
    assert greedy > 0


def test_catan_never_ends_the_turn_when_a_build_wins() -> None:
    view = SimpleNamespace(own_vp=9, target_vp=10)
    legal = [CA.EndTurn(0), CA.BuildRoad(0, 3), CA.BuildSettlement(0, 12)]
    assert E.catan_winning_build(view, legal) == CA.BuildSettlement(0, 12)
    assert E.catan_winning_build(SimpleNamespace(own_vp=8, target_vp=10), legal) is None


def test_catan_accepts_an_offer_of_a_card_it_lacks() -> None:
    trade = SimpleNamespace(give=(0, 0, 1, 0, 0), get=(0, 0, 0, 0, 2))
    view = SimpleNamespace(player=1, state=SimpleNamespace(trade=trade, hands=[[0] * 5, [1, 1, 0, 0, 3]]))
    legal = [CA.AcceptTrade(1), CA.DeclineTrade(1)]
    assert E.catan_accept_lacking(view, legal) == CA.AcceptTrade(1)
    view.state.hands[1][2] = 1
    assert E.catan_accept_lacking(view, legal) is None


def _rivals_phase(view: Any) -> str:
    return "action" if view.phase == "action" and view.decision is None and view.current == view.player else ""


def test_rivals_plays_the_first_useful_thing_not_the_best() -> None:
    decisions = _decisions("rivals-intro", 2, range(3), _rivals_phase, "action")
    differs = 0
    for i, (view, legal) in enumerate(decisions):
        normal = make_bot("normal", "rivals").choose(view, legal, random.Random(i))
        easy = _easy("rivals").choose(view, legal, random.Random(i))
        scorer = E._rivals_scorer(view)
        if E.rivals_wins(scorer, normal):
            assert E.rivals_wins(scorer, easy)  # a winning play is never passed up (any of them may be taken)
        differs += easy != normal
    assert differs > 0


def test_rivals_mostly_skips_the_exchange_and_sometimes_swaps_at_random() -> None:
    decisions = _decisions("rivals-intro", 2, range(2), lambda v: v.phase if v.decision is None else "",
                           "exchange")
    assert decisions
    kinds = [_easy("rivals").choose(v, legal, random.Random(i)).kind
             for v, legal in decisions for i in range(8)]
    assert set(kinds) == {"exchange_top", "skip_exchange"}  # never a paid search
    assert kinds.count("skip_exchange") > kinds.count("exchange_top")


def _action_card_decisions() -> list[tuple[Any, list[Action]]]:
    """Action-phase decisions of Normal games in which some action card can be played."""
    from game.rivals.catalogue import card_of

    def playable(view: Any) -> str:
        return _rivals_phase(view) and "playable"

    decisions = _decisions("rivals-intro", 2, range(4), playable, "playable")
    return [(v, legal) for v, legal in decisions
            if any(a.kind == "play_card" and card_of()[a.card].is_action for a in legal)]


def _plays_action_card(bot: EasyBot, view: Any, legal: list[Action], seed: int) -> bool:
    from game.rivals.catalogue import card_of

    action = bot.choose(view, legal, random.Random(seed))
    return action.kind == "play_card" and card_of()[action.card].is_action


def test_rivals_forgets_its_action_cards_in_most_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    decisions = _action_card_decisions()
    assert decisions
    monkeypatch.setattr(E, "RIVALS_FORGET_ACTIONS_CHANCE", 0.0)
    remembered = sum(_plays_action_card(_easy("rivals"), v, legal, i) for i, (v, legal) in enumerate(decisions))
    assert remembered > 0
    monkeypatch.setattr(E, "RIVALS_FORGET_ACTIONS_CHANCE", 1.0)
    forgotten = sum(_plays_action_card(_easy("rivals"), v, legal, i) for i, (v, legal) in enumerate(decisions))
    assert forgotten == 0


def test_rivals_forgetting_action_cards_never_misses_a_win(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.rivals.catalogue import card_of

    view, legal = _action_card_decisions()[0]
    plays = [a for a in legal if a.kind == "play_card" and card_of()[a.card].is_action]
    scorer = E._rivals_scorer(view)
    assert E.rivals_without_action_cards(scorer, legal) == [a for a in legal if a not in plays]
    monkeypatch.setattr(E, "rivals_wins", lambda _scorer, action: action in plays)
    assert E.rivals_without_action_cards(scorer, legal) == legal


def test_cards_builds_greedily_and_never_misses_a_winning_build() -> None:
    decisions = _decisions("catan-cards", 2, range(3), lambda v: "build" if v.player == v.current else "", "build")
    differs = 0
    for i, (view, legal) in enumerate(decisions):
        if not any(a.kind.startswith("build_") for a in legal):
            continue
        easy = _easy("cards").choose(view, legal, random.Random(i))
        differs += easy != make_bot("normal", "cards").choose(view, legal, random.Random(i))
        winning = E.cards_winning_build(view, legal)
        if winning is not None:
            assert easy == winning
    assert differs > 0


def test_cards_winning_build_counts_the_second_road() -> None:
    table = SimpleNamespace(vp=9, roads=(("r1", "a"),), knights=())
    view = SimpleNamespace(player=0, tables=(table,), target_vp=10)
    legal = [KA.EndTurn(0), KA.BuildRoad(0, (1, 1, 0, 0, 0))]
    assert E.cards_winning_build(view, legal) == legal[1]
    table.roads = ()
    assert E.cards_winning_build(view, legal) is None


def test_bots_make_at_most_one_trade_offer_per_turn() -> None:
    """No spam: a Normal or Easy bot offers a domestic trade at most once in a turn."""
    import random
    from collections import Counter

    from game.ai.registry import make_bot
    from game.catan import actions as CA
    from game.core.registry import get_variant

    variant = get_variant("catan-base")
    offers: Counter[tuple[int, int, int]] = Counter()
    for seed in range(6):
        game = variant.new_game(variant.default_seats(4), seed, {"board": "variable"})
        bots = [make_bot("normal" if p % 2 else "easy", "catan") for p in range(4)]
        rng = random.Random(seed)
        while not game.is_over():
            p = game.active_players()[0]
            action = bots[p].choose(game.view(p), game.legal_actions(p), rng)
            if isinstance(action, CA.OfferTrade):
                offers[(seed, p, game.state.turn_number)] += 1
            game.apply(action)
    assert offers and max(offers.values()) == 1
