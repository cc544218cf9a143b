"""What a renderer needs besides the art's name and size: the translator and fonts."""

from __future__ import annotations

from dataclasses import dataclass, field

from gui.art.text import FontBook
from gui.i18n import Translator


@dataclass(frozen=True)
class RenderContext:
    """The language to write card text in and the fonts to write it with."""

    translator: Translator
    fonts: FontBook = field(default_factory=FontBook)

    @property
    def lang(self) -> str:
        """The language code of the card text."""
        return self.translator.lang
