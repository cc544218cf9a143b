"""The table of the Catan quick card game: scene, panels, dialogs, log and end screen."""
