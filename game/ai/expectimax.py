"""Hard's expectimax: its own candidate actions, the chance that follows weighed outcome by outcome, and the
learned win chance at the leaves, in worlds sampled from its view.

For a decision the bot samples a few full worlds consistent with its view (the family's determinize). In each
world every candidate is played out along one line: the action under each of its chance outcomes (a purchase's
card, a steal's resource, a roll's sum), then the policy it starts from plays every seat until the line's end
(in Catan: the next seat's roll), and that roll's eleven sums are weighed too. The leaves are scored in one batch
by the family's leaf evaluation (the shipped network, else the fitted one). Every candidate meets the same worlds
and the same continuation choices (common random numbers), and the policy's own choice stands unless another
candidate's mean is better by a margin.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.ai.turn_limits import TurnLimits
from game.core.actions import Action
from game.core.errors import GameError
from game.core.game import Game
from game.core.outcomes import Outcome, outcome_games

Outcomes = Callable[[Any, Action], list[Outcome]]


@dataclass(frozen=True)
class ChanceSearch:
    """What the expectimax needs from a game family."""

    determinize: Callable[[Any, random.Random], Game]
    outcomes: Outcomes                                   # an action's chance outcomes, probabilities summing to 1
    line_over: Callable[[Game, Hashable, bool], bool]    # (world, the decision's turn, line began in set-up)
    turn_of_view: Callable[[Any], Hashable]              # the turn a view (or a world) is in, for line_over
    in_setup: Callable[[Any], bool]                      # whether a view is in the set-up
    leaf_chance: Callable[[Game], Action | None]         # the chance action whose outcomes a leaf averages
    leaf_chances: Callable[[Sequence[Game]], np.ndarray]  # every seat's chance in each game, batched
    prior: Callable[[], Any]                             # the policy whose choice the search starts from
    continuation: Callable[[], Any]                      # plays every seat along a line (a fresh one per line)
    view_of: Callable[[Game, int], Any]                  # a seat's view of a sampled world for the continuation
    forced_kinds: frozenset[str] = frozenset()           # decisions left to the prior
    extra_candidates: Callable[[Any, list[Action]], list[Action]] | None = None  # e.g. Catan's trade offers
    once_per_turn: frozenset[str] = frozenset()
    turn_of: Callable[[Any], Hashable] | None = None


@dataclass(frozen=True)
class ExpectimaxSettings:
    """The search's size: worlds per decision, candidates searched, actions ranked first, a line's length (in
    actions, and in line ends to pass) and the margin by which a candidate must beat the prior's choice."""

    worlds: int = 3
    candidates: int = 6
    ranked: int = 40
    line_actions: int = 40
    margin: float = 0.004
    line_turns: int = 1  # line ends (Catan: rolls to come) a line passes; the last one's chance is weighed
    same_kind: bool = False  # search only actions of the prior's kind (which road, which spot, which robber hex)


