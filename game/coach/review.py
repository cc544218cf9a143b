"""The review of a recorded game: every seat's win chance after each action (read from the full game, as a review
of a finished game may), each step split into what the mover chose and what chance (or another seat) brought, the
key moments, and the decisions of the reviewed seats judged from their own view at the time.

A step's change for a seat is (expected after - before) + (after - expected after), where "expected after" weighs
the action's chance outcomes. The first part is a decision of the mover when it had a choice; for the other seats
it is another's decision. The second part is luck. So, per seat, decisions + others' decisions + luck is exactly
its total swing."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from game.coach.chances import expected_after, hooks_for
from game.coach.hooks import CoachHooks
from game.core.actions import Action
from game.core.assists import assists_of
from game.core.errors import GameError
from game.core.game import Game
from game.core.log_events import restart

REVIEW_VERSION = 6  # 2: the luck meter; 3: the assists (win-chance bar, hints); 4, 5: blunders played out;
# 6: Rivals scored two turns on, every seat judged in a game of AIs only
# The win chance a decision loses against the best found, for each label (the help's thresholds): below 2 points
# is good, below 5 an inaccuracy, below 10 a mistake, from 10 up a blunder.
THRESHOLDS: tuple[tuple[str, float], ...] = (("good", 0.02), ("inaccuracy", 0.05), ("mistake", 0.10))
BLUNDER = "blunder"
# A decision losing this much or more scores 0 accuracy; one losing nothing scores 100 (linear between).
ACCURACY_ZERO = 0.25
KEY_MOMENTS = 5
# A decision the search finds a blunder is played out from worlds sampled from the mover's view, both ways with the
# same seeds, this many times; its loss is then what the playouts measured, less VERIFY_ERRORS standard errors, so
# that a blunder is a loss the playouts are sure of (the label falls to a mistake or less otherwise). With one
# standard error, 41 of 50 blunders were confirmed by independent playouts, with two 46 of 50
# (python3 -m game coach-quality --variant catan-base --players 4 --seed 710000 --blunders 50).
VERIFY_PLAYOUTS = 48
VERIFY_ERRORS = 2.0
VERIFY_ACTIONS = 5000
JUDGE_WORLDS = 3
JUDGE_CANDIDATES = 12  # actions a judge compares besides the one taken, in families judged one step ahead


def label_of(lost: float) -> str:
    """The label of a decision that lost `lost` win chance against the best found."""
    for name, below in THRESHOLDS:
        if lost < below:
            return name
    return BLUNDER


@dataclass(frozen=True)
class Judgement:
    """One decision of a reviewed seat: the action taken, the best found from its view, the win chance lost."""

    step: int
    seat: int
    taken: dict[str, Any]
    best: dict[str, Any]
    lost: float
    label: str
    compared: int  # actions compared


@dataclass(frozen=True)
class Step:
    """One action: who took it, whether it was a choice, and every seat's chance before, expected and after."""

    index: int
    turn: int
    actor: int
    kind: str
    choice: bool
    before: tuple[float, ...]
    expected: tuple[float, ...]
    after: tuple[float, ...]


@dataclass(frozen=True)
class SeatSplit:
    """A seat's total swing over the game, split: its own decisions, the other seats' decisions, and luck."""

    total: float
    decisions: float
    others: float
    luck: float


@dataclass(frozen=True)
class Review:
    """Everything a review finds; `to_json` holds every figure."""

    variant: str
    seats: tuple[str, ...]
    method: str
    reviewed: tuple[int, ...]
    steps: tuple[Step, ...]
    splits: tuple[SeatSplit, ...]
    judgements: tuple[Judgement, ...]
    key_moments: tuple[int, ...]  # step indexes, the largest swing first
    accuracy: tuple[float | None, ...]
    winner: int | None
    reads_hidden: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    def series(self) -> list[tuple[float, ...]]:
        """Every seat's chance at the start and after each action."""
        return [self.steps[0].before, *(s.after for s in self.steps)] if self.steps else []

    def to_json(self) -> dict[str, Any]:
        """The review as plain data (every figure)."""
        return {
            "review_version": REVIEW_VERSION, "variant": self.variant, "seats": list(self.seats),
            "method": self.method, "reads_hidden": self.reads_hidden, "reviewed_seats": list(self.reviewed),
            "winner": self.winner,
            "thresholds": {name: below for name, below in THRESHOLDS} | {BLUNDER: THRESHOLDS[-1][1]},
            "steps": [{"index": s.index, "turn": s.turn, "actor": s.actor, "kind": s.kind, "choice": s.choice,
                       "before": list(s.before), "expected": list(s.expected), "after": list(s.after)}
                      for s in self.steps],
            "splits": [{"total": p.total, "decisions": p.decisions, "others": p.others, "luck": p.luck}
                       for p in self.splits],
            "judgements": [{"step": j.step, "seat": j.seat, "taken": j.taken, "best": j.best, "lost": j.lost,
                            "label": j.label, "compared": j.compared} for j in self.judgements],
            "key_moments": list(self.key_moments), "accuracy": list(self.accuracy),
            "luck": self.extra.get("luck"), "assists": self.extra.get("assists", {}),
        }


    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        """The review that to_json() wrote (KeyError, TypeError or ValueError for data that is not one)."""
        if data.get("review_version") != REVIEW_VERSION:
            raise ValueError(f"review version {data.get('review_version')!r} is not {REVIEW_VERSION}")
        steps = tuple(Step(int(s["index"]), int(s["turn"]), int(s["actor"]), str(s["kind"]), bool(s["choice"]),
                           tuple(map(float, s["before"])), tuple(map(float, s["expected"])),
                           tuple(map(float, s["after"]))) for s in data["steps"])
        splits = tuple(SeatSplit(float(p["total"]), float(p["decisions"]), float(p["others"]), float(p["luck"]))
                       for p in data["splits"])
        judgements = tuple(Judgement(int(j["step"]), int(j["seat"]), dict(j["taken"]), dict(j["best"]),
                                     float(j["lost"]), str(j["label"]), int(j["compared"])) for j in data["judgements"])
        return cls(str(data["variant"]), tuple(map(str, data["seats"])), str(data["method"]),
                   tuple(map(int, data["reviewed_seats"])), steps, splits, judgements,
                   tuple(map(int, data["key_moments"])),
                   tuple(None if a is None else float(a) for a in data["accuracy"]),
                   None if data["winner"] is None else int(data["winner"]), bool(data["reads_hidden"]),
                   {"luck": data.get("luck"), "assists": dict(data.get("assists") or {})})


