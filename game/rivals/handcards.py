"""The hand: replenishing to the limit, returning the excess, and the one exchange at the end of a turn."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from game.core.errors import IllegalAction
from game.rivals import actions as A
from game.rivals.catalogue import catalogue
from game.rivals.economy import any_payment, check_payment, pay
from game.rivals.events import CardDrawn, CardReturned
from game.rivals.pending import queue
from game.rivals.scoring import hand_limit, owned_ids

if TYPE_CHECKING:
    from game.rivals.rules import RivalsGame


def back_of(card: int) -> str:
    """The back of a physical card (which stacks it may go under)."""
    return _backs()[card]


@cache
def _backs() -> tuple[str, ...]:
    return tuple(i.back for i in catalogue().instances)


@cache
def first_stack_of_back(stack_backs: tuple[str, ...], back: str) -> int:
    """The first draw stack with this back, or -1."""
    return stack_backs.index(back) if back in stack_backs else -1


@cache
def stacks_of_back(stack_backs: tuple[str, ...], back: str) -> tuple[int, ...]:
    """The draw stacks with this back, in table order (a card goes under any of them)."""
    return tuple(i for i, b in enumerate(stack_backs) if b == back)


def put_under(g: RivalsGame, p: int, card: int, stack: int, events: list) -> None:
    """Move a hand card under a draw stack."""
    s = g.state
    s.hands[p].remove(card)
    if card in s.fresh[p]:
        s.fresh[p].remove(card)
    s.put_under_stack(stack, card)
    events.append(CardReturned(p, stack))


def take_card(g: RivalsGame, p: int, stack: int, index: int, events: list) -> None:
    """Move a stack card into the hand, marked as not playable before the next turn."""
    s = g.state
    card = s.take_from_stack(stack, index)
    s.hands[p].append(card)
    s.fresh[p].append(card)
    events.append(CardDrawn(p, stack, card))


def _check_stack(g: RivalsGame, stack: int) -> None:
    if not 0 <= stack < len(g.state.stacks):
        raise IllegalAction(f"there is no stack {stack}")


def check_under(g: RivalsGame, p: int, card: int, stack: int) -> None:
    """The card is in the hand and the stack has a matching back."""
    _check_stack(g, stack)
    if card not in g.state.hands[p]:
        raise IllegalAction("that card is not in your hand")
    if g.state.stack_backs[stack] != back_of(card):
        raise IllegalAction("the card must go under a stack with the same back")


def check_draw(g: RivalsGame, a: A.DrawCard) -> None:
    """Below the limit, draw the top of a non-empty stack."""
    s = g.state
    _check_stack(g, a.stack)
    if len(s.hands[a.player]) >= hand_limit(s, a.player):
        raise IllegalAction("your hand is full")
    if not s.stacks[a.stack]:
        raise IllegalAction("that stack is empty")


def do_draw(g: RivalsGame, a: A.DrawCard) -> list:
    """Take the top card."""
    events: list = []
    take_card(g, a.player, a.stack, 0, events)
    return events


def check_return(g: RivalsGame, a: A.ReturnCard) -> None:
    """Above the limit, put a card under a matching stack."""
    if len(g.state.hands[a.player]) <= hand_limit(g.state, a.player):
        raise IllegalAction("your hand is not over the limit")
    check_under(g, a.player, a.card, a.stack)


def do_return(g: RivalsGame, a: A.ReturnCard) -> list:
    """Put the card under the stack."""
    events: list = []
    put_under(g, a.player, a.card, a.stack, events)
    return events


def replenish_options(g: RivalsGame, p: int) -> list[A.Action]:
    """Draw from any non-empty stack, or return any card under any matching stack."""
    s = g.state
    n, limit = len(s.hands[p]), hand_limit(s, p)
    if n < limit:
        return [A.draw_card(p, i) for i, st in enumerate(s.stacks) if st]
    return [A.return_card(p, c, i) for c in s.hands[p] for i in range(len(s.stacks))
            if s.stack_backs[i] == back_of(c)]


def search_price(g: RivalsGame, p: int) -> int:
    """2 resources, 1 with a Parish Hall, 0 with a Town Hall."""
    owned = owned_ids(g.state, p)
    return 0 if "town_hall" in owned else 1 if "parish_hall" in owned else 2


def check_exchange_top(g: RivalsGame, a: A.ExchangeTop) -> None:
    """Put a card under a matching stack, then the take stack must have a card."""
    s = g.state
    check_under(g, a.player, a.card, a.under)
    _check_stack(g, a.take)
    if not s.stacks[a.take] and a.take != a.under:
        raise IllegalAction("that stack is empty")


def do_exchange_top(g: RivalsGame, a: A.ExchangeTop) -> list:
    """Swap the card for a stack's top card."""
    events: list = []
    put_under(g, a.player, a.card, a.under, events)
    take_card(g, a.player, a.take, 0, events)
    g.state.exchanged = True
    return events


def check_exchange_search(g: RivalsGame, a: A.ExchangeSearch) -> None:
    """Put a card under a matching stack, pay the search price, and search a stack with a card."""
    s = g.state
    check_under(g, a.player, a.card, a.under)
    _check_stack(g, a.search)
    if not s.stacks[a.search] and a.search != a.under:
        raise IllegalAction("that stack is empty")
    check_payment(s, a.player, a.payment, None, search_price(g, a.player))


def do_exchange_search(g: RivalsGame, a: A.ExchangeSearch) -> list:
    """Swap, pay, then the player picks a card from the searched stack (order kept)."""
    s = g.state
    events: list = []
    put_under(g, a.player, a.card, a.under, events)
    pay(s, a.player, a.payment, "exchange_search", events)
    s.exchanged = True
    queue(s, [(a.player, "search_pick", (a.search,))], events, front=True)
    return events


def exchange_options(g: RivalsGame, p: int) -> list[A.Action]:
    """Skip, or swap any card under any stack of its back (the first first) for the top of any stack, or search one."""
    s = g.state
    out: list[A.Action] = [A.skip_exchange(p)]
    price = search_price(g, p)
    payment = any_payment(s, p, price)
    stacks = s.stacks
    backs, stack_backs = _backs(), s.stack_backs
    filled = [i for i, st in enumerate(stacks) if st]
    for card in s.hands[p]:
        for under in stacks_of_back(stack_backs, backs[card]):
            takes = filled if stacks[under] else sorted((*filled, under))  # its own stack: the card will be there
            if payment is None:
                out.extend([A.exchange_top(p, card, under, take) for take in takes])
                continue
            for take in takes:
                out.append(A.exchange_top(p, card, under, take))
                out.append(A.exchange_search(p, card, under, take, payment))
    return out
