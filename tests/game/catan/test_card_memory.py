"""Card counting (game/catan/card_memory.py): what each seat knows of the others' resource cards, and how the
searching bot deals its worlds from it."""

from __future__ import annotations

import random

from game.ai.registry import make_bot
from game.catan import actions as A
from game.catan.card_memory import CardMemory
from game.catan.constants import LUMBER, ORE
from game.catan.determinize import determinize
from game.catan.events import CardStolen
from game.core.registry import new_game
from game.core.saves import game_from_json, game_to_json


def played(seed: int, players: int = 4, actions: int = 100_000, **options: object):  # noqa: ANN201 - a CatanGame
    """A game of Normal bots played for up to `actions` actions, and whether any card was stolen on the way."""
    game = new_game("catan-base", players, seed=seed, options={"board": "variable", **options})
    bots = [make_bot("normal", "catan") for _ in range(players)]
    rng = random.Random(seed)
    stolen = False
    for _ in range(actions):
        if game.is_over():
            break
        p = game.active_players()[0]
        events = game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
        stolen = stolen or any(isinstance(e, CardStolen) for e in events)
    return game, stolen


def test_what_a_seat_knows_is_never_more_than_the_others_hold() -> None:
    for seed in (1, 2):
        game = new_game("catan-base", 4, seed=seed, options={"board": "variable"})
        bots = [make_bot("normal", "catan") for _ in range(4)]
        rng = random.Random(seed)
        stolen = False
        while not game.is_over():
            p = game.active_players()[0]
            events = game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
            stolen = stolen or any(isinstance(e, CardStolen) for e in events)
            hands = game.state.hands
            for observer in range(4):
                known = game.view(observer).known_hands
                assert known[observer] == tuple(hands[observer])
                for q in range(4):
                    assert all(k <= h for k, h in zip(known[q], hands[q]))
                    if not stolen:  # every card moved in the open so far: every hand is known exactly
                        assert known[q] == tuple(hands[q])
        assert stolen


def test_a_stolen_card_is_known_to_the_thief_and_the_victim_only() -> None:
    memory = CardMemory(3)
    empty = [[0] * 5 for _ in range(3)]
    produced = [[2, 0, 0, 1, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    memory.observe(empty, produced, [])
    after = [[1, 0, 0, 1, 0], [1, 0, 0, 0, 0], [0, 0, 0, 0, 0]]  # seat 1 steals a lumber from seat 0
    memory.observe(produced, after, [(1, 0, LUMBER)])
    assert memory.seen_by(1, after)[0] == (1, 0, 0, 1, 0)  # the thief knows what it took
    assert memory.seen_by(0, after)[1] == (1, 0, 0, 0, 0)  # the victim knows what it lost
    # Seat 2 saw a card change hands but not which: seat 0 still holds at least one lumber, maybe no brick.
    assert memory.seen_by(2, after)[0] == (1, 0, 0, 0, 0)
    assert memory.seen_by(2, after)[1] == (0, 0, 0, 0, 0)


def test_cards_paid_beyond_what_was_known_come_from_the_unknown_ones() -> None:
    memory = CardMemory(2)
    memory.known[1][0] = [1, 0, 0, 0, 0]
    before = [[1, 0, 0, 1, 0], [0] * 5]
    after = [[0, 0, 0, 0, 0], [0] * 5]  # seat 0 builds a road: a lumber it was known to hold, a brick it was not
    memory.observe(before, after, [])
    assert memory.known[1][0] == [0, 0, 0, 0, 0]


def test_a_domestic_trade_is_seen_by_everyone() -> None:
    game, _ = played(seed=3, actions=0)
    s = game.state
    while s.phase != "main":
        p = game.active_players()[0]
        game.apply(make_bot("normal", "catan").choose(game.view(p), game.legal_actions(p), random.Random(0)))
    me = s.current
    partner = (me + 1) % 4
    memory = CardMemory(4)
    game.card_memory = memory  # nothing known: only the trade will be
    s.hands[me] = [1, 0, 0, 0, 0]
    s.hands[partner] = [0, 0, 0, 0, 1]
    give, get = (1, 0, 0, 0, 0), (0, 0, 0, 0, 1)
    game.apply(A.OfferTrade(me, give, get, (partner,)))
    game.apply(A.AcceptTrade(partner))
    game.apply(A.ConfirmTrade(me, partner))
    for observer in range(4):
        known = game.view(observer).known_hands
        if observer != me:
            assert known[me][ORE] == 1
        if observer != partner:
            assert known[partner][LUMBER] == 1


def test_a_replayed_save_and_a_clone_remember_the_same_cards() -> None:
    game, stolen = played(seed=4, actions=400)
    assert stolen
    loaded = game_from_json(game_to_json(game))
    assert loaded.card_memory.known == game.card_memory.known
    twin = game.clone()
    before = [[row[:] for row in rows] for rows in game.card_memory.known]
    p = twin.active_players()[0]
    twin.apply(make_bot("normal", "catan").choose(twin.view(p), twin.legal_actions(p), random.Random(1)))
    assert game.card_memory.known == before


def test_worlds_deal_the_known_cards_and_the_rest_at_random() -> None:
    game = new_game("catan-base", 4, seed=5, options={"board": "variable"})
    bots = [make_bot("normal", "catan") for _ in range(4)]
    rng = random.Random(5)
    varied = 0
    while not game.is_over():
        seat = game.active_players()[0]
        if len(game.log) % 50 == 0:
            view = game.view(seat)
            dealt = set()
            for k in range(10):
                world = determinize(view, random.Random(k))
                for q in range(4):
                    if q != seat:
                        hand = world.state.hands[q]
                        assert sum(hand) == view.resource_counts[q]
                        assert all(h >= c for h, c in zip(hand, view.known_hands[q]))
                dealt.add(tuple(map(tuple, world.state.hands)))
            varied += len(dealt) > 1
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat), rng))
    assert varied  # what is not known still varies


