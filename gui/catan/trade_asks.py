"""The trade panel's one-click asks: what the hand lacks for a build (as the rules model tells it), which spare cards
to offer for it, and the player's last offer."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.catan import actions as A
from game.catan.constants import COSTS
from game.catan.reasons import why_not
from game.core.reasons import Reason

#: The builds the panel asks for: the rules' action family (game.catan.reasons.ACTION_KINDS) and its cost's key.
BUILDS: tuple[tuple[str, str], ...] = (("road", "road"), ("settlement", "settlement"), ("city", "city"),
                                       ("dev", "dev_card"))
NOTHING: tuple[int, ...] = (0, 0, 0, 0, 0)


@dataclass(frozen=True)
class BuildAsk:
    """One build's ask: the cards to ask for and to give for them, or the reason why there is no ask."""

    build: str
    get: tuple[int, ...] = NOTHING
    give: tuple[int, ...] = NOTHING
    reason: Reason | None = None

    @property
    def enabled(self) -> bool:
        """Whether the ask can be made (nothing stands in the way)."""
        return self.reason is None


def spare_cards(hand: Sequence[int], cost: Sequence[int], count: int) -> tuple[int, ...]:
    """Up to count cards the build does not need, one at a time from the largest spare pile (ties: resource order)."""
    spare = [max(0, h - c) for h, c in zip(hand, cost)]
    give = [0] * len(spare)
    for _ in range(count):
        r = max(range(len(spare)), key=lambda i: (spare[i], -i))
        if spare[r] <= 0:
            break
        spare[r] -= 1
        give[r] += 1
    return tuple(give)


def _has_spot(game: Any, player: int, build: str) -> bool:
    """Whether the board has a place for the piece now (the rules model's spots, ignoring the cost)."""
    spots = {"road": "road_spots", "settlement": "settlement_spots", "city": "city_spots"}.get(build)
    return spots is None or bool(getattr(game, spots)(player))


def build_ask(game: Any, player: int, build: str, cost_key: str, legal_kinds: Iterable[str]) -> BuildAsk:
    """The ask for one build: the cards the rules model says are missing and as many spare cards to give; none when
    the build is possible already, or impossible whatever the cards (no piece, no place, no deck, wrong phase)."""
    reason = why_not(game.state, player, build, legal_kinds)
    if reason is None:
        return BuildAsk(build, reason=Reason(f"trade_panel.have.{build}"))
    if reason.key != "reason.resources":
        return BuildAsk(build, reason=reason)
    if not _has_spot(game, player, build):
        return BuildAsk(build, reason=Reason("reason.no_spot", {"piece": build}))
    missing = tuple(reason.params["missing"])
    give = spare_cards(game.state.hands[player], COSTS[cost_key], sum(missing))
    return BuildAsk(build, missing, give)


def build_asks(game: Any, player: int, legal_kinds: Iterable[str]) -> tuple[BuildAsk, ...]:
    """The asks for a road, a settlement, a city and a development card, in that order."""
    kinds = set(legal_kinds)
    return tuple(build_ask(game, player, build, cost, kinds) for build, cost in BUILDS)


def last_offer(game: Any, player: int) -> A.OfferTrade | None:
    """The newest domestic offer the player made in this game (counters excluded), if any."""
    for entry in reversed(game.log):
        action = entry.action
        if isinstance(action, A.OfferTrade) and action.player == player:
            return action
    return None


__all__ = ["BUILDS", "BuildAsk", "build_ask", "build_asks", "last_offer", "spare_cards"]
