"""The Catan board game's table: the scene, the board and its extras, the Catan panels, dialogs and animations."""
