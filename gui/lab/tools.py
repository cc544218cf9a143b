"""The editing tools: what a click or a drag on the board does, turned into edits of the layout editor."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import reduce

from game.core.errors import InvalidPosition
from game.lab.editor import LayoutEditor
from game.lab.layout import LabLayout
from gui.lab.board_layer import Ghost, LabBoard

TOOLS: tuple[str, ...] = ("move", "terrain", "number", "harbor")
DRAG_THRESHOLD = 6


@dataclass
class Gesture:
    """A press on the board still held: what was grabbed, where, and (painting) the hexes painted so far."""

    kind: str
    source: int
    start: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False
    painted: list[int] = field(default_factory=list)
    steps: int = 0


class BoardTools:
    """The chosen tool and its palette value; turns pointer presses, motion and releases into edits.

    Every tool drags the robber and the harbors; the move tool also drags hexes (with their tokens) and tokens.
    The terrain tool paints every hex the pointer crosses (one undo step per stroke), the number tool sets a
    token, the harbor tool puts the chosen harbor on a coastal path (or takes it away).
    """

    def __init__(self, board: LabBoard, editor: Callable[[], LayoutEditor], on_error: Callable[[str], None]) -> None:
        self.board = board
        self.editor = editor
        self.on_error = on_error
        self.tool = "move"
        self.terrain = "forest"
        self.number = 6
        self.harbor: str | None = "generic_3_1"
        self.gesture: Gesture | None = None

    # ------------------------------------------------------------------ edits

    def apply(self, edit: Callable[[LabLayout], LabLayout]) -> bool:
        """Apply one edit; a refused edit (InvalidPosition) is reported and changes nothing."""
        try:
            return self.editor().apply(edit)
        except InvalidPosition as exc:
            self.on_error(str(exc))
            return False

    # ------------------------------------------------------------------ pointer

    def press(self, pos: tuple[int, int]) -> bool:
        """A left press on the board; True when it started something."""
        board = self.board
        if board.robber_at(pos) and board.layout_shown is not None:
            self.gesture = Gesture("robber", board.layout_shown.robber, pos, pos)
            return True
        harbor = board.harbor_at(pos)
        if harbor is not None:
            self.gesture = Gesture("harbor", harbor, pos, pos)
            return True
        if self.tool == "harbor":
            coast = board.coast_at(pos)
            if coast is not None:
                self.gesture = Gesture("coast", coast, pos, pos)
                return True
        h = board.hex_at(pos)
        if h is None:
            return False
        if self.tool == "terrain":
            self.gesture = Gesture("paint", h, pos, pos, painted=[h])
            terrain = self.terrain
            if self.apply(lambda l: l.with_terrain(h, terrain)):
                self.gesture.steps = 1
            return True
        if self.tool == "number":
            number = self.number
            self.apply(lambda l: l.with_number(h, number))
            return True
        if self.tool == "move":
            token = board.token_at(pos)
            self.gesture = Gesture("token" if token is not None else "hex", h, pos, pos)
            return True
        return False

    def motion(self, pos: tuple[int, int]) -> None:
        """The pointer moved while pressed: drag, or paint the hex under it."""
        g = self.gesture
        if g is None:
            return
        g.pos = pos
        if math.hypot(pos[0] - g.start[0], pos[1] - g.start[1]) > DRAG_THRESHOLD:
            g.moved = True
        if g.kind == "paint":
            h = self.board.hex_at(pos)
            if h is not None and h not in g.painted:
                g.painted.append(h)
                terrain = self.terrain
                if self.apply(lambda l: l.with_terrain(h, terrain)):
                    g.steps += 1

    def release(self, pos: tuple[int, int]) -> None:
        """The press ended: drop what was dragged, or finish the stroke as one undo step."""
        g = self.gesture
        if g is None:
            return
        if g.kind == "paint":
            self.motion(pos)
        self.gesture = None
        board = self.board
        moved = g.moved or math.hypot(pos[0] - g.start[0], pos[1] - g.start[1]) > DRAG_THRESHOLD
        if g.kind == "paint":
            self._collapse_stroke(g)
        elif g.kind in ("hex", "token", "robber"):
            target = board.hex_at(pos)
            if not moved or target is None or target == g.source:
                return
            a = g.source
            if g.kind == "hex":
                self.apply(lambda l: l.with_swapped(a, target))
            elif g.kind == "token":
                self.apply(lambda l: l.with_swapped_numbers(a, target))
            else:
                self.apply(lambda l: l.with_robber(target))
        elif g.kind == "harbor":
            if moved:
                target = board.coast_at(pos, 0.8)
                if target is not None and target != g.source:
                    self.apply(lambda l: l.with_harbor_moved(g.source, target))
            elif self.tool == "harbor":
                self._put_harbor(g.source)
        elif g.kind == "coast" and not moved:
            self._put_harbor(g.source)

    def _put_harbor(self, edge: int) -> None:
        kind = self.harbor
        self.apply(lambda l: l.with_harbor(edge, kind))

    def _collapse_stroke(self, g: Gesture) -> None:
        """A stroke that painted several hexes becomes one edit (undo takes it back at once)."""
        if g.steps <= 1:
            return
        editor = self.editor()
        for _ in range(g.steps):
            editor.undo()
        terrain = self.terrain
        hexes = tuple(g.painted)
        self.apply(lambda l: reduce(lambda acc, h: acc.with_terrain(h, terrain), hexes, l))

    def cancel(self) -> None:
        """Forget a drag in progress (Escape)."""
        if self.gesture is not None and self.gesture.kind == "paint":
            self._collapse_stroke(self.gesture)
        self.gesture = None

    # ------------------------------------------------------------------ drawing help

    def ghost(self) -> Ghost | None:
        """What to draw under the pointer while dragging."""
        g = self.gesture
        if g is None or not g.moved or g.kind not in ("hex", "token", "robber", "harbor"):
            return None
        if g.kind == "harbor":
            target = self.board.coast_at(g.pos, 0.8)
        else:
            target = self.board.hex_at(g.pos)
        return Ghost(g.kind, g.source, g.pos, target)
