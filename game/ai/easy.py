"""The Easy level: the family's Normal bot with deliberate, visible, casual mistakes (never absurd ones).

EasyBot asks the Normal bot what it would do and, at fixed rates, replaces that with a casual human's move:
Catan — a good but not the best starting spot, a random robber hex that spares itself and a random victim,
greedy spending on roads and development cards instead of saving for cities, poor bank trades and accepting
any offer that brings a card it lacks; Rivals — the first useful card rather than the best, trades paying
with the fullest region, action cards forgotten in most turns, and at the end of a turn no exchange or a
random one; quick cards — whatever build is affordable first,
poor market swaps. It never passes up a win (a winning build is always taken) and answers discards as
Normal does. Like every bot it sees only its own view, picks only among the legal actions, and its choices
depend only on the view, the legal actions and the rng it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from game.core.actions import Action

# ------------------------------------------------------------------ mistake rates

SETUP_TOP = 3                 # Catan: starting settlements are picked among Normal's best few spots
CATAN_GREEDY_CHANCE = 0.8     # Catan: buys an affordable road or development card instead of saving
CATAN_POOR_TRADE_CHANCE = 0.3 # Catan: trades its most plentiful card at the bank for one it lacks
CATAN_SKIP_TRADE_CHANCE = 0.5 # Catan: does not bother with the bank trade or offer Normal would make
RIVALS_FIRST_CHANCE = 1.0        # Rivals: builds, plays or trades the first useful thing, not the best
RIVALS_EXCHANGE_CHANCE = 0.25    # Rivals: exchanges a random hand card for a random stack's top card
                                 # (otherwise it does not bother with the exchange at all)
RIVALS_FORGET_ACTIONS_CHANCE = 0.85  # Rivals: in a turn it forgets to play its action cards
RIVALS_RANDOM_DRAW_CHANCE = 0.3  # Rivals: draws from a random stack, not the one that suits its plans
RIVALS_MAX_STEPS = 40           # Rivals: after this many steps of one action phase it stops improvising
CARDS_GREEDY_CHANCE = 0.6     # quick cards: builds a random affordable thing instead of Normal's pick
CARDS_POOR_TRADE_CHANCE = 0.4 # quick cards: a random exchange instead of Normal's trade


class EasyBot:
    """Normal's play with casual mistakes at fixed rates, one policy per game family."""

    id = "easy"
    needs_view = True

    def __init__(self, normal_bot: Any, family: str) -> None:
        self.normal = normal_bot
        self.family = family
        self._policy: Callable[[Any, list[Action], random.Random], Action | None] = {
            "catan": self._catan, "rivals": self._rivals, "cards": self._cards,
        }[family]
        self._rivals_steps = 0
        self._rivals_turn = -1             # the turn for which it drew whether it forgets its action cards
        self._rivals_forgets_actions = False

    def choose(self, view: Any, legal_actions: list[Action], rng: random.Random) -> Action:
        """Return one of legal_actions: Normal's choice, or a casual mistake in its place."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        choice = self._policy(view, legal_actions, rng)
        if choice is None or choice not in legal_actions:
            return self.normal.choose(view, legal_actions, rng)
        return choice

    # -------------------------------------------------------------- Catan

    def _catan(self, view: Any, legal: list[Action], rng: random.Random) -> Action | None:
        from game.ai.catan_situation import Situation
        from game.catan.state import MAIN, MOVE_ROBBER, SETUP_SETTLEMENT, TRADE_RESPONSE

        phase = view.state.phase
        if phase == SETUP_SETTLEMENT:
            return catan_setup_settlement(Situation(view), legal, rng)
        if phase == MOVE_ROBBER:
            return catan_robber(Situation(view), legal, rng)
        if phase == TRADE_RESPONSE:
            return catan_accept_lacking(view, legal)
        if phase == MAIN:
            return self._catan_main(view, legal, rng)
        return None

    def _catan_main(self, view: Any, legal: list[Action], rng: random.Random) -> Action | None:
        """Its own turn: a winning build first, then Normal's choice with greedy spending and poor trading."""
        from game.ai.catan_situation import Situation

        winning = catan_winning_build(view, legal)
        if winning is not None:
            return winning
        normal = self.normal.choose(view, legal, rng)
        if normal.kind == "build_settlement":
            return catan_nearby_settlement(Situation(view), legal, rng)
        if normal.kind in CATAN_BUILD_KINDS:
            return normal
        if rng.random() < CATAN_GREEDY_CHANCE:
            greedy = catan_greedy_build(Situation(view), legal, rng)
            if greedy is not None:
                return greedy
        if normal.kind in ("maritime_trade", "offer_trade") and rng.random() < CATAN_SKIP_TRADE_CHANCE:
            return next((a for a in legal if a.kind == "end_turn"), normal)
        if normal.kind == "end_turn" and rng.random() < CATAN_POOR_TRADE_CHANCE:
            trade = catan_poor_trade(view, legal)
            if trade is not None:
                return trade
        return normal

    # -------------------------------------------------------------- Rivals

    def _rivals(self, view: Any, legal: list[Action], rng: random.Random) -> Action | None:
        in_actions = view.phase == "action" and view.current == view.player and view.decision is None
        self._rivals_steps = self._rivals_steps + 1 if in_actions else 0
        improvising = in_actions and self._rivals_steps <= RIVALS_MAX_STEPS
        scorer = _rivals_scorer(view, self.normal) if improvising else None
        if scorer is not None:
            if view.turn_number != self._rivals_turn:
                self._rivals_turn = view.turn_number
                self._rivals_forgets_actions = rng.random() < RIVALS_FORGET_ACTIONS_CHANCE
            if self._rivals_forgets_actions:
                legal = rivals_without_action_cards(scorer, legal)
        if view.decision is None and view.phase == "exchange":
            exchange = rivals_casual_exchange(legal, rng)
            if exchange is not None:
                return exchange
        normal = self.normal.choose(view, legal, rng)
        if view.decision is not None and view.decision[0] != "arrange":
            return rivals_give_plentiful(view, legal) or normal
        if view.decision is None and view.phase == "replenish" and rng.random() < RIVALS_RANDOM_DRAW_CHANCE:
            return rivals_random_draw(legal, rng) or normal
        if scorer is None:
            return normal
        return self._rivals_action(scorer, view, legal, rng, normal)

    def _rivals_action(self, scorer: Any, view: Any, legal: list[Action], rng: random.Random,
                       normal: Action) -> Action:
        """One step of its own action phase: a win is never missed; otherwise, often, the first useful thing."""
        if rivals_wins(scorer, None) or rivals_wins(scorer, normal):
            return normal
        choice = normal
        if rng.random() < RIVALS_FIRST_CHANCE:
            choice = rivals_first_useful(scorer, legal) or normal
        if choice.kind == "trade":
            return rivals_plentiful_trade(view, legal, choice)
        return choice

    # -------------------------------------------------------------- quick cards

    def _cards(self, view: Any, legal: list[Action], rng: random.Random) -> Action | None:
        kinds = {a.kind for a in legal}
        if kinds <= {"discard", "give_back"}:
            return None
        winning = cards_winning_build(view, legal)
        if winning is not None:
            return winning
        normal = self.normal.choose(view, legal, rng)
        if any(a.kind.startswith("build_") for a in legal) and rng.random() < CARDS_GREEDY_CHANCE:
            return cards_greedy_build(legal, rng)
        if normal.kind in CARDS_TRADE_KINDS and rng.random() < CARDS_POOR_TRADE_CHANCE:
            return cards_poor_trade(view, legal, rng) or normal
        return normal


