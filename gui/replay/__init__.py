"""The replay viewer: step through a saved or finished game on its own table."""
