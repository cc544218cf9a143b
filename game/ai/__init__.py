"""Bots: one interface, `choose(view, legal_actions, rng) -> action`, for every game."""
