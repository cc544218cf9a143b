"""Catan Table's shipped example layouts and positions, installed as the package catan_table_saves."""
