"""A rule-of-thumb bot for Rivals for Catan that sees only its own view and picks among the legal actions.

It scores every legal action by how much it raises the worth of its own principality (game.ai.rivals_plan):
victory points and advantage tokens, production and boosters, abilities, and progress toward its next
build, so it saves for cities, trades spare resources (and its own trade ships' kind) toward what it needs,
spends or trades gold and wool when a Brigand Attack threatens, and gives the opponent what it values least.
Cards are judged by what building or playing them would bring (game.ai.rivals_cards); draws and searches
by the public backs of the stacks. An action it cannot judge scores 0, and ending, passing or skipping
scores a little more, so it never stalls on an unknown option; its action phase also ends after a bounded
number of steps.
"""

from __future__ import annotations

import logging
import random

from game.ai.rivals_cards import hand_value, play_score, stack_cards, stack_worth
from game.ai.rivals_plan import Plan, StructureCache, Valuer, after, swap
from game.ai.rivals_values import NORMAL_STYLE, RivalsStyle, generic_worth
from game.ai.variety import NO_VARIETY, Variety
from game.core.actions import Action
from game.rivals.catalogue import card_of
from game.rivals.handcards import back_of, first_stack_of_back
from game.rivals.principality import x_of
from game.rivals.view import RivalsView

log = logging.getLogger(__name__)

MARGIN = 0.05              # an action must beat ending, passing or skipping by this much
BASELINE = frozenset({"end_actions", "pass", "skip_exchange", "done_arranging", "roll"})
MAX_ACTION_STEPS = 60      # a safety bound on one action phase
REPLAY = 2.0               # playing a card of the same kind again in one turn: likely a loop
SEARCH_SHARE = 0.4         # a search finds about this share of the way from an average to the best card (0.7 searched
                           # so often that the resources paid lost it 18-35% of games in turmoil, duel and gold)
SEARCH_COST = 3.0          # each resource paid for a search, beyond its worth to the plan
UNDER_ELSEWHERE = 1e-4     # below any worth, above the tie-break noise: exchanged cards go under the first stack
MIDDLE_X = 14              # the starting middle column: its regions touch both starting settlements' sites


