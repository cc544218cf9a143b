"""`python -m game review SAVE`: the coach's review of a recorded game, as text in Czech or English or as JSON."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from game.coach.cache import review_save
from game.coach.hooks import method_key
from game.coach.review import JUDGE_WORLDS, Review, review_game
from game.core.i18n import Translator
from game.core.saves import load_game


def cmd_review(args: argparse.Namespace) -> int:
    """Load the save, review it, print the review."""
    path = Path(args.file)
    game = load_game(path)
    seats = list(range(game.num_players)) if args.all_seats else None
    started = time.perf_counter()
    if args.fresh:
        review, kept = review_game(game, seats, worlds=args.rollouts, seed=args.seed), False
    else:
        review, kept = review_save(path, seats, worlds=args.rollouts, seed=args.seed)
    seconds = time.perf_counter() - started
    if args.json:
        out = review.to_json()
        out["seconds"] = seconds
        out["from_cache"] = kept
        print(json.dumps(out))
        return 0
    for line in review_lines(review, Translator(args.lang)):
        print(line)
    t = Translator(args.lang)
    print(t.t("review.cli.cached" if kept else "review.cli.time", seconds=t.number(seconds, 1)))
    return 0


def review_lines(review: Review, t: Translator) -> list[str]:
    """The review as lines of text in the translator's language."""
    names = review.seats
    lines = [t.t("review.cli.title", variant=t.t(f"variant.{review.variant}")),
             t.t(method_key("review.cli.method.", review.method))]
    assists = review.extra.get("assists", {})
    if assists.get("win_bar"):
        lines.append(t.t("review.cli.win_bar"))
    for seat, count in sorted(assists.get("hints", {}).items()):
        lines.append(t.t("review.cli.hints", seat=names[int(seat)], count=count))
    lines.append(t.t("review.cli.series"))
    turns: dict[int, tuple[float, ...]] = {}
    for step in review.steps:
        turns.setdefault(step.turn, step.before)
    if review.steps:
        turns[review.steps[-1].turn + 1] = review.steps[-1].after
    for turn, row in turns.items():
        lines.append(f"  {turn:>3}  " + "  ".join(f"{n} {_pct(t, x)}" for n, x in zip(names, row)))
    lines.append(t.t("review.cli.key_moments"))
    for index in review.key_moments:
        s = review.steps[index]
        cause = t.t("review.cause.luck") if not s.choice else t.t("review.cause.decision")
        change = "  ".join(f"{n} {_signed(t, a - b)}" for n, a, b in zip(names, s.after, s.before))
        lines.append(f"  {t.t('review.cli.moment', turn=s.turn, seat=names[s.actor], kind=s.kind, cause=cause)}"
                     f": {change}")
    lines.append(t.t("review.cli.split"))
    for n, split in zip(names, review.splits):
        lines.append("  " + t.t("review.cli.split_line", seat=n, total=_signed(t, split.total),
                                decisions=_signed(t, split.decisions), others=_signed(t, split.others),
                                luck=_signed(t, split.luck)))
    if review.judgements:
        lines.append(t.t("review.cli.decisions"))
        for j in review.judgements:
            better = "" if j.best == j.taken else "  " + t.t("review.cli.better", action=_brief(j.best))
            lines.append(f"  {review.steps[j.step].turn:>3} {names[j.seat]}: {_brief(j.taken)} — "
                         f"{t.t('review.label.' + j.label)} ({_signed(t, -j.lost)}){better}")
        for n, accuracy in zip(names, review.accuracy):
            if accuracy is not None:
                lines.append("  " + t.t("review.cli.accuracy", seat=n, accuracy=t.number(accuracy, 1)))
    return lines


def _pct(t: Translator, x: float) -> str:
    return f"{t.number(100 * x, 1)} %"


def _signed(t: Translator, x: float) -> str:
    sign = "+" if x >= 0 else "−"
    return f"{sign}{t.number(abs(100 * x), 1)}"


def _brief(action: dict[str, Any]) -> str:
    fields = ", ".join(f"{k}={v}" for k, v in action.items() if k not in ("kind", "player"))
    return f"{action.get('kind')}({fields})" if fields else str(action.get("kind"))


def add_review_parser(sub: Any) -> None:
    """Register the `review` subcommand."""
    p = sub.add_parser("review", help="the coach's review of a saved game: win chances, key moments, luck, decisions")
    p.add_argument("file", metavar="SAVE")
    p.add_argument("--json", action="store_true", help="print one JSON object with every figure")
    p.add_argument("--lang", choices=("cs", "en"), default="en")
    p.add_argument("--rollouts", type=int, default=JUDGE_WORLDS, metavar="N",
                   help="worlds sampled from the mover's view per judged decision")
    p.add_argument("--all-seats", action="store_true", help="judge every seat's decisions (default: the human seats, or every seat when no person played)")
    p.add_argument("--seed", type=int, default=0, help="the seed of the judges' sampled worlds")
    p.add_argument("--fresh", action="store_true", help="review anew without reading or writing the kept review")
    p.set_defaults(func=cmd_review)