Judge = Callable[[Game, int, Action, list[Action], random.Random], tuple[Action, float, int]]


def review_game(recorded: Game, seats: Sequence[int] | None = None, worlds: int = JUDGE_WORLDS, seed: int = 0,
                progress: Callable[[int, int], bool] | None = None) -> Review:
    """Review a recorded game: the chances after every action, the split of each seat's swing, the key moments,
    and the decisions of `seats` (default: default_seats) judged from their view. `progress(done, total)`
    returning False cancels (GameError); the same game and seed give the same review."""
    hooks = hooks_for(recorded)
    reviewed = tuple(seats) if seats is not None else default_seats(recorded)
    judge = _judge_for(recorded, hooks.for_judging(), worlds)
    rng = random.Random(seed)
    game = restart(recorded)
    entries = list(recorded.log)
    steps: list[Step] = []
    judgements: list[Judgement] = []
    before = hooks.chances([game])[0]
    for i, entry in enumerate(entries):
        if progress is not None and progress(i, len(entries)) is False:
            raise GameError("the review was cancelled")
        action = entry.action
        actor = action.player
        legal = game.legal_actions(actor)
        expected = expected_after(game, action, hooks)
        if actor in reviewed and len(legal) > 1:
            best, lost, compared = judge(game, actor, action, legal, rng)
            if lost >= THRESHOLDS[-1][1] and best != action:
                lost = verified_loss(game, actor, action, best, hooks, rng)
            judgements.append(Judgement(i, actor, action.to_json(), best.to_json(), lost, label_of(lost), compared))
        turn = game.turn_number()
        game.chance.force(*entry.outcomes)
        game.apply(action)
        after = hooks.chances([game])[0]
        steps.append(Step(i, turn, actor, action.kind, len(legal) > 1, _t(before), _t(expected), _t(after)))
        before = after
    if progress is not None:
        progress(len(entries), len(entries))
    return Review(recorded.variant.id, tuple(s.name for s in recorded.seats), hooks.method, reviewed, tuple(steps),
                  _splits(steps, recorded.num_players), tuple(judgements), _key_moments(steps),
                  _accuracy(judgements, recorded.num_players), recorded.winner() if recorded.is_over() else None,
                  True, {"luck": _luck(recorded), "assists": assists_of(recorded)})


def default_seats(recorded: Game) -> tuple[int, ...]:
    """The seats a review judges unless told: the people's, or every seat in a game of AIs only (a match watched
    or a designer's, where the point is to see how each level played)."""
    people = tuple(i for i, seat in enumerate(recorded.seats) if seat.is_human)
    return people or tuple(range(recorded.num_players))


def _luck(recorded: Game) -> dict[str, Any] | None:
    """The game's luck meter as plain data (None for a family without dice)."""
    from game.coach.luck import luck_meter

    try:
        return luck_meter(recorded).to_json()
    except GameError:
        return None


def _t(row: np.ndarray) -> tuple[float, ...]:
    return tuple(float(x) for x in row)


def _splits(steps: Sequence[Step], seats: int) -> tuple[SeatSplit, ...]:
    out = []
    for q in range(seats):
        own = sum(s.expected[q] - s.before[q] for s in steps if s.choice and s.actor == q)
        others = sum(s.expected[q] - s.before[q] for s in steps if s.choice and s.actor != q)
        luck = sum(s.after[q] - s.expected[q] for s in steps) + sum(
            s.expected[q] - s.before[q] for s in steps if not s.choice)
        total = steps[-1].after[q] - steps[0].before[q] if steps else 0.0
        out.append(SeatSplit(total, own, others, luck))
    return tuple(out)


