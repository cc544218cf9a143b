"""Typed errors of the rules model; every message names what is wrong."""

from __future__ import annotations


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
