"""Measuring play, shared by the arena and the layout lab: intervals, tests and power of win rates, and seat rotation."""