# ------------------------------------------------------------------ Catan mistakes

CATAN_BUILD_KINDS = frozenset({"build_road", "build_settlement", "build_city", "buy_dev_card"})


def catan_setup_settlement(sit: Any, legal: list[Action], rng: random.Random) -> Action | None:
    """Mistake: a starting settlement on one of Normal's best few spots, at random, not always the best."""
    return catan_setup_settlement_like(sit, legal, rng, setup=True)


def catan_setup_settlement_like(sit: Any, legal: list[Action], rng: random.Random, setup: bool) -> Action | None:
    """One of the SETUP_TOP best legal settlement spots by Normal's site value, at random."""
    spots = [a for a in legal if a.kind == "build_settlement"]
    if not spots:
        return None
    ranked = sorted(spots, key=lambda a: (-sit.site_value(a.node, setup=setup), a.node))
    return rng.choice(ranked[:SETUP_TOP])


def catan_nearby_settlement(sit: Any, legal: list[Action], rng: random.Random) -> Action | None:
    """Mistake: a new settlement goes on one of the few best sites it can reach, at random, not the best."""
    return catan_setup_settlement_like(sit, legal, rng, setup=False)


def catan_robber(sit: Any, legal: list[Action], rng: random.Random) -> Action | None:
    """Mistake: the robber goes to a random hex that does not hurt itself (not the leader's best hex), and
    the victim there is picked at random. If every hex hurts it, Normal decides."""
    moves = [a for a in legal if a.kind == "move_robber"]
    hexes = sorted({a.hex for a in moves if sit.hex_production(a.hex, sit.me) == 0})
    if not hexes:
        return None
    target = rng.choice(hexes)
    there = [a for a in moves if a.hex == target]
    # A knight's steal may be declined; Easy never declines one (nor do the other bots).
    return rng.choice([a for a in there if a.victim is not None] or there)


