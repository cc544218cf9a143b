"""Set-up of a game: starting principalities, centre stacks, draw stacks, event deck, box, roll-off."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.chance import Chance
from game.core.errors import InvalidOptions
from game.rivals.catalogue import catalogue
from game.rivals.constants import CENTER_ROW, START_LEFT_X
from game.rivals.events import StartingPlayerChosen
from game.rivals.mode import Mode
from game.rivals.principality import cell
from game.rivals.state import RivalsState

if TYPE_CHECKING:
    from game.rivals.card_rules import CardRules

# The starting regions (both colours, facts file §6): top row and bottom row, left to right.
START_TOP: tuple[str, ...] = ("forest", "gold_field", "fields")
START_BOTTOM: tuple[str, ...] = ("hills", "pasture", "mountains")


def build_event_deck(events: list[int], chance: Chance) -> list[int]:
    """Yule aside, shuffle the rest, 3 at the bottom, Yule on them, the rest on top (top first)."""
    cat = catalogue()
    yule = [e for e in events if cat.instances[e].card.id == "yule"]
    rest = chance.shuffled(sorted(e for e in events if cat.instances[e].card.id != "yule"))
    if not yule:
        return rest
    return rest[3:] + yule[:1] + rest[:3] + yule[1:] if len(rest) >= 3 else yule + rest


def place_start(s: RivalsState, p: int, color: str) -> None:
    """Lay out the starting principality of a colour: 2 settlements, a road, 6 regions (gold field empty)."""
    cat = catalogue()
    grid, store = s.grid[p], s.store[p]
    left = START_LEFT_X
    grid[cell(CENTER_ROW, left)] = cat.find("settlement", color)[0]
    grid[cell(CENTER_ROW, left + 1)] = cat.find("road", color)[0]
    grid[cell(CENTER_ROW, left + 2)] = cat.find("settlement", color)[1]
    for row, names in ((1, START_TOP), (3, START_BOTTOM)):
        for i, name in enumerate(names):
            c = cell(row, left - 1 + 2 * i)
            grid[c] = cat.find(name, color)[0]
            store[c] = 0 if name == "gold_field" else 1


def draw_piles(mode: Mode) -> tuple[list[int], list[int], list[int]]:
    """The mode's basic draw cards, theme draw cards (by set order) and event cards."""
    cat = catalogue()
    basic, theme, events = [], [], []
    for inst in cat.instances:
        if inst.set == "center":
            continue
        if mode.crescent_removed and inst.crescent and inst.card.type != "event":
            continue
        if inst.card.type == "event":
            if mode.duel_events and inst.crescent:
                continue  # the Duel draws 6 of the crescent events at random (duel_events)
            if inst.set == "basic" or inst.set in mode.theme_sets:
                events.append(inst.index)
        elif inst.set == "basic":
            basic.append(inst.index)
        elif inst.set in mode.theme_sets:
            theme.append(inst.index)
    return basic, theme, events


def duel_events(chance: Chance, count: int = 6) -> list[int]:
    """The Duel's random part of the event deck: `count` of the 15 crescent events, shuffled and drawn."""
    cat = catalogue()
    crescent = sorted(i.index for i in cat.instances if i.card.type == "event" and i.crescent)
    return chance.shuffled(crescent)[:count]


def draw_stacks(mode: Mode, basic: list[int], theme: list[int],
                chance: Chance) -> tuple[list[list[int]], tuple[str, ...], list[int]]:
    """The draw stacks, their backs and the face-up stack: basic cards split evenly, then per era its stacks."""
    cat = catalogue()
    order = chance.shuffled(sorted(basic))
    size = len(order) // mode.basic_stacks
    stacks = [order[i * size:(i + 1) * size] for i in range(mode.basic_stacks)]
    backs = ["basic"] * mode.basic_stacks
    face_up: list[int] = []
    for era in mode.theme_sets:
        cards = [i for i in theme if cat.instances[i].set == era]
        if mode.face_up:
            face_up.extend(i for i in cards if cat.instances[i].card.face_up == era)
            cards = [i for i in cards if cat.instances[i].card.face_up != era]
        n = max(1, mode.theme_stacks_per_set)
        order = chance.shuffled(sorted(cards))
        size = len(order) // n
        stacks.extend(order[k * size:(k + 1) * size] for k in range(n))
        backs.extend([era] * n)
    return stacks, tuple(backs), face_up


def set_up(mode: Mode, colors: tuple[str, ...], chance: Chance, rules: CardRules) -> tuple[RivalsState, list]:
    """The starting state of a mode: the intro rules, with the theme hooks read from the mode (InvalidOptions when
    the mode holds a card that has no rule)."""
    cat = catalogue()
    basic, theme, events = draw_piles(mode)
    if mode.start_hand not in ("top", "search"):
        raise InvalidOptions(f"{mode.id}: unknown way to take starting hands {mode.start_hand!r}")
    possible = events + [i.index for i in cat.instances if mode.duel_events and i.card.type == "event" and i.crescent]
    missing = sorted({cat.instances[i].card.id for i in possible} - set(rules.events) - {"yule"})  # Yule rebuilds the deck
    missing += sorted({cat.instances[i].card.id for i in theme if cat.instances[i].card.is_action}
                      - set(rules.actions))
    if missing:
        raise InvalidOptions(f"{mode.id}: the mode holds cards without rules: {', '.join(missing)}")
    s = RivalsState(0)
    for p, color in enumerate(colors):
        place_start(s, p, color)
    for kind in ("road", "settlement", "city"):
        s.center[kind] = list(cat.find(kind, kind))
    s.center["region"] = chance.shuffled(sorted(i.index for i in cat.instances if i.back == "region"))
    stacks, backs, face_up = draw_stacks(mode, basic, theme, chance)
    s.stacks, s.stack_backs, s.face_up = stacks, backs, face_up
    s.returned = [0] * len(stacks)
    if mode.duel_events:
        events = events + duel_events(chance)
    s.events = build_event_deck(events, chance)
    placed = set(s.all_places())
    s.box = [i.index for i in cat.instances if i.index not in placed]
    first, rolls = roll_off(chance)
    s.current = s.started = first
    s.phase = "start"
    s.pending = [(0, first, "start_stack", (-1,))] if mode.start_hand == "top" else [(0, first, "start_search", ())]
    s.next_batch = 1
    return s, [StartingPlayerChosen(first, rolls)]


def roll_off(chance: Chance) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Both roll the production die; the higher starts; ties roll again (ruling)."""
    rolls = []
    while True:
        a, b = chance.die(), chance.die()
        rolls.append((a, b))
        if a != b:
            return (0 if a > b else 1), tuple(rolls)