def _key_moments(steps: Sequence[Step]) -> tuple[int, ...]:
    swing = [max(abs(a - b) for a, b in zip(s.after, s.before)) for s in steps]
    order = sorted(range(len(steps)), key=lambda i: (-swing[i], i))
    return tuple(order[:KEY_MOMENTS])


def _accuracy(judgements: Sequence[Judgement], seats: int) -> tuple[float | None, ...]:
    out: list[float | None] = []
    for q in range(seats):
        mine = [j.lost for j in judgements if j.seat == q]
        out.append(100.0 * sum(max(0.0, 1 - lost / ACCURACY_ZERO) for lost in mine) / len(mine) if mine else None)
    return tuple(out)


def verified_loss(game: Game, seat: int, taken: Action, best: Action, hooks: CoachHooks,
                  rng: random.Random, playouts: int = VERIFY_PLAYOUTS) -> float:
    """The win chance `taken` loses against `best` by paired playouts to the end (Normal playing every seat) from
    worlds sampled from the seat's view, less VERIFY_ERRORS standard errors (at least 0)."""
    from game.ai.registry import make_bot
    from game.core.chance import Chance

    view = game.view(seat)
    diffs = []
    for _ in range(playouts):
        try:
            world = hooks.determinize(view, rng)
        except GameError:
            continue
        seed = rng.getrandbits(31)
        won = []
        for action in (best, taken):
            trial = world.clone()
            trial.chance = Chance(seed)
            bots = [make_bot("normal", game.variant.family) for _ in range(game.num_players)]
            play = random.Random(seed)
            try:
                trial.apply(action)
                for _ in range(VERIFY_ACTIONS):
                    if trial.is_over():
                        break
                    p = trial.active_players()[0]
                    trial.apply(bots[p].choose(trial.view(p), trial.legal_actions(p), play))
            except GameError:
                break
            won.append(float(trial.winner() == seat))
        if len(won) == 2:
            diffs.append(won[0] - won[1])
    if len(diffs) < 2:
        return 0.0
    mean = float(np.mean(diffs))
    error = float(np.std(diffs, ddof=1)) / len(diffs) ** 0.5
    return max(0.0, mean - VERIFY_ERRORS * error)


def _judge_for(recorded: Game, hooks: CoachHooks, worlds: int) -> Judge:
    """Catan: Hard's expectimax lines (its candidates and the action taken); the other families: every seat's
    chance one action ahead, the chance weighed, in worlds sampled from the mover's view."""
    if recorded.variant.family == "catan":
        return _expectimax_judge(worlds)
    return _one_step_judge(hooks, worlds)


def _expectimax_judge(worlds: int) -> Judge:
    from game.ai.catan_expectimax import catan_expectimax
    from game.ai.expectimax import ExpectimaxSettings

    bot = catan_expectimax(settings=ExpectimaxSettings(worlds=max(1, worlds)), think_seconds=60.0)

    def judge(game: Game, seat: int, taken: Action, legal: list[Action],
              rng: random.Random) -> tuple[Action, float, int]:
        view = game.view(seat)
        prior = bot.prior.fresh().choose(view, legal, rng)
        try:
            sampled = [bot.hooks.determinize(view, rng) for _ in range(bot.settings.worlds)]
        except GameError:
            return taken, 0.0, 1
        seeds = [rng.getrandbits(31) for _ in sampled]
        candidates = bot.candidates(view, legal, prior, sampled[0], rng)
        if taken not in candidates:
            candidates.append(taken)
        table = bot.line_chances(view, candidates, sampled, seeds)
        values = [float(row[seat]) if row is not None else -1.0 for row in table]
        best = max(range(len(candidates)), key=lambda i: (values[i], candidates[i] == taken))
        return candidates[best], max(0.0, values[best] - values[candidates.index(taken)]), len(candidates)

    return judge


def _one_step_judge(hooks: CoachHooks, worlds: int) -> Judge:
    def judge(game: Game, seat: int, taken: Action, legal: list[Action],
              rng: random.Random) -> tuple[Action, float, int]:
        view = game.view(seat)
        pool = [a for a in legal if a != taken]
        if len(pool) > JUDGE_CANDIDATES:
            pool = rng.sample(pool, JUDGE_CANDIDATES)
        candidates = [taken, *pool]
        values = np.zeros(len(candidates))
        counted = 0
        for _ in range(max(1, worlds)):
            try:
                world = hooks.determinize(view, rng)
            except GameError:
                continue
            row = []
            for action in candidates:
                try:
                    row.append(float(expected_after(world, action, hooks)[seat]))
                except GameError:
                    row.append(-1.0)
            values += np.asarray(row)
            counted += 1
        if not counted:
            return taken, 0.0, 1
        best = int(np.argmax(values))
        return candidates[best], max(0.0, float(values[best] - values[0]) / counted), len(candidates)

    return judge
