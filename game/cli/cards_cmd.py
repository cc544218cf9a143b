"""`python -m game cards rivals [--json]`: print the Rivals card catalogue (copies, type, cost, points, markers)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.core.errors import GameError


def catalogue_rows() -> list[dict[str, Any]]:
    """One row per distinct card: id, copies and crescent copies per set, type, cost, points, 1x."""
    from game.rivals.catalogue import catalogue
    from game.rivals.constants import RESOURCES

    rows = []
    for card in catalogue().cards.values():
        rows.append({
            "id": card.id, "en": card.en, "cs": card.cs, "type": card.type,
            "copies": dict(card.copies), "crescent": dict(card.crescent),
            "cost": {r: n for r, n in zip(RESOURCES, card.cost) if n},
            "vp": card.vp, "str": card.str, "skl": card.skl, "com": card.com, "prog": card.prog,
            "one_x": card.one_x, "placement": card.placement, "requires": list(card.requires),
        })
    return rows


def _short(mapping: dict[str, int]) -> str:
    return " ".join(f"{k}:{v}" for k, v in mapping.items()) or "-"


def cmd_cards(args: argparse.Namespace) -> int:
    """Print the catalogue of a card family as a table or JSON."""
    if args.family != "rivals":
        raise GameError(f"no card catalogue for {args.family!r}; known: rivals")
    rows = catalogue_rows()
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    print(f"{'id':22} {'copies':28} {'type':16} {'cost':32} {'points':22} 1x  crescent")
    for r in rows:
        points = " ".join(f"{k}{r[k]}" for k in ("vp", "str", "skl", "com", "prog") if r[k]) or "-"
        print(f"{r['id']:22} {_short(r['copies']):28} {r['type']:16} {_short(r['cost']):32} {points:22} "
              f"{'yes' if r['one_x'] else '-':3} {_short(r['crescent'])}")
    total = sum(sum(r["copies"].values()) for r in rows)
    print(f"{len(rows)} cards, {total} copies")
    return 0


def add_cards_parser(sub: Any) -> None:
    """Register the `cards` subcommand."""
    p = sub.add_parser("cards", help="print a card catalogue")
    p.add_argument("family", choices=["rivals"])
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_cards)
