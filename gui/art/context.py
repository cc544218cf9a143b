"""What a renderer needs besides the art's name and size: the translator, fonts and reusable parts."""

from __future__ import annotations

from dataclasses import dataclass, field

from gui.art.memo import ArtMemo
from gui.art.text import FontBook
from gui.i18n import Translator


@dataclass(frozen=True)
class RenderContext:
    """The language to write card text in, the fonts to write it with, and parts drawn earlier in this build."""

    translator: Translator
    fonts: FontBook = field(default_factory=FontBook)
    memo: ArtMemo = field(default_factory=ArtMemo, compare=False)

    @property
    def lang(self) -> str:
        """The language code of the card text."""
        return self.translator.lang
