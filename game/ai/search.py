"""The Hard level: a search over determinized worlds that starts from a policy (Normal, or a family's own style
of it) and plays its rollouts with the Normal bot.

One search serves every game family. From its own view the bot samples full game states consistent with what it
has seen (the family's `determinize(view, rng) -> Game`), plays each candidate action in the same sampled world
with the same dice, lets Normal bots play every seat forward for a few turns and scores the outcome with the
family's evaluation (a finished game scores 1 for a win and 0 for a loss). The candidates are Normal's choice
and a few actions of other kinds; the search overrides Normal only when another candidate's mean is better by a
margin. It stops at its rollout budget, its time budget or cancel().
"""

from __future__ import annotations

import math
import random
import statistics
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.ai.turn_limits import TurnLimits
from game.core.actions import Action
from game.core.chance import Chance
from game.core.errors import GameError
from game.core.game import Game
from game.core.outcomes import Outcome, outcome_games

MAX_CANDIDATES = 5
MAX_GREEDY = 40  # actions looked at one step ahead to pick the candidates
# The search leaves Normal's choice only for an action whose mean outcome is better by more than this
# (and by more than OVERRIDE_ERRORS standard errors), measured over at least MIN_ROUNDS paired rounds.
PRIOR_MARGIN = 0.01
OVERRIDE_ERRORS = 2.0
MIN_ROUNDS = 4
# The budget is counted in rollouts, so that a decision does not depend on the machine's speed: the think
# time buys ROLLOUTS_PER_SECOND of the family's rollouts (measured on a 2-core machine), and is only a cap.
MIN_ITERATIONS = 4 * MAX_CANDIDATES
# Rollouts are short and end in the family's evaluation: a shorter horizon carries less dice luck, so more of
# them fit the budget and each says more. Measured against Normal (seat-rotated, the same 10-game seeds 7, 17,
# 27, 37): Rivals intro with 40 rollouts of 20 actions won 30/40 where 16 rollouts of 60 actions won 24/40;
# catan-2p (seeds 7, 17, 27) with 100 rollouts of 40 actions won 21/30 where 40 rollouts of 120 won 12/30.
# Rivals buys 60 rollouts a second: 60 rollouts of 20 actions take a mean 0.38 s and a p95 0.88 s on two
# loaded cores, and in the intro game (seeds 7 and 17, 100 games each) they beat Normal more often than 40 did.
# Twice that buys nothing: in the intro game (seat-rotated from seed 7) 120 rollouts won 40 of the first 66 games
# where 60 won 46 of the same games (9 won by 120 only, 15 by 60 only; sign test p = 0.31). Nor does dropping a
# candidate that tied Normal's choice in every round so far (it cannot reach the override margin; 15 % of the
# candidates, a fifth of the rollouts): it won 134 of those 200 intro games where the race as it is won 144 (29 won
# by it only, 39 by the race only; p = 0.28), and 116 where the race won 118 of the 300 four-player Catan games
# below (p = 0.92), for about 18 % fewer rollouts a decision.
# A bigger budget buys nothing measurable in 4-player Catan with the network leaf: 1 Hard against 3 Normal on a
# variable board without domestic trade (300 seat-rotated games from seed 3900), 250 rollouts a decision won 122
# where 100 won 118 of the same games (53 won by 250 only, 49 by 100 only; sign test p = 0.77), at 2.3
# times the think time (mean 211 ms, p95 819 ms against 93 and 318). Nor does a wider search of where to settle in
# the set-up: five times the budget and up to 8 candidates there won 112 of the same 300 games where 100 won 118.
# Nor a shorter horizon: rollouts of 20 actions won 99 of the same 300 games where 40 won 118 (41 won by 20 only, 60
# by 40 only; p = 0.07). Nor a longer one, with the 64-unit network the variable board reads: rollouts of 80 actions
# won 124 of those 300 games where 40 won 133 (55 won by 80 only, 64 by 40 only; p = 0.46), at a p95 think time of
# 465 ms against 229.
# Nor a one-error override margin (OVERRIDE_ERRORS = 1.0), over the three 4-player lines of seed 3900 (300 games
# each): 152 on a variable board without domestic trade where two errors won 133 (71 won by one error only, 52 by
# two only; p = 0.10), but 128 on the beginner board where two won 128, and 123 on a variable board with trade
# where two won 128 (52 against 57; p = 0.70).
# Nor blending each rollout's score half and half with the network's chance right after the candidate (in the same
# sampled world): 117 of the variable-board games without trade where the rollouts alone won 133 (49 against 65;
# p = 0.16).
# Nor weighing the dice at the leaves (`weigh_leaf_chance`, the arena's hard-dice: a cut-off rollout played on to
# the next roll and scored over its eleven sums): 131 of the 300 beginner-board games of seed 3900 (43.7 %) where
# Hard without it won 128; paired with the one-error run of the same games (also 128), 61 were won only with the
# dice weighed and 58 only by that run (p = 0.86); at a mean think time of 254 ms (p95 612 ms).
CATAN_ROLLOUT_ACTIONS, CATAN_ROLLOUTS_PER_SECOND = 40, 100
LEAVES: tuple[str, ...] = ("fitted", "network")
RIVALS_ROLLOUT_ACTIONS, RIVALS_ROLLOUTS_PER_SECOND = 20, 60


