"""Card effects: action cards, events, pending-decision kinds, on-build hooks and card uses, by card id; the
registry module gathers them into the game's CardRules (importing this package alone runs none of them)."""
