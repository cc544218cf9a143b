"""The luck meter on the end screens: each seat's dice production expected against received, its losses, and the
dice against the odds (the bars for gui.charts), all from game.coach.luck."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.errors import GameError
from gui.charts import SEVEN, Bar, draw_bar_chart
from gui.dialogs import GOLD, TEXT, blit_text, px

if TYPE_CHECKING:
    from game.coach.luck import LuckMeter, SeatLuck

LUCKY = (132, 204, 120)
UNLUCKY = (232, 128, 106)


def luck_of(game: Any) -> LuckMeter | None:
    """The game's luck meter, or None for a family without dice or a log that does not replay."""
    from game.coach.luck import luck_meter

    try:
        return luck_meter(game)
    except GameError:
        return None


def luck_color(seat: SeatLuck) -> tuple[int, int, int]:
    """Green when a seat received clearly more than expected, red when clearly less, else the plain text colour
    (clearly: by more than half the spread chance alone gives, and a card at least)."""
    margin = max(1.0, seat.spread / 2)
    if seat.luck > margin:
        return LUCKY
    if seat.luck < -margin:
        return UNLUCKY
    return TEXT


def production_text(translator: Any, seat: SeatLuck, key: str = "luck.production_line") -> str:
    """'production: expected 41.2, received 37' in the translator's language (its decimal mark)."""
    return translator.t(key, expected=translator.number(seat.expected, 1), received=seat.received)


def dice_bars(meter: LuckMeter, t: Callable[..., str]) -> list[Bar | None]:
    """The bars of every die of the meter, against their expected counts: Catan's totals 2-12 (the seven red);
    Rivals' production die, a gap, then the event die's faces (the Brigand red)."""
    bars: list[Bar | None] = []
    for dice in meter.dice:
        if bars:
            bars.append(None)
        for face, count, expected in zip(dice.faces, dice.counts, dice.expected):
            if dice.die == "event":
                bars.append(Bar(t(f"rivals.face.{face}"), count, expected, SEVEN if face == "brigand_attack" else GOLD))
            else:
                bars.append(Bar(face, count, expected, SEVEN if dice.die == "total" and face == "7" else GOLD))
    return bars


def draw_dice(surface: pygame.Surface, rect: pygame.Rect, meter: LuckMeter, t: Callable[..., str], title: str,
              scale: float, draw_face: Callable[[pygame.Surface, pygame.Rect, str], None] | None = None) -> None:
    """The meter's dice as one bar chart in rect; draw_face(surface, box, face) may draw the event die's faces."""
    bars = dice_bars(meter, t)
    faces = [face for dice in meter.dice if dice.die == "event" for face in dice.faces]
    first_face = len(bars) - len(faces)
    label: Callable[[pygame.Surface, pygame.Rect, int], None] | None = None
    if draw_face is not None and faces:
        texts = [bar.label if bar is not None else "" for bar in bars]

        def face_label(target: pygame.Surface, box: pygame.Rect, i: int) -> None:
            if i >= first_face:
                draw_face(target, box, faces[i - first_face])
            else:
                blit_text(target, texts[i], px(13, scale), TEXT, (box.centerx, box.y + px(1, scale)), "midtop")

        label = face_label

    draw_bar_chart(surface, rect, bars, {"title": title, "rolled": t("end.rolled"), "expected": t("end.expected")},
                   scale, label)
