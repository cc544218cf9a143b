"""The kit every game's table is built from: base scene, dialogs, log view, panels, buttons, sprites, seat colours."""
