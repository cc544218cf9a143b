"""The dice roll of the Catan rules: production, the bank's shortage rule and the seven's start."""

from __future__ import annotations

from operator import gt
from typing import Any

from game.catan import actions as A
from game.catan import events as E
from game.catan.state import DISCARD, MAIN, MOVE_ROBBER, NOBODY, ROLL, CatanState
from game.core.actions import Event
from game.core.chance import Chance


class ProductionMixin:
    """Rolling the dice and paying what the roll produces.

    Mixed into CatanGame (game.catan.rules), which supplies the state and the helpers shared by all concerns.
    """

    state: CatanState
    options: dict[str, Any]
    chance: Chance
    _producers: tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]

    def _check_roll(self, a: A.Roll) -> None:
        self._need_phase(ROLL)

    def _do_roll(self, a: A.Roll) -> list[Event]:
        s = self.state
        dice = self.chance.dice()
        s.last_roll = dice
        s.has_rolled = True
        events: list[Event] = [E.dice_rolled(a.player, dice)]
        self._resolve_roll(a.player, dice[0] + dice[1], events)
        return events

    def _resolve_roll(self, player: int, total: int, events: list[Event]) -> None:
        """Production, or the seven's discards and robber."""
        s = self.state
        if total == 7:
            owed = [self.discard_owed(sum(h)) for h in s.hands]
            s.robber_cause = "seven"
            if any(owed):
                s.owed = owed
                s.phase = DISCARD
                events.append(E.DiscardRequired(tuple(owed)))
            else:
                s.phase = MOVE_ROBBER
            return
        self._produce(total, events)
        s.phase = MAIN if s.has_rolled else ROLL

    def _produce(self, total: int, events: list[Event]) -> None:
        """Pay a roll of `total`. What it pays while the bank has enough is cached per roll until a settlement or
        city is built (the pieces left only ever fall, see _board_version); the robber counts only where it
        blocks that number."""
        s = self.state
        stamp = sum(s.settlements_left) + 100 * sum(s.cities_left)  # at most 20 settlements left: one number
        cached = s.derived.get("production")
        if cached is None or cached[0] != stamp:
            cached = s.derived["production"] = (stamp, {})
        by_roll: dict[object, Any] = cached[1]  # type: ignore[index]
        robber = s.robber
        key = (total, robber) if s.board.numbers[robber] == total else total
        found = by_roll.get(key)
        if found is None:
            found = by_roll[key] = self._count_production(total)
        gains, wanted, produced = found
        if not gains:
            return
        bank = s.bank
        if any(map(gt, wanted, bank)):  # rare: the bank cannot pay everyone some resource
            rows = [list(row) for row in produced.gains]
            self._apply_bank_rule(rows, [r for r in range(5) if wanted[r] > bank[r]], events)
            gains = tuple((p, r, row[r]) for p, row in enumerate(rows) for r in range(5) if row[r])
            if not gains:
                return
            produced = E.ResourcesProduced(tuple(map(tuple, rows)))
        hands = s.hands
        for owner, res, amount in gains:
            hands[owner][res] += amount
            bank[res] -= amount
        events.append(produced)

    def _count_production(self, total: int) -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...],
                                                      E.ResourcesProduced]:
        """What a roll of `total` pays while the bank has enough: the (player, resource, amount) gains, what
        all are owed together per resource, and the event."""
        s = self.state
        n = s.num_players
        node_owner = s.node_owner
        node_level = s.node_level
        robber = s.robber
        gains: list[tuple[int, int, int]] = []  # (owner, resource, amount) per producing building
        wanted = [0, 0, 0, 0, 0]
        for h, res, nodes in self._producers[total]:
            if h == robber:
                continue
            for node in nodes:
                owner = node_owner[node]
                if owner != NOBODY and owner < n:  # neutral colours (two-player game) collect nothing
                    level = node_level[node]
                    gains.append((owner, res, level))
                    wanted[res] += level
        owed = [[0, 0, 0, 0, 0] for _ in range(n)]
        for owner, res, level in gains:
            owed[owner][res] += level
        return tuple(gains), tuple(wanted), E.ResourcesProduced(tuple(map(tuple, owed)))

    def _apply_bank_rule(self, owed: list[list[int]], short: list[int], events: list[Event]) -> None:
        """The bank cannot pay everyone the resources in `short`: cut `owed` by the chosen rule."""
        rule = self.options["bank_rule"]
        bank = self.state.bank
        if rule == "strict":
            # The literal reading of the almanac: nobody collects anything from this roll.
            short = [r for r in range(5) if any(o[r] for o in owed)]
        for r in short:
            receivers = [o for o in owed if o[r]]
            if rule == "fifth_edition" and len(receivers) == 1:
                receivers[0][r] = bank[r]
                continue
            for o in owed:
                o[r] = 0
            events.append(E.BankShort(r))