@dataclass(frozen=True, slots=True)
class FamilySearch:
    """What the search needs from a game family: determinization, evaluation, rollout length, the Normal bot."""

    determinize: Callable[[Any, random.Random], Game]
    evaluate: Callable[[Game, int], float]
    rollout_actions: int
    normal: Callable[[], Any]
    rollouts_per_second: int
    forced_kinds: frozenset[str] = frozenset()
    # Normal's ordering of the legal actions, best first (None: Normal has no ranking for this decision); it is
    # handed the prior (Normal, unless the family names another) that has just chosen in this view, whose caches
    # of the view it may use.
    rank: Callable[[Any, list[Action], random.Random, Any], list[Action] | None] | None = None
    # A seat's view of a sampled world for the rollouts (None: the game's view()); nothing in a world sampled
    # from the bot's own view is hidden, so a family may skip blanking it, when its Normal bot decides the same.
    rollout_view: Callable[[Game, int], Any] | None = None
    # Kinds of action a bot takes at most once a turn (Catan's domestic offers: no spam), and which turn a view
    # is in; Normal keeps the limit itself, the search keeps it for the actions it chooses over Normal's.
    once_per_turn: frozenset[str] = frozenset()
    turn_of: Callable[[Any], Hashable] | None = None
    # A second key for ranking the candidates, among actions the one-step evaluation scores alike (Catan: what a
    # trade offer would do for the goal if it went through; an offer moves no cards by itself). Given the view.
    tiebreak: Callable[[Any], Callable[[Action], float]] | None = None
    # The policy whose choice the search starts from, when it is not Normal (Catan: Normal with a firmer style and
    # roads chosen by value in games of three and four); the rollouts still play every seat with Normal.
    prior: Callable[[], Any] | None = None
    # What scores a rollout that the horizon cuts off: "fitted" (`evaluate`) or "network" (the shipped learned
    # evaluation of the game's variant and player count, `evaluate` where there is none); `leaf_by_players`
    # names another choice for some player counts, as (players, leaf) pairs.
    leaf: str = "fitted"
    leaf_by_players: tuple[tuple[int, str], ...] = ()
    # Decisions the prior makes alone, with no search (the arena's hard-setup: the set-up placements its set-up
    # planner makes).
    prior_decides: Callable[[Any], bool] | None = None
    # The chance a cut-off rollout waits for (Catan: the next roll) and an action's chance outcomes with their
    # probabilities. With `weigh_leaf_chance` a rollout the horizon cuts off plays on to that chance (at most
    # another horizon), and its leaf scores every outcome weighed by its probability instead of the one the dice
    # would bring (the arena's hard-dice).
    leaf_chance: Callable[[Game], Action | None] | None = None
    chance_outcomes: Callable[[Game, Action], list[Outcome]] | None = None
    weigh_leaf_chance: bool = False

    def leaf_for(self, players: int) -> str:
        """The leaf evaluation of a game of `players` players."""
        return dict(self.leaf_by_players).get(players, self.leaf)


