"""The layout lab's screens: the board editor with its analysis, the layout files and the comparison."""
