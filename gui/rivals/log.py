"""The Rivals events as translated log lines: gains and payments of one cause are joined into one line, and cards
that only one seat may know (a drawn card, a card taken from a hand) are never named."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.rivals.catalogue import catalogue
from game.rivals.constants import RESOURCES, TOKENS
from gui.rivals.names import Names
from gui.table.log_view import BUILDS, DICE, LogEntry

Color = tuple[int, int, int]
QUIET = frozenset({"decision_required"})
DIM = frozenset({"turn_ended", "card_drawn", "card_returned", "event_deck_rebuilt", "resource_lost"})
# What the log's filters keep: the dice and what they bring (production, the event die's faces and cards), and
# the builds, card plays and trades.
DICE_KINDS = frozenset({"dice_rolled", "event_card_drawn", "protection_rolled", "protected", "resource_lost"})
BUILD_KINDS = frozenset({"card_built", "regions_placed", "regions_swapped", "card_played", "traded"})
DICE_SOURCES = frozenset({"production", "booster", "event_card", "brigand_attack", "celebration", "plentiful_harvest"})


@dataclass
class RivalsNarrator:
    """Turns Rivals events into log entries in the app's language."""

    names: Callable[[], Names]
    name: Callable[[int], str]
    color: Callable[[int], Color]

    def describe(self, event: Any) -> list[LogEntry]:
        """The log lines of one event."""
        return self.describe_all([event])

    def describe_all(self, events: Sequence[Any]) -> list[LogEntry]:
        """The log lines of an action's events; runs of resource changes with one cause become one line."""
        out: list[LogEntry] = []
        run: list[Any] = []
        for e in events:
            if e.kind == "resource_changed":
                if run and (run[0].player, run[0].source, run[0].delta > 0) != (e.player, e.source, e.delta > 0):
                    out.extend(self._changes(run))
                    run = []
                run.append(e)
                continue
            if run:
                out.extend(self._changes(run))
                run = []
            out.extend(self._one(e))
        if run:
            out.extend(self._changes(run))
        return out

    def _changes(self, run: Sequence[Any]) -> list[LogEntry]:
        n = self.names()
        amounts = [0] * len(RESOURCES)
        for e in run:
            if 0 <= e.resource < len(RESOURCES):
                amounts[e.resource] += abs(e.delta)
        first = run[0]
        key = "rivals.log.gain" if first.delta > 0 else "rivals.log.pay"
        text = n.t(key, player=self.name(first.player), items=n.resources(amounts), source=n.source(first.source))
        return [LogEntry(_capital(text), self.color(first.player), first.delta < 0, _source_topic(first.source))]

    def _one(self, e: Any) -> list[LogEntry]:
        kind = e.kind
        if kind in QUIET:
            return []
        n = self.names()
        params: dict[str, Any] = {}
        for key, value in e.params().items():
            if key == "player":
                params[key] = self.name(value) if isinstance(value, int) and value >= 0 else "?"
            elif key in ("card", "by") and isinstance(value, str):
                params[key] = n.card(value)
            elif key == "source":
                params[key] = n.source(value)
            elif key in ("stack",):
                params[key] = n.stack(value) if value >= 0 else n.t("rivals.discard_pile")
            elif key in ("resource", "give", "get"):
                params[key] = n.resource(value) if value >= 0 else n.t("rivals.a_resource")
            elif key == "event":
                params[key] = n.t(f"rivals.face.{value}") if value else ""
            elif key == "cards" and isinstance(value, tuple):
                params[key] = ", ".join(n.card(c) for c in value)
            elif key == "reason":
                reason = f"rivals.reason.{value}"
                params[key] = n.t(reason) if n.has(reason) else value.replace("_", " ")
            elif key == "token":
                params[key] = n.t(f"rivals.token.{value}")
            else:
                params[key] = value
        who = getattr(e, "player", None)
        if kind == "card_drawn" or kind == "hand_card_taken":
            params.pop("card", None)  # hidden from the other seat
        elif kind == "discard_card_taken":
            params["card"] = n.card(e.card)
        elif kind == "starting_player_chosen":
            params["rolls"] = ", ".join(f"{a}:{b}" for a, b in e.rolls)
        elif kind == "dice_rolled" and e.fixed:
            kind = "dice_fixed"
        elif kind == "card_removed" and e.stack < 0:
            kind = "card_discarded"
        elif kind == "advantage_changed":
            who = e.holder if e.holder >= 0 else None
            params["player"] = self.name(e.holder) if e.holder >= 0 else ""
            if e.holder < 0:
                kind = "advantage_returned"
            params["token"] = n.t(f"rivals.token.{e.token}") if e.token in TOKENS else e.token
        elif kind == "protection_rolled":
            kind = "protection_held" if e.protected else "protection_failed"
        elif kind == "game_won":
            params["points"] = n.t("rivals.vp.count", count=e.vp)
        key = f"rivals.log.{kind}"
        if n.has(key):
            text = n.t(key, **params)
        else:
            text = n.t("rivals.log.other", what=kind.replace("_", " "))
        color = self.color(who) if isinstance(who, int) and who >= 0 else None
        topic = DICE if e.kind in DICE_KINDS else BUILDS if e.kind in BUILD_KINDS else ""
        return [LogEntry(_capital(text), color, kind in DIM, topic)]


def _source_topic(source: str) -> str:
    """The filter topic of a resource change: the dice's production and events, or builds and trades (a card paid
    for or played, a trade); the rest (set-up, removals) only under all."""
    if source in DICE_SOURCES:
        return DICE
    card = catalogue().cards.get(source)
    if card is not None and card.type == "event":
        return DICE     # an event card the event die drew
    if source == "trade" or card is not None:
        return BUILDS
    return ""


def _capital(text: str) -> str:
    """A log line starts with a capital letter (a card or a die face may open it)."""
    return text[:1].upper() + text[1:]
