"""Rivals for Catan (Katan – Duel): card catalogue, principality, effects and variant classes."""
