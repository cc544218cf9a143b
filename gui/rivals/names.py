"""Translated names for the Rivals table: cards (from the catalogue), resources, sources, stacks, cells, payments
and every legal action as a short line (for option lists and tooltips)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from game.rivals.catalogue import card_of, catalogue
from game.rivals.constants import RESOURCES, WIDTH
from game.rivals.economy import resource_table

Translate = Callable[..., str]


@dataclasses.dataclass(frozen=True)
class Names:
    """Names in one language; t is the app's translator function."""

    t: Translate
    lang: str
    has: Callable[[str], bool]

    def card(self, card: int | str) -> str:
        """A card's printed name from a physical index or a card id."""
        if isinstance(card, int):
            if not 0 <= card < len(card_of()):
                return "?"
            info = card_of()[card]
        else:
            info = catalogue().cards.get(card)
            if info is None:
                return self.source(card)
        return info.cs if self.lang == "cs" else info.en

    def resource(self, r: int) -> str:
        """A resource name (brick, grain, lumber, wool, ore, gold)."""
        return self.t(f"rivals.res.{RESOURCES[r]}") if 0 <= r < len(RESOURCES) else "?"

    def resources(self, amounts: Sequence[int]) -> str:
        """Amounts per resource as '2× ore, 1× grain' ('nothing' when empty)."""
        parts = [f"{n}× {self.resource(r)}" for r, n in enumerate(amounts) if n]
        return ", ".join(parts) if parts else self.t("rivals.nothing")

    def source(self, source: str) -> str:
        """Why something happened: a card, a die face, production, a trade, ..."""
        if source in catalogue().cards:
            return self.card(source)
        for key in (f"rivals.source.{source}", f"rivals.face.{source}"):
            if self.has(key):
                return self.t(key)
        return source.replace("_", " ")

    def stack(self, i: int) -> str:
        """A draw stack by its position (1-based for people)."""
        return self.t("rivals.stack", n=i + 1)

    def cell(self, grid: Sequence[int], c: int) -> str:
        """What lies on a cell (its card), or the kind of an empty site."""
        if 0 <= c < len(grid) and grid[c] >= 0:
            return self.card(grid[c])
        row, x = divmod(c, WIDTH) if c >= 0 else (-1, -1)
        if row == 2:
            return self.t("rivals.site.road" if x % 2 == 0 else "rivals.site.settlement")
        return self.t("rivals.site.building")

    def payment(self, grid: Sequence[int], payment: Sequence[tuple[int, int]]) -> str:
        """What a payment takes, by resource."""
        amounts = [0] * len(RESOURCES)
        table = resource_table()
        for c, n in payment:
            if 0 <= c < len(grid) and grid[c] >= 0 and table[grid[c]] >= 0:
                amounts[table[grid[c]]] += n
        return self.resources(amounts)

    def action(self, a: Any, grids: Sequence[Sequence[int]], stack_cards: Sequence[int] = ()) -> str:
        """A short line for any legal action (its kind's label and its parameters in words)."""
        p = a.player
        own, other = grids[p], grids[1 - p]
        if isinstance(getattr(a, "cell", None), int) and a.cell < 0 and a.kind in ("gain", "take"):
            return self.t("rivals.act.lose")
        params: dict[str, Any] = {}
        for f in dataclasses.fields(a):
            v = getattr(a, f.name)
            if f.name == "player":
                continue
            if f.name == "payment":
                params["payment"] = self.t("rivals.act.paying", items=self.payment(own, v)) if v else ""
            elif f.name in ("card", "scout"):
                params[f.name] = self.card(v) if isinstance(v, int) and v >= 0 else self.t("rivals.none")
            elif f.name in ("cell", "pay_cell", "gain_cell", "ship_cell", "a", "b"):
                params[f.name] = self.cell(own, v) if v >= 0 else self.t("rivals.none")
            elif f.name in ("stack", "under", "take", "search"):
                params[f.name] = self.stack(v)
            elif f.name == "resource":
                params[f.name] = self.resource(v)
            elif f.name == "index":
                params[f.name] = self.card(stack_cards[v]) if 0 <= v < len(stack_cards) else str(v + 1)
            elif f.name == "cells":
                params[f.name] = ", ".join(self.cell(other, c) for c in v)
            elif f.name == "cards":
                params[f.name] = ", ".join(self.card(c) for c in v)
            elif f.name == "stacks":
                params[f.name] = ", ".join(self.stack(s) for s in v)
            elif f.name == "targets":
                params[f.name] = self.t("rivals.act.targets", targets=self.targets(v, own, other)) if v else ""
            elif f.name == "picks":
                params[f.name] = ", ".join(str(i + 1) for i in v)
            elif f.name == "x":
                params["where"] = self.column(own, v, a.kind == "build_city")
            elif isinstance(v, bool):
                params[f.name] = self.t("rivals.yes" if v else "rivals.no")
            else:
                params[f.name] = str(v)
        key = f"rivals.act.{a.kind}"
        if self.has(key):
            return self.t(key, **params)
        detail = ", ".join(str(v) for v in params.values() if v)
        return self.t("rivals.act.other", kind=a.kind.replace("_", " "), detail=detail)

    def column(self, grid: Sequence[int], x: int, city: bool) -> str:
        """Where a centre card goes: the left or right end, or which settlement (counted from the left)."""
        settlements = [k for k in range(1, WIDTH, 2) if grid[2 * WIDTH + k] >= 0]
        if city and x in settlements:
            return self.t("rivals.where.settlement", n=settlements.index(x) + 1)
        middle = (settlements[0] + settlements[-1]) / 2 if settlements else WIDTH / 2
        return self.t("rivals.where.left" if x < middle else "rivals.where.right")

    def targets(self, targets: Sequence[int], own: Sequence[int], other: Sequence[int]) -> str:
        """A card's targets: cards on own (or else the opponent's) cells, or plain numbers."""
        out = []
        for v in targets:
            if 0 <= v < len(own) and own[v] >= 0:
                out.append(self.card(own[v]))
            elif 0 <= v < len(other) and other[v] >= 0:
                out.append(self.t("rivals.opponents", card=self.card(other[v])))
            else:
                out.append(str(v))
        return ", ".join(out)