def family_search(family: str) -> FamilySearch:
    """The search hooks of a game family; GameError for an unknown one."""
    if family == "catan":
        from game.ai.catan_hard_policy import CatanHardPolicy
        from game.ai.catan_heuristic import CatanHeuristicBot, trade_merit
        from game.catan.determinize import determinize, evaluate, rollout_view, turn_of
        from game.catan.outcomes import leaf_roll, outcomes

        # The leaf that scores the cut-off rollouts depends on the player count. With four players (1 Hard against 3
        # Normal, seat-rotated from seed 3900) the network won 73 of the first 200 games on a variable board where the
        # fitted evaluation won 52 (sign test p = 0.017; 98 of 300 against 78), and 128 of 300 (42.7 %) on the beginner
        # board, where the fitted Hard of issue 12 won 39.7 %; three players follow four. In catan-2p (Hard against
        # Normal, seat-rotated from seed 7) a network blind to the trade cards won 18 of the first 56 games where the
        # fitted evaluation won 38; once it read them (a 15-epoch fit of the shipped one's games), 39 of 56: no better,
        # so two players keep the fitted evaluation. A 4-player network fitted to twice the games with 64 hidden units
        # (held-out log-loss 1.093) won 133 of 300 on a variable board without domestic trade where this one won 118,
        # and 128 of 300 (42.7 % [37.2-48.3]) on a variable board with trade where this one won 98 (and where Hard
        # without its own offers won 103 of the same games: 71 won only with the larger network, 46 only without
        # offers; sign test p = 0.026), but 110 of 300 on the beginner board where this one won 128. So four players
        # on a variable board read the larger one (game/ai/value_store.py, BOARD_NETS) and the beginner board this one.
        # A network of the same size fitted to 24,000 games on the beginner board itself (held-out log-loss 1.107 on
        # such games) won 123 of 300 there: no better, so it is not shipped. Nor is the two averaged (each seat's
        # chance the mean of both networks' chances): 128 of the same 300 games, as many as this one alone.
        # Nor is more data on the variable board: twice the games again (48,000 from seed 20000, 64 hidden units;
        # 128 units fit no better) reached the same held-out log-loss, 1.093, and Hard with it won 103 of the 300
        # variable-board games with trade (34.3 % [29.2-39.9]) where the shipped larger network won 128. Networks of
        # equal log-loss can thus differ in the arena; the other seats' facts as input (the most and the mean of
        # each) fit worse (1.101 against 1.093 on 24,000 of those games), so a seat's own row is kept.
        # What lifted Hard was not the leaf but the worlds: dealt with the cards each seat has followed in the open
        # (game/catan/card_memory.py), it won 143 of the 300 beginner-board games and 146 of the 300 variable-board
        # games with trade, where the same search with every hand dealt at random won 128 of each.
        return FamilySearch(determinize, evaluate, CATAN_ROLLOUT_ACTIONS, CatanHeuristicBot, CATAN_ROLLOUTS_PER_SECOND,
                            frozenset({"roll", "discard"}), rollout_view=rollout_view,
                            once_per_turn=frozenset({"offer_trade"}), turn_of=turn_of,
                            tiebreak=trade_merit, prior=CatanHardPolicy,
                            leaf_by_players=((3, "network"), (4, "network")), leaf_chance=leaf_roll,
                            chance_outcomes=outcomes)
    if family == "rivals":
        from game.ai.rivals_heuristic import RivalsHeuristicBot
        from game.ai.rivals_search import RivalsEvaluator, hard_policy, rank
        from game.rivals.determinize import determinize

        return FamilySearch(determinize, RivalsEvaluator(), RIVALS_ROLLOUT_ACTIONS, RivalsHeuristicBot,
                            RIVALS_ROLLOUTS_PER_SECOND, rank=rank, prior=hard_policy)
    if family == "cards":
        from game.ai.cards_heuristic import CardsHeuristicBot
        from game.cards.determinize import determinize, evaluate

        # The shipped network scores the cut-off rollouts: one Hard against three Normal bots (4 players, seed 7,
        # 300 seat-rotated games) won 62.3 % with it and 48.7 % with the fitted evaluation.
        return FamilySearch(determinize, evaluate, 120, CardsHeuristicBot, 40, leaf="network")
    raise GameError(f"no search for {family!r} games")