class RivalsHeuristicBot:
    """Scores the legal actions against its own principality's worth and plays the best one."""

    id = "heuristic"
    needs_view = True

    def __init__(self, strict: bool = False, variety: Variety = NO_VARIETY, style: RivalsStyle = NORMAL_STYLE) -> None:
        """A bot valuing in `style` (Normal's by default); `strict` lets errors surface (tests)."""
        self.strict = strict  # tests: let errors surface instead of falling back
        self.variety = variety  # sampling among near-equal actions (none by default)
        self.style = style
        # What the bot did in its current action phase: its choices, and the cards it played (by id), so that
        # a chain of cards fetching each other back from the discard pile cannot run on for ever.
        self._steps = 0
        self._played: dict[str, int] = {}
        self._structures = StructureCache(style)
        self._last_scorer: Scorer | None = None  # the scorer of the view last scored (its caches serve it again)

    def fresh(self) -> RivalsHeuristicBot:
        """A bot with no memory of past decisions (its action phase) that shares this one's grid analyses."""
        bot = RivalsHeuristicBot(self.strict, self.variety, self.style)
        bot._structures = self._structures
        return bot

    def choose(self, view: RivalsView, legal_actions: list[Action], rng: random.Random) -> Action:
        """Return the best-scored of legal_actions."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        try:
            action = self._choose(view, legal_actions, rng)
        except Exception:
            if self.strict:
                raise
            log.exception("Rivals heuristic bot failed; playing a default action")
            action = default_action(legal_actions)
        if action.kind == "play_card":
            cid = card_of()[action.card].id
            self._played[cid] = self._played.get(cid, 0) + 1
        return action

    def _choose(self, view: RivalsView, legal: list[Action], rng: random.Random) -> Action:
        if view.phase == "action" and view.current == view.player:
            self._steps += 1
        else:
            self._steps = 0
            self._played.clear()
        if self._steps > MAX_ACTION_STEPS:
            ends = [a for a in legal if a.kind in BASELINE]
            if ends:
                return ends[0]
        scorer = self.scorer(view, self._played)
        if view.decision is not None and view.decision[0] == "arrange":
            return scorer.arrange(legal)
        if self.variety.on:
            return self.variety.pick(legal, scorer.score, rng)
        best, best_score = legal[0], float("-inf")
        for a in legal:
            score = scorer.score(a) + 1e-6 * rng.random()
            if score > best_score:
                best, best_score = a, score
        return best


    def scorer(self, view: RivalsView, played: dict[str, int] | None = None) -> Scorer:
        """A scorer of this view with the given record of cards played this turn (None: none played).

        Scorers of the view last scored share its analyses and caches, so a level built on Normal (Easy, Hard)
        that scores the same decision again does not repeat Normal's work.
        """
        last = self._last_scorer
        if last is not None and last.view is view:
            return last.sibling(played)
        scorer = self._last_scorer = Scorer(view, played, self._structures)
        return scorer


def exchange_stacks(view: RivalsView) -> frozenset[int]:
    """The stacks whose share of cards players put under them (the cards they gave away) is above that of another
    non-empty stack of the same back: drawing from the other draws fewer given-away cards."""
    backs, sizes, returned = view.stack_backs, view.stack_sizes, view.stack_returned or (0,) * len(view.stack_sizes)
    share = {i: returned[i] / sizes[i] for i in range(len(sizes)) if sizes[i]}
    out = set()
    for back in set(backs):
        shares = [share[i] for i, b in enumerate(backs) if b == back and i in share]
        if shares:
            out.update(i for i, b in enumerate(backs) if b == back and share.get(i, 0.0) > min(shares))
    return frozenset(out)


def default_action(legal: list[Action]) -> Action:
    """A safe choice without judgement: end, skip or pass if possible, else the first option."""
    for a in legal:
        if a.kind in BASELINE and a.kind != "roll":
            return a
    return legal[0]


class Scorer:
    """Scores actions for one decision of the bot (what the view shows, with cached analyses)."""

    def __init__(self, view: RivalsView, played: dict[str, int] | None = None,
                 structures: StructureCache | None = None) -> None:
        self.view = view
        self.played = played or {}
        self.v = Valuer(view, structures)
        self.plan = Plan.of(view)
        self.s = self.v.structure(self.plan.grid)
        self.base = self.v.value(self.plan)
        self._hand: dict[str, float] = {}
        self._stacks: dict[int, tuple[float, float]] = {}

    def sibling(self, played: dict[str, int] | None) -> Scorer:
        """A scorer of the same view sharing this one's valuation and caches, with another record of plays."""
        twin = object.__new__(Scorer)
        twin.__dict__.update(self.__dict__)
        twin.played = played or {}
        return twin

    def hand_value(self, k: int) -> float:
        """Cached worth of holding card k (copies of a card are worth the same)."""
        key = card_of()[k].id
        if key not in self._hand:
            self._hand[key] = hand_value(self.v, self.plan, self.s, k)
        return self._hand[key]

    def draw_worth(self, i: int) -> float:
        """Expected worth of the top card of stack i (a larger stack is slightly preferred; in a style that minds
        them, less where exchanged cards lie at the bottom while another stack of its back is left)."""
        sizes = self.view.stack_sizes
        worth = self._stack(i)[0] + 0.01 * (sizes[i] if i < len(sizes) else 0)
        if self.v.style.given_away and i in exchange_stacks(self.view):
            worth -= self.v.style.given_away
        return worth

    def search_worth(self, i: int) -> float:
        """Expected worth of the card picked by searching stack i (the very best may be gone)."""
        mean, best = self._stack(i)
        return SEARCH_SHARE * best + (1 - SEARCH_SHARE) * mean

    def _stack(self, i: int) -> tuple[float, float]:
        if i not in self._stacks:
            self._stacks[i] = stack_worth(self.hand_value, stack_cards(self.view, i))
        return self._stacks[i]

    def score(self, a: Action) -> float:
        """How much better the bot stands after the action than now (ending or passing: MARGIN)."""
        kind = a.kind
        view = self.view
        if kind in BASELINE:
            return MARGIN
        if kind == "play_card":
            again = self.played.get(card_of()[a.card].id, 0)
            return play_score(self.v, self.plan, self.base, a) - REPLAY * again
        if kind == "place_regions":
            p = self.plan.copy()
            if a.swap and view.decision is not None:
                swap(p, *view.decision[1][:2])
            return self.v.value(p) - self.base
        if kind == "pick_from_stack":
            pile = view.revealed.get("stack") or view.revealed.get("discard") or ()
            return self.hand_value(pile[a.index]) if 0 <= a.index < len(pile) else 0.0
        if kind in ("choose_start_stack", "draw_card"):
            return self.draw_worth(a.stack)
        if kind == "return_card":
            return -self.hand_value(a.card)
        if kind == "exchange_top":
            return (self.draw_worth(a.take) - self.hand_value(a.card) - self.v.style.exchange_margin
                    - self._elsewhere(a))
        if kind == "exchange_search":
            paid = self.plan.copy()
            paid.pay(a.payment)
            cost = self.base - self.v.value(paid)
            cost += SEARCH_COST * sum(n for _, n in a.payment)
            return (self.search_worth(a.search) - self.hand_value(a.card) - cost - self.v.style.exchange_margin
                    - self._elsewhere(a))
        if kind == "name_buildings":
            return self._name_score(a.cells)
        if kind == "pick_hand_cards":
            return sum(generic_worth(card_of()[k], self.v.style) for k in a.cards)
        p = after(self.v, self.plan, a)
        if p is None:
            return 0.0
        return self.v.value(p) - self.base

    def exchanged_elsewhere(self, a: Action) -> bool:
        """Whether the action is an exchange that puts its card under another stack than the first of its back."""
        return a.kind in ("exchange_top", "exchange_search") and \
            a.under != first_stack_of_back(self.view.stack_backs, back_of(a.card))

    def _elsewhere(self, a: Action) -> float:
        """The bot puts an exchanged card under the first stack of its back: a hair less for any other."""
        return UNDER_ELSEWHERE if self.exchanged_elsewhere(a) else 0.0

    def _name_score(self, cells: tuple[int, ...]) -> float:
        """Naming opponent cards: the owner gives up the least of them, so the weakest named one counts most."""
        grid = self.view.grid[1 - self.view.player]
        worths = [generic_worth(card_of()[grid[c]], self.v.style) if grid[c] >= 0 else 0.0 for c in cells]
        return min(worths, default=0.0) + 0.01 * sum(worths)

    def arrange(self, legal: list[Action]) -> Action:
        """Theme set-up: swap regions only while it helps, needed kinds toward the middle, where most sites reach."""
        def worth(p: Plan) -> float:
            return self.v.value(p) + self._middle_bonus(p)

        here = worth(self.plan)
        best, best_gain = None, MARGIN
        for a in legal:
            if a.kind != "swap_regions":
                continue
            p = self.plan.copy()
            swap(p, a.a, a.b)
            gain = worth(p) - here
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best
        return next((a for a in legal if a.kind == "done_arranging"), legal[0])

    def _middle_bonus(self, p: Plan) -> float:
        """Regions of the kinds the hand's cards and a city need, in the middle column (boosters reach them twice)."""
        cards = card_of()
        need = [0.0] * 6
        for k in p.hand:
            info = cards[k]
            if info.is_expansion:
                for r, n in enumerate(info.cost):
                    need[r] += 0.1 * n
            if info.booster:
                kinds = [c.resource for c in (cards[g] for g in p.grid if g >= 0) if c.id == info.booster]
                for r in kinds:
                    need[r] += 0.5
        for r, n in enumerate(self.v.costs["city"]):
            need[r] += 0.1 * n
        bonus = 0.0
        for c, r, is_region in self.s.stores:
            if is_region and x_of(c) == MIDDLE_X and p.grid[c] >= 0:
                bonus += need[cards[p.grid[c]].resource]
        return bonus
