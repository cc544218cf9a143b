"""Rivals card words: names by language, effect texts from the catalog, kind labels, and text fitting."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from game.rivals.catalogue import Card
from gui.art.text import Font, FontBook, wrap
from gui.i18n import Translator

LEADING = 1.16
MIN_TEXT_PX = 6.0  # the smallest effect-text size (final pixels) that still counts as drawn
SMALLEST_WIDTH = 100  # the narrowest card face whose effect text must fit at MIN_TEXT_PX or more
# Cards whose printed face has no effect text: plain heroes and a hall that only brings victory points.
NO_EFFECT_TEXT = frozenset({"austin", "harald", "inga", "osmund", "candamir", "siglind", "carl_forkbeard",
                            "large_festival_hall"})
KIND_OF_TYPE = MappingProxyType({
    "action_neutral": "action", "action_attack": "attack", "sc_building": "building", "city_building": "building",
    "sc_hero": "hero", "sc_trade_ship": "trade_ship", "sc_unit": "unit", "region_expansion": "region_expansion",
    "event": "event", "road": "centre", "settlement": "centre", "city": "centre", "region": "region",
})


class TextOverflow(ValueError):
    """The text does not fit its box even at the smallest allowed font size."""


@dataclass(frozen=True)
class TextLayout:
    """Wrapped lines and the font they fit in."""

    font: Font
    lines: tuple[str, ...]
    leading: float = LEADING

    @property
    def px(self) -> int:
        """The font size in pixels."""
        return int(self.font.size)

    @property
    def height(self) -> float:
        """The height of the block of lines."""
        return len(self.lines) * self.font.size * self.leading


def layout_text(fonts: FontBook, text: str, face: str, max_w: float, max_h: float, max_px: float,
                min_px: float, leading: float = LEADING) -> TextLayout:
    """The largest font (stepping down from max_px) at which text wraps into max_w x max_h; TextOverflow if none."""
    px = max_px
    while True:
        font = fonts.get(face, px)
        lines = wrap(text, font, max_w)
        if len(lines) * font.size * leading <= max_h and all(font.getlength(x) <= max_w for x in lines):
            return TextLayout(font, tuple(lines), leading)
        if px <= min_px:
            raise TextOverflow(f"{text!r} does not fit {max_w:.0f}x{max_h:.0f} px at {min_px:.1f} px")
        px = max(min_px, px * 0.94)


def card_name(card: Card, lang: str) -> str:
    """The printed name of a card in the language (Czech or English)."""
    return card.cs if lang == "cs" else card.en


def text_key(card_id: str) -> str:
    """The catalog key of a card's effect text."""
    return f"rcard.{card_id}.text"


def card_text(translator: Translator, card_id: str) -> str:
    """The effect text of a card ("" for cards without one, which have no key)."""
    key = text_key(card_id)
    return translator.t(key) if translator.has(key) else ""


def kind_label(translator: Translator, card: Card) -> str:
    """The tab label of a card: Action, Attack, Building, Hero, Event, ..."""
    return translator.t(f"rcard.kind.{KIND_OF_TYPE[card.type]}")