def test_a_fully_known_hand_is_dealt_as_it_is() -> None:
    game, stolen = played(seed=6, actions=150)
    seat = game.active_players()[0]
    view = game.view(seat)
    exact = [q for q in range(4) if q != seat and sum(view.known_hands[q]) == view.resource_counts[q]]
    assert exact
    for k in range(5):
        world = determinize(view, random.Random(k))
        for q in exact:
            assert tuple(world.state.hands[q]) == tuple(game.state.hands[q])


def test_in_the_two_player_game_the_other_hand_is_known() -> None:
    game = new_game("catan-2p", 2, seed=7)
    bots = [make_bot("normal", "catan") for _ in range(2)]
    rng = random.Random(7)
    while game.state.turn_number < 6:
        p = game.active_players()[0]
        game.apply(bots[p].choose(game.view(p), game.legal_actions(p), rng))
    seat = game.active_players()[0]
    other = 1 - seat
    assert game.view(seat).known_hands[other] == tuple(game.state.hands[other])  # both see every card move
    world = determinize(game.view(seat), random.Random(0))
    assert world.state.hands[other] == game.state.hands[other]


def test_a_hand_edited_against_the_memory_is_dealt_as_unknown() -> None:
    game, _ = played(seed=8, actions=150)
    seat = game.active_players()[0]
    other = (seat + 1) % 4
    s = game.state
    known = game.view(seat).known_hands[other]
    if sum(known) == 0:
        game.card_memory.known[seat][other] = [1, 0, 0, 0, 0]
    # Empty that hand into the bank by hand: the memory now claims cards it does not hold.
    for r in range(5):
        s.bank[r] += s.hands[other][r]
        s.hands[other][r] = 0
    world = determinize(game.view(seat), random.Random(0))
    assert world.state.hands[other] == [0, 0, 0, 0, 0]
    assert sum(map(sum, world.state.hands)) + sum(world.state.bank) == 5 * 19


def test_spectators_and_worlds_follow_no_cards() -> None:
    game, _ = played(seed=9, actions=200)
    assert game.view(-1).known_hands == ()
    seat = game.active_players()[0]
    world = determinize(game.view(seat), random.Random(0))
    assert world.card_memory is None
    assert world.view(seat).known_hands == ()


def test_which_card_was_stolen_stays_hidden_from_the_other_seats() -> None:
    """Two games alike but for the card a steal took: the seats outside the steal know the same in both, and the
    searching bot's worlds for them are dealt alike."""
    game = new_game("catan-base", 4, seed=11, options={"board": "variable"})
    bots = [make_bot("normal", "catan") for _ in range(4)]
    rng = random.Random(11)
    while not game.is_over():
        p = game.active_players()[0]
        action = bots[p].choose(game.view(p), game.legal_actions(p), rng)
        victim = getattr(action, "victim", None)
        if isinstance(action, A.MoveRobber) and victim is not None:
            hand = game.state.hands[victim]
            kinds = [r for r in range(5) if hand[r]]
            if len(kinds) >= 2:
                firsts = [sum(hand[:r]) for r in kinds[:2]]  # the draw index of the first card of two kinds
                twins = []
                for index in firsts:
                    twin = game.clone()
                    twin.chance.force(index)
                    twin.apply(action)
                    twins.append(twin)
                one, two = twins
                assert one.state.hands[p] != two.state.hands[p]
                for seat in range(4):
                    if seat in (p, victim):
                        assert one.view(seat).known_hands != two.view(seat).known_hands
                    else:
                        assert one.view(seat).known_hands == two.view(seat).known_hands
                        worlds = [determinize(t.view(seat), random.Random(3)).state.hands for t in twins]
                        assert worlds[0] == worlds[1]
                return
        game.apply(action)
    raise AssertionError("no steal from a hand of two kinds")