class HardBot:
    """Searches determinized worlds; never reads what its view hides (it is handed nothing else)."""

    id = "hard"
    needs_view = True

    def __init__(self, family: str, think_seconds: float = 1.0, iterations: int | None = None,
                 leaf: str | None = None, hooks: FamilySearch | None = None) -> None:
        """A budget of `iterations` rollouts per decision (None: what `think_seconds` buys; 0: no search, the
        policy it starts from decides); `leaf` names what scores a cut-off rollout ("fitted" or "network"; None:
        the family's choice); `hooks` replaces the family's own (a variant of its search)."""
        if leaf not in (None, *LEAVES):
            raise GameError(f"no leaf evaluation {leaf!r}; leaves: {', '.join(LEAVES)}")
        self.family = family
        self.think_seconds = think_seconds
        hooks = hooks or family_search(family)
        self.hooks = hooks if leaf is None else replace(hooks, leaf=leaf, leaf_by_players=())
        self._leaves: dict[str, Any] = {}  # by weights name
        self.iterations = iterations if iterations is not None else max(
            MIN_ITERATIONS, round(self.hooks.rollouts_per_second * think_seconds))
        self.capped = 0  # decisions cut short by the think time (only they can depend on the machine)
        # The policy whose choice the search starts from (Normal unless the family names another).
        self.prior = (self.hooks.prior or self.hooks.normal)()
        # Plays every seat in the rollouts: a fresh copy per rollout, so that no rollout remembers another's
        # decisions (a trade offer made in one line of play must not be missing from the next), with caches
        # kept across the bot's decisions.
        self.rollout_policy = self.hooks.normal()
        self._cancel = threading.Event()
        self.last_iterations = 0
        self._limits = TurnLimits(self.hooks.once_per_turn, self.hooks.turn_of)

    def cancel(self) -> None:
        """Stop a running search at once (it then answers with the best action found so far)."""
        self._cancel.set()

    def choose(self, view: Any, legal_actions: list[Action], rng: random.Random) -> Action:
        """The action with the best average outcome over the sampled worlds (Normal's choice on a tie).

        A cancel() that comes before or during the search makes this decision answer at once; the flag is
        cleared when the decision is made, so the bot can think again afterwards.
        """
        self.last_iterations = 0
        try:
            choice = self._decide(view, self._limits.allowed(view, legal_actions), rng)
            self._limits.note(choice)
            return choice
        finally:
            self._cancel.clear()

    def _decide(self, view: Any, legal_actions: list[Action], rng: random.Random) -> Action:
        """The prior's choice (Normal's, in most games), or a candidate the search finds clearly better."""
        prior = self.prior.choose(view, legal_actions, rng)
        if len(legal_actions) == 1 or prior.kind in self.hooks.forced_kinds or self.iterations == 0:
            return prior
        if self.hooks.prior_decides is not None and self.hooks.prior_decides(view):
            return prior
        if self.hooks.rank is not None:
            ranked = self.hooks.rank(view, legal_actions, rng, self.prior)
        else:
            ranked = self._greedy_rank(view, legal_actions, rng)
        # A small budget compares fewer candidates, so each is still seen in enough paired rounds to count.
        width = max(2, min(MAX_CANDIDATES, self.iterations // (MIN_ROUNDS + 2)))
        if ranked:
            candidates = [prior] + [a for a in ranked if a != prior][:width - 1]
        else:
            candidates = pick_candidates(legal_actions, prior, rng, width)
        if len(candidates) == 1:
            return prior
        return self._search(view, candidates, prior, rng)

    def _greedy_rank(self, view: Any, legal: list[Action], rng: random.Random) -> list[Action] | None:
        """The legal actions ordered by the family's evaluation one action ahead in one sampled world
        (at most MAX_GREEDY of them, sampled, when there are more): cheap, and it finds the alternatives
        worth a rollout far better than picking them at random."""
        try:
            world = self.hooks.determinize(view, rng)
        except GameError:
            return None
        pool = legal if len(legal) <= MAX_GREEDY else rng.sample(legal, MAX_GREEDY)
        second = self.hooks.tiebreak(view) if self.hooks.tiebreak is not None else None
        after: list[tuple[int, Game]] = []
        for i, action in enumerate(pool):
            copy = world.clone()
            try:
                copy.apply(action)
            except GameError:
                continue
            after.append((i, copy))
        values = self.leaf_scores([copy for _, copy in after], view.player)
        scored = [(value, second(pool[i]) if second else 0.0, -i) for value, (i, _) in zip(values, after)]
        scored.sort(reverse=True)
        return [pool[-i] for _, _, i in scored]

    def _search(self, view: Any, candidates: list[Action], prior: Action, rng: random.Random) -> Action:
        """Paired rounds: every candidate still in the race is played in the same sampled world with the same
        dice and the same rollout choices as Normal's choice, so a difference measures the action, not the luck
        (common random numbers).

        A race: after MIN_ROUNDS rounds, a candidate clearly worse than Normal's choice (mean difference below
        minus one standard error) stops being played, so the budget goes to the contenders, and the search
        ends early when none is left. Normal's choice stands unless another candidate beats it on average by
        more than PRIOR_MARGIN and by more than OVERRIDE_ERRORS standard errors: with a handful of rounds and
        several candidates, a one-error margin is crossed by luck alone about a third of the time.
        """
        player = view.player
        base = candidates.index(prior)
        racing = [j for j in range(len(candidates)) if j != base]
        diffs: dict[int, list[float]] = {j: [] for j in racing}
        rounds = 0
        deadline = time.perf_counter() + self.think_seconds
        while racing and self.last_iterations + 1 + len(racing) <= self.iterations:
            if self._cancel.is_set() or time.perf_counter() > deadline:
                break
            world = self.hooks.determinize(view, rng)
            seed = rng.getrandbits(31)
            ends: dict[int, float | Game] = {}
            for j in [base, *racing]:
                if self._cancel.is_set() or time.perf_counter() > deadline:
                    break
                copy = world.clone()
                copy.chance = Chance(seed)
                bots = [self.rollout_policy.fresh() for _ in range(copy.num_players)]
                ends[j] = self._rollout(copy, candidates[j], player, bots, random.Random(seed))
            if len(ends) < 1 + len(racing):
                break  # an unfinished round would compare candidates on different luck
            scores = self._scores(ends, player)
            for j in racing:
                diffs[j].append(scores[j] - scores[base])
            self.last_iterations += len(scores)
            rounds += 1
            if rounds >= MIN_ROUNDS:
                racing = [j for j in racing if not _clearly_worse(diffs[j])]
        if racing and self.last_iterations + 1 + len(racing) <= self.iterations and not self._cancel.is_set():
            self.capped += 1
        return candidates[_paired_best(diffs, base)]

    def _scores(self, ends: dict[int, float | Game], player: int) -> dict[int, float]:
        """Each rollout's score for `player`: as it ended, or by the leaf evaluation of the world it was cut off
        in (the network scores a round's worlds in one batch)."""
        open_ends = {j: w for j, w in ends.items() if isinstance(w, Game)}
        scores = {j: v for j, v in ends.items() if not isinstance(v, Game)}
        leaves: list[Game] = []
        owners: list[tuple[int, float]] = []
        for j, world in open_ends.items():
            for probability, leaf in self.leaf_outcomes(world):
                leaves.append(leaf)
                owners.append((j, probability))
        totals = dict.fromkeys(open_ends, 0.0)
        for (j, probability), value in zip(owners, self.leaf_scores(leaves, player)):
            totals[j] += probability * value
        scores.update(totals)
        return scores

    def leaf_outcomes(self, world: Game) -> list[tuple[float, Game]]:
        """The worlds a cut-off rollout's leaf is scored in, with their probabilities: the world itself, or (when the
        search weighs the leaf's chance and one is next) the world after each of its outcomes."""
        hooks = self.hooks
        if not hooks.weigh_leaf_chance or hooks.leaf_chance is None or hooks.chance_outcomes is None:
            return [(1.0, world)]
        action = hooks.leaf_chance(world)
        if action is None:
            return [(1.0, world)]
        return outcome_games(world, action, hooks.chance_outcomes(world, action)) or [(1.0, world)]

    def leaf_scores(self, worlds: list[Game], player: int) -> list[float]:
        """The chance of `player` in each world by the bot's leaf evaluation."""
        if not worlds:
            return []
        if self.hooks.leaf_for(worlds[0].num_players) == "fitted":
            return [self.hooks.evaluate(w, player) for w in worlds]
        from game.ai.value_store import leaf_values, weights_name

        world = worlds[0]
        key = weights_name(world.variant.id, world.num_players, world.options)
        leaves = self._leaves.get(key)
        if leaves is None:
            leaves = self._leaves[key] = leaf_values(world.variant.id, world.num_players, self.hooks.evaluate,
                                                     options=world.options)
        return leaves.values(worlds, player)  # type: ignore[no-any-return]

    def _rollout(self, world: Game, first: Action, player: int, bots: Sequence[Any],
                 rng: random.Random) -> float | Game:
        """The rollout's result: 1 or 0 for a finished game, 0.5 for a world that disagreed with reality, else the
        world where the horizon cut it off (for the leaf evaluation to score)."""
        hooks = self.hooks
        try:
            world.apply(first)
            self._play(world, bots, rng)
            if hooks.weigh_leaf_chance and hooks.leaf_chance is not None:
                self._play(world, bots, rng, until=hooks.leaf_chance)
        except GameError:
            # A sampled world can disagree with reality in what it lets happen; it then tells us nothing.
            return 0.5
        if world.is_over():
            return 1.0 if world.winner() == player else 0.0
        return world

    def _play(self, world: Game, bots: Sequence[Any], rng: random.Random,
              until: Callable[[Game], Any] | None = None) -> None:
        """Every seat plays its rollout bot for up to the horizon's actions, stopping early at the game's end, a
        cancel, or a position where `until` gives something (a chance the leaf waits for)."""
        view = self.hooks.rollout_view or type(world).view
        for _ in range(self.hooks.rollout_actions):
            if world.is_over() or self._cancel.is_set() or (until is not None and until(world) is not None):
                return
            actor = world.active_players()[0]
            legal = world.legal_actions(actor)
            world.apply(bots[actor % len(bots)].choose(view(world, actor), legal, rng))


def _mean_error(diffs: list[float]) -> tuple[float, float]:
    """Mean of paired differences and its standard error."""
    return statistics.fmean(diffs), statistics.stdev(diffs) / math.sqrt(len(diffs))


def _clearly_worse(diffs: list[float]) -> bool:
    """Whether a candidate trails Normal's choice by more than a standard error (it leaves the race)."""
    mean, error = _mean_error(diffs)
    return mean + error < 0


def _paired_best(diffs: dict[int, list[float]], base: int) -> int:
    """The candidate whose paired advantage over candidate `base` is largest and clearly positive, else base."""
    best, best_mean = base, 0.0
    for j, row in diffs.items():
        if len(row) < MIN_ROUNDS:
            continue
        mean, error = _mean_error(row)
        if mean > max(PRIOR_MARGIN, OVERRIDE_ERRORS * error) and mean > best_mean:
            best, best_mean = j, mean
    return best


def pick_candidates(legal: list[Action], prior: Action, rng: random.Random,
                    width: int = MAX_CANDIDATES) -> list[Action]:
    """Normal's choice first, then one action of each other kind, then more at random, `width` at most."""
    chosen = [prior]
    kinds = {prior.kind}
    rest = [a for a in legal if a != prior]
    rng.shuffle(rest)
    for action in rest:
        if action.kind not in kinds and len(chosen) < width:
            chosen.append(action)
            kinds.add(action.kind)
    for action in rest:
        if len(chosen) >= width:
            break
        if action not in chosen:
            chosen.append(action)
    return chosen