class ExpectimaxBot:
    """Searches its candidates over the chance that follows; never reads what its view hides."""

    id = "hard"
    needs_view = True

    def __init__(self, hooks: ChanceSearch, settings: ExpectimaxSettings = ExpectimaxSettings(),
                 think_seconds: float = 4.0) -> None:
        """A search with `settings`, cut short (best so far) after `think_seconds`."""
        self.hooks = hooks
        self.settings = settings
        self.think_seconds = think_seconds
        self.prior = hooks.prior()
        self.continuation = hooks.continuation()
        self._cancel = threading.Event()
        self.capped = 0
        self.last_iterations = 0  # lines played in the last decision
        # Every seat's chance after the action chosen in the last decision, as the search saw it (None: no search).
        self.last_chances: np.ndarray | None = None
        self._limits = TurnLimits(hooks.once_per_turn, hooks.turn_of)

    def cancel(self) -> None:
        """Stop a running search at once (it answers with the best found so far)."""
        self._cancel.set()

    def fresh(self) -> ExpectimaxBot:
        """A bot with no memory of earlier decisions."""
        return ExpectimaxBot(self.hooks, self.settings, self.think_seconds)

    def choose(self, view: Any, legal_actions: list[Action], rng: random.Random) -> Action:
        """The candidate with the best mean leaf value over the sampled worlds (the prior's choice on a tie)."""
        self.last_iterations = 0
        self.last_chances = None
        try:
            choice = self._decide(view, self._limits.allowed(view, legal_actions), rng)
            self._limits.note(choice)
            return choice
        finally:
            self._cancel.clear()

    def _decide(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        prior = self.prior.choose(view, legal, rng)
        if len(legal) == 1 or prior.kind in self.hooks.forced_kinds:
            return prior
        try:
            worlds = [self.hooks.determinize(view, rng) for _ in range(self.settings.worlds)]
        except GameError:
            return prior
        seeds = [rng.getrandbits(31) for _ in worlds]
        candidates = self.candidates(view, legal, prior, worlds[0], rng)
        if len(candidates) == 1:
            return prior
        table = self.line_chances(view, candidates, worlds, seeds)
        values = [float(row[view.player]) if row is not None else -1.0 for row in table]
        best = max(range(len(candidates)), key=lambda i: (values[i], candidates[i] == prior))
        if values[best] <= values[0] + self.settings.margin:
            best = 0
        self.last_chances = table[best]
        return candidates[best]

    def candidates(self, view: Any, legal: list[Action], prior: Action, world: Game,
                   rng: random.Random) -> list[Action]:
        """The prior's choice first, then the actions whose position one step ahead the leaf evaluation likes
        best (the chance of the step weighed), then the family's extra ones (offers, which move no cards yet)."""
        pool = [a for a in legal if a != prior and (not self.settings.same_kind or a.kind == prior.kind)]
        if len(pool) > self.settings.ranked:
            pool = rng.sample(pool, self.settings.ranked)
        player = view.player
        games: list[Game] = []
        owners: list[tuple[int, float]] = []
        for i, action in enumerate(pool):
            for p, copy in outcome_games(world, action, self.hooks.outcomes(world, action)):
                games.append(copy)
                owners.append((i, p))
        scores = [0.0] * len(pool)
        if games:
            for (i, p), v in zip(owners, self.hooks.leaf_chances(games)[:, player]):
                scores[i] += p * float(v)
        order = sorted(range(len(pool)), key=lambda i: -scores[i])
        chosen = [prior] + [pool[i] for i in order[:self.settings.candidates - 1]]
        if self.hooks.extra_candidates is not None and not self.settings.same_kind:
            chosen += [a for a in self.hooks.extra_candidates(view, legal) if a not in chosen]
        return chosen

    def line_chances(self, view: Any, candidates: Sequence[Action], worlds: Sequence[Game],
                     seeds: Sequence[int]) -> list[np.ndarray | None]:
        """Each candidate's mean over the worlds of every seat's expected chance at its line's leaves (None for a
        candidate not played in as many worlds as the others: the think time ran out)."""
        setup = self.hooks.in_setup(view)
        start = self.hooks.turn_of_view(view)
        deadline = time.perf_counter() + self.think_seconds
        leaves: list[Game] = []
        owners: list[tuple[int, float]] = []
        played = [0] * len(candidates)
        for world, seed in zip(worlds, seeds):
            if self._cancel.is_set() or time.perf_counter() > deadline:
                self.capped += 1
                break
            for c, action in enumerate(candidates):
                for leaf, weight in self._line(world, action, start, setup, seed):
                    leaves.append(leaf)
                    owners.append((c, weight))
                played[c] += 1
                self.last_iterations += 1
        seats = worlds[0].num_players
        totals = [np.zeros(seats) for _ in candidates]
        if leaves:
            for (c, weight), row in zip(owners, self.hooks.leaf_chances(leaves)):
                totals[c] += weight * row
        rounds = max(played)
        return [t / played[c] if played[c] == rounds and rounds else None for c, t in enumerate(totals)]

    def _line(self, world: Game, action: Action, start: Hashable, setup: bool,
              seed: int) -> list[tuple[Game, float]]:
        """The leaves of one candidate's line in one world, with their probabilities."""
        leaves: list[tuple[Game, float]] = []
        outcomes = self.hooks.outcomes(world, action)
        for p, game in outcome_games(world, action, outcomes, [seed] * len(outcomes)):
            try:
                self._play_on(game, start, setup, random.Random(seed))
            except GameError:
                continue  # a sampled world can disagree with reality in what it lets happen
            chance_action = None if game.is_over() else self.hooks.leaf_chance(game)
            if chance_action is None:
                leaves.append((game, p))
                continue
            for q, after in outcome_games(game, chance_action, self.hooks.outcomes(game, chance_action)):
                leaves.append((after, p * q))
        return leaves

    def _play_on(self, game: Game, start: Hashable, setup: bool, rng: random.Random) -> None:
        """Every seat plays the continuation policy until the line's last end (or its length in actions)."""
        bots: dict[int, Any] = {}
        ends = 0
        for _ in range(self.settings.line_actions):
            if game.is_over() or self._cancel.is_set():
                return
            if self.hooks.line_over(game, start, setup):
                ends += 1
                if ends >= self.settings.line_turns:
                    return
                start, setup = self.hooks.turn_of_view(game), False
            actor = game.active_players()[0]
            bot = bots.get(actor)
            if bot is None:
                bot = bots[actor] = self.continuation.fresh()
            game.apply(bot.choose(self.hooks.view_of(game, actor), game.legal_actions(actor), rng))
