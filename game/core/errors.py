"""Typed errors of the rules model; every message names what is wrong."""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Base of every error the rules model raises on bad input."""


class IllegalAction(GameError):
    """The action is not legal in the current state; the state is unchanged."""


class WrongPlayer(IllegalAction):
    """The action was submitted by a player who may not act now."""


class MalformedAction(GameError):
    """An action (usually from JSON) does not have the right shape or values."""


class UnknownVariant(GameError):
    """No variant is registered under that id or alias."""


class InvalidOptions(GameError):
    """Variant options are unknown, of the wrong type or out of range."""


class InvalidPosition(GameError):
    """A position file is inconsistent or violates the rules."""


class SaveError(GameError):
    """A save file cannot be read, or its contents do not replay to the recorded result."""


def brief(value: Any) -> str:
    """A value for an error message, cut short: it may come from a damaged file, huge or nested deeply."""
    try:
        text = repr(value)
    except RecursionError:
        return "(nested too deeply)"
    return text if len(text) <= 80 else text[:77] + "..."
