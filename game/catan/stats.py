"""Statistics of a Catan game (VP per turn, dice, cards gained, the robber's victims), from a replay of its log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.catan import events as E
from game.catan.constants import SPECIAL_CARD_VP, VICTORY_POINT
from game.core.actions import Event

if TYPE_CHECKING:
    from game.catan.rules import CatanGame

# Chance of each dice total 2..12 with two fair dice, in 36ths (index = total).
DICE_WAYS: tuple[int, ...] = (0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)


@dataclass(frozen=True, slots=True)
class VPBreakdown:
    """Where one player's victory points come from (VP cards counted only when revealed)."""

    settlements: int
    cities: int
    longest_road: int
    largest_army: int
    vp_cards: int

    @property
    def total(self) -> int:
        """All the points together."""
        return self.settlements + self.cities + self.longest_road + self.largest_army + self.vp_cards


@dataclass(frozen=True, slots=True)
class GameStats:
    """Per-game series for charts.

    `production` counts the cards paid by dice rolls; `other_gains` counts cards from the set-up payout,
    Year of Plenty, Monopoly and the robber. Trades (with players or the bank) are excluded from both.
    `stolen_from` counts the cards the robber took from each player, `discarded` the cards each gave up on a seven.
    """

    num_players: int
    turns: tuple[int, ...]
    vp_series: tuple[tuple[int, ...], ...]
    dice_counts: tuple[int, ...]
    production: tuple[tuple[int, ...], ...]
    other_gains: tuple[tuple[int, ...], ...]
    stolen_from: tuple[int, ...] = ()
    discarded: tuple[int, ...] = ()

    @property
    def rolls(self) -> int:
        """How many times the dice were rolled."""
        return sum(self.dice_counts)

    def expected_dice_counts(self) -> tuple[float, ...]:
        """The expected count of each total (index 0..12) for this many rolls."""
        return expected_dice_counts(self.rolls)

    def received(self, player: int) -> int:
        """All the resource cards a player received (production and other gains; no trades)."""
        return sum(self.production[player]) + sum(self.other_gains[player])


def expected_dice_counts(rolls: int) -> tuple[float, ...]:
    """Expected number of each dice total (index 0..12) in `rolls` rolls of two dice."""
    return tuple(rolls * ways / 36 for ways in DICE_WAYS)


def vp_breakdown(game: CatanGame, player: int, reveal_cards: bool = True) -> VPBreakdown:
    """Split a player's points by source; hidden VP cards count only with reveal_cards (at the end)."""
    s = game.state
    settlements = cities = 0
    for node, owner in enumerate(s.node_owner):
        if owner == player:
            if s.node_level[node] == 1:
                settlements += 1
            elif s.node_level[node] == 2:
                cities += 1
    return VPBreakdown(
        settlements=settlements,
        cities=2 * cities,
        longest_road=SPECIAL_CARD_VP if s.longest_holder == player else 0,
        largest_army=SPECIAL_CARD_VP if s.army_holder == player else 0,
        vp_cards=s.dev_hand[player][VICTORY_POINT] if reveal_cards else 0,
    )


def fresh_game(game: CatanGame) -> CatanGame:
    """A new game in the same starting position as `game`, before any logged action."""
    variant = game.variant
    if game.start_position is not None:
        return variant.game_from_position(game.start_position, seats=game.seats, seed=game.seed)  # type: ignore[return-value]
    return variant.new_game(game.seats, game.seed, game.options,  # type: ignore[return-value]
                            setup_outcomes=game.setup_outcomes, layout=game.layout)


def compute_stats(game: CatanGame) -> GameStats:
    """Replay the game's log and gather VP per turn, dice totals, resources gained and cards lost per player."""
    n = game.num_players
    g = fresh_game(game)
    turns = [g.state.turn_number]
    vp: list[list[int]] = [[g.public_vp(p)] for p in range(n)]
    dice = [0] * 13
    production = [[0] * 5 for _ in range(n)]
    other = [[0] * 5 for _ in range(n)]
    stolen = [0] * n
    discarded = [0] * n
    sampled = True
    for entry in list(game.log):
        g.chance.force(*entry.outcomes)
        events = g.apply(entry.action)
        sampled = False
        for event in events:
            _count(event, n, dice, production, other)
            _count_losses(event, n, stolen, discarded)
            if isinstance(event, E.TurnEnded):
                _sample(g, turns, vp)
                sampled = True
    if not sampled:
        if turns[-1] == g.state.turn_number:
            # The last turn did not end (the game was won in it): its sample is replaced.
            turns.pop()
            for series in vp:
                series.pop()
        _sample(g, turns, vp)
    return GameStats(
        num_players=n,
        turns=tuple(turns),
        vp_series=tuple(tuple(series) for series in vp),
        dice_counts=tuple(dice),
        production=tuple(tuple(row) for row in production),
        other_gains=tuple(tuple(row) for row in other),
        stolen_from=tuple(stolen),
        discarded=tuple(discarded),
    )


def _sample(g: CatanGame, turns: list[int], vp: list[list[int]]) -> None:
    turns.append(g.state.turn_number)
    for p, series in enumerate(vp):
        series.append(g.public_vp(p))


def _count(event: Event, n: int, dice: list[int], production: list[list[int]], other: list[list[int]]) -> None:
    """Add one event to the tallies (players >= n, e.g. neutral ones, are not counted)."""
    if isinstance(event, E.DiceRolled):
        dice[event.dice[0] + event.dice[1]] += 1
    elif isinstance(event, E.ResourcesProduced):
        for p, gains in enumerate(event.gains[:n]):
            for r, amount in enumerate(gains):
                production[p][r] += amount
    elif isinstance(event, E.ResourcesGained) and event.player < n:
        for r, amount in enumerate(event.cards):
            other[event.player][r] += amount
    elif isinstance(event, E.MonopolyTaken) and event.player < n:
        other[event.player][event.resource] += event.amount
    elif isinstance(event, E.CardStolen) and event.thief < n:
        other[event.thief][event.resource] += 1


def _count_losses(event: Event, n: int, stolen: list[int], discarded: list[int]) -> None:
    """Add one event to the tallies of cards lost to the robber and to a seven (players >= n are not counted)."""
    if isinstance(event, E.CardStolen) and 0 <= event.victim < n:
        stolen[event.victim] += 1
    elif isinstance(event, E.CardsDiscarded) and 0 <= event.player < n:
        discarded[event.player] += sum(event.cards)


def logged_turn(log: list[object]) -> int:
    """The turn a saved Catan game has reached, read from its JSON log without replaying (1 + ended turns)."""
    ended = sum(1 for entry in log
                if isinstance(entry, dict) and isinstance(entry.get("action"), dict)
                and entry["action"].get("kind") == "end_turn")
    return ended + 1