def catan_accept_lacking(view: Any, legal: list[Action]) -> Action | None:
    """Mistake: accepts any offer that gives it a resource it holds none of, whatever it pays for it.
    Other offers are answered as Normal answers them."""
    trade = view.state.trade
    if trade is None or not any(a.kind == "accept_trade" for a in legal):
        return None
    hand = view.state.hands[view.player]
    if any(given and not hand[r] for r, given in enumerate(trade.give)):
        return next(a for a in legal if a.kind == "accept_trade")
    return None


def catan_winning_build(view: Any, legal: list[Action]) -> Action | None:
    """Not a mistake: a settlement or city that reaches the target is always built (a city first)."""
    if view.own_vp + 1 < view.target_vp:
        return None
    for kind in ("build_city", "build_settlement"):
        for a in legal:
            if a.kind == kind:
                return a
    return None


def catan_greedy_build(sit: Any, legal: list[Action], rng: random.Random) -> Action | None:
    """Mistake: whenever Normal would not build (it saves, trades, offers or plays a card), spends on whatever
    is affordable now, a road or a development card, instead of saving for a city or settlement. A road goes
    toward its best reachable site or lengthens its road, never at random."""
    options: list[Action] = []
    buy = next((a for a in legal if a.kind == "buy_dev_card"), None)
    if buy is not None:
        options.append(buy)
    road = catan_sensible_road(sit, [a for a in legal if a.kind == "build_road"])
    if road is not None:
        options.append(road)
    return rng.choice(options) if options else None


def catan_sensible_road(sit: Any, roads: Sequence[Action]) -> Action | None:
    """A road toward the best site it can reach, else one that lengthens its longest road, else None."""
    by_edge = {a.edge: a for a in roads}
    if not by_edge:
        return None
    target = sit.best_target()
    if target is not None and target[2] in by_edge:
        return by_edge[target[2]]
    longer = sit.lengthening_road()
    return by_edge.get(longer) if longer is not None else None


def catan_poor_trade(view: Any, legal: list[Action]) -> Action | None:
    """Mistake: at the end of its turn it trades its most plentiful resource at the bank for one it has
    none of, whether or not that brings a build closer."""
    hand = view.state.hands[view.player]
    trades = [a for a in legal if a.kind == "maritime_trade" and not hand[a.get]]
    if not trades:
        return None
    return max(trades, key=lambda a: (hand[a.give], -a.give, -a.get))


# ------------------------------------------------------------------ Rivals mistakes


def _rivals_scorer(view: Any, normal: Any = None) -> Any:
    """Normal's scorer of this decision (what each action adds to its principality), without Normal's record
    of cards played; given the Normal bot, it shares that bot's analyses and caches of the same view."""
    from game.ai.rivals_heuristic import Scorer

    if normal is not None and hasattr(normal, "scorer"):
        return normal.scorer(view)
    return Scorer(view)


def rivals_wins(scorer: Any, action: Action | None) -> bool:
    """Whether the principality reaches the target after the action (None: as it stands now), by what the
    view shows."""
    from game.ai.rivals_plan import after

    plan = scorer.plan if action is None else after(scorer.v, scorer.plan, action)
    return plan is not None and scorer.v.structure(plan.grid).vp >= scorer.view.target_vp


def rivals_first_useful(scorer: Any, legal: list[Action]) -> Action | None:
    """Mistake: does the first thing on offer that does it any good (roads before settlements before cities,
    then hand cards in hand order at the first site offered, then trades and action cards) instead of the
    best one: it builds what it can afford now rather than saving for the best build."""
    from game.ai.rivals_heuristic import BASELINE, MARGIN

    for a in legal:
        if a.kind not in BASELINE and scorer.score(a) > MARGIN:
            return a
    return None


