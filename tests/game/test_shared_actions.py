"""Shared constructors (game.core.actions.shared) hand out one instance per value, equal to a freshly built one."""

from __future__ import annotations

from game.core.actions import SHARED_ACTIONS_PER_CLASS, shared
from game.rivals import actions as A
from game.rivals.events import ResourceChanged, resource_changed


def test_shared_constructor_reuses_one_instance_per_value() -> None:
    first = A.trade(0, ((3, 2),), 7, -1)
    again = A.trade(0, ((3, 2),), 7, -1)
    assert first is again
    assert first == A.Trade(0, ((3, 2),), 7, -1)
    assert type(first) is A.Trade
    other = A.trade(1, ((3, 2),), 7, -1)
    assert other != first and other is not first


def test_shared_events_equal_fresh_ones() -> None:
    event = resource_changed(0, 5, 2, 1, "production")
    assert event is resource_changed(0, 5, 2, 1, "production")
    assert event == ResourceChanged(0, 5, 2, 1, "production")
    assert event.to_json() == ResourceChanged(0, 5, 2, 1, "production").to_json()


def test_shared_constructor_is_bounded() -> None:
    make = shared(A.Gain)
    for cell in range(SHARED_ACTIONS_PER_CLASS + 10):
        make(0, cell)
    info = make.cache_info()  # type: ignore[attr-defined]
    assert info.currsize == SHARED_ACTIONS_PER_CLASS
