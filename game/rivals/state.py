"""The mutable state of a Rivals game: flat lists of card indices, storage, stacks and pending decisions."""

from __future__ import annotations

from typing import Any

from game.rivals.constants import CELLS

class Grid(list):
    """One principality's cells (card index or -1); every write bumps `version`, which keys the caches of facts
    derived from the cells (which cells hold regions, expansions, ...) kept in `memo`."""

    __slots__ = ("version", "memo")

    def __init__(self, cells: list[int]) -> None:
        super().__init__(cells)
        self.version = 0
        self.memo: dict[str, tuple[Any, Any]] = {}  # name -> (key the value was computed for, value)

    def __setitem__(self, index: Any, value: Any) -> None:
        super().__setitem__(index, value)
        self.version += 1

    def copy(self) -> Grid:  # type: ignore[override]
        """An independent copy with the same version and its own copy of the caches (still valid for it)."""
        other = Grid(self)
        other.version = self.version
        other.memo = dict(self.memo)
        return other


# A pending decision: (batch, player, kind, data). Items of the same leading batch are open at once.
Pending = tuple[int, int, str, tuple[Any, ...]]


class RivalsState:
    """Where every one of the 180 cards lies, what each region stores, and whose decision is next."""

    __slots__ = ("grid", "store", "under", "hands", "fresh", "stacks", "stack_backs", "face_up", "center",
                 "events", "discard", "box", "current", "phase", "pending", "dice", "turn_number",
                 "exchanged", "tokens", "winner", "next_batch", "started", "used", "returned")

    def __init__(self, num_stacks: int) -> None:
        self.grid: list[Grid] = [Grid([-1] * CELLS), Grid([-1] * CELLS)]
        self.store: list[list[int]] = [[0] * CELLS, [0] * CELLS]
        self.under: list[dict[int, int]] = [{}, {}]  # cell -> card lying beneath (settlement under a city)
        self.hands: list[list[int]] = [[], []]
        self.fresh: list[list[int]] = [[], []]  # hand cards taken at the end of a turn: not playable yet
        self.stacks: list[list[int]] = [[] for _ in range(num_stacks)]  # index 0 is the top
        self.stack_backs: tuple[str, ...] = ()
        self.face_up: list[int] = []
        self.center: dict[str, list[int]] = {"road": [], "settlement": [], "city": [], "region": []}
        self.events: list[int] = []  # index 0 is the top
        self.discard: list[int] = []  # the last one is the face-up top
        self.box: list[int] = []
        self.current = 0
        self.phase = "start"
        self.pending: list[Pending] = []
        self.dice: tuple[int, str] = (0, "")
        self.turn_number = 0
        self.exchanged = False
        self.tokens: list[int] = [-1, -1]  # holder of the strength and trade advantage, -1 none
        self.winner = -1
        self.next_batch = 0
        self.started = -1  # the starting player
        self.used: list[int] = []  # cards whose once-per-turn ability was used this turn (Mint)
        # Per draw stack: how many of its bottom cards players put there (public: the table sees a card go under).
        self.returned: list[int] = [0] * num_stacks

    def clone(self) -> RivalsState:
        """An independent copy."""
        o = RivalsState.__new__(RivalsState)
        o.grid = [self.grid[0].copy(), self.grid[1].copy()]
        o.store = [self.store[0][:], self.store[1][:]]
        o.under = [dict(self.under[0]), dict(self.under[1])]
        o.hands = [self.hands[0][:], self.hands[1][:]]
        o.fresh = [self.fresh[0][:], self.fresh[1][:]]
        o.stacks = [s[:] for s in self.stacks]
        o.stack_backs = self.stack_backs
        o.face_up = self.face_up[:]
        o.center = {k: v[:] for k, v in self.center.items()}
        o.events = self.events[:]
        o.discard = self.discard[:]
        o.box = self.box[:]
        o.current = self.current
        o.phase = self.phase
        o.pending = self.pending[:]
        o.dice = self.dice
        o.turn_number = self.turn_number
        o.exchanged = self.exchanged
        o.tokens = self.tokens[:]
        o.winner = self.winner
        o.next_batch = self.next_batch
        o.started = self.started
        o.used = self.used[:]
        o.returned = self.returned[:]
        return o

    def put_under_stack(self, stack: int, card: int) -> None:
        """Put a card at the bottom of a draw stack, counted as put there by a player."""
        self.stacks[stack].append(card)
        self.returned[stack] += 1

    def take_from_stack(self, stack: int, index: int) -> int:
        """Take the card at `index` (0: the top) out of a draw stack; a card from the stack's bottom part that
        players put there leaves that count."""
        cards = self.stacks[stack]
        if index >= len(cards) - self.returned[stack]:
            self.returned[stack] -= 1
        return cards.pop(index)

    def all_places(self) -> list[int]:
        """Every card index in the state, once per place it lies (for the conservation check)."""
        out: list[int] = []
        for p in (0, 1):
            out.extend(c for c in self.grid[p] if c >= 0)
            out.extend(self.under[p].values())
            out.extend(self.hands[p])
        for s in self.stacks:
            out.extend(s)
        for v in self.center.values():
            out.extend(v)
        out.extend(self.face_up)
        out.extend(self.events)
        out.extend(self.discard)
        out.extend(self.box)
        return out

    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON (used for the save digest), but for the counts of cards put under the stacks:
        they follow from the action log, and leaving them out lets saves written before them replay."""
        return {
            "grid": [[(i, c) for i, c in enumerate(g) if c >= 0] for g in self.grid],
            "store": [[(i, v) for i, v in enumerate(s) if v] for s in self.store],
            "under": [sorted(u.items()) for u in self.under],
            "hands": [h[:] for h in self.hands], "fresh": [f[:] for f in self.fresh],
            "stacks": [s[:] for s in self.stacks], "stack_backs": list(self.stack_backs),
            "face_up": self.face_up[:], "center": {k: v[:] for k, v in self.center.items()},
            "events": self.events[:], "discard": self.discard[:], "box": self.box[:],
            "current": self.current, "phase": self.phase,
            "pending": [[b, p, k, list(d)] for b, p, k, d in self.pending],
            "dice": list(self.dice), "turn_number": self.turn_number, "exchanged": self.exchanged,
            "tokens": self.tokens[:], "winner": self.winner, "next_batch": self.next_batch,
            "started": self.started,
            **({"used": self.used[:]} if self.used else {}),  # absent when empty: intro digests stay unchanged
        }
