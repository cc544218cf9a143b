"""The Catan board game family: hex geometry, boards, rules and variant classes."""
