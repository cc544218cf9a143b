"""Invariant checks of a Catan game (they live in the rules model, where the layout lab's workers use them too)."""

from game.catan.invariants import InvariantViolation, check_invariants

__all__ = ["InvariantViolation", "check_invariants"]
