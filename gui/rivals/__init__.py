"""The Rivals for Catan table: two principalities facing each other, the centre stacks, the hand and the log."""
