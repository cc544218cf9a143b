"""Scenario helpers for Rivals tests: a started intro game, moving cards and setting storage directly."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.core.registry import new_game
from game.rivals import actions as A
from game.rivals.catalogue import card_of, catalogue
from game.rivals.constants import CENTER_ROW
from game.rivals.principality import cell
from game.rivals.rules import RivalsGame
from game.sim import run_game
from tests.game.playout_checks import assert_save_round_trip, play_checked

# Starting layout cells (both players).
FOREST, GOLD_FIELD, FIELDS = cell(1, 12), cell(1, 14), cell(1, 16)
HILLS, PASTURE, MOUNTAINS = cell(3, 12), cell(3, 14), cell(3, 16)
LEFT_X, RIGHT_X = 13, 15
LEFT_TOP, LEFT_BOTTOM, RIGHT_TOP, RIGHT_BOTTOM = cell(1, 13), cell(3, 13), cell(1, 15), cell(3, 15)
REGION = {"forest": FOREST, "gold_field": GOLD_FIELD, "fields": FIELDS, "hills": HILLS, "pasture": PASTURE,
          "mountains": MOUNTAINS}


def started(seed: int = 0, current: int = 0, empty_hands: bool = True) -> RivalsGame:
    """An intro game after the starting hands, in the roll phase of `current` (hands emptied into stacks)."""
    g = new_game("rivals-intro", 2, seed=seed)
    assert isinstance(g, RivalsGame)
    first = g.active_players()[0]
    g.apply(A.ChooseStartStack(first, 0))
    g.apply(A.ChooseStartStack(1 - first, 1))
    s = g.state
    s.current = current
    if empty_hands:
        for p in (0, 1):
            for c in s.hands[p]:
                s.stacks[3].append(c)
            s.hands[p].clear()
    return g


def locate(g: RivalsGame, card: int) -> list[int]:
    """The list that holds a card outside the grid (hands, stacks, centre, discard, events, box)."""
    s = g.state
    for lst in [*s.hands, *s.stacks, *s.center.values(), s.events, s.discard, s.box, s.face_up]:
        if card in lst:
            return lst
    raise AssertionError(f"card {card} not in a list")


def free_copy(g: RivalsGame, card_id: str) -> int:
    """A copy of the card that lies in a stack, the box or the discard pile."""
    s = g.state
    pools = [*s.stacks, s.discard, s.box, s.center["region"]]
    for pool in pools:
        for c in pool:
            if card_of()[c].id == card_id:
                return c
    raise AssertionError(f"no free copy of {card_id}")


def to_hand(g: RivalsGame, p: int, card_id: str) -> int:
    """Move a free copy of a card into a hand (playable)."""
    c = free_copy(g, card_id)
    locate(g, c).remove(c)
    g.state.hands[p].append(c)
    return c


def build_at(g: RivalsGame, p: int, card_id: str, c: int) -> int:
    """Put a free copy of a card straight onto a cell of a principality."""
    k = free_copy(g, card_id)
    locate(g, k).remove(k)
    g.state.grid[p][c] = k
    return k


def set_store(g: RivalsGame, p: int, **amounts: int) -> None:
    """Set starting-region storage by region name."""
    for name, n in amounts.items():
        g.state.store[p][REGION[name]] = n


def make_city(g: RivalsGame, p: int, x: int) -> None:
    """Turn a settlement into a city directly."""
    s = g.state
    c = cell(CENTER_ROW, x)
    s.under[p][c] = s.grid[p][c]
    s.grid[p][c] = s.center["city"].pop(0)


def conserved(g: RivalsGame) -> bool:
    """Every card in exactly one place."""
    return sorted(g.state.all_places()) == list(range(len(catalogue().instances)))


def roll(g: RivalsGame, production: int, event_value: int) -> list:
    """Roll with forced dice (event die value 1-6: 1,2 card, 3 brigand, 4 trade, 5 celebration, 6 harvest)."""
    g.chance.force(production, event_value)
    return g.apply(A.Roll(g.state.current))


def gold_started(seed: int = 0, current: int = 0, empty_hands: bool = True,
                 variant: str = "rivals-gold") -> RivalsGame:
    """A theme game (Era of Gold unless told) after the searched starting hands and arranging, in the roll phase
    of `current`."""
    g = new_game(variant, 2, seed=seed)
    assert isinstance(g, RivalsGame)
    first = g.active_players()[0]
    for p, stack in ((first, 0), (1 - first, 1)):
        g.apply(A.ChooseStartStack(p, stack))
        for _ in range(3):
            g.apply(A.PickFromStack(p, 0))
    g.apply(A.DoneArranging(first))
    g.apply(A.DoneArranging(1 - first))
    s = g.state
    s.current = current
    if empty_hands:
        for p in (0, 1):
            for c in s.hands[p]:
                s.stacks[s.stack_backs.index(catalogue().instances[c].back)].append(c)
            s.hands[p].clear()
    return g


def turmoil_started(seed: int = 0, current: int = 0, empty_hands: bool = True) -> RivalsGame:
    """An Era of Turmoil game after the searched starting hands and arranging, in the roll phase of `current`."""
    return gold_started(seed, current, empty_hands, "rivals-turmoil")


def face_up_copy(g: RivalsGame, card_id: str) -> int:
    """A copy of the card in the face-up stack."""
    return next(c for c in g.state.face_up if card_of()[c].id == card_id)


# A random game that ran dry may keep a few cards going round: each exchange puts a hand card under a stack of
# the player's choice and takes another (rivals-progress seed 1008: three cards, 11 points each, after 1,136 turns).
DRY_STACK_CARDS = 5


def assert_finished_or_exhausted(g: RivalsGame, target: int) -> None:
    """A random game either has a winner with the target, or ran dry: every centre stack of roads, settlements
    and cities is empty and the draw stacks are down to the few cards the exchanges send round, so random play
    has next to nothing left to grow by (the rulebook has no rule for exhausted stacks; random play can reach
    that state)."""
    if g.is_over():
        assert g.vp(g.winner()) >= target
        return
    s = g.state
    assert sum(map(len, s.stacks)) <= DRY_STACK_CARDS and not s.center["road"] and not s.center["settlement"] \
        and not s.center["city"], "the game neither ended nor ran out of cards"


def random_probe(g: RivalsGame, rng: random.Random) -> A.Action:
    """A random action, often illegal: probes that refusals change nothing."""
    p = rng.randrange(2)
    c = rng.randrange(-1, 150)
    return rng.choice([A.Roll(p), A.EndActions(p), A.BuildRoad(p, rng.randrange(29), ()),
                       A.Gain(p, c), A.Trade(p, ((c, 3),), c, -1), A.DrawCard(p, rng.randrange(5)),
                       A.PlayCard(p, rng.randrange(180), (), ()), A.SkipExchange(p),
                       A.BuildExpansion(p, rng.randrange(180), c, ())])


def play_random_game(variant: str, seed: int, check: Callable[[RivalsGame], None], target: int,
                     max_steps: int = 8000) -> RivalsGame:
    """One seeded random game with `check` after every action and refusal probes; it ends with a winner (or
    runs dry) and survives a save round trip."""
    g = new_game(variant, 2, seed=seed)
    assert isinstance(g, RivalsGame)
    play_checked(g, random.Random(seed), check, random_probe, probe_every=7, max_steps=max_steps)
    assert_finished_or_exhausted(g, target)
    assert_save_round_trip(g)
    return g


def assert_sim_games_end(variant: str, target: int) -> None:
    """A few games through game.sim finish with a winner at the target."""
    for seed in range(3):
        game, result = run_game(variant, 2, seed, ["random"])
        assert result.finished and result.winner in (0, 1) and game.vp(result.winner) >= target
