"""The Catan board game table: board renderer, panels, dialogs, animations, log and the scene that joins them."""
