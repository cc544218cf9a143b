"""Modes of play: the few facts by which the intro, theme games and the Duel differ (hooks as data)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Mode:
    """How one mode sets up and ends; the rules read these instead of branching on variant ids."""

    id: str
    target_vp: int
    theme_sets: tuple[str, ...] = ()
    basic_stacks: int = 4  # the 36 basic draw cards are split evenly into this many stacks
    theme_stacks_per_set: int = 0  # 2 in theme games (one set), 1 per era in the Duel
    face_up: bool = False  # the era's pair is a face-up stack (theme games)
    crescent_removed: bool = False  # the Duel puts every crescent card back in the box
    duel_events: bool = False  # 6 standard events + 6 random crescent events
    start_hand: str = "top"  # "top": top 3 of a stack (intro); "search": pick 3 from a basic stack
    win_at_start: bool = False  # theme games and the Duel: a player with the target before rolling wins
    allow_remove: bool = False  # removing own buildings and units (theme rule)


INTRO = Mode("rivals-intro", 7)


def theme_mode(era: str) -> Mode:
    """A theme game of one era: 3 basic stacks of 12, 2 era stacks, the face-up pair, 12 VP."""
    return Mode(f"rivals-{era}", 12, theme_sets=(era,), basic_stacks=3, theme_stacks_per_set=2, face_up=True,
                start_hand="search", win_at_start=True, allow_remove=True)


GOLD = theme_mode("gold")
TURMOIL = theme_mode("turmoil")
PROGRESS = theme_mode("progress")

DUEL = Mode("rivals-duel", 13, theme_sets=("gold", "turmoil", "progress"), basic_stacks=3, theme_stacks_per_set=1,
            crescent_removed=True, duel_events=True, start_hand="search", win_at_start=True, allow_remove=True)
"""Duel of the Princes: the basic set and the three eras without their crescent cards, no face-up stack, 13 VP."""