def rivals_plentiful_trade(view: Any, legal: list[Action], normal: Action) -> Action:
    """Mistake: for the resource Normal trades for, it pays with its fullest region's kind, whether or not
    its plans need that kind."""
    store = view.store[view.player]
    same = [a for a in legal if a.kind == "trade" and a.gain_cell == normal.gain_cell]
    return max(same, key=lambda a: (sum(store[c] for c, _ in a.payment), a.ship_cell >= 0, -a.payment[0][0]),
               default=normal)


def rivals_give_plentiful(view: Any, legal: list[Action]) -> Action | None:
    """Mistake: when it must hand over a resource, it gives from its fullest region rather than the one it
    needs least."""
    gives = [a for a in legal if a.kind == "give_from"]
    if not gives:
        return None
    store = view.store[view.player]
    return max(gives, key=lambda a: (store[a.cell], -a.cell))


def rivals_random_draw(legal: list[Action], rng: random.Random) -> Action | None:
    """Mistake: refills its hand from a random stack rather than the one whose cards suit its plans."""
    draws = [a for a in legal if a.kind == "draw_card"]
    return rng.choice(draws) if draws else None


def rivals_casual_exchange(legal: list[Action], rng: random.Random) -> Action | None:
    """Mistake: at the end of its turn it mostly does not bother with the exchange, and now and then swaps a
    random hand card for the top of a random stack (never paying for a search)."""
    swaps = [a for a in legal if a.kind == "exchange_top"]
    if swaps and rng.random() < RIVALS_EXCHANGE_CHANCE:
        return rng.choice(swaps)
    return next((a for a in legal if a.kind == "skip_exchange"), None)


def rivals_without_action_cards(scorer: Any, legal: list[Action]) -> list[Action]:
    """Mistake: the choices left when it forgets its action cards in a turn: everything but playing one,
    unless playing one wins the game (a win is never missed)."""
    from game.rivals.catalogue import card_of

    cards = card_of()
    action_plays = [a for a in legal if a.kind == "play_card" and cards[a.card].is_action]
    if not action_plays or any(rivals_wins(scorer, a) for a in action_plays):
        return legal
    return [a for a in legal if a not in action_plays]


# ------------------------------------------------------------------ quick-card mistakes

CARDS_TRADE_KINDS = frozenset({"exchange_market", "exchange_pile", "take_from_player", "take_openly"})


def cards_gain(view: Any, a: Action) -> int:
    """Victory points a build adds (a road or knight completes a point on every second card)."""
    from game.cards.catalogue import DEVELOPMENTS_VP, card

    table = view.tables[view.player]
    if a.kind in ("build_settlement", "build_city"):
        return 1
    if a.kind == "build_development":
        return DEVELOPMENTS_VP.get(card(a.development).development or "", 3) - 2
    if a.kind in ("build_road", "build_knight"):
        pile = table.roads if a.kind == "build_road" else table.knights
        return len(pile) % 2
    return 0


def cards_winning_build(view: Any, legal: list[Action]) -> Action | None:
    """Not a mistake: a build that reaches the target is always made."""
    vp = view.tables[view.player].vp
    for a in legal:
        if a.kind.startswith("build_") and vp + cards_gain(view, a) >= view.target_vp:
            return a
    return None


def cards_greedy_build(legal: list[Action], rng: random.Random) -> Action | None:
    """Mistake: builds whatever affordable kind comes to mind (at random), not the most valuable, and before
    trading toward something better; it pays directly when it can and does not flip the fate card."""
    builds = [a for a in legal if a.kind.startswith("build_")]
    if not builds:
        return None
    kind = rng.choice(sorted({a.kind for a in builds}))
    same = [a for a in builds if a.kind == kind]
    return min(same, key=lambda a: (sum(a.payment), getattr(a, "flip_fate", False)))


def cards_poor_trade(view: Any, legal: list[Action], rng: random.Random) -> Action | None:
    """Mistake: at the market it takes a random card and gives back what it holds most of, needed or not."""
    hand = view.hand or (0, 0, 0, 0, 0)
    market = [a for a in legal if a.kind == "exchange_market"]
    if not market:
        return None
    take = rng.choice(sorted({a.take for a in market}))
    return max((a for a in market if a.take == take), key=lambda a: (hand[a.give.index(1)], a.give))
