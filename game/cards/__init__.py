"""The Catan quick card game (catan-cards)."""
