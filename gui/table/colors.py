"""The seats' colours: the RGB every table draws a seat colour id in."""

from __future__ import annotations

PLAYER_RGB = {
    "red": (196, 44, 44), "blue": (40, 92, 176), "white": (238, 236, 228), "orange": (232, 132, 32),
    "green": (60, 150, 70), "brown": (128, 84, 48),
}


def player_rgb(color: str) -> tuple[int, int, int]:
    """The RGB of a seat colour id."""
    return PLAYER_RGB.get(color, (150, 150, 150))
