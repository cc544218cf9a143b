"""Statistics of a Rivals game so far (production die, event die, resources gained and lost), from its log."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.core.actions import Event
from game.core.game import Game
from game.core.log_events import replayed_events
from game.rivals.constants import EVENT_FACES
from game.rivals.events import DiceRolled, ResourceChanged, Traded

#: The distinct faces of the event die, in the die's order (the event card shows on two of its six sides).
FACES: tuple[str, ...] = tuple(dict.fromkeys(EVENT_FACES))
#: How many of the event die's six sides show each face of FACES.
FACE_SIDES: tuple[int, ...] = tuple(EVENT_FACES.count(face) for face in FACES)
PRODUCTION_SOURCES = frozenset({"production", "booster"})
BRIGAND = "brigand_attack"


@dataclass(frozen=True, slots=True)
class RivalsStats:
    """Counts of both dice and of each player's resources.

    `production_counts[v]` is how often the production die showed v (index 0 unused); `event_counts[i]` how often
    the event die showed FACES[i]. `produced` counts resources from production (boosters included), `other_gains`
    resources from every other source but trades, `brigand_losses` the resources the Brigand Attack took.
    """

    production_counts: tuple[int, ...]
    event_counts: tuple[int, ...]
    produced: tuple[int, ...]
    other_gains: tuple[int, ...]
    brigand_losses: tuple[int, ...]

    @property
    def rolls(self) -> int:
        """How many times the dice were rolled."""
        return sum(self.production_counts)

    def expected_production(self) -> tuple[float, ...]:
        """The expected count of each production die value (index 0..6) for this many rolls."""
        return (0.0,) + tuple(self.rolls / 6 for _ in range(6))

    def expected_events(self) -> tuple[float, ...]:
        """The expected count of each event die face (in FACES order) for this many rolls."""
        return tuple(self.rolls * sides / 6 for sides in FACE_SIDES)


def tally(steps: Iterable[Sequence[Event]], players: int = 2) -> RivalsStats:
    """Count the dice and the resources over the events of each applied action (one sequence per action)."""
    production = [0] * 7
    faces = [0] * len(FACES)
    produced = [0] * players
    other = [0] * players
    brigand = [0] * players
    for events in steps:
        traded = any(isinstance(e, Traded) for e in events)
        for e in events:
            if isinstance(e, DiceRolled):
                if 1 <= e.production <= 6:
                    production[e.production] += 1
                if e.event in FACES:
                    faces[FACES.index(e.event)] += 1
            elif isinstance(e, ResourceChanged) and 0 <= e.player < players:
                if e.delta > 0 and e.source in PRODUCTION_SOURCES:
                    produced[e.player] += e.delta
                elif e.delta > 0 and not (traded and e.source == "trade"):
                    other[e.player] += e.delta
                elif e.delta < 0 and e.source == BRIGAND:
                    brigand[e.player] -= e.delta
    return RivalsStats(tuple(production), tuple(faces), tuple(produced), tuple(other), tuple(brigand))


def compute_stats(game: Game) -> RivalsStats:
    """Replay the game's log and count its dice and resources (GameError if the log does not replay)."""
    _initial, steps = replayed_events(game)
    return tally((events for _action, events in steps), game.num_players)
