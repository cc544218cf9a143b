"""Tests of the layout lab (game/lab)."""
