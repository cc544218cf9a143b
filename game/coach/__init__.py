"""The coach: every seat's chance to win in any position of every game, and the review of a recorded game (the
win-chance series, its key moments, luck against decisions, and each decision judged)."""
