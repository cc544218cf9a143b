"""What a click on the Rivals table can do: the legal actions behind each cell, stack and hand card for the
current choice, and the other payments the game would accept for an action (no rule is decided here: every
candidate is put to the game)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.actions import Action
from game.rivals import actions as A
from game.rivals.catalogue import card_of
from game.rivals.constants import CENTER_ROW, WIDTH
from game.rivals.economy import resource_table

# Decisions answered by clicking one of one's own cards.
CELL_DECISIONS = (A.Gain, A.Take, A.GiveFrom, A.DiscardUnit, A.RemoveNamed)
# Phase actions reached through a click on a cell of one's principality without choosing anything first.
CELL_PHASE = (A.BuildRoad, A.BuildSettlement, A.BuildCity, A.UseCard, A.RemoveCard)

Selection = tuple[str, Any]   # ("hand", card), ("face_up", card) or ("supply", "road"|"settlement"|"city")


def centre_cell(x: int) -> int:
    """The centre-row cell of a column."""
    return CENTER_ROW * WIDTH + x


@dataclass
class Targets:
    """Where the current choice may go: own cells, the opponent's cells and draw stacks, each with the legal
    actions a click there stands for; `lit` says whether they glow (something is chosen or asked for)."""

    near: dict[int, list[Action]] = field(default_factory=dict)
    far: dict[int, list[Action]] = field(default_factory=dict)
    stacks: dict[int, list[Action]] = field(default_factory=dict)
    lit: bool = False

    def add(self, where: dict[int, list[Action]], key: int, action: Action) -> None:
        """Put an action behind a key."""
        where.setdefault(key, []).append(action)


def selection_matches(a: Action, sel: Selection | None) -> bool:
    """Whether a legal action uses the chosen card or supply kind."""
    if sel is None:
        return False
    source, key = sel
    if source in ("hand", "face_up"):
        return getattr(a, "card", None) == key and isinstance(a, (A.BuildExpansion, A.ReturnCard))
    kind = {"road": A.BuildRoad, "settlement": A.BuildSettlement, "city": A.BuildCity}.get(key)
    return kind is not None and isinstance(a, kind)


def compute_targets(legal: Sequence[Action], sel: Selection | None) -> Targets:
    """The clickable targets for the acting seat's legal actions and its current choice."""
    out = Targets()
    for a in legal:
        if isinstance(a, (A.ChooseStartStack, A.DrawCard)):
            out.add(out.stacks, a.stack, a)
            out.lit = True
        elif isinstance(a, CELL_DECISIONS) and a.cell >= 0:
            out.add(out.near, a.cell, a)
            out.lit = True
        elif isinstance(a, A.SwapRegions):
            out.add(out.near, a.a, a)
            out.add(out.near, a.b, a)
            out.lit = True
        elif isinstance(a, A.NameBuildings):
            for c in a.cells:
                out.add(out.far, c, a)
            out.lit = True
        elif sel is not None and selection_matches(a, sel):
            if isinstance(a, A.ReturnCard):
                out.add(out.stacks, a.stack, a)
            elif isinstance(a, A.BuildExpansion):
                out.add(out.near, a.cell, a)
            else:
                out.add(out.near, centre_cell(a.x), a)
            out.lit = True
        elif sel is None and isinstance(a, CELL_PHASE):
            key = a.cell if isinstance(a, (A.UseCard, A.RemoveCard)) else centre_cell(a.x)
            out.add(out.near, key, a)
    return out


def playable_cards(legal: Sequence[Action], hand: Sequence[int]) -> set[int]:
    """Hand (and face-up) cards some legal action plays, builds or returns; the game lists one play per card
    kind, so every copy of a playable action card counts."""
    out = {a.card for a in legal if isinstance(a, (A.PlayCard, A.BuildExpansion, A.ReturnCard))}
    kinds = {card_of()[a.card].id for a in legal if isinstance(a, A.PlayCard)}
    out.update(c for c in hand if card_of()[c].id in kinds)
    return out


def plays_of(legal: Sequence[Action], card: int, is_legal: Callable[[Action], bool]) -> list[A.PlayCard]:
    """The legal plays of a hand card: the game's options for its kind, made with this very copy."""
    kind = card_of()[card].id
    out = []
    for a in legal:
        if isinstance(a, A.PlayCard) and card_of()[a.card].id == kind:
            mine = a if a.card == card else dataclasses.replace(a, card=card)
            if mine is a or is_legal(mine):
                out.append(mine)
    return out


def buildable_supply(legal: Sequence[Action]) -> set[str]:
    """The centre kinds (road, settlement, city) that may be built now."""
    out = set()
    for a in legal:
        if isinstance(a, A.BuildRoad):
            out.add("road")
        elif isinstance(a, A.BuildSettlement):
            out.add("settlement")
        elif isinstance(a, A.BuildCity):
            out.add("city")
    return out


def storing_cells(grid: Sequence[int], store: Sequence[int]) -> list[int]:
    """One's cells holding at least one resource, in grid order."""
    table = resource_table()
    return [c for c, card in enumerate(grid) if card >= 0 and table[card] >= 0 and store[c] > 0]


def with_payment(action: Action, payment: dict[int, int]) -> Action:
    """The action with another payment ((cell, amount) pairs in cell order)."""
    pay = tuple(sorted((c, n) for c, n in payment.items() if n > 0))
    return dataclasses.replace(action, payment=pay)  # type: ignore[type-var]


def has_payment_choice(action: Action, grid: Sequence[int], store: Sequence[int],
                       is_legal: Callable[[Action], bool]) -> bool:
    """Whether the game accepts another payment for the action: one unit moved from a paying cell to another
    cell that still has some (every accepted payment is reached by such moves)."""
    payment = getattr(action, "payment", None)
    if not payment:
        return False
    paid = dict(payment)
    cells = storing_cells(grid, store)
    for c in list(paid):
        for d in cells:
            if d == c or store[d] - paid.get(d, 0) <= 0:
                continue
            other = dict(paid)
            other[c] -= 1
            other[d] = other.get(d, 0) + 1
            if is_legal(with_payment(action, other)):
                return True
    return False
